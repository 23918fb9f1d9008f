/* text.h - the PROGMEM 5x7 font and scrolling messages on the matrix.
 * A message is composed in a small RAM buffer (flash strings and numbers),
 * then drawn into rows 1..7 of a frame at a pixel offset; row 0 is left for
 * the menu's item indicator. */
#ifndef APP_TEXT_H
#define APP_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define TEXT_MAX 28         /* longest message: a game name with its mode */
#define TEXT_STEP_MS 45     /* one column of scrolling */

void text_clear(void);
void text_add_P(const char *s);     /* flash string */
void text_put(char c);             /* one character (the UI's packed words) */
/* Word i of a flash list of words separated by spaces (the link's lists). */
void text_add_word_P(const char *list, uint8_t i);
/* Word i of such a list through put: the one word writer, shared by the
 * matrix and the PC link (proto_out_word), as text_put_num below. */
void text_put_word_P(const char *list, uint8_t i, void (*put)(char c));
void text_add_num(uint8_t n);     /* the matrix writes numbers below 256 */
/* Decimal digits of n through put: the one number writer of the firmware,
 * shared by the matrix and the PC link (uart_putc). */
void text_put_num(uint16_t n, void (*put)(char c));
/* Restart the scroll: from the left edge (menu labels, readable at once)
 * or entering from the right (messages, title). */
void text_start(uint16_t now, bool from_right);
/* Draw the current scroll position into frame (ORs rows 1..7). Returns
 * true once a whole pass has gone by since text_start. */
bool text_draw(uint8_t frame[BOARD_COLS], uint16_t now);

#endif
