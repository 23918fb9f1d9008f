/* debounce.c - leading-edge debounce with a per-button lockout; see
 * debounce.h. Portable: host tests drive it with tables of {time, raw}. */
#include "debounce.h"

#include "pgm.h"

NOINLINE void debounce_init(debounce_t *d, uint8_t raw, uint16_t now)
{
    d->stable = raw & BTN_ALL;
    d->pressed = 0;
    d->released = 0;
    d->locked = BTN_ALL;
    for (uint8_t i = 0; i < DEBOUNCE_BUTTONS; i++)
        d->since[i] = now;
}

/* Left to LTO, which inlines it into main: out of line it was smaller
 * on one image, and bigger on the next
 * (your own game's), with a call a main-loop pass: 0.601 % awake while a
 * game sits untouched, 0.592 % inlined (the menu 0.994 %, 0.981 %). */
void debounce_update(debounce_t *d, uint8_t raw, uint16_t now)
{
    uint8_t changed = (uint8_t)((raw ^ d->stable) & BTN_ALL);
    d->pressed = 0;
    d->released = 0;
    if (!changed && !d->locked && !d->stable)
        return;                 /* the common case: nothing held, nothing new */
    uint8_t bit = 1;
    for (uint8_t i = 0; i < DEBOUNCE_BUTTONS; i++, bit <<= 1) {
        uint16_t age = (uint16_t)(now - d->since[i]);
        if (d->locked & bit) {
            /* Bounce of the edge we accepted: ignore until the window ends. */
            if (age < DEBOUNCE_LOCKOUT_MS)
                continue;
            d->locked &= (uint8_t)~bit;
        }
        if (changed & bit) {
            d->stable ^= bit;
            d->since[i] = now;
            d->locked |= bit;
            if (d->stable & bit)
                d->pressed |= bit;
            else
                d->released |= bit;
        } else if ((d->stable & bit) && age > DEBOUNCE_HELD_MAX) {
            /* Keep a long hold from wrapping the 16-bit clock back to short. */
            d->since[i] = (uint16_t)(now - DEBOUNCE_HELD_MAX);
        }
    }
}

uint16_t debounce_held_ms(const debounce_t *d, uint8_t btn, uint16_t now)
{
    btn &= BTN_ALL;
    if (!btn)
        return 0;
    /* The lowest button of btn; ctz of a constant (the usual call) folds
     * away, where a search loop over the six buttons did not. */
    uint8_t bit = (uint8_t)(btn & -btn);
    if (!(d->stable & bit))
        return 0;
    uint16_t age = (uint16_t)(now - d->since[__builtin_ctz(btn)]);
    return age > DEBOUNCE_HELD_MAX ? DEBOUNCE_HELD_MAX : age;
}

bool debounce_held_for(const debounce_t *d, uint8_t btn, uint16_t ms, uint16_t now)
{
    return (d->stable & btn) && debounce_held_ms(d, btn, now) >= ms;
}
