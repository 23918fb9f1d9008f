/* test_game_alone.c - the game room links and runs alone: firmware/app/game
 * with the engine, lib and tests/common's fake drivers, no UI and no link
 * (compiled with app/game's include paths only). The game reports through
 * its event hooks (game_events.h): this test defines some of them strong, as
 * app/events.c does, and leaves the others (game_event_setup,
 * game_event_resume) to the room's WEAK defaults (game_events.c), which
 * must be enough to link. Every game of the list the toy can start is
 * played to its end, machine against machine (DEMO), and each event is
 * checked against the engine: a new game, each move legal from the
 * position before it and leaving the game's position, the sides in turn,
 * the end once with the right winner (normal play: the last to move wins;
 * misere: loses), then the end's pause over and the game stopped. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "game_events.h"
#include "fake_hal.h"
#include "game.h"
#include "store.h"

static struct events_seen {
    unsigned news, moves, ends, overs, settings, bad_moves;
    uint8_t next_side, winner, last_side;
    engine_pos_t shadow;   /* the position as the events tell it */
} ev;

void game_event_new(void)
{
    ev.news++;
    ev.shadow = game.pos;
    ev.next_side = game.turn;
}

void game_event_move(uint8_t side, engine_move_t m)
{
    ev.moves++;
    if (side != ev.next_side || engine_check_move(&ev.shadow, m)) {
        ev.bad_moves++;
        return;
    }
    engine_apply(&ev.shadow, m);
    if (memcmp(&ev.shadow, &game.pos, sizeof ev.shadow))
        ev.bad_moves++;
    ev.last_side = side;
    ev.next_side = (uint8_t)!side;
}

void game_event_end(uint8_t winner)
{
    ev.ends++;
    ev.winner = winner;
}

void game_event_over(void)
{
    ev.overs++;
}

void game_event_settings(void)
{
    ev.settings++;
}

/* Play game index to its end; 1 if it started, 0 if the toy refuses it. */
static int play(uint8_t index)
{
    uint8_t rule, mode;
    unsigned set0 = ev.settings;
    CHECK(game_set(SET_GAME, index), "game_set(SET_GAME, index)");
    CHECK(ev.settings == set0 + 1, "ev.settings == set0 + 1");
    if (game_unplayable(index))
        return 0;
    game_decode(index, &rule, &mode);
    if (game_mode_is_sum(mode)) {
        game_sum_start();
        game_sum_rule(2, 1, RULE_NIM);      /* the menu asks for two columns at least */
    }
    memset(&ev, 0, offsetof(struct events_seen, next_side));
    fake_now += 1000;
    CHECK(game_new(fake_now), "game_new(fake_now)");
    CHECK(ev.news == 1 && game.running, "ev.news == 1 && game.running");
    for (unsigned long t = 0; t < 2000000 && !ev.overs; t++) {
        fake_now += GAME_SHOW_MS;     /* each phase passes in one tick */
        game_tick(fake_now);
    }
    bool misere = engine_is_misere(&ev.shadow);
    CHECK(ev.moves > 0 && ev.bad_moves == 0, "ev.moves > 0 && ev.bad_moves == 0");
    CHECK(ev.ends == 1 && ev.overs == 1, "ev.ends == 1 && ev.overs == 1");
    CHECK(!engine_has_move(&ev.shadow), "!engine_has_move(&ev.shadow)");
    CHECK(ev.winner == (misere ? !ev.last_side : ev.last_side), "ev.winner == (misere ? !ev.last_side : ev.last_side)");
    CHECK(!game.running && !game.in_game, "!game.running && !game.in_game");
    if (ev.bad_moves || ev.ends != 1)
        printf("game_alone: game %u (rule %u mode %u): %u moves, %u bad, %u ends\n",
               (unsigned)index, (unsigned)rule, (unsigned)mode, ev.moves, ev.bad_moves, ev.ends);
    return 1;
}

int main(void)
{
    unsigned played = 0, refused = 0;
    fake_nvm_budget = -1;
    store_init();
    game_init(0);
    CHECK(ev.settings == 1, "ev.settings == 1");                /* loaded: the drivers follow them */
    CHECK(!game_set(SET_OPP, OPP_COUNT), "!game_set(SET_OPP, OPP_COUNT)");   /* refused: nothing changed, no event */
    CHECK(ev.settings == 1, "ev.settings == 1");
    CHECK(game_set(SET_OPP, OPP_DEMO), "game_set(SET_OPP, OPP_DEMO)");
    CHECK(game_set(SET_START, START_FULL), "game_set(SET_START, START_FULL)");
    for (uint8_t i = 0; i < game_count(); i++) {
        if (play(i))
            played++;
        else
            refused++;
    }
    CHECK(played > 0 && played + refused == game_count(), "played > 0 && played + refused == game_count()");
    printf("game_alone: %u games played to their end with no UI and no link (%u refused as the toy "
           "refuses them)\n", played, refused);
    printf("game_alone: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
