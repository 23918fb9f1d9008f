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
 * exits 1 at the first violation with what was seen. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_eeprom.h>
#include <avr_uart.h>
#include <sim_core.h>

#include "engine.h"
#include "rb_fw.h"
#include "sim.h"

/* The games list (firmware/app/game.h GAME_COUNT): every rule in columns,
 * normal and misere, and every heap rule (those before KAYLES) in one-heap
 * form, normal and misere. */
#define RB_GAMES (2 * RULE_COUNT + 2 * RULE_KAYLES)
#include "store.h"

#define STACK_BUDGET 384
#define PH_INPUT_ 0
#define ADDR_GPIOR0 0x3E
#define ADDR_EECR 0x3F
#define ADDR_EEARL 0x41
#define ADDR_EEARH 0x42
#define ADDR_UCSR0B 0xC1
#define GPIOR0_SPI_BUSY 0x02
#define UCSR0B_UDRIE 0x20
#define EECR_EEPE 0x02
#define OP_RJMP_SELF 0xCFFF

/* Setting items and values the driver uses (README.md, "PC link protocol" SET order). */
enum { S_GAME, S_OPP, S_FIRST, S_LEVEL, S_START, S_SOUND, S_BRIGHT, S_OFF };

static sim_t S;
static const char *elf_path;
static uint16_t game_addr, view_addr;
static uint32_t main_lo, main_hi;       /* byte addresses of main() */
static uint64_t rng = 88172645463325252ull;
static const char *mode_name = "?";
/* uart mode (below): bytes go through a model of the chip's receiver, and
 * each output line is snapped when the firmware starts writing it. */
static bool uart_mode;
static size_t rx_pending(void);
static void rx_send(const void *data, size_t len);
static bool uart_step_hook(sim_t *s, void *ctx);

/* ---- small helpers --------------------------------------------------------- */

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}
static uint32_t rnd_n(uint32_t n) { return n ? rnd() % n : 0; }
static uint32_t rnd_range(uint32_t lo, uint32_t hi) { return lo + rnd_n(hi - lo + 1); }

static uint64_t now_cycles(void) { return S.avr->cycle; }
static double now_ms(void) { return sim_cycles_to_ms(S.avr->cycle); }

static void dump_uart_tail(void)
{
    size_t n = S.uart.log_len, from = n > 1500 ? n - 1500 : 0;
    fprintf(stderr, "--- UART output (last %zu bytes) ---\n%.*s\n---\n", n - from, (int)(n - from),
            S.uart.log + from);
}

static void fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "robust %s: VIOLATION at %.3f ms (cycle %llu): ", mode_name, now_ms(),
            (unsigned long long)now_cycles());
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    dump_uart_tail();
    exit(1);
}

static uint8_t *ee(void)
{
    avr_eeprom_desc_t d = { .ee = NULL, .offset = 0, .size = BOARD_EEPROM_BYTES };
    avr_ioctl(S.avr, AVR_IOCTL_EEPROM_GET, &d);   /* 1.6: returns -1, fills d.ee */
    if (!d.ee)
        fail("cannot reach the simulated EEPROM");
    return d.ee;
}

/* ---- ELF symbols (avr-nm -S: sizes too) ------------------------------------- */

static void load_symbols(void)
{
    char cmd[4200], name[256];
    unsigned long addr, size;
    char type;
    snprintf(cmd, sizeof cmd, "avr-nm -S '%s'", elf_path);
    FILE *p = popen(cmd, "r");
    if (!p)
        fail("cannot run avr-nm");
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
            main_lo = (uint32_t)addr;
            main_hi = (uint32_t)(addr + size);
        }
    }
    pclose(p);
    if (!game_addr || !view_addr || !main_hi)
        fail("the ELF has no 'game', 'view' or 'main' symbol");
    if (game_size != rb_fw_game_size())
        fail("game_t is %lu bytes in the ELF, %zu in game.h (packed): layout mismatch", game_size,
             rb_fw_game_size());
}

static void read_game(rb_game_t *g)
{
    rb_fw_game_read(S.avr->data + game_addr, S.avr->data + view_addr, g);
}

static engine_pos_t to_pos(const rb_game_t *g)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    p.rule = g->rule;
    p.mode = g->mode;
    p.ncols = g->ncols;
    memcpy(p.col, g->col, sizeof p.col);
    p.heap = g->heap;
    return p;
}

static bool pos_equal(const engine_pos_t *a, const engine_pos_t *b)
{
    if (a->rule != b->rule || a->mode != b->mode)
        return false;
    if (a->mode & ENGINE_ONEHEAP)
        return a->heap == b->heap;
    return a->ncols == b->ncols && memcmp(a->col, b->col, a->ncols) == 0;
}

static const char *pos_str(const engine_pos_t *p)
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

/* ---- UART: the reader, LOG lines and the shadow game ------------------------ */

#define SNAP_RING 256
typedef struct {
    rb_game_t g;
    uint8_t frame[BOARD_COLS];
    bool shutdown;
    bool fresh;         /* the UART was idle before: the line began as it was written */
    bool no_frame;      /* the LEDs may still show an earlier pass: do not compare */
} snap_t;
static snap_t snaps[SNAP_RING];        /* RAM and LEDs when each output line began */
static uint64_t lines_started, lines_done;
static uint8_t last_out = '\n';
static uint64_t last_out_cycle;
static size_t uart_pos;

static void on_uart_byte(void *ctx, uint8_t b)
{
    (void)ctx;
    if (last_out == '\n' && !uart_mode) {
        snap_t *s = &snaps[lines_started++ % SNAP_RING];
        read_game(&s->g);
        memcpy(s->frame, S.disp.frame, sizeof s->frame);
        s->shutdown = S.disp.chip[0].shutdown;
        s->fresh = S.avr->cycle - last_out_cycle > 2000;   /* > 1.5 frame times at 115200 */
    }
    last_out = b;
    last_out_cycle = S.avr->cycle;
}

typedef struct {
    bool valid;
    engine_pos_t pos;
    uint8_t turn;
    bool over;
    bool pending_new;   /* a new game whose start the next quiet point reads */
} shadow_t;
static shadow_t shadow;
static void uart_judge(const char *line, const snap_t *snap);
static void uart_expect_any(const char *text);
static engine_move_t last_log_move;     /* the latest LOG MOVE */
static int last_log_side;

static struct {
    uint64_t boots, boots_expected, moves, games_new, games_ended, replies, errs, states_checked,
        frames_checked, steps, overruns, dumps_stale;
    int last_boot_cause, last_boot_resumed;
} st;

/* Replies the driver waits for: a prefix and the line that matched. */
static char last_reply[4096];
static uint64_t reply_count;

static int side_of(const char *tag)
{
    if (!strcmp(tag, "H") || !strcmp(tag, "H1") || !strcmp(tag, "M1"))
        return 0;
    if (!strcmp(tag, "M") || !strcmp(tag, "H2") || !strcmp(tag, "M2"))
        return 1;
    return -1;
}

static bool state_field(const char *line, const char *key, char *out, size_t n);
static void check_state_line(const char *line, const snap_t *s);
static void check_frame_line(const char *line, const snap_t *s);

static void handle_line(char *line, const snap_t *snap)
{
    char tag[8];
    unsigned a, b;
    if (!strncmp(line, "LOG BOOT ", 9)) {
        st.boots++;
        if (st.boots > st.boots_expected)
            fail("the toy reset (unexpected \"%s\")", line);
        if (sscanf(line + 9, "%u %u", &a, &b) != 2)
            fail("bad LOG BOOT line \"%s\"", line);
        st.last_boot_cause = (int)a;
        st.last_boot_resumed = (int)b;
        shadow.valid = false;
        if (b) {
            /* A resumed game: the shadow starts from what was restored. */
            shadow.valid = true;
            shadow.pos = to_pos(&snap->g);
            shadow.turn = snap->g.turn;
            shadow.over = false;
        }
    } else if (!strncmp(line, "LOG NEW ", 8)) {
        if (sscanf(line + 8, "%u %7s", &a, tag) != 2 || side_of(tag) < 0)
            fail("bad LOG NEW line \"%s\"", line);
        engine_pos_t p = to_pos(&snap->g);
        st.games_new++;
        if (!snap->fresh) {
            shadow.valid = false;   /* the line waited behind others: RAM moved on */
            shadow.pending_new = true;
            return;
        }
        if (engine_check_pos(&p) || !engine_has_move(&p))
            fail("a new game starts in a bad position %s", pos_str(&p));
        if (side_of(tag) != snap->g.turn)
            fail("LOG NEW says %s moves first, the state says turn %u", tag, snap->g.turn);
        shadow.valid = true;
        shadow.pos = p;
        shadow.turn = snap->g.turn;
        shadow.over = false;
    } else if (!strncmp(line, "LOG MOVE ", 9)) {
        engine_move_t m;
        if (sscanf(line + 9, "%7s %u %u", tag, &a, &b) != 3 || side_of(tag) < 0)
            fail("bad LOG MOVE line \"%s\"", line);
        m.col = (uint8_t)a;
        m.to = (uint16_t)b;
        st.moves++;
        last_log_move = m;
        last_log_side = side_of(tag);
        shadow.pending_new = false;     /* moved before the driver saw the start */
        if (!shadow.valid)
            return;     /* a move of a game started before the driver could see it */
        if (shadow.over)
            fail("a move after the game ended: \"%s\"", line);
        if (side_of(tag) != shadow.turn)
            fail("\"%s\" but side %u is to move", line, shadow.turn);
        uint8_t err = engine_check_move(&shadow.pos, m);
        if (err)
            fail("an illegal move was accepted: \"%s\" in %s (engine error %u)", line,
                 pos_str(&shadow.pos), err);
        engine_apply(&shadow.pos, m);
        shadow.turn ^= 1;
    } else if (!strncmp(line, "LOG END ", 8)) {
        if (sscanf(line + 8, "%7s", tag) != 1 || side_of(tag) < 0)
            fail("bad LOG END line \"%s\"", line);
        st.games_ended++;
        if (!shadow.valid)
            return;
        if (engine_check_pos(&shadow.pos) || engine_has_move(&shadow.pos))
            fail("a game ended in a position that is not final: %s", pos_str(&shadow.pos));
        /* shadow.turn is the side that cannot move; it loses in normal
         * play and wins in misere play (the other side moved last). */
        int winner = (shadow.pos.mode & ENGINE_MISERE) ? shadow.turn : shadow.turn ^ 1;
        if (side_of(tag) != winner)
            fail("\"%s\" but side %d won in %s", line, winner, pos_str(&shadow.pos));
        shadow.over = true;
    } else if (!strncmp(line, "OK", 2) || !strncmp(line, "ERR", 3)) {
        st.replies++;
        if (line[0] == 'E')
            st.errs++;
        if (!strcmp(line, "ERR OVERRUN"))
            st.overruns++;
        snprintf(last_reply, sizeof last_reply, "%s", line);
        reply_count++;
        if (!strcmp(line, "OK POS")) {
            /* POS sets a position without a LOG line: the shadow follows. */
            shadow.valid = snap->fresh;
            shadow.pending_new = !snap->fresh;
            shadow.pos = to_pos(&snap->g);
            shadow.turn = snap->g.turn;
            shadow.over = false;
        }
        if (!snap->fresh)
            st.dumps_stale++;
        else if (!strncmp(line, "OK STATE ", 9))
            check_state_line(line, snap);
        else if (!strncmp(line, "OK FRAME ", 9))
            check_frame_line(line, snap);
        if (uart_mode)
            uart_judge(line, snap);
    } else if (line[0] != '#') {
        fail("an output line that is no LOG, OK, ERR or # line: \"%s\"", line);
    }
}

static void uart_process(void)
{
    while (uart_pos < S.uart.log_len) {
        char *start = S.uart.log + uart_pos;
        char *nl = memchr(start, '\n', S.uart.log_len - uart_pos);
        if (!nl)
            break;
        *nl = 0;
        const snap_t *snap = &snaps[lines_done++ % SNAP_RING];
        if (lines_started - lines_done >= SNAP_RING)
            fail("output line bookkeeping overflow");
        handle_line(start, snap);
        *nl = '\n';
        uart_pos = (size_t)(nl - S.uart.log) + 1;
    }
    if (uart_pos == S.uart.log_len && uart_pos > (1u << 20)) {
        S.uart.log_len = 0;
        uart_pos = 0;
    }
}

static void send(const char *text)
{
    if (uart_mode) {
        rx_send(text, strlen(text));
        return;
    }
    sim_uart_send(&S.uart, text, strlen(text));
}

/* ---- time ------------------------------------------------------------------ */

static void run_for_ms(double ms)
{
    uint64_t until = now_cycles() + (uint64_t)(ms * (BOARD_F_CPU / 1000.0));
    int r = sim_run_until(&S, until, uart_mode ? uart_step_hook : NULL, NULL);
    if (r == SIM_RUN_CRASH)
        fail("the CPU crashed (pc 0x%04x)", (unsigned)S.avr->pc);
    if (r == SIM_RUN_DONE)
        fail("the CPU halted (cli + sleep)");
    uart_process();
}

/* The main loop has finished a pass: the CPU sleeps in power_idle (or
 * power_off), no SPI byte is shifting and the UART has sent everything. */
static bool quiet(sim_t *s, void *ctx)
{
    (void)ctx;
    if (uart_mode)
        uart_step_hook(s, NULL);
    return s->avr->state == cpu_Sleeping && !(s->avr->data[ADDR_GPIOR0] & GPIOR0_SPI_BUSY) &&
           !(s->avr->data[ADDR_UCSR0B] & UCSR0B_UDRIE) && sim_uart_pending(&s->uart) == 0 &&
           rx_pending() == 0;
}

static void run_until_quiet(double max_ms)
{
    uint64_t until = now_cycles() + (uint64_t)(max_ms * (BOARD_F_CPU / 1000.0));
    int r = sim_run_until(&S, until, quiet, NULL);     /* quiet() calls the uart hook */
    if (r == SIM_RUN_CRASH)
        fail("the CPU crashed (pc 0x%04x)", (unsigned)S.avr->pc);
    if (r == SIM_RUN_TIME)
        fail("the main loop did not come to rest within %.0f ms", max_ms);
    uart_process();
}

