/* game_events.h - what the game reports, as QMK's hooks or LUFA's EVENT_*
 * callbacks: game.c raises these and names nothing above it. Each has an
 * empty WEAK default in game_events.c, so the game links and runs alone
 * (tests/unit/test_game_alone.c); app/events.c, the wiring, defines them
 * again and hands each to its listeners (the link's LOG lines, the sound,
 * the screen, the drivers). The store is not a listener: saving is part of
 * the game's own step (game.c), in the order a power cut needs. */
#ifndef APP_GAME_EVENTS_H
#define APP_GAME_EVENTS_H

#include <stdint.h>

#include "engine.h"

/* A new game started (game.pos, game.turn set; after game_event_resume). */
void game_event_new(void);
/* START SET UP set a column: the game starts again from there (the link
 * says LOG NEW), the screen keeps its cursor. */
void game_event_setup(void);
/* The play screen is back for a game in progress (new, resumed, POS). */
void game_event_resume(void);
/* side made move m (game.pos already after it). */
void game_event_move(uint8_t side, engine_move_t m);
/* The game is over; winner is the side that won. */
void game_event_end(uint8_t winner);
/* The game is over and its pause (GAME_OVER_MS) has passed: it stopped
 * running; the result is the screen's to show. */
void game_event_over(void);
/* game.set changed (or was loaded): sound and brightness follow it, the
 * menu's text is redone (a PC's SET changes it behind the menu's back). */
void game_event_settings(void);

#endif
