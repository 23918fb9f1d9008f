/* watchdog.h - the watchdog's interrupt-and-reset mode as the chip does
 * it (datasheet 10.9.2, WDTCSR, WDE = WDIE = 1): the first time-out sets
 * WDIF and runs the interrupt; a time-out that finds WDIF still set (the
 * interrupt could not run: interrupts off, or a hang inside an ISR) resets
 * the chip, with WDRF set and the watchdog left on at 16 ms. simavr 1.6
 * raises the interrupt again and again and never resets while WDIE is
 * set. NIMSIM_KEEP_BUGS=wdt turns the model off. */
#ifndef SIM_WATCHDOG_H
#define SIM_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

typedef struct watchdog_model {
    avr_t *avr;
    void *wdt;                 /* simavr's avr_watchdog_t */
    bool on;
    uint64_t timeouts_irq;     /* time-outs that raised the interrupt */
    uint64_t escalations;      /* time-outs with WDIF still set: resets */
    uint64_t last_reset_cycle;
    uint64_t wdt_resets;       /* every watchdog reset (escalated, or WDE alone) */
} watchdog_model_t;

void watchdog_model_init(watchdog_model_t *m, avr_t *avr);
/* A hang, as a test injects it: the PC into a self-loop (rjmp .-2) at the
 * top of the application section, interrupts left on (sei) or off (cli).
 * -1 if that flash word is in use. */
int watchdog_hang(avr_t *avr, bool interrupts_on);

#endif
