/* test_debounce.c - host tests of the leading-edge debounce
 * (firmware/lib/debounce.c) as tables of {time, raw, expected}, plus a
 * randomized run of bouncy presses checked against what was really pressed. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "debounce.h"

typedef struct {
    uint16_t t;         /* clock_ms */
    uint8_t raw;        /* BTN_* bits, 1 = pressed */
    uint8_t stable;     /* expected debounced level after the update */
    uint8_t pressed;    /* expected edges of this update */
    uint8_t released;
} step_t;

#define U BTN_UP
#define D BTN_DOWN
#define L BTN_LEFT
#define R BTN_RIGHT
#define A BTN_A
#define B BTN_B

/* Runs a table from debounce_init(raw0, t0) and checks every row. */
static void run_table(const char *name, uint8_t raw0, uint16_t t0, const step_t *s, int n)
{
    debounce_t d;
    debounce_init(&d, raw0, t0);
    for (int i = 0; i < n; i++) {
        debounce_update(&d, s[i].raw, s[i].t);
        CHECK(d.stable == s[i].stable && d.pressed == s[i].pressed && d.released == s[i].released,
              "%s row %d (t=%u raw=%02x): stable %02x pressed %02x released %02x, want %02x %02x %02x",
              name, i, s[i].t, s[i].raw, d.stable, d.pressed, d.released,
              s[i].stable, s[i].pressed, s[i].released);
    }
}

static const step_t t_press_release[] = {
    { 0, 0, 0, 0, 0 },
    { 100, A, A, A, 0 },        /* leading edge: accepted at once */
    { 101, 0, A, 0, 0 },        /* bounce inside the lockout: ignored */
    { 102, A, A, 0, 0 },
    { 110, 0, A, 0, 0 },
    { 129, 0, A, 0, 0 },        /* 29 ms: still locked */
    { 130, 0, 0, 0, A },        /* lockout over, resync to the raw level: a release */
    { 131, A, 0, 0, 0 },        /* bounce of the release */
    { 159, A, 0, 0, 0 },
    { 160, A, A, A, 0 },        /* resync again: a second press */
    { 300, A, A, 0, 0 },
    { 301, 0, 0, 0, A },        /* release accepted at once */
    { 302, A, 0, 0, 0 },
    { 303, 0, 0, 0, 0 },
    { 400, 0, 0, 0, 0 },        /* nothing more */
};

/* A press shorter than the lockout still gives exactly one press and one release. */
static const step_t t_short_tap[] = {
    { 1000, U, U, U, 0 },
    { 1010, 0, U, 0, 0 },
    { 1029, 0, U, 0, 0 },
    { 1030, 0, 0, 0, U },
    { 1100, 0, 0, 0, 0 },
};

/* Bounce bursts on press and on release, edges 1 ms apart for 6 ms. */
static const step_t t_bounce_burst[] = {
    { 50, R, R, R, 0 }, { 51, 0, R, 0, 0 }, { 52, R, R, 0, 0 }, { 53, 0, R, 0, 0 },
    { 54, R, R, 0, 0 }, { 55, 0, R, 0, 0 }, { 56, R, R, 0, 0 }, { 70, R, R, 0, 0 },
    { 80, R, R, 0, 0 }, { 200, R, R, 0, 0 },
    { 250, 0, 0, 0, R }, { 251, R, 0, 0, 0 }, { 252, 0, 0, 0, 0 }, { 253, R, 0, 0, 0 },
    { 254, 0, 0, 0, 0 }, { 256, R, 0, 0, 0 }, { 257, 0, 0, 0, 0 }, { 290, 0, 0, 0, 0 },
};

/* Chords: two buttons together, then staggered; each button has its own lockout. */
static const step_t t_chords[] = {
    { 100, U | A, U | A, U | A, 0 },
    { 101, U, U | A, 0, 0 },                /* A bounces: ignored */
    { 110, U | A | L, U | A | L, L, 0 },    /* L is not locked: accepted at once */
    { 111, U | A, U | A | L, 0, 0 },        /* L bounces inside its own lockout */
    { 130, U | A, U | A | L, 0, 0 },        /* U, A unlocked now, unchanged; L still locked */
    { 140, U | A, U | A, 0, L },            /* L's lockout ends: resync, release */
    { 200, 0, 0, 0, U | A },                /* both released together */
    { 210, D | B, D | B, D | B, 0 },
    { 220, D | B | U, D | B, 0, 0 },        /* U was released at 200: still locked */
    { 230, D | B | U, D | B | U, U, 0 },    /* its lockout ends: resync, a press */
    { 300, 0, 0, 0, D | B | U },
};

/* Init with a button already held (wake-up press, boot): no edge for it. */
static const step_t t_init_held[] = {
    { 0, B, B, 0, 0 },
    { 10, 0, B, 0, 0 },         /* locked after init: bounce ignored */
    { 40, 0, 0, 0, B },
    { 80, A, A, A, 0 },
};

static void test_tables(void)
{
#define RUN(tab, raw0, t0) run_table(#tab, raw0, t0, tab, (int)(sizeof tab / sizeof tab[0]))
    RUN(t_press_release, 0, 0);
    RUN(t_short_tap, 0, 900);
    RUN(t_bounce_burst, 0, 0);
    RUN(t_chords, 0, 0);
    RUN(t_init_held, B, 0);
}

