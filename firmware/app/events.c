/* events.c - the wiring: each event the game raises (game_events.h) and the
 * UI raises (ui.h) goes to its listeners. These strong definitions replace
 * the rooms' WEAK defaults (game_events.c, ui_events.c): the rooms below
 * call nothing above them, and only this file names them all. The order
 * is the toy's: a move's and an end's LOG line first, then the sound,
 * then the screen; a new game's screen (its cursor) before its LOG NEW. */
#include "game_events.h"

#include "game.h"
#include "hal.h"
#include "proto.h"
#include "sound.h"
#include "ui.h"

void game_event_new(void)
{
    ui_game_new();
    proto_log_new();
}

void game_event_setup(void)
{
    proto_log_new();        /* the cursor stays on the column just set */
}

void game_event_resume(void)
{
    ui_game_resume();
}

void game_event_move(uint8_t side, engine_move_t m)
{
    proto_log_move(side, m);
    sound_play(SOUND_MOVE);     /* cut by the jingle if this move ends the game */
    ui_game_move();
}

void game_event_end(uint8_t winner)
{
    proto_log_end(winner);
    sound_play(game.set[SET_OPP] == OPP_MACHINE && winner ? SOUND_LOSE : SOUND_WIN);
}

void game_event_over(void)
{
    ui_game_over();
}

void game_event_settings(void)
{
    sound_enable(game.set[SET_SOUND]);
    display_set_intensity(game.set[SET_BRIGHT]);
    ui_settings_changed();
}

void ui_event_review(uint8_t i)
{
    proto_log_review(i);
}

/* The board test sounds whatever the setting (ui_check_start); once it is
 * left, the sound follows the setting again. */
void ui_event_check(uint8_t what)
{
    proto_log_check(what);
    if (what == UI_CHECK_END)
        game_event_settings();
}
