/* rb_uart_rx.c - the uart campaign's view of the wire: the chip's receiver
 * fed at full line speed, and each output line snapped as the firmware
 * starts writing it. */
#include <stdlib.h>
#include <string.h>

#include <avr_uart.h>
#include <sim_core.h>

#include "rb_uart.h"

/* The chip's receiver (datasheet 20.7.4), in place of simavr's 64-byte input
 * fifo (which would hold bytes no chip can hold, and which simavr drains at
 * 11 bit times a byte): the PC's bytes arrive back to back, one 8N1 frame
 * (10 bit times) apart, whatever the firmware does. UDR0 holds two bytes,
 * the shift register a third until the next start bit; a byte that finds
 * both full is lost and the next byte read carries DOR0. The driver answers
 * UDR0 reads itself and raises RXC0. */
#define ADDR_UCSR0A 0xC0
#define ADDR_UDR0 0xC6
#define UCSR0A_DOR0 0x08
#define UCSR0B_RXEN0 0x10

static struct {
    avr_uart_t *u;
    uint8_t *q;                 /* the PC's bytes not yet on the wire */
    size_t qlen, qpos, qcap;
    bool on_wire;               /* the line-speed timer is armed */
    uint8_t fifo[2];
    bool fifo_dor[2];
    int n;
    bool shift_full, dor_next;
    uint8_t shift;
    uint64_t bytes, hw_lost;
} rx;

size_t uart_rx_pending(void)
{
    return rx.qlen - rx.qpos + (size_t)rx.n + rx.shift_full + rx.on_wire;
}

static avr_cycle_count_t rx_frame_cycles(void)
{
    uint16_t ubrr = (uint16_t)(rb_board.avr->data[0xC4] | ((rb_board.avr->data[0xC5] & 0x0F) << 8));
    return (avr_cycle_count_t)10 * ((rb_board.avr->data[ADDR_UCSR0A] & 0x02) ? 8 : 16) * (ubrr + 1u);
}

static void rx_flags(void)
{
    if (rx.n) {
        if (rx.fifo_dor[0])
            rb_board.avr->data[ADDR_UCSR0A] |= UCSR0A_DOR0;
        else
            rb_board.avr->data[ADDR_UCSR0A] &= (uint8_t)~UCSR0A_DOR0;
        avr_raise_interrupt(rb_board.avr, &rx.u->rxc);
    } else {
        rb_board.avr->data[ADDR_UCSR0A] &= (uint8_t)~UCSR0A_DOR0;
        avr_clear_interrupt(rb_board.avr, &rx.u->rxc);
        avr_regbit_clear(rb_board.avr, rx.u->rxc.raised);
    }
}

static void rx_push(uint8_t b)
{
    rx.fifo[rx.n] = b;
    rx.fifo_dor[rx.n] = rx.dor_next;
    rx.dor_next = false;
    rx.n++;
}

static uint8_t rx_udr_read(struct avr_t *avr, avr_io_addr_t addr, void *param)
{
    (void)param;
    uint8_t v = 0;
    if (rx.n) {
        v = rx.fifo[0];
        rx.fifo[0] = rx.fifo[1];
        rx.fifo_dor[0] = rx.fifo_dor[1];
        rx.n--;
        if (rx.shift_full) {
            rx.shift_full = false;
            rx_push(rx.shift);
        }
    }
    rx_flags();
    avr->data[addr] = v;
    return v;
}

/* A start bit: the byte waiting in the shift register is overwritten. */
static void rx_start_bit(void)
{
    if (rx.shift_full) {
        rx.shift_full = false;
        rx.dor_next = true;
        rx.hw_lost++;
    }
}

static avr_cycle_count_t rx_stop_bit(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)param;
    uint8_t b = rx.q[rx.qpos++];
    rx.bytes++;
    if (!(avr->data[ADDR_UCSR0B] & UCSR0B_RXEN0))
        rb_fail("a byte reached the UART while its receiver was off");
    if (rx.n < 2)
        rx_push(b);
    else {
        rx.shift = b;
        rx.shift_full = true;
    }
    rx_flags();
    if (rx.qpos < rx.qlen) {
        rx_start_bit();
        return when + rx_frame_cycles();
    }
    rx.on_wire = false;
    return 0;
}

void uart_rx_send(const void *data, size_t len)
{
    if (rx.qpos == rx.qlen)
        rx.qpos = rx.qlen = 0;
    if (rx.qlen + len > rx.qcap) {
        rx.qcap = (rx.qlen + len) * 2 + 256;
        rx.q = realloc(rx.q, rx.qcap);
        if (!rx.q)
            rb_fail("out of memory");
    }
    memcpy(rx.q + rx.qlen, data, len);
    rx.qlen += len;
    if (!rx.on_wire) {
        rx.on_wire = true;
        rx_start_bit();
        avr_cycle_timer_register(rb_board.avr, rx_frame_cycles(), rx_stop_bit, NULL);
    }
}

void uart_rx_install(void)
{
    for (avr_io_t *io = rb_board.avr->io_port; io; io = io->next)
        if (!strcmp(io->kind, "uart") && ((avr_uart_t *)io)->name == '0')
            rx.u = (avr_uart_t *)io;
    if (!rx.u)
        rb_fail("no USART0 in simavr");
    /* simavr's own reader stays registered for nothing: its fifo is never fed. */
    rb_board.avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].r.c = rx_udr_read;
    rb_board.avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].r.param = NULL;
}

/* Output lines are snapped when the firmware starts writing them: at the
 * entry of uart_putc (r24 = the byte) after a '\n', before the TX ring
 * delays them, so the state is the one the line was made from. */
static bool putc_armed = true;
static uint8_t gen_last = '\n';

bool uart_snap_step(sim_t *s, void *ctx)
{
    (void)ctx;
    uint32_t pc = s->avr->pc;
    if (pc == rb_putc_lo && putc_armed) {
        putc_armed = false;     /* again only after the body ran (not after an ISR returns here) */
        if (gen_last == '\n') {
            rb_snap_t *sn = rb_snap_take();
            sn->fresh = true;
            sn->no_frame = true;
        }
        gen_last = s->avr->data[24];
    } else if (pc > rb_putc_lo && pc < rb_putc_hi) {
        putc_armed = true;
    }
    return false;
}

uint64_t uart_rx_lost(void)
{
    return rx.hw_lost;
}