/* Send a command and wait for its reply line (OK/ERR). */
static const char *command(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    strcat(buf, "\n");
    uint64_t want = reply_count + 1;
    if (uart_mode)
        uart_expect_any(buf);
    send(buf);
    for (int i = 0; i < 400 && reply_count < want; i++)
        run_for_ms(5);
    if (reply_count < want)
        fail("no reply to \"%.*s\" within 2 s", (int)strlen(buf) - 1, buf);
    return last_reply;
}

static const char *command_ok(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    const char *r = command("%s", buf);
    if (strncmp(r, "OK", 2))
        fail("\"%s\" was refused: %s", buf, r);
    return r;
}

/* How many games the toy lists (VER's GAMES: the list is derived from the
 * rules, so no campaign types the number), asked once. */
static unsigned game_count(void)
{
    static unsigned n;
    if (!n) {
        const char *v = command_ok("VER");
        const char *gp = strstr(v, "GAMES ");
        n = gp ? (unsigned)atoi(gp + 6) : 0;
        if (!n)
            fail("VER does not say how many games: %s", v);
    }
    return n;
}

/* ---- invariants ------------------------------------------------------------ */

static bool side_is_machine(const rb_game_t *g, uint8_t side)
{
    return g->set[S_OPP] == 2 || (g->set[S_OPP] == 0 && side);
}

static uint8_t lamps(uint8_t rule, uint8_t v)
{
    if (engine_rule_form(rule) != FORM_HEAP)
        return v;
    return v >= 8 ? 0xFF : (uint8_t)((1u << v) - 1u);
}

static void heap_frame(uint16_t n, uint8_t f[BOARD_COLS])
{
    memset(f, 0, BOARD_COLS);
    for (uint16_t i = 0; i < n && i < BOARD_CELLS; i++)
        f[i % BOARD_COLS] |= (uint8_t)(1u << (i / BOARD_COLS));
}

static void check_state_legal(const rb_game_t *g)
{
    if (g->screen > 3 || g->phase > 3 || g->turn > 1 || g->overlay > 3)
        fail("state field out of range: screen %u phase %u turn %u overlay %u", g->screen, g->phase,
             g->turn, g->overlay);
    if (g->screen != 2 && !g->in_game)
        return;
    engine_pos_t p = to_pos(g);
    uint8_t err = engine_check_pos(&p);
    if (err)
        fail("illegal position in RAM: %s (engine error %u)", pos_str(&p), err);
    if (g->in_game && g->phase != 3 && !engine_has_move(&p))
        fail("a game in progress without a move left: %s", pos_str(&p));
    if (g->screen == 2 && !(p.mode & ENGINE_ONEHEAP)) {
        if (g->cur_col >= p.ncols)
            fail("cursor column %u outside %u columns", g->cur_col, p.ncols);
        if (engine_rule_form(p.rule) == FORM_HEAP && g->pend > p.col[g->cur_col])
            fail("%u stones pending from a heap of %u", g->pend, p.col[g->cur_col]);
    }
    if (g->screen == 2 && (p.mode & ENGINE_ONEHEAP) && g->pend_heap > p.heap)
        fail("%u stones pending from a heap of %u", g->pend_heap, p.heap);
}

/* The LED frame follows from the state (README.md, "PC link protocol"): every column
 * shows its value except where the cursor blinks, a move or hint blinks,
 * or the thinking bar passes; the teach panel shows the Grundy values. */
static void check_frame(const rb_game_t *g, const uint8_t f[BOARD_COLS], bool shutdown)
{
    if (shutdown)
        return;
    st.frames_checked++;
    if (g->screen != 2)
        return;
    engine_pos_t p = to_pos(g);
    bool human_input = g->phase == PH_INPUT_ && !side_is_machine(g, g->turn);
    if (g->overlay == 2) {
        uint8_t s = engine_nimsum(&p);
        /* misere (README.md, "Misere play"): a tame game adds row 3 under
         * the columns worth 2 or more and shows the count of 1s in row 2
         * once there is none; KAYLES shows elements, their product, and row
         * 1 when the product is in P */
        bool mis = p.mode & ENGINE_MISERE, wild = mis && engine_misere_wild(p.rule);
        uint8_t big = 0, ones = 0;
        for (int c = 0; c < p.ncols; c++) {
            uint8_t v = engine_col_grundy(&p, (uint8_t)c);
            big |= v > 1;
            ones += v == 1;
        }
        if (wild)
            s = engine_misere_elem(&p, 0xFF);
        else if (mis && !big)
            s = ones;
        for (int c = 0; c < BOARD_COLS; c++) {
            uint8_t v = c >= p.ncols ? 0 : wild ? engine_misere_elem(&p, (uint8_t)c) : engine_col_grundy(&p, (uint8_t)c);
            uint8_t want = c < p.ncols ? (uint8_t)((v & 15) << 4) : 0;
            if (c < 4 && (s & (8u >> c)))
                want |= 4;
            if (mis && !wild && v > 1)
                want |= 8;
            if (wild && c < 8 && engine_is_p(&p))
                want |= 2;
            if ((f[c] & 0xFE) != want)
                fail("teach panel column %d shows 0x%02X, the state says 0x%02X (%s)", c, f[c], want,
                     pos_str(&p));
        }
        return;
    }
    if (g->set[S_OPP] == 1 && g->phase == PH_INPUT_) {
        /* Two players: the number of the player to move may stand on the
         * matrix when a turn starts (ui.c, UI_TURN_MS): a 1 or a 2. */
        static const uint8_t digit[2][5] = { { 0x42, 0xFE, 0x02, 0, 0 }, { 0x46, 0x8A, 0x92, 0x92, 0x62 } };
        bool same = true;
        for (int c = 0; c < BOARD_COLS; c++)
            same &= f[c] == (c < 5 ? digit[g->turn & 1][c] : 0);
        if (same)
            return;
    }
    if (p.mode & ENGINE_ONEHEAP) {
        uint8_t e[BOARD_COLS];
        uint16_t ks[5];
        int nk = 0;
        ks[nk++] = p.heap;
        if (g->phase == 2)
            ks[nk++] = g->mv_to;
        if (human_input) {
            ks[nk++] = (uint16_t)(p.heap - g->pend_heap);
            if (p.heap)
                ks[nk++] = (uint16_t)(p.heap - 1);
            if (g->overlay == 1)
                ks[nk++] = g->mv_to;
        }
        for (int i = 0; i < nk; i++) {
            heap_frame(ks[i], e);
            int diff = 0, inv = 0;
            for (int c = 0; c < BOARD_COLS; c++) {
                diff += f[c] != e[c];
                inv += (uint8_t)(f[c] ^ e[c]) == 0xFFu;
            }
            if (!diff || (g->phase == 1 && diff == 1 && inv == 1))
                return;
        }
        bool dark = true;
        for (int c = 0; c < BOARD_COLS; c++)
            dark &= f[c] == 0;
        if (dark && human_input && g->overlay == 3)
            return;
        fail("one-heap frame does not show the heap of %u (pending %u)", p.heap, g->pend_heap);
    }
    int bad = 0, badcol = -1;
    for (int c = 0; c < BOARD_COLS; c++) {
        uint8_t want = c < p.ncols ? lamps(p.rule, p.col[c]) : 0;
        if (human_input && c == g->cur_col)
            continue;
        if (c == g->mv_col && (g->phase == 2 || (human_input && g->overlay == 1)))
            continue;
        if (f[c] != want) {
            if (g->phase == 1 && (uint8_t)(f[c] ^ want) == 0xFFu && !bad) {
                bad = 1;        /* the thinking bar */
                continue;
            }
            badcol = c;
            break;
        }
    }
    if (badcol >= 0)
        fail("LED column %d shows 0x%02X but the state says %s (cursor %u, phase %u, overlay %u)",
             badcol, f[badcol], pos_str(&p), g->cur_col, g->phase, g->overlay);
}

/* After every step: RAM state legal, equal to the shadow the LOG lines
 * built, and the frame consistent with it; the stack under budget. */
static void check_step(void)
{
    rb_game_t g;
    read_game(&g);
    st.steps++;
    check_state_legal(&g);
    if (shadow.pending_new && g.screen == 2) {
        engine_pos_t p = to_pos(&g);
        if (engine_check_pos(&p) || !engine_has_move(&p))
            fail("a new game starts in a bad position %s", pos_str(&p));
        shadow.valid = true;
        shadow.pos = p;
        shadow.turn = g.turn;
        shadow.over = false;
        shadow.pending_new = false;
    }
    if (shadow.valid && g.screen == 2) {
        engine_pos_t p = to_pos(&g);
        if (!pos_equal(&p, &shadow.pos) || g.turn != shadow.turn)
            fail("the position %s (turn %u) is not what the logged moves give: %s (turn %u)",
                 pos_str(&p), g.turn, pos_str(&shadow.pos), shadow.turn);
    }
    check_frame(&g, S.disp.frame, S.disp.chip[0].shutdown);
    if (sim_stack_used(&S) >= STACK_BUDGET)
        fail("stack high-water %u bytes, budget %u", sim_stack_used(&S), STACK_BUDGET);
}

/* STATE dump against the RAM at the moment the reply began. */
static bool state_field(const char *line, const char *key, char *out, size_t n)
{
    char k[32];
    snprintf(k, sizeof k, " %s=", key);
    const char *p = strstr(line, k);
    if (!p)
        return false;
    p += strlen(k);
    size_t i = 0;
    while (p[i] && p[i] != ' ' && i + 1 < n) {
        out[i] = p[i];
        i++;
    }
    out[i] = 0;
    return true;
}

static void check_state_line(const char *line, const snap_t *s)
{
    static const char *scr[] = { "INTRO", "MENU", "PLAY", "END" };
    static const char *ph[] = { "INPUT", "THINK", "SHOW", "OVER" };
    const rb_game_t *g = &s->g;
    char v[256], want[256];
    int n = 0;
    st.states_checked++;
#define EXPECT(key, ...) do { snprintf(want, sizeof want, __VA_ARGS__); \
        if (!state_field(line, key, v, sizeof v) || strcmp(v, want)) \
            fail("STATE %s=%s but the RAM says %s: \"%s\"", key, v, want, line); } while (0)
    EXPECT("SCR", "%s", g->screen < 4 ? scr[g->screen] : "?");
    EXPECT("PH", "%s", g->phase < 4 ? ph[g->phase] : "?");
    EXPECT("RULE", "%u", g->rule);
    EXPECT("MODE", "%u", g->mode);
    EXPECT("TURN", "%u", g->turn);
    if (g->mode & ENGINE_ONEHEAP) {
        EXPECT("POS", "%u", g->heap);
    } else {
        want[0] = 0;
        for (int c = 0; c < g->ncols && c < BOARD_COLS; c++)
            n += snprintf(want + n, sizeof want - n, "%s%u", c ? "," : "", g->col[c]);
        if (!state_field(line, "POS", v, sizeof v) || strcmp(v, want))
            fail("STATE POS=%s but the RAM says %s", v, want);
    }
    EXPECT("CUR", "%u,%u", g->cur_col, g->cur_row);
    EXPECT("PEND", "%u", (g->mode & ENGINE_ONEHEAP) ? g->pend_heap : g->pend);
    EXPECT("OV", "%u", g->overlay);
    EXPECT("INGAME", "%u", g->in_game);
    n = 0;
    for (int i = 0; i < g->nset; i++)
        n += snprintf(want + n, sizeof want - n, "%s%u", i ? "," : "", g->set[i]);
    if (!state_field(line, "SET", v, sizeof v) || strcmp(v, want))
        fail("STATE SET=%s but the RAM says %s", v, want);
#undef EXPECT
    check_state_legal(g);
    if (!s->no_frame)
        check_frame(g, s->frame, s->shutdown);
}

static void check_frame_line(const char *line, const snap_t *s)
{
    const char *h = line + 9;
    if (strlen(h) != 2 * BOARD_COLS)
        fail("FRAME reply of the wrong length: \"%s\"", line);
    if (s->shutdown || s->no_frame)
        return;
    for (int c = 0; c < BOARD_COLS; c++) {
        unsigned v;
        if (sscanf(h + 2 * c, "%2x", &v) != 1 || v != s->frame[c])
            fail("FRAME says column %d = %.2s, the LEDs show 0x%02X: \"%s\"", c, h + 2 * c, s->frame[c],
                 line);
    }
}

/* ---- the board ------------------------------------------------------------- */

static void board_open(void)
{
    memset(&S, 0, sizeof S);
    S.fast = true;
    S.quiet = true;
    S.stack_paint = true;
    if (sim_open(&S, elf_path, NULL) != 0)
        exit(2);
    S.uart.on_byte = on_uart_byte;
    load_symbols();
}

static void boot_wait(void)
{
    uint64_t want = st.boots + 1;
    st.boots_expected = want;
    for (int i = 0; i < 200 && st.boots < want; i++)
        run_for_ms(5);
    if (st.boots < want)
        fail("the toy did not boot (no LOG BOOT within 1 s)");
}

static void ee_cut_window(void);
static void supply_episode(bool fast);
static bool brownout_mode, cut_fast;
static uint64_t n_decays, n_sags, n_losses;
static bool last_episode_por;
static void power_cut(void)
{
    if (brownout_mode) {
        supply_episode(cut_fast);
    } else {
        ee_cut_window();
        sim_power_cycle(&S);
    }
    /* Bytes queued to the toy are lost with the power; a line cut in half
     * by the reset is what a PC sees, too. */
    S.uart.in_pos = S.uart.in_len;
    last_out = '\n';
    /* Anything the firmware queued but had not sent is gone. */
    uart_process();
    if (uart_pos < S.uart.log_len) {
        S.uart.log_len = uart_pos;
        lines_done = lines_started;
    }
    shadow.valid = false;
}

static void press(int b, bool down)
{
    buttons_set(&S.buttons, b, down);
}

/* ---- mode: buttons ---------------------------------------------------------- */

enum { B_UP, B_DOWN, B_LEFT, B_RIGHT, B_A, B_B };

static uint64_t btn_events, bounce_edges_before;

