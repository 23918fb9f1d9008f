/* game.c - the toy's state machine behind the screens: which game, whose
 * turn, the machine's think-then-show turn, the end of a game and its
 * score, and the game in progress kept through a power cut (the game
 * record, saved after every completed move). The settings (game_settings.c)
 * sit above it and call in through game_int.h; the records' layout is
 * game_records.c's. */
#include "game.h"

#include <stddef.h>
#include <string.h>

#include "game_events.h"
#include "game_int.h"
#include "pgm.h"
#include "tables.h"

/* The game record (game_records.h): the position after the last
 * completed move, the game's number and its review, saved straight from
 * game.saved (the order of the rules its indices are in), game.turn,
 * game.pos, game.number and game.rv.
 *
 * The end of a game is two records: the result goes into the scores
 * (settings record, counted = the game's number), then the game record is
 * cleared; store.c always writes the settings first. A power cut between
 * the two leaves the game record of a game whose number is counted: boot
 * drops it, so the result is counted once and the game never resumes
 * before its last move. A cut before the settings commit leaves the game
 * before its last move, uncounted. A game being given up (game_abandon)
 * is the same. A game's number is the last counted + 1, so a record of a
 * game not counted never carries the counted number. */
_Static_assert(offsetof(game_t, turn) - offsetof(game_t, saved) == offsetof(game_rec_t, turn)
                   && offsetof(game_t, pos) - offsetof(game_t, saved) == offsetof(game_rec_t, pos)
                   && offsetof(game_t, number) - offsetof(game_t, saved) == offsetof(game_rec_t, number)
                   && offsetof(game_t, rv) - offsetof(game_t, saved) == offsetof(game_rec_t, rv)
                   && sizeof(game_t) - offsetof(game_t, saved) >= sizeof(game_rec_t),
               "game.saved, game.turn and game.pos are not laid out as a game record");

/* Each level's chance in 256 of a random move (engine_reply's mistake). */
static const uint8_t mistakes[LEVEL_COUNT] PROGMEM = {
    [LEVEL_EASY] = 256 * 3 / 8, [LEVEL_MEDIUM] = 256 / 8, [LEVEL_PERFECT] = 0,
};

/* The record of the game in progress; cleared (len 0) when none is. Only
 * requested: the main loop writes it after the frame is drawn. Its length
 * is what the review holds, not the whole buffer: a save is no slower. */
static void game_save(void)
{
    records_save_game(game.saved, game.in_game ? (uint8_t)(RECORDS_GAME_MIN + game.rv.used) : 0);
}

uint8_t game_index(void)
{
    return game_find(game.pos.rule, game.pos.mode);
}

bool game_side_is_machine(uint8_t side)
{
    return game.set[SET_OPP] == OPP_DEMO || (game.set[SET_OPP] == OPP_MACHINE && side);
}

bool game_player_beat_machine(void)
{
    return game.set[SET_OPP] == OPP_MACHINE && !game.winner;
}

bool game_human_input(void)
{
    return game.phase == PH_INPUT && !game_side_is_machine(game.turn);
}

NOINLINE uint8_t game_mistake(void)
{
    return PGM_U8(&mistakes[game.set[SET_LEVEL]]);   /* in range: game_set checks */
}

/* Copied into its callers: one bit test is smaller than a call. */
ALWAYS_INLINE bool game_is_oneheap(void)
{
    return engine_is_oneheap(&game.pos);
}

NOINLINE bool game_has_teach(void)
{
    return engine_is_col_sum(&game.pos);
}

/* A column of the start position holding a "heap of n" in the rule's form
 * (start_pos calls it twice: NOINLINE, compiler.h). */
NOINLINE static uint8_t start_col(uint8_t form, uint8_t n)
{
    switch (form) {
    case FORM_HEAP: return n;
    case FORM_CELLS: return n >= 7 ? 0 : (uint8_t)(1u << (n + 1)); /* n free cells below a mark */
    default: return engine_lamps(n);   /* n pins / heads */
    }
}

