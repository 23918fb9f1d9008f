/* watchdog.c - watchdog escalation (watchdog.h). simavr's watchdog timer
 * is a static function that calls avr_raise_interrupt; the link wraps that
 * call (fixes.c, -Wl,--wrap=avr_raise_interrupt) and the hook below sees
 * each watchdog time-out before simavr does. */
#include "watchdog.h"

#include <stdio.h>
#include <string.h>

#include <avr_watchdog.h>

#include "board.h"
#include "fixes.h"

static watchdog_model_t *watchdog_current;

/* simavr resets from its run callback, not inside a cycle timer: the
 * watchdog's own reset path does the same (avr_watchdog.c), and its
 * io reset then sets WDRF and WDE with the 16 ms period (10.9.2). */
static void watchdog_do_reset(avr_t *avr)
{
    avr_reset(avr);
}

static bool watchdog_raise_hook(avr_t *avr, avr_int_vector_t *v)
{
    watchdog_model_t *m = watchdog_current;
    if (!m || m->avr != avr)
        return false;
    avr_watchdog_t *w = m->wdt;
    if (v != &w->watchdog)
        return false;
    /* 10.9.2: "Executing the corresponding interrupt vector will clear
     * WDIE and WDIF automatically by hardware (the Watchdog goes to System
     * Reset Mode)": a time-out that finds WDIF still set had no interrupt
     * run since the last one, and with WDE set it resets the chip. */
    if (avr_regbit_get(avr, w->wde) && avr_regbit_get(avr, w->watchdog.raised)) {
        m->escalations++;
        m->last_reset_cycle = avr->cycle;
        w->reset_context.avr_run = avr->run;
        w->reset_context.wdrf = 1;
        avr->run = watchdog_do_reset;
        return true;
    }
    m->timeouts_irq++;
    return false;
}

/* Counts watchdog resets of either kind: simavr's (WDE alone) and ours set
 * reset_context.wdrf before calling avr_reset. */
static void watchdog_count_reset(avr_io_t *io);
static avr_io_t watchdog_count_io = { .kind = "watchdog-count", .reset = watchdog_count_reset };

static void watchdog_count_reset(avr_io_t *io)
{
    (void)io;
    watchdog_model_t *m = watchdog_current;
    if (m && m->wdt && ((avr_watchdog_t *)m->wdt)->reset_context.wdrf)
        m->wdt_resets++;
}

int watchdog_hang(avr_t *avr, bool interrupts_on)
{
    uint32_t a = (uint32_t)(BOARD_FLASH_BYTES - BOARD_BOOT_BYTES - 2);
    uint16_t w = (uint16_t)(avr->flash[a] | avr->flash[a + 1] << 8);
    if (w != 0xFFFF && w != 0xCFFF)
        return -1;
    avr->flash[a] = 0xFF;                   /* rjmp .-2 = 0xCFFF */
    avr->flash[a + 1] = 0xCF;
    avr->pc = a;
    avr->state = cpu_Running;               /* it may have been asleep */
    if (!interrupts_on)
        avr->sreg[S_I] = 0;
    return 0;
}

void watchdog_model_init(watchdog_model_t *m, avr_t *avr)
{
    memset(m, 0, sizeof *m);
    m->avr = avr;
    if (fixes_bug_kept("wdt"))
        return;
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && strcmp(io->kind, "watchdog") == 0)
            m->wdt = io;                /* avr_watchdog_t starts with its avr_io_t */
    if (!m->wdt) {
        fprintf(stderr, "nimsim: no watchdog in the MCU model; escalation not modelled\n");
        return;
    }
    watchdog_current = m;
    avr_register_io(avr, &watchdog_count_io);
    fixes_raise_hook = watchdog_raise_hook;
    m->on = true;
}
