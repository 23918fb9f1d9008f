/* uart.c - USART0 output capture and line-speed input for nimsim. */
#include "uart.h"

#include <stdlib.h>
#include <string.h>

#include <avr_uart.h>

#include "avr_regs.h"
#include "fixes.h"

/* USART0 bits, datasheet 20.11. */
#define U2X0_BIT 1
#define RXEN0_BIT 4

enum { UART_IRQ_FROM_AVR = 0, UART_IRQ_TO_AVR, UART_IRQ_OURS };

static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(p, n * elem);
    if (!q) {
        fprintf(stderr, "nimsim: out of memory\n");
        exit(4);
    }
    *cap = n;
    return q;
}

static void uart_byte_out_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_uart_t *u = param;
    uint8_t b = (uint8_t)value;
    u->log = grow(u->log, &u->log_cap, u->log_len + 2, 1);
    u->log[u->log_len++] = (char)b;
    u->log[u->log_len] = 0;
    u->bytes_out++;
    if (u->out)
        fputc(b, u->out);
    if (u->on_byte)
        u->on_byte(u->on_byte_ctx, b);
}

/* One 8N1 frame (10 bits) at the baud the firmware programmed. */
static avr_cycle_count_t uart_frame_cycles(avr_t *avr)
{
    uint16_t ubrr = (uint16_t)(avr->data[ADDR_UBRR0L] | ((avr->data[ADDR_UBRR0H] & 0x0F) << 8));
    unsigned div = (avr->data[ADDR_UCSR0A] & (1 << U2X0_BIT)) ? 8 : 16;
    return (avr_cycle_count_t)10 * div * (ubrr + 1u);
}

static avr_cycle_count_t uart_feed_timer(avr_t *avr, avr_cycle_count_t when, void *param)
{
    sim_uart_t *u = param;
    if (u->in_pos >= u->in_len) {
        u->feeding = false;
        return 0;
    }
    /* Hold bytes while the receiver is off (booting) or simavr's fifo is
     * full, as a PC would wait for the port to open; then one per frame. */
    if (u->xon && (avr->data[ADDR_UCSR0B] & (1 << RXEN0_BIT))) {
        avr_raise_irq(u->irq + UART_IRQ_TO_AVR, u->in[u->in_pos++]);
        u->bytes_in++;
    }
    return when + uart_frame_cycles(avr);
}

static void uart_arm(sim_uart_t *u)
{
    if (!u->feeding && u->in_pos < u->in_len) {
        u->feeding = true;
        avr_cycle_timer_register(u->avr, uart_frame_cycles(u->avr), uart_feed_timer, u);
    }
}

static void uart_xon_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)value;
    sim_uart_t *u = param;
    u->xon = true;
}

static void uart_xoff_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)value;
    sim_uart_t *u = param;
    u->xon = false;
}

void sim_uart_init(sim_uart_t *u, avr_t *avr)
{
    static const char *names[UART_IRQ_OURS] = { "8<nimsim.uart.in", "8>nimsim.uart.out" };
    u->avr = avr;
    u->xon = true;
    u->irq = avr_alloc_irq(&avr->irq_pool, 0, UART_IRQ_OURS, names);
    /* simavr echoes every line in colour and usleeps in its poll path. */
    uint32_t f = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &f);
    if (!fixes_bug_kept("stdio"))
        f &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &f);
    fixes_uart_udre(avr);
    fixes_uart_txbuf(avr);

    avr_irq_t *src = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT);
    avr_irq_t *dst = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_t *xon = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON);
    avr_irq_t *xoff = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF);
    avr_irq_register_notify(src, uart_byte_out_hook, u);
    avr_connect_irq(u->irq + UART_IRQ_TO_AVR, dst);
    avr_irq_register_notify(xon, uart_xon_hook, u);
    avr_irq_register_notify(xoff, uart_xoff_hook, u);
}

void sim_uart_send(sim_uart_t *u, const void *data, size_t len)
{
    if (u->in_pos == u->in_len)
        u->in_pos = u->in_len = 0;
    u->in = grow(u->in, &u->in_cap, u->in_len + len, 1);
    memcpy(u->in + u->in_len, data, len);
    u->in_len += len;
    uart_arm(u);
}

size_t sim_uart_pending(const sim_uart_t *u)
{
    return u->in_len - u->in_pos;
}

void sim_uart_reset(sim_uart_t *u)
{
    u->feeding = false;
    u->xon = true;
    uart_arm(u);
}
