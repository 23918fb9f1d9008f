/* test_endgame.c - the end of a game against power cuts: the real game.c
 * and store.c (with the PC link, ui and engine, over tests/robust's fake
 * drivers) and a power cut after every EEPROM byte written from the move
 * that ends a game (or the give-up of game_abandon) until every save is
 * done, each cut also with that byte torn. After each cut the toy boots
 * again from the EEPROM and must show: the result counted once and the
 * game not resumed, or the result not counted and the game resumed before
 * its last move (so the result is not lost: played again, it is counted).
 * Then the game is finished and the result must be counted exactly once.
 * Cases: the last move on a quiet store; the machine's last move while the
 * move before it is still being written (the game record's save in
 * progress); a new game started while the result is being written; a game
 * given up against the machine. And the settings record of format 2 (no
 * last counted game) loads migrated, scores kept, and its game resumes;
 * one of format 3 (no language) loads with its scores, settings and last
 * counted game, in English. A game in the old game ring (the firmware
 * before the review) resumes, and once ended or given up never comes back.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_hal.h"
#include "game.h"
#include "store.h"

static uint8_t image[BOARD_EEPROM_BYTES];   /* the EEPROM before the case's last step */
static unsigned long cuts, counted_dropped, resumed_uncounted, torn_cuts;

/* Power on: the store and the game from the EEPROM, as main() does. */
static void boot(void)
{
    memset(&game, 0, sizeof game);
    fake_nvm_budget = -1;
    store_init();
    game_init(0);
}

static void flush(void)
{
    fake_nvm_budget = -1;
    while (store_step())
        ;
}

/* Run the saves with budget bytes left; true if they all got written. */
static bool run_saves(long budget)
{
    fake_nvm_budget = budget;
    for (int i = 0; i < 4000; i++)
        if (!store_step())
            return true;
    return false;
}

static engine_pos_t nim(uint8_t a, uint8_t b)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = RULE_NIM;
    p.ncols = b ? 2 : 1;
    p.col[0] = a;
    p.col[1] = b;
    return p;
}

static bool pos_equal(const engine_pos_t *a, const engine_pos_t *b)
{
    return a->rule == b->rule && a->mode == b->mode && a->ncols == b->ncols && a->heap == b->heap
        && !memcmp(a->col, b->col, a->ncols);
}

static unsigned score(uint8_t who)
{
    game_score_t s = game_score(game_find(RULE_NIM, 0));
    return who ? s.losses : s.wins;
}

/* A fresh toy against the machine, perfect, scores W w L l, playing p
 * with you to move; everything saved. */
static void setup(const engine_pos_t *p)
{
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    boot();
    game_set(SET_OPP, OPP_MACHINE);
    game_set(SET_LEVEL, LEVEL_PERFECT);
    game_set(SET_GAME, game_find(RULE_NIM, 0));
    game_set_score(game.set[SET_GAME], 3, 4);
    flush();
    CHECK(game_set_pos(p, 0) == 0, "setup position");
    flush();
}

enum { CASE_LAST, CASE_FAST, CASE_NEW, CASE_ABANDON };
static const char *const case_names[] = { "last move", "machine's last move while the move is written",
                                          "new game while the result is written", "game given up" };

/* From the saved image: play the case's ending, cut after budget bytes
 * (0..), and tear the byte it stopped at if tear. False once the budget
 * let every save finish. */
static bool ending(int c, long budget, long early, bool tear)
{
    memcpy(fake_eeprom, image, sizeof image);
    boot();
    game_resume(0);
    engine_move_t m = { 0, 0 };
    bool all = true;
    if (c == CASE_FAST) {
        /* you take 1 of 3; the machine's reply (take the 2 left) comes
         * while your move's game record is written, early bytes in */
        CHECK(game_move_human((engine_move_t){ 0, 2 }, 0) == 0, "first move");
        run_saves(early);
        CHECK(game_move_ai(&m, 0) && !game.in_game, "the machine's last move");
    } else if (c == CASE_ABANDON) {
        game_abandon();
    } else {
        CHECK(game_move_human(m, 0) == 0 && !game.in_game, "the last move");
        if (c == CASE_NEW) {
            run_saves(early);
            game_new(0);
        }
    }
    all = run_saves(budget);
    if (!all && tear && fake_nvm_refused < BOARD_EEPROM_BYTES) {
        fake_eeprom[fake_nvm_refused] = (uint8_t)rand();
        torn_cuts++;
    }
    return all;
}

