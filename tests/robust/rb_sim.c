/* rb_sim.c - robustness campaigns on the real firmware (build/nim.elf) under
 * simavr, with the simulator's parts (sim/ *.c) linked in, so the driver
 * sees every cycle, the RAM, the EEPROM, the pins and the LED frame:
 *
 *   buttons N SEED   N random button events (taps, holds, chords, bounce
 *                    bursts, stutters, long B, auto-repeat, auto-off) over
 *                    every game and the menus; invariants after EVERY step
 *   uart N SEED      N PC-link lines in bursts, back to back at full line
 *                    speed through a model of the chip's receiver, while
 *                    games are played by protocol moves (two players: every
 *                    line's state known exactly) or by the machine (demo,
 *                    against the machine: bursts land while it thinks and
 *                    draws): random bytes, over-long lines, unknown commands,
 *                    bad arguments, refused and good moves, queries; every
 *                    line exactly one reply, each bad line its ERR and no
 *                    change, each good line its answer; no reset
 *   powercut N SEED  N power cuts at random cycles and inside the 3.4 ms
 *                    window of EEPROM writes (the byte old, new or torn)
 *   eeprom SEED      boots from blank, zero, random images and every single
 *                    bit flip of each record's newest and previous slot
 *   watchdog N SEED  N hangs injected in the main loop (the PC forced into a
 *                    self-loop), interrupts on and off; the watchdog must
 *                    bring the toy back
 *   brownout N SEED  the power-cut campaign with the supply instead of the
 *                    plug: slow decays of a dying battery, sags, power
 *                    losses; the brown-out detector holds the chip in reset
 *
 * Every mode prints its counts and the stack high-water (painted RAM) and
 * exits 1 at the first violation with what was seen. The harness the
 * campaigns share is rb.h; each campaign is its own rb_<mode>.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb.h"
#include "rb_campaign.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: rb_sim ELF MODE [N] [SEED]\n");
        return 2;
    }
    rb_elf_path = argv[1];
    rb_mode_name = argv[2];
    uint64_t n = argc > 3 ? strtoull(argv[3], NULL, 0) : 1000;
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 0) : 1;
    rb_rnd_seed(seed);
    if (!strcmp(rb_mode_name, "buttons"))
        rb_buttons_run(n);
    else if (!strcmp(rb_mode_name, "powercut"))
        rb_powercut_run(n, false);
    else if (!strcmp(rb_mode_name, "brownout"))
        rb_powercut_run(n, true);
    else if (!strcmp(rb_mode_name, "watchdog"))
        rb_watchdog_run(n);
    else if (!strcmp(rb_mode_name, "eeprom"))
        rb_eeprom_run();
    else if (!strcmp(rb_mode_name, "uart"))
        rb_uart_run(n);
    else {
        fprintf(stderr, "rb_sim: unknown mode %s\n", rb_mode_name);
        return 2;
    }
    return 0;
}
