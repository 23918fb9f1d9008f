/* piezo.c - tones on OC1A (D9): Timer1 in CTC mode toggles the pin; the
 * clock tick (clock.c) counts the duration down and stops the timer. Off =
 * timer stopped, OC1A disconnected, pin driven low (no DC through the piezo). */
#include <avr/interrupt.h>

#include "hal_private.h"
#include "pins.h"

void piezo_init(void)
{
    piezo_stop();
    PINS_PORT(BOARD_PIEZO_PORT) &= ~_BV(BOARD_PIEZO_PIN);
    PINS_DDR(BOARD_PIEZO_PORT) |= _BV(BOARD_PIEZO_PIN);
}

HAL_NOINLINE void piezo_stop(void)
{
    TCCR1B = 0;
    TCCR1A = 0;
    piezo_ticks = 0;
}

void piezo_tone(uint16_t hz, uint16_t ms)
{
    uint8_t sreg = SREG;
    cli();
    TCCR1B = 0;
    TCCR1A = 0;
    piezo_ticks = 0;
    SREG = sreg;
    if (ms == 0)
        return;
    if (hz) {
        /* Toggle every half period: OCR1A + 1 = F_CPU / (2 * 8 * hz) =
         * 16 * K / hz with K = F_CPU / 256 (prescaler 8), done in 16 bits
         * as two division steps: a 32-bit division would pull in a 68 B
         * library routine. Exact from 16 Hz to 4095 Hz, a piezo's useful
         * range; a tone outside it plays at the nearest end. */
#define PIEZO_K ((uint16_t)(BOARD_F_CPU / 256))
        _Static_assert(BOARD_F_CPU / 256 <= 65535u && BOARD_F_CPU % 256 == 0,
                       "piezo_tone's 16-bit math needs F_CPU a multiple of 256 up to 16.7 MHz");
        if (hz < 16)
            hz = 16;
        if (hz > 4095)
            hz = 4095;      /* so (K % hz) << 4 fits 16 bits */
        uint16_t top = (uint16_t)(((PIEZO_K / hz) << 4) + (((PIEZO_K % hz) << 4) / hz));
        /* Started before OCR1A is written (simavr 1.6 takes the mode only
         * on a running timer): the old OCR1A lasts a few cycles, no edge. */
        TCCR1A = _BV(COM1A0);
        TCCR1B = (uint8_t)(_BV(WGM12) | _BV(CS11));
        OCR1A = (uint16_t)(top - 1);
        TCNT1 = 0;
    }
    uint16_t ticks = (uint16_t)(ms / HAL_TICK_MS + (ms % HAL_TICK_MS != 0));
    cli();
    piezo_ticks = ticks;
    SREG = sreg;
}

bool piezo_busy(void)
{
    uint8_t sreg = SREG;
    cli();
    bool busy = piezo_ticks != 0;
    SREG = sreg;
    return busy;
}