static void case_run(int c, long early)
{
    /* you to move: NIM 3 (the machine answers your 1 with 2), or 2 (you take it all) */
    engine_pos_t p = nim(c == CASE_FAST || c == CASE_ABANDON ? 3 : 2, 0);
    setup(&p);
    memcpy(image, fake_eeprom, sizeof image);
    unsigned w0 = score(0), l0 = score(1);
    /* the winner: you, unless the machine's move ends it or you give up */
    bool you = c == CASE_LAST || c == CASE_NEW;
    unsigned fails0 = (unsigned)failures;
    for (long budget = 0;; budget++) {
        bool all = false;
        for (int tear = 0; tear < 2 && failures == (int)fails0; tear++) {
            all = ending(c, budget, early, tear);
            boot();
            cuts++;
            unsigned dw = score(0) - w0, dl = score(1) - l0;
            bool once = you ? dw == 1 && dl == 0 : dw == 0 && dl == 1;
            if (once) {
                counted_dropped += !all;
                /* counted: the old game never comes back (a new one may) */
                CHECK(!game.in_game || (c == CASE_NEW && !pos_equal(&game.pos, &p)),
                      "%s, cut after %ld bytes%s: the result is counted and the game resumed",
                      case_names[c], budget, tear ? " (torn)" : "");
                continue;
            }
            CHECK(dw == 0 && dl == 0, "%s, cut after %ld bytes: scores W +%u L +%u", case_names[c], budget,
                  dw, dl);
            /* not counted: the game before its last move, so it can still be
             * (the machine's case: before your move, or after it) */
            engine_pos_t q = nim(2, 0);
            CHECK(game.in_game && ((pos_equal(&game.pos, &p) && game.turn == 0)
                                   || (c == CASE_FAST && pos_equal(&game.pos, &q) && game.turn == 1)),
                  "%s, cut after %ld bytes%s: the result is lost (in game %d, W %u L %u)", case_names[c],
                  budget, tear ? " (torn)" : "", game.in_game, score(0), score(1));
            if (!game.in_game)
                continue;
            resumed_uncounted++;
            /* finish it after the restart: counted then, exactly once */
            game_resume(0);
            if (c == CASE_ABANDON) {
                game_abandon();
            } else {
                engine_move_t m = { 0, 0 };
                if (c == CASE_FAST)
                    CHECK((game.turn || game_move_human((engine_move_t){ 0, 2 }, 0) == 0) && game_move_ai(&m, 0),
                          "moves again");
                else
                    CHECK(game_move_human(m, 0) == 0, "last move again");
            }
            flush();
            boot();
            dw = score(0) - w0;
            dl = score(1) - l0;
            CHECK(you ? dw == 1 && dl == 0 : dw == 0 && dl == 1,
                  "%s, cut after %ld bytes, finished after the restart: W +%u L +%u", case_names[c], budget, dw,
                  dl);
            CHECK(!game.in_game, "%s: the finished game resumed", case_names[c]);
        }
        if (all || failures != (int)fails0)
            break;
    }
}

/* An old settings record of the given format with the current settings
 * and NIM's score W w L l, up to its scores; returns that length. */
static uint8_t old_record(uint8_t *old, uint8_t format, uint8_t w, uint8_t l)
{
    memset(old, 0, STORE_SETTINGS_BYTES);
    old[0] = format;
    for (uint8_t i = 0; i < SET_COUNT_V3; i++)
        old[1 + i] = game.set[i];
    old[1 + SET_GAME] = (uint8_t)(RULE_NIM * GAME_FORMS);
    old[1 + SET_COUNT_V3 + (RULE_NIM * GAME_FORMS) * 2] = w;
    old[1 + SET_COUNT_V3 + (RULE_NIM * GAME_FORMS) * 2 + 1] = l;
    return (uint8_t)(1 + SET_COUNT_V3 + RULE_COUNT * GAME_FORMS * 2);
}

/* A settings record of a format before 5, where the firmware of then
 * saved it: in its settings ring (store.h), the slots of now blank as it
 * left them. */
