/* current.h - the board's supply current, estimated from what the chips
 * are doing at each simulated cycle (nimsim --power):
 *   - the ATmega328P by state (running, each SMCR sleep mode, held in
 *     reset) at 5 V and 16 MHz, the watchdog's and the brown-out
 *     detector's share (datasheet "DC Characteristics" and the typical
 *     characteristics figures, values in current.c);
 *   - each MAX7219: quiescent or shutdown current, plus the lit segments
 *     times the intensity duty (2i+1)/32 divided by the digits scanned,
 *     at the segment current the module's RSET sets (MAX7219 datasheet,
 *     Electrical Characteristics, tables 7 and 11);
 *   - the piezo (charging its capacitance each period);
 *   - as options (--parts), the Nano's power LED, regulator and USB-serial
 *     chip, which draw a constant current whatever the firmware does. */
#ifndef SIM_CURRENT_H
#define SIM_CURRENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "max7219.h"

enum { CURRENT_PART_LED = 1, CURRENT_PART_REG = 2, CURRENT_PART_USB = 4 };
/* Kinds of simulated cycles: an SMCR sleep mode 0..7, or these. */
enum { CURRENT_AWAKE = 8, CURRENT_HELD = 9 };

typedef struct current {
    bool on;
    unsigned parts;            /* CURRENT_PART_* */
    double rset_kohm;          /* the modules' RSET */
    double q_mcu, q_disp, q_piezo, q_extra;   /* charge so far, mA x cycles */
    uint64_t cycles;           /* cycles accounted */
    double peak_ma;            /* highest draw seen */
    /* cached draw of the display and piezo, recomputed when they change */
    uint64_t disp_words, disp_frames;
    double piezo_hz_seen;
    double disp_ma, piezo_ma;
    FILE *log;                 /* --power-log: "<ms> <mA> <mcu> <display> <piezo> <extras>" per 100 ms */
    uint64_t log_next, log_last_cycles;
    double log_q0[4];
} current_t;

/* What the model reads of the board at a step, filled by sim.c: the data
 * flows one way, from the parts to the model. */
typedef struct current_board {
    uint64_t cycle;            /* now */
    const max7219_t *disp;     /* the chain (its draw is recomputed when it changed) */
    double piezo_hz;           /* the tone playing; 0: silent */
    bool wdt_on;               /* WDTCSR: the watchdog runs (WDE or WDIE) */
    bool bod_on;               /* the brown-out detector draws (fused, not off in sleep) */
} current_board_t;

/* One step's cycles by kind: held in reset, or awake and then asleep in
 * an SMCR mode (simavr runs SLEEP and the skip to the next event as one
 * step). */
typedef struct current_cycles {
    uint64_t held, awake, asleep;
    int mode;
} current_cycles_t;

/* Parses "led,reg,usb" (or "none") into CURRENT_PART_* bits; -1 if bad. */
int current_parse_parts(const char *list);
void current_init(current_t *c, unsigned parts);
/* Accounts n cycles of the given kind at the board's present state. */
void current_step(current_t *c, const current_board_t *b, int kind, uint64_t n);
/* Accounts a step's cycles at the board's present state. Inline: run once
 * per simulated instruction with --power, the calls it saves show. */
static inline void current_book(current_t *c, const current_board_t *b, const current_cycles_t *n)
{
    if (n->held)
        current_step(c, b, CURRENT_HELD, n->held);
    if (n->awake)
        current_step(c, b, CURRENT_AWAKE, n->awake);
    if (n->asleep)
        current_step(c, b, n->mode, n->asleep);
}
/* The draw of the MCU in a kind of cycle, in mA. */
double current_mcu_ma(const current_board_t *b, int kind);
/* The MAX7219 chain's draw now, in mA. */
double current_display_ma(const max7219_t *disp, double rset_kohm);
double current_extras_ma(unsigned parts);
void current_report(const current_t *c, FILE *f);

#endif