static int pick_button(void)
{
    rb_game_t g;
    read_game(&g);
    uint32_t r = rnd_n(100);
    if (g.screen == 2) {
        bool heap = engine_rule_form(g.rule) == FORM_HEAP;
        if (r < 30) return heap ? B_DOWN : (rnd_n(2) ? B_UP : B_DOWN);
        if (r < 55) return B_A;
        if (r < 75) return rnd_n(2) ? B_LEFT : B_RIGHT;
        if (r < 85) return B_UP;
        return B_B;
    }
    if (g.screen == 1) {
        if (r < 40) return rnd_n(2) ? B_UP : B_DOWN;
        if (r < 75) return rnd_n(2) ? B_LEFT : B_RIGHT;
        if (r < 90) return B_A;
        return B_B;
    }
    return (int)rnd_n(6);
}

static void ev_press(int b, bool down)
{
    press(b, down);
    btn_events++;
}

static void step_end(void)
{
    run_until_quiet(100);
    check_step();
}

static void release_all(void)
{
    for (int b = 0; b < 6; b++)
        if (S.buttons.pressed & (1u << b)) {
            ev_press(b, false);
            run_for_ms(rnd_range(0, 20));
            step_end();
        }
}

/* Press b for hold_lo..hold_hi ms, release, wait gap_lo..gap_hi ms; the
 * invariants are checked after each edge's wait. */
static void ev_tap(int b, uint32_t hold_lo, uint32_t hold_hi, uint32_t gap_lo, uint32_t gap_hi)
{
    ev_press(b, true);
    run_for_ms(rnd_range(hold_lo, hold_hi));
    step_end();
    ev_press(b, false);
    run_for_ms(rnd_range(gap_lo, gap_hi));
    step_end();
}

static void one_action(void)
{
    uint32_t kind = rnd_n(1000);
    int b = pick_button();
    if (kind < 560) {                           /* a tap */
        ev_tap(b, 15, 200, 5, 150);
    } else if (kind < 700) {                    /* a tap with a bounce burst */
        S.buttons.bounce = (int)(rnd_range(1, 7) * 2 + 1);
        ev_tap(b, 3, 150, 3, 100);
        S.buttons.bounce = 0;
    } else if (kind < 790) {                    /* a chord: 2 or 3 buttons */
        int n = (int)rnd_range(2, 3), bs[3];
        for (int i = 0; i < n; i++) {
            bs[i] = (int)rnd_n(6);
            if (!(S.buttons.pressed & (1u << bs[i]))) {
                ev_press(bs[i], true);
                run_for_ms(rnd_range(0, 40));
                step_end();
            }
        }
        run_for_ms(rnd_range(20, 400));
        for (int i = 0; i < n; i++)
            if (S.buttons.pressed & (1u << bs[i])) {
                ev_press(bs[i], false);
                run_for_ms(rnd_range(0, 40));
                step_end();
            }
    } else if (kind < 870) {                    /* stutter: presses shorter than the debounce */
        int n = (int)rnd_range(2, 6);
        for (int i = 0; i < n; i++)
            ev_tap(b, 1, 12, 1, 12);
    } else if (kind < 930) {                    /* a long hold: arrow repeat, or B for the menu */
        if (rnd_n(2))
            b = B_B;
        ev_tap(b, 300, 1600, 10, 200);
    } else if (kind < 960) {                    /* a move made on purpose: walk, select, confirm */
        rb_game_t g;
        read_game(&g);
        int walk = (int)rnd_n(4), sel = (int)rnd_range(1, 4);
        int keys[16], nk = 0;
        for (int i = 0; i < walk; i++)
            keys[nk++] = B_RIGHT;
        bool heap = engine_rule_form(g.rule) == FORM_HEAP;
        for (int i = 0; i < sel && nk < 12; i++)
            keys[nk++] = heap ? B_DOWN : (rnd_n(2) ? B_UP : B_DOWN);
        keys[nk++] = B_A;
        if (!heap)
            keys[nk++] = B_A;
        for (int i = 0; i < nk; i++) {
            ev_press(keys[i], true);
            run_for_ms(rnd_range(30, 90));
            step_end();
            ev_press(keys[i], false);
            run_for_ms(rnd_range(30, 90));
            step_end();
        }
    } else if (kind < 999) {                    /* let the machine play */
        run_for_ms(rnd_range(100, 1500));
        step_end();
    } else {                                    /* long enough to turn itself off, then wake */
        run_for_ms(61000 + rnd_n(3000));
        step_end();
        ev_press(B_RIGHT, true);
        run_for_ms(60);
        step_end();
        ev_press(B_RIGHT, false);
        run_for_ms(100);
        step_end();
    }
}

static void mode_buttons(uint64_t n)
{
    board_open();
    boot_wait();
    run_until_quiet(100);
    check_step();
    uint64_t episodes = 0;
    uint8_t games = 0;
    /* Find the number of games from VER. */
    games = (uint8_t)game_count();
    uint64_t per_episode = n / (games * 2u) + 1;
    bounce_edges_before = S.buttons.edges;
    while (btn_events < n) {
        /* Each episode: a game (all of them in turn), an opponent, who
         * starts, a level and a start set through the PC link, then the
         * buttons; the menu is reached by B held and played with. */
        release_all();
        uint8_t g = (uint8_t)(episodes % games);
        command_ok("SET OPP %u", rnd_n(10) < 6 ? 0 : rnd_n(10) < 7 ? 1 : 2);
        command_ok("SET FIRST %u", rnd_n(3));
        command_ok("SET LEVEL %u", rnd_n(3));
        command_ok("SET START %u", rnd_n(4));
        command_ok("SET OFF 1");
        command_ok("GAME %u", g);
        episodes++;
        uint64_t end = btn_events + per_episode;
        while (btn_events < end && btn_events < n) {
            one_action();
            if (rnd_n(40) == 0) {
                send("STATE\n");
                run_for_ms(20);
                step_end();
                send("FRAME\n");
                run_for_ms(5);
                step_end();
            }
        }
    }
    release_all();
    command("STATE");
    run_until_quiet(100);
    check_step();
    printf("robust buttons: %llu button events (%llu pin edges with bounce), %llu steps checked, "
           "%llu episodes over %u games, %llu moves (all legal), %llu games started, %llu finished "
           "(all in a final position, right winner), %llu STATE dumps and %llu frames checked, "
           "%llu resets (1 boot), %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)btn_events, (unsigned long long)(S.buttons.edges - bounce_edges_before),
           (unsigned long long)st.steps, (unsigned long long)episodes, games,
           (unsigned long long)st.moves, (unsigned long long)st.games_new,
           (unsigned long long)st.games_ended, (unsigned long long)st.states_checked,
           (unsigned long long)st.frames_checked, (unsigned long long)(st.boots - 1), now_ms() / 1000,
           sim_stack_used(&S));
}


/* ---- persistent state through the PC link ----------------------------------- */

typedef struct {
    int scr, phase;
    uint8_t set[16];
    int nset;
    bool in_game;
    engine_pos_t pos;
    uint8_t turn;
    unsigned game, w, l;
} pstate_t;

static void parse_state(const char *line, pstate_t *p)
{
    char v[256];
    memset(p, 0, sizeof *p);
    if (strncmp(line, "OK STATE ", 9))
        fail("not a STATE reply: %s", line);
    static const char *scr[] = { "INTRO", "MENU", "PLAY", "END" };
    state_field(line, "SCR", v, sizeof v);
    p->scr = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(v, scr[i]))
            p->scr = i;
    state_field(line, "PH", v, sizeof v);
    p->phase = !strcmp(v, "INPUT") ? 0 : !strcmp(v, "THINK") ? 1 : !strcmp(v, "SHOW") ? 2 : 3;
    state_field(line, "GAME", v, sizeof v);
    p->game = (unsigned)atoi(v);
    state_field(line, "RULE", v, sizeof v);
    p->pos.rule = (uint8_t)atoi(v);
    state_field(line, "MODE", v, sizeof v);
    p->pos.mode = (uint8_t)atoi(v);
    state_field(line, "TURN", v, sizeof v);
    p->turn = (uint8_t)atoi(v);
    state_field(line, "INGAME", v, sizeof v);
    p->in_game = atoi(v) != 0;
    state_field(line, "W", v, sizeof v);
    p->w = (unsigned)atoi(v);
    state_field(line, "L", v, sizeof v);
    p->l = (unsigned)atoi(v);
    state_field(line, "POS", v, sizeof v);
    if (p->pos.mode & ENGINE_ONEHEAP) {
        p->pos.ncols = 1;
        p->pos.heap = (uint16_t)atoi(v);
    } else {
        char *q = v;
        while (*q && p->pos.ncols < BOARD_COLS) {
            p->pos.col[p->pos.ncols++] = (uint8_t)strtoul(q, &q, 10);
            if (*q == ',')
                q++;
        }
    }
    state_field(line, "SET", v, sizeof v);
    char *q = v;
    while (*q && p->nset < 16) {
        p->set[p->nset++] = (uint8_t)strtoul(q, &q, 10);
        if (*q == ',')
            q++;
    }
}

static void get_state(pstate_t *p)
{
    parse_state(command("STATE"), p);
}

static void scores_of(unsigned game, unsigned *w, unsigned *l)
{
    const char *r = command("SCORES %u", game);
    unsigned i;
    if (sscanf(r, "OK SCORES %u W %u L %u", &i, w, l) != 3 || i != game)
        fail("bad SCORES reply: %s", r);
}

/* ---- EEPROM write watch: the torn write of a power cut -------------------- */

/* sim/eeprom_timing.c holds each write for its 3.4 ms (EEPE set, the
 * byte still old); a cut inside that window leaves the byte old, new or
 * torn, as the campaign picks. */
static uint64_t ee_writes, ee_arm_at;    /* stop at write number ee_arm_at (0: off) */
static bool cut_pending;
static uint64_t n_window_cuts, torn[3];

static void ee_write_started(void *ctx, uint16_t addr, uint8_t old, uint8_t val)
{
    (void)ctx; (void)addr; (void)old; (void)val;
    ee_writes++;
    if (ee_arm_at && ee_writes == ee_arm_at)
        cut_pending = true;
}

static bool cut_stop(sim_t *s, void *ctx)
{
    (void)s; (void)ctx;
    return cut_pending;
}

static void ee_watch_start(void)
{
    if (!S.eeprom.on)
        fail("the EEPROM timing model is off (NIMSIM_KEEP_BUGS=eeprom?)");
    S.eeprom.on_start = ee_write_started;
}

/* The power goes: a write in progress keeps its old byte, gets its new one
 * or a torn one (bits of both, or the erased 0xFF). */
static void ee_cut_window(void)
{
    if (!S.eeprom.busy)
        return;
    int o = (int)rnd_n(3);
    uint8_t t = S.eeprom.old, v = S.eeprom.val;
    uint8_t mix = (uint8_t)rnd();
    uint8_t tv = rnd_n(4) == 0 ? 0xFF : (uint8_t)((t & mix) | (v & ~mix) | (rnd() & (t ^ v)));
    if (!eeprom_timing_cut(&S.eeprom, o, tv))
        fail("no EEPROM write to cut");
    torn[o]++;
    n_window_cuts++;
}

/* ---- mode: power cuts --------------------------------------------------------- */

enum { CMD_MOVE, CMD_AI, CMD_SET, CMD_NEW, CMD_GAME };
static uint64_t n_cut_write, n_cut_cycle, n_cut_boot, n_nocut, n_resumed, n_clean, n_split, n_ended, n_unended;

/* Until every save asked for is written: no EEPROM write started for 40 ms
 * (a pending save writes a byte every 3.4 ms). What the toy shows then is
 * committed, and a cut may not lose it. */
static void wait_saved(void)
{
    for (int i = 0; i < 200; i++) {
        uint64_t w = S.eeprom.writes;
        run_for_ms(40);
        if (w == S.eeprom.writes && !S.eeprom.busy)
            return;
    }
    fail("the saves never end");
}

static void ensure_play(pstate_t *p)
{
    int news = 0;
    for (int i = 0; i < 1000; i++) {
        get_state(p);
        if (p->scr == 2 && p->phase == 3) {
            run_for_ms(100);    /* the final position stays a moment */
            continue;
        }
        if (p->scr == 2) {
            if (p->turn == 1 && p->phase != 0) {
                command_ok("AI");
                continue;
            }
            wait_saved();
            get_state(p);
            if (p->scr != 2 || (p->turn == 1 && p->phase != 0))
                continue;
            scores_of(p->game, &p->w, &p->l);
            return;
        }
        if (p->scr == 1 || p->scr == 3) {
            /* The machine first on a full one heap wins at once: after a
             * few such games, let the human start. */
            if (++news % 3 == 0)
                command_ok("SET FIRST 0");
            command_ok("NEW");
        }
        else
            run_for_ms(50);
    }
    fail("the toy does not get back to a game");
}

static bool ends_game(const engine_pos_t *p, engine_move_t m)
{
    engine_pos_t q = *p;
    engine_apply(&q, m);
    return !engine_has_move(&q);
}

