/* rb_brownout.c - the brown-out campaign: the power-cut campaign
 * (rb_powercut.c) with the supply instead of the plug: slow decays of a
 * dying battery, sags, power losses; the brown-out detector holds the chip
 * in reset. */
#include <stdio.h>

#include "rb.h"
#include "rb_campaign.h"

static uint64_t n_decays, n_sags, n_losses;
static bool last_episode_por;

static bool held_stop(sim_t *s, void *ctx)
{
    (void)ctx;
    return s->supply.held;
}

/* The battery dies slowly, or the supply sags (a bad contact, a dip) or
 * goes away; the chip runs on until the brown-out detector (2.7 V, the
 * fuse) holds it in reset; an EEPROM write in progress then finishes or
 * is cut (old, new, torn: the campaign picks); then fresh batteries. */
static void supply_episode(bool fast)
{
    uint32_t r = rb_rnd_n(100);
    double low;
    uint64_t fall;
    if (fast || r < 40) {
        n_sags++;
        low = 1.5 + rb_rnd_n(110) / 100.0;                 /* 1.5 .. 2.6 V */
        fall = sim_ms_to_cycles(rb_rnd_n(3)) / 2;           /* 0 .. 1 ms */
    } else if (r < 85) {
        n_decays++;
        low = 2.0 + rb_rnd_n(60) / 100.0;                  /* 2.0 .. 2.6 V */
        fall = sim_ms_to_cycles(rb_rnd_range(20, 3000));
    } else {
        n_losses++;
        low = rb_rnd_n(120) / 100.0;                       /* 0 .. 1.2 V: below V_POT */
        fall = sim_ms_to_cycles(rb_rnd_n(50));
    }
    uint32_t e = rb_rnd_n(4);
    rb_board.supply.ee_cut = e == 3 ? -1 : (int)e;
    uint8_t t = (uint8_t)rb_rnd();
    rb_board.supply.ee_torn = rb_rnd_n(4) == 0 ? 0xFF : t;
    uint64_t por0 = rb_board.supply.por_resets;
    supply_set(&rb_board.supply, low, fall);
    sim_run_until(&rb_board, rb_now_cycles() + fall + sim_ms_to_cycles(5), held_stop, NULL);
    if (!rb_board.supply.held)
        rb_fail("VCC at %.2f V and the chip is not held in reset", rb_board.supply.vcc);
    rb_run_for_ms(rb_rnd_range(1, 300));
    if (low >= SUPPLY_POR_FALL_V && rb_board.supply.por_resets != por0)
        rb_fail("a power-on reset at %.2f V", low);
    last_episode_por = rb_board.supply.por_resets != por0;
    supply_set(&rb_board.supply, 4.8, sim_ms_to_cycles(rb_rnd_n(50)));
}

void rb_brownout_install(void)
{
    rb_power_source = supply_episode;
}

void rb_brownout_check_boot(void)
{
    if (!(rb_st.last_boot_cause & (last_episode_por ? 1 : 4)))
        rb_fail("LOG BOOT cause %d after a %s", rb_st.last_boot_cause,
                last_episode_por ? "power loss (PORF wanted)" : "brown-out (BORF wanted)");
    /* what the matrix shows after the restart is the state's picture */
    for (int k = 0; k < 20; k++) {
        rb_run_for_ms(50);
        rb_check_step();
    }
}

void rb_brownout_report(uint64_t cuts, uint64_t resumed, uint64_t clean)
{
    printf("robust brownout: %llu supply episodes while games were played and saved (%llu slow decays of a "
           "dying battery over up to 3 s, %llu sags, %llu down to below the power-on reset level); "
           "%llu brown-out resets (BORF) and %llu power-on resets, lowest %.2f V, %.1f s held in reset; "
           "EEPROM writes in progress at the reset: %llu finished, %llu cut (old/new/torn); "
           "%llu boots, %llu resumed a game, %llu came back without one (no committed record lost), "
           "%llu frames checked after the restarts (no garbage), %llu moves, %.1f s simulated, "
           "stack high-water %u B\n",
           (unsigned long long)cuts, (unsigned long long)n_decays, (unsigned long long)n_sags,
           (unsigned long long)n_losses, (unsigned long long)rb_board.supply.bod_resets,
           (unsigned long long)rb_board.supply.por_resets, rb_board.supply.vmin,
           sim_cycles_to_ms(rb_board.supply.held_cycles) / 1000, (unsigned long long)rb_board.supply.ee_finished,
           (unsigned long long)rb_board.supply.ee_cuts, (unsigned long long)rb_st.boots,
           (unsigned long long)resumed, (unsigned long long)clean,
           (unsigned long long)rb_st.frames_checked, (unsigned long long)rb_st.moves, rb_now_ms() / 1000,
           sim_stack_used(&rb_board));
}
