/* piezo.h - the piezo on OC1A: the tone is read from Timer1's registers
 * (COM1A, WGM, CS, OCR1A/ICR1) and the pin direction whenever the firmware
 * writes one of them, and logged with its start and end cycle. */
#ifndef SIM_PIEZO_H
#define SIM_PIEZO_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

/* Register settings that last fewer cycles than this are the firmware
 * still writing its sequence, not a tone anyone could hear. */
#define PIEZO_MIN_CYCLES 64

typedef struct piezo_tone {
    uint64_t start, end;       /* cycles; end == 0 while it sounds */
    double hz;
} piezo_tone_t;

typedef struct piezo {
    avr_t *avr;
    piezo_tone_t *log;
    uint32_t count, cap;
    bool on;                   /* log[count-1] is sounding */
    double hz;                 /* current tone, 0 = silent */
    void (*on_change)(void *ctx);
    void *on_change_ctx;
} piezo_t;

void piezo_init(piezo_t *p, avr_t *avr);
/* The frequency Timer1 puts on OC1A now, 0 when silent. */
double piezo_read_hz(avr_t *avr);
/* Power cycle: silence (the registers are reset). */
void piezo_power_on(piezo_t *p);
/* Duration in ms of tone i (so far, if it still sounds). */
double piezo_tone_ms(const piezo_t *p, uint32_t i);

#endif
