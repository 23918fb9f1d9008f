/* reply.c - the cost of the machine's reply, for make bench: engine_reply
 * on the target (the firmware's own engine objects and flags) over every
 * position of each one-heap game and over BENCH_POSITIONS random and
 * adversarial positions of each columns game, framed by cycle markers
 * (GPIOR1, contract 3) that the simulator timestamps. No cycle is counted
 * here: tests/bench/reply_stats.py reads the marks.
 *
 * Markers (the same meaning as in tests/target/vectors.c):
 *   0xF0, then 1, 2 (TARGET_CAL_PAIRS times): empty pairs, the marker cost
 *   0x80 + game   a game's section starts (the UART line names it)
 *   1, 2          around engine_reply(mistake 0): the budgeted reply
 *   5, 6          around engine_reply(mistake 255): the random-move path
 *                 the easy and medium levels take (every BENCH_RANDOM_EVERY
 *                 columns position, every one-heap position)
 * Positions where the game is over are generated but not measured (the
 * machine never replies there); more are drawn until BENCH_POSITIONS were
 * measured. Columns positions, full width, cycling through eight kinds:
 *   0  every column a fresh random state;
 *   1  the last kind-0/1 position with two random columns changed;
 *   2  adversarial: every column but the last worth 0 (random states of
 *      value 0), the last one a random state, so the winning move is found
 *      only in the last column, after every other column was looked at;
 *   3  a P-position: a kind-1 position whose last column is replaced by a
 *      random state of the value that makes the nim-sum 0 (the stall path;
 *      misere: of the key that engine_is_p judges a P-position);
 *   4  an end game: every column empty but one to three random ones, every
 *      other time made a P-position as in kind 3 (empty columns are where
 *      a search for a move looks longest before it finds none);
 *   5  every column the state worth 0 with the most moves (the shape of
 *      tests/target/vectors.c), the last one each valid state in turn;
 *   6  every column the same valid state, each in turn;
 *   7  every column empty but the last, which takes each valid state in
 *      turn (the end of a game: the reply looks at every empty column).
 * Misere games are measured the same way, every kind included (a wild
 * one, KAYLES, sorts its states by quotient element instead of value).
 * EMPTY AND DIVIDE (two boxes, not a sum of columns): every position.
 * Then the SUM games (sum_game: each column its own rule).
 * Portable C: the registers are in tests/target/target_io_avr.c. */
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "progmem.h"
#include "target_util.h"

#ifndef BENCH_POSITIONS
#define BENCH_POSITIONS 100000ul
#endif
#define BENCH_RANDOM_EVERY 256u  /* columns games; one-heap: every position */
_Static_assert(256u % BENCH_RANDOM_EVERY == 0, "the position counter is 8 bits");
#define BENCH_VALUES 256u       /* Grundy values of one column (BINARY NIM: the heap) are below this */

/* The positions are made between the measured replies, and every cycle
 * spent making them is simulated for nothing: a 32-bit LCG (Numerical
 * Recipes' constants, period 2^32) whose high half is the draw costs one
 * multiply, where xorshift32's shift loops cost 245 cycles. Its own state
 * (the engine's PRNG is the one the random-move path draws from). */
static uint32_t bench_state = 0x9E3779B9u;

static uint16_t bench_random(void)
{
    bench_state = bench_state * 1664525ul + 1013904223ul;
    return (uint16_t)(bench_state >> 16);
}

/* A random column (ENGINE_COLS is 8 times the modules: a power of two). */
static uint8_t random_col(void)
{
    return (uint8_t)(bench_random() % ENGINE_COLS);
}

/* The valid states of one column sorted by Grundy value: by_value[start[v]
 * .. start[v + 1] - 1] are the states worth v. */
static uint8_t by_value[256];
static uint16_t start[BENCH_VALUES + 1];
static uint16_t nstates;

static bool state_valid(uint8_t form, uint8_t mode, uint8_t s)
{
    if (form == FORM_HEAP)
        return (mode & ENGINE_BINARY) || s <= ENGINE_ROWS;
    if (form == FORM_CELLS)
        return (s & (s >> 1)) == 0;
    return true;
}

/* What sorts the states: the Grundy value, or in a wild misere game
 * (KAYLES) the column's element of the misere quotient, so that "worth 0"
 * (kinds 2 and 5) means a column that leaves the product as it is. */
static uint8_t col_key(engine_pos_t *p)
{
    if ((p->mode & ENGINE_MISERE) && engine_misere_wild(p->rule))
        return engine_misere_elem(p, 0);
    return engine_col_grundy(p, 0);
}

/* A counting sort: each state's key is asked twice (count, then place),
 * not once per value (256 values in BINARY). */
