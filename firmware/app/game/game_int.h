/* game_int.h - what game.c and game_settings.c share; no other module
 * includes it (the rest of the firmware sees game.h). */
#ifndef APP_GAME_INT_H
#define APP_GAME_INT_H

#include <stdbool.h>
#include <stdint.h>

/* Reads the settings record into game.set, defaults where none is kept:
 * what records_open found (RECORDS_OK, RECORDS_NONE, RECORDS_OLD). */
uint8_t game_settings_load(void);
/* The number of the last game whose result is in the scores. */
uint8_t game_counted(void);
/* One more game won by side who (0 you, 1 the machine) in the game being
 * played, counted as game.number and kept at once. */
void game_score_add(uint8_t who);
/* game.set[SET_OPP] changed: the side to move is played by who it says. */
void game_opp_changed(void);

#endif
