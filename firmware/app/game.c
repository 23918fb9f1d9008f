/* game.c - the toy's state machine behind the screens: which game, whose
 * turn, the machine's think-then-show turn, the end of a game, scores and
 * what is kept through a power cut (store.h records: settings+scores, and
 * the game in progress after every completed move). */
#include "game.h"

#include <stddef.h>
#include <string.h>

#include "events.h"
#include "pgm.h"
#include "store.h"
#include "tables.h"

/* The settings record: its format, the settings, every game's score
 * (saturating bytes) and the number of the last game counted in them.
 * Scores are kept per rule and mode, and the chosen game
 * as rule * GAME_FORMS + mode (BINARY: the mode without it, plus
 * SAVED_BINARY), so they mean the same game whatever the list
 * holds (it grows when the engine allows more modes). A record of another format (or size) loads as no record: blank
 * settings, never another version's bytes read as these. */
#define SETTINGS_FORMAT 4
/* The chosen game's byte: a BINARY game (RULE_COUNT * GAME_FORMS < 128). */
#define SAVED_BINARY 0x80u
/* A SUM game is saved as this rule (no rule has its number), its form as
 * any game's; the sum's own rules are in the game record. */
#define SAVED_SUM 31u
_Static_assert(RULE_COUNT < SAVED_SUM, "the saved SUM is no rule's number");
typedef struct {
    uint8_t format;
    uint8_t set[SET_COUNT_V3];
    uint8_t score[RULE_COUNT][GAME_FORMS][2];   /* [rule][mode]: [0] your wins, [1] the machine's */
    uint8_t counted;    /* game.number of the last game whose result is in score */
    uint8_t set_new[SET_COUNT - SET_COUNT_V3];  /* the settings added in format 4: the language */
} settings_rec_t;
/* Older records load, migrated: formats 3 and 2 (before the language;
 * format 2 also before counted), and a record of any of them written when
 * the toy had fewer rules (a new rule's scores start at 0: rules are only
 * ever added at the end of rules.h's list). What a record lacks loads as
 * zero: English, no game counted yet. */
_Static_assert(LANG_EN == 0, "a migrated record's language is English");
#define SETTINGS_FORMAT_OLDEST 2
/* The rules when formats 2 and 3 were written: records with fewer are
 * none of this toy's. */
#define SETTINGS_RULES_OLD 18
/* What follows the scores: counted and the language (format 4), counted
 * (3), nothing (2). */
#define SETTINGS_TAIL (1 + SET_COUNT - SET_COUNT_V3)
_Static_assert(offsetof(settings_rec_t, counted) + SETTINGS_TAIL == sizeof(settings_rec_t),
               "counted and the language end the record");
_Static_assert(GAME_MAX <= RULE_COUNT * (GAME_FORMS + 2) + GAME_SUMS && RULE_COUNT * GAME_FORMS < SAVED_BINARY,
               "every listed game has its score slot; the saved game fits a byte");
_Static_assert(STORE_SETTINGS_SLOTS >= 2, "a power cut during a save needs a second settings slot");
_Static_assert(sizeof(settings_rec_t) <= STORE_SETTINGS_BYTES, "settings record too big for its store slot");

/* The game record: the position after the last completed move and the
 * game's number. It is saved straight from game.turn, game.pos and
 * game.number, laid out the same way.
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
typedef struct {
    uint8_t turn;
    engine_pos_t pos;
    uint8_t number;
    review_t rv;        /* the mistakes so far (issue 22): a record without it loads with none */
} game_rec_t;
_Static_assert(sizeof(game_rec_t) <= STORE_GAME_BYTES, "game record too big for its store slot");
/* Where an older ring's record (store.h: no SUM's rules in its position)
 * ends its position: its number and review follow at once. */
#define REC_NO_RULES ((uint8_t)(offsetof(game_rec_t, pos) + offsetof(engine_pos_t, rules)))
_Static_assert(offsetof(engine_pos_t, rules) + sizeof game.pos.rules == sizeof(engine_pos_t)
                   && offsetof(game_rec_t, number) == REC_NO_RULES + sizeof game.pos.rules,
               "the rules end the position, the number follows them");
