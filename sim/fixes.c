/* fixes.c - simavr 1.6 MCU-model workarounds. */
#include "fixes.h"

#include <avr_extint.h>
#include <avr_uart.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avr_regs.h"

bool (*fixes_raise_hook)(avr_t *avr, avr_int_vector_t *v);

int __real_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v)
{
    if (fixes_raise_hook && fixes_raise_hook(avr, v))
        return 0;
    return __real_avr_raise_interrupt(avr, v);
}

int (*fixes_ioctl_hook)(avr_t *avr, uint32_t ctl, void *io_param,
                        int (*real)(avr_t *, uint32_t, void *));

int __real_avr_ioctl(avr_t *avr, uint32_t ctl, void *io_param);
int __wrap_avr_ioctl(avr_t *avr, uint32_t ctl, void *io_param);
int __wrap_avr_ioctl(avr_t *avr, uint32_t ctl, void *io_param)
{
    if (fixes_ioctl_hook)
        return fixes_ioctl_hook(avr, ctl, io_param, __real_avr_ioctl);
    return __real_avr_ioctl(avr, ctl, io_param);
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
    unsigned d = div[avr->data[ADDR_SPCR] & 3];
    if (avr->data[ADDR_SPSR] & 1)
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
    spi_model = avr->io[AVR_DATA_TO_IO(ADDR_SPDR)].w.param;
    if (!avr->io[AVR_DATA_TO_IO(ADDR_SPDR)].w.c || !spi_model) {
        fprintf(stderr, "nimsim: no SPI model at SPDR; SPI timing left as simavr has it\n");
        return;
    }
    avr_register_io_write(avr, ADDR_SPDR, spi_spdr_write, NULL);
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

static avr_uart_t *uart_model;   /* simavr's USART0 */

/* simavr's USART0: the param of its UDR0 write handler, which nothing
 * else shares (sim/uart.c listens on the UART's IRQs). */
static avr_uart_t *uart_model_of(avr_t *avr)
{
    return avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].w.c ? avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].w.param : NULL;
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
    uint8_t c = avr->data[ADDR_UCSR0C];
    unsigned ubrr = (unsigned)(avr->data[ADDR_UBRR0L] | ((avr->data[ADDR_UBRR0H] & 0x0F) << 8));
    unsigned per_bit = ((avr->data[ADDR_UCSR0A] & 0x02) ? 8u : 16u) * (ubrr + 1u);   /* U2X0 */
    unsigned bits = 1u + data_bits[((c >> 1) & 3) | ((avr->data[ADDR_UCSR0B] & 0x04) ? 4 : 0)]
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
    uart_fix(avr, "uart", ADDR_UBRR0L, uart_ubrr_write, "UART frame time");
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
    if ((v & UCSR0B_TXEN0) && p->tx_cnt == 0 && !avr_regbit_get(avr, p->udrc.raised))
        avr_regbit_set(avr, p->udrc.raised);
}

void fixes_uart_udre(avr_t *avr)
{
    uart_fix(avr, "udre", ADDR_UCSR0B, uart_ucsrb_write, "UDRE0");
}

/* The transmitter's buffer (datasheet 20.6.3): a byte written to UDR0 while
 * the shift register is idle moves on into it at once, so UDRE0 is set
 * again and the next byte can wait in UDR0 while the first goes out; each
 * frame's end moves the waiting byte on (UDRE0 set), or, with none, sets
 * TXC0. simavr 1.6 counts bytes not yet sent and sets UDRE0 only when the
 * count reaches 0 on a timer a frame long: the byte after one written to an
 * idle transmitter waited a frame the chip does not, and a reply longer
 * than the firmware's 32-byte ring kept the main loop a frame (1,360
 * cycles) longer. simavr's UDR0 handler still sends the byte (its output
 * IRQ, the stdio echo); its frame timer is replaced by ours, and tx_cnt
 * still counts the bytes not yet sent, for simavr's other USART code. */
