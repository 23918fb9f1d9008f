/* emit_misere.c - the misere tables the engine reads (table generator,
 * --emit-c, emit.c calls it): a tame rule's bits, a wild rule's quotient.
 * Every rule's quotient is computed and proved first (misere.c,
 * misere_proof.c). */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#define MISERE_STATES_EMIT 256

/* Tame rules are played as misere Nim on the column values and need only,
 * per column state, whether a move reaches a column worth 1 (the move out
 * of "every column worth 0"). Reads the generators of r (mgame). */
static void misere_one(const rule_t *r, int *one)
{
    for (int st = 0; st < mcol_states(r); st++) {
        uint8_t g[4];
        int k = mcol_gens(r, st, g), all = 0;
        one[st] = 0;
        for (int j = 0; j < k; j++)
            all ^= mgame.grundy[g[j]];
        for (int j = 0; j < k; j++)
            for (int o = 0; o < mgame.nopt[g[j]]; o++) {
                int v = all ^ mgame.grundy[g[j]];
                for (int t = 0; t < 2; t++)
                    if (mgame.opt[g[j]][o][t] != 0xFF)
                        v ^= mgame.grundy[mgame.opt[g[j]][o][t]];
                if (v == 1 && mcol_valid(r, st))
                    one[st] = 1;
            }
    }
}

static void emit_misere_tame(FILE *f, const mq_t *q, const int *wild, int one[][256], int first_mask)
{
    fprintf(f, "\n/* Misere play in columns. Every rule's misere quotient was proved by\n"
               " * build/grundy (build/grundy --misere NAME prints it). Tame rules:");
    for (int i = 0; i < RULE_COLUMN_COUNT; i++)
        if (q[i].tame)
            fprintf(f, " %s", rules[i].id);
    fprintf(f, ";\n * wild:");
    for (int i = 0; i < RULE_COLUMN_COUNT; i++)
        if (!q[i].tame)
            fprintf(f, " %s (%d elements)", rules[i].id, q[i].n);
    fprintf(f, ". */\n/* Index into the wild tables, or 0xFF: misere Nim on the column values. */\n");
    fprintf(f, "const uint8_t misere_wild[RULE_COUNT] PROGMEM = {");
    for (int i = 0; i < RULE_COUNT; i++)
        fprintf(f, "%s0x%02x", i ? ", " : "", wild[i] < 0 ? 0xFF : wild[i]);
    int heaps = 0;
    for (int i = 0; i < first_mask; i++)
        heaps += !q[i].tame;
    fprintf(f, "};\n/* Wild heap rules: how many (none: the wild hint has no heap search). */\n"
               "const uint8_t misere_wild_heaps = %d;\n", heaps);
    fprintf(f, "\n/* Tame rules, a column worth 0: bit n, a move reaches a column worth 1. */\n");
    fprintf(f, "const uint16_t misere_one_heap[RULE_FIRST_MASK] PROGMEM = {");
    for (int i = 0; i < first_mask; i++) {
        unsigned b = 0;
        for (int st = 0; st <= TABLE_ROWS; st++)
            b |= (unsigned)one[i][st] << st;
        fprintf(f, "%s0x%03x", i ? ", " : "", b);
    }
    /* Mask rules: rows from the first tame one to the last, as a wild
     * rule's row is never read (none tame: one row, C has no empty array) */
    int lo = -1, hi = first_mask;
    for (int i = first_mask; i < RULE_COLUMN_COUNT; i++)
        if (q[i].tame)
            lo = lo < 0 ? i : lo, hi = i;
    lo = lo < 0 ? hi : lo;
    fprintf(f, "};\nconst uint8_t misere_one_first = %d;\nconst uint8_t misere_one_mask[][32] PROGMEM = {\n", lo);
    for (int i = lo; i <= hi; i++) {
        fprintf(f, "    {");
        for (int b = 0; b < 32; b++) {
            unsigned v = 0;
            for (int j = 0; j < 8; j++)
                v |= (unsigned)one[i][b * 8 + j] << j;
            fprintf(f, "0x%02x%s", v, b < 31 ? ", " : "");
        }
        fprintf(f, "}, /* %s */\n", rules[i].id);
    }
    fprintf(f, "};\n\n");
}

