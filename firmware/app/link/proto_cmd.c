/* proto_cmd.c - the PC link's commands: a table of name, argument shape
 * and handler (GRBL's way), run by proto.c once a line is whole. Each
 * handler refuses before it changes anything (the game functions do the
 * same), so a rejected line leaves the toy exactly as it was.
 *
 * Written for flash size (it once had to fit half today's flash): every
 * reply starts with the command's own word from the command list ("OK
 * MOVE"), and every refusal is one reason code whose words come from one
 * list, so no reply text is stored twice. */
#include "game.h"
#include "hal.h"
#include "pgm.h"
#include "proto.h"
#include "proto_int.h"
#include "store.h"
#include "ui.h"
#include "view.h"

/* The command table: name, the arguments it takes (NONE: anything after
 * the name is an error; WORDS: the handler reads them) and handler, in the
 * order HELP lists them. An X-macro, as rules.h's RULES: the list of
 * names, the C_* numbers and the dispatch are all made from it, and the
 * dispatch is a switch so LTO inlines each handler into it (a table of
 * function pointers measured bigger). */
#define PROTO_COMMANDS(X) \
    X(HELP, NONE, proto_cmd_help) \
    X(VER, NONE, proto_cmd_ver) \
    X(GAME, WORDS, proto_cmd_game) \
    X(NEW, NONE, proto_cmd_new) \
    X(POS, WORDS, proto_cmd_pos) \
    X(MOVE, WORDS, proto_cmd_move) \
    X(AI, NONE, proto_cmd_ai) \
    X(HINT, NONE, proto_cmd_hint) \
    X(GRUNDY, NONE, proto_cmd_grundy) \
    X(PRESS, WORDS, proto_cmd_press) \
    X(RELEASE, WORDS, proto_cmd_press) \
    X(FRAME, NONE, proto_cmd_frame) \
    X(SCORES, WORDS, proto_cmd_scores) \
    X(STATE, NONE, proto_cmd_state) \
    X(SET, WORDS, proto_cmd_set) \
    X(SAVE, NONE, proto_cmd_save) \
    X(REVIEW, WORDS, proto_cmd_review) \
    X(TEST, WORDS, proto_cmd_test)

#define CMD_ID(name, args, run) C_##name,
enum { PROTO_COMMANDS(CMD_ID) C_COUNT };
#undef CMD_ID

/* The names, each after a space: the list (proto_commands) starts at the
 * first name. */
#define CMD_NAME(name, args, run) " " #name
static const char command_names[] PROGMEM = PROTO_COMMANDS(CMD_NAME);
#undef CMD_NAME
_Static_assert(C_HELP == 0, "HELP lists the commands after its own name, the first");
const char *const proto_commands = command_names + 1;
uint8_t proto_cmd;

/* "OK <command>"; the handler adds the rest, proto.c the '\n'. */
void proto_reply_ok(void)
{
    proto_out_P(PSTR("OK "));
    proto_out_word(proto_commands, proto_cmd);
}

#define BUTTON_COUNT 6      /* the buttons' names: ui_check_words' first words, BTN_* bit order */
static const char setting_names[] PROGMEM = "GAME OPP FIRST LEVEL START SOUND BRIGHT OFF LANG";
static const char screen_names[] PROGMEM = "INTRO MENU TEST PLAY END";
static const char phase_names[] PROGMEM = "INPUT THINK SHOW OVER";

static uint8_t vbuttons;    /* held through PRESS/RELEASE */

uint8_t proto_buttons(void)
{
    return vbuttons;
}

/* The game a position or score command means: the one on the matrix while
 * a game is on, else the one chosen in the settings. */
static uint8_t proto_game_current(void)
{
    return game.running ? game_index() : game.set[SET_GAME];
}

/* The number (id) of game index, proto_game_current's: from the rule and
 * mode of a game on, with no walk of the list (test-link-cycles' bound). */