static struct { bool shifting, waiting; } uart_tx;
static avr_io_write_t uart_tx_simavr;          /* simavr's UDR0 write handler */
static avr_cycle_timer_t uart_tx_pump;         /* and the frame timer it arms */

static void uart_tx_udre_clear(avr_t *avr, avr_uart_t *p)
{
    avr_clear_interrupt_if(avr, &p->udrc, 0);
    avr_regbit_clear(avr, p->udrc.raised);
}

static avr_cycle_count_t uart_tx_frame_end(avr_t *avr, avr_cycle_count_t when, void *param)
{
    avr_uart_t *p = param;
    if (uart_tx.waiting) {
        uart_tx.waiting = false;
        p->tx_cnt = 1;
        avr_raise_interrupt(avr, &p->udrc);
        return when + p->cycles_per_byte;
    }
    uart_tx.shifting = false;
    p->tx_cnt = 0;
    avr_raise_interrupt(avr, &p->txc);
    return 0;
}

/* The timer simavr's handler has just armed for p: the one of p's timers
 * that is neither ours nor its receiver's (armed only by a received byte,
 * never by a UDR0 write: it was there before the write if at all). */
static avr_cycle_timer_t uart_tx_new_timer(avr_t *avr, avr_uart_t *p, avr_cycle_timer_t before)
{
    for (avr_cycle_timer_slot_p t = avr->cycle_timers.timer; t; t = t->next)
        if (t->param == p && t->timer != uart_tx_frame_end && t->timer != before)
            return t->timer;
    return NULL;
}

static void uart_tx_udr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    avr_uart_t *p = param;
    if (!avr_regbit_get(avr, p->txen)) {
        uart_tx_simavr(avr, addr, v, p);        /* 20.6: nothing is sent with TXEN0 off */
        return;
    }
    avr_cycle_timer_t rx = uart_tx_pump ? NULL : uart_tx_new_timer(avr, p, NULL);
    uart_tx_simavr(avr, addr, v, p);
    if (!uart_tx_pump)
        uart_tx_pump = uart_tx_new_timer(avr, p, rx);
    if (uart_tx_pump)
        avr_cycle_timer_cancel(avr, uart_tx_pump, p);
    uart_tx_udre_clear(avr, p);
    if (uart_tx.shifting) {
        uart_tx.waiting = true;
        p->tx_cnt = 2;
        return;
    }
    /* Straight on into the shift register: the buffer is empty again (a
     * level: with UDRIE0 on the UDRE interrupt comes again at once). */
    uart_tx.shifting = true;
    p->tx_cnt = 1;
    avr_raise_interrupt(avr, &p->udrc);
    avr_cycle_timer_register(avr, p->cycles_per_byte, uart_tx_frame_end, p);
}

/* Runs after simavr's UCSR0B handler, which raises UDRE0 when UDRIE0 comes
 * on and its own frame timer is idle (always, now): not while a byte waits. */
static void uart_tx_ucsrb_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr; (void)v; (void)param;
    if (uart_tx.waiting)
        uart_tx_udre_clear(avr, uart_model);
}

/* simavr's reset has dropped every cycle timer and set UDRE0. */
static void uart_tx_reset(avr_io_t *io)
{
    (void)io;
    uart_tx.shifting = uart_tx.waiting = false;
}
static avr_io_t uart_tx_io = { .kind = "uart-txbuf", .reset = uart_tx_reset };

void fixes_uart_txbuf(avr_t *avr)
{
    if (fixes_bug_kept("txbuf"))
        return;
    uart_model = uart_model_of(avr);
    if (!uart_model) {
        fprintf(stderr, "nimsim: no USART model at UDR0; its transmitter left as simavr has it\n");
        return;
    }
    uart_tx_simavr = avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].w.c;
    avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].w.c = uart_tx_udr_write;
    avr_register_io_write(avr, ADDR_UCSR0B, uart_tx_ucsrb_write, NULL);
    avr_register_io(avr, &uart_tx_io);
}
