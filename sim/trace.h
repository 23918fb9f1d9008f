/* trace.h - nimsim --trace: every input the board got (button contacts,
 * UART bytes received, power cycles) and every output it gave (UART bytes
 * sent, display frames, tones, the EEPROM image), with cycle times, for the
 * second simulator (tests/web: avr8js) to replay and compare. */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include <stdio.h>

#include "sim.h"

/* Starts tracing s into f (after sim_open): writes the header and the
 * EEPROM image the run starts from. */
void trace_start(sim_t *s, FILE *f);
/* Ends the trace: the tones, the end cycle and the final EEPROM image. */
void trace_finish(sim_t *s);

#endif