static bool save_then(const uint8_t *rec, uint8_t len)
{
    memset(fake_eeprom, 0xFF, STORE_SETTINGS_REGION);
    store_use_settings_ring(1);
    bool ok = store_save(STORE_SETTINGS, rec, len);
    store_use_settings_ring(0);
    return ok;
}

/* A record in the game ring of older firmware (store.h: age 1 the
 * review's, 2 the one before it), the newer rings blank as that firmware
 * left them. */
static void save_old(uint8_t age, const uint8_t *rec, uint8_t len)
{
    memset(fake_eeprom + STORE_SETTINGS_REGION, 0xFF, sizeof fake_eeprom - STORE_SETTINGS_REGION);
    store_use_ring(age);
    CHECK(store_save(STORE_GAME, rec, len), "a game record saved in the ring of age %u", age);
    store_use_ring(0);
}

/* The game now as firmware before the sums saved it: turn, the position
 * without the SUM's rules, then (with_number) the number and (with_review)
 * the review, as far as it is used; returns its length. */
static uint8_t old_game(uint8_t *old, bool with_number, bool with_review)
{
    uint8_t len = (uint8_t)(offsetof(game_t, pos) - offsetof(game_t, turn) + offsetof(engine_pos_t, rules));
    memcpy(old, &game.turn, len);
    if (with_number)
        old[len++] = game.number;
    if (with_review) {
        len = (uint8_t)(len - 1 + offsetof(game_t, rv) - offsetof(game_t, number));
        memcpy(old + len, &game.rv, offsetof(review_t, buf) + game.rv.used);
        len = (uint8_t)(len + offsetof(review_t, buf) + game.rv.used);
    }
    return len;
}

/* A game saved by the firmware before the sums (the review's ring, age 1)
 * resumes with its number and its review (a mistake in it); one saved
 * before the review (age 2) with its number. On 8 and 32 columns. */
static void old_rings(void)
{
    uint8_t old[STORE_GAME_BYTES];
    engine_pos_t p = nim(2, 3);
    setup(&p);
    game_resume(0);
    engine_move_t m = { 1, 0 };     /* 2,0: the machine wins, a mistake */
    CHECK(game_move_human(m, 0) == 0 && game.rv.used && game.rv.count[0] == 1, "a mistake noted");
    flush();
    review_t rv = game.rv;
    engine_pos_t now = game.pos;
    uint8_t number = game.number, turn = game.turn;
    save_old(1, old, old_game(old, true, true));
    boot();
    CHECK(game.in_game && pos_equal(&game.pos, &now) && game.number == number && game.turn == turn,
          "the review ring's game resumes with its number %u (got %u)", number, game.number);
    CHECK(!memcmp(&game.rv, &rv, offsetof(review_t, buf) + rv.used), "the review ring's game keeps its review");
    game.pos = now;
    game.turn = turn;
    game.number = number;
    save_old(2, old, old_game(old, true, false));
    boot();
    CHECK(game.in_game && pos_equal(&game.pos, &now) && game.number == number && !game.rv.used,
          "the pre-review ring's game resumes with its number %u (got %u), no mistake", number, game.number);
}

/* A SUM resumes after a power cut with its columns' rules, and its
 * choice in the settings (SET GAME) survives too. */
static void sum_record(void)
{
    engine_pos_t p = nim(9, 10);
    p.mode = ENGINE_SUM | ENGINE_BINARY;
    p.ncols = 3;
    p.col[2] = 14;
    p.rules[0] = RULE_SUB3;
    p.rules[1] = RULE_SUB5;
    p.rules[2] = RULE_SUB7;
    setup(&p);
    uint8_t index = game_find(RULE_NIM, p.mode);
    game_set(SET_GAME, index);
    game_save_settings();
    flush();
    boot();
    CHECK(game.in_game && pos_equal(&game.pos, &p) && !memcmp(game.pos.rules, p.rules, 3),
          "the SUM resumes with its rules");
    CHECK(game.set[SET_GAME] == index && index != 0xFF, "the SUM stays chosen: %u, want %u", game.set[SET_GAME], index);
}

/* Format 2 (before the last counted game's number): migrated, the scores
 * and settings kept; the game record without a number resumes. */
