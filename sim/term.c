/* term.c - raw mode, the kitty keyboard protocol and CSI parsing (term.h).
 *
 * A terminal that speaks the kitty keyboard protocol reports key
 * releases: we ask for it (CSI ? u) and, when it answers before the
 * device attributes do, push flags with CSI > 15 u. Any other terminal
 * sends bytes as typed and ESC [ / ESC O sequences for the arrows. */
#define _GNU_SOURCE
#include "term.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

static struct termios term_saved;
static bool term_raw, term_kitty_on;
volatile sig_atomic_t term_quit, term_resized;

static void term_say(const char *s)
{
    if (write(1, s, strlen(s)) < 0) {}
}

void term_close(void)
{
    if (!term_raw)
        return;
    /* Key flags popped on the alternate screen (each screen has its own
     * stack), then cursor, line wrap, main screen and colours back. */
    if (term_kitty_on)
        term_say("\033[<u");
    term_kitty_on = false;
    term_say("\033[0m\033[?7h\033[?25h\033[?1049l");
    tcsetattr(0, TCSAFLUSH, &term_saved);
    term_raw = false;
}

static void term_on_signal(int sig)
{
    if (sig == SIGWINCH)
        term_resized = 1;
    else
        term_quit = 1;
}

int term_open(void)
{
    if (tcgetattr(0, &term_saved) != 0)
        return -1;
    struct termios raw = term_saved;
    cfmakeraw(&raw);
    raw.c_oflag |= OPOST;      /* keep \n -> \r\n for anything else printed */
    tcsetattr(0, TCSAFLUSH, &raw);
    term_raw = true;
    atexit(term_close);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = term_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGWINCH, &sa, NULL);
    /* Alternate screen, no cursor, no line wrap; then ask whether the
     * terminal reports key releases (a reply before the DA reply: yes). */
    term_say("\033[?1049h\033[?25l\033[?7l\033[?u\033[c");
    return 0;
}

bool term_kitty(void)
{
    return term_kitty_on;
}

void term_size(int *rows, int *cols)
{
    struct winsize ws;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    } else {
        *rows = 24;
        *cols = 80;
    }
}

static void term_report(term_input_t *t, int code, int mods, int ev, bool kitty)
{
    term_key_t k = { .code = code, .mods = mods, .ev = ev, .kitty = kitty };
    t->on_key(t->ctx, &k);
}

static int term_arrow(unsigned char fin)
{
    switch (fin) {
    case 'A': return TERM_KEY_UP;
    case 'B': return TERM_KEY_DOWN;
    case 'C': return TERM_KEY_RIGHT;
    case 'D': return TERM_KEY_LEFT;
    default: return 0;
    }
}

/* One CSI sequence: ESC [ params final. Kitty reports keys as
 * "code[:alt];mods[:event] u" and arrows as "1;mods[:event] A..D"; the
 * query reply is "? flags u". Returns the length used, 0 if incomplete. */
static size_t term_csi(term_input_t *t, const unsigned char *b, size_t n)
{
    size_t i = 2;
    while (i < n && (b[i] < 0x40 || b[i] > 0x7E))
        i++;
    if (i >= n)
        return 0;
    char fin = (char)b[i];
    char par[64];
    size_t len = i - 2 < sizeof par - 1 ? i - 2 : sizeof par - 1;
    memcpy(par, b + 2, len);
    par[len] = 0;
    if (par[0] == '?') {
        if (fin == 'u' && !term_kitty_on) {
            /* The terminal knows the protocol: disambiguate (1), event
             * types (2), alternate keys (4: the shifted key, so ':' is
             * known on any layout), every key as an escape code (8). */
            term_kitty_on = true;
            term_say("\033[>15u");
        }
        return i + 1;                            /* and the DA reply: ignored */
    }
    /* code[:shifted[:base]] ; mods[:event] */
    long code = 1, shifted = 0, mods = 1, ev = TERM_PRESS;
    char *q = par;
    if (*q)
        code = strtol(q, &q, 10);
    if (*q == ':')
        shifted = strtol(q + 1, &q, 10);
    while (*q == ':')
        strtol(q + 1, &q, 10);
    if (*q == ';') {
        mods = strtol(q + 1, &q, 10);
        if (*q == ':')
            ev = strtol(q + 1, &q, 10);
    }
    if (fin == 'u') {
        if ((mods - 1) & TERM_MOD_SHIFT && shifted > 0)
            code = shifted;                      /* the key's shifted symbol: ':' */
        term_report(t, (int)code, (int)(mods - 1), (int)ev, true);
    } else if (term_arrow((unsigned char)fin)) {
        term_report(t, term_arrow((unsigned char)fin), (int)(mods - 1), (int)ev, false);
    }
    return i + 1;
}

void term_read(term_input_t *t)
{
    fd_set rd;
    struct timeval tv = { 0, 0 };
    FD_ZERO(&rd);
    FD_SET(0, &rd);
    if (select(1, &rd, NULL, NULL, &tv) <= 0)
        return;
    ssize_t n = read(0, t->in + t->in_len, sizeof t->in - t->in_len);
    if (n <= 0) {
        term_quit = 1;
        return;
    }
    size_t len = t->in_len + (size_t)n, i = 0;
    const unsigned char *b = t->in;
    while (i < len) {
        unsigned char ch = b[i];
        if (ch == 27 && i + 1 < len && b[i + 1] == '[') {
            size_t used = term_csi(t, b + i, len - i);
            if (!used)
                break;                           /* the rest comes with the next read */
            i += used;
        } else if (ch == 27 && i + 2 < len && b[i + 1] == 'O') {
            if (term_arrow(b[i + 2]))
                term_report(t, term_arrow(b[i + 2]), 0, TERM_PRESS, false);
            i += 3;
        } else if (ch == 27 && i + 1 == len && !t->lone_esc) {
            break;                               /* maybe the start of a sequence */
        } else {
            term_report(t, ch, 0, TERM_PRESS, false);
            i++;
        }
    }
    t->in_len = len - i;
    if (t->in_len == sizeof t->in)
        t->in_len = 0;                           /* no sequence is that long */
    memmove(t->in, t->in + i, t->in_len);
}
