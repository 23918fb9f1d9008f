/* play.c - the toy in a terminal: the matrix as round lamps with their
 * brightness, the keys, and a side panel with the UART log and the sound.
 * A terminal sends no key releases, so a key holds its button until no
 * repeat has come for PLAY_HOLD_MS. Raw mode is restored on every exit. */
#define _GNU_SOURCE
#include "play.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define PLAY_HOLD_MS 180       /* longer than the first auto-repeat gap */
#define PLAY_SLICE_MS 10       /* simulated time between input polls */
#define PLAY_LOG_LINES 64
#define PLAY_LOG_WIDTH 80

static struct termios play_saved;
static bool play_raw;
static volatile sig_atomic_t play_quit, play_resized;

static void play_restore(void)
{
    if (!play_raw)
        return;
    /* Cursor back, main screen back, colours reset. */
    static const char bye[] = "\033[0m\033[?25h\033[?1049l";
    if (write(1, bye, sizeof bye - 1) < 0) {}
    tcsetattr(0, TCSAFLUSH, &play_saved);
    play_raw = false;
}

static void play_on_signal(int sig)
{
    if (sig == SIGWINCH)
        play_resized = 1;
    else
        play_quit = 1;
}

typedef struct play {
    sim_t *s;
    char log[PLAY_LOG_LINES][PLAY_LOG_WIDTH + 1];
    int log_head;              /* line being written */
    int log_col;
    uint64_t release_at[BUTTONS_COUNT];
    int rows, cols;
    bool dirty;
    char out[65536];
    size_t out_len;
} play_t;

static void out(play_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(p->out + p->out_len, sizeof p->out - p->out_len, fmt, ap);
    va_end(ap);
    if (n > 0)
        p->out_len += (size_t)n < sizeof p->out - p->out_len ? (size_t)n : 0;
}