static void mode_powercut(uint64_t n)
{
    board_open();
    boot_wait();
    ee_watch_start();
    command_ok("SET OFF 4");
    command_ok("SET OPP 0");
    command_ok("GAME %u", rnd_n(game_count()));
    uint64_t cuts = 0;
    while (cuts < n) {
        pstate_t P, R;
        ensure_play(&P);
        if (sim_stack_used(&S) >= STACK_BUDGET)
            fail("stack high-water %u bytes", sim_stack_used(&S));
        /* The command in flight. */
        char cmd[64];
        int kind;
        engine_move_t m = { 0, 0 };
        uint8_t set_item = 0, set_val = 0;
        uint32_t r = rnd_n(100);
        if (r < 60 && P.turn == 0) {
            kind = CMD_MOVE;
            int count = 0;
            engine_move_t t;
            /* MOVE caps <to> at ENGINE_HEAP_MAX (firmware bug reported in
             * /tmp/firmware-requests.txt): cell masks above it go through AI. */
            for (bool ok = engine_move_first(&P.pos, &t); ok; ok = engine_move_next(&P.pos, &t))
                if (t.to <= ENGINE_HEAP_MAX && rnd_n((uint32_t)++count) == 0)
                    m = t;
            if (!count)
                kind = CMD_AI;
            if (kind == CMD_MOVE)
                snprintf(cmd, sizeof cmd, "MOVE %u %u\n", m.col, m.to);
            else
                snprintf(cmd, sizeof cmd, "AI\n");
        } else if (r < 75) {
            kind = CMD_AI;
            snprintf(cmd, sizeof cmd, "AI\n");
        } else if (r < 88) {
            static const uint8_t items[] = { S_GAME, S_FIRST, S_LEVEL, S_START, S_SOUND, S_BRIGHT };
            const uint8_t counts[] = { (uint8_t)game_count(), 3, 3, 4, 2, 16 };
            int k = (int)rnd_n(6);
            set_item = items[k];
            set_val = (uint8_t)rnd_n(counts[k]);
            kind = CMD_SET;
            static const char *names[] = { "GAME", "OPP", "FIRST", "LEVEL", "START", "SOUND", "BRIGHT", "OFF" };
            snprintf(cmd, sizeof cmd, "SET %s %u\n", names[set_item], set_val);
        } else if (r < 94) {
            kind = CMD_NEW;
            snprintf(cmd, sizeof cmd, "NEW\n");
        } else {
            kind = CMD_GAME;
            set_val = (uint8_t)rnd_n(game_count());
            snprintf(cmd, sizeof cmd, "GAME %u\n", set_val);
        }
        uint64_t want = reply_count + 1;
        uint32_t how = rnd_n(100);
        ee_writes = 0;
        cut_pending = false;
        cut_fast = false;
        send(cmd);
        bool cut = false;
        if (how < 60) {                         /* inside the j-th EEPROM write */
            bool big = kind != CMD_MOVE && kind != CMD_AI;
            if (kind == CMD_MOVE && ends_game(&P.pos, m))
                big = true;
            ee_arm_at = rnd_range(1, big ? 130 : 24);
            int rr = sim_run_until(&S, now_cycles() + sim_ms_to_cycles(1500), cut_stop, NULL);
            if (rr == SIM_RUN_CRASH)
                fail("the CPU crashed");
            ee_arm_at = 0;
            if (cut_pending) {
                /* Somewhere inside that write's window (the CPU runs on). */
                if (!S.eeprom.busy || S.eeprom.end <= now_cycles())
                    fail("EEPE is not set after the write started");
                sim_run_until(&S, now_cycles() + rnd_n((uint32_t)(S.eeprom.end - now_cycles())), NULL, NULL);
                if (!S.eeprom.busy)
                    fail("the write ended before its 3.4 ms");
                cut = true;
                cut_fast = true;
                n_cut_write++;
            }
        } else if (how < 92) {                  /* at a random cycle while the command runs */
            uint64_t at = now_cycles() + rnd_n((uint32_t)(strlen(cmd) * 1400 + sim_ms_to_cycles(6)));
            sim_run_until(&S, at, NULL, NULL);
            cut = true;
            n_cut_cycle++;
        }
        if (!cut) {
            for (int i = 0; i < 400 && reply_count < want; i++)
                run_for_ms(5);
            if (reply_count < want || strncmp(last_reply, "OK", 2))
                fail("\"%.*s\" failed: %s", (int)strlen(cmd) - 1, cmd, last_reply);
            n_nocut++;
            if (kind == CMD_MOVE || kind == CMD_AI) {
                const char *a = command("AI");   /* the machine's reply at once */
                if (strncmp(a, "OK AI", 5) && strcmp(a, "ERR AI NOGAME"))
                    fail("AI: %s", a);
            }
            if (rnd_n(4))
                continue;
            /* Now a cut with nothing in flight: everything must come back. */
            ensure_play(&P);
        }
        uart_process();
        power_cut();
        cuts++;
        boot_wait();
        if (rnd_n(10) == 0) {
            /* A second cut while booting. */
            sim_run_until(&S, now_cycles() + rnd_n((uint32_t)sim_ms_to_cycles(30)), NULL, NULL);
            uart_process();
            power_cut();
            cuts++;
            n_cut_boot++;
            boot_wait();
        }
        int resumed = st.last_boot_resumed;
        if (brownout_mode) {
            if (!(st.last_boot_cause & (last_episode_por ? 1 : 4)))
                fail("LOG BOOT cause %d after a %s", st.last_boot_cause,
                     last_episode_por ? "power loss (PORF wanted)" : "brown-out (BORF wanted)");
            /* what the matrix shows after the restart is the state's picture */
            for (int k = 0; k < 20; k++) {
                run_for_ms(50);
                check_step();
            }
        }
        get_state(&R);
        scores_of(P.game, &R.w, &R.l);
        /* What may come back: the state before the command (P) or after (Q). */
        uint8_t qset[16];
        memcpy(qset, P.set, sizeof qset);
        if (kind == CMD_SET && cut)
            qset[set_item] = set_val;
        if (kind == CMD_GAME && cut)
            qset[S_GAME] = set_val;
        if (R.nset != P.nset || (memcmp(R.set, P.set, (size_t)P.nset) && memcmp(R.set, qset, (size_t)P.nset)))
            fail("settings after the cut are neither the old nor the new ones (command %.*s)",
                 (int)strlen(cmd) - 1, cmd);
        bool w_ok = R.w == P.w && R.l == P.l;
        bool may_end = false;
        if (cut && kind == CMD_MOVE)
            may_end = ends_game(&P.pos, m);
        if (cut && kind == CMD_AI) {
            engine_move_t t;
            for (bool ok = engine_move_first(&P.pos, &t); ok; ok = engine_move_next(&P.pos, &t))
                may_end |= ends_game(&P.pos, t);
        }
        if (!w_ok && may_end) {
            bool misere = P.pos.mode & ENGINE_MISERE;
            int winner = misere ? P.turn ^ 1 : P.turn;
            w_ok = R.w == P.w + (winner == 0) && R.l == P.l + (winner == 1);
            if (kind == CMD_AI)
                w_ok |= R.w == P.w + (winner != 0) && R.l == P.l + (winner != 1);
        }
        /* The machine's reply to the move, made while the move was being
         * saved (a save takes ~0.1 s on the chip), may have ended the
         * game. */
        if (!w_ok && cut && (kind == CMD_MOVE || kind == CMD_AI)) {
            engine_move_t t1, t2;
            int wm = (P.pos.mode & ENGINE_MISERE) ? P.turn : P.turn ^ 1;
            for (bool ok = engine_move_first(&P.pos, &t1); ok && !w_ok; ok = engine_move_next(&P.pos, &t1)) {
                if ((kind == CMD_MOVE && (t1.col != m.col || t1.to != m.to)) || ends_game(&P.pos, t1))
                    continue;
                engine_pos_t q = P.pos;
                engine_apply(&q, t1);
                for (bool ok2 = engine_move_first(&q, &t2); ok2 && !w_ok; ok2 = engine_move_next(&q, &t2))
                    if (ends_game(&q, t2) && ((R.w == P.w + (wm == 0) && R.l == P.l + (wm == 1)) ||
                                              (kind == CMD_AI && R.w == P.w + (wm != 0) && R.l == P.l + (wm != 1))))
                        w_ok = may_end = true;
            }
        }
        if (!w_ok)
            fail("scores of game %u after the cut: W %u L %u, before W %u L %u (command %.*s)", P.game,
                 R.w, R.l, P.w, P.l, (int)strlen(cmd) - 1, cmd);
        /* The end of a game is atomic (game.c): its result counted and the
         * game over, or not counted and the game back before its end. A
         * result counted while the game resumes would be counted again
         * when its last move is replayed; a game over with no result
         * counted has lost it (the opponent is always the machine here). */
        bool counted = R.w != P.w || R.l != P.l;
        if (counted && R.in_game) {
            n_split++;
            fail("the result of game %u was counted (W %u L %u, before W %u L %u) and the game resumed at %s "
                 "turn %u: it would count twice (command %.*s)", P.game, R.w, R.l, P.w, P.l, pos_str(&R.pos),
                 R.turn, (int)strlen(cmd) - 1, cmd);
        }
        if (cut && may_end && P.in_game && !R.in_game && !counted && P.w < 255 && P.l < 255)
            fail("game %u ended by the cut command but its result was not counted: W %u L %u (command %.*s)",
                 P.game, R.w, R.l, (int)strlen(cmd) - 1, cmd);
        if (cut && may_end) {
            n_ended += counted;
            n_unended += !counted && R.in_game;
        }
        if (resumed != (int)R.in_game)
            fail("LOG BOOT says resumed %d, STATE says INGAME=%d", resumed, R.in_game);
        if (R.in_game) {
            n_resumed++;
            if (engine_check_pos(&R.pos) || !engine_has_move(&R.pos))
                fail("resumed a corrupt or finished position %s", pos_str(&R.pos));
            bool ok = pos_equal(&R.pos, &P.pos) && R.turn == P.turn;
            if (!ok && cut && (kind == CMD_MOVE || kind == CMD_AI)) {
                engine_move_t t;
                for (bool more = engine_move_first(&P.pos, &t); more && !ok; more = engine_move_next(&P.pos, &t)) {
                    if (kind == CMD_MOVE && (t.col != m.col || t.to != m.to))
                        continue;
                    engine_pos_t q = P.pos;
                    engine_apply(&q, t);
                    ok = pos_equal(&R.pos, &q) && R.turn == (P.turn ^ 1);
                }
            }
            if (!ok && cut && (kind == CMD_MOVE || kind == CMD_AI)) {
                /* the move and the machine's reply, made while the move was
                 * being written (a save takes ~0.1 s on the chip) */
                engine_move_t t1, t2;
                for (bool m1 = engine_move_first(&P.pos, &t1); m1 && !ok; m1 = engine_move_next(&P.pos, &t1)) {
                    if (kind == CMD_MOVE && (t1.col != m.col || t1.to != m.to))
                        continue;
                    engine_pos_t q = P.pos;
                    engine_apply(&q, t1);
                    for (bool m2 = engine_move_first(&q, &t2); m2 && !ok; m2 = engine_move_next(&q, &t2)) {
                        engine_pos_t q2 = q;
                        engine_apply(&q2, t2);
                        ok = pos_equal(&R.pos, &q2) && R.turn == P.turn;
                    }
                }
            }
            if (!ok && cut && (kind == CMD_NEW || kind == CMD_GAME))
                ok = true;      /* a new game's start (legal, checked above) */
            if (!ok)
                fail("resumed %s turn %u; before the cut %s turn %u (command %.*s)", pos_str(&R.pos),
                     R.turn, pos_str(&P.pos), P.turn, (int)strlen(cmd) - 1, cmd);
        } else {
            n_clean++;
            if (P.in_game && !may_end)
                fail("the game in progress (%s) was lost by a cut (command %.*s)", pos_str(&P.pos),
                     (int)strlen(cmd) - 1, cmd);
        }
    }
    if (brownout_mode) {
        printf("robust brownout: %llu supply episodes while games were played and saved (%llu slow decays of a "
               "dying battery over up to 3 s, %llu sags, %llu down to below the power-on reset level); "
               "%llu brown-out resets (BORF) and %llu power-on resets, lowest %.2f V, %.1f s held in reset; "
               "EEPROM writes in progress at the reset: %llu finished, %llu cut (old/new/torn); "
               "%llu boots, %llu resumed a game, %llu came back without one (no committed record lost), "
               "%llu frames checked after the restarts (no garbage), %llu moves, %.1f s simulated, "
               "stack high-water %u B\n",
               (unsigned long long)cuts, (unsigned long long)n_decays, (unsigned long long)n_sags,
               (unsigned long long)n_losses, (unsigned long long)S.supply.bod_resets,
               (unsigned long long)S.supply.por_resets, S.supply.vmin,
               sim_cycles_to_ms(S.supply.held_cycles) / 1000, (unsigned long long)S.supply.ee_finished,
               (unsigned long long)S.supply.ee_cuts, (unsigned long long)st.boots,
               (unsigned long long)n_resumed, (unsigned long long)n_clean,
               (unsigned long long)st.frames_checked, (unsigned long long)st.moves, now_ms() / 1000,
               sim_stack_used(&S));
        return;
    }
    printf("robust powercut: %llu power cuts (%llu aimed inside the j-th EEPROM write of a command, %llu at a "
           "random cycle, %llu while booting, %llu after the command ran to the end); %llu cuts inside a "
           "3.4 ms write window left the byte old %llu / new %llu / torn %llu (%llu writes started); "
           "%llu boots, %llu resumed a game, %llu came back without one (none lost), %llu moves, "
           "%llu cuts in a command that could end a game: %llu counted the result once and the game was "
           "over, %llu did not count it and the game resumed before its end; %llu results counted with "
           "the game resumed (double counts), none lost, %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)cuts, (unsigned long long)n_cut_write, (unsigned long long)n_cut_cycle,
           (unsigned long long)n_cut_boot, (unsigned long long)n_nocut, (unsigned long long)n_window_cuts,
           (unsigned long long)torn[0], (unsigned long long)torn[1], (unsigned long long)torn[2],
           (unsigned long long)S.eeprom.writes, (unsigned long long)st.boots,
           (unsigned long long)n_resumed, (unsigned long long)n_clean, (unsigned long long)st.moves,
           (unsigned long long)(n_ended + n_unended), (unsigned long long)n_ended,
           (unsigned long long)n_unended, (unsigned long long)n_split, now_ms() / 1000, sim_stack_used(&S));
}

