/* ui.h - what a person sees and does: the title, the menu (ui_menu.c), the
 * play controls with their cursor, hint and teach panel and auto-off timing
 * (ui_play.c), the drawing of every screen (ui_draw.c), and which screen
 * is up (ui_screen.c, its one owner).
 * Portable: buttons come in as debounced edges, the picture goes out as a
 * frame (frame[c] = column c from the left, bit r = row r from the bottom).
 *
 * Controls (docs/play.md, "On the toy"):
 *   menu   UP/DOWN item, LEFT/RIGHT value, A play, B back to the game
 *   play   LEFT/RIGHT column; heaps: DOWN take a stone, UP put it back,
 *          A confirm (BINARY: the new heap blinks over the old, a held
 *          key counts faster); pins/cells/coins: UP/DOWN cell, A select, A on a
 *          selected lamp confirms; B hint, B again teach panel, B held menu
 *   end    A new game, B review (a mistake: B its teach panel, A the next), B held menu */
#ifndef APP_UI_H
#define APP_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "debounce.h"

#define UI_LONG_MS 700      /* B held this long: the menu */
#define UI_REPEAT_MS 400    /* a held arrow repeats after this ... */
#define UI_RATE_MS 100      /* ... every this */
#define UI_FAST_REPEATS 20  /* BINARY heaps: a held arrow counts by 4 after half this many repeats, by 16 after them */
#define UI_HINT_MS 3000     /* the hint blinks this long */
#define UI_TURN_MS 800      /* two players: the number of the player to move shows this long */
#define UI_REFUSE_MS 450    /* a refused move blinks this long */
#define UI_INTRO_MS 480     /* the power-on animation before the title */
#define UI_REVIEW_MS 1024   /* the review: the move made blinks this long, then the winning move (a power of 2) */

void ui_init(uint16_t now);
/* Buttons of this pass (debounced edges and levels). */
void ui_input(const debounce_t *d, uint16_t now);
/* Draw the current screen into ui_frame(); a text that ran through moves
 * the screen on (ui_screen.c). */
void ui_render(uint16_t now);
const uint8_t *ui_frame(void);

/* Auto-off: true once the configured time has passed without a press. */
bool ui_sleep_due(uint16_t now);
/* Something happened that counts as use (a press, a PC command). */
void ui_touch(uint16_t now);
/* After power_off returned: carry on where the toy was. */
void ui_wake(uint16_t now);
/* The settings changed (game_event_settings): the menu's text is redone. */
void ui_settings_changed(void);
uint8_t ui_menu_item(void);

/* Listeners of the game's events (game_events.h): a new game puts the cursor
 * home; a resumed game and every move drop the selection and overlay. */
void ui_game_new(void);
void ui_game_resume(void);
void ui_game_move(void);
/* The game is over and its pause passed: the end screen. */
void ui_game_over(void);

/* The UI's event, as the game's (game_events.h): raised by the UI, an empty
 * WEAK default below (ui_events.c), wired in app/events.c. The end
 * screen's review opened at mistake i (ui_play.c): the link writes it as
 * a LOG line, which the browser page's console shows. */
void ui_event_review(uint8_t i);
/* The board test (ui_check.c): every lamp, each row, each column, a step
 * of 1 << UI_CHECK_STEP_SHIFT ms each (8 ticks), then each button's name.
 * ui_check_open starts it from the top (A held at power-on: ui_init; the
 * link's TEST); B held leaves it for the menu. */
#define UI_CHECK_STEP_SHIFT 7
/* ui_check_words: the buttons' names (BTN_* bit order), then these. */
enum { UI_CHECK_WALK = 6, UI_CHECK_KEYS, UI_CHECK_END };
extern const char ui_check_words[];
void ui_check_start(uint16_t now);
/* The way in (ui_play.c): the screen, the auto-off's count, then the test. */
void ui_check_open(uint16_t now);
/* Raised by the test (events.c wires it): it started (UI_CHECK_WALK), its
 * walk is over (UI_CHECK_KEYS), button i was pressed, it was left
 * (UI_CHECK_END, raised by the screen's owner whatever left it). */
void ui_event_check(uint8_t what);

#endif
