/* ui_int.h - what the parts of the screen share among themselves;
 * nothing outside ui_*.c includes it. They call one way only: the
 * controls (ui_play.c) call the screen's owner, the drawing and the menu;
 * the screen's owner (ui_screen.c) the drawing and the menu; the drawing
 * (ui_draw.c) the menu; the board test (ui_check.c) the screen's owner;
 * the menu (ui_menu.c) none of them; the controls and the drawing hand the
 * board test its keys and its frame. */
#ifndef APP_UI_INT_H
#define APP_UI_INT_H

#include <stdbool.h>
#include <stdint.h>

/* Blinking is a function of the clock: a blink phase lasts 1 << UI_BLINK_SHIFT
 * ms (128), a refused column flashes twice as fast. */
#define UI_BLINK_SHIFT 7
#define UI_FLASH_SHIFT 6
#define UI_BLINK(now) ((now) >> UI_BLINK_SHIFT)

/* ui_screen.c: the one place the screen (view.screen) changes; the menu
 * opened over whatever was on (the game paused, the menu fresh). */
void ui_screen_set(uint8_t s);
void ui_screen_menu(void);

/* ui_draw.c: the picture, and what it reads of the state. ui_draw draws
 * the screen that is up and only reports: true, its text ran through. */
bool ui_draw(uint16_t now);
void ui_draw_init(void);
void ui_redraw(void);
void ui_title_skip(uint16_t now);
bool ui_demo_on(void);
uint8_t ui_pending_to(void);
bool ui_banner_up(uint16_t now);
void ui_banner_close(void);

/* ui_check.c: the board test's keys and picture. */
void ui_check_input(uint8_t pressed, uint16_t now);
void ui_check_draw(uint8_t *frame, uint16_t now);

/* ui_menu.c: the menu. ui_menu_input says what the controls do about the
 * press: nothing more, the buzz of a refusal (which also stops a held
 * key's repeat), or stop the repeat. */
enum { UI_MENU_OK, UI_MENU_DENY, UI_MENU_STOP };
bool ui_step(uint8_t *v, uint8_t n, bool back, bool held);
void ui_menu_open(void);
void ui_menu_text(uint16_t now);
uint8_t ui_menu_input(uint8_t pressed, bool b_short, bool held, uint16_t now);
void ui_menu_draw(uint8_t *frame, uint16_t now);
/* Add a sentence to the text in the language of the setting: words is
 * its UIW_* index (ui_words.h: English, then each other language). */
void ui_say(uint8_t words);

#endif
