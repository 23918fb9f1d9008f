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

struct sim;

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

/* Parses "led,reg,usb" (or "none") into CURRENT_PART_* bits; -1 if bad. */
int current_parse_parts(const char *list);
void current_init(current_t *c, unsigned parts);
/* Accounts n cycles of the given kind at the present state of the parts. */
void current_step(current_t *c, struct sim *s, int kind, uint64_t n);
/* The draw of the MCU in a kind of cycle, in mA. */
double current_mcu_ma(const struct sim *s, int kind);
/* The MAX7219 chain's draw now, in mA. */
double current_display_ma(const struct sim *s, double rset_kohm);
double current_extras_ma(unsigned parts);
void current_report(const current_t *c, FILE *f);

#endif