/* The presets' heaps, START_345 and START_1357; a SUM of more columns
 * repeats them (3 4 5 3 3 4 5 3 ...). */
static const uint8_t presets[2][4] PROGMEM = {{3, 4, 5, 3}, {1, 3, 5, 7}};

/* A SUM keeps the columns and rules chosen (p->ncols, p->rules: the menu
 * or GAME SUM set them), or two NIM columns if those cannot be played in
 * the form chosen. Left to LTO (in game_new, its one caller): out of line
 * it was bigger since the link places code by name. */
static void start_pos(engine_pos_t *p, uint8_t index, uint8_t start)
{
    game_decode(index, &p->rule, &p->mode);
    engine_own_pack(p);     /* your own game: the game record keeps the code */
    bool sum = engine_is_sum(p);
    p->heap = 0;
    for (uint8_t c = 0; c < ENGINE_COLS; c++)
        p->col[c] = 0;
    if (sum && engine_check_pos(p) != ENGINE_OK) {
        p->ncols = 2;
        p->rules[0] = p->rules[1] = RULE_NIM;
    }
    for (uint8_t tries = 0; tries < 2; tries++) {
        if (engine_is_oneheap(p)) {
            /* Random: 8..ENGINE_HEAP_MAX, scaled from a byte (no division). */
            p->ncols = 1;
            p->heap = start == START_345 ? 12 : start == START_1357 ? 16
                    : start == START_FULL ? ENGINE_HEAP_MAX
                    : (uint16_t)(8 + (engine_random() * (ENGINE_HEAP_MAX - 7u) >> 8));
        } else {
            /* One loop for the presets and the full or random board (two
             * cost more flash). BINARY: full columns hold 255, random ones
             * 1..255. */
            bool preset = start <= START_1357, bin = engine_is_binary(p);
            if (!sum)
                p->ncols = start == START_345 ? 3 : preset ? 4 : ENGINE_COLS;
            for (uint8_t c = 0; c < p->ncols; c++) {
                uint8_t form = engine_rule_form(engine_col_rule(p, c)), v;
                if (preset) {
                    v = start_col(form, PGM_U8(&presets[start][c & 3]));
                } else {
                    uint8_t r = engine_random();
                    if (start == START_FULL)
                        v = bin ? ENGINE_BINARY_MAX : start_col(form, 8);
                    else if (bin)
                        v = (uint8_t)(r + !r);
                    else if (form == FORM_HEAP)
                        v = (uint8_t)(1 + (r & 7));
                    else if (form == FORM_CELLS)
                        v = (uint8_t)(r & ~(r << 1) & 0x5A); /* no two marks side by side */
                    else
                        v = r | 1;
                }
                p->col[c] = v;
            }
        }
        p->ncols = engine_start_cols(p);    /* EMPTY AND DIVIDE: the preset's or the board's first two */
        if (engine_check_pos(p) == ENGINE_OK && engine_has_move(p))
            return;
        start = START_FULL;     /* a preset the rule cannot hold: the full board */
    }
}

/* Copied into its callers (size: smaller than the calls). */
static ALWAYS_INLINE void phase_for_turn(uint16_t now)
{
    game.phase = game_side_is_machine(game.turn) ? PH_THINK : PH_INPUT;
    game.t0 = now;
}

/* The opponent changed under a game: SET OPP over the link (the menu
 * asks first and starts a new game). Whoever moves now is who the
 * setting says, at once: before, 2 PLAYERS set while the machine thought
 * had it move for player 2, VS MACHINE set on player 2's turn left the
 * game with no one to move, and DEMO set during a set-up had the machine
 * move on a position being set up (a set-up needs a person). */
void game_opp_changed(void)
{
    if (game.set[SET_OPP] == OPP_DEMO)
        game.setup = false;
    if (game.phase != PH_OVER && (game.phase != PH_INPUT) != game_side_is_machine(game.turn))
        phase_for_turn(game.t0);
}

