/* script.c - runs the script language of sim/README.md against a sim_t:
 * buttons, waits, UART lines, and expectations on the frame, the UART
 * text, the tones and the sleep state, each with a deadline. */
#define _GNU_SOURCE
#include "script.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define SCRIPT_WITHIN_MS 2000
#define SCRIPT_TAP_MS 60
#define SCRIPT_ECHO_SLICE_MS 50    /* echo: how often a long run looks at the frame */
#define SCRIPT_ECHO_EVERY_MS 250   /* ... and prints it, at most */
#define SCRIPT_TAIL_MS 2000        /* make play: what the last command did, shown */

typedef struct script {
    sim_t *s;
    const char *name;
    char **lines;
    int count, at;             /* at: index of the current line */
    size_t uart_mark;          /* expect-uart searches from here */
    uint32_t tone_mark;        /* expect-tone looks at tones from here */
    bool echo;
    uint64_t max_cycles;
    size_t echo_uart;          /* UART bytes already echoed */
    uint64_t echo_changes;     /* frame changes already echoed */
    uint64_t echo_at;          /* cycle of the last frame echoed */
    bool echo_all;             /* the last echo: a line without its end too */
    bool tail;                 /* make play: a tail run follows the script */
    uint8_t want[BOARD_COLS];  /* expect-frame's picture */
    char uart_want[1024];      /* expect-uart's text */
} script_t;

enum { SCRIPT_OK = 0, SCRIPT_FAIL = 1, SCRIPT_BAD = 2, SCRIPT_LIMIT = 3, SCRIPT_CRASH = 4 };

static int bad(script_t *sc, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s:%d: ", sc->name, sc->at + 1);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return SCRIPT_BAD;
}

static int fail(script_t *sc, const char *what)
{
    fprintf(stderr, "%s:%d: FAILED: %s (at %.3f ms simulated)\n", sc->name, sc->at + 1, what,
            sim_cycles_to_ms(sc->s->avr->cycle));
    return SCRIPT_FAIL;
}

static char *trim(char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    char *e = p + strlen(p);
    while (e > p && isspace((unsigned char)e[-1]))
        *--e = 0;
    return p;
}

/* Non-negative decimal number with an optional unit; ms when unit_ms. */
static bool parse_time(const char *t, bool need_unit, uint64_t *cycles)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*t))
        return false;
    double v = strtod(t, &end);
    if (errno || v < 0 || v > 1e7)
        return false;
    double us;
    if (strcmp(end, "us") == 0) us = v;
    else if (strcmp(end, "ms") == 0 || (!need_unit && *end == 0)) us = v * 1000;
    else if (strcmp(end, "s") == 0) us = v * 1e6;
    else return false;
    *cycles = (uint64_t)llround(us * (BOARD_F_CPU / 1e6));
    return true;
}

/* Splits a trailing "within MS" off args; *cycles keeps its default if absent. */
static bool take_within(char *args, uint64_t *cycles)
{
    char *w = NULL;
    for (char *p = args; (p = strstr(p, "within")) != NULL; p++)
        if ((p == args || isspace((unsigned char)p[-1])) && isspace((unsigned char)p[6]))
            w = p;
    if (!w)
        return true;
    if (!parse_time(trim(w + 6), false, cycles))
        return false;
    *w = 0;
    return true;
}

/* The UART text and, if it changed, the frame (during a long run: only
 * when SCRIPT_ECHO_EVERY_MS have passed since the last one printed). */
