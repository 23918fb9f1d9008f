/* emit.c - the C tables the engine reads (table generator, --emit-c).
 *
 * Every table is derived here from the rules and the proved misere
 * quotients; the engine's tables.h declares them. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#define MISERE_STATES_EMIT 256

/* One row of 4-bit values, two a byte, value i in the low nibble of byte
 * i/2 when i is even (the engine's nibble_at reads them). */
static void emit_nibbles(FILE *f, const int *v, int n, const char *what)
{
    fprintf(f, "    {");
    for (int i = 0; i < n; i += 2) {
        int lo = v[i], hi = i + 1 < n ? v[i + 1] : 0;
        if (lo > 15 || hi > 15)
            gen_die("a value does not fit a nibble: ", what);
        fprintf(f, "0x%x%x%s", hi, lo, i + 2 < n ? ", " : "");
    }
    fprintf(f, "}, /* %s */\n", what);
}

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
    fprintf(f, "};\n\n/* Tame rules, a column worth 0: bit n, a move reaches a column worth 1. */\n");
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

/* ... its low byte, a byte a state ... */
static void wild_fill_reach_lo(const rule_t *r, const mq_t *q, int *v)
{
    for (int st = 0; st < mcol_states(r); st++)
        if (mcol_valid(r, st))
            v[st] = reach_of(r, q, st) & 0xFF;
}

