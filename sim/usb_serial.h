/* usb_serial.h - the board's 6-pin serial header on a USB-serial adapter,
 * modelled on nimsim's pty: what a pty hides and the wire does not, the
 * auto-reset (DTR through 100 nF to RESET: --auto-reset) and the baud
 * rates of the two ends (--baud-check). */
#ifndef SIM_USB_SERIAL_H
#define SIM_USB_SERIAL_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>
#include <uart_pty.h>

typedef struct usb_serial {
    avr_t *avr;
    uart_pty_t *pty;
    avr_irq_t *irq;            /* ours: [0] from the chip, [1] from the host */
    int watch;                 /* inotify fd on the pty's slave side, or -1 */
    uint64_t next_look;        /* cycle of the next look for an open */
    unsigned opens;            /* external resets by the auto-reset */
    unsigned garbled;          /* bytes that crossed at two different rates */
} usb_serial_t;

/* Puts the adapter on the pty that uart_pty_connect wired (call after it):
 * reset, a host's open resets the chip (usb_serial_opened); baud, the
 * adapter goes between the chip's USART0 and the pty. Returns 0, or -1
 * with a message. */
int usb_serial_init(usb_serial_t *u, avr_t *avr, uart_pty_t *pty, bool reset, bool baud);
/* true when a host opened the port since the last call (looks once a
 * millisecond of chip time): the caller resets the chip
 * (sim_external_reset), outside avr_run. */
bool usb_serial_opened(usb_serial_t *u);
/* The byte a receiver at rx_baud reads from a frame sent at tx_baud, or -1
 * when it sees no start bit (exported for the tests' sake). */
int usb_serial_resample(uint8_t byte, double tx_baud, double rx_baud);

#endif
