/* rb_watchdog.c - the watchdog campaign: hangs injected in the main loop
 * (the PC forced into a self-loop), interrupts on and off; the watchdog
 * must bring the toy back with its game, settings and scores. */
#include <stdio.h>
#include <string.h>

#include "rb.h"
#include "rb_campaign.h"

#define OP_RJMP_SELF 0xCFFF

/* A hang is injected by the simulator, not the firmware: once the PC is
 * inside main() (the main loop, interrupts on), it is moved to a word past
 * the end of the program holding `rjmp .-2`, a self-loop. The interrupts
 * still run (as in a real hang waiting on a flag that never comes); only
 * the main loop stops, so nothing kicks the watchdog. */
static bool in_main(sim_t *s, void *ctx)
{
    (void)ctx;
    return s->avr->state == cpu_Running && s->avr->pc >= rb_main_lo && s->avr->pc < rb_main_hi &&
           s->avr->sreg[S_I];
}

/* Runs on until the PC is in the main loop with interrupts on. */
static void to_main(void)
{
    if (sim_run_until(&rb_board, rb_now_cycles() + sim_ms_to_cycles(100), in_main, NULL) != SIM_RUN_STOP)
        rb_fail("the PC never came to main()");
}

static uint64_t n_cli_hangs;
static uint32_t hang;       /* the word holding the self-loop */

/* The game, settings and scores read while the PC is in the main loop
 * (nothing can change once the loop hangs). */
static void state_in_main(rb_state_t *P)
{
    rb_ensure_play(P);
    rb_run_for_ms(rb_rnd_n(300));
    to_main();
    rb_link_process();
    rb_state_get(P);
    to_main();
    rb_scores_get(P->game, &P->w, &P->l);
    to_main();
}

/* The hang, and the watchdog's restart (the WDT interrupt, or with
 * interrupts off the chip's reset); how long it took, in ms. */
static double hang_until_boot(bool cli_hang)
{
    uint64_t t0 = rb_now_cycles();
    rb_st.boots_expected = rb_st.boots + 1;
    rb_board.avr->pc = hang;
    uint64_t resets0 = rb_board.wdt.escalations;
    if (cli_hang)
        rb_board.avr->sreg[S_I] = 0;
    rb_shadow.valid = false;
    for (int k = 0; k < 600 && rb_st.boots < rb_st.boots_expected; k++)
        rb_run_for_ms(5);
    if (rb_st.boots < rb_st.boots_expected)
        rb_fail("a hang in the main loop (interrupts %s) was not caught within 3 s", cli_hang ? "off" : "on");
    if (cli_hang) {
        if (rb_board.wdt.escalations != resets0 + 1)
            rb_fail("a hang with interrupts off ended without one watchdog reset");
        n_cli_hangs++;
    } else if (rb_board.wdt.escalations != resets0) {
        rb_fail("a hang with interrupts on reset the chip (the ISR should have restarted it)");
    }
    return sim_cycles_to_ms(rb_now_cycles() - t0);
}

/* After the restart: the watchdog's cause, everything as before, and the
 * game goes on. */
static void check_back(rb_state_t *P)
{
    rb_state_t R;
    if (!(rb_st.last_boot_cause & 8))
        rb_fail("LOG BOOT after the hang does not give the watchdog cause (%d)", rb_st.last_boot_cause);
    rb_state_get(&R);
    rb_scores_get(P->game, &R.w, &R.l);
    if (R.nset != P->nset || memcmp(R.set, P->set, (size_t)P->nset) || R.w != P->w || R.l != P->l)
        rb_fail("settings or scores changed by the watchdog restart");
    if (P->in_game && (!R.in_game || !rb_pos_equal(&R.pos, &P->pos) || R.turn != P->turn))
        rb_fail("the game %s turn %u did not come back after the watchdog restart (%s, in game %d)",
                rb_pos_str(&P->pos), P->turn, rb_pos_str(&R.pos), R.in_game);
    if (sim_stack_used(&rb_board) >= RB_STACK_BUDGET)
        rb_fail("stack high-water %u bytes", sim_stack_used(&rb_board));
    rb_ensure_play(P);
    const char *a = rb_command("AI");
    if (strncmp(a, "OK AI", 5))
        rb_fail("no move after the watchdog restart: %s", a);
}

void rb_watchdog_run(uint64_t n)
{
    rb_board_open();
    rb_boot_wait();
    hang = (rb_board.fw->flashsize + 64u) & ~1u;
    if (hang + 2 > rb_board.avr->flashend)
        rb_fail("no free flash for the hang loop");
    rb_board.avr->flash[hang] = OP_RJMP_SELF & 0xFF;
    rb_board.avr->flash[hang + 1] = OP_RJMP_SELF >> 8;
    rb_command_ok("SET OFF 4");
    rb_command_ok("SET OPP 0");
    rb_command_ok("%s", rb_game_line(rb_rnd_n(rb_game_count()), rb_game_count()));
    double worst = 0;
    for (uint64_t i = 0; i < n; i++) {
        rb_state_t P;
        state_in_main(&P);
        /* Every other hang with interrupts off: the WDT interrupt cannot
         * run, and only the chip's reset at the next time-out (WDIF still
         * set, sim/watchdog.c) brings the toy back. */
        double ms = hang_until_boot(i % 2 == 1);
        if (ms > worst)
            worst = ms;
        check_back(&P);
    }
    printf("robust watchdog: %llu hangs injected in main() (PC into a self-loop; %llu with interrupts on, "
           "restarted by the WDT interrupt; %llu with interrupts off, reset by the next time-out with WDIF "
           "still set), %llu caught by the watchdog (LOG BOOT cause 8), latest after %.0f ms, game, settings "
           "and scores back every time, %llu moves, stack high-water %u B\n",
           (unsigned long long)n, (unsigned long long)(n - n_cli_hangs), (unsigned long long)n_cli_hangs,
           (unsigned long long)(rb_st.boots - 1), worst,
           (unsigned long long)rb_st.moves, sim_stack_used(&rb_board));
}
