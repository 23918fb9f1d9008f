/* script.c - runs the script language of sim/README.md against a sim_t:
 * buttons, waits, UART lines, and expectations on the frame, the UART
 * text, the tones and the sleep state, each with a deadline. */
#define _GNU_SOURCE
#include "script_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SCRIPT_TAP_MS 60
#define SCRIPT_ECHO_SLICE_MS 50    /* echo: how often a long run looks at the frame */
#define SCRIPT_ECHO_EVERY_MS 250   /* ... and prints it, at most */
#define SCRIPT_TAIL_MS 2000        /* make play: what the last command did, shown */

int script_fail(script_t *sc, const char *what)
{
    fprintf(stderr, "%s:%d: FAILED: %s (at %.3f ms simulated)\n", sc->name, sc->at + 1, what,
            sim_cycles_to_ms(sc->s->avr->cycle));
    return SCRIPT_FAIL;
}

/* The UART text and, if it changed, the frame (during a long run: only
 * when SCRIPT_ECHO_EVERY_MS have passed since the last one printed). */
static void script_echo_at(script_t *sc, bool during)
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

static void script_echo(script_t *sc)
{
    script_echo_at(sc, false);
}

/* Runs for the given cycles or until stop; maps the outcome to SCRIPT_*. */
int script_run_for(script_t *sc, uint64_t cycles, bool (*stop)(sim_t *, void *), void *ctx, bool *stopped)
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
                script_echo_at(sc, true);
        } while (r == SIM_RUN_TIME && s->avr->cycle < until);
    } else {
        r = sim_run_until(s, until, stop, ctx);
    }
    *stopped = r == SIM_RUN_STOP;
    if (r == SIM_RUN_CRASH)
        return script_fail(sc, "the CPU crashed"), SCRIPT_CRASH;
    if (r == SIM_RUN_TIME && limited) {
        fprintf(stderr, "%s:%d: --max-cycles %llu reached\n", sc->name, sc->at + 1,
                (unsigned long long)sc->max_cycles);
        return SCRIPT_LIMIT;
    }
    return SCRIPT_OK;
}

int script_wait(script_t *sc, uint64_t cycles)
{
    bool stopped;
    return script_run_for(sc, cycles, NULL, NULL, &stopped);
}

