/* play.c - the toy in a terminal: the matrix as round lamps with their
 * brightness, the held buttons, the key help, the sound and the UART log;
 * and, without a terminal, the same toy as text frames. The terminal
 * itself (raw mode, the kitty protocol, escape sequences) is term.c.
 *
 * Keys. With the kitty keyboard protocol the terminal reports releases,
 * and a button is held from press to release. Any other terminal sends
 * only presses (and auto-repeats), so each one is a tap: the button goes
 * down for PLAY_TAP_MS and stays up PLAY_GAP_MS before the next, both
 * longer than the firmware's debounce lockout, so quick taps count one by
 * one. Holding B for the menu gets a key of its own. */
#define _GNU_SOURCE
#include "play.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "script.h"
#include "term.h"
#include "ui.h"                /* UI_LONG_MS, and DEBOUNCE_LOCKOUT_MS */

#define PLAY_TAP_MS 50         /* a tap holds its button this long ... */
#define PLAY_GAP_MS 40         /* ... and leaves it up this long before the next */
#define PLAY_HOLD_B_MS (UI_LONG_MS + 150)   /* the menu key: B held past the long press */
#define PLAY_TAPS_QUEUED 4     /* a burst read at once counts; auto-repeat does not pile up */
#define PLAY_SLICE_MS 10       /* simulated time between input polls */
#define PLAY_LOG_LINES 64
#define PLAY_LOG_WIDTH 320     /* a stored line (STATE on 32 columns); drawn wrapped */
#define PLAY_LINE_MAX 200      /* the prompt; the firmware judges the length (ERR LONG) */

/* Each edge must land outside the lockout of the one before it. */
_Static_assert(PLAY_TAP_MS > DEBOUNCE_LOCKOUT_MS + 10, "a tap outlasts the press lockout");
_Static_assert(PLAY_GAP_MS > DEBOUNCE_LOCKOUT_MS + 5, "the gap outlasts the release lockout");

enum { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_A, KEY_B, KEY_MENU, KEY_QUIT, KEY_LINE,
       KEY_NONE };

typedef struct play_btn {
    bool down;                 /* the simulated button is pressed */
    bool held;                 /* kitty: the key is down */
    int taps;                  /* presses waiting to be made */
    bool hold_b;               /* the next press is the long B of the menu key */
    uint64_t since;            /* cycle of the last edge made */
    uint64_t up_at;            /* earliest release of the current press */
} play_btn_t;

typedef struct play {
    sim_t *s;
    char log[PLAY_LOG_LINES][PLAY_LOG_WIDTH + 1];
    int log_head;              /* line being written */
    int log_col;
    int log_lines;             /* lines started so far (saturates) */
    play_btn_t btn[BUTTONS_COUNT];
    bool line_on;              /* the PC link prompt is open */
    char line[PLAY_LINE_MAX + 1];
    int line_len;
    bool quit;                 /* q, or Ctrl-C at the prompt */
    term_input_t in;
    int rows, cols;
    bool dirty;
    char out[65536];
    size_t out_len;
} play_t;

/* Appends to the frame's output buffer; a piece that does not fit is
 * dropped whole (the buffer is flushed every frame). */
static void vout(play_t *p, const char *fmt, va_list ap)
{
    int n = vsnprintf(p->out + p->out_len, sizeof p->out - p->out_len, fmt, ap);
    if (n > 0)
        p->out_len += (size_t)n < sizeof p->out - p->out_len ? (size_t)n : 0;
}

