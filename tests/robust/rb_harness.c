/* rb_harness.c - the simulated board the campaigns drive: the random
 * source, the clock, violations, the ELF's symbols, the game in RAM, the
 * boot and the power cut. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_eeprom.h>

#include "rb.h"

sim_t rb_board;
const char *rb_elf_path;
const char *rb_mode_name = "?";
uint32_t rb_main_lo, rb_main_hi;
uint32_t rb_putc_lo, rb_putc_hi;
static uint16_t game_addr, view_addr;
static uint64_t rng = 88172645463325252ull;

/* ---- small helpers --------------------------------------------------------- */

void rb_rnd_seed(uint64_t seed)
{
    rng ^= seed * 0x9E3779B97F4A7C15ull;
    if (!rng)
        rng = 1;
}

uint32_t rb_rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
uint32_t rb_rnd_n(uint32_t n) { return n ? rb_rnd() % n : 0; }
uint32_t rb_rnd_range(uint32_t lo, uint32_t hi) { return lo + rb_rnd_n(hi - lo + 1); }

uint64_t rb_now_cycles(void) { return rb_board.avr->cycle; }
double rb_now_ms(void) { return sim_cycles_to_ms(rb_board.avr->cycle); }

static void dump_uart_tail(void)
{
    size_t n = rb_board.uart.log_len, from = n > 1500 ? n - 1500 : 0;
    fprintf(stderr, "--- UART output (last %zu bytes) ---\n%.*s\n---\n", n - from, (int)(n - from),
            rb_board.uart.log + from);
}

void rb_fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "robust %s: VIOLATION at %.3f ms (cycle %llu): ", rb_mode_name, rb_now_ms(),
            (unsigned long long)rb_now_cycles());
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    dump_uart_tail();
    exit(1);
}

uint8_t *rb_ee(void)
{
    avr_eeprom_desc_t d = { .ee = NULL, .offset = 0, .size = BOARD_EEPROM_BYTES };
    avr_ioctl(rb_board.avr, AVR_IOCTL_EEPROM_GET, &d);   /* 1.6: returns -1, fills d.ee */
    if (!d.ee)
        rb_fail("cannot reach the simulated EEPROM");
    return d.ee;
}

/* ---- ELF symbols (avr-nm -S: sizes too) ------------------------------------- */

static void load_symbols(void)
{
    char cmd[4200], name[256];
    unsigned long addr, size;
    char type;
    snprintf(cmd, sizeof cmd, "avr-nm -S '%s'", rb_elf_path);
    FILE *p = popen(cmd, "r");
    if (!p)
        rb_fail("cannot run avr-nm");
    char line[512];
    unsigned long game_size = 0;
    while (fgets(line, sizeof line, p)) {
        if (sscanf(line, "%lx %lx %c %255s", &addr, &size, &type, name) != 4)
            continue;
        if (!strcmp(name, "game")) {
            game_addr = (uint16_t)(addr & 0xFFFF);
            game_size = size;
        } else if (!strcmp(name, "view")) {
            view_addr = (uint16_t)(addr & 0xFFFF);
        } else if (!strcmp(name, "main")) {
            rb_main_lo = (uint32_t)addr;
            rb_main_hi = (uint32_t)(addr + size);
        } else if (!strcmp(name, "uart_putc")) {
            rb_putc_lo = (uint32_t)addr;
            rb_putc_hi = (uint32_t)(addr + size);
        }
    }
    pclose(p);
    if (!game_addr || !view_addr || !rb_main_hi)
        rb_fail("the ELF has no 'game', 'view' or 'main' symbol");
    if (game_size != rb_fw_game_size())
        rb_fail("game_t is %lu bytes in the ELF, %zu in game.h (packed): layout mismatch", game_size,
                rb_fw_game_size());
}

void rb_read_game(rb_game_t *g)
{
    rb_fw_game_read(rb_board.avr->data + game_addr, rb_board.avr->data + view_addr, g);
}

engine_pos_t rb_to_pos(const rb_game_t *g)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = g->rule;
    p.mode = g->mode;
    p.ncols = g->ncols;
    memcpy(p.col, g->col, sizeof p.col);
    p.heap = g->heap;
    memcpy(p.rules, g->rules, sizeof p.rules);
    if (p.rule == RULE_OWN) {
        /* your own game: the host engine plays the code the position
         * carries, as the firmware does (it sets it from there at a boot) */
        octal_code_t c;
        octal_unpack(p.rules, &c);
        if (engine_own_set(&c) != OCTAL_OK)
            rb_fail("your own game's position carries no code (%02x %02x %02x %02x %02x)", p.rules[0], p.rules[1],
                    p.rules[2], p.rules[3], p.rules[4]);
    }
    return p;
}