/* A wild rule's row of one table: v[] starts zeroed, the rule's
 * generators are built (mgame), its quotient q is canonical. */
typedef void wild_fill_fn(const rule_t *r, const mq_t *q, int *v);

/* Each column state's element (MISERE_ELEMS <= 12: a nibble). */
static void wild_fill_elem(const rule_t *r, const mq_t *q, int *v)
{
    for (int st = 0; st < mcol_states(r); st++) {
        uint8_t g[4];
        if (mcol_valid(r, st))
            v[st] = mq_prod_gens(q, g, mcol_gens(r, st, g));
    }
}

/* Each column state's reach: bit e, a move in it leaves the column of
 * element e. */
static int reach_of(const rule_t *r, const mq_t *q, int st)
{
    uint8_t g[4];
    int v = 0, k = mcol_gens(r, st, g);
    for (int j = 0; j < k; j++) {
        uint8_t rest = 0;
        for (int o = 0; o < k; o++)
            if (o != j)
                rest = q->mul[rest][q->gen[g[o]]];
        for (int o = 0; o < mgame.nopt[g[j]]; o++)
            v |= 1 << q->mul[rest][mq_opt_elem(q, g[j], o)];
    }
    return v;
}

/* Each column state's class: its element and reach (bits 12..15 and
 * 0..11) are the same for many states (KAYLES: 21 classes of 256), so a
 * state holds its class's number and each class is written once. A pin
 * or cell rule's class holds its normal-play table entry too (bits
 * 16..19; KAYLES': as many classes), so a folded rule (emit_misere) reads
 * its column values through its classes. */
static int wild_class[256], wild_classes;
static int fold_first, fold_end, fold_classes;   /* folded rules: [first, end) */
static void wild_fill_class(const rule_t *r, const mq_t *q, int *v)
{
    static int el[MISERE_STATES_EMIT], g[MAX_N + 1];
    int mask = r->form == FORM_PINS || r->form == FORM_CELLS, i = (int)(r - rules);
    memset(el, 0, sizeof el);
    wild_fill_elem(r, q, el);
    if (mask)
        rule_sequence(r, 9, g);
    for (int st = 0; st < MISERE_STATES_EMIT; st++) {
        int k = el[st] << 12 | (st < mcol_states(r) && mcol_valid(r, st) ? reach_of(r, q, st) : 0), c = 0;
        if (mask)
            k |= (mask_entry(r, g, (unsigned)st) | 16) << 16;   /* 16: an entry */
        /* a class without an entry (a coin rule's) takes one */
        while (c < wild_classes && wild_class[c] != k &&
               ((wild_class[c] ^ k) & 0xFFFF || (wild_class[c] >> 16 && k >> 16)))
            c++;
        if (c == 256)
            gen_die("over 256 classes of column states: ", r->id);
        if (c == wild_classes)
            wild_class[wild_classes++] = k;
        wild_class[c] |= k;
        v[st] = c;
        if (i >= fold_first && i < fold_end && c >= fold_classes)
            fold_classes = c + 1;
    }
}

static void wild_fill_mul(const rule_t *r, const mq_t *q, int *v)
{
    (void)r;
    for (int a = 0; a < q->n; a++)
        for (int b = 0; b < q->n; b++)
            v[a * MISERE_ELEMS + b] = q->mul[a][b];
}

/* For each element a, bit b: a b is in P (the reply's winning partners). */
static void wild_fill_partner(const rule_t *r, const mq_t *q, int *v)
{
    (void)r;
    for (int a = 0; a < q->n; a++)
        for (int c = 0; c < q->n; c++)
            if (mq_in_p(q, q->mul[a][c]))
                v[a] |= 1 << c;
}

/* One row of n values, per_line to a line, decimal or 16-bit hex. */
static void emit_row(FILE *f, const int *v, int n, int per_line, int hex, const char *what)
{
    fprintf(f, "    {");
    for (int i = 0; i < n; i++)
        fprintf(f, hex ? "%s0x%04x" : "%s%d", i % per_line ? ", " : i ? ",\n     " : "", v[i]);
    fprintf(f, "}, /* %s */\n", what);
}

/* A wild table's rows: one per wild rule (rows[] holds their indices), or
 * a single row of zeros (index -1) when none is wild, as a C array may
 * not be empty. */
