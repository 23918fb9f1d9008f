/* proto.c - the PC link's line assembler, parser and command handler.
 * A line is checked whole before anything is done: bad bytes, a line over
 * PROTO_LINE_MAX or lost bytes make the line an ERR and nothing else; a
 * command refuses before it changes anything (the game functions do the
 * same), so a rejected line leaves the toy exactly as it was.
 *
 * A host streams under a rule (README.md): it keeps at most PROTO_RX_ROOM
 * bytes of unanswered lines in flight, so the receive ring never overflows
 * whatever a command costs; a line lost all the same is answered ERR
 * OVERRUN, so replies and lines always pair up.
 *
 * Written for flash size (it once had to fit 16 KB with the rest): every reply
 * starts with the command's own word from the command list ("OK MOVE"), and
 * every refusal is one reason code whose words come from one list, so no
 * reply text is stored twice. */
#include "proto.h"

#include "game.h"
#include "hal.h"
#include "pgm.h"
#include "store.h"
#include "text.h"
#include "ui.h"

static char line[PROTO_LINE_MAX + 1];
static uint8_t line_len;
static uint8_t line_bad;    /* 0, or the R_* reason the whole line is refused for */
static uint8_t vbuttons;
static uint8_t cmd;         /* the command being run (C_*) */
static char *cursor;        /* next unparsed character of the line */

/* Commands, in C_* order; HELP prints this list. */
static const char commands[] PROGMEM =
    "HELP VER GAME NEW POS MOVE AI HINT GRUNDY PRESS RELEASE FRAME SCORES STATE SET";
enum { C_HELP, C_VER, C_GAME, C_NEW, C_POS, C_MOVE, C_AI, C_HINT, C_GRUNDY,
       C_PRESS, C_RELEASE, C_FRAME, C_SCORES, C_STATE, C_SET };
/* Commands that take no arguments: anything after them is an error. */
#define NO_ARGS ((1u << C_HELP) | (1u << C_VER) | (1u << C_NEW) | (1u << C_AI) \
        | (1u << C_HINT) | (1u << C_GRUNDY) | (1u << C_FRAME) | (1u << C_STATE))

/* Reasons: the engine's and the game's refusals (enum order), then the
 * protocol's own. R_CMD: the reply names the command ("ERR MOVE ARGS"). */
static const char reasons[] PROGMEM =
    "OK RULE MODE COLS HEIGHT HEAP ADJ COL ILLEGAL NOGAME TURN OVER "
    "ARGS NAME ITEM VALUE BUTTON UNKNOWN OVERRUN LONG BINARY";
enum { R_ARGS = GAME_ERR_OVER + 1, R_NAME, R_ITEM, R_VALUE, R_BUTTON, R_UNKNOWN,
       R_OVERRUN, R_LONG, R_BINARY,     /* a bad line: the highest one is named */
       R_QUIET = 0x7F,                  /* a blank line: no reply */
       R_CMD = 0x80 };
_Static_assert(GAME_ERR_OVER == 11, "reasons follow enum engine_err and the GAME_ERR_* codes");
/* number() works in 16 bits: a value up to max, times 16, plus a digit. */
_Static_assert(ENGINE_HEAP_MAX <= 4095, "number() needs max * 16 + 15 < 65536");

static const char button_names[] PROGMEM = "UP DOWN LEFT RIGHT A B";
static const char setting_names[] PROGMEM = "GAME OPP FIRST LEVEL START SOUND BRIGHT OFF";
static const char screen_names[] PROGMEM = "INTRO MENU PLAY END";
static const char phase_names[] PROGMEM = "INPUT THINK SHOW OVER";

/* ---- output ---------------------------------------------------------------- */

static void out_P(const char *s) { uart_puts_P(s); }
static void out_sp(void) { uart_putc(' '); }
NOINLINE static void out_nl(void) { uart_putc('\n'); }
NOINLINE static void out_num(uint16_t n) { text_put_num(n, uart_putc); }

static void out_snum(uint16_t n)
{
    out_sp();
    out_num(n);
}