_Static_assert(offsetof(game_t, pos) - offsetof(game_t, turn) == offsetof(game_rec_t, pos)
                   && offsetof(game_t, number) - offsetof(game_t, turn) == offsetof(game_rec_t, number)
                   && offsetof(game_t, rv) - offsetof(game_t, turn) == offsetof(game_rec_t, rv)
                   && sizeof(game_t) - offsetof(game_t, turn) >= sizeof(game_rec_t),
               "game.turn and game.pos are not laid out as a game record");

game_t game;
/* Read by store_step while it is written out: changes only together with
 * a new store_request (store.h), as game.turn and game.pos do. */
static settings_rec_t rec;

static const uint8_t setting_counts[SET_COUNT] PROGMEM = {
    0 /* game_count() */, OPP_COUNT, FIRST_COUNT, LEVEL_COUNT, START_COUNT, 2, 16, OFF_COUNT, LANG_COUNT};
static const uint8_t setting_defaults[SET_COUNT] PROGMEM = {
    0, OPP_MACHINE, FIRST_YOU, LEVEL_MEDIUM, START_345, 1, 8, OFF_60S, LANG_EN};
static const uint8_t mistakes[LEVEL_COUNT] PROGMEM = {96, 32, 0};

uint8_t game_setting_count(uint8_t item)
{
    if (item == SET_GAME)
        return game_count();
    return item < SET_COUNT ? PGM_U8(&setting_counts[item]) : 0;
}

bool game_set(uint8_t item, uint8_t value)
{
    if (value >= game_setting_count(item))
        return false;
    game.set[item] = value;
    game_event_settings();
    return true;
}

/* Setting i's byte in the record: the newer settings sit at its end. */
static uint8_t *rec_set(uint8_t i)
{
    return i < SET_COUNT_V3 ? &rec.set[i] : &rec.set_new[i - SET_COUNT_V3];
}

void game_save_settings(void)
{
    uint8_t r, m;
    for (uint8_t i = 0; i < SET_COUNT; i++)
        *rec_set(i) = game.set[i];
    game_decode(game.set[SET_GAME], &r, &m);
    if (m & ENGINE_SUM)
        r = SAVED_SUM;
    rec.set[SET_GAME] = (uint8_t)((r * GAME_FORMS + (m & 3)) | ((m & ENGINE_BINARY) ? SAVED_BINARY : 0));
    rec.format = SETTINGS_FORMAT;
    store_request(STORE_SETTINGS, &rec, sizeof rec);
}

/* The record of the game in progress; cleared (len 0) when none is. Only
 * requested: the main loop writes it after the frame is drawn. Its length
 * is what the review holds (a game without a mistake saves 5 bytes more
 * than before the review, not the whole buffer: a save is no slower). */
#define GAME_REC_MIN offsetof(game_rec_t, rv.buf)
static void game_save(void)
{
    store_request(STORE_GAME, &game.turn, game.in_game ? (uint8_t)(GAME_REC_MIN + game.rv.used) : 0);
}

uint8_t game_index(void)
{
    return game_find(game.pos.rule, game.pos.mode);
}

/* A game's score slot. A BINARY game counts with its rule's columns game:
 * the settings record has no room for more slots (two of them must fit
 * their EEPROM share, store.h). The SUMs (rule RULE_NIM) count in NIM's
 * one-heap slots, which no game has (NIM in one heap is not listed):
 * SUM in ONE's, SUM MISERE in ONE MISERE's, BINARY with the columns. */
static uint8_t *score_of(uint8_t r, uint8_t m)
{
    if (m & ENGINE_SUM)
        m |= ENGINE_ONEHEAP;
    return rec.score[r][m & (ENGINE_ONEHEAP | ENGINE_MISERE)];
}

uint8_t game_score(uint8_t index, uint8_t who)
{
    uint8_t r, m;
    if (index >= GAME_COUNT)
        return 0;
    game_decode(index, &r, &m);
    return score_of(r, m)[who];
}

/* One more game won by side who (0 you, 1 the machine) in the game being
 * played, kept at once, with the game's number as the last counted (the
 * caller then clears the game record: store.c writes this first). */
