/* fuzz_proto.c - libFuzzer target: the real PC-link parser and handler
 * (firmware/app/link/proto.c) with the real game, store, ui and engine, over the
 * host fakes of fake_hal.c. Every input is a byte stream sent to the toy;
 * after every line the target checks what docs/protocol.md promises:
 *   - exactly one OK/ERR reply for a non-blank line, none for a blank one,
 *     every other output line a '#' info or LOG line;
 *   - a line with a byte outside printable ASCII gets ERR BINARY, a line
 *     over PROTO_LINE_MAX gets ERR LONG;
 *   - a refused line (ERR) leaves the game state, the EEPROM and the
 *     virtual buttons exactly as they were;
 *   - the position is always legal, and changes only through POS, GAME,
 *     NEW, a legal MOVE/AI (checked against the engine) or the machine's
 *     own turn (game_tick, checked the same way, on a machine's side);
 *   - a game in play always has someone to move: the phase is who the
 *     settings say plays the side to move (fuzz_check_pos_legal).
 * A violation aborts (libFuzzer saves the input); ASan/UBSan catch the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_hal.h"
#include "fuzz_check.h"
#include "game.h"
#include "store.h"
#include "proto.h"
#include "ui.h"
#include "view.h"

static uint32_t lines_run, lines_bad;

/* One line's worth of bytes (without '\n'), then the '\n'. */
static void run_line(const uint8_t *b, size_t n)
{
    static const char at_line[] = "(the line)";
    size_t len = 0;
    bool binary = false, blank = true;
    fuzz_line_set(b, n);
    for (size_t i = 0; i < n; i++) {
        uint8_t c = b[i];
        if (c == '\r')
            continue;
        if (c != '\t' && (c < ' ' || c > '~')) {
            binary = true;
            continue;
        }
        if (c != ' ' && c != '\t')
            blank = false;
        len++;
    }
    bool is_long = len > PROTO_LINE_MAX;

    game_t before = game;
    uint8_t ee_before[BOARD_EEPROM_BYTES];
    memcpy(ee_before, fake_eeprom, sizeof ee_before);
    uint8_t vb_before = proto_buttons();
    fake_out_len = 0;
    fake_out[0] = 0;
    for (size_t i = 0; i < n; i++)
        proto_feed(b[i], fake_now);
    proto_feed('\n', fake_now);
    lines_run++;

    /* Every output line is terminated; count the replies. */
    if (fake_out_len && fake_out[fake_out_len - 1] != '\n')
        fuzz_fail("output does not end with a newline", at_line);
    int replies = 0;
    const char *reply = NULL;
    for (char *p = fake_out; *p;) {
        char *e = strchr(p, '\n');
        if (!strncmp(p, "OK", 2) && (p[2] == ' ' || p[2] == '\n')) {
            replies++;
            reply = p;
        } else if (!strncmp(p, "ERR ", 4)) {
            replies++;
            reply = p;
        } else if (strncmp(p, "# ", 2) && strncmp(p, "LOG ", 4)) {
            fuzz_fail("an output line that is not OK, ERR, # or LOG", at_line);
        }
        p = e + 1;
    }
    if (blank && !binary && !is_long) {
        if (replies)
            fuzz_fail("a blank line got a reply", at_line);
        return;
    }
    if (replies != 1)
        fuzz_fail("a line did not get exactly one OK/ERR reply", at_line);
    if (binary && strncmp(reply, "ERR BINARY\n", 11))
        fuzz_fail("a line with a binary byte did not get ERR BINARY", at_line);
    if (!binary && is_long && strncmp(reply, "ERR LONG\n", 9))
        fuzz_fail("an over-long line did not get ERR LONG", at_line);
    if (!strncmp(reply, "ERR", 3)) {
        lines_bad++;
        if (memcmp(&before, &game, sizeof game))
            fuzz_fail("a refused line changed the game state", at_line);
        if (memcmp(ee_before, fake_eeprom, sizeof ee_before))
            fuzz_fail("a refused line changed the EEPROM", at_line);
        if (vb_before != proto_buttons())
            fuzz_fail("a refused line changed the virtual buttons", at_line);
    } else if (!fuzz_same_pos(&before.pos, &game.pos)) {
        if (!strncmp(reply, "OK MOVE ", 8) || !strncmp(reply, "OK AI ", 6))
            fuzz_check_one_move(&before.pos, &game.pos, at_line);
        else if (strncmp(reply, "OK POS\n", 7) && strncmp(reply, "OK GAME ", 8) && strncmp(reply, "OK NEW ", 7))
            fuzz_fail("the position changed on a command that does not move", at_line);
    }
    fuzz_check_pos_legal(at_line);
}

/* Time goes on between lines: the machine takes its turn (think, show,
 * move: three steps of the main loop's, each a longer pass than on the
 * chip, so a run is cheap). */
static void run_time(uint16_t ms)
{
    for (uint16_t t = 0; t < ms; t += 500) {
        engine_pos_t p = game.pos;
        bool playing = view.screen == SCR_PLAY;
        uint8_t side = game.turn;
        fake_now = (uint16_t)(fake_now + 500);
        game_tick(fake_now);
        ui_render(fake_now);
        store_step(); /* as the main loop does after each frame: saves go out */
        if (playing && !fuzz_same_pos(&p, &game.pos)) {
            if (!game_side_is_machine(side))
                fuzz_fail("the machine moved for a person", "(the machine's turn, after the line)");
            fuzz_check_one_move(&p, &game.pos, "(the machine's turn, after the line)");
        }
        fuzz_check_pos_legal("(time, after the line)");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A fresh toy for every input: blank EEPROM, or (first byte odd) the
     * EEPROM the previous input left, as after a power cycle. */
    if (!size || !(data[0] & 1))
        memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    fake_buttons = 0;
    proto_feed('\n', 0);    /* ends whatever line a previous input left open */
    /* A boot as the chip's: RAM as at power-on, the store's scan of the
     * EEPROM. Before, game_init alone kept the previous input's RAM
     * (game.setup open, the store's ring state): a 10 M run reported "a
     * set-up in DEMO" at the boot of an input that did not make one. */
    fuzz_boot(0);
    fuzz_line_set(NULL, 0);
    size_t start = 0;
    for (size_t i = start; i < size; i++) {
        if (data[i] != '\n')
            continue;
        run_line(data + start, i - start);
        run_time(1500);
        start = i + 1;
    }
    if (start < size)
        run_line(data + start, size - start);
    fuzz_line_set(NULL, 0);
    return 0;
}

/* Counts for the log of make test (libFuzzer prints the run count). */
__attribute__((destructor)) static void report(void)
{
    fprintf(stderr, "fuzz_proto: %u lines checked, %u refused with ERR\n", lines_run, lines_bad);
}