/* Write word i of a flash list. */
static void list_out(const char *list, uint8_t i)
{
    char c;
    while (i)
        if (PGM_CHAR(list++) == ' ')
            i--;
    while ((c = PGM_CHAR(list++)) != 0 && c != ' ')
        uart_putc(c);
}

/* Write a flash template, each '#' replaced by the next number of v. */
static void out_fmt(const char *fmt, const uint16_t *v)
{
    char c;
    while ((c = PGM_CHAR(fmt++)) != 0) {
        if (c == '#')
            out_num(*v++);
        else
            uart_putc(c);
    }
}

NOINLINE static void out_move(engine_move_t m)
{
    out_snum(m.col);
    out_snum(m.to);
}

/* "OK <command>"; the caller adds the rest, line_run the '\n'. */
static void reply_ok(void)
{
    out_P(PSTR("OK "));
    list_out(commands, cmd);
}

/* The LOG tag of a side: "H"/"M" against the machine, "H1"/"H2" for two
 * players, "M1"/"M2" in a demo; written a letter at a time (no strings). */
static void out_tag(uint8_t side)
{
    uart_putc(game_side_is_machine(side) ? 'M' : 'H');
    if (game.set[SET_OPP] != OPP_MACHINE)
        uart_putc((char)('1' + side));
}

static void log_start(const char *what, uint8_t side)
{
    out_P(PSTR("LOG "));
    out_P(what);
    out_tag(side);
}

/* ---- LOG lines --------------------------------------------------------------- */

void proto_log_boot(uint8_t cause)
{
    out_P(PSTR("LOG BOOT"));
    out_snum(cause);
    out_snum(game.in_game);
    out_nl();
}

__attribute__((noinline)) void proto_log_new(void)
{
    out_P(PSTR("LOG NEW"));
    out_snum(game_index());
    out_sp();
    out_tag(game.turn);
    out_nl();
}

void proto_log_move(uint8_t side, engine_move_t m)
{
    log_start(PSTR("MOVE "), side);
    out_move(m);
    out_nl();
}

void proto_log_end(uint8_t winner)
{
    log_start(PSTR("END "), winner);
    out_nl();
}

uint8_t proto_buttons(void)
{
    return vbuttons;
}

/* ---- parsing ----------------------------------------------------------------- */

/* The next space-separated word, NUL-terminated in place; "" at the end. */
static char *word(void)
{
    char *w;
    while (*cursor == ' ')
        cursor++;
    w = cursor;
    while (*cursor && *cursor != ' ')
        cursor++;
    if (*cursor)
        *cursor++ = 0;
    return w;
}

static bool at_end(void)
{
    return !*word();
}

/* Word lists in flash, space separated: the index of w in list, or 0xFF. */
static uint8_t list_find(const char *list, const char *w)
{
    for (uint8_t i = 0;; i++) {
        const char *p = w;
        char c;
        while ((c = PGM_CHAR(list)) == *p && c) {
            list++;
            p++;
        }
        if (!*p && (c == ' ' || !c))
            return i;
        while ((c = PGM_CHAR(list)) != 0 && c != ' ')
            list++;
        if (!c)
            return 0xFF;
        list++;
    }
}

/* A hex digit's value, 0xFF for anything else (decimal callers check < 10). */
static uint8_t hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return (uint8_t)(c - '0');
    if (c >= 'A' && c <= 'F')
        return (uint8_t)(c - 'A' + 10);
    return 0xFF;
}

/* A decimal (or 0x hex) number up to max; false for anything else. */
static bool number(const char *w, uint16_t max, uint16_t *v)
{
    uint16_t n = 0;
    uint8_t base = 10;
    if (w[0] == '0' && w[1] == 'X') {
        base = 16;
        w += 2;
    }
    /* At least one digit: an empty word ("", "0X") fails at its NUL. */
    do {
        uint8_t d = hex_digit(*w);
        if (d >= base)
            return false;
        n = (uint16_t)(n * base + d);
        if (n > max)
            return false;
    } while (*++w);
    *v = n;
    return true;
}

/* The next word as a number up to max. */
static bool next_num(uint16_t max, uint16_t *v)
{
    return number(word(), max, v);
}

/* The game a position or score command means: the one on the matrix while
 * a game is on, else the one chosen in the settings. */
