/* clock.c - the one tick source: Timer2 in CTC mode every HAL_TICK_MS (16 ms).
 * A slow tick keeps the CPU asleep almost all the time; button and UART
 * interrupts wake it in between, so latency does not depend on the tick. */
#include <avr/interrupt.h>

#include "hal_private.h"

/* Timer2 counts F_CPU/1024 (or /256 where that is not a whole number of
 * counts per tick) up to CLOCK_TOP; the static assert checks the period. */
#define CLOCK_COUNTS_1024 (BOARD_F_CPU / 1024UL * HAL_TICK_MS / 1000UL)
#if BOARD_F_CPU % 1024UL == 0 && CLOCK_COUNTS_1024 <= 256 && \
    BOARD_F_CPU / 1024UL * HAL_TICK_MS % 1000UL == 0
#define CLOCK_CS (_BV(CS22) | _BV(CS21) | _BV(CS20))   /* /1024 */
#define CLOCK_DIV 1024UL
#else
#define CLOCK_CS (_BV(CS22) | _BV(CS21))               /* /256 */
#define CLOCK_DIV 256UL
#endif
#define CLOCK_COUNTS (BOARD_F_CPU / CLOCK_DIV * HAL_TICK_MS / 1000UL)
#define CLOCK_TOP (CLOCK_COUNTS - 1)
_Static_assert(CLOCK_COUNTS >= 2 && CLOCK_COUNTS <= 256, "HAL_TICK_MS does not fit Timer2");
_Static_assert(BOARD_F_CPU / CLOCK_DIV * HAL_TICK_MS % 1000UL == 0,
               "HAL_TICK_MS is not a whole number of Timer2 counts: clock_ms would drift");

volatile uint16_t clock_now;      /* ms, advanced by the tick ISR, read by clock_ms and buttons */

/* Shares clock_now with clock_ms/buttons. */
ISR(TIMER2_COMPA_vect)
{
    clock_now += HAL_TICK_MS;
    HAL_WAKE_SET();
}

void clock_init(void)
{
    /* Clock on before OCR2A is written: simavr 1.6 only takes the mode on
     * a running timer and warns otherwise. Harmless: interrupts are off,
     * and clock_start restarts the count and clears the flag. */
    TCCR2A = _BV(WGM21);          /* CTC, TOP = OCR2A */
    TCCR2B = CLOCK_CS;
    OCR2A = CLOCK_TOP;
    TIMSK2 = _BV(OCIE2A);
    clock_start();
}

void clock_start(void)
{
    TCNT2 = 0;
    TIFR2 = _BV(OCF2A);
    TCCR2B = CLOCK_CS;
}

void clock_stop(void)
{
    TCCR2B = 0;
    TIFR2 = _BV(OCF2A);
}

NOINLINE uint16_t clock_ms(void)
{
    uint8_t sreg = SREG;
    cli();
    uint16_t t = clock_now;
    SREG = sreg;
    return t;
}
