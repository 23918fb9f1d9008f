/* target_io_avr.c - UART output and the end of an on-target test program. */
#include "target_io.h"

#include "board.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

/* 2 Mbaud (U2X, UBRR0 = 0: exact at 16 MHz): the vectors are megabytes,
 * and the simulated line time is most of the run. */
_Static_assert(BOARD_F_CPU == 16000000UL, "2 Mbaud needs U2X with UBRR0 = 0 at 16 MHz");

void target_io_init(void)
{
    /* simavr recomputes the baud only on the UBRR0L write: U2X first. */
    UCSR0A = _BV(U2X0);
    UBRR0H = 0;
    UBRR0L = 0;                 /* 16 MHz / (8 * (0 + 1)) = 2 Mbaud */
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(TXEN0);
}

void target_send(char c)
{
    while (!(UCSR0A & _BV(UDRE0)))
        ;
    UDR0 = (uint8_t)c;
}

uint8_t target_full_game(void)
{
    return eeprom_read_byte((const uint8_t *)0);
}

void target_done(void)
{
    /* let the last byte leave the shift register, then stop for good */
    while (!(UCSR0A & _BV(UDRE0)))
        ;
    cli();
    set_sleep_mode(SLEEP_MODE_PWR_DOWN);
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
