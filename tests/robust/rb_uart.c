/* rb_uart.c - the uart campaign: PC-link lines in bursts, back to back at
 * full line speed through a model of the chip's receiver, while games are
 * played by protocol moves (two players: every line's state known exactly)
 * or by the machine (demo, against the machine: bursts land while it
 * thinks and draws); every line exactly one reply, each bad line its ERR
 * and no change, each good line its answer; no reset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_campaign.h"
#include "rb_uart.h"

static const rb_link_t uart_link = {
    .send = uart_rx_send,
    .pending = uart_rx_pending,
    .step = uart_snap_step,
    .judge = uart_judge,
    .expect = uart_expect_any,
};

static void wait_replies(double max_ms)
{
    for (double t = 0; t < max_ms && uart_expect_in_flight(); t += 5)
        rb_run_for_ms(5);
    if (uart_expect_in_flight())
        rb_fail("line \"%s\" (and %llu after it) got no reply: lost without a word",
                uart_expect_oldest()->shown, (unsigned long long)(uart_expect_in_flight() - 1));
}

static void quiet_point(rb_game_t *g)
{
    rb_run_until_quiet(3000);
    rb_check_step();
    rb_read_game(g);
    uart_known.prev_g = *g;
}

/* An episode's settings through the PC link: two players (exact) or the
 * machine on one side or both, who starts, the level, the start, a game. */
static void episode_start(bool exact_mode)
{
    rb_game_t g;
    char t[64];
    uart_known.exact = false;
    quiet_point(&g);
    uint8_t opp = exact_mode ? 1 : (uint8_t)(rb_rnd_n(2) ? 2 : 0);
    snprintf(t, sizeof t, "SET OPP %u", opp);
    rb_command_ok("%s", t);
    uart_known.set[S_OPP] = opp;
    rb_command_ok("SET FIRST %u", rb_rnd_n(3));
    rb_command_ok("SET LEVEL %u", rb_rnd_n(3));
    rb_command_ok("SET START %u", rb_rnd_n(4));
    uint8_t gi = (uint8_t)rb_rnd_n(uart_known.n_games);
    rb_command_ok("%s", rb_game_line(gi, uart_known.n_games));
    rb_read_game(&g);
    memcpy(uart_known.set, g.set, sizeof uart_known.set);
}

/* Where the next burst lands: exact mode, a game waiting for its move (a
 * new one after the end screen); else anywhere: thinking, showing,
 * drawing, the end screen. */
static void burst_land(bool exact_mode)
{
    rb_game_t g;
    quiet_point(&g);
    memcpy(uart_known.set, g.set, sizeof uart_known.set);
    if (exact_mode && (g.screen != SCR_PLAY || g.phase == 3)) {
        rb_run_for_ms(rb_rnd_range(0, 3000));     /* the end screen, then a new game */
        uart_known.exact = false;
        quiet_point(&g);
        if (g.screen != SCR_PLAY || g.phase == 3)
            rb_command_ok("NEW");
        quiet_point(&g);
        memcpy(uart_known.set, g.set, sizeof uart_known.set);
    }
    uart_known.exact = exact_mode && g.screen == SCR_PLAY && g.phase == 0;
    if (!exact_mode) {
        rb_run_for_ms(rb_rnd_n(600));
        if (rb_rnd_n(4) == 0) {
            rb_run_until_quiet(3000);
            rb_read_game(&g);
            if (g.screen != SCR_PLAY)
                rb_command_ok("NEW");
        }
        rb_link_process();
        rb_read_game(&uart_known.prev_g);
    }
}

/* A burst and its replies; after it the settings are the ones set, and in
 * exact mode a burst with no change accepted changed nothing. */
