/* usb_serial.c - the serial header on a USB-serial adapter (usb_serial.h).
 *
 * A pty is kinder than the wire in two ways that decide whether avrdude
 * reaches Optiboot:
 *  - Reset. Opening a serial port asserts DTR, and the header's 100 nF
 *    from DTR to RESET turns that edge into a reset pulse: an external
 *    reset, which sets EXTRF in MCUSR (datasheet 10.9.1). Optiboot listens
 *    only after an external reset (any other cause starts the
 *    application), and simavr has no external reset at all; a pty has no
 *    DTR either (avrdude's TIOCMSET fails on it). The open is seen with
 *    inotify on the pty's slave side. (avrdude also drops and raises DTR
 *    250 ms later, a second reset on the bench: the first one here.)
 *  - Baud. A pty carries bytes at any rate; the wire carries a frame that
 *    the receiver samples at its own rate. The host's rate is the slave's
 *    termios (TCGETS on a pty master reads the slave's), the chip's is
 *    UBRR0 and U2X0 (20.3.1); each byte is passed through the receiver's
 *    sampling at the other rate, so avrdude at 57600 gets garbage from
 *    Optiboot at 115200, as on the bench, while 115200 against the chip's
 *    117,647 (+2.1 %) goes through.
 */
#define _GNU_SOURCE
#include "usb_serial.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#include <avr_uart.h>

#include "avr_regs.h"
#include "board.h"

/* The chip's rate from its own registers (20.3.1). */
static double usb_serial_chip_baud(const avr_t *avr)
{
    unsigned ubrr = (unsigned)((avr->data[ADDR_UBRR0H] & 0x0F) << 8 | avr->data[ADDR_UBRR0L]);
    unsigned div = avr->data[ADDR_UCSR0A] & UCSR0A_U2X0 ? 8u : 16u;
    return (double)BOARD_F_CPU / (div * (ubrr + 1u));
}

/* The host's rate: what it set on its end of the pty. */
static double usb_serial_host_baud(const usb_serial_t *u)
{
    static const struct { speed_t code; double baud; } rates[] = {
        { B1200, 1200 }, { B2400, 2400 }, { B4800, 4800 }, { B9600, 9600 },
        { B19200, 19200 }, { B38400, 38400 }, { B57600, 57600 }, { B115200, 115200 },
        { B230400, 230400 }, { B460800, 460800 }, { B500000, 500000 }, { B1000000, 1000000 },
    };
    struct termios t;
    if (tcgetattr(u->pty->port[0].s, &t) != 0)
        return 0;
    speed_t code = cfgetospeed(&t);
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
        if (rates[i].code == code)
            return rates[i].baud;
    return 0;
}

int usb_serial_resample(uint8_t byte, double tx_baud, double rx_baud)
{
    /* The frame: start (0), 8 data bits LSB first, stop (1); the line is
     * idle (1) after it. The receiver starts at the falling edge and reads
     * the middle of each of its own bit times (20.7.1); a start bit read
     * high there was a glitch and is dropped. */
    unsigned frame = (unsigned)byte << 1 | 1u << 9;
    int out = 0;
    for (int i = 0; i < 9; i++) {
        unsigned k = (unsigned)((i + 0.5) / rx_baud * tx_baud);
        int bit = k < 10 ? (int)(frame >> k & 1u) : 1;
        if (i == 0 && bit)
            return -1;
        if (i > 0)
            out |= bit << (i - 1);
    }
    return out;     /* a stop bit read low is a framing error: the byte still arrives */
}

/* One byte across the wire, in either direction. */
static void usb_serial_cross(usb_serial_t *u, uint8_t byte, bool to_chip)
{
    double chip = usb_serial_chip_baud(u->avr), host = usb_serial_host_baud(u);
    int got = host > 0 ? usb_serial_resample(byte, to_chip ? host : chip, to_chip ? chip : host) : -1;
    if (got != byte)
        u->garbled++;
    if (got < 0)
        return;
    avr_irq_t *dst = to_chip ? avr_io_getirq(u->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT)
                             : u->pty->irq + IRQ_UART_PTY_BYTE_IN;
    avr_raise_irq(dst, (uint32_t)got);
}

static void usb_serial_from_chip(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    usb_serial_cross(param, (uint8_t)value, false);
}

static void usb_serial_from_host(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    usb_serial_cross(param, (uint8_t)value, true);
}

static void usb_serial_wire(usb_serial_t *u, avr_t *avr, uart_pty_t *pty)
{
    avr_irq_t *src = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT);
    avr_irq_t *dst = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    /* uart_pty_connect wired the two ends straight: the adapter goes
     * between them. */
    avr_unconnect_irq(src, pty->irq + IRQ_UART_PTY_BYTE_IN);
    avr_unconnect_irq(pty->irq + IRQ_UART_PTY_BYTE_OUT, dst);
    static const char *names[2] = { "8<usb_serial.chip", "8<usb_serial.host" };
    u->irq = avr_alloc_irq(&avr->irq_pool, 0, 2, names);
    avr_connect_irq(src, u->irq + 0);
    avr_connect_irq(pty->irq + IRQ_UART_PTY_BYTE_OUT, u->irq + 1);
    avr_irq_register_notify(u->irq + 0, usb_serial_from_chip, u);
    avr_irq_register_notify(u->irq + 1, usb_serial_from_host, u);
}

int usb_serial_init(usb_serial_t *u, avr_t *avr, uart_pty_t *pty, bool reset, bool baud)
{
    memset(u, 0, sizeof *u);
    u->avr = avr;
    u->pty = pty;
    u->watch = -1;
    if (baud)
        usb_serial_wire(u, avr, pty);
    if (!reset)
        return 0;
    u->watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (u->watch < 0 || inotify_add_watch(u->watch, pty->port[0].slavename, IN_OPEN) < 0) {
        fprintf(stderr, "nimsim: --auto-reset cannot watch %s for opens: %s\n",
                pty->port[0].slavename, strerror(errno));
        return -1;
    }
    return 0;
}

bool usb_serial_opened(usb_serial_t *u)
{
    if (u->watch < 0 || u->avr->cycle < u->next_look)
        return false;
    u->next_look = u->avr->cycle + BOARD_F_CPU / 1000;
    char buf[sizeof(struct inotify_event) + 64] __attribute__((aligned(8)));
    bool opened = false;
    while (read(u->watch, buf, sizeof buf) > 0)
        opened = true;
    if (opened)
        u->opens++;
    return opened;
}
