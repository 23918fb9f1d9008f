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

void piezo_stop(void)
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
        /* Toggle every half period: OCR1A = F_CPU / (2 * N * hz) - 1, with
         * the smallest prescaler N that fits 16 bits (/1 down to 123 Hz). */
        static const uint8_t cs[] = { _BV(CS10), _BV(CS11), _BV(CS11) | _BV(CS10), _BV(CS12) };
        static const uint8_t shift[] = { 0, 3, 6, 8 };
        uint32_t top = 0;
        uint8_t i = 0;
        for (; i < 4; i++) {
            top = (BOARD_F_CPU / 2 / hz) >> shift[i];
            if (top <= 65536UL)
                break;
        }
        if (i == 4)
            i = 3, top = 65536UL;
        /* Started before OCR1A is written (simavr 1.6 takes the mode only
         * on a running timer): the old OCR1A lasts a few cycles, no edge. */
        TCCR1A = _BV(COM1A0);
        TCCR1B = (uint8_t)(_BV(WGM12) | cs[i]);
        OCR1A = (uint16_t)(top ? top - 1 : 0);
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
