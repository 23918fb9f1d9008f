/* grundy.c - the table generator (host program, run at build time).
 *
 * Derives every table the engine reads from the rule definitions in
 * rules.h, so no Grundy value is ever typed in:
 *   build/grundy NAME N                  print g(0) .. g(N-1) of a rule
 *   build/grundy --list                  list the rules
 *   build/grundy --emit-c FILE --heap-max M   write the PROGMEM tables
 *
 * g(n) is the Grundy value of one heap of n tokens for octal and
 * at-most-half rules, and of a single head on coin n (counted from 0) for
 * Mock Turtles. Values are computed by the definition: the mex (minimum
 * excluded value) of the values of all positions one move away. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define MAX_N 4096

typedef struct {
    const char *id;
    const char *name;
    int kind;
    const char *code;
    int form;
    uint8_t digit[MAX_N + 1]; /* digit[k]: octal digit for taking k */
} rule_t;

static rule_t rules[RULE_COUNT] = {
#define RULE_INIT(id, name, kind, code, form) {#id, name, kind, code, form, {0}},
    RULES(RULE_INIT)
#undef RULE_INIT
};

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "grundy: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

/* "0.d1d2...dk[*]" -> digit[1..]; '*' repeats dk for every larger k. */
static void rule_parse(rule_t *r)
{
    if (r->kind != KIND_OCTAL)
        return;
    const char *s = r->code;
    if (strncmp(s, "0.", 2) != 0)
        die("octal code must start with 0.: ", s);
    int k = 0;
    for (s += 2; *s && *s != '*'; s++) {
        if (*s < '0' || *s > '7')
            die("bad octal digit in ", r->code);
        if (++k > RULE_MAX_DIGITS)
            die("octal code longer than RULE_MAX_DIGITS: ", r->code);
        r->digit[k] = (uint8_t)(*s - '0');
    }
    if (k == 0)
        die("empty octal code: ", r->code);
    if (*s == '*') {
        if (s[1])
            die("'*' must end the code: ", r->code);
        for (int j = k + 1; j <= MAX_N; j++)
            r->digit[j] = r->digit[k];
    }
    if (r->form == FORM_HEAP)
        for (int j = 1; j <= MAX_N; j++)
            if (r->digit[j] & 4)
                die("a heap column cannot split: ", r->code);
}

static int mex(const uint8_t *seen, int n)
{
    int v = 0;
    while (v < n && seen[v])
        v++;
    return v;
}

/* g[0..n-1] for a rule, by the definition. */
static void rule_sequence(const rule_t *r, int n, int *g)
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
        } else { /* KIND_TURTLES: head on coin x turns to tails, 0..2 coins below turn over */
            seen[0] = 1;
            for (int a = 0; a < x; a++) {
                seen[g[a]] = 1;
                for (int b = 0; b < a; b++)
                    seen[g[a] ^ g[b]] = 1;
            }
        }
        g[x] = mex(seen, (int)sizeof seen);
    }
}

/* May a heap (or a run of pins) of n lose k tokens? Taking k may leave 0
 * parts (k = n), 1 (k < n) or 2 (a block inside, k <= n - 2; pin rules
 * only, rule_parse refuses a split in a heap rule). */
static int heap_move_ok(const rule_t *r, int n, int k)
{
    if (k < 1 || k > n)
        return 0;
    if (r->kind == KIND_HALF)
        return k <= n / 2;
    uint8_t d = r->digit[k];
    return ((d & 1) && k == n) || ((d & 2) && k < n) || ((d & 4) && k + 2 <= n);
}

static int heap_has_move(const rule_t *r, int n)
{
    for (int k = 1; k <= n; k++)
        if (heap_move_ok(r, n, k))
            return 1;
    return 0;
}

/* Column value of an 8-cell mask for the mask forms. */
static int mask_value(const rule_t *r, const int *g, unsigned m)
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
static int mask_has_move(const rule_t *r, unsigned m)
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

/* One row of 4-bit values, two a byte, value i in the low nibble of byte
 * i/2 when i is even (the engine's nibble_at reads them). */
static void emit_nibbles(FILE *f, const int *v, int n, const char *what)
{
    fprintf(f, "    {");
    for (int i = 0; i < n; i += 2) {
        int lo = v[i], hi = i + 1 < n ? v[i + 1] : 0;
        if (lo > 15 || hi > 15)
            die("a value does not fit a nibble: ", what);
        fprintf(f, "0x%x%x%s", hi, lo, i + 2 < n ? ", " : "");
    }
    fprintf(f, "}, /* %s */\n", what);
}

