/* spm_app.c - SPM from the application section, for test-flash-optiboot:
 * the chip ignores it (datasheet 26.3: SPM executes only from the boot
 * section), so the page at SPM_APP_PAGE must stay erased in nimsim too.
 * Ends with cli + sleep (nimsim --until-done). */
#include <avr/boot.h>
#include <avr/interrupt.h>
#include <avr/sleep.h>

#define SPM_APP_PAGE 0x4000u

int main(void)
{
    cli();
    for (uint16_t i = 0; i < SPM_PAGESIZE; i += 2)
        boot_page_fill(SPM_APP_PAGE + i, 0x1234);
    boot_page_erase(SPM_APP_PAGE);
    boot_spm_busy_wait();
    boot_page_write(SPM_APP_PAGE);
    boot_spm_busy_wait();
    boot_rww_enable();
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