static int script_button_arg(script_t *sc, char *args, const char *cmd)
{
    char name[16];
    if (sscanf(args, "%15s", name) != 1 || buttons_index(name) < 0)
        return script_bad(sc, "%s needs a button: UP DOWN LEFT RIGHT A B", cmd), -1;
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
        int n = script_unescape(args, buf, sizeof buf - 1);
        if (n < 0)
            return script_bad(sc, "send: bad escape or too long: '%s'", args);
        buf[n++] = '\n';
        sim_uart_send(&s->uart, buf, (size_t)n);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "expect-uart") == 0)
        return script_expect_uart(sc, args);
    args = script_trim(args);
    if (strcmp(cmd, "press") == 0 || strcmp(cmd, "release") == 0) {
        int i = script_button_arg(sc, args, cmd);
        if (i < 0)
            return SCRIPT_BAD;
        buttons_set(&s->buttons, i, cmd[0] == 'p');
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "tap") == 0) {
        int i = script_button_arg(sc, args, cmd);
        if (i < 0)
            return SCRIPT_BAD;
        uint64_t hold = sim_ms_to_cycles(SCRIPT_TAP_MS);
        char *ms = script_trim(args + strlen(buttons_names[i]));
        if (*ms && !script_parse_time(ms, false, &hold))
            return script_bad(sc, "tap BTN [MS]: bad time '%s'", ms);
        buttons_set(&s->buttons, i, true);
        int rc = script_wait(sc, hold);
        buttons_set(&s->buttons, i, false);
        return rc ? rc : script_wait(sc, sim_ms_to_cycles(SCRIPT_TAP_MS));
    }
    if (strcmp(cmd, "wait") == 0) {
        uint64_t c;
        if (!script_parse_time(args, true, &c))
            return script_bad(sc, "wait N(us|ms|s) (got '%s')", args);
        return script_wait(sc, c);
    }
    if (strcmp(cmd, "expect-frame") == 0)
        return script_expect_frame(sc, args);
    if (strcmp(cmd, "expect-tone") == 0)
        return script_expect_tone(sc, args);
    if (strcmp(cmd, "expect-sleep") == 0)
        return script_expect_sleep(sc, args);
    if (strcmp(cmd, "print-frame") == 0) {
        if (*args)
            return script_bad(sc, "print-frame takes no argument (got '%s')", args);
        script_print_picture(stdout, s->disp.frame, "");
        fflush(stdout);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "bounce") == 0) {
        char *end;
        long n = strtol(args, &end, 10);
        if (end == args || *end || n < 0 || n > 1000)
            return script_bad(sc, "bounce N (0..1000 edges) (got '%s')", args);
        s->buttons.bounce = (int)n;
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "reset") == 0) {
        if (*args)
            return script_bad(sc, "reset takes no argument (got '%s')", args);
        sim_power_cycle(s);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "vcc") == 0) {            /* sim/supply.c: vcc V [over MS] */
        uint64_t over = 0;
        char *o = strstr(args, " over ");
        if (o) {
            *o = 0;
            if (!script_parse_time(script_trim(o + 6), false, &over))
                return script_bad(sc, "vcc V [over MS]: bad time '%s'", o + 6);
        }
        char *end;
        double v = strtod(args, &end);
        if (end == args || *script_trim(end) || !(v >= 0 && v <= 6.0))
            return script_bad(sc, "vcc V [over MS] (0..6.0 volts) (got '%s')", args);
        supply_set(&s->supply, v, over);
        return SCRIPT_OK;
    }
    if (strcmp(cmd, "hang") == 0) {           /* sim/watchdog.c */
        if (strcmp(args, "cli") != 0 && strcmp(args, "sei") != 0)
            return script_bad(sc, "hang cli|sei (interrupts off or on) (got '%s')", args);
        if (watchdog_hang(s->avr, strcmp(args, "sei") == 0) != 0)
            return script_bad(sc, "hang: the flash word for the loop is in use%s", "");
        return SCRIPT_OK;
    }
    return script_bad(sc, "unknown command '%s' (see sim/README.md)", cmd);
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
            script_echo(sc);
        }
        free(line);
    }
    return rc;
}

int script_run_file(sim_t *s, const char *path, bool echo, uint64_t max_cycles)
{
    script_t sc = { .s = s, .name = strcmp(path, "-") == 0 ? "<stdin>" : path, .echo = echo,
                    .max_cycles = max_cycles };
    if (script_lines_read(&sc, path) != 0)
        return SCRIPT_BAD;
    int rc = script_exec(&sc);
    script_lines_free(&sc);
    return rc;
}

int script_run_play(sim_t *s, const char *path, const char *demo, uint64_t max_cycles, bool *demoed)
{
    script_t sc = { .s = s, .name = strcmp(path, "-") == 0 ? "<stdin>" : path, .echo = true,
                    .max_cycles = max_cycles };
    /* A terminal on stdin (stdout elsewhere) would wait for typing. */
    bool tty = strcmp(path, "-") == 0 && isatty(0);
    if (!tty && script_lines_read(&sc, path) != 0)
        return SCRIPT_BAD;
    *demoed = !script_lines_any(&sc);
    if (*demoed) {
        script_lines_free(&sc);
        script_lines_text(&sc, demo);
        sc.name = "demo";
        s->eeprom_path = NULL;   /* the demo's SET and NEW are not kept */
    }
    sc.tail = true;
    int rc = script_exec(&sc);
    if (rc == SCRIPT_OK)        /* what the last command did (a tap's answer, a menu scrolling) */
        rc = script_wait(&sc, sim_ms_to_cycles(SCRIPT_TAIL_MS));
    sc.echo_all = true;
    script_echo(&sc);
    script_lines_free(&sc);
    return rc;
}
