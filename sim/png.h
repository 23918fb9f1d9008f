/* png.h - a picture of the board (the lamps with their brightness). */
#ifndef SIM_PNG_H
#define SIM_PNG_H

#include "sim.h"

/* Writes the current board as a PNG; 0, or -1 with a message on stderr. */
int png_write_board(sim_t *s, const char *path);

#endif