static void migration(void)
{
    engine_pos_t p = nim(2, 3);
    setup(&p);
    uint8_t old[STORE_SETTINGS_BYTES];
    uint8_t oldlen = old_record(old, 2, 7, 9);
    CHECK(save_then(old, oldlen), "format 2 settings saved");
    /* the oldest layout, in the oldest ring: turn and the position */
    uint8_t rec[STORE_GAME_BYTES];
    save_old(2, rec, old_game(rec, false, false));
    boot();
    CHECK(score(0) == 7 && score(1) == 9, "format 2 scores migrated: W %u L %u", score(0), score(1));
    CHECK(game.in_game && pos_equal(&game.pos, &p), "the old game record resumes");
    /* and its result is counted once */
    game_resume(0);
    engine_move_t m = { 1, 2 };     /* 2,2: a P-position, the machine stalls, you win later */
    CHECK(game_move_human(m, 0) == 0, "a move");
    flush();
    boot();
    CHECK(game.in_game && game.pos.col[1] == 2 && score(0) == 7, "game on after the migration");
    game_abandon();
    flush();
    boot();
    CHECK(!game.in_game && score(0) == 7 && score(1) == 10, "given up after the migration: W %u L %u", score(0),
          score(1));
    /* a settings record of another size or format: blank */
    old[0] = 1;
    CHECK(save_then(old, oldlen), "format 1 settings saved");
    boot();
    CHECK(score(0) == 0 && score(1) == 0, "another format loads blank");
}

/* Format 3 (before the language, SET_LANG): migrated, in English, the
 * rest kept; the language chosen then is kept in format 4. */
static void migration_v3(void)
{
    engine_pos_t p = nim(2, 3);
    setup(&p);
    uint8_t old[STORE_SETTINGS_BYTES];
    uint8_t oldlen = old_record(old, 3, 5, 6);
    old[oldlen] = game.number;      /* counted: this game's result is in the scores */
    CHECK(save_then(old, (uint8_t)(oldlen + 1)), "format 3 settings saved");
    game.set[SET_LANG] = LANG_VI;   /* not saved: must not survive the boot */
    boot();
    CHECK(score(0) == 5 && score(1) == 6, "format 3 scores migrated: W %u L %u", score(0), score(1));
    CHECK(game.set[SET_LANG] == LANG_EN, "format 3 loads in English (language %u)", game.set[SET_LANG]);
    CHECK(game.set[SET_LEVEL] == LEVEL_PERFECT && game.set[SET_GAME] == game_find(RULE_NIM, 0),
          "format 3 settings kept");
    CHECK(!game.in_game, "the game whose number format 3 counted does not resume");
    CHECK(game_set(SET_LANG, LANG_VI), "Tieng Viet chosen");
    game_save_settings();
    flush();
    boot();
    CHECK(game.set[SET_LANG] == LANG_VI && score(0) == 5 && score(1) == 6, "format 4 keeps the language");
    CHECK(!game_set(SET_LANG, LANG_COUNT), "a language out of range refused");
}

static bool code_is(const char *want)
{
    char got[RULE_MAX_DIGITS + 2];
    const octal_code_t *c = engine_own_code();
    uint8_t n = 0;
    for (uint8_t i = 0; i < c->len; i++)
        got[n++] = (char)('0' + c->digit[i]);
    if (c->repeat)
        got[n++] = '*';
    got[n] = 0;
    if (strcmp(got, want))
        printf("  your own game's code: 0.%s, want 0.%s\n", got, want);
    return !strcmp(got, want);
}

/* Your own game's code as a PC's GAME OCTAL chooses it: set, then the
 * settings saved. */
static void code_choose(uint8_t d1, uint8_t d2, uint8_t d3)
{
    octal_code_t c = {{d1, d2, d3}, 3, 0};
    CHECK(engine_own_set(&c) == OCTAL_OK, "a code set");
    game_set(SET_GAME, game_find(RULE_OWN, 0));
    game_save_settings();
}

/* Format 4 (before your own game's code): migrated, the rest kept, the
 * code Officers (0.6). The code chosen then is kept in format 5: after a
 * game of another rule and a power cut the code is the one chosen, and a
 * game of your own game in progress brings back its own code, not the
 * settings'. */
