/* course_engine.c - the toy's own engine answering the course's claims.
 *
 * Built from firmware/engine's sources (the host objects the engine tests
 * link), it reads one query a line on stdin and answers one line on
 * stdout, so tests/docs/check_course.py can check every number of every
 * lesson against the engine the toy plays with, never against a second
 * copy of the answers. Queries:
 *
 *   rules                      OK <n> <name>|<name>|...   (the rules, rules.h order)
 *   own <0.ddd[*]>             OK HEAP|SPLITS / ERR <why>  (your own code, as GAME OCTAL)
 *   q <rule> <mode> <v0> ... [/ <r0> <r1> ...]
 *       a position of rule (number, or own for the code set) in mode
 *       (engine_mode bits), one value a column (one heap: the stones;
 *       a SUM's column rules after the slash):
 *       OK <P|N> <nim-sum> <g0>,<g1>,... <w1> <w2> ...
 *       where g are the column values (one heap: its value by the mex
 *       rule) and each w is the position after one winning move, its
 *       values joined by commas, every winning move the engine's move
 *       list holds, in that list's order; ERR <engine_err> if the engine
 *       refuses the position or the mode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static void pos_print(const engine_pos_t *p)
{
    if (engine_is_oneheap(p)) {
        printf("%u", p->heap);
        return;
    }
    for (uint8_t c = 0; c < p->ncols; c++)
        printf(c ? ",%u" : "%u", p->col[c]);
}

static void query(char *args)
{
    engine_pos_t p;
    memset(&p, 0, sizeof p);
    char *tok = strtok(args, " \t");
    if (!tok) {
        puts("ERR ARGS");
        return;
    }
    p.rule = strcmp(tok, "own") == 0 ? RULE_OWN : (uint8_t)atoi(tok);
    tok = strtok(NULL, " \t");
    if (!tok) {
        puts("ERR ARGS");
        return;
    }
    p.mode = (uint8_t)atoi(tok);
    uint8_t n = 0, nr = 0;
    bool slash = false;
    while ((tok = strtok(NULL, " \t")) != NULL) {
        if (strcmp(tok, "/") == 0) {
            slash = true;
            continue;
        }
        long v = strtol(tok, NULL, 0);
        if (slash) {
            if (nr >= ENGINE_COLS) {
                puts("ERR COLS");
                return;
            }
            p.rules[nr++] = (uint8_t)v;
        } else if (engine_is_oneheap(&p)) {
            if (n++ || v < 0 || v > ENGINE_HEAP_MAX) {
                puts("ERR HEAP");
                return;
            }
            p.heap = (uint16_t)v;
        } else {
            if (n >= ENGINE_COLS || v < 0 || v > 255) {
                puts("ERR COLS");
                return;
            }
            p.col[n++] = (uint8_t)v;
        }
    }
    p.ncols = engine_is_oneheap(&p) ? 1 : n;
    if (p.rule == RULE_OWN)
        engine_own_pack(&p);
    if (!engine_is_sum(&p) && !engine_mode_allowed(p.rule, p.mode)) {
        printf("ERR %u\n", ENGINE_ERR_MODE);
        return;
    }
    if (p.rule == RULE_OWN && engine_own_refused(p.mode)) {
        printf("ERR OWN %u\n", engine_own_refused(p.mode));
        return;
    }
    uint8_t e = engine_check_pos(&p);
    if (e) {
        printf("ERR %u\n", e);
        return;
    }
    bool colsum = engine_is_col_sum(&p);
    printf("OK %c %u ", engine_is_p(&p) ? 'P' : 'N', colsum ? engine_nimsum(&p) : 0);
    if (engine_is_oneheap(&p))
        printf("%u", engine_oneheap_grundy(&p));
    else
        for (uint8_t c = 0; c < p.ncols; c++)
            printf(c ? ",%u" : "%u", colsum ? engine_col_grundy(&p, c) : 0);
    engine_move_t m;
    for (bool more = engine_move_first(&p, &m); more; more = engine_move_next(&p, &m)) {
        engine_pos_t q = p;
        engine_apply(&q, m);
        if (engine_is_p(&q)) {
            putchar(' ');
            pos_print(&q);
        }
    }
    putchar('\n');
}

static void own(char *code)
{
    octal_code_t c;
    memset(&c, 0, sizeof c);
    while (*code == ' ')
        code++;
    if (strncmp(code, "0.", 2) != 0) {
        puts("ERR CODE");
        return;
    }
    for (const char *s = code + 2; *s && *s != '\n' && *s != ' '; s++) {
        if (*s == '*') {
            c.repeat = 1;
            break;
        }
        if (*s < '0' || *s > '9' || c.len >= RULE_MAX_DIGITS) {
            puts("ERR CODE");
            return;
        }
        c.digit[c.len++] = (uint8_t)(*s - '0');
    }
    uint8_t e = engine_own_set(&c);
    if (e)
        printf("ERR CODE %u\n", e);
    else
        puts(octal_splits(&c) ? "OK SPLITS" : "OK HEAP");
}

int main(void)
{
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (strcmp(line, "rules") == 0) {
            printf("OK %u ", RULE_COUNT);
            for (uint8_t r = 0; r < RULE_COUNT; r++)
                printf(r ? "|%s" : "%s", engine_rule_name(r));
            putchar('\n');
        } else if (strncmp(line, "own ", 4) == 0) {
            own(line + 4);
        } else if (strncmp(line, "q ", 2) == 0) {
            query(line + 2);
        } else {
            puts("ERR QUERY");
        }
        fflush(stdout);
    }
    return 0;
}