static void echo_progress_at(script_t *sc, bool during)
{
    if (!sc->echo)
        return;
    sim_t *s = sc->s;
    /* Whole lines only (a line is echoed once its end has come), unless
     * this is the last echo. */
    size_t end = s->uart.log_len;
    while (!sc->echo_all && end > sc->echo_uart && s->uart.log[end - 1] != '\n')
        end--;
    if (end > sc->echo_uart) {
        fputs("uart: ", stdout);
        for (size_t i = sc->echo_uart; i < end; i++) {
            char ch = s->uart.log[i];
            if (ch == '\n' && i + 1 < end)
                fputs("\nuart: ", stdout);
            else if (ch == '\n' || ch == '\r')
                ;
            else
                putchar(isprint((unsigned char)ch) ? ch : '?');
        }
        putchar('\n');
        sc->echo_uart = end;
    }
    if (during && s->avr->cycle < sc->echo_at + sim_ms_to_cycles(SCRIPT_ECHO_EVERY_MS))
        return;
    if (s->disp.changes != sc->echo_changes) {
        sc->echo_changes = s->disp.changes;
        sc->echo_at = s->avr->cycle;
        printf("frame at %.1f ms:\n", sim_cycles_to_ms(s->avr->cycle));
        for (int r = BOARD_ROWS - 1; r >= 0; r--) {
            for (int c = 0; c < BOARD_COLS; c++)
                putchar(s->disp.frame[c] & (1u << r) ? '#' : '.');
            putchar('\n');
        }
    }
    fflush(stdout);
}

static void echo_progress(script_t *sc)
{
    echo_progress_at(sc, false);
}

/* Runs for the given cycles or until stop; maps the outcome to SCRIPT_*. */
static int run(script_t *sc, uint64_t cycles, bool (*stop)(sim_t *, void *), void *ctx, bool *stopped)
{
    sim_t *s = sc->s;
    uint64_t until = s->avr->cycle + cycles;
    bool limited = false;
    if (sc->max_cycles && until > sc->max_cycles) {
        until = sc->max_cycles;
        limited = true;
    }
    if (stop && stop(s, ctx)) {
        *stopped = true;
        return SCRIPT_OK;
    }
    int r;
    if (sc->echo) {
        /* make play without a terminal: show what happens meanwhile. */
        uint64_t slice = sim_ms_to_cycles(SCRIPT_ECHO_SLICE_MS);
        do {
            uint64_t to = until - s->avr->cycle > slice ? s->avr->cycle + slice : until;
            r = sim_run_until(s, to, stop, ctx);
            if (r == SIM_RUN_TIME && s->avr->cycle < until)
                echo_progress_at(sc, true);
        } while (r == SIM_RUN_TIME && s->avr->cycle < until);
    } else {
        r = sim_run_until(s, until, stop, ctx);
    }
    *stopped = r == SIM_RUN_STOP;
    if (r == SIM_RUN_CRASH)
        return fail(sc, "the CPU crashed"), SCRIPT_CRASH;
    if (r == SIM_RUN_TIME && limited) {
        fprintf(stderr, "%s:%d: --max-cycles %llu reached\n", sc->name, sc->at + 1,
                (unsigned long long)sc->max_cycles);
        return SCRIPT_LIMIT;
    }
    return SCRIPT_OK;
}

static int wait_cycles(script_t *sc, uint64_t cycles)
{
    bool stopped;
    return run(sc, cycles, NULL, NULL, &stopped);
}

static bool stop_uart(sim_t *s, void *ctx)
{
    script_t *sc = ctx;
    const char *want = sc->uart_want;
    if (!s->uart.log)
        return false;
    /* memmem: the firmware may send NUL bytes, which strstr would stop at. */
    char *hit = memmem(s->uart.log + sc->uart_mark, s->uart.log_len - sc->uart_mark, want,
                       strlen(want));
    if (!hit)
        return false;
    sc->uart_mark = (size_t)(hit - sc->s->uart.log) + strlen(want);
    return true;
}

static bool stop_frame(sim_t *s, void *ctx)
{
    script_t *sc = ctx;
    return memcmp(s->disp.frame, sc->want, sizeof sc->want) == 0;
}

typedef struct tone_want { script_t *sc; double hz, tol; } tone_want_t;