static void score_add(uint8_t who)
{
    uint8_t *s = &score_of(game.pos.rule, game.pos.mode)[who];
    if (*s < 255)
        ++*s;
    rec.counted = game.number;
    game_save_settings();
}

void game_set_score(uint8_t index, uint8_t wins, uint8_t losses)
{
    uint8_t r, m;
    game_decode(index, &r, &m);
    uint8_t *s = score_of(r, m);
    s[0] = wins;
    s[1] = losses;
    game_save_settings();
}

bool game_side_is_machine(uint8_t side)
{
    return game.set[SET_OPP] == OPP_DEMO || (game.set[SET_OPP] == OPP_MACHINE && side);
}

bool game_human_input(void)
{
    return game.phase == PH_INPUT && !game_side_is_machine(game.turn);
}

uint8_t game_mistake(void)
{
    return PGM_U8(&mistakes[game.set[SET_LEVEL]]);   /* in range: game_set checks */
}

bool game_is_oneheap(void)
{
    return game.pos.mode & ENGINE_ONEHEAP;
}

bool game_is_heap_form(uint8_t c)
{
    return engine_rule_form(engine_col_rule(&game.pos, c)) == FORM_HEAP;
}

uint8_t game_lamps(uint8_t n)
{
    return n >= 8 ? 0xFF : (uint8_t)((1u << n) - 1u);
}

uint8_t game_col_lamps(uint8_t c, uint8_t v)
{
    return game_is_heap_form(c) ? game_lamps(v) : v;
}

/* A column of the start position holding a "heap of n" in the rule's form. */
static uint8_t start_col(uint8_t form, uint8_t n)
{
    switch (form) {
    case FORM_HEAP: return n;
    case FORM_CELLS: return n >= 7 ? 0 : (uint8_t)(1u << (n + 1)); /* n free cells below a mark */
    default: return game_lamps(n);   /* n pins / heads */
    }
}

static const uint8_t preset_345[] PROGMEM = {3, 4, 5, 3};  /* a SUM of 4 columns or more: 3 4 5 3 3 4 5 3 ... */
static const uint8_t preset_1357[] PROGMEM = {1, 3, 5, 7};

/* Out of line: saves 136 B. A SUM keeps the columns and rules chosen
 * (p->ncols, p->rules: the menu or GAME SUM set them), or two NIM
 * columns if those cannot be played in the form chosen. */
NOINLINE static void start_pos(engine_pos_t *p, uint8_t index, uint8_t start)
{
    uint8_t form;
    game_decode(index, &p->rule, &p->mode);
    bool sum = p->mode & ENGINE_SUM;
    p->heap = 0;
    for (uint8_t c = 0; c < ENGINE_COLS; c++)
        p->col[c] = 0;
    if (sum && engine_check_pos(p) != ENGINE_OK) {
        p->ncols = 2;
        p->rules[0] = p->rules[1] = RULE_NIM;
    }
    for (uint8_t tries = 0; tries < 2; tries++) {
        if (p->mode & ENGINE_ONEHEAP) {
            /* Random: 8..ENGINE_HEAP_MAX, scaled from a byte (no division). */
            p->ncols = 1;
            p->heap = start == START_345 ? 12 : start == START_1357 ? 16
                    : start == START_FULL ? ENGINE_HEAP_MAX
                    : (uint16_t)(8 + (engine_random() * (ENGINE_HEAP_MAX - 7u) >> 8));
        } else if (start == START_345 || start == START_1357) {
            const uint8_t *pr = start == START_345 ? preset_345 : preset_1357;
            uint8_t n = start == START_345 ? 3 : 4;
            if (!sum)
                p->ncols = n;
            for (uint8_t c = 0; c < p->ncols; c++)
                p->col[c] = start_col(engine_rule_form(engine_col_rule(p, c)), PGM_U8(&pr[c & 3]));
        } else {
            /* BINARY: full columns hold 255, random ones 1..255 */
            bool bin = p->mode & ENGINE_BINARY;
            if (!sum)
                p->ncols = ENGINE_COLS;
            for (uint8_t c = 0; c < p->ncols; c++) {
                uint8_t r = engine_random();
                form = engine_rule_form(engine_col_rule(p, c));
                if (start == START_FULL)
                    p->col[c] = bin ? ENGINE_BINARY_MAX : start_col(form, 8);
                else if (bin)
                    p->col[c] = (uint8_t)(r + !r);
                else if (form == FORM_HEAP)
                    p->col[c] = (uint8_t)(1 + (r & 7));
                else if (form == FORM_CELLS)
                    p->col[c] = (uint8_t)(r & ~(r << 1) & 0x5A); /* no two marks side by side */
                else
                    p->col[c] = r | 1;
            }
        }
        if (p->rule == RULE_ED)
            p->ncols = 2;       /* two boxes: the preset's or the board's first two */
        if (engine_check_pos(p) == ENGINE_OK && engine_has_move(p))
            return;
        start = START_FULL;     /* a preset the rule cannot hold: the full board */
    }
}

