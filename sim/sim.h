/* sim.h - the simulated Nim board: one ATmega328P (simavr) and its parts,
 * wired from board/board.h exactly as the firmware sees them.
 * nimsim.c parses the command line; script.c and play.c drive a sim_t. */
#ifndef SIM_H
#define SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <sim_avr.h>
#include <sim_elf.h>

#include "avr_regs.h"
#include "board.h"
#include "buttons.h"
#include "current.h"
#include "eeprom_timing.h"
#include "max7219.h"
#include "piezo.h"
#include "supply.h"
#include "uart.h"
#include "watchdog.h"

/* Why sim_run_until returned. */
enum { SIM_RUN_TIME = 0, SIM_RUN_STOP, SIM_RUN_DONE, SIM_RUN_CRASH };

typedef struct sim {
    avr_t *avr;
    elf_firmware_t *fw;
    bool fast;                 /* no wall-clock pacing */
    bool quiet;                /* no part chatter on stdout (pty notes) */
    bool stop_coarse;          /* sim_run_until's stop may be asked once per
                                * run of instructions between two simavr
                                * events (a signal), not after each one */

    sim_uart_t uart;
    max7219_t disp;
    buttons_t buttons;
    piezo_t piezo;
    eeprom_timing_t eeprom;    /* EEPROM write time (eeprom_timing.h) */
    watchdog_model_t wdt;      /* watchdog escalation (watchdog.h) */
    supply_t supply;           /* supply voltage, brown-out (supply.h) */
    double vcc0;               /* --vcc: the supply at start (0: 5 V) */
    current_t current;         /* --power: supply current (current.h) */

    /* measurements */
    FILE *marks;               /* --marks: "<cycle> <value>" lines */
    uint32_t mark_count;
    bool stack_paint;          /* --stack */
    uint16_t data_end;         /* _end: first RAM byte above .data/.bss/.noinit */
    uint16_t stack_high_water; /* max bytes of stack seen (over resets) */
    uint64_t awake_cycles;
    uint64_t sleep_cycles[8];  /* by SMCR mode */
    uint64_t wakeups;
    uint64_t resets;
    int last_state;
    /* --latency: each press to the first SPI word of the next frame change */
    FILE *latency;             /* "<press cycle> <word cycle> <us>" lines */
    uint64_t lat_seen;         /* buttons.presses already answered */
    uint64_t lat_answered, lat_worst, lat_sum;  /* cycles */
    /* EEPROM writes since the latest press: simavr finishes them at once,
     * the chip takes 3.3 ms each, so the latency lines count them. */
    uint64_t lat_write_press, lat_writes;

    const char *eeprom_path;   /* --eeprom */

    /* wall-clock pacing */
    uint64_t pace_cycle0;
    double pace_wall0;
    uint64_t pace_next_check;

    uint64_t run_until_target; /* cycle timer target for sim_run_until */
} sim_t;

/* Where simavr's log messages go (stderr; NULL drops them, for play). */
extern FILE *sim_log_file;

/* Loads the ELF (no .mmcu needed: BOARD_MCU/BOARD_F_CPU) and wires every part.
 * Returns 0, or -1 with a message on stderr. */
int sim_open(sim_t *s, const char *elf_path, const char *eeprom_path);
/* Runs until the cycle count reaches until, stop(ctx) turns true (checked
 * after every instruction when stop is set; with stop_coarse, after each
 * run of instructions between simavr's events), or the CPU ends.
 * SIM_RUN_*. (sim_run.c) */
int sim_run_until(sim_t *s, uint64_t until, bool (*stop)(sim_t *, void *), void *ctx);
/* Pacing starts over from the chip's cycle now (sim_run.c; sim_open). */
void sim_pace_start(sim_t *s);
/* Power cycle: RAM and registers cleared, flash and EEPROM kept. */
void sim_power_cycle(sim_t *s);
/* The chip's reset with the board's parts: power_lost also resets the
 * MAX7219 (a power cycle); else a reset with the supply kept (brown-out
 * release). */
void sim_reset_chip(sim_t *s, bool power_lost);
/* A low level on RESET (the auto-reset, a button): MCUSR keeps its flags
 * and gains EXTRF. Not inside avr_run (a cycle timer, an IRQ). */
void sim_external_reset(sim_t *s);
/* Saves the EEPROM (if --eeprom) and closes the outputs. */
void sim_close(sim_t *s);

uint64_t sim_ms_to_cycles(uint64_t ms);
double sim_cycles_to_ms(uint64_t cycles);
/* Current SMCR sleep mode (SM2..0). */
int sim_sleep_mode(const sim_t *s);
const char *sim_sleep_mode_name(int mode);
/* Bytes of stack used so far (needs --stack painting); 0 when not painted. */
uint16_t sim_stack_used(sim_t *s);
void sim_print_report(sim_t *s, FILE *f, bool power, bool stack);
/* The --latency summary line (presses, answered, worst and mean us). */
void sim_print_latency(sim_t *s, FILE *f);

#endif
