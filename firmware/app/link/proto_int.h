/* proto_int.h - what the PC link's parts share. They call downwards only:
 * proto.c (the line and its dispatch) -> proto_cmd.c (the command table
 * and handlers) -> proto_name.c (a game's name) -> proto_words.c (the
 * line's words) and proto_log.c (every byte written to the PC: replies and
 * LOG lines). Nothing outside proto*.c includes it. */
#ifndef APP_PROTO_INT_H
#define APP_PROTO_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "game.h"

/* Reasons: the engine's and the game's refusals (enum order), then the
 * protocol's own (proto_reasons). R_CMD: the reply names the command
 * ("ERR MOVE ARGS"). */
enum { R_ARGS = GAME_ERR_OVER + 1, R_NAME, R_ITEM, R_VALUE, R_BUTTON, R_UNKNOWN, R_WAIT,
       R_FORM, R_WILD,                  /* GAME SUM: a rule not in that form, a wild misere sum */
       R_CODE,                          /* GAME OCTAL: not a code, or one with no move */
       R_NUMBER,                        /* a number no game has (proto_game_number) */
       R_OVERRUN, R_LONG, R_BINARY,     /* a bad line: the highest one is named */
       R_QUIET = 0x7F,                  /* a blank line: no reply */
       R_CMD = 0x80 };
_Static_assert(GAME_ERR_OVER == 11, "reasons follow enum engine_err and the GAME_ERR_* codes");

/* The command table (proto_cmd.c): the names, space separated, in the
 * order of the C_* numbers (PROGMEM), and the command being run. */
enum { PROTO_ARGS_NONE, PROTO_ARGS_WORDS };
extern const char *const proto_commands;
extern uint8_t proto_cmd;
/* "OK <command>": the handler adds the rest, proto.c the '\n'. */
void proto_reply_ok(void);
/* Run command proto_cmd on the rest of the line: 0 after writing its OK
 * reply (without the '\n'), or the R_* reason it refuses with before
 * changing anything. */
uint8_t proto_cmd_run(uint16_t now);
/* REVIEW's handler (proto_review.c: the game's mistakes). */
uint8_t proto_cmd_review(uint16_t now);

/* proto_words.c: the words of the line being run, from proto_words_start. */
void proto_words_start(char *line);
char *proto_word(void);
bool proto_at_end(void);
/* proto_list_find's word not in the list, proto_hex_digit's non-digit. */
#define PROTO_NONE 0xFF
uint8_t proto_list_find(const char *list, const char *w);
uint8_t proto_hex_digit(char c);
/* proto_number's "not a number up to max". */
#define PROTO_NAN 0xFFFFu
uint16_t proto_number(const char *w, uint16_t max);
uint16_t proto_next_num(uint16_t max);

/* proto_name.c: GAME's words from w on name a game (its number, or a
 * rule's whole name and then form words, or SUM and rules' names with
 * '+' between them, then form words): fills index (a SUM: its rules
 * become game.pos's ncols and rules, for the new game), 0; or the reason
 * it is refused, nothing changed: R_NAME after the '#' line listing the
 * games whose names begin with what was typed, a SUM's ENGINE_ERR_COLS,
 * R_FORM, R_WILD. */
uint8_t proto_name_game(char *w, uint8_t *index);
/* The game of number v on the link (its id, game.h: no new rule moves
 * it), GAME_NONE if none has it. Read up to PROTO_GAME_MAX, so that a
 * longer number is refused as a number (R_NUMBER), not as a name. */
#define PROTO_GAME_MAX 0xFFF
uint8_t proto_game_number(uint16_t v);
/* Your own game refused (game_unplayable's why): R_WILD where the code's
 * misere is wild, R_FORM where the toy does not play it (a run worth
 * over 7, a column misere Nim on the values misjudges, one heap of a
 * code that splits); 0 if played. */
uint8_t proto_own_refusal(uint8_t why);

/* proto_log.c: output. */
extern const char proto_none[];
void proto_out_P(const char *s);
void proto_out_c(char c);
void proto_out_sp(void);
void proto_out_nl(void);
void proto_out_num(uint16_t n);
void proto_out_snum(uint16_t n);
void proto_out_word(const char *list, uint8_t i);
void proto_out_fmt(const char *fmt, const uint8_t *v);
void proto_out_move(engine_move_t m);
void proto_out_list(const uint8_t *a, uint8_t n, bool rules);
void proto_sum_out(void);
/* A side's LOG tag: H/M against the machine, H1/H2 or M1/M2 otherwise. */
void proto_out_tag(uint8_t side);
/* "LOG " and a LOG line's word. */
enum { LOG_BOOT, LOG_NEW, LOG_MOVE, LOG_END, LOG_REVIEW, LOG_TEST };
void proto_log_start(uint8_t what);

#endif
