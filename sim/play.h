/* play.h - the toy in a terminal: lamps, keys, UART log and sound. */
#ifndef SIM_PLAY_H
#define SIM_PLAY_H

#include <stdint.h>

#include "sim.h"

/* Plays until q, a signal or max_cycles (0 = forever); restores the terminal. */
int play_run(sim_t *s, uint64_t max_cycles);

#endif
