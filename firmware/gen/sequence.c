/* sequence.c - the rules and their Grundy sequences (table generator).
 *
 * g(n) is the Grundy value of one heap of n tokens for octal and
 * at-most-half rules, and of a single head on coin n (counted from 0) for
 * the coin rules (Mock Turtles, Twins). Values are computed by the definition: the mex (minimum
 * excluded value) of the values of all positions one move away, so no
 * Grundy value is ever typed in. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

rule_t rules[RULE_COUNT] = {
#define RULE_X(num, id, name, kind, code, form) [RULE_##id] = {#id, name, kind, code, form, {0}},
    RULES(RULE_X)
#undef RULE_X
};

void gen_die(const char *msg, const char *arg)
{
    fprintf(stderr, "grundy: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

/* "0.d1d2...dk[*]" -> digit[1..]; '*' repeats dk for every larger k. */
void rule_parse(rule_t *r)
{
    if (r->kind != KIND_OCTAL)
        return;
    const char *s = r->code;
    if (strncmp(s, "0.", 2) != 0)
        gen_die("octal code must start with 0.: ", s);
    int k = 0;
    for (s += 2; *s && *s != '*'; s++) {
        if (*s < '0' || *s > '7')
            gen_die("bad octal digit in ", r->code);
        if (++k > RULE_MAX_DIGITS)
            gen_die("octal code longer than RULE_MAX_DIGITS: ", r->code);
        r->digit[k] = (uint8_t)(*s - '0');
    }
    if (k == 0)
        gen_die("empty octal code: ", r->code);
    if (*s == '*') {
        if (s[1])
            gen_die("'*' must end the code: ", r->code);
        for (int j = k + 1; j <= MAX_N; j++)
            r->digit[j] = r->digit[k];
    }
    if (r->form == FORM_HEAP)
        for (int j = 1; j <= MAX_N; j++)
            if (r->digit[j] & 4)
                gen_die("a heap column cannot split: ", r->code);
}

/* Any octal code as a rule of its own, as the toy's OWN GAME takes one
 * (firmware/engine/octal.c derives the same values on the chip), in the
 * form the chip gives it (own.c, octal_splits): rows of pins if a digit
 * splits, as KAYLES does, else heap columns, as TAKE 1-3; the misere
 * quotient depends on it. rule_parse refuses a bad code. One rule at a
 * time: each call reuses it. */
const rule_t *rule_from_code(const char *code)
{
    static rule_t r;
    memset(&r, 0, sizeof r);
    r.id = "CODE";
    r.name = code;
    r.kind = KIND_OCTAL;
    r.code = code;
    r.form = FORM_PINS; /* parsed as one that may split, then decided */
    rule_parse(&r);
    r.form = FORM_HEAP;
    for (int k = 1; k <= MAX_N; k++)
        if (r.digit[k] & 4)
            r.form = FORM_PINS;
    return &r;
}

int gen_mex(const uint8_t *seen, int n)
{
    int v = 0;
    while (v < n && seen[v])
        v++;
    return v;
}

/* g[0..n-1] for a rule, by the definition. */
void rule_sequence(const rule_t *r, int n, int *g)
{
    static uint8_t seen[MAX_N * 2 + 2];
    for (int x = 0; x < n; x++) {
        memset(seen, 0, sizeof seen);
        if (r->kind == KIND_OCTAL) {
            for (int k = 1; k <= x; k++) {
                uint8_t d = r->digit[k];
                if ((d & 1) && k == x)
                    seen[0] = 1;
                if ((d & 2) && k < x)
                    seen[g[x - k]] = 1;
                if (d & 4)
                    for (int a = 1; a < x - k; a++)
                        seen[g[a] ^ g[x - k - a]] = 1;
            }
        } else if (r->kind == KIND_HALF) {
            for (int k = 1; k <= x / 2; k++)
                seen[g[x - k]] = 1;
        } else { /* coins: head on coin x turns to tails, lo - 1 .. hi - 1 coins below turn over */
            int lo, hi;
            coin_turns(r, &lo, &hi);
            seen[0] = lo <= 1;
            for (int a = 0; a < x; a++) {
                seen[g[a]] |= lo <= 2 && hi >= 2;
                for (int b = 0; b < a && hi >= 3; b++)
                    seen[g[a] ^ g[b]] = 1;
            }
        }
        g[x] = gen_mex(seen, (int)sizeof seen);
    }
}

/* How many coins a coin rule's move turns over, the head included: Mock
 * Turtles one to three, Twins exactly two. */
void coin_turns(const rule_t *r, int *lo, int *hi)
{
    *lo = r->kind == KIND_TWINS ? 2 : 1;
    *hi = r->kind == KIND_TWINS ? 2 : 3;
}

/* May a heap (or a run of pins) of n lose k tokens? Taking k may leave 0
 * parts (k = n), 1 (k < n) or 2 (a block inside, k <= n - 2; pin rules
 * only, rule_parse refuses a split in a heap rule). */
int heap_move_ok(const rule_t *r, int n, int k)
{
    if (k < 1 || k > n)
        return 0;
    if (r->kind == KIND_HALF)
        return k <= n / 2;
    uint8_t d = r->digit[k];
    return ((d & 1) && k == n) || ((d & 2) && k < n) || ((d & 4) && k + 2 <= n);
}

int heap_has_move(const rule_t *r, int n)
{
    for (int k = 1; k <= n; k++)
        if (heap_move_ok(r, n, k))
            return 1;
    return 0;
}

/* Column value of an 8-cell mask for the mask forms. */
int mask_value(const rule_t *r, const int *g, unsigned m)
{
    unsigned runs;
    if (r->form == FORM_COINS) {
        int v = 0;
        for (int i = 0; i < 8; i++)
            if (m & (1u << i))
                v ^= g[i];
        return v;
    }
    if (r->form == FORM_PINS)
        runs = m;
    else /* FORM_CELLS: empty cells with no marked neighbour may be marked */
        runs = ~m & ~(m << 1) & ~(m >> 1) & 0xFFu;
    int v = 0, len = 0;
    for (int i = 0; i <= 8; i++) {
        if (i < 8 && (runs & (1u << i))) {
            len++;
        } else {
            v ^= g[len];
            len = 0;
        }
    }
    return v;
}

/* Does an 8-cell mask column have a move? Pins: some run has one. Cells:
 * some cell may still be marked (the engine's FORM_CELLS move). */
int mask_has_move(const rule_t *r, unsigned m)
{
    if (r->form == FORM_CELLS)
        return (~m & ~(m << 1) & ~(m >> 1) & 0xFFu) != 0;
    for (int i = 0, len = 0; i <= 8; i++) {
        if (i < 8 && (m & (1u << i))) {
            len++;
        } else {
            if (heap_has_move(r, len))
                return 1;
            len = 0;
        }
    }
    return 0;
}

/* Rule names in any case, as the PC link takes them (ASCII folding). */
static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = (char)(*a >= 'a' && *a <= 'z' ? *a - 32 : *a);
        char y = (char)(*b >= 'a' && *b <= 'z' ? *b - 32 : *b);
        if (x != y)
            return 0;
        if (!x)
            return 1;
    }
}

/* A rule by its id or its name, in any case; NULL if none. */
const rule_t *rule_find(const char *name)
{
    for (int i = 0; i < RULE_COUNT; i++)
        if (name_eq(name, rules[i].id) || name_eq(name, rules[i].name))
            return &rules[i];
    return NULL;
}