/* ... and its bits 8..11, a nibble a state. */
static void wild_fill_reach_hi(const rule_t *r, const mq_t *q, int *v)
{
    for (int st = 0; st < mcol_states(r); st++)
        if (mcol_valid(r, st))
            v[st] = reach_of(r, q, st) >> 8;
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
    fprintf(f, "/* Wild rules: each column state's element, two a byte (state 2i low). */\n");
    fprintf(f, "const uint8_t misere_elem[][128] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_elem, 256, 0, ROW_NIBBLES);
    fprintf(f, "};\n/* ... and the elements one move from it reaches (bit e): bits 0..7 a byte,\n"
               " * 8..11 a nibble (state 2i low). */\n");
    fprintf(f, "const uint8_t misere_reach_lo[][256] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_reach_lo, 256, 24, ROW_DEC);
    fprintf(f, "};\nconst uint8_t misere_reach_hi[][128] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_reach_hi, 256, 0, ROW_NIBBLES);
    fprintf(f, "};\n/* Products: element a times b at nibble MISERE_ELEMS a + b; P (bit e); for\n"
               " * each element a the b with a b in P; the elements' names. */\n");
    fprintf(f, "const uint8_t misere_mul[][NIBBLE_BYTES(MISERE_ELEMS * MISERE_ELEMS)] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_mul, MISERE_ELEMS * MISERE_ELEMS, 0, ROW_NIBBLES);
    fprintf(f, "};\nconst uint16_t misere_p[] PROGMEM = {");
    for (int w = 0; w < nrows; w++)
        fprintf(f, "%s0x%04x", w ? ", " : "", rows[w] >= 0 ? (unsigned)q[rows[w]].p : 0u);
    fprintf(f, "};\nconst uint16_t misere_partner[][16] PROGMEM = {\n");
    emit_wild_rows(f, q, rows, nrows, wild_fill_partner, 16, 16, ROW_HEX);
    fprintf(f, "};\nconst char misere_names[] PROGMEM =");
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        if (q[i].tame)
            continue;
        mgame_build(&rules[i]);
        mq_canon(&q[i]); /* the names of this rule */
        fprintf(f, "\n    \"");
        for (int e = 0; e < 16; e++) /* 16 a rule, so the engine skips to one */
            fprintf(f, "%s\\0", e < q[i].n ? mq_names[e] : "");
        fprintf(f, "\" /* %s */", rules[i].id);
    }
    fprintf(f, " \"\";\n");
}

/* Misere tables. Every rule's quotient is computed and proved (mq_compute
 * stops the build otherwise); a tame rule needs only misere_one's bits. A
 * wild rule gets its quotient: each column state's element, the elements
 * one move reaches, the products, P, and for each element the partners
 * whose product is in P. */
static void emit_misere(FILE *f, int first_mask)
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
    emit_misere_tame(f, q, wild, one, first_mask);
    emit_misere_wild(f, q);
}

/* The rules' octal digits, as the engine's move generator reads them. */
static void emit_digits(FILE *f)
{
    fprintf(f, "/* Octal digit for taking k = 1..%d tokens, then the digit for every\n"
               " * larger k, then the largest k with a digit (%d: the last one repeats);\n"
               " * 4 bits each. */\n", RULE_MAX_DIGITS, RULE_MAX_DIGITS + 1);
    fprintf(f, "const uint8_t rule_digits[RULE_COLUMN_COUNT][NIBBLE_BYTES(RULE_MAX_DIGITS + 2)] PROGMEM = {\n");
    for (int i = 0; i < RULE_COLUMN_COUNT; i++) {
        int d[RULE_MAX_DIGITS + 2], last = 0;
        for (int k = 1; k <= RULE_MAX_DIGITS + 1; k++)
            if ((d[k - 1] = rules[i].digit[k]))
                last = k;
        d[RULE_MAX_DIGITS + 1] = last;
        emit_nibbles(f, d, RULE_MAX_DIGITS + 2, rules[i].id);
    }
    fprintf(f, "};\n\n");
}

/* Heap rules, one column: its Grundy value and whether it has a move. */
static void emit_heaps(FILE *f, int first_mask, int heap_max)
{
    static int g[MAX_N + 1];

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
                gen_die("a heap taller than a column has no move: ", rules[i].id);
        fprintf(f, "    0x%03x, /* %s */\n", bits, rules[i].id);
    }
    fprintf(f, "};\n\n");
}

/* Pin and cell rules: a whole column's value, looked up by its mask. */
static void emit_masks(FILE *f, int first_mask, int first_coins)
{
    static int g[MAX_N + 1];

    fprintf(f, "/* Grundy value of a whole column, indexed by its 8-cell mask, in bits\n"
               " * 0..2, and MASK_HAS_MOVE when the column has a move; 4 bits each. */\n");
    fprintf(f, "const uint8_t mask_grundy[RULE_FIRST_COINS - RULE_FIRST_MASK][128] PROGMEM = {\n");
    for (int i = first_mask; i < first_coins; i++) {
        static int v[256];
        rule_sequence(&rules[i], 9, g);
        for (unsigned m = 0; m < 256; m++) {
            v[m] = mask_value(&rules[i], g, m);
            if (v[m] >= MASK_HAS_MOVE)
                gen_die("a column value does not fit 3 bits: ", rules[i].id);
            if (mask_has_move(&rules[i], m))
                v[m] |= MASK_HAS_MOVE;
            else if (v[m])
                gen_die("a column without a move has a nonzero value: ", rules[i].id);
        }
        emit_nibbles(f, v, 256, rules[i].id);
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

/* pm[0][n], pm[1][n]: a heap of n is P in normal, in misere play. */
static void oneheap_p(const rule_t *r, int heap_max, uint8_t pm[2][MAX_N + 1])
{
    static int g[MAX_N + 1];
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
}

/* How much of p[0..heap_max] to keep: the shortest start + period that
 * reproduces every heap, when the rule is bounded; else (period 0) the
 * bytes up to the last P-position, their count in start. Returns the
 * bits kept. */
static int oneheap_fold(const uint8_t *p, int heap_max, int bounded, int *start, int *period)
{
    int len = heap_max + 1;
    *start = *period = 0;
    for (int l = 2; bounded && l <= heap_max && !*period; l++)
        for (int L = 1; L <= l && L <= 255 && !*period; L++) {
            int st = l - L, ok = st <= 255;
            for (int n = l; n <= heap_max && ok; n++)
                ok = p[n] == p[st + (n - st) % L];
            if (ok) {
                *start = st;
                *period = L;
                len = l;
            }
        }
    if (!*period) {
        /* every heap past the kept bytes is N */
        len = 0;
        for (int n = 0; n <= heap_max; n++)
            if (p[n])
                len = n + 1;
        *start = (len + 7) / 8;
    }
    return len;
}

/* One-heap form. A rule whose moves are bounded (no repeating digit)
 * has an eventually periodic list of P-positions: only its first
 * start + period bits are kept, and the engine folds a bigger heap back
 * by the period. NIM and AT MOST HALF take up to the whole heap: their
 * hint scans the bits skipping empty bytes, so they are not folded; the
 * bytes after their last P-position are left out. */
static void emit_oneheap(FILE *f, int first_mask, int heap_max)
{
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
        int bounded = r->kind == KIND_OCTAL && r->digit[RULE_MAX_DIGITS + 1] == 0;
        oneheap_p(r, heap_max, pm);
        fprintf(f, "    {");
        for (int mis = 0; mis < 2; mis++) {
            int start, period, len = oneheap_fold(pm[mis], heap_max, bounded, &start, &period);
            if (nbits > 255)
                gen_die("one-heap bits do not fit a byte offset: ", r->id);
            fprintf(f, "{%d, %d, %d}%s", nbits, start, period, mis ? "" : ", ");
            for (int n = 0; n < len; n++)
                if (pm[mis][n])
                    bits[nbits + n / 8] |= (uint8_t)(1u << (n % 8));
            nbits += (len + 7) / 8;
        }
        fprintf(f, "}, /* %s */\n", r->id);
    }
    fprintf(f, "};\n\n");
    nbits = emit_ed(f, bits, nbits); /* EMPTY AND DIVIDE's cold boxes: the same bits */
    fprintf(f, "const uint8_t oneheap_bits[%d] PROGMEM = {", nbits);
    for (int b = 0; b < nbits; b++)
        fprintf(f, "%s0x%02x%s", b % 12 ? " " : "\n    ", bits[b], b + 1 < nbits ? "," : "\n");
    fprintf(f, "};\n");
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
    emit_digits(f);
    emit_heaps(f, first_mask, heap_max);
    emit_masks(f, first_mask, first_coins);
    emit_coins(f, first_coins);
    emit_oneheap(f, first_mask, heap_max);
    emit_binary(f, first_mask);
    emit_misere(f, first_mask);
    if (fclose(f) != 0)
        gen_die("write failed: ", path);
}