static void burst_run(bool exact_mode)
{
    rb_game_t g;
    burst_land(exact_mode);
    uint8_t f0[BOARD_COLS];
    memcpy(f0, rb_board.disp.frame, sizeof f0);
    rb_game_t g0 = uart_known.prev_g;
    uint64_t ok_before = uart_n.mut_ok;
    uart_burst_send((int)rb_rnd_range(1, rb_rnd_n(4) ? 12 : 40), true);
    wait_replies(20000);
    uart_known.exact = false;
    rb_run_until_quiet(3000);
    rb_check_step();
    rb_read_game(&g);
    if (memcmp(g.set, uart_known.set, (size_t)g.nset))
        rb_fail("the settings after a burst are not the ones set");
    if (exact_mode && uart_n.mut_ok == ok_before && g0.screen == SCR_PLAY && g0.phase == 0) {
        /* Nothing was accepted that changes anything: the state and
         * the LEDs (but the blinking cursor column) are as before. */
        if (!uart_game_same(&g, &g0))
            rb_fail("a burst without an accepted change changed the state");
        engine_pos_t p = rb_to_pos(&g);
        if (!(p.mode & ENGINE_ONEHEAP))
            for (int c = 0; c < BOARD_COLS; c++)
                if (c != g.cur_col && c != g.mv_col && rb_board.disp.frame[c] != f0[c])
                    rb_fail("a burst without an accepted change changed LED column %d: 0x%02X -> 0x%02X", c,
                            f0[c], rb_board.disp.frame[c]);
    }
}

static void uart_episode(bool exact_mode, int bursts)
{
    episode_start(exact_mode);
    for (int b = 0; b < bursts; b++) {
        burst_run(exact_mode);
        if (rb_rnd_n(20) == 0) {
            /* Blank lines: no reply at all (the next reply is VER's). */
            static const char *blanks[] = { "\n", "\r\n", "  \t \r\n", "\r\r\n" };
            rb_send(blanks[rb_rnd_n(4)]);
            uart_n.blank++;
            uart_n.bytes++;
            rb_command_ok("VER");
        }
    }
}

void rb_uart_run(uint64_t n)
{
    rb_board_open();
    rb_link = &uart_link;
    if (!rb_putc_hi)
        rb_fail("the ELF has no uart_putc");
    rb_boot_wait();
    uart_rx_install();
    const char *v = rb_command_ok("VER");
    snprintf(uart_known.ver_reply, sizeof uart_known.ver_reply, "%s", v);
    const char *gp = strstr(uart_known.ver_reply, "GAMES ");
    uart_known.n_games = gp ? (unsigned)atoi(gp + 6) : 0;
    if (!uart_known.n_games)
        rb_fail("VER does not say how many games: %s", uart_known.ver_reply);
    snprintf(uart_known.help_reply, sizeof uart_known.help_reply, "%s", rb_command_ok("HELP"));
    rb_command_ok("SET OFF 4");
    rb_game_number(0);      /* the game numbers asked now, before any line is planned */
    int ep = 0;
    while (uart_n.lines < n) {
        bool ex = ep++ % 3 != 2;
        uart_episode(ex, (int)rb_rnd_range(5, 30));
    }
    rb_run_until_quiet(3000);
    rb_check_step();
    if (rb_board.resets || rb_st.boots != 1)
        rb_fail("the toy reset");
    printf("robust uart: %llu lines in %llu bursts back to back at line speed (up to %llu lines a burst), "
           "%llu bytes; %llu bad lines (%llu of random bytes, %llu over-long, the rest unknown commands, "
           "bad arguments, refused moves) all refused with their ERR, %llu ERR in all, %llu ERR OVERRUN "
           "(%llu bytes lost in the receiver), %llu good lines answered (%llu changes accepted), "
           "%llu lines with the state compared exactly, %llu blank lines unanswered; every line one reply; "
           "%llu moves, %llu games finished, 0 resets, %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)uart_n.lines, (unsigned long long)uart_n.bursts, (unsigned long long)uart_n.max_burst,
           (unsigned long long)uart_n.bytes, (unsigned long long)uart_n.bad, (unsigned long long)uart_n.binary,
           (unsigned long long)uart_n.overlong, (unsigned long long)uart_n.errs, (unsigned long long)uart_n.overruns,
           (unsigned long long)uart_rx_lost(), (unsigned long long)uart_n.ok_valid, (unsigned long long)uart_n.mut_ok,
           (unsigned long long)uart_n.exact_lines, (unsigned long long)uart_n.blank, (unsigned long long)rb_st.moves,
           (unsigned long long)rb_st.games_ended, rb_now_ms() / 1000, sim_stack_used(&rb_board));
}
