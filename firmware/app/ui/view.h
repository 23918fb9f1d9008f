/* view.h - the screen's state beside the game's (game.h): which screen
 * is up, the cursor, the selection not yet played, the overlay and the
 * hint. The controls (ui_play.c) write it, the screen only through
 * ui_screen_set (ui_screen.c); the drawing and the link's STATE read it. Apart
 * from ui.h so that ui.h stays free of the engine (sim/play.c reads its
 * timings). */
#ifndef APP_VIEW_H
#define APP_VIEW_H

#include <stdint.h>

#include "engine.h"

/* The screens: the UI's alone (ui_screen.c changes them); the game runs
 * only while SCR_PLAY is up (game.running), the machine waits in the menu
 * and the board test (SCR_TEST: below SCR_PLAY, so no demo plays on). */
enum { SCR_INTRO, SCR_MENU, SCR_TEST, SCR_PLAY, SCR_END };
/* No screen: the drawing's "shown" mark that redoes the text. */
#define SCR_NONE 0xFF
/* Overlays drawn over the play screen. */
enum { OV_NONE, OV_HINT, OV_TEACH, OV_REFUSE };
/* The end screen's review: off (the result), a mistake's
 * position with its move and the winning move blinking, that position's
 * teach panel, or a sentence (none / chances missed). */
enum { RV_OFF, RV_MOVE, RV_TEACH, RV_TEXT };
/* rv_i before any mistake is shown: the next one (rv_i + 1) is 0. */
#define RV_I_NONE 0xFF

typedef struct {
    uint8_t cur_col;    /* cursor column */
    uint8_t cur_row;    /* cell cursor (pin/cell/coin games) */
    uint8_t pend;       /* heap: stones taken (pending); cell games: mask */
    uint8_t overlay;
    uint16_t pend_heap; /* one-heap form: stones taken (pending) */
    uint16_t ov_t0;     /* start of the overlay */
    engine_move_t hint; /* the hint's move (col ENGINE_COL_NONE: a losing position); the review's winning move */
    uint8_t rv;         /* RV_*: the end screen's review */
    uint8_t rv_i;       /* the mistake it shows (review_get's i) */
    uint8_t screen;     /* SCR_*: set by ui_screen_set only */
} view_t;

extern view_t view;

#endif
