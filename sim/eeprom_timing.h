/* eeprom_timing.h - the ATmega328P's EEPROM write as the chip does it:
 * EEPE stays set for the programming time (datasheet 8.6.3, table 8-1:
 * 3.4 ms erase and write, 1.8 ms erase only or write only), and while it
 * is set a new write, a read and a change of EEAR are ignored (8.6.3,
 * "EERE" and "EEPE"). simavr 1.6 stores the byte at once and clears EEPE
 * in the same cycle. The byte keeps its old value until the write ends;
 * a power cut inside the window leaves it old, new or torn (chosen by the
 * caller, e.g. the power-cut campaign). NIMSIM_KEEP_BUGS=eeprom turns the
 * model off. */
#ifndef SIM_EEPROM_TIMING_H
#define SIM_EEPROM_TIMING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <sim_avr.h>

typedef struct eeprom_timing {
    avr_t *avr;
    bool on;                   /* the model is installed */
    void *ee;                  /* simavr's avr_eeprom_t */
    avr_io_write_t orig_write; /* simavr's EECR handler */
    void *orig_param;
    /* the write in progress */
    bool busy;
    uint16_t addr;
    uint8_t old, val;          /* the byte before, and when the write ends */
    uint64_t start, end;       /* cycles */
    /* counts */
    uint64_t writes, refused, cut_old, cut_new, cut_torn;
    uint64_t busy_cycles;      /* sum of the windows started */
    uint64_t last_end;         /* cycle the latest write ended (or ends) */
    FILE *log;                 /* --eeprom-log: "<start> <end> <addr> <old> <new>" */
    /* Called when a write starts (for campaigns): addr, old, new. */
    void (*on_start)(void *ctx, uint16_t addr, uint8_t old, uint8_t val);
    void *on_start_ctx;
} eeprom_timing_t;

/* How a power cut leaves the byte being written. */
enum { EEPROM_CUT_OLD = 0, EEPROM_CUT_NEW = 1, EEPROM_CUT_TORN = 2 };

/* Installs the model on simavr's EEPROM (after avr_init). */
void eeprom_timing_init(eeprom_timing_t *m, avr_t *avr);
/* The power goes while a write may be in progress: the byte becomes old,
 * new or torn (the given value). Returns true if a write was cut. Call
 * before the reset of a power cycle. */
bool eeprom_timing_cut(eeprom_timing_t *m, int how, uint8_t torn);
/* Direct access to the cells (simavr's array). */
uint8_t *eeprom_timing_cells(eeprom_timing_t *m);

#endif
