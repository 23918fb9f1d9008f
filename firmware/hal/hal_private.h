/* hal_private.h - what the drivers share among themselves (not the app). */
#ifndef HAL_PRIVATE_H
#define HAL_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <avr/io.h>

#include "compiler.h"
#include "hal.h"

/* GPIOR0 holds single-bit flags shared with ISRs: sbi/cbi on it are one
 * atomic instruction that needs no register, so the ISRs setting them stay
 * a few cycles long. */
#define HAL_FLAG_WAKE 0       /* an event ISR ran (tick, button, UART RX, a tone's end) since power_idle returned */
#define HAL_FLAG_SPI_BUSY 1   /* an SPI byte is shifting out */

#define HAL_WAKE_SET() (GPIOR0 |= _BV(HAL_FLAG_WAKE))

/* Sleep in idle mode until any interrupt, with interrupts disabled on entry
 * (the race-free pattern: the caller did cli and checked its condition);
 * returns with interrupts disabled. The nop keeps simavr 1.6 from
 * livelocking when an interrupt is already pending at sleep. */
static inline void hal_sleep_idle_cli(void)
{
    SMCR = _BV(SE);           /* SM = 000: idle */
    __asm__ __volatile__("sei\n\tsleep\n\tnop\n\tcli" ::: "memory");
    SMCR = 0;
}

/* hal.c: the watchdog back on after power_off. */
void hal_watchdog_resume(void);

/* clock.c: Timer2 tick. */
extern volatile uint16_t clock_now;
void clock_init(void);
void clock_stop(void);
void clock_start(void);

/* piezo.c */
void piezo_init(void);
void piezo_stop(void);

/* display.c */
void display_init(void);

/* buttons.c */
void buttons_init(void);
uint8_t buttons_down_pins(void);   /* live level, pin bits, 1 = pressed */

/* uart.c */
void uart_init(void);
void uart_rx_enable(bool on);

#endif