static void migration_v4(void)
{
    engine_pos_t p = nim(2, 3);
    setup(&p);
    uint8_t old[STORE_SETTINGS_BYTES];
    uint8_t oldlen = old_record(old, 4, 5, 6);
    old[oldlen++] = game.number;    /* counted: this game's result is in the scores */
    old[oldlen++] = LANG_VI;
    CHECK(oldlen == 171, "a format-4 record is 171 bytes (%u)", oldlen);
    CHECK(save_then(old, oldlen), "format 4 settings saved");
    code_choose(1, 3, 7);           /* not saved: must not survive the boot */
    store_init();
    boot();
    CHECK(score(0) == 5 && score(1) == 6, "format 4 scores migrated: W %u L %u", score(0), score(1));
    CHECK(game.set[SET_LANG] == LANG_VI && game.set[SET_LEVEL] == LEVEL_PERFECT
              && game.set[SET_GAME] == game_find(RULE_NIM, 0),
          "format 4 settings kept");
    CHECK(!game.in_game, "the game whose number format 4 counted does not resume");
    CHECK(code_is("6"), "format 4 loads your own game as Officers, 0.6");
    /* a code chosen, then a game of NIM, cut by a power cut */
    code_choose(1, 3, 7);
    flush();
    game_set(SET_GAME, game_find(RULE_NIM, 0));
    game_save_settings();
    game_new(0);
    flush();
    boot();
    CHECK(game.in_game && game.pos.rule == RULE_NIM, "the game of NIM resumes");
    CHECK(code_is("137"), "the code chosen last comes back with the settings");
    CHECK(score(0) == 5 && score(1) == 6 && game.set[SET_LANG] == LANG_VI, "format 5 keeps the rest");
    /* your own game in progress with 0.77; the settings then say 0.137
     * (a code set and played without a settings save) */
    game_abandon();
    code_choose(1, 3, 7);
    flush();
    octal_code_t c = {{7, 7}, 2, 0};
    CHECK(engine_own_set(&c) == OCTAL_OK, "0.77 set");
    game_new(0);
    flush();
    boot();
    CHECK(game.in_game && game.pos.rule == RULE_OWN, "the game of your own game resumes");
    CHECK(code_is("77"), "a resumed game brings its own code");
    /* a record's code with no move or a digit out of range: Officers */
    game_abandon();
    flush();
    for (uint8_t bad = 0; bad < 2; bad++) {
        code_choose(1, 3, 7);
        flush();
        uint8_t buf[STORE_SETTINGS_BYTES];
        CHECK(store_load(STORE_SETTINGS, buf, (uint8_t)store_len(STORE_SETTINGS)), "the settings read back");
        uint8_t at = (uint8_t)(store_len(STORE_SETTINGS) - sizeof(octal_code_t));
        CHECK(buf[at] == 1 && buf[at + 8] == 3, "the code ends the record");
        buf[at] = bad ? 8 : 0;
        buf[at + 1] = buf[at + 2] = 0;
        CHECK(store_save(STORE_SETTINGS, buf, (uint8_t)store_len(STORE_SETTINGS)), "a bad code saved");
        boot();
        CHECK(code_is("6") && score(0) == 5, "a saved code %s loads as Officers, the rest kept",
              bad ? "with a digit 8" : "with no move");
    }
}

/* The settings ring before format 5 (store.h: slots of 171 bytes, the
 * second 177 bytes in, inside now's first): a format-4 record whose
 * newest copy is in that second slot loads from there, not the copy
 * before it from the first slot (the one now's first slot finds). The
 * first save of now, cut at every byte and with that byte torn, leaves
 * that record, the copy before it once the save has begun (now's second
 * slot overlaps then's), or the new record; never blank settings. */