static bool stop_tone(sim_t *s, void *ctx)
{
    tone_want_t *w = ctx;
    piezo_t *p = &s->piezo;
    for (uint32_t i = w->sc->tone_mark; i < p->count; i++) {
        const piezo_tone_t *t = &p->log[i];
        bool heard = t->end || s->avr->cycle - t->start >= PIEZO_MIN_CYCLES;
        if (heard && fabs(t->hz - w->hz) <= w->tol) {
            w->sc->tone_mark = i + 1;
            return true;
        }
    }
    return false;
}

static bool stop_sleep(sim_t *s, void *ctx)
{
    int mode = *(int *)ctx;
    return s->avr->state == cpu_Sleeping && sim_sleep_mode(s) == mode;
}

/* A C-like escaped string: \n \r \t \\ \xHH. Returns length or -1. */
static int unescape(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = in; *p; p++) {
        char ch = *p;
        if (ch == '\\') {
            p++;
            if (*p == 'n') ch = '\n';
            else if (*p == 'r') ch = '\r';
            else if (*p == 't') ch = '\t';
            else if (*p == '\\') ch = '\\';
            else if (*p == 'x' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2])) {
                char h[3] = { p[1], p[2], 0 };
                ch = (char)strtol(h, NULL, 16);
                p += 2;
            } else
                return -1;
        }
        if (n + 1 >= cap)
            return -1;
        out[n++] = ch;
    }
    out[n] = 0;
    return (int)n;
}

static void print_picture(FILE *f, const uint8_t *frame, const char *indent)
{
    for (int r = BOARD_ROWS - 1; r >= 0; r--) {
        fputs(indent, f);
        for (int c = 0; c < BOARD_COLS; c++)
            fputc(frame[c] & (1u << r) ? '#' : '.', f);
        fputc('\n', f);
    }
}

static int cmd_expect_frame(script_t *sc, char *args)
{
    uint64_t within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (!take_within(args, &within) || *trim(args))
        return bad(sc, "expect-frame takes only [within MS] (got '%s')", args);
    int first = sc->at;
    memset(sc->want, 0, sizeof sc->want);
    for (int i = 0; i < BOARD_ROWS; i++) {
        sc->at = first + 1 + i;
        if (sc->at >= sc->count)
            return bad(sc, "expect-frame needs %s picture lines after it", "8");
        char *line = trim(sc->lines[sc->at]);
        if ((int)strlen(line) != BOARD_COLS)
            return bad(sc, "a picture line has BOARD_COLS characters of '#' and '.' (got '%s')", line);
        for (int c = 0; c < BOARD_COLS; c++) {
            if (line[c] == '#')
                sc->want[c] |= (uint8_t)(1u << (BOARD_ROWS - 1 - i));
            else if (line[c] != '.')
                return bad(sc, "a picture line has only '#' and '.' (got '%s')", line);
        }
    }
    int last = sc->at;
    sc->at = first;
    bool ok;
    int rc = run(sc, within, stop_frame, sc, &ok);
    if (rc == SCRIPT_OK && !ok) {
        fail(sc, "expect-frame: the frame did not appear");
        fprintf(stderr, "  wanted:\n");
        print_picture(stderr, sc->want, "    ");
        fprintf(stderr, "  shown:\n");
        print_picture(stderr, sc->s->disp.frame, "    ");
        rc = SCRIPT_FAIL;
    }
    sc->at = last;
    return rc;
}

