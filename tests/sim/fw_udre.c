/* fw_udre.c - UDRE0 after TXEN0 goes off and on again, as the firmware's
 * watchdog restart does it (hal.c WDT_vect: UCSR0B = 0; then uart_init).
 * The buffer is empty, so the chip has UDRE0 set (datasheet 20.11.2).
 * Marks: 1 = UDRE0 was set within 65535 polls, 2 = it never came (simavr
 * 1.6 without nimsim's udre fix); then cli + sleep. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

int main(void)
{
    UCSR0A = 1 << U2X0;
    UBRR0H = 0;
    UBRR0L = 16;
    UCSR0B = 1 << TXEN0;
    UDR0 = 'u';
    while (!(UCSR0A & (1 << TXC0)))     /* sent: buffer and shift register empty */
        ;
    UCSR0B = 0;
    UCSR0B = (1 << RXCIE0) | (1 << RXEN0) | (1 << TXEN0);
    uint16_t n = 0xFFFF;
    while (!(UCSR0A & (1 << UDRE0)) && n)
        n--;
    GPIOR1 = n ? 1 : 2;
    cli();
    sleep_enable();
    sleep_cpu();
    for (;;)
        ;
}