static void emit_c(const char *path, int heap_max)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die("cannot write ", path);
    int first_mask = -1, first_coins = -1;
    for (int i = 0; i < RULE_COUNT; i++) {
        if (rules[i].form != FORM_HEAP && first_mask < 0)
            first_mask = i;
        if (rules[i].form == FORM_COINS && first_coins < 0)
            first_coins = i;
        if ((rules[i].form == FORM_HEAP && first_mask >= 0) || (rules[i].form != FORM_COINS && first_coins >= 0))
            die("rules.h must list the heap rules, then the pin and cell rules, then the coin rules: ", rules[i].id);
    }
    static int g[MAX_N + 1];

    fprintf(f, "/* Generated by build/grundy from firmware/engine/rules.h. Do not edit. */\n");
    fprintf(f, "#include \"tables.h\"\n\n");
    fprintf(f, "#if ENGINE_HEAP_MAX != %d\n#error \"tables generated for another board size\"\n#endif\n", heap_max);
    fprintf(f, "_Static_assert(RULE_FIRST_MASK == %d, \"rules.h and tables.h disagree\");\n", first_mask);
    fprintf(f, "_Static_assert(RULE_FIRST_COINS == %d, \"rules.h and tables.h disagree\");\n\n", first_coins);

    fprintf(f, "/* Octal digit for taking k = 1..%d tokens, then the digit for every\n"
               " * larger k, then the largest k with a digit (%d: the last one repeats);\n"
               " * 4 bits each. */\n", RULE_MAX_DIGITS, RULE_MAX_DIGITS + 1);
    fprintf(f, "const uint8_t rule_digits[RULE_COUNT][NIBBLE_BYTES(RULE_MAX_DIGITS + 2)] PROGMEM = {\n");
    for (int i = 0; i < RULE_COUNT; i++) {
        int d[RULE_MAX_DIGITS + 2], last = 0;
        for (int k = 1; k <= RULE_MAX_DIGITS + 1; k++)
            if ((d[k - 1] = rules[i].digit[k]))
                last = k;
        d[RULE_MAX_DIGITS + 1] = last;
        emit_nibbles(f, d, RULE_MAX_DIGITS + 2, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Grundy value of a heap column of height 0..%d; 4 bits each. */\n", TABLE_ROWS);
    fprintf(f, "const uint8_t heap_grundy[RULE_FIRST_MASK][NIBBLE_BYTES(TABLE_ROWS + 1)] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        rule_sequence(&rules[i], TABLE_ROWS + 1, g);
        emit_nibbles(f, g, TABLE_ROWS + 1, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Bit n: a heap column of n has a move (SUBTRACT 23: not a heap of 1). */\n");
    fprintf(f, "const uint16_t heap_moves[RULE_FIRST_MASK] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        unsigned bits = 0;
        for (int n = 1; n <= TABLE_ROWS; n++)
            if (heap_has_move(&rules[i], n))
                bits |= 1u << n;
        /* the engine takes a heap taller than a column to have a move */
        for (int n = TABLE_ROWS + 1; n <= heap_max; n++)
            if (!heap_has_move(&rules[i], n))
                die("a heap taller than a column has no move: ", rules[i].id);
        fprintf(f, "    0x%03x, /* %s */\n", bits, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Grundy value of a whole column, indexed by its 8-cell mask, in bits\n"
               " * 0..2, and MASK_HAS_MOVE when the column has a move; 4 bits each. */\n");
    fprintf(f, "const uint8_t mask_grundy[RULE_FIRST_COINS - RULE_FIRST_MASK][128] PROGMEM = {\n");
    for (int i = first_mask; i < first_coins; i++) {
        static int v[256];
        rule_sequence(&rules[i], 9, g);
        for (unsigned m = 0; m < 256; m++) {
            v[m] = mask_value(&rules[i], g, m);
            if (v[m] >= MASK_HAS_MOVE)
                die("a column value does not fit 3 bits: ", rules[i].id);
            if (mask_has_move(&rules[i], m))
                v[m] |= MASK_HAS_MOVE;
            else if (v[m])
                die("a column without a move has a nonzero value: ", rules[i].id);
        }
        emit_nibbles(f, v, 256, rules[i].id);
    }
    fprintf(f, "};\n\n");

    fprintf(f, "/* Coin rules: the value of a single head on coin 0..%d; a column's value\n"
               " * is the XOR of its heads' values. */\n", TABLE_ROWS - 1);
    fprintf(f, "const uint8_t coin_grundy[RULE_COUNT - RULE_FIRST_COINS][TABLE_ROWS] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COUNT; i++) {
        rule_sequence(&rules[i], TABLE_ROWS, g);
        fprintf(f, "    {");
        for (int n = 0; n < TABLE_ROWS; n++)
            fprintf(f, "%d%s", g[n], n + 1 < TABLE_ROWS ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "/* ... and back: the coin whose single head has value v (0..15), or 0xFF. */\n");
    fprintf(f, "const uint8_t coin_index[RULE_COUNT - RULE_FIRST_COINS][16] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COUNT; i++) {
        int idx[16];
        rule_sequence(&rules[i], TABLE_ROWS, g);
        for (int v = 0; v < 16; v++)
            idx[v] = 0xFF;
        for (int n = TABLE_ROWS - 1; n >= 0; n--) {
            if (g[n] > 15)
                die("a coin value does not fit 4 bits: ", rules[i].id);
            idx[g[n]] = n;
        }
        fprintf(f, "    {");
        for (int v = 0; v < 16; v++)
            fprintf(f, "0x%02x%s", idx[v], v < 15 ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");

    /* One-heap form. A rule whose moves are bounded (no repeating digit)
     * has an eventually periodic list of P-positions: only its first
     * start + period bits are kept, and the engine folds a bigger heap back
     * by the period. NIM and AT MOST HALF take up to the whole heap: their
     * hint scans the bits skipping empty bytes, so they are not folded; the
     * bytes after their last P-position are left out. */
    static uint8_t pm[2][MAX_N + 1];
    static uint8_t bits[4096];
    int nbits = 0; /* bytes of oneheap_bits so far */
    fprintf(f, "/* One-heap form: P-positions of a heap of n, [0] normal play (g(n) = 0),\n"
               " * [1] misere (last move loses). Bit n of the entry's bits, n folded back\n"
               " * by the period once it reaches start + period (period 0: no fold,\n"
               " * 'start' bytes kept, every heap past them N). */\n");
    fprintf(f, "const oneheap_seq_t oneheap_seq[RULE_FIRST_MASK][2] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        const rule_t *r = &rules[i];
        rule_sequence(r, heap_max + 1, g);
        for (int n = 0; n <= heap_max; n++) {
            /* Misere: no move at all means the player to move has won. */
            int any = 0, to_p = 0;
            for (int k = 1; k <= n; k++)
                if (heap_move_ok(r, n, k)) {
                    any = 1;
                    to_p |= pm[1][n - k];
                }
            pm[0][n] = g[n] == 0;
            pm[1][n] = any && !to_p;
        }
        int bounded = r->kind == KIND_OCTAL && r->digit[RULE_MAX_DIGITS + 1] == 0;
        fprintf(f, "    {");
        for (int mis = 0; mis < 2; mis++) {
            int start = 0, period = 0, len = heap_max + 1;
            /* the shortest start + period that reproduces every heap */
            for (int l = 2; bounded && l <= heap_max && !period; l++)
                for (int L = 1; L <= l && L <= 255 && !period; L++) {
                    int st = l - L, ok = st <= 255;
                    for (int n = l; n <= heap_max && ok; n++)
                        ok = pm[mis][n] == pm[mis][st + (n - st) % L];
                    if (ok) {
                        start = st;
                        period = L;
                        len = l;
                    }
                }
            if (!period) {
                /* no fold: keep the bytes up to the last P-position, their
                 * count in 'start'; every heap past them is N */
                for (len = 0, start = 0; start <= heap_max; start++)
                    if (pm[mis][start])
                        len = start + 1;
                start = (len + 7) / 8;
            }
            if (nbits > 255)
                die("one-heap bits do not fit a byte offset: ", r->id);
            fprintf(f, "{%d, %d, %d}%s", nbits, start, period, mis ? "" : ", ");
            for (int n = 0; n < len; n++)
                if (pm[mis][n])
                    bits[nbits + n / 8] |= (uint8_t)(1u << (n % 8));
            nbits += (len + 7) / 8;
        }
        fprintf(f, "}, /* %s */\n", r->id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "const uint8_t oneheap_bits[%d] PROGMEM = {", nbits);
    for (int b = 0; b < nbits; b++)
        fprintf(f, "%s0x%02x%s", b % 12 ? " " : "\n    ", bits[b], b + 1 < nbits ? "," : "\n");
    fprintf(f, "};\n");
    if (fclose(f) != 0)
        die("write failed: ", path);
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

static const rule_t *rule_find(const char *name)
{
    for (int i = 0; i < RULE_COUNT; i++)
        if (name_eq(name, rules[i].id) || name_eq(name, rules[i].name))
            return &rules[i];
    return NULL;
}

int main(int argc, char **argv)
{
    for (int i = 0; i < RULE_COUNT; i++)
        rule_parse(&rules[i]);
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (int i = 0; i < RULE_COUNT; i++)
            printf("%-8s %-14s %s\n", rules[i].id, rules[i].name, rules[i].kind == KIND_OCTAL ? rules[i].code : rules[i].kind == KIND_HALF ? "at-most-half" : "mock-turtles");
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "--emit-c") && !strcmp(argv[3], "--heap-max")) {
        int m = atoi(argv[4]);
        if (m < 8 || m > MAX_N || m % 8)
            die("--heap-max must be a multiple of 8 up to ", "4096");
        emit_c(argv[2], m);
        return 0;
    }
    if (argc == 3) {
        const rule_t *r = rule_find(argv[1]);
        char *end;
        long n = strtol(argv[2], &end, 10);
        if (!r)
            die("unknown rule (see --list): ", argv[1]);
        if (*end || n < 1 || n > MAX_N)
            die("length must be 1..4096: ", argv[2]);
        static int g[MAX_N + 1];
        rule_sequence(r, (int)n, g);
        for (int i = 0; i < n; i++)
            printf("%d%c", g[i], i + 1 < n ? ' ' : '\n');
        return 0;
    }
    fprintf(stderr, "usage: grundy NAME N | grundy --list | grundy --emit-c FILE --heap-max M\n");
    return 2;
}