static int cmd_expect_uart(script_t *sc, char *args)
{
    uint64_t within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (!take_within(args, &within))
        return bad(sc, "bad 'within' in '%s'", args);
    /* Text is the rest of the line, escapes allowed; trailing blanks before
     * 'within' are not part of it. */
    char *t = args;
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        t[--n] = 0;
    if (unescape(t, sc->uart_want, sizeof sc->uart_want) <= 0)
        return bad(sc, "expect-uart needs text (escapes \\n \\r \\t \\\\ \\xHH), got '%s'", t);
    bool ok;
    int rc = run(sc, within, stop_uart, sc, &ok);
    if (rc == SCRIPT_OK && !ok) {
        fail(sc, "expect-uart: text not seen");
        fprintf(stderr, "  wanted: \"%s\"\n  got since the last match: \"", t);
        for (size_t i = sc->uart_mark; i < sc->s->uart.log_len; i++) {
            unsigned char ch = (unsigned char)sc->s->uart.log[i];
            if (ch == '\n') fputs("\\n", stderr);
            else if (ch == '\r') fputs("\\r", stderr);
            else if (isprint(ch)) fputc(ch, stderr);
            else fprintf(stderr, "\\x%02x", ch);
        }
        fputs("\"\n", stderr);
        rc = SCRIPT_FAIL;
    }
    return rc;
}

static int cmd_expect_tone(script_t *sc, char *args)
{
    uint64_t within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (!take_within(args, &within))
        return bad(sc, "bad 'within' in '%s'", args);
    tone_want_t w = { .sc = sc };
    char *end;
    w.hz = strtod(args, &end);
    if (end == args || w.hz <= 0)
        return bad(sc, "expect-tone HZ [TOL] [within MS] (got '%s')", args);
    w.tol = w.hz * 0.02;                            /* default: 2 % */
    char *rest = trim(end);
    if (*rest) {
        w.tol = strtod(rest, &end);
        if (end == rest || *trim(end) || w.tol < 0)
            return bad(sc, "expect-tone tolerance is in Hz (got '%s')", rest);
    }
    bool ok;
    int rc = run(sc, within, stop_tone, &w, &ok);
    if (rc == SCRIPT_OK && !ok) {
        fail(sc, "expect-tone: no such tone");
        fprintf(stderr, "  wanted %.1f Hz +- %.1f; tones since the last match:", w.hz, w.tol);
        for (uint32_t i = sc->tone_mark; i < sc->s->piezo.count; i++)
            fprintf(stderr, " %.1f Hz (%.1f ms)", sc->s->piezo.log[i].hz,
                    piezo_tone_ms(&sc->s->piezo, i));
        fputs(sc->tone_mark >= sc->s->piezo.count ? " none\n" : "\n", stderr);
        rc = SCRIPT_FAIL;
    }
    return rc;
}

static int cmd_expect_sleep(script_t *sc, char *args)
{
    uint64_t within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (!take_within(args, &within))
        return bad(sc, "bad 'within' in '%s'", args);
    char *m = trim(args);
    int mode;
    if (strcasecmp(m, "idle") == 0) mode = SIM_SLEEP_IDLE;
    else if (strcasecmp(m, "power-down") == 0) mode = SIM_SLEEP_POWER_DOWN;
    else if (strcasecmp(m, "power-save") == 0) mode = SIM_SLEEP_POWER_SAVE;
    else if (strcasecmp(m, "standby") == 0) mode = SIM_SLEEP_STANDBY;
    else return bad(sc, "expect-sleep idle|power-down|power-save|standby (got '%s')", m);
    bool ok;
    int rc = run(sc, within, stop_sleep, &mode, &ok);
    if (rc == SCRIPT_OK && !ok) {
        fail(sc, "expect-sleep: the CPU did not sleep in that mode");
        fprintf(stderr, "  wanted %s; CPU is %s, SMCR mode %s\n", sim_sleep_mode_name(mode),
                sc->s->avr->state == cpu_Sleeping ? "sleeping" : "awake",
                sim_sleep_mode_name(sim_sleep_mode(sc->s)));
        rc = SCRIPT_FAIL;
    }
    return rc;
}

static int button_arg(script_t *sc, char *args, const char *cmd)
{
    char name[16];
    if (sscanf(args, "%15s", name) != 1 || buttons_index(name) < 0)
        return bad(sc, "%s needs a button: UP DOWN LEFT RIGHT A B", cmd), -1;
    return buttons_index(name);
}