static void flush_out(play_t *p)
{
    size_t done = 0;
    while (done < p->out_len) {
        ssize_t n = write(1, p->out + done, p->out_len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    p->out_len = 0;
}

static void play_uart_byte(void *ctx, uint8_t b)
{
    play_t *p = ctx;
    if (b == '\n' || p->log_col >= PLAY_LOG_WIDTH) {
        p->log_head = (p->log_head + 1) % PLAY_LOG_LINES;
        p->log[p->log_head][0] = 0;
        p->log_col = 0;
        if (b == '\n')
            goto done;
    }
    if (b == '\r')
        goto done;
    p->log[p->log_head][p->log_col++] = (char)(b >= ' ' && b < 127 ? b : '?');
    p->log[p->log_head][p->log_col] = 0;
done:
    p->dirty = true;
}

static void play_changed(void *ctx)
{
    ((play_t *)ctx)->dirty = true;
}

static void play_size(play_t *p)
{
    struct winsize ws;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) {
        p->rows = ws.ws_row;
        p->cols = ws.ws_col;
    } else {
        p->rows = 24;
        p->cols = 80;
    }
}

static void play_draw(play_t *p, bool full)
{
    sim_t *s = p->s;
    if (full)
        out(p, "\033[0m\033[2J");
    out(p, "\033[1;1H\033[1mNim toy\033[0m  %s, %d module(s)   \033[K", BOARD_NAME, BOARD_MODULES);
    /* Lamps: 2 columns each; 256-colour reds by intensity (duty (2i+1)/32). */
    int top = 3, left = 3;
    for (int y = 0; y < BOARD_ROWS; y++) {
        out(p, "\033[%d;%dH", top + y, left);
        for (int c = 0; c < BOARD_COLS; c++) {
            int lvl = max7219_lamp(&s->disp, c, BOARD_ROWS - 1 - y);
            if (lvl < 0)
                out(p, "\033[38;5;52m\xE2\x97\x8B ");             /* ○ */
            else
                out(p, "\033[38;5;%dm\xE2\x97\x8F ", lvl < 4 ? 124 : lvl < 8 ? 160 : lvl < 12 ? 196 : 203);
        }
        out(p, "\033[0m");
    }
    int help_row = top + BOARD_ROWS + 1;
    uint8_t held = s->buttons.pressed;
    out(p, "\033[%d;%dH\033[K", help_row, left);
    for (int i = 0; i < BUTTONS_COUNT; i++)
        out(p, "%s%s\033[0m ", held & (1u << i) ? "\033[7m" : "", buttons_names[i]);
    out(p, "\033[%d;%dH\033[2marrows move, z = A, x = B, q quits\033[0m\033[K", help_row + 1, left);

    /* Side panel, or below the matrix when the terminal is narrow. */
    int pl = left + 2 * BOARD_COLS + 3, pt = top, width = p->cols - pl;
    if (width < 24) {
        pl = left;
        pt = help_row + 3;
        width = p->cols - pl;
    }
    if (width > PLAY_LOG_WIDTH)
        width = PLAY_LOG_WIDTH;
    double ms = sim_cycles_to_ms(s->avr->cycle);
    const char *state = s->avr->state == cpu_Sleeping ? sim_sleep_mode_name(sim_sleep_mode(s))
                      : s->avr->state == cpu_Running ? "running" : "halted";
    out(p, "\033[%d;%dH\033[K%.*s", pt, pl, width > 0 ? width : 0, "");
    out(p, "\033[%d;%dHtime %.1f s  cpu %s\033[K", pt, pl, ms / 1000, state);
    if (s->piezo.hz > 0)
        out(p, "\033[%d;%dH\033[1msound \xE2\x99\xAA %.0f Hz\033[0m\033[K", pt + 1, pl, s->piezo.hz);
    else if (s->piezo.count)
        out(p, "\033[%d;%dHsound: last %.0f Hz for %.0f ms\033[K", pt + 1, pl,
            s->piezo.log[s->piezo.count - 1].hz, piezo_tone_ms(&s->piezo, s->piezo.count - 1));
    else
        out(p, "\033[%d;%dHsound: none yet\033[K", pt + 1, pl);
    out(p, "\033[%d;%dH\033[4mUART\033[0m\033[K", pt + 3, pl);
    int lines = p->rows - (pt + 4);
    if (lines > PLAY_LOG_LINES - 1)
        lines = PLAY_LOG_LINES - 1;
    for (int i = 0; i < lines; i++) {
        int idx = (p->log_head - (lines - 1 - i) + PLAY_LOG_LINES) % PLAY_LOG_LINES;
        out(p, "\033[%d;%dH%.*s\033[K", pt + 4 + i, pl, width > 0 ? width : 0, p->log[idx]);
    }
    flush_out(p);
}

static void play_key(play_t *p, int button)
{
    sim_t *s = p->s;
    if (!(s->buttons.pressed & (1u << button)))
        buttons_set(&s->buttons, button, true);
    p->release_at[button] = s->avr->cycle + sim_ms_to_cycles(PLAY_HOLD_MS);
    p->dirty = true;
}

/* Reads what the terminal has: arrows (ESC [ A..D), z, x, q. */
static void play_input(play_t *p)
{
    unsigned char buf[64];
    fd_set rd;
    struct timeval tv = { 0, 0 };
    FD_ZERO(&rd);
    FD_SET(0, &rd);
    if (select(1, &rd, NULL, NULL, &tv) <= 0)
        return;
    ssize_t n = read(0, buf, sizeof buf);
    if (n <= 0) {
        play_quit = 1;
        return;
    }
    for (ssize_t i = 0; i < n; i++) {
        unsigned char ch = buf[i];
        if (ch == 27 && i + 2 < n && (buf[i + 1] == '[' || buf[i + 1] == 'O')) {
            switch (buf[i + 2]) {
            case 'A': play_key(p, 0); break;
            case 'B': play_key(p, 1); break;
            case 'D': play_key(p, 2); break;
            case 'C': play_key(p, 3); break;
            }
            i += 2;
        } else if (ch == 'z' || ch == 'Z') {
            play_key(p, 4);
        } else if (ch == 'x' || ch == 'X') {
            play_key(p, 5);
        } else if (ch == 'q' || ch == 'Q' || ch == 3) {
            play_quit = 1;
        }
    }
}

int play_run(sim_t *s, uint64_t max_cycles)
{
    static play_t p;
    memset(&p, 0, sizeof p);
    p.s = s;
    if (tcgetattr(0, &play_saved) != 0) {
        fprintf(stderr, "nimsim: --play needs a terminal\n");
        return 2;
    }
    struct termios raw = play_saved;
    cfmakeraw(&raw);
    raw.c_oflag |= OPOST;      /* keep \n -> \r\n for anything else printed */
    tcsetattr(0, TCSAFLUSH, &raw);
    play_raw = true;
    atexit(play_restore);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = play_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGWINCH, &sa, NULL);
    static const char hello[] = "\033[?1049h\033[?25l";
    if (write(1, hello, sizeof hello - 1) < 0) {}
    sim_log_file = NULL;       /* simavr's chatter would tear the screen */

    s->uart.on_byte = play_uart_byte;
    s->uart.on_byte_ctx = &p;
    s->disp.on_change = play_changed;
    s->disp.on_change_ctx = &p;
    s->piezo.on_change = play_changed;
    s->piezo.on_change_ctx = &p;
    play_size(&p);
    play_draw(&p, true);

    int rc = 0;
    uint64_t next_draw = 0;
    while (!play_quit) {
        uint64_t until = s->avr->cycle + sim_ms_to_cycles(PLAY_SLICE_MS);
        if (max_cycles && until > max_cycles)
            until = max_cycles;
        int r = sim_run_until(s, until, NULL, NULL);
        if (r == SIM_RUN_CRASH) {
            rc = 4;
            break;
        }
        if (r == SIM_RUN_DONE) {
            /* Keep the last picture on screen; wait for q. */
            struct timespec t = { 0, PLAY_SLICE_MS * 1000000L };
            nanosleep(&t, NULL);
        }
        if (max_cycles && s->avr->cycle >= max_cycles)
            break;
        play_input(&p);
        for (int i = 0; i < BUTTONS_COUNT; i++)
            if (p.release_at[i] && s->avr->cycle >= p.release_at[i]) {
                p.release_at[i] = 0;
                buttons_set(&s->buttons, i, false);
                p.dirty = true;
            }
        bool full = false;
        if (play_resized) {
            play_resized = 0;
            play_size(&p);
            full = true;
        }
        /* ~30 frames per second of simulated time, and only on change
         * (the clock line changes every 100 ms). */
        if (full || (p.dirty && s->avr->cycle >= next_draw) || s->avr->cycle >= next_draw + sim_ms_to_cycles(100)) {
            play_draw(&p, full);
            p.dirty = false;
            next_draw = s->avr->cycle + sim_ms_to_cycles(33);
        }
    }
    play_restore();
    sim_log_file = stderr;
    return rc;
}