static uint8_t proto_game_id(uint8_t index)
{
    return game.running ? game_id_of(game.pos.rule, game.pos.mode) : game_id(index);
}

/* Out of line: its trial position (69 bytes on 32 columns) would otherwise
 * sit in the frame of every command the switch inlines (the stack under
 * REVIEW, the review's own position and its hint, went over 384 bytes). */
NOINLINE static uint8_t proto_cmd_pos(uint16_t now)
{
    engine_pos_t p = game.pos;  /* a SUM: the columns chosen with it (GAME SUM, the menu) */
    uint8_t n = 0, err;
    bool one;
    char *w;
    game_decode(proto_game_current(), &p.rule, &p.mode);
    one = engine_is_oneheap(&p);
    p.heap = 0;
    for (uint8_t c = 0; c < ENGINE_COLS; c++)
        p.col[c] = 0;
    w = proto_word();
    if (*w == '=' && !one) {
        /* Compact form for wide boards: two hex digits per column. */
        for (w++; *w; w += 2) {
            uint8_t hi = proto_hex_digit(w[0]), lo = proto_hex_digit(w[1]);
            if ((hi | lo) > 15 || n >= ENGINE_COLS)
                return R_CMD | R_ARGS;
            p.col[n++] = (uint8_t)(hi << 4 | lo);
        }
        w = proto_word();
        if (*w)
            return R_CMD | R_ARGS;
    }
    for (; *w; w = proto_word()) {
        uint16_t v = proto_number(w, one ? ENGINE_HEAP_MAX : 255);
        if (n >= (one ? 1 : ENGINE_COLS) || v == PROTO_NAN)
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
    if (engine_is_sum(&p) && n != game.pos.ncols)   /* a SUM: a value a column */
        return R_CMD | ENGINE_ERR_COLS;
    err = game_set_pos(&p, now);
    if (err)
        return R_CMD | err;
    proto_reply_ok();
    return 0;
}

static uint8_t proto_cmd_state(uint16_t now)
{
    game_t *const g = &game;
    uint8_t v[10];
    uint8_t index = proto_game_current();
    bool one = game_is_oneheap();
    (void)now;
    v[0] = proto_game_id(index);
    v[1] = game_rule_number(g->pos.rule);
    v[2] = g->pos.mode;
    v[3] = g->turn;
    proto_reply_ok();
    proto_out_P(PSTR(" SCR="));
    proto_out_word(screen_names, view.screen);
    proto_out_P(PSTR(" PH="));
    proto_out_word(phase_names, g->phase);
    proto_out_fmt(PSTR(" GAME=# RULE=# MODE=# TURN=# POS="), v);
    if (one)
        proto_out_num(g->pos.heap);
    else
        proto_out_list(g->pos.col, g->pos.ncols, false);
    proto_sum_out();
    v[1] = view.cur_col;
    v[2] = view.cur_row;
    proto_out_fmt(PSTR(" CUR=#,# PEND="), v + 1);
    proto_out_num(one ? view.pend_heap : view.pend);   /* a heap's: past a byte on 32 columns */
    v[4] = view.overlay;
    v[5] = g->in_game;
    game_score_t sc = game_score(index);
    v[6] = sc.wins;
    v[7] = sc.losses;
    v[8] = game_id(g->set[SET_GAME]);   /* by its number, as SET GAME takes it */
    proto_out_fmt(PSTR(" OV=# INGAME=# W=# L=# SET=#,"), v + 4);
    proto_out_list(g->set + 1, SET_COUNT - 1, false);
    v[8] = ui_menu_item();
    v[9] = store_busy();
    proto_out_fmt(PSTR(" MENU=# SAVE=#"), v + 8);
    return 0;
}

/* GRUNDY's report, before the final P|N. Columns: each column's value and
 * their nim-sum (normal play: P exactly when the sum is 0). One-heap: the
 * heap's value; in normal play it is the sum, in misere play the sum does
 * not decide who wins, so MISERE takes its place (EMPTY AND DIVIDE: the
 * same, with the two boxes' value). Misere play in columns:
 * proto_grundy_misere_out. */
static void proto_grundy_values_out(void)
{
    for (uint8_t c = 0; c < game.pos.ncols; c++)
        proto_out_snum(engine_col_grundy(&game.pos, c));
}

static void proto_grundy_sum_out(uint16_t s)
{
    proto_out_sp();
    proto_out_P(game_sum_name);
    proto_out_snum(s);
}

/* GRUNDY in a misere game in columns: what decides it, never a nim-sum
 * that P/N contradicts. A tame rule (misere Nim on the values): each
 * column's value, then SUM and the nim-sum while some column is worth 2 or
 * more (it is played as Nim), else ONES and how many are worth 1 (P when
 * odd): engine_misere_big decides. A wild rule (KAYLES): Q, each column's
 * element of the misere quotient, then ELEM and their product. The caller
 * adds P or N. */
static void proto_grundy_misere_out(void)
{
    const engine_pos_t *p = &game.pos;
    uint8_t ones;
    if (!engine_misere_wild(p->rule)) {
        proto_grundy_values_out();
        if (engine_misere_big(p, &ones)) {
            proto_grundy_sum_out(engine_nimsum(p));
        } else {
            proto_out_P(PSTR(" ONES"));
            proto_out_snum(ones);
        }
        return;
    }
    proto_out_P(PSTR(" Q"));
    for (uint8_t c = 0; c < p->ncols; c++) {
        proto_out_sp();
        proto_out_P(engine_misere_name(p->rule, engine_misere_elem(p, c)));
    }
    proto_out_P(PSTR(" ELEM "));
    proto_out_P(engine_misere_name(p->rule, engine_misere_elem(p, ENGINE_COL_ALL)));
}

/* A game of one value (one heap; EMPTY AND DIVIDE, whose two boxes are
 * not a sum: its normal-play value, engine_nimsum). Copied into its two
 * calls (size: smaller than the calls). */
static ALWAYS_INLINE void proto_grundy_game_out(uint16_t g)
{
    proto_out_snum(g);
    if (engine_is_misere(&game.pos))
        proto_out_P(game_misere_word);
    else
        proto_grundy_sum_out(g);
}

static uint8_t proto_cmd_help(uint16_t now)
{
    (void)now;
    proto_reply_ok();
    proto_out_P(command_names + sizeof " HELP" - 1);   /* the list after its own name */
    return 0;
}

static uint8_t proto_cmd_ver(uint16_t now)
{
    uint8_t n[4];
    (void)now;
    _Static_assert(BOARD_COLS <= 255 && PROTO_LINE_MAX <= 255 && PROTO_RX_ROOM <= 255, "VER's numbers are bytes");
    n[0] = BOARD_COLS;
    n[1] = GAME_COUNT;
    n[2] = PROTO_LINE_MAX;
    n[3] = PROTO_RX_ROOM;
    proto_reply_ok();
    proto_out_fmt(PSTR(" NIM " APP_VERSION " BOARD " BOARD_NAME " COLS # GAMES # LINE # RX #"), n);
    return 0;
}

/* GAME and NEW's reply: game index's number and name (index: after NEW,
 * the chosen game, no walk to find it; else proto_game_current's). */
static uint8_t proto_game_reply(uint8_t index)
{
    proto_reply_ok();
    proto_out_snum(proto_game_id(index));
    proto_out_sp();
    game_name_out(index, proto_out_P);
    return 0;
}

static uint8_t proto_cmd_new(uint16_t now)
{
    if (!game_new(now))     /* not started: why (game_unplayable) */
        return R_CMD | proto_own_refusal(game_unplayable(game.set[SET_GAME]));
    return proto_game_reply(game.set[SET_GAME]);
}

/* GAME alone names the game; GAME <name> chooses it and starts one, as NEW. */
static uint8_t proto_cmd_game(uint16_t now)
{
    uint8_t index, err;
    char *w = proto_word();
    if (!*w)
        return proto_game_reply(proto_game_current());
    err = proto_name_game(w, &index);   /* a SUM: its rules now game.pos's, for start_pos */
    if (err)
        return R_CMD | err;
    game_set(SET_GAME, index);      /* saved, with a code GAME OCTAL set */
    return proto_cmd_new(now);
}

/* MOVE and AI's reply: the move made. */
static uint8_t proto_move_reply(engine_move_t m)
{
    proto_reply_ok();
    proto_out_move(m);
    return 0;
}

static uint8_t proto_cmd_move(uint16_t now)
{
    uint16_t v, to;
    uint8_t err;
    engine_move_t m;
    /* <to> is a heap size (one-heap form) or a cell mask 0..255: the
     * engine judges which. */
    v = proto_next_num(255);
    to = proto_next_num(ENGINE_HEAP_MAX > 255 ? ENGINE_HEAP_MAX : 255);
    if (v == PROTO_NAN || to == PROTO_NAN || !proto_at_end())
        return R_CMD | R_ARGS;
    m.col = (uint8_t)v;
    m.to = to;
    err = game_move_human(m, now);
    if (err)
        return R_CMD | err;
    return proto_move_reply(m);
}

static uint8_t proto_cmd_ai(uint16_t now)
{
    engine_move_t m;
    if (!game_move_ai(&m, now))
        return R_CMD | GAME_ERR_NOGAME;
    return proto_move_reply(m);
}

/* Whether a game is on, as game_move_ai judges it: HINT and GRUNDY answer
 * as AI does without one (after power-on the position is empty, after the
 * end it has no move: nothing to judge). Out of line
 * (size: LTO copied it into its callers). */
NOINLINE static bool proto_game_on(void)
{
    return game.running && game.phase != PH_OVER;
}

static uint8_t proto_cmd_hint(uint16_t now)
{
    engine_move_t m;
    (void)now;
    if (!proto_game_on())
        return R_CMD | GAME_ERR_NOGAME;
    proto_reply_ok();
    if (engine_hint(&game.pos, &m))
        proto_out_move(m);
    else
        proto_out_P(proto_none);
    return 0;
}

static uint8_t proto_cmd_grundy(uint16_t now)
{
    (void)now;
    if (!proto_game_on())
        return R_CMD | GAME_ERR_NOGAME;
    proto_reply_ok();
    if (game_is_oneheap()) {
        proto_grundy_game_out(engine_oneheap_grundy(&game.pos));
    } else if (!engine_is_col_sum(&game.pos)) {
        proto_grundy_game_out(engine_nimsum(&game.pos));
    } else if (engine_is_misere(&game.pos)) {
        proto_grundy_misere_out();
    } else {
        proto_grundy_values_out();
        proto_grundy_sum_out(engine_nimsum(&game.pos));
    }
    proto_out_sp();
    proto_out_c(engine_is_p(&game.pos) ? 'P' : 'N');
    return 0;
}

/* PRESS and RELEASE: a button held or let go, as a finger would. */
static uint8_t proto_cmd_press(uint16_t now)
{
    uint8_t index = proto_list_find(ui_check_words, proto_word()), bit;
    (void)now;
    if (index >= BUTTON_COUNT || !proto_at_end())
        return R_BUTTON;
    bit = (uint8_t)(1u << index);
    vbuttons = (uint8_t)((vbuttons | bit) ^ (proto_cmd == C_PRESS ? 0 : bit));
    power_wake();   /* the next pass reads it, as a pin's interrupt makes it */
    proto_reply_ok();
    proto_out_sp();
    proto_out_word(ui_check_words, index);
    return 0;
}

static uint8_t proto_cmd_frame(uint16_t now)
{
    const uint8_t *f = ui_frame();
    (void)now;
    proto_reply_ok();
    proto_out_sp();
    /* Two hex digits a column: one nibble a pass, high first. */
    for (uint8_t i = 0; i < 2 * BOARD_COLS; i++) {
        uint8_t d = f[i >> 1];
        d = (uint8_t)(((i & 1 ? d : d >> 4) & 15) + '0');
        if (d > '9')
            d += 'A' - '9' - 1;
        proto_out_c((char)d);
    }
    return 0;
}

/* SCORES [<i> [<wins> <losses>]]: a game's score by its number (BINARY:
 * its columns game's); with both numbers a PC restores a dump. */
static uint8_t proto_cmd_scores(uint16_t now)
{
    uint16_t v, to;
    uint8_t n[3], index = proto_game_current();
    n[0] = proto_game_id(index);
    char *w = proto_word();
    (void)now;
    if (*w) {
        v = proto_number(w, PROTO_GAME_MAX);
        if (v == PROTO_NAN)
            return R_ARGS;
        index = proto_game_number(v);
        if (index == GAME_NONE)
            return R_CMD | R_NUMBER;
        n[0] = (uint8_t)v;
        w = proto_word();
        if (*w) {
            v = proto_number(w, 255);
            to = proto_next_num(255);
            if ((v | to) > 255 || !proto_at_end())
                return R_ARGS;
            game_set_score(index, (uint8_t)v, (uint8_t)to);
        }
    }
    game_score_t sc = game_score(index);
    n[1] = sc.wins;
    n[2] = sc.losses;
    proto_reply_ok();
    proto_out_fmt(PSTR(" # W # L #"), n);
    return 0;
}

static uint8_t proto_cmd_set(uint16_t now)
{
    uint16_t v;
    uint8_t index = proto_list_find(setting_names, proto_word());
    (void)now;
    if (index >= SET_COUNT)
        return R_CMD | R_ITEM;
    v = proto_next_num(255);
    /* GAME: a game's number, as GAME <i> takes it (none: GAME_NONE, refused) */
    if (v > 255 || !proto_at_end() || !game_set(index, index == SET_GAME ? proto_game_number(v) : (uint8_t)v))
        return R_CMD | R_VALUE;
    proto_reply_ok();
    proto_out_sp();
    proto_out_word(setting_names, index);
    proto_out_snum(v);
    return 0;
}

/* SAVE: a host writes what the wear limit holds back before it cuts the
 * power (nimlink restore); limited itself (store_flush_host). */
static uint8_t proto_cmd_save(uint16_t now)
{
    (void)now;
    if (!store_flush_host())
        return R_CMD | R_WAIT;
    proto_reply_ok();
    return 0;
}

/* TEST: the board test from its start (B held leaves it, as on the toy). */
static uint8_t proto_cmd_test(uint16_t now)
{
    if (!proto_at_end())
        return R_CMD | R_ARGS;
    ui_check_open(now);
    proto_reply_ok();
    return 0;
}

/* Commands that take no arguments, a bit each. */
#define CMD_NO_ARGS(name, args, run) | ((uint32_t)(PROTO_ARGS_##args == PROTO_ARGS_NONE) << C_##name)
#define NO_ARGS_ALL (0 PROTO_COMMANDS(CMD_NO_ARGS))
/* Tested in 16 bits (32-bit shifts cost flash): a command past the 16th takes words. */
typedef uint16_t no_args_t;
#define NO_ARGS ((no_args_t)NO_ARGS_ALL)
_Static_assert(C_COUNT <= 32 && NO_ARGS_ALL == NO_ARGS, "NO_ARGS holds a bit per command");

uint8_t proto_cmd_run(uint16_t now)
{
    if (proto_cmd < 8 * sizeof(no_args_t) && (NO_ARGS >> proto_cmd) & 1 && !proto_at_end())
        return R_ARGS;
#define CMD_CASE(name, args, run) case C_##name: return run(now);
    switch (proto_cmd) {
    PROTO_COMMANDS(CMD_CASE)
    }
#undef CMD_CASE
    return R_UNKNOWN;
}