static void states_sort(engine_pos_t *p)
{
    uint8_t form = engine_rule_form(p->rule);
    uint16_t s, v;
    for (v = 0; v <= BENCH_VALUES; v++)
        start[v] = 0;
    for (s = 0; s < 256; s++)
        if (state_valid(form, p->mode, (uint8_t)s)) {
            p->col[0] = (uint8_t)s;
            start[col_key(p) + 1]++;
        }
    for (v = 0; v < BENCH_VALUES; v++)
        start[v + 1] += start[v];
    nstates = start[BENCH_VALUES];
    for (s = 0; s < 256; s++)
        if (state_valid(form, p->mode, (uint8_t)s)) {
            p->col[0] = (uint8_t)s;
            v = col_key(p);
            by_value[start[v]++] = (uint8_t)s;
        }
    for (v = BENCH_VALUES; v > 0; v--) /* each start moved to its end: back */
        start[v] = start[v - 1];
    start[0] = 0;
}

/* The state worth 0 with the most moves (p: a position of the game). */
static uint8_t zero_filler(engine_pos_t *p)
{
    engine_move_t m;
    uint16_t i, moves, most = 0;
    uint8_t best = 0, n = p->ncols;
    p->ncols = 1;
    for (i = start[0]; i < start[1]; i++) {
        p->col[0] = by_value[i];
        moves = 0;
        for (bool ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m))
            moves++;
        if (moves > most) {
            most = moves;
            best = by_value[i];
        }
    }
    p->ncols = n;
    return best;
}

/* A random element of [lo, hi) (hi > lo): the high half of a 16 x 16-bit
 * product, not a division (about 30 cycles against 200; the bias is below
 * (hi - lo) / 65536). */
static uint8_t pick(uint16_t lo, uint16_t hi)
{
    uint16_t r = bench_random();
    return by_value[lo + (uint16_t)(((uint32_t)r * (uint16_t)(hi - lo)) >> 16)];
}

static uint8_t random_state(void)
{
    return pick(0, nstates);
}

static void measure(engine_pos_t *p, bool random_too)
{
    engine_move_t m;
    TARGET_MARK(1);
    engine_reply(p, 0, &m);
    TARGET_MARK(2);
    if (random_too) {
        TARGET_MARK(5);
        engine_reply(p, 255, &m);
        TARGET_MARK(6);
    }
}

/* Misere games: the key (col_key) the last column needs for a P-position,
 * by what the other columns are: a tame game's nim-sum (+256 if a column is
 * worth 2 or more, misere Nim's other case), a wild one's product element.
 * Keys 254 and 255 (BINARY NIM's biggest heaps) are never looked for: they
 * are the marks.
 * Found once per game and context by asking engine_is_p, the machine's
 * own misere judgement; P_KEY_UNKNOWN until then, P_KEY_NONE if no state
 * gives a P-position. */
#define P_KEY_UNKNOWN 0xFEu
#define P_KEY_NONE 0xFFu
static uint8_t p_key[512];

static void p_keys_forget(void)
{
    for (uint16_t i = 0; i < 512; i++)
        p_key[i] = P_KEY_UNKNOWN;
}

static uint8_t misere_p_key(engine_pos_t *p)
{
    uint8_t c, s = 0, big = 0, last = ENGINE_COLS - 1;
    uint16_t ctx;
    if (engine_misere_wild(p->rule)) {
        p->col[last] = 0;   /* empty: the quotient's identity */
        ctx = engine_misere_elem(p, ENGINE_COLS);
    } else {
        for (c = 0; c < last; c++) {
            uint8_t v = engine_col_grundy(p, c);
            s ^= v;
            big |= v >= 2;
        }
        ctx = (uint16_t)(s | big << 8);
    }
    if (p_key[ctx] == P_KEY_UNKNOWN) {
        p_key[ctx] = P_KEY_NONE;
        for (uint16_t v = 0; v < P_KEY_UNKNOWN; v++) {
            if (start[v + 1] == start[v])
                continue;
            p->col[last] = by_value[start[v]];
            if (engine_is_p(p)) {
                p_key[ctx] = (uint8_t)v;
                break;
            }
        }
    }
    return p_key[ctx];
}

/* The last column replaced so that the position is a P-position, if a
 * state can make it one: normal play by the nim-sum (0), misere by the
 * misere judgement (misere_p_key). */
static void make_p(engine_pos_t *p)
{
    uint8_t c, s = 0, last = ENGINE_COLS - 1;
    if (p->mode & ENGINE_MISERE) {
        s = misere_p_key(p);
    } else {
        for (c = 0; c < last; c++)
            s ^= engine_col_grundy(p, c);
    }
    if (s < P_KEY_UNKNOWN && start[s + 1] > start[s])
        p->col[last] = pick(start[s], start[s + 1]);
}

