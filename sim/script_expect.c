/* script_expect.c - the script's expectations (sim/README.md): a frame,
 * UART text, a tone, a sleep mode, each waited for until its deadline, and
 * what was there instead when it does not come. */
#define _GNU_SOURCE
#include "script_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* The deadline: a trailing "within MS" split off args, else
 * SCRIPT_WITHIN_MS. False (the script is bad) if it cannot be read. */
static bool expect_within(script_t *sc, char *args, uint64_t *within)
{
    *within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (script_take_within(args, within))
        return true;
    script_bad(sc, "bad 'within' in '%s'", args);
    return false;
}

/* Runs until stop or the deadline. A miss is reported as what (the
 * caller adds what it saw) and returns SCRIPT_FAIL; else as the run. */
static int expect_wait(script_t *sc, uint64_t within, bool (*stop)(sim_t *, void *), void *ctx,
                       const char *what)
{
    bool ok;
    int rc = script_run_for(sc, within, stop, ctx, &ok);
    if (rc == SCRIPT_OK && !ok)
        return script_fail(sc, what);
    return rc;
}

void script_print_picture(FILE *f, const uint8_t *frame, const char *indent)
{
    for (int r = BOARD_ROWS - 1; r >= 0; r--) {
        fputs(indent, f);
        for (int c = 0; c < BOARD_COLS; c++)
            fputc(frame[c] & (1u << r) ? '#' : '.', f);
        fputc('\n', f);
    }
}

int script_expect_frame(script_t *sc, char *args)
{
    uint64_t within = sim_ms_to_cycles(SCRIPT_WITHIN_MS);
    if (!script_take_within(args, &within) || *script_trim(args))
        return script_bad(sc, "expect-frame takes only [within MS] (got '%s')", args);
    int first = sc->at;
    memset(sc->want, 0, sizeof sc->want);
    for (int i = 0; i < BOARD_ROWS; i++) {
        sc->at = first + 1 + i;
        if (sc->at >= sc->count)
            return script_bad(sc, "expect-frame needs %s picture lines after it", "8");
        char *line = script_trim(sc->lines[sc->at]);
        if ((int)strlen(line) != BOARD_COLS)
            return script_bad(sc, "a picture line has BOARD_COLS characters of '#' and '.' (got '%s')", line);
        for (int c = 0; c < BOARD_COLS; c++) {
            if (line[c] == '#')
                sc->want[c] |= (uint8_t)(1u << (BOARD_ROWS - 1 - i));
            else if (line[c] != '.')
                return script_bad(sc, "a picture line has only '#' and '.' (got '%s')", line);
        }
    }
    int last = sc->at;
    sc->at = first;
    int rc = expect_wait(sc, within, stop_frame, sc, "expect-frame: the frame did not appear");
    if (rc == SCRIPT_FAIL) {
        fprintf(stderr, "  wanted:\n");
        script_print_picture(stderr, sc->want, "    ");
        fprintf(stderr, "  shown:\n");
        script_print_picture(stderr, sc->s->disp.frame, "    ");
    }
    sc->at = last;
    return rc;
}

int script_expect_uart(script_t *sc, char *args)
{
    uint64_t within;
    if (!expect_within(sc, args, &within))
        return SCRIPT_BAD;
    /* Text is the rest of the line, escapes allowed; trailing blanks before
     * 'within' are not part of it. */
    char *t = args;
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        t[--n] = 0;
    if (script_unescape(t, sc->uart_want, sizeof sc->uart_want) <= 0)
        return script_bad(sc, "expect-uart needs text (escapes \\n \\r \\t \\\\ \\xHH), got '%s'", t);
    int rc = expect_wait(sc, within, stop_uart, sc, "expect-uart: text not seen");
    if (rc == SCRIPT_FAIL) {
        fprintf(stderr, "  wanted: \"%s\"\n  got since the last match: \"", t);
        for (size_t i = sc->uart_mark; i < sc->s->uart.log_len; i++) {
            unsigned char ch = (unsigned char)sc->s->uart.log[i];
            if (ch == '\n') fputs("\\n", stderr);
            else if (ch == '\r') fputs("\\r", stderr);
            else if (isprint(ch)) fputc(ch, stderr);
            else fprintf(stderr, "\\x%02x", ch);
        }
        fputs("\"\n", stderr);
    }
    return rc;
}

int script_expect_tone(script_t *sc, char *args)
{
    uint64_t within;
    if (!expect_within(sc, args, &within))
        return SCRIPT_BAD;
    tone_want_t w = { .sc = sc };
    char *end;
    w.hz = strtod(args, &end);
    if (end == args || w.hz <= 0)
        return script_bad(sc, "expect-tone HZ [TOL] [within MS] (got '%s')", args);
    w.tol = w.hz * 0.02;                            /* default: 2 % */
    char *rest = script_trim(end);
    if (*rest) {
        w.tol = strtod(rest, &end);
        if (end == rest || *script_trim(end) || w.tol < 0)
            return script_bad(sc, "expect-tone tolerance is in Hz (got '%s')", rest);
    }
    int rc = expect_wait(sc, within, stop_tone, &w, "expect-tone: no such tone");
    if (rc == SCRIPT_FAIL) {
        fprintf(stderr, "  wanted %.1f Hz +- %.1f; tones since the last match:", w.hz, w.tol);
        for (uint32_t i = sc->tone_mark; i < sc->s->piezo.count; i++)
            fprintf(stderr, " %.1f Hz (%.1f ms)", sc->s->piezo.log[i].hz,
                    piezo_tone_ms(&sc->s->piezo, i));
        fputs(sc->tone_mark >= sc->s->piezo.count ? " none\n" : "\n", stderr);
    }
    return rc;
}

int script_expect_sleep(script_t *sc, char *args)
{
    uint64_t within;
    if (!expect_within(sc, args, &within))
        return SCRIPT_BAD;
    char *m = script_trim(args);
    int mode;
    if (strcasecmp(m, "idle") == 0) mode = SIM_SLEEP_IDLE;
    else if (strcasecmp(m, "power-down") == 0) mode = SIM_SLEEP_POWER_DOWN;
    else if (strcasecmp(m, "power-save") == 0) mode = SIM_SLEEP_POWER_SAVE;
    else if (strcasecmp(m, "standby") == 0) mode = SIM_SLEEP_STANDBY;
    else return script_bad(sc, "expect-sleep idle|power-down|power-save|standby (got '%s')", m);
    int rc = expect_wait(sc, within, stop_sleep, &mode, "expect-sleep: the CPU did not sleep in that mode");
    if (rc == SCRIPT_FAIL) {
        fprintf(stderr, "  wanted %s; CPU is %s, SMCR mode %s\n", sim_sleep_mode_name(mode),
                sc->s->avr->state == cpu_Sleeping ? "sleeping" : "awake",
                sim_sleep_mode_name(sim_sleep_mode(sc->s)));
    }
    return rc;
}
