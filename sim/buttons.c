/* buttons.c - push buttons wired to the MCU pins named in board.h. */
#include "buttons.h"

#include <string.h>
#include <strings.h>

#include <avr_ioport.h>
#include <sim_time.h>

#include "board.h"
#include "fixes.h"

const char *const buttons_names[BUTTONS_COUNT] = { "UP", "DOWN", "LEFT", "RIGHT", "A", "B" };
static const uint8_t buttons_pins[BUTTONS_COUNT] = {
    BOARD_BTN_UP, BOARD_BTN_DOWN, BOARD_BTN_LEFT, BOARD_BTN_RIGHT, BOARD_BTN_A, BOARD_BTN_B,
};

int buttons_index(const char *name)
{
    for (int i = 0; i < BUTTONS_COUNT; i++)
        if (strcasecmp(name, buttons_names[i]) == 0)
            return i;
    return -1;
}

/* Drives the pins from b->contact. simavr 1.6 re-raises every pulled-up
 * input to 1 on any PORTx write (a held button "releases" and PCINT sees
 * false edges), unless the port's external value says otherwise: so set the
 * external value of all button pins, then raise each pin's IRQ. */
static void buttons_apply(buttons_t *b)
{
    uint8_t value = 0;
    for (int i = 0; i < BUTTONS_COUNT; i++) {
        bool closed = b->contact & (1u << i);
        bool level = BOARD_BTN_ACTIVE_LOW ? !closed : closed;
        if (level)
            value |= (uint8_t)(1u << buttons_pins[i]);
    }
    avr_ioport_external_t e = { .name = BOARD_BTN_PORT, .mask = BOARD_BTN_MASK, .value = value };
    if (!fixes_bug_kept("pullup"))
        avr_ioctl(b->avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(BOARD_BTN_PORT), &e);
    for (int i = 0; i < BUTTONS_COUNT; i++)
        avr_raise_irq(b->pin[i], (value >> buttons_pins[i]) & 1);
}

static void buttons_contact(buttons_t *b, int i, bool closed)
{
    uint8_t bit = (uint8_t)(1u << i);
    uint8_t before = b->contact;
    b->contact = closed ? (b->contact | bit) : (b->contact & (uint8_t)~bit);
    if (b->contact != before)
        b->edges++;
    buttons_apply(b);
}

/* 50..450 us between bounce edges: a typical tactile switch's burst. */
static avr_cycle_count_t buttons_gap(buttons_t *b)
{
    b->seed = b->seed * 1103515245u + 12345u;
    uint32_t us = 50 + (b->seed >> 16) % 400;
    return avr_usec_to_cycles(b->avr, us);
}

static avr_cycle_count_t buttons_bounce_timer(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr;
    buttons_bounce_t *bb = param;
    buttons_t *b = bb->owner;
    bool now = b->contact & (1u << bb->index);
    buttons_contact(b, bb->index, !now);
    if (--bb->edges_left <= 0)
        return 0;
    return when + buttons_gap(b);
}

void buttons_set(buttons_t *b, int i, bool pressed)
{
    buttons_bounce_t *bb = &b->b[i];
    uint8_t bit = (uint8_t)(1u << i);
    if (pressed && !(b->pressed & bit)) {
        b->presses++;
        b->last_press_cycle = b->avr ? b->avr->cycle : 0;
    }
    b->pressed = pressed ? (b->pressed | bit) : (b->pressed & (uint8_t)~bit);
    avr_cycle_timer_cancel(b->avr, buttons_bounce_timer, bb);
    bb->target = pressed;
    /* An odd number of edges so the contact ends where the user left it. */
    int edges = b->bounce > 1 ? (b->bounce | 1) : 1;
    buttons_contact(b, i, pressed);
    bb->edges_left = edges - 1;
    if (bb->edges_left > 0)
        avr_cycle_timer_register(b->avr, buttons_gap(b), buttons_bounce_timer, bb);
}

void buttons_init(buttons_t *b, avr_t *avr)
{
    memset(b, 0, sizeof *b);
    b->avr = avr;
    b->seed = 1;
    for (int i = 0; i < BUTTONS_COUNT; i++) {
        b->pin[i] = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_BTN_PORT), buttons_pins[i]);
        b->b[i].owner = b;
        b->b[i].index = i;
    }
    buttons_apply(b);
}

void buttons_power_on(buttons_t *b)
{
    b->contact = b->pressed;
    for (int i = 0; i < BUTTONS_COUNT; i++) {
        b->b[i].edges_left = 0;
        /* A reset clears simavr's PIN register but not the pin IRQ's last
         * value, and an IRQ raised with an unchanged value is dropped: flip
         * each pin first so the real level reaches PIN (PCINT is off after
         * reset, so the flip is not seen by the firmware). */
        if (!fixes_bug_kept("resetpins"))
            avr_raise_irq(b->pin[i], !b->pin[i]->value);
    }
    buttons_apply(b);
}