NOINLINE static uint8_t game_current(void)
{
    return game.screen == SCR_PLAY ? game_index() : game.set[SET_GAME];
}

/* Whether word w names a game; fills index. Name words may be followed by
 * ONE and/or MISERE, or the word is the game's number. */
static bool parse_game(char *w, uint8_t *index)
{
    char name[20];     /* the longest rule name (rules.h) and a space */
    uint8_t n = 0, mode = 0;
    uint16_t v;
    if (number(w, GAME_COUNT - 1, &v)) {
        *index = (uint8_t)v;
        return at_end();
    }
    for (; *w; w = word()) {
        uint8_t k = list_find(PSTR("ONE MISERE"), w);
        if (k < 2) {
            mode |= (uint8_t)(k + 1);   /* ENGINE_ONEHEAP, ENGINE_MISERE */
        } else {
            if (n)
                name[n++] = ' ';
            while (*w && n < sizeof name - 1)
                name[n++] = *w++;
            if (*w)
                return false;
        }
        if (n >= sizeof name - 1)
            return false;
    }
    name[n] = 0;
    for (uint8_t r = 0; r < RULE_COUNT; r++)
        if (!list_find(engine_rule_name(r), name)) {
            *index = game_find(r, mode);
            return *index != 0xFF;
        }
    return false;
}
_Static_assert(ENGINE_ONEHEAP == 1 && ENGINE_MISERE == 2, "parse_game maps ONE, MISERE to mode bits");

/* ---- commands: each returns 0 after writing its OK reply (without the
 * '\n'), or the R_* reason it refuses with before changing anything. ---- */

static uint8_t cmd_pos(uint16_t now)
{
    engine_pos_t p;
    uint8_t n = 0, err;
    bool one;
    char *w;
    game_decode(game_current(), &p.rule, &p.mode);
    one = p.mode & ENGINE_ONEHEAP;
    p.heap = 0;
    for (uint8_t c = 0; c < ENGINE_COLS; c++)
        p.col[c] = 0;
    w = word();
    if (*w == '=' && !one) {
        /* Compact form for wide boards: two hex digits per column. */
        for (w++; *w; w += 2) {
            uint8_t hi = hex_digit(w[0]), lo = hex_digit(w[1]);
            if ((hi | lo) > 15 || n >= ENGINE_COLS)
                return R_CMD | R_ARGS;
            p.col[n++] = (uint8_t)(hi << 4 | lo);
        }
        w = word();
        if (*w)
            return R_CMD | R_ARGS;
    }
    for (; *w; w = word()) {
        uint16_t v;
        if (n >= (one ? 1 : ENGINE_COLS) || !number(w, one ? ENGINE_HEAP_MAX : 255, &v))
            return R_CMD | R_ARGS;
        if (one)
            p.heap = v;
        else
            p.col[n] = (uint8_t)v;
        n++;
    }
    if (!n)
        return R_CMD | R_ARGS;
    p.ncols = one ? 1 : n;
    err = game_set_pos(&p, now);
    if (err)
        return R_CMD | err;
    reply_ok();
    return 0;
}

/* Numbers separated by commas: a position's columns, the settings. */
static void out_list(const uint8_t *a, uint8_t n)
{
    for (uint8_t i = 0; i < n; i++) {
        if (i)
            uart_putc(',');
        out_num(a[i]);
    }
}

static uint8_t cmd_state(void)
{
    game_t *const g = game_ptr();
    uint16_t v[9];
    v[0] = game_current();
    v[1] = g->pos.rule;
    v[2] = g->pos.mode;
    v[3] = g->turn;
    reply_ok();
    out_P(PSTR(" SCR="));
    list_out(screen_names, g->screen);
    out_P(PSTR(" PH="));
    list_out(phase_names, g->phase);
    out_fmt(PSTR(" GAME=# RULE=# MODE=# TURN=# POS="), v);
    if (game_is_oneheap())
        out_num(g->pos.heap);
    else
        out_list(g->pos.col, g->pos.ncols);
    v[1] = view.cur_col;
    v[2] = view.cur_row;
    v[3] = game_is_oneheap() ? view.pend_heap : view.pend;
    v[4] = view.overlay;
    v[5] = g->in_game;
    v[6] = game_score((uint8_t)v[0], 0);
    v[7] = game_score((uint8_t)v[0], 1);
    out_fmt(PSTR(" CUR=#,# PEND=# OV=# INGAME=# W=# L=# SET="), v + 1);
    out_list(g->set, SET_COUNT);
    v[7] = ui_menu_item();
    v[8] = store_busy();
    out_fmt(PSTR(" MENU=# SAVE=#"), v + 7);
    return 0;
}

