/* proto.h - the PC link: a line protocol on the UART (docs/protocol.md).
 *
 * Portable: the parser and the handler use only hal.h's uart_* writers and
 * the game's functions, so a host build can fuzz them. Bytes go in one at a
 * time; a line ends at '\n' ('\r' is ignored). Every line gets exactly one
 * reply line starting with OK or ERR (a few replies are preceded by '#'
 * lines); moves of every game are reported as they happen on LOG lines. */
#ifndef APP_PROTO_H
#define APP_PROTO_H

#include <stdint.h>

#include "engine.h"
#include "hal.h"

/* Longest accepted line (without its '\n'): room for POS with two hex
 * digits for every column ("POS =0304..."), at least 64. */
#define PROTO_LINE_MAX (BOARD_COLS * 2 + 8 > 64 ? BOARD_COLS * 2 + 8 : 64)

/* The streaming rule's window: bytes of unanswered lines a host may keep
 * in flight (VER says it as RX): what the receive ring holds. Every line
 * the toy accepts, with its "\r\n", fits in it. */
#define PROTO_RX_ROOM (HAL_UART_RX_SIZE - 1)
_Static_assert(PROTO_LINE_MAX + 2 <= PROTO_RX_ROOM, "the longest line must fit the streaming window");

/* One byte from uart_getc (HAL_UART_OVERRUN: bytes were lost). */
void proto_feed(int16_t c, uint16_t now);

/* Buttons held through PRESS/RELEASE, BTN_* bits: OR-ed with the real pins
 * before debouncing, so they take exactly the path a finger takes. */
uint8_t proto_buttons(void);

/* LOG lines, written as things happen. BOOT carries hal_init's reset
 * cause bits and whether a game was resumed. */
void proto_log_boot(uint8_t cause);
void proto_log_new(void);
void proto_log_move(uint8_t side, engine_move_t m);
void proto_log_end(uint8_t winner);
/* The review opened on the matrix at mistake i: its REVIEW
 * line as a LOG line (the browser page's console prints it). */
void proto_log_review(uint8_t i);
/* The board test (ui_check.c): LOG TEST and its word (ui_check_words). */
void proto_log_check(uint8_t what);

#endif
