/* link_cycles.c - how long each PC-link command keeps the main loop from
 * the receive ring, on the real firmware (build/nim.elf) under simavr.
 *
 *   link_cycles ELF HEAD TAIL SIZE [SCRIPT]
 *
 * HEAD and TAIL are the RAM addresses (avr-nm) of the firmware's receive
 * ring indices, SIZE the ring's size. SCRIPT (default stdin) holds one
 * line per step:
 *   > LINE        send LINE and wait until the toy is quiet (setup, not timed)
 *   LINE          timed: LINE, then blank lines right behind it at line
 *                 speed, as many as the streaming rule lets a host send
 *                 (the line and they fill the ring's SIZE - 1 bytes: a
 *                 blank line's byte counts with the next line's reply), so
 *                 the ring has a byte waiting while the command and the
 *                 rest of its main-loop pass run
 * For each timed line it prints
 *   cycles <worst> busy <busy> ring <peak> <LINE> -> <reply>
 * where <worst> is the longest time a received byte waited while the main
 * loop did not read the ring (the gap between two reads, or since the
 * byte arrived if later), <busy> the cycles the CPU was awake in such a
 * wait (the work; the rest is sleep while the transmitter takes a long
 * reply), <peak> the most bytes the ring held. A byte
 * comes every 1,389 cycles at 115200 baud, so the ring of SIZE - 1 bytes
 * overflows once <worst> passes (SIZE - 1) * 1,389 cycles.
 * Exit 1 if a timed line overflowed the ring (ERR OVERRUN) or got no reply
 * line (OK/ERR). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static sim_t S;
static uint16_t head_addr, tail_addr;
static unsigned ring_size;
static uint8_t last_head, last_tail;
static uint64_t arrived[256], last_read, worst;
/* The same in cycles the CPU was awake: the command's own work, without
 * the time it slept waiting for the transmitter to take its reply. */
static uint64_t awake, awake_prev_cycle, arrived_awake[256], last_read_awake, worst_busy;
static unsigned peak;

static bool hook(sim_t *s, void *ctx)
{
    (void)ctx;
    uint8_t h = s->avr->data[head_addr], t = s->avr->data[tail_addr];
    uint64_t now = s->avr->cycle;
    /* One step is one instruction (at most 5 cycles, an interrupt's entry
     * adds 4), unless the CPU slept: simavr then jumps to the waking event
     * in the same step. */
    if (now - awake_prev_cycle <= 10)
        awake += now - awake_prev_cycle;
    awake_prev_cycle = now;
    while (last_head != h) {
        arrived[last_head] = now;
        arrived_awake[last_head] = awake;
        last_head = (uint8_t)((last_head + 1) % ring_size);
    }
    while (last_tail != t) {
        uint64_t from = arrived[last_tail] > last_read ? arrived[last_tail] : last_read;
        uint64_t from_awake = arrived[last_tail] > last_read ? arrived_awake[last_tail] : last_read_awake;
        if (now - from > worst)
            worst = now - from;
        if (awake - from_awake > worst_busy)
            worst_busy = awake - from_awake;
        last_read = now;
        last_read_awake = awake;
        last_tail = (uint8_t)((last_tail + 1) % ring_size);
    }
    unsigned n = (unsigned)((h + ring_size - t) % ring_size);
    if (n > peak)
        peak = n;
    return false;
}

/* Run until the UART input is sent and the output is quiet for 100 ms
 * (the machine's turn may follow a command: 1.1 s at most). */
static void settle(void)
{
    size_t seen = (size_t)-1;
    while (sim_uart_pending(&S.uart) || seen != S.uart.log_len) {
        seen = S.uart.log_len;
        int r = sim_run_until(&S, S.avr->cycle + sim_ms_to_cycles(100), hook, NULL);
        if (r == SIM_RUN_CRASH || r == SIM_RUN_DONE) {
            fprintf(stderr, "link_cycles: the CPU stopped (pc 0x%04x)\n", (unsigned)S.avr->pc);
            exit(1);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: link_cycles ELF HEAD TAIL SIZE [SCRIPT]\n");
        return 2;
    }
    head_addr = (uint16_t)strtoul(argv[2], NULL, 0);
    tail_addr = (uint16_t)strtoul(argv[3], NULL, 0);
    ring_size = (unsigned)strtoul(argv[4], NULL, 0);
    FILE *in = argc > 5 ? fopen(argv[5], "r") : stdin;
    if (!in || ring_size < 2 || ring_size > 256) {
        fprintf(stderr, "link_cycles: bad script or ring size\n");
        return 2;
    }
    S.fast = true;
    S.quiet = true;
    if (sim_open(&S, argv[1], NULL) != 0)
        return 2;
    sim_run_until(&S, sim_ms_to_cycles(300), NULL, NULL);
    settle();
    int rc = 0;
    char buf[512];
    while (fgets(buf, sizeof buf, in)) {
        buf[strcspn(buf, "\r\n")] = 0;
        if (!buf[0] || buf[0] == '#')
            continue;
        bool timed = buf[0] != '>';
        const char *line = timed ? buf : buf + 1 + (buf[1] == ' ');
        char msg[600];
        size_t from = S.uart.log_len;
        snprintf(msg, sizeof msg, "%s\n", line);
        sim_uart_send(&S.uart, msg, strlen(msg));
        if (timed) {
            char fill[256];
            size_t n = ring_size - 1 > strlen(msg) ? ring_size - 1 - strlen(msg) : 1;
            memset(fill, '\n', n);
            sim_uart_send(&S.uart, fill, n);
            worst = worst_busy = 0;
            peak = 0;
            last_read = S.avr->cycle;
            last_read_awake = awake;
        }
        settle();
        if (!timed)
            continue;
        /* The reply: the first OK/ERR line after the send. */
        const char *out = S.uart.log + from, *reply = NULL;
        for (const char *p = out; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
            if (!reply && (!strncmp(p, "OK", 2) || !strncmp(p, "ERR", 3)))
                reply = p;
        if (strstr(out, "ERR OVERRUN"))
            rc = 1;
        printf("cycles %llu busy %llu ring %u %s -> %.*s\n", (unsigned long long)worst,
               (unsigned long long)worst_busy, peak, line,
               reply ? (int)strcspn(reply, "\n") : 8, reply ? reply : "no reply");
        if (!reply || strstr(out, "ERR OVERRUN")) {
            printf("link_cycles: FAIL %s: %s\n", line, reply ? "ERR OVERRUN" : "no reply");
            rc = 1;
        }
    }
    sim_close(&S);
    return rc;
}
