/* game_int.h - what game_settings.c, above game.c, asks of it; no other
 * module includes it (the rest of the firmware sees game.h). */
#ifndef APP_GAME_INT_H
#define APP_GAME_INT_H

#include <stdbool.h>
#include <stdint.h>

/* Boot, after the settings: the game record resumed or cleared (ok: the
 * settings are this version's, records_open's RECORDS_OK). */
void game_load(bool ok, uint16_t now);
/* game.set[SET_OPP] changed: the side to move is played by who it says. */
void game_opp_changed(void);

#endif
