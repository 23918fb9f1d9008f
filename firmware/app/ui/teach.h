/* teach.h - the teach panels drawn by teach.c: a game in columns (Nim's
 * sum; in misere play what decides a position when the last move loses,
 * docs/games.md "Misère play") and a BINARY game (values of up to eight bits). */
#ifndef APP_TEACH_H
#define APP_TEACH_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"

/* Draw the teach panel of position p into frame, which the caller has
 * cleared (one byte a column, bit r = row r from the bottom); 'on' is the
 * blink phase of the winning move's column. */
void teach_draw(const engine_pos_t *p, uint8_t *frame, bool on);

#endif
