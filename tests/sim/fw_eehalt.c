/* fw_eehalt.c - the CPU halts of the EEPROM (datasheet 8.6.3): four cycles
 * after a read (EERE), two after a write start (EEPE). Each pair of marks
 * (GPIOR1) brackets the same instructions, once on EECR and once on
 * GPIOR0: 1..2 a hundred reads, 3..4 a hundred sbi GPIOR0; 5..6 a write
 * start (EEMPE, EEPE), 7..8 the same two writes to GPIOR0. So (2-1)-(4-3)
 * is 400 cycles on the chip and (6-5)-(8-7) is 2; then cli + sleep. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

#define HUNDRED(reg) \
    __asm__ __volatile__("ldi r24, 100\n1: sbi %0, 0\ndec r24\nbrne 1b" :: "I"(_SFR_IO_ADDR(reg)) : "r24")
#define PAIR(reg) \
    __asm__ __volatile__("out %0, %1\nout %0, %2" :: "I"(_SFR_IO_ADDR(reg)), \
                         "r"((uint8_t)(1 << EEMPE)), "r"((uint8_t)(1 << EEPE)))

/* The body between two marks (GPIOR1 writes, one cycle each). */
#define MARKED(a, b, body) do { GPIOR1 = (a); body; GPIOR1 = (b); } while (0)

int main(void)
{
    EEARH = 0;
    EEARL = 10;
    EEDR = 0x5A;
    MARKED(1, 2, HUNDRED(EECR));
    MARKED(3, 4, HUNDRED(GPIOR0));
    MARKED(5, 6, PAIR(EECR));
    MARKED(7, 8, PAIR(GPIOR0));
    cli();
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