/* How a wild table's row is written: numbers, hex numbers, or 4-bit
 * values two a byte (emit_nibbles, which refuses a value over 15). */
enum { ROW_DEC, ROW_HEX, ROW_NIBBLES };

static void emit_wild_rows(FILE *f, const mq_t *q, const int *rows, int nrows, wild_fill_fn *fill, int n,
                           int per_line, int how)
{
    static int v[MISERE_STATES_EMIT];
    for (int w = 0; w < nrows; w++) {
        int i = rows[w];
        memset(v, 0, sizeof v);
        if (i >= 0) {
            mgame_build(&rules[i]);
            fill(&rules[i], &q[i], v);
        }
        if (how == ROW_NIBBLES)
            emit_nibbles(f, v, n, i >= 0 ? rules[i].id : "none");
        else
            emit_row(f, v, n, per_line, how == ROW_HEX, i >= 0 ? rules[i].id : "none");
    }
}

/* Does coin 0 change no state's class (row[s] == row[s ^ 1] everywhere)? */
static int coin0_free(const int *row)
{
    for (int st = 0; st < MISERE_STATES_EMIT; st += 2)
        if (row[st] != row[st + 1])
            return 0;
    return 1;
}

/* misere_state (tables.h): the wild rows' classes in one array, the full
 * rows first, then from the last row back each coin rule's row that coin
 * 0 never changes, halved (state >> 1); a pin or cell rule's row stays
 * full (the engine's block search reads it at the state). */
static void emit_wild_states(FILE *f, const mq_t *q, const int *rows, int nrows)
{
    static int cls[RULE_COUNT][MISERE_STATES_EMIT];
    int full = nrows;
    for (int w = 0; w < nrows; w++) {
        int i = rows[w];
        memset(cls[w], 0, sizeof cls[w]);
        if (i >= 0) {
            mgame_build(&rules[i]);
            wild_fill_class(&rules[i], &q[i], cls[w]); /* classes in row order */
        }
    }
    while (full > 0 && rows[full - 1] >= 0 && rules[rows[full - 1]].form == FORM_COINS &&
           coin0_free(cls[full - 1]))
        full--;
    fprintf(f, "const uint8_t misere_state_full = %d;\nconst uint8_t misere_state[] PROGMEM = {\n", full);
    for (int w = 0; w < nrows; w++) {
        int half = w >= full, n = half ? MISERE_STATES_EMIT / 2 : MISERE_STATES_EMIT;
        fprintf(f, "    /* %s%s */", rows[w] >= 0 ? rules[rows[w]].id : "none", half ? ", by state >> 1" : "");
        for (int i = 0; i < n; i++)
            fprintf(f, "%s%d,", i % 24 ? " " : "\n    ", cls[w][half ? 2 * i : i]);
        fprintf(f, "\n");
    }
}

