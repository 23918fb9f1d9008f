/* supply.c - supply voltage, brown-out and power-on reset (supply.h). */
#include "supply.h"

#include <math.h>
#include <string.h>

#include <sim_io.h>
#include <sim_time.h>

#include "avr_regs.h"
#include "board.h"
#include "fixes.h"

#define SUPPLY_TICK_US 100     /* how often a changing VCC is looked at */

double supply_vbot_of_fuse(unsigned efuse)
{
    /* "BODLEVEL Fuse Coding": 111 off, 110 1.8 V, 101 2.7 V, 100 4.3 V
     * (typical; 011..000 reserved). */
    switch (efuse & 7) {
    case 6: return 1.8;
    case 5: return 2.7;
    case 4: return 4.3;
    default: return 0;
    }
}

static double supply_now(const supply_t *p, uint64_t cycle)
{
    if (cycle >= p->ramp_end || p->ramp_end == p->ramp_start)
        return p->v_to;
    double f = (double)(cycle - p->ramp_start) / (double)(p->ramp_end - p->ramp_start);
    return p->v_from + (p->v_to - p->v_from) * f;
}

/* Held in reset: no instruction runs, the cycle timers (the supply's own,
 * an EEPROM write finishing, the UART feed) still do. */
static void supply_held_run(avr_t *avr)
{
    avr_cycle_count_t n = avr_cycle_timer_process(avr);
    avr->cycle += n ? n : 1;
}

static avr_cycle_count_t supply_release(avr_t *avr, avr_cycle_count_t when, void *param);

/* avr_reset frees every cycle timer, so it must not run inside one (the
 * supply's tick): as simavr's watchdog does, the reset happens in the run
 * callback, before the next instruction. */
static supply_t *supply_current;
static bool supply_reset_power_lost;
static void supply_start_ticks(supply_t *p);

static void supply_reset_run(avr_t *avr)
{
    supply_t *p = supply_current;
    p->on_reset(p->on_reset_ctx, supply_reset_power_lost);
    avr->run = supply_held_run;
    p->ticking = false;         /* the reset dropped every cycle timer */
    supply_start_ticks(p);
}

static void supply_release_run(avr_t *avr)
{
    supply_t *p = supply_current;
    p->held = false;
    avr->run = p->saved_run;
    p->on_reset(p->on_reset_ctx, false);
    avr->data[ADDR_MCUSR] |= p->por ? MCUSR_PORF : MCUSR_BORF;
    p->por = false;
    p->ticking = false;
    supply_start_ticks(p);
}

static void supply_enter_reset(supply_t *p, bool power_lost)
{
    avr_t *avr = p->avr;
    if (p->ee->busy) {
        /* 8.4.2: a write in progress at a reset is completed "provided
         * that the power supply voltage is sufficient"; a power loss, or
         * a campaign that says the supply was not sufficient, cuts it. */
        if (power_lost || p->ee_cut >= 0) {
            eeprom_timing_cut(p->ee, p->ee_cut >= 0 ? p->ee_cut : EEPROM_CUT_OLD, p->ee_torn);
            p->ee_cuts++;
        } else {
            p->ee_finished++;
        }
    }
    if (power_lost) {
        p->por_resets++;
        p->por = true;                     /* the reset resets the display too */
    } else {
        p->bod_resets++;
    }
    if (!p->held)
        p->saved_run = avr->run;
    p->held = true;
    p->release_pending = false;
    avr_cycle_timer_cancel(avr, supply_release, p);
    supply_reset_power_lost = power_lost;
    avr->run = supply_reset_run;
}

static avr_cycle_count_t supply_release(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    supply_t *p = param;
    p->release_pending = false;
    avr->run = supply_release_run;
    return 0;
}

/* Looks at VCC now: below V_POT the power is gone; below V_BOT- (BOD on)
 * the chip is held in reset; back above V_BOT+ (and V_POT) t_TOUT starts. */
