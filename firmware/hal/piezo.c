/* piezo.c - tones on OC1A (D9): Timer1 in CTC mode toggles the pin, and its
 * compare interrupt counts the half periods down and stops the tone, so a
 * tone lasts the same whatever the phase of the 16 ms tick when it starts
 * (a click timed by the tick lasted anything from 0 to 16 ms). Off = timer stopped, OC1A
 * disconnected, pin driven low (no DC through the piezo). */
#include <avr/interrupt.h>

#include "hal_private.h"
#include "pins.h"

static volatile uint16_t piezo_halves;  /* half periods left, counted by TIMER1_COMPA */

void piezo_init(void)
{
    piezo_stop();
    PINS_PORT(BOARD_PIEZO_PORT) &= ~_BV(BOARD_PIEZO_PIN);
    PINS_DDR(BOARD_PIEZO_PORT) |= _BV(BOARD_PIEZO_PIN);
}

/* Shares piezo_halves and TIMSK1 with piezo_play/piezo_busy; runs at twice the tone's
 * frequency only while a tone plays, and wakes the main loop once, at the
 * tone's end, so the next note of a tune starts then: left to the next
 * wake-up, a note lasted up to a 16 ms tick (or a 3.4 ms EEPROM write)
 * longer than its length, by chance. */
ISR(TIMER1_COMPA_vect)
{
    /* never 0 here: piezo_play starts the timer with halves >= 1, and
     * piezo_stop switches this interrupt off before it clears them */
    uint16_t n = (uint16_t)(piezo_halves - 1u);
    piezo_halves = n;
    if (n)
        return;
    TIMSK1 = 0;
    TCCR1B = 0;
    TCCR1A = 0;
    HAL_WAKE_SET();
}

NOINLINE void piezo_stop(void)
{
    uint8_t sreg = SREG;
    cli();
    TIMSK1 = 0;
    TCCR1B = 0;
    TCCR1A = 0;
    piezo_halves = 0;
    SREG = sreg;
}

void piezo_play(uint16_t ocr, uint16_t halves)
{
    piezo_stop();
    if (!halves)
        return;
    /* OCR1A and TCNT1 before the clock starts: a running timer with the
     * old OCR1A (0 after a reset) matches at once and toggles OC1A at up
     * to 1 MHz (datasheet 16.9.2) until the new one is written, leaving
     * the pin's phase, and its level at the end, to chance. */
    uint8_t sreg = SREG;
    cli();
    piezo_halves = halves;
    OCR1A = ocr;
    TCNT1 = 0;
    TCCR1A = _BV(COM1A0);
    TIFR1 = _BV(OCF1A);
    TCCR1B = (uint8_t)(_BV(WGM12) | _BV(CS11));
    TIMSK1 = _BV(OCIE1A);
    SREG = sreg;
}

_Static_assert(BOARD_F_CPU / 256 <= 65535u && BOARD_F_CPU % 256 == 0,
               "PIEZO_OCR's 16-bit math needs F_CPU a multiple of 256 up to 16.7 MHz");

/* The timer values at run time (hal_check's tone; the firmware's tunes
 * take them from flash: sound.c). */
void piezo_tone(uint16_t hz, uint16_t ms)
{
    piezo_play(PIEZO_OCR(hz), hz && ms ? PIEZO_HALVES(hz, ms) : 0);
}

/* TIMSK1 is on exactly while a tone plays (piezo_play sets it with
 * piezo_halves; the tone's end and piezo_stop clear both): one byte, read
 * without turning interrupts off as the 16-bit count needs. */
bool piezo_busy(void)
{
    return TIMSK1 != 0;
}
