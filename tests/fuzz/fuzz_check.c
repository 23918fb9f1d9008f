/* fuzz_check.c - the invariants of fuzz_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_hal.h"
#include "fuzz_check.h"
#include "game.h"
#include "store.h"
#include "ui.h"
#include "view.h"

static const uint8_t *fail_line;
static size_t fail_line_len;

void fuzz_line_set(const uint8_t *line, size_t n)
{
    fail_line = line;
    fail_line_len = n;
}

void fuzz_fail(const char *why, const char *where)
{
    fprintf(stderr, "fuzz: VIOLATION: %s\nat: %s", why, where);
    if (fail_line_len) {
        fputs(" \"", stderr);
        for (size_t i = 0; i < fail_line_len; i++) {
            uint8_t c = fail_line[i];
            fprintf(stderr, (c >= ' ' && c <= '~') ? "%c" : "\\x%02X", c);
        }
        fputc('"', stderr);
    }
    fprintf(stderr, "\noutput:\n%s\n", fake_out);
    abort();
}

void fuzz_check_pos_legal(const char *where)
{
    /* Constant, and game_count walks the games list: counted once, or the
     * checks would cost more runs than the code they check. */
    static uint8_t count[SET_COUNT];
    if (!count[0])
        for (uint8_t i = 0; i < SET_COUNT; i++)
            count[i] = game_setting_count(i);
    if (view.screen > SCR_END || game.phase > PH_OVER || game.turn > 1 || view.overlay > OV_REFUSE)
        fuzz_fail("state field out of range", where);
    for (uint8_t i = 0; i < SET_COUNT; i++)
        if (game.set[i] >= count[i])
            fuzz_fail("setting out of range", where);
    /* The screen is the UI's, the game's running its own: they agree (the
     * game runs on the play screen only, the machine waits elsewhere). */
    if (game.running != (view.screen == SCR_PLAY))
        fuzz_fail("the game runs off the play screen, or stops on it", where);
    if (view.screen == SCR_PLAY || game.in_game) {
        if (engine_check_pos(&game.pos))
            fuzz_fail("illegal position", where);
        if (!game_is_oneheap() && view.cur_col >= game.pos.ncols)
            fuzz_fail("cursor outside the columns", where);
    }
    if (game.in_game && game.phase != PH_OVER && !engine_has_move(&game.pos))
        fuzz_fail("a game in progress with no move left", where);
    /* Someone is to move, and it is who the settings say: a machine's
     * turn thinks, a person's waits for input (SET OPP over the link once
     * left a machine's turn waiting for input, and had the machine move
     * for a person); a set-up is for people, never in DEMO. */
    if (view.screen == SCR_PLAY && game.phase != PH_OVER
        && (game.phase != PH_INPUT) != game_side_is_machine(game.turn))
        fuzz_fail("the side to move is not played by who the settings say", where);
    if (game.setup && game.set[SET_OPP] == OPP_DEMO)
        fuzz_fail("a set-up in DEMO (no one to set it up)", where);
}

bool fuzz_same_pos(const engine_pos_t *a, const engine_pos_t *b)
{
    if (a->rule != b->rule || a->mode != b->mode || a->ncols != b->ncols || a->heap != b->heap)
        return false;
    return memcmp(a->col, b->col, sizeof a->col) == 0;
}

void fuzz_check_one_move(const engine_pos_t *a, const engine_pos_t *b, const char *where)
{
    engine_move_t m = {0, 0};
    int changed = 0;
    if (a->rule != b->rule || a->mode != b->mode || a->ncols != b->ncols)
        fuzz_fail("a move changed the game", where);
    if (a->mode & ENGINE_ONEHEAP) {
        m.to = b->heap;
        changed = a->heap != b->heap;
    } else if (a->rule == RULE_ED) {
        /* EMPTY AND DIVIDE: box c emptied and the other box's counters
         * divided, so b's two boxes add up to a's other box */
        m.col = b->col[0] + b->col[1] == a->col[1] ? 0 : 1;
        m.to = b->col[m.col];
        changed = b->col[0] + b->col[1] == a->col[m.col ^ 1];
    } else {
        for (uint8_t c = 0; c < a->ncols; c++)
            if (a->col[c] != b->col[c]) {
                changed++;
                m.col = c;
                m.to = b->col[c];
            }
    }
    if (changed != 1 || engine_check_move(a, m) != ENGINE_OK)
        fuzz_fail("the position changed by something that is not one legal move", where);
}

void fuzz_boot(uint16_t now)
{
    memset(&game, 0, sizeof game);
    memset(&view, 0, sizeof view);
    engine_seed(0);     /* the random state a power-on starts from (rng_state's initial value) */
    fake_now = now;
    store_init();
    game_init(now);
    ui_init(now);
    fuzz_check_pos_legal("(boot)");
}

void fuzz_check_reboot(const char *where)
{
    /* A save of the rate limit's or of a ring with every slot worn out
     * may take a while, never for ever. */
    store_flush();
    for (int n = 0; store_step(); n++)
        if (n > 100000)
            fuzz_fail("a save never finishes", where);
    game_t before = game;
    uint8_t screen = view.screen;
    bool resumable = game.in_game && game.phase != PH_OVER;
    fuzz_boot(fake_now);
    /* The menu keeps its changes in RAM until it is left (ui_menu.c). */
    if (screen != SCR_MENU && memcmp(before.set, game.set, sizeof game.set))
        fuzz_fail("the settings changed over a power cycle", where);
    if (resumable && (!game.in_game || game.turn != before.turn || !fuzz_same_pos(&before.pos, &game.pos)))
        fuzz_fail("the game in progress did not come back after a power cycle", where);
    if (!before.in_game && game.in_game)
        fuzz_fail("a game no longer in progress came back after a power cycle", where);
}