void game_resume(uint16_t now)
{
    game_t *const g = &game;
    g->running = true;
    g->in_game = true;
    g->number = (uint8_t)(g->rec.counted + 1);    /* not counted: never the counted number */
    game_event_resume();
    phase_for_turn(now);
}

void game_pause(void)
{
    game.running = false;
}

void game_restart_clock(uint16_t now)
{
    game.t0 = now;
}

void game_setup_end(void)
{
    game.setup = false;
}

void game_sum_rule(uint8_t n, uint8_t c, uint8_t r)
{
    game.pos.ncols = n;
    game.pos.rules[c] = r;
}

void game_sum_start(void)
{
    game_decode(game.set[SET_GAME], &game.pos.rule, &game.pos.mode);
    game_sum_rule(1, 0, RULE_NIM);      /* every form has NIM */
}

/* One more game won by side who (0 you, 1 the machine) in the game being
 * played, kept at once, with the game's number as the last counted (the
 * caller then clears the game record: store.c writes this first). */
static void game_score_add(uint8_t who)
{
    uint8_t *s = (uint8_t *)records_score(game_id_of(game.pos.rule, game.pos.mode)) + who;
    if (*s < 255)
        ++*s;
    game.rec.counted = game.number;
    game_save_settings();
}

void game_abandon(void)
{
    if (game.in_game && game.set[SET_OPP] == OPP_MACHINE)
        game_score_add(1);
    game.in_game = false;
    game_save();            /* no game to resume after a power cut either */
}

uint8_t game_unplayable(uint8_t index)
{
    uint8_t own = game_own_form(index);
    return own < GAME_OWN ? engine_own_refused(game_form_mode(own)) : 0;
}

bool game_new(uint16_t now)
{
    uint8_t first = game.set[SET_FIRST], start = game.set[SET_START];
    if (game_unplayable(game.set[SET_GAME]))
        return false;   /* the menu and the link say why; a demo stops */
    /* START SET UP is for people: in DEMO (both sides machines, and a
     * press ends it) the game starts from the full board. */
    game.setup = start == START_SETUP && game.set[SET_OPP] != OPP_DEMO;
    start_pos(&game.pos, game.set[SET_GAME], start == START_SETUP ? START_FULL : start);
    game.turn = game.setup ? 0 : first == FIRST_RANDOM ? (engine_random() & 1) : first == FIRST_ME;
    review_clear(&game.rv);
    game_resume(now);
    game_event_new();
    game_save();
    return true;
}

uint8_t game_set_pos(const engine_pos_t *p, uint16_t now)
{
    uint8_t err = engine_check_pos(p);
    if (err)
        return err;
    if (!engine_has_move(p))
        return GAME_ERR_OVER;
    game.pos = *p;
    game.turn = 0;
    review_clear(&game.rv);
    game_resume(now);
    game_save();
    return 0;
}

/* The position before a reviewed mistake: here, not on each reader's
 * stack (69 bytes on 32 columns: the review's screen and REVIEW, each under
 * a hint's search, went over the 384-byte stack budget). */
static engine_pos_t review_before;

const engine_pos_t *game_review(uint8_t i, review_item_t *it)
{
    review_before = game.pos;
    return review_get(&game.rv, i, it, &review_before) ? &review_before : 0;
}

static void game_apply(engine_move_t m, uint16_t now)
{
    game_t *const g = &game;
    uint8_t side = g->turn;
    /* ---- review: the move made, a mistake noted, saved with it ---- */
    review_move(&g->rv, &g->pos, m, side, !game_side_is_machine(side));
    game_event_move(side, m);
    g->turn ^= 1;
    if (engine_has_move(&g->pos)) {
        phase_for_turn(now);
    } else {
        /* Normal play: who cannot move loses; misere: who moved last loses. */
        g->winner = engine_is_misere(&g->pos) ? g->turn : side;
        g->phase = PH_OVER;
        g->t0 = now;
        g->in_game = false;
        if (g->set[SET_OPP] == OPP_MACHINE)
            game_score_add(g->winner);
        game_event_end(g->winner);
    }
    game_save();
}

