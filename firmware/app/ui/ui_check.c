/* ui_check.c - the board test (docs/play.md, "The board test"): a builder
 * checks what they soldered. Every lamp lights while the piezo plays the
 * win jingle; then each row alone, top to bottom, and each column alone,
 * left to right, one step (UI_CHECK_STEP_SHIFT) each; then the matrix
 * scrolls the name of each button as it is pressed, with its click. A
 * held at power-on or TEST over the link starts it; B held leaves it for
 * the menu, as from a game. The game waits paused, as in the
 * menu; nothing is saved or loaded here.
 *
 * Its state is the screen's own (view.h): when the walk began in view.ov_t0
 * and whether the walk is over in view.pend, two fields the play screen
 * sets afresh when it comes back (ui_game_resume), so it costs no RAM. */
#include "game.h"
#include "pgm.h"
#include "sound.h"
#include "text.h"
#include "ui.h"
#include "view.h"
#include "ui_int.h"

/* What the test says (the matrix and the link's LOG TEST): the buttons'
 * names in BTN_* bit order, then UI_CHECK_WALK and on. The link's PRESS
 * reads the buttons' names here too: one copy. */
const char ui_check_words[] PROGMEM = "UP DOWN LEFT RIGHT A B WALK KEYS END";
_Static_assert(UI_CHECK_WALK == DEBOUNCE_BUTTONS, "the test's own words follow the buttons' names");

/* Steps of the walk: every lamp, each row, each column. */
#define CHECK_LAMPS 8       /* every lamp lit for this many steps (the jingle plays in them) */
#define CHECK_STEPS (CHECK_LAMPS + BOARD_ROWS + BOARD_COLS)
_Static_assert(UI_CHECK_STEP_SHIFT <= 8 && CHECK_STEPS < 256, "the walk's step is a byte (ui_check_draw)");

/* The test's own start, the screen already SCR_TEST (ui_check_open). */
void ui_check_start(uint16_t now)
{
    view.ov_t0 = now;       /* before the calls (size: now is not kept over them) */
    view.pend = 0;
    game_pause();           /* the machine waits, as in the menu */
    ui_event_check(UI_CHECK_WALK);
    sound_enable(true);     /* whatever the setting: the piezo is tested */
    sound_play(SOUND_WIN);
}

/* The walk is over: the matrix scrolls word what (a button's name, KEYS). */
static void ui_check_say(uint8_t what, uint16_t now)
{
    view.pend = 1;
    text_start(now, true);  /* before the words (size: now is not kept over them) */
    text_clear();
    text_add_word_P(ui_check_words, what);
    ui_event_check(what);
}

/* A press: its name (the first pressed, in BTN_* order); one during the
 * walk ends it. */
void ui_check_input(uint8_t pressed, uint16_t now)
{
    uint8_t i = 0;
    if (!pressed)
        return;
    while (!(pressed & 1)) {
        pressed >>= 1;
        i++;
    }
    ui_check_say(i, now);
}

/* Step i of the walk (below CHECK_STEPS) on the frame ui_draw cleared:
 * every lamp; a row, one lamp lit in every column (top first, a shift
 * each step); a column, all its lamps (left first). */
static void ui_check_walk(uint8_t *frame, uint8_t i)
{
    uint8_t col = (uint8_t)(i - CHECK_LAMPS - BOARD_ROWS), b = 0xFF;
    if (i >= CHECK_LAMPS)
        for (b = 0x80; i > CHECK_LAMPS; i--)
            b >>= 1;        /* past the bottom row: none */
    for (uint8_t c = 0; c < BOARD_COLS; c++)
        frame[c] = c == col ? 0xFF : b;
}

/* The frame: a function of the time since the start, as all the drawing
 * is. The walk over, KEYS and then each name pressed scroll. */
void ui_check_draw(uint8_t *frame, uint16_t now)
{
    if (!view.pend) {
        /* The step, (now - ov_t0) >> UI_CHECK_STEP_SHIFT, as the high byte
         * of a shift left (size: GCC's shift right kept all 16 bits). 8
         * bits are enough: a pass every tick sees the walk over long
         * before the step would wrap. */
        uint8_t i = (uint8_t)((uint16_t)((uint16_t)(now - view.ov_t0) << (8 - UI_CHECK_STEP_SHIFT)) >> 8);
        if (i < CHECK_STEPS) {
            ui_check_walk(frame, i);
            return;
        }
        ui_check_say(UI_CHECK_KEYS, now);
    }
    text_draw(frame, now);
}