static int script_step(script_t *sc, char *line)
{
    sim_t *s = sc->s;
    char *cmd = line, *args = line;
    while (*args && !isspace((unsigned char)*args))
        args++;
    if (*args)
        *args++ = 0;
    if (strcmp(cmd, "send") == 0) {           /* verbatim, spaces kept */
        char buf[1024];
        int n = unescape(args, buf, sizeof buf - 1);
        if (n < 0)
            return bad(sc, "send: bad escape or too long: '%s'", args);
        buf[n++] = '\n';
        sim_uart_send(&s->uart, buf, (size_t)n);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "expect-uart") == 0)
        return cmd_expect_uart(sc, args);
    args = trim(args);
    if (strcmp(cmd, "press") == 0 || strcmp(cmd, "release") == 0) {
        int i = button_arg(sc, args, cmd);
        if (i < 0)
            return SCRIPT_BAD;
        buttons_set(&s->buttons, i, cmd[0] == 'p');
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "tap") == 0) {
        int i = button_arg(sc, args, cmd);
        if (i < 0)
            return SCRIPT_BAD;
        uint64_t hold = sim_ms_to_cycles(SCRIPT_TAP_MS);
        char *ms = trim(args + strlen(buttons_names[i]));
        if (*ms && !parse_time(ms, false, &hold))
            return bad(sc, "tap BTN [MS]: bad time '%s'", ms);
        buttons_set(&s->buttons, i, true);
        int rc = wait_cycles(sc, hold);
        buttons_set(&s->buttons, i, false);
        return rc ? rc : wait_cycles(sc, sim_ms_to_cycles(SCRIPT_TAP_MS));
    }
    if (strcmp(cmd, "wait") == 0) {
        uint64_t c;
        if (!parse_time(args, true, &c))
            return bad(sc, "wait N(us|ms|s) (got '%s')", args);
        return wait_cycles(sc, c);
    }
    if (strcmp(cmd, "expect-frame") == 0)
        return cmd_expect_frame(sc, args);
    if (strcmp(cmd, "expect-tone") == 0)
        return cmd_expect_tone(sc, args);
    if (strcmp(cmd, "expect-sleep") == 0)
        return cmd_expect_sleep(sc, args);
    if (strcmp(cmd, "print-frame") == 0) {
        if (*args)
            return bad(sc, "print-frame takes no argument (got '%s')", args);
        print_picture(stdout, s->disp.frame, "");
        fflush(stdout);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "bounce") == 0) {
        char *end;
        long n = strtol(args, &end, 10);
        if (end == args || *end || n < 0 || n > 1000)
            return bad(sc, "bounce N (0..1000 edges) (got '%s')", args);
        s->buttons.bounce = (int)n;
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "reset") == 0) {
        if (*args)
            return bad(sc, "reset takes no argument (got '%s')", args);
        sim_power_cycle(s);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "vcc") == 0) {            /* sim/supply.c: vcc V [over MS] */
        uint64_t over = 0;
        char *o = strstr(args, " over ");
        if (o) {
            *o = 0;
            if (!parse_time(trim(o + 6), false, &over))
                return bad(sc, "vcc V [over MS]: bad time '%s'", o + 6);
        }
        char *end;
        double v = strtod(args, &end);
        if (end == args || *trim(end) || !(v >= 0 && v <= 6.0))
            return bad(sc, "vcc V [over MS] (0..6.0 volts) (got '%s')", args);
        supply_set(&s->supply, v, over);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "hang") == 0) {           /* sim/watchdog.c */
        if (strcmp(args, "cli") != 0 && strcmp(args, "sei") != 0)
            return bad(sc, "hang cli|sei (interrupts off or on) (got '%s')", args);
        if (watchdog_hang(s->avr, strcmp(args, "sei") == 0) != 0)
            return bad(sc, "hang: the flash word for the loop is in use%s", "");
        return SCRIPT_OK;
    }
    return bad(sc, "unknown command '%s' (see sim/README.md)", cmd);
}

