/* fixes.c - simavr 1.6 MCU-model workarounds. */
#include "fixes.h"

#include <avr_extint.h>
#include <avr_uart.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPCR 0x4C
#define SPSR 0x4D
#define SPDR 0x4E

bool (*fixes_raise_hook)(avr_t *avr, avr_int_vector_t *v);

int __real_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v)
{
    if (fixes_raise_hook && fixes_raise_hook(avr, v))
        return 0;
    return __real_avr_raise_interrupt(avr, v);
}

int fixes_bug_kept(const char *name)
{
    const char *list = getenv("NIMSIM_KEEP_BUGS");
    size_t n = strlen(name);
    for (const char *p = list; p && *p; p += strcspn(p, ","), p += *p == ',')
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == 0))
            return 1;
    return 0;
}

static void *spi_model;        /* simavr's avr_spi_t, the param of its timer */

/* Runs after simavr's own SPDR write handler, which has just armed its
 * 100 us completion timer: find that timer and move it to the real time. */
static void spi_spdr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr; (void)v; (void)param;
    static const unsigned div[4] = { 4, 16, 64, 128 };
    unsigned d = div[avr->data[SPCR] & 3];
    if (avr->data[SPSR] & 1)
        d /= 2;                                  /* SPI2X */
    for (avr_cycle_timer_slot_p t = avr->cycle_timers.timer; t; t = t->next)
        if (t->param == spi_model) {
            avr_cycle_timer_t fn = t->timer;
            avr_cycle_timer_cancel(avr, fn, spi_model);
            avr_cycle_timer_register(avr, 8u * d, fn, spi_model);
            return;
        }
}

void fixes_spi_timing(avr_t *avr)
{
    if (fixes_bug_kept("spi"))
        return;
    spi_model = avr->io[AVR_DATA_TO_IO(SPDR)].w.param;
    if (!avr->io[AVR_DATA_TO_IO(SPDR)].w.c || !spi_model) {
        fprintf(stderr, "nimsim: no SPI model at SPDR; SPI timing left as simavr has it\n");
        return;
    }
    avr_register_io_write(avr, SPDR, spi_spdr_write, NULL);
}

/* INT0/INT1 (PD2/PD3, the UP and DOWN buttons on the nano board) default
 * to "low level" (EICRA = 0), and simavr 1.6 then polls the pin on EVERY
 * cycle while it is held low, whether or not EIMSK enables the interrupt:
 * a held UP or DOWN made the simulation ~100x slower (sleeps could no
 * longer skip ahead). The firmware uses pin-change interrupts only; a
 * level interrupt is still raised on the falling edge. */
void fixes_extint_poll(avr_t *avr)
{
    if (fixes_bug_kept("extint"))
        return;
    avr_extint_set_strict_lvl_trig(avr, 0, 0);
    avr_extint_set_strict_lvl_trig(avr, 1, 0);
}

#define UCSR0A 0xC0
#define UCSR0B 0xC1
#define UCSR0C 0xC2
#define UBRR0L 0xC4
#define UBRR0H 0xC5

#define UDR0 0xC6
#define TXEN0_MASK 0x08

static avr_uart_t *uart_model;   /* simavr's USART0 */

/* simavr's USART0: the param of its UDR0 write handler, which nothing
 * else shares (sim/uart.c listens on the UART's IRQs). */
static avr_uart_t *uart_model_of(avr_t *avr)
{
    return avr->io[AVR_DATA_TO_IO(UDR0)].w.c ? avr->io[AVR_DATA_TO_IO(UDR0)].w.param : NULL;
}

/* Runs after simavr's UBRR0L handler, which has just set the frame time
 * (sent and received) with a parity bit always counted: 11 bit times for
 * 8N1. Datasheet 20.4: start, 5-9 data bits, parity only when UPM0 says
 * so, 1 or 2 stop bits; 8N1 is 10. The same trigger as the chip's: a
 * UBRR0L write updates the baud rate prescaler (20.11.5). */
static void uart_ubrr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr; (void)v; (void)param;
    static const uint8_t data_bits[8] = { 5, 6, 7, 8, 8, 8, 8, 9 };
    uint8_t c = avr->data[UCSR0C];
    unsigned ubrr = (unsigned)(avr->data[UBRR0L] | ((avr->data[UBRR0H] & 0x0F) << 8));
    unsigned per_bit = ((avr->data[UCSR0A] & 0x02) ? 8u : 16u) * (ubrr + 1u);   /* U2X0 */
    unsigned bits = 1u + data_bits[((c >> 1) & 3) | ((avr->data[UCSR0B] & 0x04) ? 4 : 0)]
                  + ((c & 0x20) ? 1u : 0u) + ((c & 0x08) ? 2u : 1u);
    uart_model->cycles_per_byte = (avr_cycle_count_t)per_bit * bits;
}

/* Chains fn after simavr's own handler of the USART0 register reg, unless
 * NIMSIM_KEEP_BUGS names the fix (bug). */
static void uart_fix(avr_t *avr, const char *bug, avr_io_addr_t reg, avr_io_write_t fn, const char *what)
{
    if (fixes_bug_kept(bug))
        return;
    uart_model = uart_model_of(avr);
    if (!uart_model) {
        fprintf(stderr, "nimsim: no USART model at UDR0; %s left as simavr has it\n", what);
        return;
    }
    avr_register_io_write(avr, reg, fn, NULL);
}

void fixes_uart_frame(avr_t *avr)
{
    uart_fix(avr, "uart", UBRR0L, uart_ubrr_write, "UART frame time");
}

/* Runs after simavr's UCSR0B handler. While no byte is in the buffer or
 * the shift register the buffer is empty, so UDRE0 is one (datasheet
 * 20.11.2), whatever TXEN0 did before. simavr 1.6 clears UDRE0 when TXEN0
 * goes off and never sets it when TXEN0 comes back on (upstream simavr
 * e479fb3, pull request 411, after 1.6): the firmware's watchdog restart
 * (hal.c: UCSR0B = 0, then uart_init) leaves it clear, and a polled
 * transmit would then wait for ever (the interrupt-driven one recovers:
 * setting UDRIE0 raises the interrupt). */
static void uart_ucsrb_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr; (void)param;
    avr_uart_t *p = uart_model;
    if ((v & TXEN0_MASK) && p->tx_cnt == 0 && !avr_regbit_get(avr, p->udrc.raised))
        avr_regbit_set(avr, p->udrc.raised);
}

void fixes_uart_udre(avr_t *avr)
{
    uart_fix(avr, "udre", UCSR0B, uart_ucsrb_write, "UDRE0");
}
