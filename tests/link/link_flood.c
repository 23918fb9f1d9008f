/* link_flood.c - a host that follows the streaming rule and never pauses,
 * all in simulated time (no wall clock, so every run is the same run):
 *
 *   link_flood ELF SECONDS [LINE]
 *
 * The host keeps as many LINE lines (default VER) in flight as VER's RX
 * allows and sends the next one the moment a reply frees room: the toy's
 * receive ring never runs dry, as with a fast PC streaming a file. Prints
 * the lines answered, the LOG BOOT lines after the first (a watchdog
 * restart is "LOG BOOT 8") and the longest time between two watchdog
 * kicks (WDR); exits 1 on a restart, a reply count that does not match, or
 * a kick gap over FLOOD_GAP_MS, half the watchdog's 1 s (the main loop
 * reads at most a ring's worth, 128 bytes, a pass, so a gap is those
 * lines' work and replies: ~250 ms for STATE).
 *
 * This is the stall of issue 24 (sim/README.md): the main loop read UART
 * bytes until the ring was empty, and under this host the ring is never
 * empty, so the loop never came round to kick the watchdog, whose
 * interrupt restarted the firmware after 1 s (stream_test.py saw it when
 * the PC side happened to answer fast enough). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define OP_WDR 0x95A8
#define FLOOD_MAX_INFLIGHT 128
#define FLOOD_GAP_MS 500.0

static sim_t S;
static uint64_t last_kick, worst_gap;

/* Called on every step: the PC about to run WDR is a kick. Cheap enough
 * for a few simulated seconds. */
static bool flood_watch(sim_t *s, void *ctx)
{
    (void)ctx;
    avr_t *avr = s->avr;
    if ((avr->flash[avr->pc] | (avr->flash[avr->pc + 1] << 8)) == OP_WDR) {
        if (last_kick && avr->cycle - last_kick > worst_gap)
            worst_gap = avr->cycle - last_kick;
        last_kick = avr->cycle;
    }
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: link_flood ELF SECONDS [LINE]\n");
        return 2;
    }
    const char *line = argc > 3 ? argv[3] : "VER";
    size_t len = strlen(line) + 1;
    S.fast = true;
    S.quiet = true;
    if (sim_open(&S, argv[1], NULL) != 0)
        return 2;
    uint64_t end = sim_ms_to_cycles((uint64_t)(atof(argv[2]) * 1000.0));
    unsigned window = 0, inflight = 0, sent = 0, answered = 0, boots = 0, replies_seen = 0;
    size_t scan = 0;
    char buf[256];
    size_t blen = 0;
    sim_uart_send(&S.uart, "VER\n", 4);          /* its reply gives RX */
    while (S.avr->cycle < end) {
        int r = sim_run_until(&S, S.avr->cycle + 200, flood_watch, NULL);
        if (r == SIM_RUN_CRASH || r == SIM_RUN_DONE) {
            fprintf(stderr, "link_flood: the CPU stopped (pc 0x%04x)\n", (unsigned)S.avr->pc);
            return 4;
        }
        for (; scan < S.uart.log_len; scan++) {
            char c = S.uart.log[scan];
            if (c != '\n') {
                if (blen < sizeof buf - 1)
                    buf[blen++] = c;
                continue;
            }
            buf[blen] = 0;
            blen = 0;
            const char *boot = strstr(buf, "LOG BOOT");   /* a restart may cut a reply short */
            if (boot) {
                if (boots++)
                    printf("link_flood: %s after %u lines, at %.0f ms\n", boot, answered,
                           sim_cycles_to_ms(S.avr->cycle));
            } else if (strncmp(buf, "OK ", 3) == 0 || strncmp(buf, "ERR", 3) == 0) {
                if (!window) {
                    const char *rx = strstr(buf, " RX ");
                    window = rx ? (unsigned)atoi(rx + 4) : 0;
                    if (!window) {
                        fprintf(stderr, "link_flood: no RX in %s\n", buf);
                        return 2;
                    }
                } else if (inflight) {
                    inflight--;
                    answered++;
                }
                replies_seen++;
            }
        }
        /* The streaming rule: bytes of unanswered lines + this one <= RX. */
        while (window && (inflight + 1) * len <= window && inflight < FLOOD_MAX_INFLIGHT) {
            sim_uart_send(&S.uart, line, len - 1);
            sim_uart_send(&S.uart, "\n", 1);
            inflight++;
            sent++;
        }
    }
    double gap_ms = sim_cycles_to_ms(worst_gap);
    printf("link_flood: %s for %s s: %u lines sent, %u answered, %u in flight, %u restarts, "
           "longest time between watchdog kicks %.1f ms\n",
           line, argv[2], sent, answered, inflight, boots ? boots - 1 : 0, gap_ms);
    sim_close(&S);
    if (boots != 1 || answered + inflight != sent || gap_ms > FLOOD_GAP_MS) {
        printf("link_flood: FAIL\n");
        return 1;
    }
    return 0;
}
