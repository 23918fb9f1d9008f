/* sim_run.c - the board's time: sim_run_until runs the chip to a cycle
 * (or a stop), books every step's cycles (awake, asleep by mode, the
 * current model, wake-ups, the supply's sleeps) and paces a run to the
 * wall clock unless it is fast. The board itself is sim.c. */
#define _GNU_SOURCE
#include "sim.h"

#include <time.h>

#include <sim_core.h>

static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

void sim_pace_start(sim_t *s)
{
    s->pace_cycle0 = s->avr->cycle;
    s->pace_wall0 = wall_now();
    s->pace_next_check = s->avr->cycle;
}

static void sim_pace(sim_t *s)
{
    uint64_t cyc = s->avr->cycle;
    s->pace_next_check = cyc + BOARD_F_CPU / 1000;
    double due = s->pace_wall0 + (double)(cyc - s->pace_cycle0) / BOARD_F_CPU;
    double now = wall_now();
    if (due - now > 0.002) {
        struct timespec t = { 0, (long)((due - now) * 1e9) };
        nanosleep(&t, NULL);
    } else if (now - due > 0.1) {
        /* Behind (a slow terminal, a pause): never race to catch up. */
        s->pace_cycle0 = cyc;
        s->pace_wall0 = now;
    }
}

/* Wakes a sleeping CPU at the cycle sim_run_until must stop at: simavr
 * skips a sleep straight to the next timer, which may be far later. */
static avr_cycle_count_t sim_until_timer(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr; (void)when; (void)param;
    return 0;
}

/* The current model's view of the board now (--power), filled here so
 * that the model reads no part of sim_t. Inline: with --power it runs
 * once per instruction (7 % of the run when it was a call). */
static inline void sim_book_current(sim_t *s, const current_cycles_t *n)
{
    const avr_t *avr = s->avr;
    current_board_t b = {
        .cycle = avr->cycle,
        .disp = &s->disp,
        .piezo_hz = s->piezo.hz,
        .wdt_on = avr->data && (avr->data[ADDR_WDTCSR] & (WDTCSR_WDIE | WDTCSR_WDE)),
        .bod_on = s->supply.vbot > 0 && !s->supply.bod_off,
    };
    current_book(&s->current, &b, n);
}

/* Books one avr_run step that began at cycle c0 in state before and left
 * the CPU in state st: awake, asleep (by mode) or held in reset, the
 * supply current, wake-ups. SIM_RUN_TIME to go on, else why to stop. */
static int sim_book_step(sim_t *s, int before, int st, uint64_t c0)
{
    avr_t *avr = s->avr;
    uint64_t d = avr->cycle - c0;
    bool slept = before == cpu_Running && st == cpu_Sleeping;
    current_cycles_t n = { 0 };
    /* simavr runs the SLEEP instruction (1 cycle) and the skip to the
     * next event in the same step: split that step. Waking costs 0
     * cycles in simavr (hardware: 4 + start-up). */
    if (s->supply.held) {
        n.held = d;                        /* in reset: no instruction ran */
        s->supply.held_cycles += d;
    } else if (before == cpu_Sleeping || (slept && d > 1)) {
        n.awake = before == cpu_Sleeping ? 0 : 1;
        n.asleep = d - n.awake;
        n.mode = avr->data ? sim_sleep_mode(s) : 0;
        s->awake_cycles += n.awake;
        s->sleep_cycles[n.mode] += n.asleep;
    } else {
        n.awake = d;
        s->awake_cycles += d;
    }
    if (s->current.on)
        sim_book_current(s, &n);
    if (slept && avr->data)
        supply_on_sleep(&s->supply, sim_sleep_mode(s), c0);
    if (before == cpu_Sleeping && st == cpu_Running) {
        s->wakeups++;
        supply_on_wake(&s->supply);
    }
    if (st == cpu_Done)
        return SIM_RUN_DONE;
    if (st == cpu_Crashed || st == cpu_Stopped) {
        fprintf(stderr, "nimsim: the CPU crashed at cycle %llu, pc 0x%04x\n",
                (unsigned long long)avr->cycle, (unsigned)avr->pc);
        return SIM_RUN_CRASH;
    }
    return SIM_RUN_TIME;
}

/* The longest run of instructions between two looks at the loop's work
 * (a run ends sooner at simavr's next event). */
#define SIM_BATCH_CYCLES 100000u

int sim_run_until(sim_t *s, uint64_t until, bool (*stop)(sim_t *, void *), void *ctx)
{
    avr_t *avr = s->avr;
    if (avr->state == cpu_Done)
        return SIM_RUN_DONE;
    if (avr->state == cpu_Crashed || avr->state == cpu_Stopped)
        return SIM_RUN_CRASH;
    if (avr->cycle < until)
        avr_cycle_timer_register(avr, until - avr->cycle, sim_until_timer, s);
    if (!s->fast)
        sim_pace_start(s);
    /* simavr can run instructions back to back until its next event is
     * due (a cycle timer: a part's, the timers', sim_until_timer), an
     * interrupt is pending or the CPU leaves the running state: avr_run_one
     * loops while run_cycle_count (the cycles to the next timer, bounded by
     * run_cycle_limit, renewed whenever a timer is registered) allows. The
     * chip does exactly what it does one instruction at a time; only our
     * per-step work below happens once per run. So it is used where that
     * work does not depend on the step: no stop condition that must be
     * seen at its instruction (a script's expect), no current model
     * booking each instruction at the board's state of the moment. A
     * third of nimsim's host time was this loop's and simavr's per-step
     * overhead. Only without wall-clock pacing: a paced run sleeps most of
     * the time anyway, and its partners (avrdude through the bootloader,
     * a person) run on the wall clock. (With runs, avrdude's sync through
     * Debian's bootloader failed at every try in test-flash: the first
     * syncs went unanswered within avrdude's time-out and their late
     * answers put the protocol out of step. Why runs change the wall-clock
     * timing there was not found; paced runs keep one step at a time.) avr_reset sets the limit back to 1: set on
     * every step. */
    bool batch = s->fast && (stop == NULL || s->stop_coarse) && !s->current.on;
    while (avr->cycle < until) {
        int before = avr->state;
        uint64_t c0 = avr->cycle;
        if (batch && !s->supply.held) {
            avr->run_cycle_limit = SIM_BATCH_CYCLES;
        } else {       /* one step, even if the last look allowed a run */
            avr->run_cycle_limit = 1;
            avr->run_cycle_count = 1;
        }
        int st = avr_run(avr);
        /* cli + sleep is the end of an on-target program: simavr calls it
         * cpu_Done (RAM still there: avr_callback_run_raw only sets the
         * state); the stack is measured once more, at the sleep, before
         * the caller may terminate the chip. One test after the step, where
         * a look for SLEEP at every instruction was before it. */
        if (st == cpu_Done)
            sim_stack_used(s);
        if (before == cpu_Running && st == cpu_Running && !s->supply.held) {
            /* The common step, booked in place: most of a bench run's host
             * time is this loop. */
            uint64_t d = avr->cycle - c0;
            s->awake_cycles += d;
            if (s->current.on)
                sim_book_current(s, &(current_cycles_t){ .awake = d });
        } else {
            int r = sim_book_step(s, before, st, c0);
            if (r != SIM_RUN_TIME)
                return r;
        }
        if (stop && stop(s, ctx))
            return SIM_RUN_STOP;
        if (!s->fast && avr->cycle >= s->pace_next_check)
            sim_pace(s);
    }
    return SIM_RUN_TIME;
}
