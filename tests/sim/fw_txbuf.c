/* fw_txbuf.c - the USART0 transmit buffer (datasheet 20.6.3): a byte
 * written to an idle transmitter moves on into the shift register at once,
 * so UDRE0 is set again and a second byte can wait in UDR0 while the first
 * goes out. Marks (GPIOR1): 1 the first UDR0 write, 2 UDRE0 set again, 3
 * the second byte written, 4 UDRE0 set again (the first frame's end), 5
 * TXC0 (both frames out); then cli + sleep. On the chip 2 comes a few
 * cycles after 1, 4 a frame (1,360 cycles at 117,647 Bd) after it and 5
 * two; simavr 1.6 clears UDRE0 for a whole frame after each byte. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

static void udre_wait(void)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
}

int main(void)
{
    UCSR0A = 1 << U2X0;            /* before UBRR0L: simavr recomputes the baud there */
    UBRR0H = 0;
    UBRR0L = 16;
    UCSR0B = 1 << TXEN0;
    GPIOR1 = 1;
    UDR0 = 'a';
    udre_wait();
    GPIOR1 = 2;
    UDR0 = 'b';
    GPIOR1 = 3;
    udre_wait();
    GPIOR1 = 4;
    while (!(UCSR0A & (1 << TXC0)))
        ;
    GPIOR1 = 5;
    cli();
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