/* The end of a game's section: how many replies were measured. */
static void game_footer(uint32_t measured)
{
    target_put_str("measured ");
    target_put_dec(measured);
    target_putc('\n');
}

static void game_header(uint8_t rule, uint8_t mode, uint32_t positions)
{
    static const char sum_name[] PROGMEM = "SUM";
    const char *name = (mode & ENGINE_SUM) ? sum_name : engine_rule_name(rule);
    char ch;
    target_put_str("game ");
    target_put_dec(target_game_index);
    target_put_str(" name=");
    while ((ch = (char)PGM_U8(name++)) != 0)
        target_putc(ch == ' ' ? '_' : ch);
    if (rule == RULE_OWN)
        target_put_own('_');   /* OCTAL_0.6: names are one word */
    target_put_str((mode & ENGINE_ONEHEAP) ? "_ONEHEAP" : "");
    target_put_str((mode & ENGINE_BINARY) ? "_BINARY" : "");
    target_put_str((mode & ENGINE_MISERE) ? "_MISERE" : "");
    target_put_str(" tried=");
    target_put_dec(positions);
    target_putc('\n');
    TARGET_MARK(TARGET_GAME_MARK + target_game_index);
    engine_seed(0xC0FFEEu + target_game_index);
}

/* EMPTY AND DIVIDE: two boxes, not a sum of columns; every position of
 * boxes 1..8 (BINARY: 1..255) but the end, (1, 1), and the random path on
 * every sixteenth. */
static void ed_game(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    uint8_t max = (mode & ENGINE_BINARY) ? ENGINE_BINARY_MAX : ENGINE_ROWS, m = 0, n;
    uint32_t measured = 0;
    p.rule = rule;
    p.mode = mode;
    p.ncols = 2;
    p.heap = 0;
    game_header(rule, mode, (uint32_t)max * max - 1u);
    while (m++ < max)
        for (n = 1; n != 0 && n <= max; n++) {
            p.col[0] = m;
            p.col[1] = n;
            if (engine_has_move(&p)) {
                measure(&p, ((m ^ n) & 15) == 0);
                measured++;
            }
        }
    game_footer(measured);
}

static void columns_game(uint8_t rule, uint8_t mode)
{
    static engine_pos_t walk, adv;  /* kinds 0/1, and kind 2 */
    engine_pos_t p;
    uint32_t measured = 0;
    /* k: the position's number mod 256 (its kind is k % 8, and every
     * BENCH_RANDOM_EVERY-th is timed on the random path too); turn: how
     * many rounds of eight kinds are done, mod nstates (kinds 5-7 take
     * the states in turn). Counters, not divisions of a 32-bit index. */
    uint8_t k = 0, c, filler, last = ENGINE_COLS - 1;
    uint16_t turn = 0;

    if (rule == RULE_ED) {
        ed_game(rule, mode);
        return;
    }
    p.rule = walk.rule = rule;
    p.mode = walk.mode = mode;
    p.ncols = walk.ncols = ENGINE_COLS;
    p.heap = walk.heap = 0;
    states_sort(&p);
    p_keys_forget();
    filler = zero_filler(&p);
    game_header(rule, mode, BENCH_POSITIONS);  /* tried = measured here */
    for (c = 0; c < ENGINE_COLS; c++) {
        walk.col[c] = random_state();
        adv.col[c] = pick(start[0], start[1]);
    }
    adv.rule = rule;
    adv.mode = mode;
    adv.ncols = ENGINE_COLS;
    adv.heap = 0;
    for (; measured < BENCH_POSITIONS; k++) {
        switch (k % 8) {
        case 0:
            for (c = 0; c < ENGINE_COLS; c++)
                walk.col[c] = random_state();
            p = walk;
            break;
        case 1:
            walk.col[random_col()] = random_state();
            walk.col[random_col()] = random_state();
            p = walk;
            break;
        case 2:
            /* zero-valued columns, two changed each time, last one random */
            adv.col[random_col()] = pick(start[0], start[1]);
            adv.col[random_col()] = pick(start[0], start[1]);
            adv.col[last] = random_state();
            p = adv;
            break;
        case 3:
            p = walk;
            make_p(&p);
            break;
        case 5:
            for (c = 0; c < last; c++)
                p.col[c] = filler;
            p.col[last] = by_value[turn];
            break;
        case 6:
            for (c = 0; c < ENGINE_COLS; c++)
                p.col[c] = by_value[turn];
            break;
        case 7:
            for (c = 0; c < last; c++)
                p.col[c] = 0;
            p.col[last] = by_value[turn];
            break;
        default:
            for (c = 0; c < ENGINE_COLS; c++)
                p.col[c] = 0;
            for (c = (uint8_t)(1 + bench_random() % 3u); c > 0; c--)
                p.col[random_col()] = random_state();
            if (turn & 1)
                make_p(&p);
            break;
        }
        /* the machine never replies when the game is over */
        if (engine_has_move(&p)) {
            measure(&p, k % BENCH_RANDOM_EVERY == 0);
            measured++;
        }
        if (k % 8 == 7 && ++turn == nstates)
            turn = 0;
    }
    game_footer(measured);
}