uint8_t game_setup_move(engine_move_t m, uint16_t now)
{
    engine_pos_t p = game.pos;
    uint8_t err;
    engine_apply(&p, m);
    err = game_set_pos(&p, now);
    if (!err)
        game_event_setup();     /* a game that starts there: LOG NEW, a host reads it again */
    return err;
}

uint8_t game_move_human(engine_move_t m, uint16_t now)
{
    game_t *const g = &game;
    uint8_t err;
    if (!g->running || g->phase == PH_OVER)
        return GAME_ERR_NOGAME;
    if (game_side_is_machine(g->turn))
        return GAME_ERR_TURN;
    err = engine_check_move(&g->pos, m);
    if (err)
        return err;
    game_apply(m, now);
    return 0;
}

bool game_move_ai(engine_move_t *m, uint16_t now)
{
    game_t *const g = &game;
    if (!g->running || g->phase == PH_OVER)
        return false;
    if (g->phase == PH_SHOW)
        *m = g->mv;   /* the move already blinking on the matrix */
    else if (!engine_reply(&g->pos, game_mistake(), m))
        return false;
    game_apply(*m, now);
    return true;
}

void game_tick(uint16_t now)
{
    uint16_t el = (uint16_t)(now - game.t0);
    if (!game.running)
        return;
    if (game.phase == PH_THINK && el >= GAME_THINK_MS) {
        if (engine_reply(&game.pos, game_mistake(), &game.mv)) {
            game.phase = PH_SHOW;
            game.t0 = now;
        }
    } else if (game.phase == PH_SHOW && el >= GAME_SHOW_MS) {
        game_apply(game.mv, now);
    } else if (game.phase == PH_OVER && el >= GAME_OVER_MS) {
        game_pause();           /* over: the end screen's (the UI's) from here */
        game_event_over();
    }
}

/* The game record at boot (game_init, game_settings.c, after the
 * settings): resumed or cleared; ok: the settings are this version's.
 * Left to LTO (in main): out of line it was bigger since the link places
 * code by name. */
void game_load(bool ok, uint16_t now)
{
    uint8_t *const b = game.saved;     /* the record's bytes: game_t lays them out as game_rec_t */
    uint8_t n;
    game.t0 = now;          /* the title's (the UI's) animation starts; game.running is false, RAM's zero at boot */
    /* A saved game resumes only if it is a legal, unfinished position of a
     * game in the list, saved with settings of this version, and its
     * result is not counted yet (its number is not the settings'
     * counted); anything else is dropped for a clean start. The record is
     * loaded in place (a copy on the stack was 113 bytes on 32 columns),
     * and cleared if it does not resume. */
    game.number = (uint8_t)(game.rec.counted + 1);
    n = records_load_game(b, ok);
    /* your own game: the code a saved game of it carries (a bad one: no
     * resume), over the settings' (game_settings.c) */
    if (n && engine_own_unpack(&game.pos) != OCTAL_OK)
        game.pos.rule = RULE_NONE;
    game.in_game = n && game.turn < 2 && game.number != game.rec.counted
            && game_index() != GAME_NONE
            && engine_check_pos(&game.pos) == ENGINE_OK && engine_has_move(&game.pos);
    if (!game.in_game)
        memset(b, 0, sizeof(game_rec_t));
    else if (game.rv.used != n - RECORDS_GAME_MIN)
        review_clear(&game.rv);     /* the review goes with its position */
    /* this build's indices from here on (records_load_game turned a
     * resumed game's) */
    game.saved[0] = RECORDS_RULES;
    game.saved[1] = RECORDS_NEXT;
}