static void out(play_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vout(p, fmt, ap);
    va_end(ap);
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
    if (p->log_lines == 0)
        p->log_lines = 1;
    if (b == '\n' || p->log_col >= PLAY_LOG_WIDTH) {
        p->log_head = (p->log_head + 1) % PLAY_LOG_LINES;
        p->log[p->log_head][0] = 0;
        p->log_col = 0;
        if (p->log_lines < PLAY_LOG_LINES)
            p->log_lines++;
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

/* Text at row, col, the rest of the line cleared; nothing below the last
 * row (the terminal would draw it on the last row, over what is there). */
static void at(play_t *p, int row, int col, const char *fmt, ...)
{
    if (row < 1 || row > p->rows)
        return;
    out(p, "\033[%d;%dH", row, col);
    va_list ap;
    va_start(ap, fmt);
    vout(p, fmt, ap);
    va_end(ap);
    out(p, "\033[0m\033[K");
}

static void play_status(play_t *p, int row, int col, bool one_line)
{
    sim_t *s = p->s;
    double ms = sim_cycles_to_ms(s->avr->cycle);
    const char *state = s->avr->state == cpu_Sleeping ? sim_sleep_mode_name(sim_sleep_mode(s))
                      : s->avr->state == cpu_Running ? "running" : "halted";
    char sound[64];
    if (s->piezo.hz > 0)
        snprintf(sound, sizeof sound, "\033[1msound \xE2\x99\xAA %.0f Hz\033[0m", s->piezo.hz);
    else if (s->piezo.count)
        snprintf(sound, sizeof sound, "sound: last %.0f Hz for %.0f ms",
                 s->piezo.log[s->piezo.count - 1].hz, piezo_tone_ms(&s->piezo, s->piezo.count - 1));
    else
        snprintf(sound, sizeof sound, "sound: none yet");
    const char *keys = term_kitty() ? "keys: press and release (kitty protocol)"
                                  : "keys: each key press is a tap";
    if (one_line) {
        at(p, row, col, "time %.1f s  cpu %s   %s", ms / 1000, state, sound);
        at(p, row + 1, col, "\033[2m%s\033[0m", keys);
    } else {
        at(p, row, col, "time %.1f s  cpu %s", ms / 1000, state);
        at(p, row + 1, col, "%s", sound);
        at(p, row + 2, col, "\033[2m%s\033[0m", keys);
    }
}

static void play_draw(play_t *p, bool full)
{
    sim_t *s = p->s;
    if (full)
        out(p, "\033[0m\033[2J");
    at(p, 1, 1, "\033[1mNim toy\033[0m  %s, %dx%d (%d module%s)", BOARD_NAME, BOARD_COLS, BOARD_ROWS,
       BOARD_MODULES, BOARD_MODULES > 1 ? "s" : "");
    /* Lamps: 2 columns each; 256-colour reds by intensity (duty (2i+1)/32). */
    int top = 3, left = 3;
    for (int y = 0; y < BOARD_ROWS && top + y <= p->rows; y++) {
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
    /* The status beside the matrix when it fits, else under it. Then the
     * buttons and the key help, full width, and the UART log under its
     * heading: every block has rows of its own, nothing overwrites another. */
    int pl = left + 2 * BOARD_COLS + 3;
    int row = top + BOARD_ROWS + 1;
    if (p->cols - pl >= 40) {
        play_status(p, top, pl, false);
    } else {
        play_status(p, row, left, true);
        row += 2;
    }
    uint8_t held = s->buttons.pressed;
    out(p, "\033[%d;%dH", row, left);
    if (row <= p->rows) {
        for (int i = 0; i < BUTTONS_COUNT; i++)
            out(p, "%s %s \033[0m ", held & (1u << i) ? "\033[7m" : "", buttons_names[i]);
        out(p, "\033[K");
    }
    at(p, row + 1, left, "arrows = UP DOWN LEFT RIGHT   z = A (choose, move)   x = B (hint, teach)");
    at(p, row + 2, left, "m = hold B (menu)   : = a PC link command   q = quit");
    if (p->line_on)
        at(p, row + 3, left, "\033[1mPC link>\033[0m %s\033[7m \033[0m   (Enter sends, Esc closes)", p->line);
    else
        at(p, row + 3, left, "%s", "");
    int head = row + 4;
    at(p, head, left, "\033[4mUART\033[0m (the PC link, 115200 8N1)");
    int width = p->cols - left;
    if (width < 8)
        width = 8;
    int room = p->rows - head;
    /* The newest lines, wrapped to the width, the oldest of them right
     * under the heading: count rows back from the newest line. */
    int first = 0, skip = 0, used = 0;
    int k0 = p->log[p->log_head][0] ? 0 : 1;   /* the line being written, if begun */
    for (int k = k0; k < p->log_lines && used < room; k++) {
        int idx = (p->log_head - k + PLAY_LOG_LINES) % PLAY_LOG_LINES;
        int len = (int)strlen(p->log[idx]);
        int n = len ? (len + width - 1) / width : 1;
        first = k;
        skip = used + n > room ? used + n - room : 0;   /* rows of it that do not fit */
        used += n - skip;
    }
    int r = head + 1;
    for (int k = used ? first : -1; k >= 0; k--) {
        const char *line = p->log[(p->log_head - k + PLAY_LOG_LINES) % PLAY_LOG_LINES];
        int len = (int)strlen(line);
        int n = len ? (len + width - 1) / width : 1;
        for (int j = k == first ? skip : 0; j < n; j++)
            at(p, r++, left, "%.*s", width, len ? line + j * width : "");
    }
    for (; r <= p->rows; r++)
        at(p, r, left, "%s", "");
    flush_out(p);
}

/* A key event for button i: a press (a tap, or the start of a hold with
 * kitty), a release, or a repeat (nothing: the button is still down). */
static void play_button(play_t *p, int i, int ev)
{
    play_btn_t *b = &p->btn[i];
    if (ev == TERM_RELEASE) {
        b->held = false;
    } else if (ev == TERM_PRESS || !term_kitty()) {
        if (b->taps < PLAY_TAPS_QUEUED)
            b->taps++;
        b->held = term_kitty();
    }
    p->dirty = true;
}

/* Makes the queued presses and due releases, each edge apart from the last. */
static void play_buttons(play_t *p)
{
    sim_t *s = p->s;
    uint64_t now = s->avr->cycle;
    for (int i = 0; i < BUTTONS_COUNT; i++) {
        play_btn_t *b = &p->btn[i];
        if (b->down) {
            if (!b->held && now >= b->up_at) {
                buttons_set(&s->buttons, i, false);
                b->down = false;
                b->since = now;
                p->dirty = true;
            }
        } else if (b->taps && (b->since == 0 || now >= b->since + sim_ms_to_cycles(PLAY_GAP_MS))) {
            b->taps--;
            buttons_set(&s->buttons, i, true);
            b->down = true;
            b->since = now;
            b->up_at = now + sim_ms_to_cycles(b->hold_b ? PLAY_HOLD_B_MS : PLAY_TAP_MS);
            b->hold_b = false;
            p->dirty = true;
        }
    }
}

static void play_key(play_t *p, int key, int ev)
{
    if (key <= KEY_B) {
        play_button(p, key, ev);
    } else if (ev == TERM_RELEASE || ev == TERM_REPEAT) {
        return;
    } else if (key == KEY_MENU) {
        play_btn_t *b = &p->btn[KEY_B];
        if (!b->taps) {
            b->taps = 1;
            b->hold_b = true;
        }
    } else if (key == KEY_QUIT) {
        p->quit = true;
    } else if (key == KEY_LINE) {
        p->line_on = true;
        p->line_len = 0;
        p->line[0] = 0;
    }
    p->dirty = true;
}

/* The PC link prompt: printable characters, Backspace, Enter, Esc. */
static void play_line_char(play_t *p, int ch)
{
    if (ch == '\r' || ch == '\n') {
        char buf[PLAY_LINE_MAX + 2];
        int n = snprintf(buf, sizeof buf, "%s\n", p->line);
        sim_uart_send(&p->s->uart, buf, (size_t)n);
        p->line_on = false;
    } else if (ch == 27) {
        p->line_on = false;
    } else if (ch == 127 || ch == 8) {
        if (p->line_len)
            p->line[--p->line_len] = 0;
    } else if (ch == 3) {
        p->quit = true;
    } else if (ch >= ' ' && ch < 127 && p->line_len < PLAY_LINE_MAX) {
        p->line[p->line_len++] = (char)ch;
        p->line[p->line_len] = 0;
    }
    p->dirty = true;
}

static int play_key_of_char(int ch)
{
    switch (ch) {
    case 'z': case 'Z': return KEY_A;
    case 'x': case 'X': return KEY_B;
    case 'm': case 'M': return KEY_MENU;
    case 'q': case 'Q': case 3: return KEY_QUIT;
    case ':': return KEY_LINE;
    default: return KEY_NONE;
    }
}

static int play_key_of_arrow(int code)
{
    switch (code) {
    case TERM_KEY_UP: return KEY_UP;
    case TERM_KEY_DOWN: return KEY_DOWN;
    case TERM_KEY_LEFT: return KEY_LEFT;
    default: return KEY_RIGHT;
    }
}

/* A key from the terminal: to the prompt while it is open, else to the
 * buttons. Kitty reports keys by code and modifiers: Ctrl-C and shifted
 * letters are made characters here. */
static void play_on_key(void *ctx, const term_key_t *k)
{
    play_t *p = ctx;
    if (k->code < 0) {
        if (!p->line_on)
            play_key(p, play_key_of_arrow(k->code), k->ev);
    } else if (!k->kitty) {
        if (p->line_on)
            play_line_char(p, k->code);
        else if (play_key_of_char(k->code) != KEY_NONE)
            play_key(p, play_key_of_char(k->code), TERM_PRESS);
    } else if (p->line_on) {
        if (k->ev == TERM_RELEASE)
            return;
        int ch = k->code == 13 ? '\r' : k->code;
        if (k->mods & TERM_MOD_CTRL && (k->code == 'c' || k->code == 'C'))
            ch = 3;                              /* Ctrl-C */
        else if (k->mods & TERM_MOD_SHIFT && k->code >= 'a' && k->code <= 'z')
            ch = k->code - 32;                   /* shifted letters */
        play_line_char(p, ch);
    } else {
        int key = k->mods & TERM_MOD_CTRL && k->code == 'c' ? KEY_QUIT : play_key_of_char(k->code);
        if (key != KEY_NONE)
            play_key(p, key, k->ev);
    }
    p->in.lone_esc = p->line_on;               /* Esc closes an open prompt at once */
}

/* Reads what the terminal has; its answer to the kitty question redraws
 * the key help. */
static void play_input(play_t *p)
{
    bool kitty = term_kitty();
    p->in.lone_esc = p->line_on;
    term_read(&p->in);
    if (term_kitty() != kitty)
        p->dirty = true;
}

int play_run(sim_t *s, uint64_t max_cycles)
{
    static play_t p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.in.on_key = play_on_key;
    p.in.ctx = &p;
    if (term_open() != 0) {
        fprintf(stderr, "nimsim: --play needs a terminal\n");
        return 2;
    }
    sim_log_file = NULL;       /* simavr's chatter would tear the screen */

    s->uart.on_byte = play_uart_byte;
    s->uart.on_byte_ctx = &p;
    s->disp.on_change = play_changed;
    s->disp.on_change_ctx = &p;
    s->piezo.on_change = play_changed;
    s->piezo.on_change_ctx = &p;
    term_size(&p.rows, &p.cols);
    play_draw(&p, true);

    int rc = 0;
    uint64_t next_draw = 0;
    while (!p.quit && !term_quit) {
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
        play_buttons(&p);
        bool full = false;
        if (term_resized) {
            term_resized = 0;
            term_size(&p.rows, &p.cols);
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
    term_close();
    sim_log_file = stderr;
    return rc;
}

/* Without a terminal and without a script: the title, then a game the
 * machine plays against itself (the DEMO opponent, chosen over the PC
 * link), as text frames. The EEPROM is not saved (the caller sees to it),
 * so the demo leaves the settings as they were. */
static const char play_demo_script[] =
    "expect-uart LOG BOOT within 1000\n"
    "wait 3s\n"
    "send SET OPP 2\n"
    "expect-uart OK SET\n"
    "send NEW\n"
    "expect-uart LOG NEW\n"
    "expect-uart LOG END within 300000\n"
    "wait 1500ms\n";

int play_text(sim_t *s, const char *path, uint64_t max_cycles)
{
    bool demo;
    int rc = script_run_play(s, path, play_demo_script, max_cycles, &demo);
    if (demo)
        printf("That was the demo: the toy playing against itself (DEMO in its menu).\n");
    printf("To play yourself, run make play in a terminal of 80x24 or more: arrow keys, "
           "z = A, x = B, m = menu, q quits.\n");
    fflush(stdout);
    return rc;
}
