/* script_int.h - shared by the script runner's files only: script.c
 * (commands, running, echo), script_expect.c (the expect-* commands) and
 * script_text.c (lines, times, escapes). */
#ifndef SIM_SCRIPT_INT_H
#define SIM_SCRIPT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "script.h"

#define SCRIPT_WITHIN_MS 2000      /* an expect's deadline unless "within" says */

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

/* script_text.c */
/* A bad script: the message (fmt with one %s) at the current line; SCRIPT_BAD. */
int script_bad(script_t *sc, const char *fmt, const char *arg);
/* Blanks off both ends, in place. */
char *script_trim(char *p);
/* Non-negative decimal number with a unit (us, ms, s; ms when !need_unit
 * and none) in cycles. */
bool script_parse_time(const char *t, bool need_unit, uint64_t *cycles);
/* Splits a trailing "within MS" off args; *cycles keeps its default if absent. */
bool script_take_within(char *args, uint64_t *cycles);
/* A C-like escaped string: \n \r \t \\ \xHH. Returns length or -1. */
int script_unescape(const char *in, char *out, size_t cap);
int script_lines_read(script_t *sc, const char *path);
void script_lines_text(script_t *sc, const char *text);
/* The lines hold a command (not only blanks and comments). */
bool script_lines_any(const script_t *sc);
void script_lines_free(script_t *sc);

/* script.c */
/* A failed expect at the current line; SCRIPT_FAIL. */
int script_fail(script_t *sc, const char *what);
/* Runs for the given cycles or until stop; *stopped if stop ended it. SCRIPT_*. */
int script_run_for(script_t *sc, uint64_t cycles, bool (*stop)(sim_t *, void *), void *ctx, bool *stopped);
int script_wait(script_t *sc, uint64_t cycles);

/* script_expect.c: each takes the arguments after its name. */
void script_print_picture(FILE *f, const uint8_t *frame, const char *indent);
int script_expect_frame(script_t *sc, char *args);
int script_expect_uart(script_t *sc, char *args);
int script_expect_tone(script_t *sc, char *args);
int script_expect_sleep(script_t *sc, char *args);

#endif