static void phase_for_turn(uint16_t now)
{
    game.phase = game_side_is_machine(game.turn) ? PH_THINK : PH_INPUT;
    game.t0 = now;
}

void game_resume(uint16_t now)
{
    game_t *const g = &game;
    g->screen = SCR_PLAY;
    g->in_game = true;
    g->number = (uint8_t)(rec.counted + 1);    /* not counted: never the counted number */
    game_event_resume();
    phase_for_turn(now);
}

void game_abandon(void)
{
    if (game.in_game && game.set[SET_OPP] == OPP_MACHINE)
        score_add(1);
    game.in_game = false;
    game_save();            /* no game to resume after a power cut either */
}

void game_new(uint16_t now)
{
    uint8_t first = game.set[SET_FIRST], start = game.set[SET_START];
    game.setup = start == START_SETUP;
    start_pos(&game.pos, game.set[SET_GAME], game.setup ? START_FULL : start);
    game.turn = game.setup ? 0 : first == FIRST_RANDOM ? (engine_random() & 1) : first == FIRST_ME;
    review_clear(&game.rv);
    game_resume(now);
    game_event_new();
    game_save();
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
 * stack (69 B on 32 columns: the review's screen and REVIEW, each under
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
    /* ---- review (issue 22): the move made, a mistake noted, saved with it ---- */
    review_move(&g->rv, &g->pos, m, side, !game_side_is_machine(side));
    game_event_move(side, m);
    g->turn ^= 1;
    if (engine_has_move(&g->pos)) {
        phase_for_turn(now);
    } else {
        /* Normal play: who cannot move loses; misere: who moved last loses. */
        g->winner = (g->pos.mode & ENGINE_MISERE) ? g->turn : side;
        g->phase = PH_OVER;
        g->t0 = now;
        g->in_game = false;
        if (g->set[SET_OPP] == OPP_MACHINE)
            score_add(g->winner);
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
    if (g->screen != SCR_PLAY || g->phase == PH_OVER)
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
    if (g->screen != SCR_PLAY || g->phase == PH_OVER)
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
    if (game.screen != SCR_PLAY)
        return;
    if (game.phase == PH_THINK && el >= GAME_THINK_MS) {
        if (engine_reply(&game.pos, game_mistake(), &game.mv)) {
            game.phase = PH_SHOW;
            game.t0 = now;
        }
    } else if (game.phase == PH_SHOW && el >= GAME_SHOW_MS) {
        game_apply(game.mv, now);
    } else if (game.phase == PH_OVER && el >= GAME_OVER_MS) {
        game.screen = SCR_END;
        game.t0 = now;
    }
}

/* The settings record, or one an older firmware wrote: with fewer rules
 * (a new rule comes after the others, so their scores keep their places;
 * the new rules' start at 0), and of format 2 (no game counted yet). */
static bool settings_load(void)
{
    uint8_t *b = (uint8_t *)&rec;
    for (uint8_t n = RULE_COUNT; n >= SETTINGS_RULES_OLD; n--)
        for (uint8_t f = SETTINGS_FORMAT; f >= SETTINGS_FORMAT_OLDEST; f--) {
            uint8_t len = (uint8_t)(offsetof(settings_rec_t, score) + n * GAME_FORMS * 2);
            uint8_t tail = f == SETTINGS_FORMAT ? SETTINGS_TAIL : (uint8_t)(f - SETTINGS_FORMAT_OLDEST);
            uint8_t t[SETTINGS_TAIL] = {0};
            /* Every (rules, format) pair has a length of its own, and a
             * failed load leaves rec as it was. */
            if (!store_load(STORE_SETTINGS, &rec, (uint8_t)(len + tail)) || rec.format != f)
                continue;
            for (uint8_t i = 0; i < tail; i++)
                t[i] = b[len + i];
            while (len < sizeof rec)
                b[len++] = 0;
            rec.counted = t[0];
            for (uint8_t i = SET_COUNT_V3; i < SET_COUNT; i++)
                *rec_set(i) = t[1 + i - SET_COUNT_V3];
            return true;
        }
    return false;
}

void game_init(uint16_t now)
{
    uint8_t *const b = &game.turn;     /* the record's bytes: game_t lays them out as game_rec_t */
    uint8_t n, age = 0, grow = 0;
    bool ok = settings_load();
    for (uint8_t i = 0; i < SET_COUNT; i++) {
        uint8_t v = *rec_set(i);
        if (i == SET_GAME) {
            uint8_t r = (uint8_t)((v & ~SAVED_BINARY) / GAME_FORMS);
            uint8_t m = (uint8_t)((v & ~SAVED_BINARY) % GAME_FORMS | ((v & SAVED_BINARY) ? ENGINE_BINARY : 0));
            if (r == SAVED_SUM) {
                r = RULE_NIM;
                m |= ENGINE_SUM;
            }
            v = game_find(r, m);
        }
        if (!ok || v >= game_setting_count(i))
            v = PGM_U8(&setting_defaults[i]);   /* none saved, or a value from another version */
        game.set[i] = v;
    }
    if (!ok)
        for (uint8_t *b = (uint8_t *)rec.score; b < (uint8_t *)(&rec + 1); b++)
            *b = 0;                 /* every score byte and what follows, in one pass */
    game_event_settings();
    game.screen = SCR_INTRO;
    game.t0 = now;
    /* A saved game resumes only if it is a legal, unfinished position of a
     * game in the list, and its result is not counted yet (its number is
     * not the settings' counted); anything else is dropped for a clean
     * start. The ring of now holds game_rec_t as laid out here; the rings
     * of older firmware (store.h) hold it without the position's rules
     * (no SUM then): its number and review are moved up past them. Their
     * oldest layouts have no review, or no number either: a game not
     * counted, with no mistake noted (a review shorter than its used
     * says is cleared below). The record is loaded in place (a copy on
     * the stack was 113 bytes on 32 columns), and cleared if it does not
     * resume. */
    game.number = (uint8_t)(rec.counted + 1);
    while ((n = store_len(STORE_GAME)) == STORE_NONE && age < STORE_GAME_AGES)
        store_use_ring(++age);
    if (age)
        grow = sizeof game.pos.rules;
    if (n >= REC_NO_RULES && n + grow <= sizeof(game_rec_t) && store_load(STORE_GAME, b, n)) {
        for (uint8_t i = n; grow && i-- > REC_NO_RULES;)
            b[i + grow] = b[i];     /* from the top down: the bytes move up */
        n += grow;
    } else {
        n = 0;
    }
    game.in_game = (n == offsetof(game_rec_t, number) || n == offsetof(game_rec_t, number) + 1 || n >= GAME_REC_MIN)
            && game.turn < 2 && !(ok && game.number == rec.counted)
            && game_find(game.pos.rule, game.pos.mode) < GAME_COUNT
            && engine_check_pos(&game.pos) == ENGINE_OK && engine_has_move(&game.pos);
    if (!game.in_game)
        memset(b, 0, sizeof(game_rec_t));
    else if (game.rv.used != n - GAME_REC_MIN)
        review_clear(&game.rv);     /* the review goes with its position: none from an old record */
    store_use_ring(0);
}
