/* debounce.h - leading-edge button debounce, portable (no registers).
 *
 * A level change of a button is accepted at once (the press-to-frame budget
 * is 5 ms, so we cannot wait for the contacts to settle); that button's
 * edges are then ignored for DEBOUNCE_LOCKOUT_MS, after which it resyncs to
 * the raw level (a change that happened during the lockout is accepted
 * then, as a new edge). Time enters only through the now argument
 * (clock_ms() on the target, a fake clock in host tests).
 *
 * Use: call debounce_update(&d, buttons_raw(), clock_ms()) once per pass of
 * the main loop (at least once per tick); read d.pressed / d.released (edges
 * of that update, BTN_* bits), d.stable (debounced level) and
 * debounce_held_ms() for long presses. */
#ifndef DEBOUNCE_H
#define DEBOUNCE_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

#ifndef DEBOUNCE_LOCKOUT_MS
#define DEBOUNCE_LOCKOUT_MS 30u
#endif
#define DEBOUNCE_BUTTONS 6          /* BTN_UP .. BTN_B, bits 0..5 */
#define DEBOUNCE_HELD_MAX 0x7FFFu   /* held times saturate here (32.7 s) */

typedef struct {
    uint8_t stable;     /* debounced level, BTN_* bits, 1 = pressed */
    uint8_t pressed;    /* buttons that went down in the last update */
    uint8_t released;   /* buttons that went up in the last update */
    uint8_t locked;     /* buttons inside their lockout window */
    uint16_t since[DEBOUNCE_BUTTONS];  /* clock_ms of each button's last accepted edge */
} debounce_t;

/* Start from the current raw level without reporting edges (at boot, after
 * a wake-up press) and lock every button, so contact bounce is ignored. */
void debounce_init(debounce_t *d, uint8_t raw, uint16_t now);

/* Feed the raw level (BTN_* bits, 1 = pressed) seen at time now. */
void debounce_update(debounce_t *d, uint8_t raw, uint16_t now);

/* How long button btn (one BTN_* bit) has been held down, 0 if it is up;
 * saturates at DEBOUNCE_HELD_MAX so a stuck button never wraps to short. */
uint16_t debounce_held_ms(const debounce_t *d, uint8_t btn, uint16_t now);

/* True while btn is held and has been for at least ms. */
bool debounce_held_for(const debounce_t *d, uint8_t btn, uint16_t ms, uint16_t now);

#endif
