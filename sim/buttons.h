/* buttons.h - the six push buttons to GND on BOARD_BTN_PORT (internal
 * pull-ups, active low), with optional contact bounce: each press or
 * release then arrives as a burst of edges before the contact settles. */
#ifndef SIM_BUTTONS_H
#define SIM_BUTTONS_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

#define BUTTONS_COUNT 6

struct buttons;
typedef struct buttons_bounce {
    struct buttons *owner;     /* one per button: simavr keys timers by param */
    int index;
    int edges_left;
    bool target;               /* pressed when settled */
} buttons_bounce_t;

typedef struct buttons {
    avr_t *avr;
    avr_irq_t *pin[BUTTONS_COUNT];
    uint8_t pressed;           /* logical BTN_* bits the user holds */
    uint8_t contact;           /* BTN_* bits whose contact is closed right now */
    int bounce;                /* edges per press/release (0/1 = clean) */
    uint32_t seed;             /* bounce timing, deterministic */
    uint64_t edges;            /* pin edges applied, bounce included */
    uint64_t presses;          /* buttons_set presses of a button not held (--latency) */
    uint64_t last_press_cycle; /* cycle of the last of them */
    buttons_bounce_t b[BUTTONS_COUNT];
} buttons_t;

/* Button names as the script language spells them, BTN_* bit order. */
extern const char *const buttons_names[BUTTONS_COUNT];
/* Index 0..5 of a name (case-insensitive), or -1. */
int buttons_index(const char *name);

void buttons_init(buttons_t *b, avr_t *avr);
/* Presses (true) or releases button i; bounces if b->bounce > 1. */
void buttons_set(buttons_t *b, int i, bool pressed);
/* Re-applies the pin levels after a power cycle (contacts do not move). */
void buttons_power_on(buttons_t *b);

#endif
