/* uart.h - the board's PC link (USART0) seen from outside: every byte the
 * firmware sends is logged (for scripts), copied to a file or the terminal,
 * and bytes to the firmware are fed at line speed from the current UBRR0. */
#ifndef SIM_UART_H
#define SIM_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <sim_avr.h>

typedef struct sim_uart {
    avr_t *avr;
    avr_irq_t *irq;            /* ours: [0] byte from the AVR, [1] byte to it */
    FILE *out;                 /* --uart-out (or stdout), may be NULL */
    char *log;                 /* everything sent by the firmware */
    size_t log_len, log_cap;
    uint8_t *in;               /* bytes waiting to be sent to the firmware */
    size_t in_len, in_pos, in_cap;
    bool xon;                  /* simavr's receive fifo has room */
    bool feeding;              /* the line-speed timer is armed */
    uint64_t bytes_out, bytes_in;
    void (*on_byte)(void *ctx, uint8_t byte);   /* play's side panel */
    void *on_byte_ctx;
} sim_uart_t;

/* Connects to USART0; call after avr_init (clears simavr's stdio echo). */
void sim_uart_init(sim_uart_t *u, avr_t *avr);
/* Queues bytes for the firmware; they go out one frame time apart. */
void sim_uart_send(sim_uart_t *u, const void *data, size_t len);
/* Bytes still waiting to go to the firmware. */
size_t sim_uart_pending(const sim_uart_t *u);
/* Re-arms feeding after a power cycle (simavr's UART was reset). */
void sim_uart_reset(sim_uart_t *u);

#endif