static void emit_misere_wild(FILE *f, mq_t *q)
{
    int rows[RULE_COUNT], nrows = 0;
    for (int i = 0; i < RULE_COLUMN_COUNT; i++)
        if (!q[i].tame)
            rows[nrows++] = i;
    for (int w = 0; w < nrows; w++)
        if (q[rows[w]].n > MISERE_ELEMS) {
            fprintf(stderr, "grundy: %s's misere quotient has %d elements, the engine's tables hold %d "
                            "(MISERE_ELEMS, rules.h)\n", rules[rows[w]].id, q[rows[w]].n, MISERE_ELEMS);
            exit(1);
        }
    if (!nrows)
        rows[nrows++] = -1;
    fprintf(f, "/* Wild rules: each column state's class, and each class's element (the\n"
               " * low nibble of misere_class_elem) and the elements one move from it\n"
               " * reaches (bit e: bits 0..7 in misere_class_reach, 8..11 in the high\n"
               " * nibble of misere_class_elem). */\n");
    emit_wild_states(f, q, rows, nrows);
    for (int half = 0; half < 2; half++) {
        fprintf(f, "};\nconst uint8_t misere_class_%s[] PROGMEM = {", half ? "reach" : "elem");
        for (int c = 0; c < wild_classes || !c; c++) {
            int k = wild_class[c], b = half ? k & 0xFF : (k >> 12 & 15) | (k >> 8 & 15) << 4;
            fprintf(f, "%s0x%02x", c % 12 ? ", " : c ? ",\n    " : "\n    ", b);
        }
    }
    fprintf(f, "};\n/* The folded pin rules' classes (the first fold_classes): the column's\n"
               " * normal-play entry, as mask_grundy's. */\n");
    fprintf(f, "const uint8_t misere_fold[] PROGMEM = {");
    for (int c = 0; c < fold_classes || !c; c += 2) /* none folded: one 0, C has no empty array */
        fprintf(f, "%s0x%x%x", c ? ", " : "", c + 1 < fold_classes ? wild_class[c + 1] >> 16 & 15 : 0,
                c < fold_classes ? wild_class[c] >> 16 & 15 : 0);
    fprintf(f, "};\n/* Products: element a times b at nibble MISERE_ELEMS a + b; P (bit e); for\n"
               " * each element a the b with a b in P; the elements' names. */\n");
    fprintf(f, "const uint8_t misere_mul[][NIBBLE_BYTES(MISERE_ELEMS * MISERE_ELEMS)] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_mul, MISERE_ELEMS * MISERE_ELEMS, 0, ROW_NIBBLES);
    fprintf(f, "};\nconst uint16_t misere_p[] PROGMEM = {");
    for (int w = 0; w < nrows; w++)
        fprintf(f, "%s0x%04x", w ? ", " : "", rows[w] >= 0 ? (unsigned)q[rows[w]].p : 0u);
    fprintf(f, "};\nconst uint16_t misere_partner[][MISERE_ELEMS] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_partner, MISERE_ELEMS, 12, ROW_HEX);
    /* The elements' names: the canonical names of every wild rule's
     * quotient are one list's first names (KAYLES' 12: TWINS' 10 are its
     * first ten), so one list serves them all, 16 names long so the engine
     * skips to one; the build stops if a rule's names stop fitting it. */
    static char names[16][24];
    int nnames = 0;
    fprintf(f, "};\nconst char misere_names[] PROGMEM = /* the elements of");
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        if (q[i].tame)
            continue;
        mgame_build(&rules[i]);
        mq_canon(&q[i]); /* the names of this rule */
        for (int e = 0; e < q[i].n; e++) {
            if (e >= 16 || (e < nnames && strcmp(names[e], mq_names[e])))
                gen_die("the wild rules' element names are no longer one list", rules[i].id);
            if (e >= nnames)
                strcpy(names[nnames++], mq_names[e]);
        }
        fprintf(f, " %s", rules[i].id);
    }
    fprintf(f, " */\n    \"");
    for (int e = 0; e < 16; e++)
        fprintf(f, "%s\\0", e < nnames ? names[e] : "");
    fprintf(f, "\";\n");
}

/* Misere tables. Every rule's quotient is computed and proved (mq_compute
 * stops the build otherwise); a tame rule needs only misere_one's bits. A
 * wild rule gets its quotient: each column state's element, the elements
 * one move reaches, the products, P, and for each element the partners
 * whose product is in P. The wild pin and cell rules from first_mask on
 * whose row of the wild tables is their place among the mask rules
 * (KAYLES: the first of both) fold their column values into their
 * classes (misere_fold): the engine reads misere_state[rule -
 * RULE_FIRST_MASK] for them. Returns how many fold. */
int emit_misere(FILE *f, int first_mask, int first_coins)
{
    static mq_t q[RULE_COUNT];
    int nw = 0, wild[RULE_COUNT];
    static int one[RULE_COUNT][256];
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        mq_compute(&rules[i], &q[i]); /* builds rule i's generators */
        mq_canon(&q[i]);
        wild[i] = q[i].tame ? -1 : nw++;
        if (!q[i].tame && q[i].n > 16)
            gen_die("a wild misere quotient over 16 elements does not fit the engine's tables: ", rules[i].id);
        misere_one(&rules[i], one[i]);
    }
    for (int i = RULE_COLUMN_COUNT; i < RULE_COUNT; i++)
        wild[i] = -1; /* not played in columns: never read as wild */
    fold_first = fold_end = first_mask;
    while (fold_end < first_coins && wild[fold_end] == fold_end - first_mask)
        fold_end++;
    emit_misere_tame(f, q, wild, one, first_mask);
    emit_misere_wild(f, q);
    return fold_end - first_mask;
}