static void add_line(script_t *sc, const char *line, int *alloc)
{
    if (sc->count == *alloc) {
        *alloc = *alloc ? 2 * *alloc : 64;
        sc->lines = realloc(sc->lines, (size_t)*alloc * sizeof *sc->lines);
    }
    sc->lines[sc->count++] = strdup(line);
}

static int read_lines(script_t *sc, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "nimsim: cannot read script %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int alloc = 0;
    while (getline(&line, &cap, f) >= 0) {
        line[strcspn(line, "\r\n")] = 0;
        add_line(sc, line, &alloc);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return 0;
}

static void text_lines(script_t *sc, const char *text)
{
    int alloc = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        char *line = strndup(p, n);
        add_line(sc, line, &alloc);
        free(line);
        p += n + (p[n] == '\n');
    }
}

static bool has_commands(const script_t *sc)
{
    for (int i = 0; i < sc->count; i++) {
        const char *l = sc->lines[i];
        while (isspace((unsigned char)*l))
            l++;
        if (*l && *l != '#')
            return true;
    }
    return false;
}

static void free_lines(script_t *sc)
{
    for (int i = 0; i < sc->count; i++)
        free(sc->lines[i]);
    free(sc->lines);
    sc->lines = NULL;
    sc->count = 0;
}

static int script_exec(script_t *sc)
{
    sc->echo_changes = (uint64_t)-1;
    int rc = SCRIPT_OK;
    for (sc->at = 0; sc->at < sc->count && rc == SCRIPT_OK; sc->at++) {
        char *raw = sc->lines[sc->at];
        char *line = strdup(raw);
        char *l = line;
        while (isspace((unsigned char)*l))
            l++;
        if (*l && *l != '#') {
            /* Comments: whole lines only, so '#' can appear in send text. */
            if (sc->echo)
                printf("> %s\n", l);
            rc = script_step(sc, l);
            sc->echo_all = sc->at + 1 >= sc->count && !sc->tail;
            echo_progress(sc);
        }
        free(line);
    }
    return rc;
}

int script_run_file(sim_t *s, const char *path, bool echo, uint64_t max_cycles)
{
    script_t sc = { .s = s, .name = strcmp(path, "-") == 0 ? "<stdin>" : path, .echo = echo,
                    .max_cycles = max_cycles };
    if (read_lines(&sc, path) != 0)
        return SCRIPT_BAD;
    int rc = script_exec(&sc);
    free_lines(&sc);
    return rc;
}

int script_run_play(sim_t *s, const char *path, const char *demo, uint64_t max_cycles, bool *demoed)
{
    script_t sc = { .s = s, .name = strcmp(path, "-") == 0 ? "<stdin>" : path, .echo = true,
                    .max_cycles = max_cycles };
    /* A terminal on stdin (stdout elsewhere) would wait for typing. */
    bool tty = strcmp(path, "-") == 0 && isatty(0);
    if (!tty && read_lines(&sc, path) != 0)
        return SCRIPT_BAD;
    *demoed = !has_commands(&sc);
    if (*demoed) {
        free_lines(&sc);
        text_lines(&sc, demo);
        sc.name = "demo";
        s->eeprom_path = NULL;   /* the demo's SET and NEW are not kept */
    }
    sc.tail = true;
    int rc = script_exec(&sc);
    if (rc == SCRIPT_OK)        /* what the last command did (a tap's answer, a menu scrolling) */
        rc = wait_cycles(&sc, sim_ms_to_cycles(SCRIPT_TAIL_MS));
    sc.echo_all = true;
    echo_progress(&sc);
    free_lines(&sc);
    return rc;
}