bool rb_pos_equal(const engine_pos_t *a, const engine_pos_t *b)
{
    if (a->rule != b->rule || a->mode != b->mode)
        return false;
    if (a->mode & ENGINE_ONEHEAP)
        return a->heap == b->heap;
    return a->ncols == b->ncols && memcmp(a->col, b->col, a->ncols) == 0
        && (!(a->mode & ENGINE_SUM) || memcmp(a->rules, b->rules, a->ncols) == 0)
        && (a->rule != RULE_OWN || memcmp(a->rules, b->rules, OCTAL_PACKED) == 0);     /* the same code */
}

const char *rb_pos_str(const engine_pos_t *p)
{
    static char buf[8][160];
    static int k;
    char *b = buf[k++ & 7];
    int n = snprintf(b, 160, "r%u m%u ", p->rule, p->mode);
    if (p->mode & ENGINE_ONEHEAP)
        snprintf(b + n, 160 - n, "heap %u", p->heap);
    else
        for (int c = 0; c < p->ncols && n < 150; c++)
            n += snprintf(b + n, 160 - n, "%s%u", c ? "," : "", p->col[c]);
    return b;
}

/* ---- time ------------------------------------------------------------------ */

void rb_run_for_ms(double ms)
{
    uint64_t until = rb_now_cycles() + (uint64_t)(ms * (BOARD_F_CPU / 1000.0));
    int r = sim_run_until(&rb_board, until, rb_link ? rb_link->step : NULL, NULL);
    if (r == SIM_RUN_CRASH)
        rb_fail("the CPU crashed (pc 0x%04x)", (unsigned)rb_board.avr->pc);
    if (r == SIM_RUN_DONE)
        rb_fail("the CPU halted (cli + sleep)");
    rb_link_process();
}

/* The main loop has finished a pass: the CPU sleeps in power_idle (or
 * power_off), no SPI byte is shifting and the UART has sent everything. */
static bool quiet(sim_t *s, void *ctx)
{
    (void)ctx;
    if (rb_link)
        rb_link->step(s, NULL);
    return s->avr->state == cpu_Sleeping && !(s->avr->data[ADDR_GPIOR0] & GPIOR0_SPI_BUSY) &&
           !(s->avr->data[ADDR_UCSR0B] & UCSR0B_UDRIE0) && sim_uart_pending(&s->uart) == 0 &&
           (rb_link ? rb_link->pending() : 0) == 0;
}

void rb_run_until_quiet(double max_ms)
{
    uint64_t until = rb_now_cycles() + (uint64_t)(max_ms * (BOARD_F_CPU / 1000.0));
    int r = sim_run_until(&rb_board, until, quiet, NULL);     /* quiet() steps the link model */
    if (r == SIM_RUN_CRASH)
        rb_fail("the CPU crashed (pc 0x%04x)", (unsigned)rb_board.avr->pc);
    if (r == SIM_RUN_TIME)
        rb_fail("the main loop did not come to rest within %.0f ms", max_ms);
    rb_link_process();
}

/* ---- the board ------------------------------------------------------------- */

void rb_board_open(void)
{
    memset(&rb_board, 0, sizeof rb_board);
    rb_board.fast = true;
    rb_board.quiet = true;
    rb_board.stack_paint = true;
    if (sim_open(&rb_board, rb_elf_path, NULL) != 0)
        exit(2);
    rb_board.uart.on_byte = rb_link_on_byte;
    load_symbols();
}

void rb_boot_wait(void)
{
    uint64_t want = rb_st.boots + 1;
    rb_st.boots_expected = want;
    for (int i = 0; i < 200 && rb_st.boots < want; i++)
        rb_run_for_ms(5);
    if (rb_st.boots < want)
        rb_fail("the toy did not boot (no LOG BOOT within 1 s)");
}

/* ---- the power cut ---------------------------------------------------------- */

uint64_t rb_window_cuts, rb_torn[3];

/* sim/eeprom_timing.c holds each write for its 3.4 ms (EEPE set, the byte
 * still old); when the plug is pulled inside that window, the write keeps
 * its old byte, gets its new one or a torn one (bits of both, or the
 * erased 0xFF). */
static void cut_write_window(void)
{
    if (!rb_board.eeprom.busy)
        return;
    int o = (int)rb_rnd_n(3);
    uint8_t t = rb_board.eeprom.old, v = rb_board.eeprom.val;
    uint8_t mix = (uint8_t)rb_rnd();
    uint8_t tv = rb_rnd_n(4) == 0 ? 0xFF : (uint8_t)((t & mix) | (v & ~mix) | (rb_rnd() & (t ^ v)));
    if (!eeprom_timing_cut(&rb_board.eeprom, o, tv))
        rb_fail("no EEPROM write to cut");
    rb_torn[o]++;
    rb_window_cuts++;
}

static void pull_plug(bool fast)
{
    (void)fast;
    cut_write_window();
    sim_power_cycle(&rb_board);
}

void (*rb_power_source)(bool fast) = pull_plug;

void rb_power_cut(bool fast)
{
    rb_power_source(fast);
    rb_link_drop();
    rb_shadow.valid = false;
}