static void migration_ring(void)
{
    engine_pos_t p = nim(2, 3);
    setup(&p);
    uint8_t old[STORE_SETTINGS_BYTES];
    uint8_t oldlen = old_record(old, 4, 5, 6);
    old[oldlen++] = game.number;
    old[oldlen++] = LANG_EN;
    CHECK(save_then(old, oldlen), "then's first copy saved");
    store_use_settings_ring(1);
    old[oldlen - 1] = LANG_VI;
    CHECK(store_save(STORE_SETTINGS, old, oldlen), "then's second copy saved");
    CHECK(store_newest_slot(STORE_SETTINGS) == 1, "the newest in then's second slot");
    store_use_settings_ring(0);
    CHECK(store_newest_slot(STORE_SETTINGS) == 0, "now's slots find only then's first");
    boot();
    CHECK(game.set[SET_LANG] == LANG_VI && score(0) == 5 && code_is("6"),
          "the newest copy, in then's second slot, loads");
    memcpy(image, fake_eeprom, sizeof image);
    unsigned kept = 0, before = 0, saved = 0;
    for (long budget = 0;; budget++) {
        for (int tear = 0; tear < 2; tear++) {
            memcpy(fake_eeprom, image, sizeof image);
            boot();
            game_set(SET_SOUND, 0);
            game_save_settings();
            bool done = run_saves(budget);
            if (tear && !done && fake_nvm_refused < BOARD_EEPROM_BYTES)
                fake_eeprom[fake_nvm_refused] ^= 0x5A;
            boot();
            bool vi = game.set[SET_LANG] == LANG_VI, sound = game.set[SET_SOUND];
            CHECK(score(0) == 5 && score(1) == 6 && (vi || budget || tear), "cut after %ld bytes%s: the scores kept", budget,
                  tear ? ", torn" : "");
            kept += vi && sound;
            before += !vi && sound;
            saved += vi && !sound;
            if (done) {
                CHECK(vi && !sound, "the first save of now written whole");
                CHECK(store_newest_slot(STORE_SETTINGS) == 1, "the first save of now in now's second slot");
                printf("endgame: the settings of then's second slot: a first save of now cut at %ld bytes (and torn): "
                       "%u kept, %u the copy before them, %u the new\n", budget, kept, before, saved);
                return;
            }
        }
    }
}

/* A toy updated from older firmware: its game is in an older game ring
 * (store.h: age 1 or 2), the ring of now is empty. The game resumes; when
 * it ends (here with your one move, or given up) the game record is saved
 * empty, and that empty record must be written to the ring of now even
 * though it held none: before, it was skipped as "the same as none", and
 * every boot read the older ring's game again. Layouts without the number
 * (format 2's) and with it. */
static void old_ring(uint8_t age, bool numbered, bool give_up)
{
    engine_pos_t p = nim(1, 0);
    setup(&p);
    uint8_t old[STORE_GAME_BYTES];
    save_old(age, old, old_game(old, numbered, false));
    CHECK(store_len(STORE_GAME) == STORE_NONE, "the ring of now holds no game");
    boot();
    CHECK(game.in_game && pos_equal(&game.pos, &p), "the game of the ring of age %u resumes (%s)", age,
          numbered ? "numbered" : "no number");
    game_resume(0);
    if (give_up) {
        game_abandon();
    } else {
        engine_move_t m = { 0, 0 };     /* column 0 to 0: you take the last counter */
        CHECK(game_move_human(m, 0) == 0, "the last move");
    }
    flush();
    boot();
    CHECK(!game.in_game, "the game of the ring of age %u, %s (%s), does not come back after a power cycle", age,
          give_up ? "given up" : "ended", numbered ? "numbered" : "no number");
    CHECK(store_len(STORE_GAME) == 0, "the ring of now holds the empty record");
    boot();
    CHECK(!game.in_game, "nor after a second power cycle");
}

int main(void)
{
    srand(1);
    case_run(CASE_LAST, 0);
    case_run(CASE_ABANDON, 0);
    /* the game record of your move 0, 5, 20 bytes in, or not started */
    for (long early = 0; early <= 20; early += 5)
        case_run(CASE_FAST, early);
    for (long early = 0; early <= 200; early += 40)
        case_run(CASE_NEW, early);
    migration();
    old_rings();
    sum_record();
    migration_v3();
    migration_v4();
    migration_ring();
    for (int i = 0; i < 8; i++)
        old_ring((uint8_t)(1 + (i >> 2)), i & 1, i & 2);
    printf("endgame: %lu power cuts at every byte of the end of a game (%lu torn bytes): %lu counted once and "
           "the game not resumed (%lu of them before every save was written), %lu not counted and the game resumed "
           "before its last move, then counted once; formats 2, 3 and 4 migrated, your own game's code kept; "
           "a game of the old ring ended and given up does not come back\n",
           cuts, torn_cuts, cuts - resumed_uncounted, counted_dropped, resumed_uncounted);
    printf("endgame: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
