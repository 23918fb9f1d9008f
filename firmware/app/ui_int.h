/* ui_int.h - what the three parts of the screen (ui_menu.c, ui_play.c,
 * ui_draw.c) share among themselves; nothing outside ui_*.c includes it. */
#ifndef APP_UI_INT_H
#define APP_UI_INT_H

#include <stdbool.h>
#include <stdint.h>

/* Blinking is a function of the clock: a blink phase lasts 1 << UI_BLINK_SHIFT
 * ms (128), a refused column flashes twice as fast. */
#define UI_BLINK_SHIFT 7
#define UI_FLASH_SHIFT 6
#define UI_BLINK(now) ((now) >> UI_BLINK_SHIFT)

/* ui_play.c: the controls. */
bool ui_demo_on(void);
void ui_deny(void);
void ui_repeat_stop(void);
bool ui_step(uint8_t *v, uint8_t n, bool back, bool held);
uint8_t ui_pending_to(void);
bool ui_banner_up(uint16_t now);

/* ui_menu.c: the menu. */
void ui_menu_open(void);
void ui_menu_text(uint16_t now);
void ui_menu_input(uint8_t pressed, bool b_short, bool held, uint16_t now);
void ui_menu_draw(uint8_t *frame, uint16_t now);

/* ui_draw.c: the picture. */
void ui_redraw(void);
void ui_title_skip(uint16_t now);

#endif