/* ---- supply episodes (brownout mode) -------------------------------------- */

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
    uint32_t r = rnd_n(100);
    double low;
    uint64_t fall;
    if (fast || r < 40) {
        n_sags++;
        low = 1.5 + rnd_n(110) / 100.0;                 /* 1.5 .. 2.6 V */
        fall = sim_ms_to_cycles(rnd_n(3)) / 2;           /* 0 .. 1 ms */
    } else if (r < 85) {
        n_decays++;
        low = 2.0 + rnd_n(60) / 100.0;                  /* 2.0 .. 2.6 V */
        fall = sim_ms_to_cycles(rnd_range(20, 3000));
    } else {
        n_losses++;
        low = rnd_n(120) / 100.0;                       /* 0 .. 1.2 V: below V_POT */
        fall = sim_ms_to_cycles(rnd_n(50));
    }
    uint32_t e = rnd_n(4);
    S.supply.ee_cut = e == 3 ? -1 : (int)e;
    uint8_t t = (uint8_t)rnd();
    S.supply.ee_torn = rnd_n(4) == 0 ? 0xFF : t;
    uint64_t por0 = S.supply.por_resets;
    supply_set(&S.supply, low, fall);
    sim_run_until(&S, now_cycles() + fall + sim_ms_to_cycles(5), held_stop, NULL);
    if (!S.supply.held)
        fail("VCC at %.2f V and the chip is not held in reset", S.supply.vcc);
    run_for_ms(rnd_range(1, 300));
    if (low >= SUPPLY_POR_FALL_V && S.supply.por_resets != por0)
        fail("a power-on reset at %.2f V", low);
    last_episode_por = S.supply.por_resets != por0;
    supply_set(&S.supply, 4.8, sim_ms_to_cycles(rnd_n(50)));
}

/* ---- mode: watchdog ------------------------------------------------------------ */

/* A hang is injected by the simulator, not the firmware: once the PC is
 * inside main() (the main loop, interrupts on), it is moved to a word past
 * the end of the program holding `rjmp .-2`, a self-loop. The interrupts
 * still run (as in a real hang waiting on a flag that never comes); only
 * the main loop stops, so nothing kicks the watchdog. */
static bool in_main(sim_t *s, void *ctx)
{
    (void)ctx;
    return s->avr->state == cpu_Running && s->avr->pc >= main_lo && s->avr->pc < main_hi &&
           s->avr->sreg[S_I];
}

static uint64_t n_cli_hangs;

static void mode_watchdog(uint64_t n)
{
    board_open();
    boot_wait();
    uint32_t hang = (S.fw->flashsize + 64u) & ~1u;
    if (hang + 2 > S.avr->flashend)
        fail("no free flash for the hang loop");
    S.avr->flash[hang] = OP_RJMP_SELF & 0xFF;
    S.avr->flash[hang + 1] = OP_RJMP_SELF >> 8;
    command_ok("SET OFF 4");
    command_ok("SET OPP 0");
    command_ok("GAME %u", rnd_n(game_count()));
    double worst = 0;
    for (uint64_t i = 0; i < n; i++) {
        pstate_t P, R;
        ensure_play(&P);
        run_for_ms(rnd_n(300));
        if (sim_run_until(&S, now_cycles() + sim_ms_to_cycles(100), in_main, NULL) != SIM_RUN_STOP)
            fail("the PC never came to main()");
        uart_process();
        get_state(&P);      /* nothing can change once the loop hangs */
        if (sim_run_until(&S, now_cycles() + sim_ms_to_cycles(100), in_main, NULL) != SIM_RUN_STOP)
            fail("the PC never came to main()");
        scores_of(P.game, &P.w, &P.l);
        if (sim_run_until(&S, now_cycles() + sim_ms_to_cycles(100), in_main, NULL) != SIM_RUN_STOP)
            fail("the PC never came to main()");
        uint64_t t0 = now_cycles();
        st.boots_expected = st.boots + 1;
        S.avr->pc = hang;
        /* Every other hang with interrupts off: the WDT interrupt cannot
         * run, and only the chip's reset at the next time-out (WDIF still
         * set, sim/watchdog.c) brings the toy back. */
        bool cli_hang = i % 2 == 1;
        uint64_t resets0 = S.wdt.escalations;
        if (cli_hang)
            S.avr->sreg[S_I] = 0;
        shadow.valid = false;
        for (int k = 0; k < 600 && st.boots < st.boots_expected; k++)
            run_for_ms(5);
        if (st.boots < st.boots_expected)
            fail("a hang in the main loop (interrupts %s) was not caught within 3 s", cli_hang ? "off" : "on");
        if (cli_hang) {
            if (S.wdt.escalations != resets0 + 1)
                fail("a hang with interrupts off ended without one watchdog reset");
            n_cli_hangs++;
        } else if (S.wdt.escalations != resets0) {
            fail("a hang with interrupts on reset the chip (the ISR should have restarted it)");
        }
        double ms = sim_cycles_to_ms(now_cycles() - t0);
        if (ms > worst)
            worst = ms;
        if (!(st.last_boot_cause & 8))
            fail("LOG BOOT after the hang does not give the watchdog cause (%d)", st.last_boot_cause);
        get_state(&R);
        scores_of(P.game, &R.w, &R.l);
        if (R.nset != P.nset || memcmp(R.set, P.set, (size_t)P.nset) || R.w != P.w || R.l != P.l)
            fail("settings or scores changed by the watchdog restart");
        if (P.in_game && (!R.in_game || !pos_equal(&R.pos, &P.pos) || R.turn != P.turn))
            fail("the game %s turn %u did not come back after the watchdog restart (%s, in game %d)",
                 pos_str(&P.pos), P.turn, pos_str(&R.pos), R.in_game);
        if (sim_stack_used(&S) >= STACK_BUDGET)
            fail("stack high-water %u bytes", sim_stack_used(&S));
        /* the game goes on */
        ensure_play(&P);
        const char *a = command("AI");
        if (strncmp(a, "OK AI", 5))
            fail("no move after the watchdog restart: %s", a);
    }
    printf("robust watchdog: %llu hangs injected in main() (PC into a self-loop; %llu with interrupts on, "
           "restarted by the WDT interrupt; %llu with interrupts off, reset by the next time-out with WDIF "
           "still set), %llu caught by the watchdog (LOG BOOT cause 8), latest after %.0f ms, game, settings "
           "and scores back every time, %llu moves, stack high-water %u B\n",
           (unsigned long long)n, (unsigned long long)(n - n_cli_hangs), (unsigned long long)n_cli_hangs,
           (unsigned long long)(st.boots - 1), worst,
           (unsigned long long)st.moves, sim_stack_used(&S));
}

/* ---- mode: EEPROM images ----------------------------------------------------- */

static uint16_t crc_step(uint16_t crc, uint8_t b)
{
    crc ^= (uint16_t)b << 8;
    for (int i = 0; i < 8; i++)
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    return crc;
}

/* store.h's slot format, read independently of store.c: the newest valid
 * slot of a record and the number of bytes its CRC covers, or -1. */
static int newest_slot(const uint8_t *img, uint8_t id, unsigned base, unsigned max, unsigned slots, unsigned *span)
{
    int best = -1;
    uint16_t best_seq = 0;
    for (unsigned sl = 0; sl < slots; sl++) {
        const uint8_t *p = img + base + sl * (max + STORE_SLOT_OVERHEAD);
        if (p[0] != STORE_COMMIT || p[3] > max)
            continue;
        uint16_t crc = crc_step(0xFFFF, id);
        for (unsigned i = 1; i < 4u + p[3]; i++)
            crc = crc_step(crc, p[i]);
        if ((p[4 + p[3]] | (p[5 + p[3]] << 8)) != crc)
            continue;
        uint16_t seq = (uint16_t)(p[1] | (p[2] << 8));
        if (best < 0 || (int16_t)(seq - best_seq) > 0) {
            best = (int)sl;
            best_seq = seq;
            *span = 6u + p[3];
        }
    }
    return best;
}

static bool same_state(const pstate_t *a, const pstate_t *b)
{
    return a->nset == b->nset && !memcmp(a->set, b->set, (size_t)a->nset) && a->in_game == b->in_game &&
           (!a->in_game || (pos_equal(&a->pos, &b->pos) && a->turn == b->turn)) && a->w == b->w && a->l == b->l;
}

static void boot_image(const uint8_t *img, pstate_t *r, unsigned game)
{
    memcpy(ee(), img, BOARD_EEPROM_BYTES);
    power_cut();
    boot_wait();
    get_state(r);
    scores_of(game, &r->w, &r->l);
    if (r->in_game && (engine_check_pos(&r->pos) || !engine_has_move(&r->pos)))
        fail("booted into a corrupt game %s", pos_str(&r->pos));
}

/* The heap game the EEPROM campaign plays (POS 7 6 5, MOVE 0 4): TAKE 1-5
 * in columns, the list's game 14 (NIM in 2 forms, TAKE 1-2, 1-3 and 1-4 in
 * 4 each, then TAKE 1-5; game.c). */
#define EE_GAME 14u

static void mode_eeprom(void)
{
    static uint8_t img[BOARD_EEPROM_BYTES], good[BOARD_EEPROM_BYTES];
    pstate_t def, r, s_new, s_oldset, s_oldgame;
    uint64_t images = 0, flips = 0;
    board_open();
    boot_wait();
    /* The defaults: what a blank chip boots to; scores 0, no game. */
    memset(img, 0xFF, sizeof img);
    boot_image(img, &def, EE_GAME);
    images++;
    if (def.in_game || def.w || def.l)
        fail("a blank EEPROM boots with a game or scores");
    memset(img, 0, sizeof img);
    boot_image(img, &r, EE_GAME);
    images++;
    if (!same_state(&r, &def))
        fail("an all-zero EEPROM does not boot to the defaults");
    for (int k = 0; k < 20; k++) {
        for (unsigned i = 0; i < sizeof img; i++)
            img[i] = (uint8_t)rnd();
        boot_image(img, &r, EE_GAME);
        images++;
        if (!same_state(&r, &def))
            fail("a random EEPROM image does not boot to the defaults");
    }
    /* A history with two copies of each record: settings v1 then v2, a
     * game and two moves; states seen after each save. */
    memset(img, 0xFF, sizeof img);
    boot_image(img, &r, EE_GAME);
    /* Each save written out before the next command (3.4 ms a byte), so
     * that each one is a copy of its own in the ring. */
    command_ok("SET OFF 4");
    command_ok("SET OPP 1");        /* two players: nothing moves by itself */
    if (!strstr(command_ok("GAME %u", EE_GAME), " TAKE 1-5"))
        fail("game %u is not TAKE 1-5 in columns", EE_GAME);
    wait_saved();
    command_ok("POS 7 6 5");
    wait_saved();
    get_state(&s_oldgame);
    command_ok("MOVE 0 4");
    wait_saved();
    command_ok("SET BRIGHT 3");
    wait_saved();
    get_state(&s_oldset);
    command_ok("SET LEVEL 2");
    wait_saved();
    get_state(&s_new);
    scores_of(5, &s_new.w, &s_new.l);
    s_oldset.w = s_oldgame.w = s_new.w;
    s_oldset.l = s_oldgame.l = s_new.l;
    memcpy(good, ee(), sizeof good);
    boot_image(good, &r, EE_GAME);
    images++;
    if (!same_state(&r, &s_new))
        fail("the saved state does not come back after a power cycle");
    /* Every bit of every committed slot of both records, flipped alone. */
    struct { uint8_t id; unsigned base, max, slots; } recs[2] = {
        { STORE_SETTINGS, STORE_SETTINGS_BASE, STORE_SETTINGS_BYTES, STORE_SETTINGS_SLOTS },
        { STORE_GAME, STORE_GAME_BASE, STORE_GAME_BYTES, STORE_GAME_SLOTS },
    };
    for (int ri = 0; ri < 2; ri++) {
        unsigned span = 0;
        int newest = newest_slot(good, recs[ri].id, recs[ri].base, recs[ri].max, recs[ri].slots, &span);
        if (newest < 0)
            fail("record %u has no valid slot in the saved image", recs[ri].id);
        for (unsigned sl = 0; sl < recs[ri].slots; sl++) {
            unsigned a0 = recs[ri].base + sl * (recs[ri].max + STORE_SLOT_OVERHEAD);
            if (good[a0] != STORE_COMMIT)
                continue;
            for (unsigned byte = 0; byte < recs[ri].max + STORE_SLOT_OVERHEAD; byte++)
                for (int bit = 0; bit < 8; bit++) {
                    memcpy(img, good, sizeof img);
                    img[a0 + byte] ^= (uint8_t)(1u << bit);
                    boot_image(img, &r, EE_GAME);
                    images++;
                    flips++;
                    /* A flip inside the newest copy's CRC span: the copy
                     * before it; anywhere else: the newest, untouched. */
                    const pstate_t *want = &s_new;
                    if ((int)sl == newest && byte < span)
                        want = ri == 0 ? &s_oldset : &s_oldgame;
                    pstate_t w = *want;
                    if (ri == 1) {      /* the game record alone goes back */
                        w = s_new;
                        w.in_game = want->in_game;
                        w.pos = want->pos;
                        w.turn = want->turn;
                    }
                    if (!same_state(&r, &w))
                        fail("record %u slot %u byte %u bit %d flipped: booted to %s turn %u set %u,%u,%u,%u,%u,%u,%u,%u, "
                             "expected %s turn %u set %u,%u,%u,%u,%u,%u,%u,%u", recs[ri].id, sl, byte, bit,
                             pos_str(&r.pos), r.turn, r.set[0], r.set[1], r.set[2], r.set[3], r.set[4], r.set[5],
                             r.set[6], r.set[7], pos_str(&w.pos), w.turn, w.set[0], w.set[1], w.set[2], w.set[3],
                             w.set[4], w.set[5], w.set[6], w.set[7]);
                }
        }
    }
    printf("robust eeprom: %llu EEPROM images booted (blank, zero, 20 random: defaults; %llu single-bit "
           "flips over every committed slot of both records: the intact copy every time), "
           "stack high-water %u B\n", (unsigned long long)images, (unsigned long long)flips,
           sim_stack_used(&S));
}

/* ---- mode: uart -------------------------------------------------------------- */

/* The chip's receiver (datasheet 20.7.4), in place of simavr's 64-byte input
 * fifo (which would hold bytes no chip can hold, and which simavr drains at
 * 11 bit times a byte): the PC's bytes arrive back to back, one 8N1 frame
 * (10 bit times) apart, whatever the firmware does. UDR0 holds two bytes,
 * the shift register a third until the next start bit; a byte that finds
 * both full is lost and the next byte read carries DOR0. The driver answers
 * UDR0 reads itself and raises RXC0. */