/* Held time and long press, including the 16-bit clock wrapping. */
static void test_holds(void)
{
    debounce_t d;
    debounce_init(&d, 0, 0);
    debounce_update(&d, 0, 100);
    debounce_update(&d, B, 1000);
    CHECK(d.pressed == B, "B press");
    CHECK(debounce_held_ms(&d, B, 1000) == 0, "held 0 at the edge");
    CHECK(debounce_held_ms(&d, A, 1500) == 0, "A is not held");
    for (uint16_t t = 1008; t <= 1992; t += 8)
        debounce_update(&d, B, t);
    CHECK(debounce_held_ms(&d, B, 1992) == 992, "held %u", debounce_held_ms(&d, B, 1992));
    CHECK(!debounce_held_for(&d, B, 1000, 1992), "not yet a long press at 992 ms");
    debounce_update(&d, B, 2000);
    CHECK(debounce_held_for(&d, B, 1000, 2000), "long press at 1000 ms");
    CHECK(!debounce_held_for(&d, B | A, 1000, 2000) || (d.stable & B), "mask with B");
    debounce_update(&d, 0, 2500);
    CHECK(d.released == B && debounce_held_ms(&d, B, 2500) == 0, "released: held 0");

    /* Press just before the clock wraps. */
    debounce_init(&d, 0, 65000);
    debounce_update(&d, 0, 65100);
    debounce_update(&d, A, 65400);
    CHECK(d.pressed == A, "press before wrap");
    uint16_t t = 65400;
    for (int i = 0; i < 125; i++) {
        t = (uint16_t)(t + 8);
        debounce_update(&d, A, t);
    }
    CHECK(debounce_held_ms(&d, A, t) == 1000, "held across wrap: %u", debounce_held_ms(&d, A, t));

    /* A stuck button saturates instead of wrapping back to a short hold. */
    debounce_init(&d, 0, 0);
    debounce_update(&d, 0, 100);
    debounce_update(&d, U, 200);
    uint16_t last = 0;
    int monotone = 1;
    t = 200;
    for (long ms = 0; ms < 200000; ms += 8) {
        t = (uint16_t)(t + 8);
        debounce_update(&d, U, t);
        uint16_t h = debounce_held_ms(&d, U, t);
        if (h < last)
            monotone = 0;
        last = h;
    }
    CHECK(monotone && last == DEBOUNCE_HELD_MAX, "200 s hold: held %u, monotone %d", last, monotone);
    CHECK(d.pressed == 0 && d.released == 0 && d.stable == U, "no edges during a hold");
}

/* Random bouncy presses of random buttons (a physical model: each press or
 * release makes a burst of up to 8 edges within 16 ms, then holds its level
 * for 40..400 ms), sampled the way the firmware does: at every pin edge and
 * at every tick (HAL_TICK_MS). Each real press must give exactly one press edge, at
 * its first contact edge, and one release edge. */
static void test_random(void)
{
    srand(12345);
    long presses = 0, edges_in = 0;
    for (int btn = 0; btn < 6; btn++) {
        uint8_t bit = (uint8_t)(1 << btn);
        debounce_t d;
        debounce_init(&d, 0, 0);
        uint32_t t = 100;            /* ms, wider than the 16-bit clock on purpose */
        long seen_press = 0, seen_release = 0, late = 0, extra = 0;
        for (int k = 0; k < 5000; k++) {
            for (int phase = 0; phase < 2; phase++) {   /* 0 press, 1 release */
                uint8_t level = phase == 0 ? bit : 0;
                uint32_t start = t;
                int bursts = rand() % 9;
                uint8_t raw = level;
                uint32_t te = t;
                int got = 0;
                for (int e = 0; e <= bursts; e++) {
                    raw = (e % 2 == 0) ? level : (uint8_t)(level ^ bit);
                    if (e == bursts)
                        raw = level;
                    debounce_update(&d, raw, (uint16_t)te);
                    edges_in++;
                    if ((phase == 0 ? d.pressed : d.released) & bit) {
                        got++;
                        if (te != start)
                            late++;
                    }
                    if ((phase == 0 ? d.released : d.pressed) & bit)
                        extra++;
                    te += 1 + (uint32_t)(rand() % 2);
                }
                uint32_t hold = 40 + (uint32_t)(rand() % 360);
                for (uint32_t tt = (start / HAL_TICK_MS + 1) * HAL_TICK_MS; tt < start + hold; tt += HAL_TICK_MS) {
                    if (tt <= te)
                        continue;
                    debounce_update(&d, raw, (uint16_t)tt);
                    if (d.pressed & bit || d.released & bit)
                        extra++;
                }
                if (phase == 0)
                    seen_press += got, presses++;
                else
                    seen_release += got;
                t = start + hold;
            }
        }
        CHECK(seen_press == 5000 && seen_release == 5000 && late == 0 && extra == 0,
              "button %d: presses %ld releases %ld (want 5000 each), late %ld, extra %ld",
              btn, seen_press, seen_release, late, extra);
    }
    printf("debounce: %ld random bouncy presses, %ld bounce edges, every one accepted at its first edge\n",
           presses, edges_in);
}

int main(void)
{
    test_tables();
    test_holds();
    test_random();
    printf("debounce: %d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