/* GRUNDY's report, before the final P|N. Columns: each column's value and
 * their nim-sum (normal play: P exactly when the sum is 0). One-heap: the
 * heap's value; in normal play it is the sum, in misere play the sum does
 * not decide who wins, so MISERE takes its place. Misere play in columns:
 * grundy_misere. */
static void grundy_columns_out(void)
{
    for (uint8_t c = 0; c < game.pos.ncols; c++)
        out_snum(engine_col_grundy(&game.pos, c));
    out_P(PSTR(" SUM"));
    out_snum(engine_nimsum(&game.pos));
}

/* GRUNDY in a misere game in columns: what decides it, never a nim-sum
 * that P/N contradicts. A tame rule (misere Nim on the values): each
 * column's value, then SUM and the nim-sum while some column is worth 2 or
 * more (it is played as Nim), else ONES and how many are worth 1 (P when
 * odd). A wild rule (KAYLES): Q, each column's element of the misere
 * quotient, then ELEM and their product. The caller adds P or N. */
static void grundy_misere(void)
{
    const engine_pos_t *p = &game.pos;
    bool wild = engine_misere_wild(p->rule);
    uint8_t big = 0, ones = 0;
    if (wild)
        out_P(PSTR(" Q"));
    for (uint8_t c = 0; c < p->ncols; c++) {
        uint8_t v = wild ? engine_misere_elem(p, c) : engine_col_grundy(p, c);
        if (wild) {
            out_sp();
            out_P(engine_misere_name(p->rule, v));
        } else {
            out_snum(v);
        }
        big |= v > 1;
        ones += v == 1;
    }
    if (wild) {
        out_P(PSTR(" ELEM "));
        out_P(engine_misere_name(p->rule, engine_misere_elem(p, 0xFF)));
    } else if (big) {
        out_P(PSTR(" SUM"));
        out_snum(engine_nimsum(p));
    } else {
        out_P(PSTR(" ONES"));
        out_snum(ones);
    }
}

/* Is taking k stones from a heap of n legal in the current game's rule? */
static bool oneheap_take_ok(uint16_t n, uint16_t k)
{
    engine_pos_t p;
    engine_move_t m;
    p.rule = game.pos.rule;
    p.mode = ENGINE_ONEHEAP;
    p.ncols = 1;
    p.heap = n;
    m.col = 0;
    m.to = (uint16_t)(n - k);
    return !engine_check_move(&p, m);
}

/* The Grundy value of the one heap, by the mex rule itself. Every octal
 * code the heap rules use takes at most ONEHEAP_WINDOW stones, unless it
 * takes any number (then the value is the heap: NIM) or up to half the
 * heap (AT MOST HALF: then g(2n) = n and g(2n+1) = g(n), which follows
 * from the mex rule by induction; tests/link checks every heap against
 * build/grundy). Finite codes: the legal takes are probed once (emptying
 * the heap and leaving some are separate digits of the code), the last
 * ONEHEAP_WINDOW values kept in a ring as bits (1 << g), so the values a
 * heap reaches are an OR and their mex is the lowest clear bit: ~20,000
 * cycles for 256 stones. */
