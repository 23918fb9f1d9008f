/* game_state.c - the game's one state (game_t, game.h), in a unit of its
 * own: the game (game.c) plays it and the records (game_records.c) read
 * and fill the settings record it holds; neither owns the other. */
#include "game.h"

game_t game;