static void supply_eval(supply_t *p)
{
    avr_t *avr = p->avr;
    double v = supply_now(p, avr->cycle);
    p->vcc = v;
    if (v < p->vmin)
        p->vmin = v;
    bool bod = p->vbot > 0 && !p->bod_off;
    if (v < SUPPLY_POR_FALL_V) {
        if (!p->por)
            supply_enter_reset(p, true);
    } else if (bod && v < p->vbot - SUPPLY_HYST_V / 2) {
        if (!p->held || p->release_pending)
            supply_enter_reset(p, false);
    } else if (p->held && !p->release_pending && v >= SUPPLY_POR_RISE_V &&
               (p->vbot == 0 || v >= p->vbot + SUPPLY_HYST_V / 2)) {
        p->release_pending = true;
        avr_cycle_timer_register(avr, avr_usec_to_cycles(avr, SUPPLY_TOUT_MS * 1000u) + 14,
                                 supply_release, p);
    }
}

static avr_cycle_count_t supply_tick(avr_t *avr, avr_cycle_count_t when, void *param)
{
    supply_t *p = param;
    supply_eval(p);
    bool ramping = avr->cycle < p->ramp_end;
    bool low = p->vcc < (p->vbot > 0 ? p->vbot + SUPPLY_HYST_V : SUPPLY_POR_RISE_V);
    if (!ramping && !p->held && !low) {
        p->ticking = false;
        return 0;
    }
    return when + avr_usec_to_cycles(avr, SUPPLY_TICK_US);
}

static void supply_start_ticks(supply_t *p)
{
    if (!p->ticking) {
        p->ticking = true;
        avr_cycle_timer_register(p->avr, 1, supply_tick, p);
    }
}

void supply_set(supply_t *p, double v, uint64_t over_cycles)
{
    avr_t *avr = p->avr;
    p->v_from = supply_now(p, avr->cycle);
    p->v_to = v;
    p->ramp_start = avr->cycle;
    p->ramp_end = avr->cycle + over_cycles;
    supply_eval(p);
    supply_start_ticks(p);
}

/* MCUCR: BODS is written 1 with BODSE cleared, within 4 cycles of the
 * BODS|BODSE write (10.11.2); the sleep must follow within 3 cycles. */
static void supply_mcucr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    supply_t *p = param;
    if ((v & MCUCR_BODS) && !(v & MCUCR_BODSE))
        p->bods_cycle = avr->cycle;
    avr->data[addr] = (uint8_t)(v & ~MCUCR_BODS);  /* BODS reads back 0 three cycles later */
}

void supply_on_sleep(supply_t *p, int mode, uint64_t sleep_cycle)
{
    p->sleep_cycle = sleep_cycle;
    p->bod_off = (mode == SIM_SLEEP_POWER_DOWN || mode == SIM_SLEEP_POWER_SAVE) &&
                 p->bods_cycle && p->sleep_cycle - p->bods_cycle <= 4;
    if (p->bod_off)
        p->bod_off_sleeps++;
}

void supply_on_wake(supply_t *p)
{
    if (!p->bod_off)
        return;
    p->bod_off = false;         /* the BOD is back on at wake-up */
    supply_eval(p);
    if (p->vcc < p->vbot + SUPPLY_HYST_V)
        supply_start_ticks(p);
}

void supply_init(supply_t *p, avr_t *avr, eeprom_timing_t *ee, supply_reset_fn on_reset, void *ctx,
                 double vcc)
{
    memset(p, 0, sizeof *p);
    p->avr = avr;
    p->ee = ee;
    p->on_reset = on_reset;
    p->on_reset_ctx = ctx;
    supply_current = p;
    p->ee_cut = -1;
    p->vcc = p->v_from = p->v_to = p->vmin = vcc;
    p->vbot = fixes_bug_kept("bod") ? 0 : supply_vbot_of_fuse(BOARD_FUSE_EXT);
    /* simavr has no MCUCR handler on the 328P; if it had one, it would
     * store the byte and ours would only note BODS. */
    if (!avr->io[AVR_DATA_TO_IO(ADDR_MCUCR)].w.c)
        avr_register_io_write(avr, ADDR_MCUCR, supply_mcucr_write, p);
    if (vcc != SUPPLY_DEFAULT_V)
        supply_set(p, vcc, 0);
}