#define ONEHEAP_WINDOW 8
_Static_assert(ONEHEAP_WINDOW == RULE_MAX_DIGITS, "one-heap window covers every octal digit");
NOINLINE static uint16_t oneheap_grundy(uint16_t n)
{
    uint16_t big = ENGINE_HEAP_MAX, win[ONEHEAP_WINDOW], bit = 1;
    uint8_t takes[ONEHEAP_WINDOW], ntakes = 0, empties = 0, g;
    if (oneheap_take_ok(big, big))
        return n;                           /* any number: NIM */
    if (oneheap_take_ok(big, ONEHEAP_WINDOW + 1)) {
        while (n & 1)                       /* up to half: AT MOST HALF */
            n >>= 1;
        return n >> 1;
    }
    for (uint8_t k = ONEHEAP_WINDOW; k > 0; k--) {
        empties = (uint8_t)(empties << 1 | oneheap_take_ok(k, k));
        if (oneheap_take_ok(big, k))
            takes[ntakes++] = k;
    }
    for (uint16_t h = 0; h <= n; h++) {
        uint16_t seen = 0;
        if (h <= ONEHEAP_WINDOW) {          /* small heaps: the emptying takes too */
            for (uint8_t k = 1; k < h; k++)
                for (uint8_t i = 0; i < ntakes; i++)
                    if (takes[i] == k)
                        seen |= win[(uint8_t)(h - k) % ONEHEAP_WINDOW];
            if (h && ((empties >> (h - 1)) & 1))
                seen |= win[0];
        } else {
            for (uint8_t i = 0; i < ntakes; i++)
                seen |= win[(uint8_t)((uint8_t)h - takes[i]) % ONEHEAP_WINDOW];
        }
        bit = (uint16_t)(~seen & (seen + 1));
        win[(uint8_t)h % ONEHEAP_WINDOW] = bit;
    }
    for (g = 0; bit >>= 1; g++)
        ;
    return g;
}

static void grundy_oneheap_out(void)
{
    uint16_t g = oneheap_grundy(game.pos.heap);
    out_snum(g);
    if (game.pos.mode & ENGINE_MISERE) {
        out_P(PSTR(" MISERE"));
    } else {
        out_P(PSTR(" SUM"));
        out_snum(g);
    }
}

