/* fuzz_buttons.c - libFuzzer target: the controls on arbitrary button
 * sequences. The main loop's chain, as firmware/app/main.c runs it:
 * debounce -> ui_input (menu, play controls) -> game_tick -> ui_render ->
 * store_step, auto-off and wake, with the real firmware/app and engine
 * over fake_hal.c. Input: four bytes choose the game, opponent, first
 * player, level and start (so every game is reached without a walk
 * through the menu), then one byte a main-loop pass: bits 0-5 the raw
 * buttons (BTN_* bits, bounces and chords included), bits 6-7 the time
 * since the last pass (1, 20, 100 or 1000 ms: the chip's passes are about
 * a millisecond apart; longer ones reach the long presses, the machine's
 * turn and auto-off in few bytes, so short inputs, many runs a second,
 * and test that a slow pass loses nothing).
 * Checks after every pass:
 *   - debounce: edges only of buttons that changed, none inside the lockout;
 *   - legal state (fuzz_check_pos_legal), and within a game the position
 *     changes only by one legal move: a human's only on the human's turn
 *     (ui_input), the machine's only on its own (game_tick);
 * and at the end, the settings and the game in progress survive a power
 * cycle (fuzz_check_reboot). */
#include <stdio.h>
#include <string.h>

#include "debounce.h"
#include "fake_hal.h"
#include "fuzz_check.h"
#include "game.h"
#include "store.h"
#include "ui.h"

static debounce_t deb;

static void check_debounce(uint8_t before_stable, uint8_t raw, uint16_t now)
{
    if ((deb.pressed & deb.released) || (deb.pressed & ~deb.stable) || (deb.released & deb.stable))
        fuzz_fail("debounce: an edge that disagrees with the level", "(debounce)");
    if ((deb.pressed | deb.released) != (before_stable ^ deb.stable))
        fuzz_fail("debounce: a level change without its edge", "(debounce)");
    for (uint8_t b = 0; b < DEBOUNCE_BUTTONS; b++) {
        uint8_t bit = (uint8_t)(1u << b);
        if (!(deb.locked & bit) && (deb.stable & bit) != (raw & bit))
            fuzz_fail("debounce: an unlocked button does not follow its level", "(debounce)");
        if ((deb.stable & bit) && debounce_held_ms(&deb, bit, now) > DEBOUNCE_HELD_MAX)
            fuzz_fail("debounce: held time past its bound", "(debounce)");
    }
}

/* The position changed during a step: only by one legal move of the side
 * that may move then, inside the same game (a new game starts from the
 * menu or the end screen). While START SET UP sets the position up
 * (game.setup), a press may set it to any legal position of the same game
 * (whatever the rule allows between them: game_setup_move), you to move. */
static void check_step(const game_t *b, bool human_may, bool machine_may, const char *where)
{
    bool same_game = b->running && game.running && b->in_game && game.in_game
        && b->number == game.number;
    if (same_game && b->setup && !fuzz_same_pos(&b->pos, &game.pos)) {
        if (!human_may)
            fuzz_fail("the set-up position changed without a press", where);
        if (b->pos.rule != game.pos.rule || b->pos.mode != game.pos.mode || b->pos.ncols != game.pos.ncols)
            fuzz_fail("setting up changed the game", where);
        if (game.turn != 0)
            fuzz_fail("a set-up position is not yours to move", where);
    } else if (same_game && !fuzz_same_pos(&b->pos, &game.pos)) {
        bool machine = game_side_is_machine(b->turn);
        if (machine ? !machine_may : !human_may)
            fuzz_fail("a move by a side that may not move now", where);
        fuzz_check_one_move(&b->pos, &game.pos, where);
    }
    fuzz_check_pos_legal(where);
}

static void pass(uint8_t raw)
{
    uint16_t now = fake_now;
    uint8_t st = deb.stable;
    fake_buttons = raw;
    debounce_update(&deb, buttons_raw(), now);
    check_debounce(st, raw, now);
    game_t b = game;
    ui_input(&deb, now);
    check_step(&b, true, false, "(ui_input)");
    b = game;
    game_tick(now);
    check_step(&b, false, true, "(game_tick)");
    ui_render(now);
    bool saving = store_step();
    if (ui_sleep_due(now)) {
        if (saving) {
            store_flush();
        } else {
            /* power_off, woken by the press being held (or the next one) */
            debounce_init(&deb, buttons_raw(), now);
            ui_wake(now);
            fuzz_check_pos_legal("(wake)");
        }
    }
}

static const uint16_t pass_ms[4] = {1, 20, 100, 1000};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    fake_out_len = 0;
    fake_out[0] = 0;
    fake_buttons = 0;
    fuzz_boot(0);
    debounce_init(&deb, 0, 0);
    game_set(SET_GAME, (uint8_t)(data[0] % game_setting_count(SET_GAME)));
    game_set(SET_OPP, (uint8_t)(data[1] % OPP_COUNT));
    game_set(SET_FIRST, (uint8_t)(data[1] / OPP_COUNT % FIRST_COUNT));
    game_set(SET_LEVEL, (uint8_t)(data[2] % LEVEL_COUNT));
    game_set(SET_START, (uint8_t)(data[2] / LEVEL_COUNT % START_COUNT));
    game_set(SET_OFF, (uint8_t)(data[3] % OFF_COUNT));
    ui_settings_changed();
    game_save_settings();   /* as SET does */
    for (size_t i = 4; i < size; i++) {
        fake_now = (uint16_t)(fake_now + pass_ms[data[i] >> 6]);
        pass(data[i] & 0x3F);
    }
    fuzz_check_reboot("(power cycle after the buttons)");
    return 0;
}
