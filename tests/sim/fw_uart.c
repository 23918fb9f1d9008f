/* fw_uart.c - an on-target test program shape: sends 4000 bytes at 1 Mbaud
 * (U2X, UBRR0 = 1), writes GPIOR1 markers (the same value twice on
 * purpose) and ends with cli + sleep. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

static void put(uint8_t c)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
    UDR0 = c;
}

int main(void)
{
    UCSR0A = 1 << U2X0;            /* before UBRR0L: simavr recomputes the baud there */
    UBRR0H = 0;
    UBRR0L = 1;
    UCSR0B = 1 << TXEN0;
    GPIOR1 = 1;
    for (uint16_t i = 0; i < 4000; i++)
        put((uint8_t)(' ' + i % 95));
    GPIOR1 = 2;
    GPIOR1 = 2;
    while (!(UCSR0A & (1 << TXC0)))
        ;
    GPIOR1 = 3;
    cli();
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