#define ADDR_UCSR0A 0xC0
#define ADDR_UDR0 0xC6
#define UCSR0A_DOR0 0x08
#define UCSR0B_RXEN0 0x10

static struct {
    avr_uart_t *u;
    uint8_t *q;                 /* the PC's bytes not yet on the wire */
    size_t qlen, qpos, qcap;
    bool on_wire;               /* the line-speed timer is armed */
    uint8_t fifo[2];
    bool fifo_dor[2];
    int n;
    bool shift_full, dor_next;
    uint8_t shift;
    uint64_t bytes, hw_lost;
} rx;

static size_t rx_pending(void)
{
    return uart_mode ? rx.qlen - rx.qpos + (size_t)rx.n + rx.shift_full + rx.on_wire : 0;
}

static avr_cycle_count_t rx_frame_cycles(void)
{
    uint16_t ubrr = (uint16_t)(S.avr->data[0xC4] | ((S.avr->data[0xC5] & 0x0F) << 8));
    return (avr_cycle_count_t)10 * ((S.avr->data[ADDR_UCSR0A] & 0x02) ? 8 : 16) * (ubrr + 1u);
}

static void rx_flags(void)
{
    if (rx.n) {
        if (rx.fifo_dor[0])
            S.avr->data[ADDR_UCSR0A] |= UCSR0A_DOR0;
        else
            S.avr->data[ADDR_UCSR0A] &= (uint8_t)~UCSR0A_DOR0;
        avr_raise_interrupt(S.avr, &rx.u->rxc);
    } else {
        S.avr->data[ADDR_UCSR0A] &= (uint8_t)~UCSR0A_DOR0;
        avr_clear_interrupt(S.avr, &rx.u->rxc);
        avr_regbit_clear(S.avr, rx.u->rxc.raised);
    }
}

static void rx_push(uint8_t b)
{
    rx.fifo[rx.n] = b;
    rx.fifo_dor[rx.n] = rx.dor_next;
    rx.dor_next = false;
    rx.n++;
}

static uint8_t rx_udr_read(struct avr_t *avr, avr_io_addr_t addr, void *param)
{
    (void)param;
    uint8_t v = 0;
    if (rx.n) {
        v = rx.fifo[0];
        rx.fifo[0] = rx.fifo[1];
        rx.fifo_dor[0] = rx.fifo_dor[1];
        rx.n--;
        if (rx.shift_full) {
            rx.shift_full = false;
            rx_push(rx.shift);
        }
    }
    rx_flags();
    avr->data[addr] = v;
    return v;
}

/* A start bit: the byte waiting in the shift register is overwritten. */
static void rx_start_bit(void)
{
    if (rx.shift_full) {
        rx.shift_full = false;
        rx.dor_next = true;
        rx.hw_lost++;
    }
}

static avr_cycle_count_t rx_stop_bit(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)param;
    uint8_t b = rx.q[rx.qpos++];
    rx.bytes++;
    if (!(avr->data[ADDR_UCSR0B] & UCSR0B_RXEN0))
        fail("a byte reached the UART while its receiver was off");
    if (rx.n < 2)
        rx_push(b);
    else {
        rx.shift = b;
        rx.shift_full = true;
    }
    rx_flags();
    if (rx.qpos < rx.qlen) {
        rx_start_bit();
        return when + rx_frame_cycles();
    }
    rx.on_wire = false;
    return 0;
}

static void rx_send(const void *data, size_t len)
{
    if (rx.qpos == rx.qlen)
        rx.qpos = rx.qlen = 0;
    if (rx.qlen + len > rx.qcap) {
        rx.qcap = (rx.qlen + len) * 2 + 256;
        rx.q = realloc(rx.q, rx.qcap);
        if (!rx.q)
            fail("out of memory");
    }
    memcpy(rx.q + rx.qlen, data, len);
    rx.qlen += len;
    if (!rx.on_wire) {
        rx.on_wire = true;
        rx_start_bit();
        avr_cycle_timer_register(S.avr, rx_frame_cycles(), rx_stop_bit, NULL);
    }
}

static void rx_install(void)
{
    for (avr_io_t *io = S.avr->io_port; io; io = io->next)
        if (!strcmp(io->kind, "uart") && ((avr_uart_t *)io)->name == '0')
            rx.u = (avr_uart_t *)io;
    if (!rx.u)
        fail("no USART0 in simavr");
    /* simavr's own reader stays registered for nothing: its fifo is never fed. */
    S.avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].r.c = rx_udr_read;
    S.avr->io[AVR_DATA_TO_IO(ADDR_UDR0)].r.param = NULL;
}

/* Output lines are snapped when the firmware starts writing them: at the
 * entry of uart_putc (r24 = the byte) after a '\n', before the TX ring
 * delays them, so the state is the one the line was made from. */
static uint32_t putc_lo, putc_hi;
static bool putc_armed = true;
static uint8_t gen_last = '\n';

static bool uart_step_hook(sim_t *s, void *ctx)
{
    (void)ctx;
    uint32_t pc = s->avr->pc;
    if (pc == putc_lo && putc_armed) {
        putc_armed = false;     /* again only after the body ran (not after an ISR returns here) */
        if (gen_last == '\n') {
            snap_t *sn = &snaps[lines_started++ % SNAP_RING];
            read_game(&sn->g);
            memcpy(sn->frame, S.disp.frame, sizeof sn->frame);
            sn->shutdown = S.disp.chip[0].shutdown;
            sn->fresh = true;
            sn->no_frame = true;
        }
        gen_last = s->avr->data[24];
    } else if (pc > putc_lo && pc < putc_hi) {
        putc_armed = true;
    }
    return false;
}

/* ---- the lines sent and what each must get back ---- */

enum { L_ANY, L_BAD, L_STATE, L_FRAME, L_VER, L_HELP, L_GRUNDY, L_HINT, L_SCORES, L_GAMEQ, L_RELEASE,
       L_MOVE, L_AI, L_POS, L_SET, L_NEW, L_GAME };
typedef struct {
    int kind;
    char err[24];               /* L_BAD: the one refusal it must get (or ERR OVERRUN) */
    char shown[72];             /* the line, printable, for messages */
    engine_move_t m;            /* L_MOVE */
    uint8_t item, val;          /* L_SET; L_GAME: val = the game */
    uint8_t ncols, vals[BOARD_COLS];
    uint16_t heap;              /* L_POS */
    uint64_t serial;
} expect_t;

#define EXPECT_RING 4096
static expect_t expects[EXPECT_RING];
static uint64_t exp_sent, exp_done;
static rb_game_t prev_g;        /* the state after the previous line */
static bool exact;              /* nothing moves by itself: every line's state is known */
static uint8_t exp_set[16];     /* the settings as the driver set them */
static char ver_reply[256], help_reply[512];
static uint64_t u_lines, u_bad, u_bytes, u_errs, u_overruns, u_ok_valid, u_ro, u_mut, u_mut_ok,
    u_blank, u_overlong, u_binary, u_exact_lines, u_bursts, u_max_burst;

static const char *reason_names[] = { "OK", "RULE", "MODE", "COLS", "HEIGHT", "HEAP", "ADJ", "COL",
                                      "ILLEGAL", "NOGAME", "TURN", "OVER" };
static const char *set_names[] = { "GAME", "OPP", "FIRST", "LEVEL", "START", "SOUND", "BRIGHT", "OFF" };
static const uint8_t set_counts[] = { 0 /* games */, 3, 3, 3, 4, 2, 16, 5 };
static const char *btn_names[] = { "UP", "DOWN", "LEFT", "RIGHT", "A", "B" };
static const char *cmd_names[] = { "HELP", "VER", "GAME", "NEW", "POS", "MOVE", "AI", "HINT", "GRUNDY",
                                   "PRESS", "RELEASE", "FRAME", "SCORES", "STATE", "SET" };
static unsigned n_games;

static bool g_same(const rb_game_t *a, const rb_game_t *b)
{
    return !memcmp(a, b, sizeof *a);
}

static bool g_same_game(const rb_game_t *a, const rb_game_t *b)
{
    engine_pos_t pa = to_pos(a), pb = to_pos(b);
    return pos_equal(&pa, &pb) && a->turn == b->turn && a->in_game == b->in_game &&
           !memcmp(a->set, b->set, sizeof a->set);
}

static void move_err(const rb_game_t *g, engine_move_t m, char *out, size_t n)
{
    engine_pos_t p = to_pos(g);
    uint8_t e;
    if (g->screen != 2 || g->phase == 3)
        e = 9;                  /* GAME_ERR_NOGAME */
    else if (side_is_machine(g, g->turn))
        e = 10;                 /* GAME_ERR_TURN */
    else
        e = engine_check_move(&p, m);
    if (e)
        snprintf(out, n, "ERR MOVE %s", e < 12 ? reason_names[e] : "?");
    else
        snprintf(out, n, "OK MOVE %u %u", m.col, m.to);
}

/* A one-heap game's heap value by the mex rule over every legal move
 * (engine_check_move): an oracle that shares nothing with the firmware's
 * windowed computation. Values of smaller heaps are kept per rule. */
static unsigned oneheap_value(const engine_pos_t *p0)
{
    static uint16_t g[ENGINE_HEAP_MAX + 1];
    static int rule = -1;
    static unsigned known;
    static bool seen[ENGINE_HEAP_MAX + 2];
    engine_pos_t p = *p0;
    if (rule != p0->rule) {
        rule = p0->rule;
        known = 0;
    }
    p.mode = ENGINE_ONEHEAP;
    for (; known <= p0->heap; known++) {
        unsigned v = 0;
        memset(seen, 0, sizeof seen);
        p.heap = (uint16_t)known;
        for (unsigned t = 0; t < known; t++) {
            engine_move_t m = { 0, (uint16_t)t };
            if (!engine_check_move(&p, m))
                seen[g[t]] = true;
        }
        while (seen[v])
            v++;
        g[known] = (uint16_t)v;
    }
    return g[p0->heap];
}

static void grundy_reply(const rb_game_t *g, char *out, size_t n)
{
    engine_pos_t p = to_pos(g);
    if (p.mode & ENGINE_ONEHEAP) {
        /* the heap's value; normal play: it is the sum, P exactly when 0 */
        unsigned v = oneheap_value(&p);
        if (p.mode & ENGINE_MISERE)
            snprintf(out, n, "OK GRUNDY %u MISERE %s", v, engine_is_p(&p) ? "P" : "N");
        else
            snprintf(out, n, "OK GRUNDY %u SUM %u %s", v, v, v ? "N" : "P");
        return;
    }
    int k = snprintf(out, n, "OK GRUNDY");
    if ((p.mode & ENGINE_MISERE) && !(p.mode & ENGINE_ONEHEAP)) {
        /* misere (README.md): values then SUM while a column is worth 2 or
         * more, else ONES; KAYLES: Q, the elements, ELEM, their product */
        bool wild = engine_misere_wild(p.rule);
        unsigned big = 0, ones = 0;
        if (wild)
            k += snprintf(out + k, n - (size_t)k, " Q");
        for (uint8_t c = 0; c < p.ncols; c++) {
            uint8_t v = engine_col_grundy(&p, c);
            big |= v > 1;
            ones += v == 1;
            if (wild)
                k += snprintf(out + k, n - (size_t)k, " %s", engine_misere_name(p.rule, engine_misere_elem(&p, c)));
            else
                k += snprintf(out + k, n - (size_t)k, " %u", v);
        }
        if (wild)
            k += snprintf(out + k, n - (size_t)k, " ELEM %s", engine_misere_name(p.rule, engine_misere_elem(&p, 0xFF)));
        else if (big)
            k += snprintf(out + k, n - (size_t)k, " SUM %u", engine_nimsum(&p));
        else
            k += snprintf(out + k, n - (size_t)k, " ONES %u", ones);
        snprintf(out + k, n - (size_t)k, " %s", engine_is_p(&p) ? "P" : "N");
        return;
    }
    if (!(p.mode & ENGINE_ONEHEAP))
        for (uint8_t c = 0; c < p.ncols; c++)
            k += snprintf(out + k, n - (size_t)k, " %u", engine_col_grundy(&p, c));
    snprintf(out + k, n - (size_t)k, " SUM %u %s", engine_nimsum(&p), engine_is_p(&p) ? "P" : "N");
}

/* A line's reply, judged against the state the firmware wrote it from and
 * the state after the line before (exact mode: nothing else moves). */
