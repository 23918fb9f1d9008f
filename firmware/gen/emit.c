/* emit.c - the C tables the engine reads (table generator, --emit-c).
 *
 * Every table is derived here from the rules, the misere ones from the
 * proved quotients (emit_misere.c); the engine's tables.h declares them. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* One row of 4-bit values, two a byte, value i in the low nibble of byte
 * i/2 when i is even (the engine's pgm_nibble reads them). */
static void emit_nibble_bytes(FILE *f, const int *v, int n, const char *what)
{
    for (int i = 0; i < n; i += 2) {
        int lo = v[i], hi = i + 1 < n ? v[i + 1] : 0;
        if (lo > 15 || hi > 15)
            gen_die("a value does not fit a nibble: ", what);
        fprintf(f, "0x%x%x%s", hi, lo, i + 2 < n ? ", " : "");
    }
}

void emit_nibbles(FILE *f, const int *v, int n, const char *what)
{
    fprintf(f, "    {");
    emit_nibble_bytes(f, v, n, what);
    fprintf(f, "}, /* %s */\n", what);
}

/* The rules' octal digits, as the engine's move generator reads them. */
static void emit_digits(FILE *f, int first_coins)
{
    fprintf(f, "/* Octal digit for taking k = 1..%d tokens, then the digit for every\n"
               " * larger k, then the largest k with a digit (%d: the last one repeats);\n"
               " * 4 bits each. The heap, pin and cell rules (a coin rule has none). */\n",
            RULE_MAX_DIGITS, RULE_MAX_DIGITS + 1);
    fprintf(f, "const uint8_t rule_digits[RULE_FIRST_COINS][NIBBLE_BYTES(RULE_MAX_DIGITS + 2)] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COLUMN_COUNT; i++)
        for (int k = 1; k <= RULE_MAX_DIGITS + 1; k++)
            if (rules[i].digit[k])
                gen_die("a coin rule has no octal digits: ", rules[i].id);
    for (int i = 0; i < first_coins; i++) {
        int d[RULE_MAX_DIGITS + 2], last = 0;
        for (int k = 1; k <= RULE_MAX_DIGITS + 1; k++)
            if ((d[k - 1] = rules[i].digit[k]))
                last = k;
        d[RULE_MAX_DIGITS + 1] = last;
        emit_nibbles(f, d, RULE_MAX_DIGITS + 2, rules[i].id);
    }
    fprintf(f, "};\n\n");
}

/* Heap rules, one column: its Grundy value and whether it has a move.
 * A row holds the values of heaps 0 .. nvals - 1 (a column's heaps, and
 * as many as the BINARY form's longest start + period), then the least
 * heap with a move (every bigger heap has one: checked here). */
static void emit_heaps(FILE *f, int first_mask, int heap_max, int nvals)
{
    static int g[MAX_N + 1], v[MAX_N + 2];

    if (nvals < TABLE_ROWS + 1)
        nvals = TABLE_ROWS + 1;
    fprintf(f, "/* Heap rules' rows of heap_row bytes: the Grundy values of heaps\n"
               " * 0..%d, then the least heap with a move (SUBTRACT 23: 2); 4 bits each. */\n",
            nvals - 1);
    fprintf(f, "const uint8_t heap_values = %d, heap_row = %d;\n", nvals, (nvals + 2) / 2);
    fprintf(f, "const uint8_t heap_grundy[] PROGMEM = {\n");
    for (int i = 0; i < first_mask; i++) {
        int first = 0;
        rule_sequence(&rules[i], nvals, g);
        for (int n = 0; n < nvals; n++)
            v[n] = rules[i].digit[MAX_N] && n > TABLE_ROWS ? 0 : g[n]; /* NIM: BINARY reads the heap */
        while (!heap_has_move(&rules[i], first))
            first++;
        /* the engine takes a heap from the least with a move on to have one */
        for (int n = first; n <= heap_max; n++)
            if (!heap_has_move(&rules[i], n))
                gen_die("a heap past the least with a move has none: ", rules[i].id);
        v[nvals] = first;
        fprintf(f, "    ");
        emit_nibble_bytes(f, v, nvals + 1, rules[i].id);
        fprintf(f, ", /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
}

/* A pin or cell column's table entry: its value (bits 0..2) and
 * MASK_HAS_MOVE when it has a move; g: the rule's values of runs 0..8. */
int mask_entry(const rule_t *r, const int *g, unsigned m)
{
    int v = mask_value(r, g, m);
    if (v >= MASK_HAS_MOVE)
        gen_die("a column value does not fit 3 bits: ", r->id);
    if (mask_has_move(r, m))
        return v | MASK_HAS_MOVE;
    if (v)
        gen_die("a column without a move has a nonzero value: ", r->id);
    return v;
}

/* Pin and cell rules: a whole column's value, looked up by its mask; the
 * rules before mask_first read theirs from their misere classes
 * (emit_misere.c: misere_fold), so they have no row here. The entries
 * go in blocks of MASK_BLOCK (the masks of one high nibble), each block
 * that differs from the others once in mask_pool (the rules share it),
 * and mask_block holds each rule's blocks' byte offsets there; every
 * entry is read back through both and checked. */
static void emit_masks(FILE *f, int mask_first, int first_coins)
{
    static int g[MAX_N + 1], v[RULE_COUNT][256], pool[RULE_COUNT * 256 / MASK_BLOCK][MASK_BLOCK];
    int at[RULE_COUNT][256 / MASK_BLOCK], npool = 0;

    if ((first_coins - mask_first) * (256 / MASK_BLOCK) > 256)
        gen_die("mask_block past an 8-bit index (the engine's mask_entry)", "");

    for (int i = mask_first; i < first_coins; i++) {
        rule_sequence(&rules[i], 9, g);
        for (unsigned m = 0; m < 256; m++)
            v[i][m] = mask_entry(&rules[i], g, m);
        for (int hi = 0; hi < 256 / MASK_BLOCK; hi++) {
            int b = 0;
            while (b < npool && memcmp(pool[b], &v[i][hi * MASK_BLOCK], sizeof pool[b]))
                b++;
            if (b == npool)
                memcpy(pool[npool++], &v[i][hi * MASK_BLOCK], sizeof pool[b]);
            at[i][hi] = b * MASK_BLOCK / 2;
            if (at[i][hi] > 255)
                gen_die("mask_pool past a byte's offset: ", rules[i].id);
        }
        for (unsigned m = 0; m < 256; m++)
            if (pool[at[i][m / MASK_BLOCK] * 2 / MASK_BLOCK][m % MASK_BLOCK] != v[i][m])
                gen_die("mask_pool does not read back: ", rules[i].id);
    }
    fprintf(f, "/* Grundy value of a whole column, indexed by its 8-cell mask, in bits\n"
               " * 0..2, and MASK_HAS_MOVE when the column has a move; 4 bits each:\n"
               " * entry m at nibble m %% %d of the block at byte mask_block[rule -\n"
               " * mask_first][m / %d] of mask_pool. The rules before mask_first:\n"
               " * misere_fold. */\n", MASK_BLOCK, MASK_BLOCK);
    fprintf(f, "_Static_assert(MASK_BLOCK == %d, \"tables.h and build/grundy disagree\");\n", MASK_BLOCK);
    fprintf(f, "const uint8_t mask_first = %d;\n", mask_first);
    fprintf(f, "const uint8_t mask_block[][256 / MASK_BLOCK] PROGMEM = {\n");
    for (int i = mask_first; i < first_coins; i++) {
        fprintf(f, "    {");
        for (int hi = 0; hi < 256 / MASK_BLOCK; hi++)
            fprintf(f, "%d%s", at[i][hi], hi + 1 < 256 / MASK_BLOCK ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    if (mask_first == first_coins)
        fprintf(f, "    {0}, /* none: C has no empty array */\n");
    fprintf(f, "};\nconst uint8_t mask_pool[] PROGMEM = {\n");
    for (int b = 0; b < npool || !b; b++) {
        fprintf(f, "    ");
        emit_nibble_bytes(f, pool[b], MASK_BLOCK, "mask_pool");
        fprintf(f, ",\n");
    }
    fprintf(f, "};\n\n");
}

/* Coin rules: a head's value, and the coin of a value (the reply's way
 * back). */
static void emit_coins(FILE *f, int first_coins)
{
    static int g[MAX_N + 1];

    fprintf(f, "/* Coin rules: the value of a single head on coin 0..%d; a column's value\n"
               " * is the XOR of its heads' values. */\n", TABLE_ROWS - 1);
    fprintf(f, "const uint8_t coin_grundy[RULE_COLUMN_COUNT - RULE_FIRST_COINS][TABLE_ROWS] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COLUMN_COUNT; i++) {
        rule_sequence(&rules[i], TABLE_ROWS, g);
        fprintf(f, "    {");
        for (int n = 0; n < TABLE_ROWS; n++)
            fprintf(f, "%d%s", g[n], n + 1 < TABLE_ROWS ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "/* ... and back: the coin whose single head has value v (0..15), or 0xFF. */\n");
    fprintf(f, "const uint8_t coin_index[RULE_COLUMN_COUNT - RULE_FIRST_COINS][16] PROGMEM = {\n");
    for (int i = first_coins; i < RULE_COLUMN_COUNT; i++) {
        int idx[16];
        rule_sequence(&rules[i], TABLE_ROWS, g);
        for (int v = 0; v < 16; v++)
            idx[v] = 0xFF;
        for (int n = TABLE_ROWS - 1; n >= 0; n--) {
            if (g[n] > 15)
                gen_die("a coin value does not fit 4 bits: ", rules[i].id);
            idx[g[n]] = n;
        }
        fprintf(f, "    {");
        for (int v = 0; v < 16; v++)
            fprintf(f, "0x%02x%s", idx[v], v < 15 ? ", " : "");
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "/* How many coins a move turns over, the head included: lo << 4 | hi. */\n");
    fprintf(f, "const uint8_t coin_turns[RULE_COLUMN_COUNT - RULE_FIRST_COINS] PROGMEM = {");
    for (int i = first_coins; i < RULE_COLUMN_COUNT; i++) {
        int lo, hi;
        coin_turns(&rules[i], &lo, &hi);
        if (lo < 1 || hi > 3 || lo > hi)
            gen_die("a coin move turns 1 to 3 coins: ", rules[i].id);
        fprintf(f, "%s0x%d%d", i > first_coins ? ", " : "", lo, hi);
    }
    fprintf(f, "};\n\n");
}

/* One-heap form: the engine reads a heap rule's one heap from its values
 * (the BINARY form's data, tables.h), P where it is worth 0 in normal
 * play and 1 in misere play: proved here against the definition (a heap
 * with no move is the mover's win in misere), for every heap the board
 * holds. A rule where misere's does not hold stops the build. */
static void check_oneheap(int first_mask, int heap_max)
{
    static int g[MAX_N + 1];
    static uint8_t mp[MAX_N + 1];
    for (int i = 0; i < first_mask; i++) {
        const rule_t *r = &rules[i];
        rule_sequence(r, heap_max + 1, g);
        for (int n = 0; n <= heap_max; n++) {
            int any = 0, to_p = 0;
            for (int k = 1; k <= n; k++)
                if (heap_move_ok(r, n, k)) {
                    any = 1;
                    to_p |= mp[n - k];
                }
            mp[n] = any && !to_p;
            if (mp[n] != (g[n] == 1))
                gen_die("one heap in misere play: P is not \"worth 1\": ", r->id);
        }
    }
}

/* Writes every table to path; the rules must come in tables.h's order. */
void emit_c(const char *path, int heap_max)
{
    FILE *f = fopen(path, "w");
    if (!f)
        gen_die("cannot write ", path);
    int first_mask = -1, first_coins = -1;
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        if (rules[i].form != FORM_HEAP && first_mask < 0)
            first_mask = i;
        if (rules[i].form == FORM_COINS && first_coins < 0)
            first_coins = i;
        if ((rules[i].form == FORM_HEAP && first_mask >= 0) || (rules[i].form != FORM_COINS && first_coins >= 0))
            gen_die("rules.h must list the heap rules, then the pin and cell rules, then the coin rules: ", rules[i].id);
    }
    fprintf(f, "/* Generated by build/grundy from firmware/engine/rules.h. Do not edit. */\n");
    fprintf(f, "#include \"tables.h\"\n\n");
    fprintf(f, "#if ENGINE_HEAP_MAX != %d\n#error \"tables generated for another board size\"\n#endif\n", heap_max);
    fprintf(f, "_Static_assert(RULE_FIRST_MASK == %d, \"rules.h and tables.h disagree\");\n", first_mask);
    fprintf(f, "_Static_assert(RULE_FIRST_COINS == %d, \"rules.h and tables.h disagree\");\n\n", first_coins);
    emit_digits(f, first_coins);
    /* the BINARY folds first: the heap rows hold the values before them */
    emit_heaps(f, first_mask, heap_max, emit_binary(f, first_mask));
    emit_coins(f, first_coins);
    check_oneheap(first_mask, heap_max);
    emit_ed(f);
    /* the misere classes first: a wild pin rule's values fold into them */
    emit_masks(f, first_mask + emit_misere(f, first_mask, first_coins), first_coins);
    if (fclose(f) != 0)
        gen_die("write failed: ", path);
}
