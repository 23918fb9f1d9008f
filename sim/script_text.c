/* script_text.c - the script's text (sim/README.md): its lines, read
 * from a file or a string, and the pieces a command is written in: times,
 * "within", C-like escapes; a bad script's message. */
#define _GNU_SOURCE
#include "script_int.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int script_bad(script_t *sc, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s:%d: ", sc->name, sc->at + 1);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return SCRIPT_BAD;
}

char *script_trim(char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    char *e = p + strlen(p);
    while (e > p && isspace((unsigned char)e[-1]))
        *--e = 0;
    return p;
}

/* Non-negative decimal number with an optional unit; ms when unit_ms. */
bool script_parse_time(const char *t, bool need_unit, uint64_t *cycles)
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
bool script_take_within(char *args, uint64_t *cycles)
{
    char *w = NULL;
    for (char *p = args; (p = strstr(p, "within")) != NULL; p++)
        if ((p == args || isspace((unsigned char)p[-1])) && isspace((unsigned char)p[6]))
            w = p;
    if (!w)
        return true;
    if (!script_parse_time(script_trim(w + 6), false, cycles))
        return false;
    *w = 0;
    return true;
}

/* A C-like escaped string: \n \r \t \\ \xHH. Returns length or -1. */
int script_unescape(const char *in, char *out, size_t cap)
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

static void script_line_add(script_t *sc, const char *line, int *alloc)
{
    if (sc->count == *alloc) {
        *alloc = *alloc ? 2 * *alloc : 64;
        sc->lines = realloc(sc->lines, (size_t)*alloc * sizeof *sc->lines);
    }
    sc->lines[sc->count++] = strdup(line);
}

int script_lines_read(script_t *sc, const char *path)
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
        script_line_add(sc, line, &alloc);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return 0;
}

void script_lines_text(script_t *sc, const char *text)
{
    int alloc = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        char *line = strndup(p, n);
        script_line_add(sc, line, &alloc);
        free(line);
        p += n + (p[n] == '\n');
    }
}

bool script_lines_any(const script_t *sc)
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

void script_lines_free(script_t *sc)
{
    for (int i = 0; i < sc->count; i++)
        free(sc->lines[i]);
    free(sc->lines);
    sc->lines = NULL;
    sc->count = 0;
}