static void uart_judge(const char *line, const snap_t *snap)
{
    if (exp_done == exp_sent)
        fail("a reply no line asked for: \"%s\"", line);
    const expect_t *e = &expects[exp_done++ % EXPECT_RING];
    const rb_game_t *g = &snap->g;
    char want[512];
    bool err = !strncmp(line, "ERR", 3), changed_ok = false;
    if (e->kind == L_ANY) {     /* the driver's own command(): it checks the reply */
        memcpy(exp_set, g->set, sizeof exp_set);
        prev_g = *g;
        return;
    }
    if (err)
        u_errs++;
    if (!strcmp(line, "ERR OVERRUN")) {
        u_overruns++;
    } else if (e->kind == L_BAD) {
        if (strcmp(line, e->err))
            fail("line \"%s\" got \"%s\", not \"%s\"", e->shown, line, e->err);
    } else if (e->kind <= L_RELEASE) {
        u_ro++;
        switch (e->kind) {
        case L_STATE: changed_ok = !strncmp(line, "OK STATE ", 9); break;   /* fields: handle_line */
        case L_FRAME: changed_ok = !strncmp(line, "OK FRAME ", 9); break;
        case L_VER: changed_ok = !strcmp(line, ver_reply); break;
        case L_HELP: changed_ok = !strcmp(line, help_reply); break;
        case L_GRUNDY:
            grundy_reply(g, want, sizeof want);
            changed_ok = !strcmp(line, want);
            break;
        case L_HINT: {
            engine_pos_t p = to_pos(g);
            engine_move_t m;
            if (engine_hint(&p, &m))
                snprintf(want, sizeof want, "OK HINT %u %u", m.col, m.to);
            else
                snprintf(want, sizeof want, "OK HINT NONE");
            changed_ok = !strcmp(line, want);
            break;
        }
        case L_SCORES: {
            unsigned i, w, l;
            changed_ok = sscanf(line, "OK SCORES %u W %u L %u", &i, &w, &l) == 3 && i == e->val;
            break;
        }
        case L_GAMEQ: changed_ok = !strncmp(line, "OK GAME ", 8); break;
        default:
            snprintf(want, sizeof want, "OK RELEASE %s", btn_names[e->val]);
            changed_ok = !strcmp(line, want);
        }
        if (!changed_ok)
            fail("line \"%s\" got \"%s\"%s%s", e->shown, line, e->kind == L_GRUNDY || e->kind == L_HINT ? ", not " : "",
                 e->kind == L_GRUNDY || e->kind == L_HINT ? want : "");
        u_ok_valid++;
    } else {
        /* Lines that may change the state: the refusal the state calls for,
         * or the change the line asks for and nothing else. */
        u_mut++;
        engine_pos_t before = to_pos(&prev_g), after = to_pos(g);
        switch (e->kind) {
        case L_MOVE:
            move_err(err ? g : &prev_g, e->m, want, sizeof want);
            if (!err && !exact) {
                snprintf(want, sizeof want, "OK MOVE %u %u", e->m.col, e->m.to);
                if (last_log_move.col != e->m.col || last_log_move.to != e->m.to)
                    fail("\"%s\" was not logged as a move", line);
            }
            if (strcmp(line, want))
                fail("line \"%s\" got \"%s\", the state says \"%s\"", e->shown, line, want);
            break;
        case L_AI:
            if (err) {
                if (strcmp(line, "ERR AI NOGAME") || (g->screen == 2 && g->phase != 3 && engine_has_move(&after)))
                    fail("line AI got \"%s\" in %s (screen %u phase %u)", line, pos_str(&after), g->screen, g->phase);
            } else {
                engine_move_t m;
                unsigned c, t;
                if (sscanf(line, "OK AI %u %u", &c, &t) != 2 || c != last_log_move.col || t != last_log_move.to)
                    fail("line AI got \"%s\", the log says %u %u", line, last_log_move.col, last_log_move.to);
                m.col = (uint8_t)c;
                m.to = (uint16_t)t;
                if (exact && engine_check_move(&before, m))
                    fail("AI made the illegal move %u %u in %s", c, t, pos_str(&before));
            }
            break;
        case L_POS: {
            engine_pos_t q = after;
            if (!err) {
                q = before;
                q.ncols = e->ncols;
                memset(q.col, 0, sizeof q.col);
                memcpy(q.col, e->vals, e->ncols);
                q.heap = e->heap;
                if (q.mode & ENGINE_ONEHEAP)
                    q.ncols = 1;
                if (strcmp(line, "OK POS") || !pos_equal(&q, &after) || g->turn != 0)
                    fail("line \"%s\" got \"%s\" and the position %s turn %u", e->shown, line, pos_str(&after), g->turn);
            } else if (exact && prev_g.screen == 2) {
                q = before;
                q.ncols = (q.mode & ENGINE_ONEHEAP) ? 1 : e->ncols;
                memset(q.col, 0, sizeof q.col);
                memcpy(q.col, e->vals, e->ncols);
                q.heap = e->heap;
                uint8_t r = engine_check_pos(&q);
                if (!r && !engine_has_move(&q))
                    r = 11;
                snprintf(want, sizeof want, "ERR POS %s", r < 12 ? reason_names[r] : "?");
                if ((q.mode & ENGINE_ONEHEAP) && q.heap > ENGINE_HEAP_MAX)
                    snprintf(want, sizeof want, "ERR POS ARGS");   /* no number over the maximum */
                if (!r || strcmp(line, want))
                    fail("line \"%s\" got \"%s\" in %s", e->shown, line, pos_str(&before));
            } else if (strncmp(line, "ERR POS ", 8)) {
                fail("line \"%s\" got \"%s\"", e->shown, line);
            }
            break;
        }
        case L_SET:
            snprintf(want, sizeof want, "OK SET %s %u", set_names[e->item], e->val);
            if (strcmp(line, want) || g->set[e->item] != e->val)
                fail("line \"%s\" got \"%s\", setting %u is %u", e->shown, line, e->item, g->set[e->item]);
            exp_set[e->item] = e->val;
            break;
        case L_NEW:
        case L_GAME: {
            unsigned i;
            if (sscanf(line, e->kind == L_NEW ? "OK NEW %u" : "OK GAME %u", &i) != 1 ||
                (e->kind == L_GAME && (i != e->val || g->set[S_GAME] != e->val)))
                fail("line \"%s\" got \"%s\"", e->shown, line);
            if (e->kind == L_GAME)
                exp_set[S_GAME] = e->val;
            if (g->screen != 2 || !g->in_game || engine_check_pos(&after) || !engine_has_move(&after))
                fail("line \"%s\": no new game (%s)", e->shown, pos_str(&after));
            break;
        }
        }
        if (!err) {
            u_mut_ok++;
            u_ok_valid++;
            changed_ok = true;
            if (exact && (e->kind == L_MOVE || e->kind == L_AI)) {
                engine_move_t m = e->kind == L_MOVE ? e->m : last_log_move;
                engine_pos_t q = before;
                engine_apply(&q, m);
                if (!pos_equal(&q, &after) || g->turn != (prev_g.turn ^ 1))
                    fail("line \"%s\": %s turn %u became %s turn %u", e->shown, pos_str(&before), prev_g.turn,
                         pos_str(&after), g->turn);
            }
            if (exact && e->kind != L_NEW && e->kind != L_GAME && e->kind != L_SET &&
                memcmp(g->set, prev_g.set, sizeof g->set))
                fail("line \"%s\" changed the settings", e->shown);
        }
    }
    if (e->kind == L_BAD)
        u_bad++;
    /* A line that got no OK left everything as it was. */
    if (!changed_ok || (e->kind <= L_RELEASE && !err)) {
        bool same = exact && prev_g.phase != 3 && prev_g.screen == 2 ? g_same(g, &prev_g) : g_same_game(g, &prev_g);
        if (exact && !same) {
            engine_pos_t pa = to_pos(&prev_g), pb = to_pos(g);
            char sa[64], sb[64];
            int ka = 0, kb = 0;
            for (int i = 0; i < g->nset; i++) {
                ka += snprintf(sa + ka, sizeof sa - (size_t)ka, "%s%u", i ? "," : "", prev_g.set[i]);
                kb += snprintf(sb + kb, sizeof sb - (size_t)kb, "%s%u", i ? "," : "", g->set[i]);
            }
            fail("line \"%s\" got \"%s\" but changed the state: screen %u phase %u turn %u cur %u,%u pend %u "
                 "ov %u %s set %s -> screen %u phase %u turn %u cur %u,%u pend %u ov %u %s set %s", e->shown, line,
                 prev_g.screen, prev_g.phase, prev_g.turn, prev_g.cur_col, prev_g.cur_row, prev_g.pend,
                 prev_g.overlay, pos_str(&pa), sa, g->screen, g->phase, g->turn, g->cur_col, g->cur_row, g->pend,
                 g->overlay, pos_str(&pb), sb);
        }
    }
    if (memcmp(g->set, exp_set, (size_t)g->nset))
        fail("line \"%s\" got \"%s\"; the settings are not the ones set", e->shown, line);
    if (exact)
        u_exact_lines++;
    prev_g = *g;
}

/* ---- making lines ---- */

static expect_t *new_expect(int kind, const char *text, size_t len);

static void uart_expect_any(const char *text)
{
    new_expect(L_ANY, text, strlen(text) - 1);
    u_lines--;
}

static char *burst;
static size_t burst_len, burst_cap;

static void b_put(const void *p, size_t n)
{
    if (burst_len + n > burst_cap) {
        burst_cap = (burst_len + n) * 2 + 1024;
        burst = realloc(burst, burst_cap);
        if (!burst)
            fail("out of memory");
    }
    memcpy(burst + burst_len, p, n);
    burst_len += n;
}

static expect_t *new_expect(int kind, const char *text, size_t len)
{
    if (exp_sent - exp_done >= EXPECT_RING)
        fail("too many lines in flight");
    expect_t *e = &expects[exp_sent++ % EXPECT_RING];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->serial = exp_sent;
    size_t k = 0;
    for (size_t i = 0; i < len && k + 5 < sizeof e->shown; i++) {
        uint8_t c = (uint8_t)text[i];
        if (c >= ' ' && c <= '~')
            e->shown[k++] = (char)c;
        else
            k += (size_t)snprintf(e->shown + k, sizeof e->shown - k, "\\x%02X", c);
    }
    if (len > 30 && k + 12 < sizeof e->shown)
        snprintf(e->shown + k, sizeof e->shown - k, "...(%zu)", len);
    u_lines++;
    return e;
}

/* A valid command line as a person might type it: any case, extra spaces
 * or a tab, sometimes CRLF or a stray CR inside. */
static expect_t *add_line(int kind, const char *cmd)
{
    char t[160];
    size_t n = 0;
    if (rnd_n(8) == 0)
        t[n++] = rnd_n(2) ? ' ' : '\t';
    for (const char *p = cmd; *p && n < sizeof t - 8; p++) {
        char c = *p;
        if (rnd_n(6) == 0 && c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c == ' ' && rnd_n(10) == 0)
            t[n++] = ' ';
        if (rnd_n(60) == 0)
            t[n++] = '\r';
        t[n++] = c;
    }
    if (rnd_n(8) == 0)
        t[n++] = ' ';
    if (rnd_n(4) == 0)
        t[n++] = '\r';
    t[n++] = '\n';
    b_put(t, n);
    return new_expect(kind, t, n - 1);
}

static void add_bad(const char *cmd, const char *err)
{
    expect_t *e = add_line(L_BAD, cmd);
    snprintf(e->err, sizeof e->err, "%s", err);
}

/* Random bytes, every value, cut into lines at their '\n's: each line gets
 * at least one byte outside printable ASCII (so it is refused whole as
 * BINARY, whatever else it holds) and none is blank. */
static void add_random_bytes(void)
{
    size_t n = rnd_range(1, 160);
    uint8_t t[200];
    size_t k = 0, start = 0;
    bool has_bin = false;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = (uint8_t)rnd();
        if (rnd_n(16) == 0)
            c = (uint8_t[]){ 0, '\r', '\n', 0xFF, '\t', 0x7F, 0x80, 0x1B }[rnd_n(8)];
        if (c == '\n') {
            if (!has_bin)
                t[k++] = (uint8_t[]){ 0, 0xFF, 0x01, 0x7F, 0x80, 0xC3 }[rnd_n(6)];
            t[k++] = '\n';
            new_expect(L_BAD, (const char *)t + start, k - 1 - start);
            snprintf(expects[(exp_sent - 1) % EXPECT_RING].err, 24, "ERR BINARY");
            u_binary++;
            start = k;
            has_bin = false;
            continue;
        }
        if ((c < ' ' || c > '~') && c != '\r' && c != '\t')
            has_bin = true;
        t[k++] = c;
    }
    if (!has_bin)
        t[k++] = 0;
    t[k++] = '\n';
    new_expect(L_BAD, (const char *)t + start, k - 1 - start);
    snprintf(expects[(exp_sent - 1) % EXPECT_RING].err, 24, "ERR BINARY");
    u_binary++;
    b_put(t, k);
}

/* Over PROTO_LINE_MAX printable characters (CRs do not count): refused as
 * LONG even when it starts like a good command. */
static void add_long(void)
{
    static const char *starts[] = { "", "MOVE 0 1", "NEW", "SET BRIGHT 3", "POS 1 2 3", "STATE", "GAME NIM" };
    char t[400];
    size_t n = (size_t)snprintf(t, sizeof t, "%s", starts[rnd_n(7)]);
    size_t len = rnd_n(4) ? rnd_range(65, 80) : rnd_range(81, 380);
    size_t chars = n;
    while (chars < len) {
        uint32_t r = rnd_n(40);
        t[n++] = r == 0 ? '\r' : r < 8 ? ' ' : (char)rnd_range('!', '~');
        if (t[n - 1] != '\r')
            chars++;
    }
    t[n++] = '\n';
    b_put(t, n);
    expect_t *e = new_expect(L_BAD, t, n - 1);
    snprintf(e->err, sizeof e->err, "ERR LONG");
    u_overlong++;
}

static void add_unknown(void)
{
    char w[16];
    for (;;) {
        size_t n = rnd_range(1, 10);
        for (size_t i = 0; i < n; i++)
            w[i] = (char)(rnd_n(5) ? rnd_range('A', 'Z') : rnd_range('!', '@'));
        w[n] = 0;
        bool known = false;
        for (int i = 0; i < 15; i++)
            known |= !strcmp(w, cmd_names[i]);
        if (!known && w[0] != ' ')
            break;
    }
    if (rnd_n(2))
        strcat(w, rnd_n(2) ? " 1 2" : " X");
    add_bad(w, "ERR UNKNOWN");
}

static void add_bad_args(void)
{
    static const struct { const char *l, *e; } t[] = {
        { "VER 1", "ERR ARGS" }, { "HELP ME", "ERR ARGS" }, { "NEW 3", "ERR ARGS" }, { "AI NOW", "ERR ARGS" },
        { "HINT 0", "ERR ARGS" }, { "GRUNDY X", "ERR ARGS" }, { "FRAME 1", "ERR ARGS" }, { "STATE 0", "ERR ARGS" },
        { "MOVE", "ERR MOVE ARGS" }, { "MOVE 1", "ERR MOVE ARGS" }, { "MOVE X 1", "ERR MOVE ARGS" },
        { "MOVE 1 2 3", "ERR MOVE ARGS" }, { "MOVE 256 1", "ERR MOVE ARGS" }, { "MOVE 1 99999", "ERR MOVE ARGS" },
        { "MOVE -1 2", "ERR MOVE ARGS" }, { "MOVE 0X 1", "ERR MOVE ARGS" }, { "MOVE 1,2", "ERR MOVE ARGS" },
        { "POS", "ERR POS ARGS" }, { "POS X", "ERR POS ARGS" }, { "POS 1 X", "ERR POS ARGS" },
        { "POS 1 2 3 4 5 6 7 8 9", "ERR POS ARGS" }, { "POS 1,2", "ERR POS ARGS" },
        { "SET", "ERR SET ITEM" }, { "SET FOO 1", "ERR SET ITEM" }, { "SET BRIGHT", "ERR SET VALUE" },
        { "SET BRIGHT 16", "ERR SET VALUE" }, { "SET OFF 5", "ERR SET VALUE" }, { "SET SOUND 2", "ERR SET VALUE" },
        { "SET LEVEL 1 2", "ERR SET VALUE" }, { "SET GAME 99", "ERR SET VALUE" }, { "SET OPP X", "ERR SET VALUE" },
        { "GAME FOO", "ERR GAME NAME" }, { "GAME 99", "ERR GAME NAME" }, { "GAME NIM X", "ERR GAME NAME" },
        { "GAME ONE", "ERR GAME NAME" }, { "PRESS", "ERR BUTTON" }, { "PRESS X", "ERR BUTTON" },
        { "RELEASE UP 1", "ERR BUTTON" }, { "SCORES 99", "ERR ARGS" }, { "SCORES X", "ERR ARGS" },
        { "SCORES 1 2", "ERR ARGS" },
    };
    uint32_t i = rnd_n(sizeof t / sizeof t[0]);
    add_bad(t[i].l, t[i].e);
}

