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
 * given up against the machine. A SUM resumes with its columns' rules.
 * (The records of firmware before 3.0.0 are refused: test_settings.c.)
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
    sum_record();
    printf("endgame: %lu power cuts at every byte of the end of a game (%lu torn bytes): %lu counted once and "
           "the game not resumed (%lu of them before every save was written), %lu not counted and the game resumed "
           "before its last move, then counted once; a SUM resumes with its rules\n",
           cuts, torn_cuts, cuts - resumed_uncounted, counted_dropped, resumed_uncounted);
    printf("endgame: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
