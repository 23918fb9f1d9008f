/* uart.c - USART0 at 115200 8N1 with a receive ring (RX interrupt) and a
 * transmit ring drained by the UDRE interrupt. */
#include <avr/interrupt.h>
#include <avr/pgmspace.h>

#include "hal_private.h"

#ifndef HAL_UART_TX_SIZE
#define HAL_UART_TX_SIZE 32
#endif
_Static_assert((HAL_UART_RX_SIZE & (HAL_UART_RX_SIZE - 1)) == 0 && HAL_UART_RX_SIZE <= 128, "RX ring: power of 2");
_Static_assert((HAL_UART_TX_SIZE & (HAL_UART_TX_SIZE - 1)) == 0 && HAL_UART_TX_SIZE <= 128, "TX ring: power of 2");

/* Double speed (U2X): 16 MHz / 8 / 17 = 117647 baud, +2.1 %; without U2X
 * the nearest is -3.5 %. Like optiboot, refuse to build a link that would
 * not work: 8N1 tolerates about +-4.5 % between both ends together. */
#define UART_UBRR ((BOARD_F_CPU + 4UL * BOARD_UART_BAUD) / (8UL * BOARD_UART_BAUD) - 1UL)
#define UART_ACTUAL (BOARD_F_CPU / (8UL * (UART_UBRR + 1UL)))
#if UART_ACTUAL * 1000UL > BOARD_UART_BAUD * 1025UL || UART_ACTUAL * 1000UL < BOARD_UART_BAUD * 975UL
#error "BOARD_UART_BAUD is off by more than 2.5 % at this F_CPU (U2X): choose another baud"
#endif
#if UART_UBRR > 4095
#error "BOARD_UART_BAUD too slow for UBRR0"
#endif

static uint8_t uart_rx_buf[HAL_UART_RX_SIZE];
static volatile uint8_t uart_rx_head, uart_rx_tail;
static volatile uint8_t uart_rx_lost;   /* 0, or what was lost: see the RX ISR */
static uint8_t uart_tx_buf[HAL_UART_TX_SIZE];
static volatile uint8_t uart_tx_head, uart_tx_tail;

void uart_init(void)
{
    UCSR0A = _BV(U2X0);             /* before UBRR0L: simavr recomputes baud on that write */
    UBRR0H = (uint8_t)(UART_UBRR >> 8);
    UBRR0L = (uint8_t)UART_UBRR;
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);   /* 8N1 */
    UCSR0B = _BV(RXCIE0) | _BV(RXEN0) | _BV(TXEN0);
}

/* Off during power-down (the chip's USART has no clock then anyway). */
void uart_rx_enable(bool on)
{
    if (on)
        UCSR0B |= _BV(RXCIE0) | _BV(RXEN0);
    else
        UCSR0B &= (uint8_t)~(_BV(RXCIE0) | _BV(RXEN0));
}

/* Shares the RX ring and uart_rx_lost with uart_getc. After a loss (ring
 * full, hardware overrun or framing error) it drops every byte until
 * uart_getc has reported the loss, counting the line ends it dropped (bits
 * 7..1, up to 127) and whether bytes after the last of them were dropped
 * (bit 0): the bytes before the loss are intact, and the PC still gets one
 * reply for every line it sent. */
ISR(USART_RX_vect)
{
    uint8_t st = UCSR0A;
    uint8_t c = UDR0;
    uint8_t lost = uart_rx_lost;
    if (!lost && !(st & (_BV(DOR0) | _BV(FE0)))) {
        uint8_t h = uart_rx_head;
        uint8_t next = (uint8_t)((h + 1) & (HAL_UART_RX_SIZE - 1));
        if (next != uart_rx_tail) {
            uart_rx_buf[h] = c;
            uart_rx_head = next;
            goto done;
        }
    }
    lost |= 1;
    if (c == '\n' && lost != 255)
        lost++;
    uart_rx_lost = lost;
done:
    HAL_WAKE_SET();
}

/* Called from the main loop only (interrupts on). After the ring, a loss
 * is -1 - uart_rx_lost: HAL_UART_OVERRUN when only the line being received
 * lost bytes. */
int16_t uart_getc(void)
{
    uint8_t t = uart_rx_tail;
    if (t != uart_rx_head) {
        uint8_t c = uart_rx_buf[t];
        uart_rx_tail = (uint8_t)((t + 1) & (HAL_UART_RX_SIZE - 1));
        return c;
    }
    cli();
    t = uart_rx_lost;
    uart_rx_lost = 0;
    sei();
    return (int16_t)(-1 - t);
}

/* Shares the TX ring with uart_putc: one byte per interrupt, and the
 * interrupt switches itself off when the ring is empty. */
ISR(USART_UDRE_vect)
{
    uint8_t t = uart_tx_tail;
    if (t != uart_tx_head) {
        UDR0 = uart_tx_buf[t];
        uart_tx_tail = t = (uint8_t)((t + 1) & (HAL_UART_TX_SIZE - 1));
    }
    if (t == uart_tx_head)
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
}

/* With interrupts off the UDRE interrupt cannot run: move one byte by hand.
 * Callers first clear UDRIE0: under simavr 1.6, writing UDR0 while a UDRE
 * interrupt is pending (interrupts off) made a pending RX interrupt vanish
 * (RXC0 stayed set, the ISR never ran, the next command line was lost). */
static void uart_tx_poll_one(void)
{
    while (!(UCSR0A & _BV(UDRE0)))
        ;
    uint8_t t = uart_tx_tail;
    UDR0 = uart_tx_buf[t];
    uart_tx_tail = (uint8_t)((t + 1) & (HAL_UART_TX_SIZE - 1));
}

void uart_putc(char c)
{
    uint8_t sreg = SREG;
    cli();
    if (!(sreg & _BV(SREG_I))) {
        /* Interrupts off: no UDRE interrupt can run, so send by polling,
         * after whatever is queued (the order of bytes is kept): what
         * uart_flush does with interrupts off, then this byte. */
        uart_flush();
        UDR0 = (uint8_t)c;
        return;
    }
    for (;;) {
        uint8_t h = uart_tx_head;
        if (h == uart_tx_tail && (UCSR0A & _BV(UDRE0))) {
            UDR0 = (uint8_t)c;                 /* idle line: no queueing */
            break;
        }
        uint8_t next = (uint8_t)((h + 1) & (HAL_UART_TX_SIZE - 1));
        if (next != uart_tx_tail) {
            uart_tx_buf[h] = (uint8_t)c;
            uart_tx_head = next;
            UCSR0B |= _BV(UDRIE0);
            break;
        }
        hal_sleep_idle_cli();   /* full: the UDRE interrupt frees a byte */
    }
    SREG = sreg;
}

void uart_puts_P(const char *s)
{
    char c;
    while ((c = (char)pgm_read_byte(s++)) != 0)
        uart_putc(c);
}

void uart_flush(void)
{
    uint8_t sreg = SREG;
    cli();
    if (!(sreg & _BV(SREG_I)))
        UCSR0B &= (uint8_t)~_BV(UDRIE0);     /* polled from here on, see uart_putc */
    while (uart_tx_head != uart_tx_tail) {
        if (sreg & _BV(SREG_I))
            hal_sleep_idle_cli();
        else
            uart_tx_poll_one();
    }
    SREG = sreg;
    /* The last byte leaves the shift register within a frame time (87 us). */
    while (!(UCSR0A & _BV(UDRE0)))
        ;
}