static void add_readonly(void)
{
    char t[32];
    switch (rnd_n(10)) {
    case 0: add_line(L_STATE, "STATE"); break;
    case 1: add_line(L_FRAME, "FRAME"); break;
    case 2: add_line(L_VER, "VER"); break;
    case 3: add_line(L_HELP, "HELP"); break;
    case 4: case 5: add_line(L_GRUNDY, "GRUNDY"); break;
    case 6: case 7: add_line(L_HINT, "HINT"); break;
    case 8: {
        uint8_t i = (uint8_t)rnd_n(n_games);
        snprintf(t, sizeof t, "SCORES %u", i);
        add_line(L_SCORES, t)->val = i;
        break;
    }
    default:
        if (rnd_n(2))
            add_line(L_GAMEQ, "GAME");
        else {
            uint8_t b = (uint8_t)rnd_n(6);
            snprintf(t, sizeof t, "RELEASE %s", btn_names[b]);
            add_line(L_RELEASE, t)->val = b;
        }
    }
}

/* A move line: legal in the planned position, or one the rule refuses. */
static void add_move(engine_pos_t *plan, bool legal, bool *ends)
{
    engine_move_t m, pick = { 0, 0 };
    int n = 0;
    char t[48];
    if (legal) {
        for (bool ok = engine_move_first(plan, &m); ok; ok = engine_move_next(plan, &m))
            if (rnd_n((uint32_t)++n) == 0)
                pick = m;
        if (!n)
            return;
    } else {
        for (int i = 0; i < 50; i++) {
            pick.col = (uint8_t)rnd_n(plan->ncols + 2u);
            pick.to = (uint16_t)rnd_n((plan->mode & ENGINE_ONEHEAP) ? ENGINE_HEAP_MAX + 1u : 256u);
            if (engine_check_move(plan, pick))
                break;
        }
    }
    snprintf(t, sizeof t, "MOVE %u %u", pick.col, pick.to);
    add_line(L_MOVE, t)->m = pick;
    if (legal && !engine_check_move(plan, pick)) {
        engine_apply(plan, pick);
        *ends = !engine_has_move(plan);
    }
}

static void add_pos(const engine_pos_t *plan)
{
    char t[96];
    expect_t *e;
    if (plan->mode & ENGINE_ONEHEAP) {
        uint16_t h = (uint16_t)rnd_range(1, ENGINE_HEAP_MAX + (rnd_n(5) == 0 ? 3u : 0u));
        snprintf(t, sizeof t, "POS %u", h);
        e = add_line(L_POS, t);
        e->heap = h;
        e->ncols = 1;
        return;
    }
    uint8_t n = (uint8_t)rnd_range(1, BOARD_COLS), v[BOARD_COLS];
    int k = snprintf(t, sizeof t, "POS");
    bool heap = engine_rule_form(plan->rule) == FORM_HEAP;
    for (uint8_t c = 0; c < n; c++) {
        v[c] = (uint8_t)(heap ? rnd_n(rnd_n(6) ? BOARD_ROWS + 1u : 12u) : rnd_n(256));
        k += snprintf(t + k, sizeof t - (size_t)k, " %u", v[c]);
    }
    e = add_line(L_POS, t);
    e->ncols = n;
    memcpy(e->vals, v, n);
}

static void wait_replies(double max_ms)
{
    for (double t = 0; t < max_ms && exp_done < exp_sent; t += 5)
        run_for_ms(5);
    if (exp_done < exp_sent)
        fail("line \"%s\" (and %llu after it) got no reply: lost without a word",
             expects[exp_done % EXPECT_RING].shown, (unsigned long long)(exp_sent - exp_done - 1));
}

static void quiet_point(rb_game_t *g)
{
    run_until_quiet(3000);
    check_step();
    read_game(g);
    prev_g = *g;
}

/* A burst: lines back to back on the wire, all sent before the first
 * reply, mixed: random bytes, over-long lines, unknown commands, bad
 * arguments, refused moves, read-only commands and changes. */
static void send_burst(int nlines, bool changes)
{
    rb_game_t g;
    read_game(&g);
    engine_pos_t plan = to_pos(&g);
    bool ended = g.screen != 2 || g.phase == 3;
    burst_len = 0;
    uint64_t first = exp_sent;
    for (int i = 0; i < nlines && !ended; i++) {
        uint32_t r = rnd_n(100);
        if (r < 12)
            add_random_bytes();
        else if (r < 20)
            add_long();
        else if (r < 30)
            add_unknown();
        else if (r < 45)
            add_bad_args();
        else if (r < 55)
            add_move(&plan, false, &ended);
        else if (r < 75)
            add_readonly();
        else if (r < 88 || !changes) {
            if (exact || rnd_n(3) == 0)
                add_move(&plan, true, &ended);
            else
                add_readonly();
        } else if (r < 91) {
            add_line(L_AI, "AI");
            if (exact) {
                ended = true;   /* which move is the machine's: the burst ends here */
            }
        } else if (r < 95) {
            char t[32];
            uint8_t item = (uint8_t)(uint8_t[]){ S_LEVEL, S_SOUND, S_BRIGHT, S_START, S_FIRST }[rnd_n(5)];
            uint8_t v = (uint8_t)rnd_n(set_counts[item]);
            snprintf(t, sizeof t, "SET %s %u", set_names[item], v);
            expect_t *e = add_line(L_SET, t);
            e->item = item;
            e->val = v;
        } else if (r < 97 && exact) {
            add_pos(&plan);
            ended = true;       /* the position may or may not be taken */
        } else if (r < 99) {
            add_line(L_NEW, "NEW");
            ended = true;
        } else {
            char t[32];
            uint8_t gi = (uint8_t)rnd_n(n_games);
            snprintf(t, sizeof t, "GAME %u", gi);
            add_line(L_GAME, t)->val = gi;
            ended = true;
        }
    }
    if (exp_sent == first)
        add_readonly();
    rx_send(burst, burst_len);
    u_bytes += burst_len;
    u_bursts++;
    if (exp_sent - first > u_max_burst)
        u_max_burst = exp_sent - first;
}

static void uart_episode(bool exact_mode, int bursts)
{
    rb_game_t g;
    char t[64];
    exact = false;
    quiet_point(&g);
    uint8_t opp = exact_mode ? 1 : (uint8_t)(rnd_n(2) ? 2 : 0);
    snprintf(t, sizeof t, "SET OPP %u", opp);
    command_ok("%s", t);
    exp_set[S_OPP] = opp;
    command_ok("SET FIRST %u", rnd_n(3));
    command_ok("SET LEVEL %u", rnd_n(3));
    command_ok("SET START %u", rnd_n(4));
    uint8_t gi = (uint8_t)rnd_n(n_games);
    command_ok("GAME %u", gi);
    read_game(&g);
    memcpy(exp_set, g.set, sizeof exp_set);
    for (int b = 0; b < bursts; b++) {
        quiet_point(&g);
        memcpy(exp_set, g.set, sizeof exp_set);
        if (exact_mode && (g.screen != 2 || g.phase == 3)) {
            run_for_ms(rnd_range(0, 3000));     /* the end screen, then a new game */
            exact = false;
            quiet_point(&g);
            if (g.screen != 2 || g.phase == 3)
                command_ok("NEW");
            quiet_point(&g);
            memcpy(exp_set, g.set, sizeof exp_set);
        }
        exact = exact_mode && g.screen == 2 && g.phase == 0;
        if (!exact_mode) {
            /* Land the burst anywhere: thinking, showing, drawing, the end screen. */
            run_for_ms(rnd_n(600));
            if (rnd_n(4) == 0) {
                run_until_quiet(3000);
                read_game(&g);
                if (g.screen != 2)
                    command_ok("NEW");
            }
            uart_process();
            read_game(&prev_g);
        }
        uint8_t f0[BOARD_COLS];
        memcpy(f0, S.disp.frame, sizeof f0);
        rb_game_t g0 = prev_g;
        uint64_t ok_before = u_mut_ok;
        send_burst((int)rnd_range(1, rnd_n(4) ? 12 : 40), true);
        wait_replies(20000);
        exact = false;
        run_until_quiet(3000);
        check_step();
        read_game(&g);
        if (memcmp(g.set, exp_set, (size_t)g.nset))
            fail("the settings after a burst are not the ones set");
        if (exact_mode && u_mut_ok == ok_before && g0.screen == 2 && g0.phase == 0) {
            /* Nothing was accepted that changes anything: the state and
             * the LEDs (but the blinking cursor column) are as before. */
            if (!g_same(&g, &g0))
                fail("a burst without an accepted change changed the state");
            engine_pos_t p = to_pos(&g);
            if (!(p.mode & ENGINE_ONEHEAP))
                for (int c = 0; c < BOARD_COLS; c++)
                    if (c != g.cur_col && c != g.mv_col && S.disp.frame[c] != f0[c])
                        fail("a burst without an accepted change changed LED column %d: 0x%02X -> 0x%02X", c,
                             f0[c], S.disp.frame[c]);
        }
        if (rnd_n(20) == 0) {
            /* Blank lines: no reply at all (the next reply is VER's). */
            static const char *blanks[] = { "\n", "\r\n", "  \t \r\n", "\r\r\n" };
            send(blanks[rnd_n(4)]);
            u_blank++;
            u_bytes++;
            command_ok("VER");
        }
    }
}

static void mode_uart(uint64_t n)
{
    board_open();
    uart_mode = true;
    char name[64];
    unsigned long a, sz;
    char type;
    char cmd[4200], line[512];
    snprintf(cmd, sizeof cmd, "avr-nm -S '%s'", elf_path);
    FILE *p = popen(cmd, "r");
    while (p && fgets(line, sizeof line, p))
        if (sscanf(line, "%lx %lx %c %63s", &a, &sz, &type, name) == 4 && !strcmp(name, "uart_putc")) {
            putc_lo = (uint32_t)a;
            putc_hi = (uint32_t)(a + sz);
        }
    if (p)
        pclose(p);
    if (!putc_hi)
        fail("the ELF has no uart_putc");
    boot_wait();
    rx_install();
    const char *v = command_ok("VER");
    snprintf(ver_reply, sizeof ver_reply, "%s", v);
    const char *gp = strstr(ver_reply, "GAMES ");
    n_games = gp ? (unsigned)atoi(gp + 6) : 0;
    if (!n_games)
        fail("VER does not say how many games: %s", ver_reply);
    snprintf(help_reply, sizeof help_reply, "%s", command_ok("HELP"));
    command_ok("SET OFF 4");
    int ep = 0;
    while (u_lines < n) {
        bool ex = ep++ % 3 != 2;
        uart_episode(ex, (int)rnd_range(5, 30));
    }
    run_until_quiet(3000);
    check_step();
    if (S.resets || st.boots != 1)
        fail("the toy reset");
    printf("robust uart: %llu lines in %llu bursts back to back at line speed (up to %llu lines a burst), "
           "%llu bytes; %llu bad lines (%llu of random bytes, %llu over-long, the rest unknown commands, "
           "bad arguments, refused moves) all refused with their ERR, %llu ERR in all, %llu ERR OVERRUN "
           "(%llu bytes lost in the receiver), %llu good lines answered (%llu changes accepted), "
           "%llu lines with the state compared exactly, %llu blank lines unanswered; every line one reply; "
           "%llu moves, %llu games finished, 0 resets, %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)u_lines, (unsigned long long)u_bursts, (unsigned long long)u_max_burst,
           (unsigned long long)u_bytes, (unsigned long long)u_bad, (unsigned long long)u_binary,
           (unsigned long long)u_overlong, (unsigned long long)u_errs, (unsigned long long)u_overruns,
           (unsigned long long)rx.hw_lost, (unsigned long long)u_ok_valid, (unsigned long long)u_mut_ok,
           (unsigned long long)u_exact_lines, (unsigned long long)u_blank, (unsigned long long)st.moves,
           (unsigned long long)st.games_ended, now_ms() / 1000, sim_stack_used(&S));
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: rb_sim ELF MODE [N] [SEED]\n");
        return 2;
    }
    elf_path = argv[1];
    mode_name = argv[2];
    uint64_t n = argc > 3 ? strtoull(argv[3], NULL, 0) : 1000;
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 0) : 1;
    rng ^= seed * 0x9E3779B97F4A7C15ull;
    if (!rng)
        rng = 1;
    if (!strcmp(mode_name, "buttons"))
        mode_buttons(n);
    else if (!strcmp(mode_name, "powercut"))
        mode_powercut(n);
    else if (!strcmp(mode_name, "brownout")) {
        brownout_mode = true;
        mode_powercut(n);
    } else if (!strcmp(mode_name, "watchdog"))
        mode_watchdog(n);
    else if (!strcmp(mode_name, "eeprom"))
        mode_eeprom();
    else if (!strcmp(mode_name, "uart"))
        mode_uart(n);
    else {
        fprintf(stderr, "rb_sim: unknown mode %s\n", mode_name);
        return 2;
    }
    return 0;
}