static uint8_t line_run(uint16_t now)
{
    uint8_t index;
    uint16_t v, to;
    engine_move_t m;
    char *w;
    cursor = line;
    w = word();
    if (!*w)
        return R_QUIET;     /* blank line: nothing to answer */
    cmd = list_find(commands, w);
    if (cmd == 0xFF)
        return R_UNKNOWN;
    if ((NO_ARGS >> cmd) & 1 && !at_end())
        return R_ARGS;
    switch (cmd) {
    case C_HELP:
        reply_ok();
        out_P(commands + 4);    /* the list after its own "HELP" */
        break;
    case C_VER: {
        uint16_t n[4];
        n[0] = BOARD_COLS;
        n[1] = GAME_COUNT;
        n[2] = PROTO_LINE_MAX;
        n[3] = PROTO_RX_ROOM;
        reply_ok();
        out_fmt(PSTR(" NIM " APP_VERSION " BOARD " BOARD_NAME " COLS # GAMES # LINE # RX #"), n);
        break;
    }
    case C_GAME:
        w = word();
        if (!*w)
            goto game_reply;
        if (!parse_game(w, &index))
            return R_CMD | R_NAME;
        game_set(SET_GAME, index);
        game_save_settings();
        /* a new game of it, as NEW */
        /* fall through */
    case C_NEW:
        game_new(now);
    game_reply:
        index = game_current();
        reply_ok();
        out_snum(index);
        out_sp();
        game_name_out(index, uart_puts_P);
        break;
    case C_POS:
        return cmd_pos(now);
    case C_MOVE:
        /* <to> is a heap size (one-heap form) or a cell mask 0..255: the
         * engine judges which. */
        if (!next_num(255, &v) || !next_num(ENGINE_HEAP_MAX > 255 ? ENGINE_HEAP_MAX : 255, &to)
                || !at_end())
            return R_CMD | R_ARGS;
        m.col = (uint8_t)v;
        m.to = to;
        index = game_move_human(m, now);
        if (index)
            return R_CMD | index;
        goto move_reply;
    case C_AI:
        if (!game_move_ai(&m, now))
            return R_CMD | GAME_ERR_NOGAME;
    move_reply:
        reply_ok();
        out_move(m);
        break;
    case C_HINT:
        reply_ok();
        if (engine_hint(&game.pos, &m))
            out_move(m);
        else
            out_P(PSTR(" NONE"));
        break;
    case C_GRUNDY:
        reply_ok();
        if (game_is_oneheap())
            grundy_oneheap_out();
        else if (game.pos.mode & ENGINE_MISERE)
            grundy_misere();
        else
            grundy_columns_out();
        out_sp();
        uart_putc(engine_is_p(&game.pos) ? 'P' : 'N');
        break;
    case C_PRESS:
    case C_RELEASE:
        index = list_find(button_names, word());
        if (index >= 6 || !at_end())
            return R_BUTTON;
        to = (uint8_t)(1u << index);
        vbuttons = (uint8_t)((vbuttons | to) ^ (cmd == C_PRESS ? 0 : to));
        reply_ok();
        out_sp();
        list_out(button_names, index);
        break;
    case C_FRAME: {
        const uint8_t *f = ui_frame();
        reply_ok();
        out_sp();
        /* Two hex digits a column: one nibble a pass, high first. */
        for (uint8_t i = 0; i < 2 * BOARD_COLS; i++) {
            uint8_t d = f[i >> 1];
            d = (uint8_t)(((i & 1 ? d : d >> 4) & 15) + '0');
            if (d > '9')
                d += 'A' - '9' - 1;
            uart_putc((char)d);
        }
        break;
    }
    case C_SCORES: {
        uint16_t n[3];
        index = game_current();
        w = word();
        if (*w) {
            if (!number(w, GAME_COUNT - 1, &v))
                return R_ARGS;
            index = (uint8_t)v;
            w = word();
            if (*w) {   /* SCORES <i> <wins> <losses>: a PC restores a dump */
                if (!number(w, 255, &v) || !next_num(255, &to) || !at_end())
                    return R_ARGS;
                game_set_score(index, (uint8_t)v, (uint8_t)to);
            }
        }
        n[1] = game_score(index, 0);
        n[2] = game_score(index, 1);
        n[0] = index;
        reply_ok();
        out_fmt(PSTR(" # W # L #"), n);
        break;
    }
    case C_STATE:
        return cmd_state();
    default:    /* C_SET */
        index = list_find(setting_names, word());
        if (index >= SET_COUNT)
            return R_CMD | R_ITEM;
        if (!next_num(255, &v) || !at_end() || !game_set(index, (uint8_t)v))
            return R_CMD | R_VALUE;
        game_save_settings();
        ui_settings_changed();
        reply_ok();
        out_sp();
        list_out(setting_names, index);
        out_snum(v);
        break;
    }
    return 0;
}

/* The end of a line: its reply (none for a blank line), then a new line. */
static void line_end(uint16_t now)
{
    uint8_t r;
    line[line_len] = 0;
    r = line_bad ? line_bad : line_run(now);
    if (r != R_QUIET) {
        if (r) {
            out_P(PSTR("ERR "));
            if (r & R_CMD) {
                list_out(commands, cmd);
                out_sp();
            }
            list_out(reasons, r & 0x7F);
        }
        out_nl();
    }
    line_len = 0;
    line_bad = 0;
}

void proto_feed(int16_t c, uint16_t now)
{
    uint8_t b = (uint8_t)c;
    if (c < 0) {
        /* Bytes were lost: b = -1 - (2 * the line ends lost + 1 if the
         * line being received lost bytes). */
        for (b = (uint8_t)~b; b > 1; b -= 2) {
            line_bad = R_OVERRUN;
            line_end(now);
        }
        if (b && line_bad < R_OVERRUN)
            line_bad = R_OVERRUN;
        return;
    }
    if (b == '\n') {
        line_end(now);
        return;
    }
    if (b == '\r')
        return;
    if (b == '\t')
        b = ' ';
    if ((uint8_t)(b - ' ') > '~' - ' ') {
        line_bad = R_BINARY;    /* the highest: always named */
        return;
    }
    if (line_len >= PROTO_LINE_MAX) {
        if (line_bad < R_LONG)
            line_bad = R_LONG;
        return;
    }
    if ((uint8_t)(b - 'a') <= 'z' - 'a')
        b = (uint8_t)(b - 'a' + 'A');
    line[line_len++] = (char)b;
}
