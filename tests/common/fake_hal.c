/* fake_hal.c - the whole HAL of hal.h on the host, under the real
 * firmware/app and engine: tests/fuzz's targets and tests/unit's
 * test_endgame and test_review. A captured UART output, an EEPROM array, a
 * settable clock; everything else does nothing.
 * Its EEPROM is not tests/common/fake_nvm.c's, on purpose: it is always
 * ready (the app is run step by step, not the store's polls), and its
 * power cut is "busy for ever" after fake_nvm_budget writes, noting the
 * address refused, because that is what the app sees of a dying supply
 * (the save waits) and the address is where test_endgame tears a byte;
 * fake_nvm's cut drops writes the store thinks done, and its wear counts
 * and busy polls would cost the fuzzers' runs for nothing. */
#include <string.h>

#include "fake_hal.h"

uint8_t fake_eeprom[BOARD_EEPROM_BYTES];
char fake_out[FAKE_OUT_MAX];
size_t fake_out_len;
uint16_t fake_now;
uint8_t fake_buttons;

uint8_t hal_init(void) { return HAL_RESET_POWER; }
uint16_t clock_ms(void) { return fake_now; }
void display_show(const uint8_t frame[BOARD_COLS]) { (void)frame; }
void display_set_intensity(uint8_t level) { (void)level; }
void display_set_power(bool on) { (void)on; }
uint8_t buttons_raw(void) { return fake_buttons; }
void piezo_tone(uint16_t hz, uint16_t ms) { (void)hz; (void)ms; }
void piezo_play(uint16_t ocr, uint16_t halves) { (void)ocr; (void)halves; }
bool piezo_busy(void) { return false; }
int16_t uart_getc(void) { return -1; }

void uart_putc(char c)
{
    /* Keep the tail: a long session must not overflow, the checks only
     * look at the output of the current line. */
    if (fake_out_len >= FAKE_OUT_MAX - 1)
        fake_out_len = 0;
    fake_out[fake_out_len++] = c;
    fake_out[fake_out_len] = 0;
}

void uart_puts_P(const char *s)
{
    while (*s)
        uart_putc(*s++);
}
void uart_flush(void) {}

uint8_t nvm_read(uint16_t addr)
{
    return addr < BOARD_EEPROM_BYTES ? fake_eeprom[addr] : 0xFF;
}

long fake_nvm_budget = -1;
uint16_t fake_nvm_refused = 0xFFFF;

bool nvm_write_if_ready(uint16_t addr, uint8_t value)
{
    if (!fake_nvm_budget) {
        fake_nvm_refused = addr;
        return false;   /* "busy" for ever: the power is about to go */
    }
    if (fake_nvm_budget > 0)
        fake_nvm_budget--;
    if (addr < BOARD_EEPROM_BYTES)
        fake_eeprom[addr] = value;
    return true;    /* the fake EEPROM is always ready */
}

void power_idle(void) {}
void power_off(void) {}
void power_wake(void) {}
void watchdog_kick(void) {}
