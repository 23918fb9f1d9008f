/* supply.h - the board's supply voltage and the chip's reaction to it:
 * the brown-out detector at the level the extended fuse in board/nano.h
 * selects (BOARD_FUSE_EXT, BODLEVEL2:0) holds the chip in reset while VCC
 * is below V_BOT- and starts it t_TOUT after VCC is back above V_BOT+,
 * with BORF set in MCUSR; below the power-on reset threshold the board has
 * lost its power (RAM, the MAX7219's registers, an EEPROM write in
 * progress). simavr 1.6 has no supply at all. Datasheet: "System and
 * Reset Characteristics" (tables "Reset, Brown-out and Internal Voltage
 * Characteristics" and "BODLEVEL Fuse Coding"), "Brown-out Detection"
 * (V_BOT+ = V_BOT + V_HYST/2, V_BOT- = V_BOT - V_HYST/2), 10.11.2 (BODS:
 * the BOD off in power-down and power-save). */
#ifndef SIM_SUPPLY_H
#define SIM_SUPPLY_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

#include "eeprom_timing.h"

/* The chip's reset with the board's parts (sim.c wires sim_reset_chip):
 * power_lost also resets what loses its state without power. */
typedef void (*supply_reset_fn)(void *ctx, bool power_lost);

#define SUPPLY_DEFAULT_V 5.0
#define SUPPLY_HYST_V 0.050        /* V_HYST typical */
#define SUPPLY_POR_FALL_V 1.3      /* V_POT falling, typical (8025I table 26-3) */
#define SUPPLY_POR_RISE_V 1.4      /* V_POT rising, typical */
#define SUPPLY_TOUT_MS 65          /* t_TOUT: SUT1:0 = 11, crystal, slowly rising power (table 9-4) */

typedef struct supply {
    avr_t *avr;
    eeprom_timing_t *ee;       /* its write in progress at a reset */
    supply_reset_fn on_reset;  /* raised when the chip enters and leaves reset */
    void *on_reset_ctx;
    double vcc;                /* volts at the last evaluation */
    double v_from, v_to;       /* linear ramp from v_from (at ramp_start) to v_to (at ramp_end) */
    uint64_t ramp_start, ramp_end;
    double vbot;               /* V_BOT from the fuse; 0: BOD disabled */
    bool held;                 /* the chip is held in reset */
    bool por;                  /* ... because VCC fell below the power-on reset threshold */
    bool release_pending;      /* VCC is back: t_TOUT runs */
    bool ticking;              /* the evaluation timer is registered */
    avr_run_t saved_run;
    uint64_t bod_resets, por_resets, held_cycles, bod_off_sleeps;
    double vmin;               /* lowest VCC seen */
    /* What a brown-out reset does to an EEPROM write in progress: -1 lets
     * it finish (the supply still suffices), else EEPROM_CUT_* with torn. */
    int ee_cut;
    uint8_t ee_torn;
    uint64_t ee_cuts;          /* writes cut by a brown-out or a power loss */
    uint64_t ee_finished;      /* writes in progress at a brown-out that finished */
    /* BODS (MCUCR bit 6) written at this cycle: a SLEEP within 3 cycles
     * enters power-down/power-save with the BOD off (10.11.2). */
    uint64_t bods_cycle;
    uint64_t sleep_cycle;      /* SLEEP executed (sim.c) */
    bool bod_off;              /* asleep with the BOD off */
} supply_t;

/* BODLEVEL typical V_BOT of an extended fuse byte; 0 when disabled. */
double supply_vbot_of_fuse(unsigned efuse);
/* Wired to the chip, its EEPROM and the board's reset; VCC at start. */
void supply_init(supply_t *p, avr_t *avr, eeprom_timing_t *ee, supply_reset_fn on_reset, void *ctx,
                 double vcc);
/* VCC goes linearly from its present value to v over the given cycles
 * (0: at once). */
void supply_set(supply_t *p, double v, uint64_t over_cycles);
/* Called by sim.c when the CPU executes SLEEP (BOD off if BODS was set
 * within 3 cycles, in power-down or power-save) and when it wakes. */
void supply_on_sleep(supply_t *p, int mode, uint64_t sleep_cycle);
void supply_on_wake(supply_t *p);

#endif
