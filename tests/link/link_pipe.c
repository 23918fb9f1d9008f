/* link_pipe.c - the real firmware (ELF) under simavr with its UART on
 * standard input and output, for a PC-side program that a test runs as a
 * child (tools/nimlink's Link over a pipe).
 *
 *   link_pipe ELF
 *
 * Why not nimsim --pty: simavr's pty bridge hands bytes between its own
 * thread and the simulation through a 512-byte fifo that drops what does
 * not fit, so on a loaded machine the toy's output is sometimes cut (seen
 * as lost and spliced reply lines). Here one thread does everything: the
 * PC's bytes go to the receiver back to back at line speed (nimsim's UART
 * part), every byte the firmware sends is written to stdout before the
 * simulation goes on (a pipe that is full stops the chip's clock, never a
 * byte), and while nothing is pending simulated time follows the wall
 * clock, so the machine's turns take their time. Ends at EOF on stdin. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#include "sim.h"

static sim_t S;

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void write_all(const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(1, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            exit(0);            /* the reader went away */
        p += k;
        n -= (size_t)k;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: link_pipe ELF\n");
        return 2;
    }
    S.fast = true;
    S.quiet = true;
    if (sim_open(&S, argv[1], NULL) != 0)
        return 2;
    size_t sent = 0;
    bool eof = false;
    double t0 = wall();
    uint64_t c0 = S.avr->cycle;
    for (;;) {
        /* The PC's bytes, whatever has come. */
        fd_set rd;
        FD_ZERO(&rd);
        FD_SET(0, &rd);
        bool busy = sim_uart_pending(&S.uart) != 0;
        struct timeval tv = { 0, busy ? 0 : 1000 };
        if (!eof && select(1, &rd, NULL, NULL, &tv) > 0) {
            char buf[4096];
            ssize_t n = read(0, buf, sizeof buf);
            if (n > 0)
                sim_uart_send(&S.uart, buf, (size_t)n);
            else
                eof = true;
        }
        if (eof && !busy)
            break;
        /* Run: at least a millisecond; while idle, up to the wall clock. */
        uint64_t until = S.avr->cycle + sim_ms_to_cycles(1);
        uint64_t wall_cycle = c0 + (uint64_t)((wall() - t0) * BOARD_F_CPU);
        if (!busy && wall_cycle > until)
            until = wall_cycle;
        if (busy) {             /* line speed is simulated time: the wall waits */
            t0 = wall();
            c0 = until;
        }
        int r = sim_run_until(&S, until, NULL, NULL);
        if (r == SIM_RUN_CRASH || r == SIM_RUN_DONE) {
            fprintf(stderr, "link_pipe: the CPU stopped (pc 0x%04x)\n", (unsigned)S.avr->pc);
            return 4;
        }
        if (S.uart.log_len > sent) {
            write_all(S.uart.log + sent, S.uart.log_len - sent);
            sent = S.uart.log_len;
        }
        if (sent > (1u << 20)) {    /* keep the log short */
            S.uart.log_len = 0;
            sent = 0;
        }
    }
    sim_close(&S);
    return 0;
}
