/* proto_log.c - everything the PC link writes: the pieces every reply is
 * made of, and the LOG lines the game's events turn into (events.c). One
 * writer, as GRBL's report.c: the rest of the link calls it through a
 * narrow API (proto_int.h). */
#include "game.h"
#include "hal.h"
#include "pgm.h"
#include "proto.h"
#include "proto_int.h"
#include "text.h"
#include "ui.h"

/* " NONE": HINT, REVIEW and a refused name's '#' line say it; one copy
 * (a PSTR each was three). */
const char proto_none[] PROGMEM = " NONE";

/* Out of line, so the link's many writers call it here among the proto_*
 * functions (a 2-byte rcall: firmware.mk places code by name), not
 * uart_puts_P at the image's far end: smaller. */
NOINLINE void proto_out_P(const char *s) { uart_puts_P(s); }
/* The same for a character. */
NOINLINE void proto_out_c(char c) { uart_putc(c); }
void proto_out_sp(void) { proto_out_c(' '); }
void proto_out_nl(void) { proto_out_c('\n'); }
NOINLINE void proto_out_num(uint16_t n) { text_put_num(n, proto_out_c); }

void proto_out_snum(uint16_t n)
{
    proto_out_sp();
    proto_out_num(n);
}

/* Write word i of a flash list. */
void proto_out_word(const char *list, uint8_t i)
{
    text_put_word_P(list, i, proto_out_c);
}

/* Write a flash template, each '#' replaced by the next number of v.
 * Bytes: every number a template holds fits one (a wider one, as a
 * heap, is written by proto_out_num), and a byte is stored in one
 * instruction where a 16-bit value took three. */
void proto_out_fmt(const char *fmt, const uint8_t *v)
{
    char c;
    while ((c = PGM_CHAR(fmt++)) != 0) {
        if (c == '#')
            proto_out_num(*v++);
        else
            proto_out_c(c);
    }
}

NOINLINE void proto_out_move(engine_move_t m)
{
    proto_out_snum(m.col);
    proto_out_snum(m.to);
}

/* Numbers separated by commas: a position's columns, the settings, a
 * SUM's rules (rules: each engine index written as its rule's number). */
void proto_out_list(const uint8_t *a, uint8_t n, bool rules)
{
    for (uint8_t i = 0; i < n; i++) {
        if (i)
            proto_out_c(',');
        proto_out_num(rules ? game_rule_number(a[i]) : a[i]);
    }
}

/* The LOG tag of a side: "H"/"M" against the machine, "H1"/"H2" for two
 * players, "M1"/"M2" in a demo; written a letter at a time (no strings). */
void proto_out_tag(uint8_t side)
{
    proto_out_c(game_side_is_machine(side) ? 'M' : 'H');
    if (game.set[SET_OPP] != OPP_MACHINE)
        proto_out_c((char)('1' + side));
}

/* The LOG lines' words (LOG_*) in one list after one "LOG ": a PSTR a
 * line, each with its "LOG ", cost more flash. */
static const char log_words[] PROGMEM = "BOOT NEW MOVE END REVIEW TEST";

void proto_log_start(uint8_t what)
{
    proto_out_P(PSTR("LOG "));
    proto_out_word(log_words, what);
}

/* A LOG line about a side: its word and the side's tag. */
static void proto_log_side(uint8_t what, uint8_t side)
{
    proto_log_start(what);
    proto_out_sp();
    proto_out_tag(side);
}

/* ---- LOG lines: the listeners of the game's events (events.c) ------------- */

void proto_log_boot(uint8_t cause)
{
    proto_log_start(LOG_BOOT);
    proto_out_snum(cause);
    proto_out_snum(game.in_game);
    proto_out_nl();
    if (records_old()) {
        proto_out_P(PSTR("LOG RECORDS OLD"));     /* once: the boot wrote fresh settings */
        proto_out_nl();
    }
}

/* A SUM's columns' rules (their permanent numbers, as STATE's RULE), so
 * a host can restore it. */
NOINLINE void proto_sum_out(void)
{
    if (engine_is_sum(&game.pos)) {
        proto_out_P(PSTR(" RULES="));
        proto_out_list(game.pos.rules, game.pos.ncols, true);
    }
}

void proto_log_new(void)
{
    proto_log_start(LOG_NEW);
    proto_out_snum(game_id_of(game.pos.rule, game.pos.mode));  /* the game's number, as GAME's reply */
    proto_out_sp();
    proto_out_tag(game.turn);
    proto_sum_out();
    proto_out_nl();
}

void proto_log_move(uint8_t side, engine_move_t m)
{
    proto_log_side(LOG_MOVE, side);
    proto_out_move(m);
    proto_out_nl();
}

void proto_log_end(uint8_t winner)
{
    proto_log_side(LOG_END, winner);
    proto_out_nl();
}

void proto_log_check(uint8_t what)
{
    proto_log_start(LOG_TEST);
    proto_out_sp();
    proto_out_word(ui_check_words, what);
    proto_out_nl();
}
