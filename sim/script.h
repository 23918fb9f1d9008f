/* script.h - the test/demo script language (sim/README.md). */
#ifndef SIM_SCRIPT_H
#define SIM_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

/* Runs the script in path ('-' = stdin). echo: print each command and the
 * frame whenever it changed (make play without a terminal). Exit status:
 * 0 all expects held, 1 a failed expect, 2 a bad script, 4 a crash. */
int script_run_file(sim_t *s, const char *path, bool echo, uint64_t max_cycles);
/* make play without a terminal: the script in path ('-' = stdin, not read
 * when it is a terminal), echoed, and 2 s more after its last command; if
 * it holds no command, the demo script instead (the EEPROM then is not
 * saved) and *demoed is set. Status as script_run_file. */
int script_run_play(sim_t *s, const char *path, const char *demo, uint64_t max_cycles, bool *demoed);

#endif