/* SUM games: each column its own rule. BENCH_POSITIONS positions of
 * four kinds, as many as every columns game, the rules drawn afresh for each position among those the
 * form allows (heap rules in BINARY, tame ones in misere play):
 *   0  every column a random rule and a random state of it;
 *   1  adversarial: every column but the last worth 0 (a random state of
 *      value 0 within three draws, or else empty), the last one random: the winning move is found
 *      only in the last column;
 *   2  a P-position: a kind-0 position whose last column is the state of
 *      its rule that makes the nim-sum 0, if one does (the stall path);
 *   3  an end game: every column empty but one to three random ones. */
/* A random rule the sum's form allows. */
static uint8_t sum_rule(uint8_t mode)
{
    uint8_t r;
    do
        r = (uint8_t)(((uint32_t)bench_random() * RULE_COUNT) >> 16);
    while (!engine_mode_allowed(r, mode));
    return r;
}

/* A random state of column c's rule, drawn among the valid ones (a draw
 * of any byte until one was valid took 28 tries for a heap of 0..8: on 32
 * columns the SUMs' positions cost more to make than to measure, 51 s of
 * make test's bench). */
static uint8_t sum_state(const engine_pos_t *p, uint8_t c)
{
    uint8_t form = engine_rule_form(p->rules[c]), s = (uint8_t)bench_random();
    if (form == FORM_HEAP && !(p->mode & ENGINE_BINARY))
        return (uint8_t)(((uint16_t)s * (ENGINE_ROWS + 1)) >> 8);
    if (form == FORM_CELLS)
        s &= (uint8_t)~(s << 1);    /* a mark survives only above an empty cell */
    return s;
}

static void sum_game(uint8_t rule, uint8_t mode)
{
    (void)rule;
    engine_pos_t p;
    uint32_t measured = 0;
    uint8_t k = 0, c, last = ENGINE_COLS - 1;
    p.rule = RULE_NIM;
    p.mode = mode;
    p.ncols = ENGINE_COLS;
    p.heap = 0;
    game_header(RULE_NIM, mode, BENCH_POSITIONS);
    for (; measured < BENCH_POSITIONS; k++) {
        for (c = 0; c < ENGINE_COLS; c++) {
            p.rules[c] = sum_rule(mode);
            p.col[c] = (k % 4 == 3) ? 0 : sum_state(&p, c);
        }
        if (k % 4 == 1) {
            for (c = 0; c < last; c++)
                for (uint8_t tries = 0; tries < 4 && engine_col_grundy(&p, c); tries++)
                    p.col[c] = tries == 3 ? 0 : sum_state(&p, c);
        } else if (k % 4 == 2) {
            uint8_t want = 0;
            for (c = 0; c < last; c++)
                want ^= engine_col_grundy(&p, c);
            for (uint16_t s = 0; s < 256; s++) {
                p.col[last] = (uint8_t)s;
                if (state_valid(engine_rule_form(p.rules[last]), mode, (uint8_t)s)
                    && engine_col_grundy(&p, last) == want)
                    break;
            }
        } else if (k % 4 == 3) {
            for (c = (uint8_t)(1 + bench_random() % 3u); c > 0; c--) {
                uint8_t col = random_col();
                p.col[col] = sum_state(&p, col);
            }
        }
        if (engine_check_pos(&p) == ENGINE_OK && engine_has_move(&p)) {
            measure(&p, k % 64 == 0);
            measured++;
        }
    }
    game_footer(measured);
}

static void oneheap_game(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    uint16_t n, measured = 0;
    p.rule = rule;
    p.mode = mode;
    p.ncols = 1;
    game_header(rule, mode, ENGINE_HEAP_MAX + 1ul);
    for (n = 0; n <= ENGINE_HEAP_MAX; n++) {
        p.heap = n;
        if (engine_has_move(&p)) {
            measure(&p, true);
            measured++;
        }
    }
    game_footer(measured);
}

int main(void)
{
    static const target_games_t kinds = { columns_game, oneheap_game, sum_game };
    target_io_init();
    target_put_str("reply bench: cols=");
    target_put_dec(ENGINE_COLS);
    target_putc('\n');
    target_calibrate();
    uint8_t games = target_each_game(&kinds);
    target_put_str("end games=");
    target_put_dec(games);
    target_putc('\n');
    target_done();
    return 0;
}
