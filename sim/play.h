/* play.h - the toy in a terminal: lamps, keys, UART log and sound. */
#ifndef SIM_PLAY_H
#define SIM_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

/* Plays until q, a signal or max_cycles (0 = forever); restores the terminal. */
int play_run(sim_t *s, uint64_t max_cycles);
/* No terminal: the script in path ('-' = stdin) as text frames, or, when
 * there is none, the demo (the title and a game the machine plays against
 * itself); then one line on how to play in a terminal. */
int play_text(sim_t *s, const char *path, uint64_t max_cycles);

#endif
