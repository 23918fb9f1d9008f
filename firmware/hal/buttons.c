/* buttons.c - six buttons on one port with pull-ups and one pin-change
 * interrupt. The ISR only latches which buttons were down at an edge and
 * when; debouncing is portable logic (firmware/lib/debounce.c). */
#include <avr/interrupt.h>

#include "hal_private.h"
#include "pins.h"

#define BTN_PIN PINS_PIN(BOARD_BTN_PORT)

static volatile uint8_t buttons_latched;    /* pins seen pressed at an edge since buttons_raw */

uint8_t buttons_down_pins(void)
{
#if BOARD_BTN_ACTIVE_LOW
    return (uint8_t)(~BTN_PIN & BOARD_BTN_MASK);
#else
    return (uint8_t)(BTN_PIN & BOARD_BTN_MASK);
#endif
}

/* Shares buttons_latched with buttons_raw. Latching the
 * level at the edge lets the main loop see a press even if the contact
 * bounced open again before the loop woke (leading-edge debounce). */
ISR(PINS_BTN_VECT)
{
    buttons_latched |= buttons_down_pins();
    HAL_WAKE_SET();
}

void buttons_init(void)
{
    PINS_DDR(BOARD_BTN_PORT) &= (uint8_t)~BOARD_BTN_MASK;
#if BOARD_BTN_ACTIVE_LOW
    PINS_PORT(BOARD_BTN_PORT) |= BOARD_BTN_MASK;   /* internal pull-ups */
#endif
    PINS_BTN_PCMSK = BOARD_BTN_MASK;
    PCIFR = _BV(PINS_BTN_PCIF);
    PCICR |= _BV(PINS_BTN_PCIE);
}

/* Pin bits (1 = pressed) to BTN_* bits. */
static uint8_t buttons_map(uint8_t p)
{
#if BOARD_BTN_DOWN == BOARD_BTN_UP + 1 && BOARD_BTN_LEFT == BOARD_BTN_UP + 2 && \
    BOARD_BTN_RIGHT == BOARD_BTN_UP + 3 && BOARD_BTN_A == BOARD_BTN_UP + 4 && BOARD_BTN_B == BOARD_BTN_UP + 5
    return (uint8_t)(p >> BOARD_BTN_UP) & BTN_ALL;   /* pins in BTN_* order: one shift */
#else
    uint8_t b = 0;
    if (p & _BV(BOARD_BTN_UP)) b |= BTN_UP;
    if (p & _BV(BOARD_BTN_DOWN)) b |= BTN_DOWN;
    if (p & _BV(BOARD_BTN_LEFT)) b |= BTN_LEFT;
    if (p & _BV(BOARD_BTN_RIGHT)) b |= BTN_RIGHT;
    if (p & _BV(BOARD_BTN_A)) b |= BTN_A;
    if (p & _BV(BOARD_BTN_B)) b |= BTN_B;
    return b;
#endif
}

uint8_t buttons_raw(void)
{
    uint8_t sreg = SREG;
    cli();
    uint8_t p = buttons_latched | buttons_down_pins();
    buttons_latched = 0;
    SREG = sreg;
    return buttons_map(p);
}

