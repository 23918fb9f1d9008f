/* vectors.c - test vectors for the game engine, run on the target and on
 * the host; the two outputs must be equal byte for byte.
 *
 * For every game (each rule in columns mode, normal and misere, and every
 * heap rule in one-heap form, normal and misere, and the four SUMs) it prints the engine's answers for
 * the edge cases (bad positions, every column state alone, in the last
 * column, in every column, after columns worth 0, full boards) and for
 * random positions of its own deterministic PRNG (32,000 random columns
 * a game: 4,000 positions on 8 columns, 1,000 on 32), then every one-heap
 * position. Cycle markers (GPIOR1) frame the calls whose cost is budgeted:
 *   0x80 + game   a game's section starts (game = its index, from 0)
 *   1, 2          around engine_reply(mistake 0): the reply, budgeted
 *   3, 4          around engine_hint
 *   5, 6          around engine_reply(mistake VEC_MISTAKE), budgeted too
 *   0xF0, then 1, 2 (VEC_CAL_PAIRS times): empty pairs, the marker overhead
 * Line format: see vec_line(). Portable C: registers only in target_io. */
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "engine_int.h"     /* column_size: the stall rule's size of a column */
#include "progmem.h"
#include "target_util.h"

/* Random positions per columns game: as many random columns on every
 * board (a position of 32 columns costs four of 8, and make test must stay
 * under ten minutes on 2 cores). */
#define VEC_RANDOM (32000u / ENGINE_COLS)
/* Full lines (every column, every value, the move list) are slow on the
 * target: random vectors get them now and then, fewer as the board widens,
 * so 32 columns run in about as many cycles as 8. The reply with mistakes
 * is budgeted like the perfect one: every line has it, at the setting that
 * nearly always makes the random move (255/256). */
#define VEC_DETAIL_EVERY (2u * ENGINE_COLS)
#define VEC_MISTAKE 255u        /* the nonzero mistake setting tried */

/* Fletcher-16: a digest of long fields (columns, values) on brief lines. */
static uint16_t dig_a, dig_b;

static void dig_reset(void)
{
    dig_a = 0;
    dig_b = 0;
}

static void dig_add(uint8_t v)
{
    /* mod 255 by subtraction: a division per byte would cost more than
     * the engine calls being tested */
    dig_a = (uint16_t)(dig_a + v);
    if (dig_a >= 255u)
        dig_a = (uint16_t)(dig_a - 255u);
    dig_b = (uint16_t)(dig_b + dig_a);
    if (dig_b >= 255u)
        dig_b = (uint16_t)(dig_b - 255u);
}

static uint16_t dig_value(void)
{
    return (uint16_t)((dig_b << 8) | dig_a);
}

/* ---- the test's own PRNG (xorshift32, fixed width on both builds) -------- */

static uint32_t vec_state;

/* Random bytes, four from each xorshift step (32-bit shifts are loops on
 * the AVR, and the generator's cost must not hide the engine's). */
static uint32_t vec_pool;
static uint8_t vec_pool_left;

static uint8_t vec_byte(void)
{
    if (!vec_pool_left) {
        vec_pool = target_xorshift(&vec_state);
        vec_pool_left = 4;
    }
    vec_pool_left--;
    return (uint8_t)(vec_pool >> (8 * vec_pool_left));
}

/* A number below n (n <= 65535) by multiplying, not dividing. */
static uint16_t vec_below(uint16_t n)
{
    uint16_t r = (uint16_t)((vec_byte() << 8) | vec_byte());
    return (uint16_t)(((uint32_t)r * n) >> 16);
}

/* ---- one vector --------------------------------------------------------- */

static bool oneheap(const engine_pos_t *p)
{
    return (p->mode & ENGINE_ONEHEAP) != 0;
}

static void put_move(bool ok, engine_move_t m)
{
    target_putc(' ');
    if (!ok) {
        target_putc('-');
        return;
    }
    target_put_hex(m.col, 2);
    target_putc('.');
    target_put_hex(m.to, 3);
}

/* A random move, legal or not, for engine_check_move: any column up to one
 * past the last, any target a column (or the heap) could name and a bit. */
static engine_move_t vec_random_move(const engine_pos_t *p)
{
    engine_move_t m;
    if (oneheap(p)) {
        m.col = (uint8_t)vec_below(2);
        m.to = vec_below(ENGINE_HEAP_MAX + 2);
    } else {
        m.col = (uint8_t)vec_below((uint16_t)(p->ncols + 1u));
        m.to = engine_rule_form(p->rule) == FORM_HEAP && !(p->mode & ENGINE_BINARY) ? vec_below(ENGINE_ROWS + 2) : vec_below(257);
    }
    return m;
}

/* One line: position (or its digest), check_pos, then if the position is
 * fine: P, nim-sum, column values (or digest), hint, reply, is_p after the
 * reply and its check_move, the reply with mistakes, check_move
 * of a random move, has_move, and with VL_MOVES the number and digest of the
 * move list and the column sizes. */
enum {
    VL_FULL = 1,        /* every column and column value, not digests */
    VL_MOVES = 2,       /* the move list's length and digest, column sizes */
    VL_ALL = 3
};

static void vec_line(engine_pos_t *p, uint8_t what)
{
    bool full = (what & VL_FULL) != 0;
    engine_move_t m, r;
    bool ok;
    uint8_t c, n = oneheap(p) ? 1 : p->ncols;
    uint8_t err = engine_check_pos(p);

    if (oneheap(p)) {
        target_putc('h');
        target_put_hex(p->heap, 3);
    } else if (full || err) {
        target_put_hex(p->ncols, 2);
        target_putc(':');
        for (c = 0; c < p->ncols && c < ENGINE_COLS; c++)
            target_put_hex(p->col[c], 2);
        if (p->mode & ENGINE_SUM) {
            /* each column's rule */
            target_putc('r');
            for (c = 0; c < p->ncols && c < ENGINE_COLS; c++)
                target_put_hex(p->rules[c], 2);
        }
    } else {
        dig_reset();
        for (c = 0; c < p->ncols; c++) {
            dig_add(p->col[c]);
            if (p->mode & ENGINE_SUM)
                dig_add(p->rules[c]);
        }
        target_put_hex(p->ncols, 2);
        target_putc('~');
        target_put_hex(dig_value(), 4);
    }
    target_putc(' ');
    target_put_hex(err, 1);
    if (err) {
        target_putc('\n');
        return;
    }
    target_putc(' ');
    target_putc(engine_is_p(p) ? 'P' : 'N');
    target_put_hex(engine_nimsum(p), 2);
    target_putc(' ');
    if (full) {
        for (c = 0; c < n; c++)
            target_put_hex(engine_col_grundy(p, c), 2);
    } else {
        dig_reset();
        for (c = 0; c < n; c++)
            dig_add(engine_col_grundy(p, c));
        target_putc('~');
        target_put_hex(dig_value(), 4);
    }

    TARGET_MARK(3);
    ok = engine_hint(p, &m);
    TARGET_MARK(4);
    put_move(ok, m);

    TARGET_MARK(1);
    ok = engine_reply(p, 0, &r);
    TARGET_MARK(2);
    put_move(ok, r);
    if (ok) {
        engine_pos_t q = *p;
        engine_apply(&q, r);
        target_putc(engine_is_p(&q) ? 'P' : 'N');
        target_put_hex(engine_check_move(p, r), 1);
    }

    TARGET_MARK(5);
    ok = engine_reply(p, VEC_MISTAKE, &m);
    TARGET_MARK(6);
    put_move(ok, m);

    m = vec_random_move(p);
    target_putc(' ');
    target_put_hex(m.col, 2);
    target_putc('.');
    target_put_hex(m.to, 3);
    target_putc('=');
    target_put_hex(engine_check_move(p, m), 1);
    target_putc(engine_has_move(p) ? 'm' : 'x');

    if (what & VL_MOVES) {
        uint16_t count = 0;
        dig_reset();
        for (ok = engine_move_first(p, &m); ok; ok = engine_move_next(p, &m)) {
            count++;
            dig_add(m.col);
            dig_add((uint8_t)m.to);
            dig_add((uint8_t)(m.to >> 8));
        }
        target_putc(' ');
        target_put_hex(count, 4);
        target_putc('/');
        target_put_hex(dig_value(), 4);
        if (!oneheap(p)) {
            target_putc(' ');
            for (c = 0; c < n; c++)
                target_put_hex(column_size(engine_rule_form(engine_col_rule(p, c)), p->col[c]), 1);
        }
    }
    target_putc('\n');
}

/* ---- games ------------------------------------------------------------ */

static void game_header(uint8_t rule, uint8_t mode)
{
    static const char sum_name[] PROGMEM = "SUM";
    const char *name = (mode & ENGINE_SUM) ? sum_name : engine_rule_name(rule);
    char ch;
    target_put_str("# ");
    target_put_hex(target_game_index, 2);
    target_putc(' ');
    while ((ch = (char)PGM_U8(name++)) != 0)
        target_putc(ch);
    if (rule == RULE_OWN)
        target_put_own(' ');
    target_put_str((mode & ENGINE_ONEHEAP) ? ", one heap" : ", columns");
    if (mode & ENGINE_BINARY)
        target_put_str(", binary");
    if (mode & ENGINE_MISERE)
        target_put_str(", misere");
    target_putc('\n');
    TARGET_MARK(TARGET_GAME_MARK + target_game_index);
    vec_state = 0x9E3779B9u ^ ((uint32_t)target_game_index << 16) ^ rule;
    vec_pool_left = 0;
    engine_seed(0xC0FFEEu + target_game_index);
}

static void pos_init(engine_pos_t *p, uint8_t rule, uint8_t mode, uint8_t ncols, uint8_t fill)
{
    uint8_t c;
    p->rule = rule;
    p->mode = mode;
    p->ncols = ncols;
    p->heap = 0;
    for (c = 0; c < ENGINE_COLS; c++) {
        p->col[c] = fill;
        p->rules[c] = rule < RULE_COUNT ? rule : RULE_NIM;    /* a SUM's, or a bad mode's, are defined */
    }
}

/* The columns game being run is in BINARY form: a heap is any byte. */
static bool vec_binary;

static bool state_valid(uint8_t rule, uint8_t s)
{
    uint8_t form = engine_rule_form(rule);
    if (form == FORM_HEAP)
        return vec_binary || s <= ENGINE_ROWS;
    if (form == FORM_CELLS)
        return (s & (s >> 1)) == 0;
    return true;
}

static uint8_t random_state(uint8_t rule)
{
    uint8_t form = engine_rule_form(rule), s;
    if (form == FORM_HEAP && !vec_binary)
        return (uint8_t)(((uint16_t)vec_byte() * (ENGINE_ROWS + 1)) >> 8);
    s = vec_byte();
    if (form == FORM_CELLS)
        s &= (uint8_t)~(s << 1); /* a mark survives only above an empty cell */
    return s;
}

/* The column state worth 0 with the most moves: columns that keep a
 * position lost yet make the engine look at everything. */
static uint8_t zero_filler(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    engine_move_t m;
    uint8_t best = 0;
    uint16_t best_moves = 0, s;
    pos_init(&p, rule, mode, 1, 0);
    for (s = 0; s < 256; s++) {
        uint16_t moves = 0;
        bool ok;
        if (!state_valid(rule, (uint8_t)s))
            continue;
        p.col[0] = (uint8_t)s;
        if (engine_col_grundy(&p, 0) != 0)
            continue;
        for (ok = engine_move_first(&p, &m); ok; ok = engine_move_next(&p, &m))
            moves++;
        if (moves > best_moves) {
            best_moves = moves;
            best = (uint8_t)s;
        }
    }
    return best;
}

static void columns_game(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    uint16_t s, i;
    uint8_t c, filler;
    const uint8_t wide = ENGINE_COLS;
    bool heap = engine_rule_form(rule) == FORM_HEAP;

    vec_binary = (mode & ENGINE_BINARY) != 0;
    filler = zero_filler(rule, mode);
    game_header(rule, mode);

    /* positions the engine must refuse */
    pos_init(&p, rule, mode, 0, 0);
    vec_line(&p, VL_ALL);
    pos_init(&p, rule, mode, (uint8_t)(wide + 1), 0);
    vec_line(&p, VL_ALL);
    pos_init(&p, RULE_COUNT, mode, 1, 0);
    vec_line(&p, VL_ALL);
    pos_init(&p, rule, (uint8_t)(mode | 0x10u), 1, 0);
    vec_line(&p, VL_ALL);
    if ((heap && !vec_binary) || engine_rule_form(rule) == FORM_CELLS) {
        /* a heap too tall, or two marks side by side, in the last column */
        pos_init(&p, rule, mode, wide, 0);
        p.col[wide - 1] = heap ? ENGINE_ROWS + 1 : 0x03;
        vec_line(&p, VL_ALL);
    }

    /* every column state: alone, last of many, everywhere, after zeros */
    for (s = 0; s < 256; s++) {
        if (!state_valid(rule, (uint8_t)s))
            continue;
        pos_init(&p, rule, mode, 1, (uint8_t)s);
        vec_line(&p, VL_ALL);
        pos_init(&p, rule, mode, wide, 0);
        p.col[wide - 1] = (uint8_t)s;
        vec_line(&p, VL_FULL);
        pos_init(&p, rule, mode, wide, (uint8_t)s);
        vec_line(&p, VL_FULL);
        /* the winning column is the last: every other column is worth 0
         * and has as many moves as a column worth 0 can have */
        pos_init(&p, rule, mode, wide, filler);
        p.col[wide - 1] = (uint8_t)s;
        vec_line(&p, VL_FULL);
    }
    /* every width of a full board, and of the biggest columns worth 0 */
    for (c = 1; c <= wide; c++) {
        pos_init(&p, rule, mode, c, heap ? ENGINE_ROWS : 0xFF);
        if (engine_rule_form(rule) == FORM_CELLS)
            pos_init(&p, rule, mode, c, 0x00); /* an empty strip: most moves */
        vec_line(&p, VL_ALL);
        pos_init(&p, rule, mode, c, filler);
        vec_line(&p, VL_ALL);
    }
    if (mode & ENGINE_MISERE) {
        /* the end game of misere play: only columns worth 1, then one
         * full column among them, then two (misere Nim's three cases; in
         * KAYLES, wild, other elements) */
        uint8_t one = 0;
        pos_init(&p, rule, mode, 1, 0);
        for (s = 255; s > 0; s--) {
            p.col[0] = (uint8_t)s;
            if (state_valid(rule, (uint8_t)s) && engine_col_grundy(&p, 0) == 1)
                one = (uint8_t)s;
        }
        for (c = 1; c <= wide; c++) {
            pos_init(&p, rule, mode, c, one);
            vec_line(&p, VL_ALL);
            p.col[c - 1] = heap ? ENGINE_ROWS : 0xFF;
            vec_line(&p, VL_ALL);
            p.col[0] = heap ? 2 : 0x7F;
            vec_line(&p, VL_ALL);
        }
    }

    /* random positions: half of them as wide as the board */
    for (i = 0; i < VEC_RANDOM; i++) {
        uint8_t n = (i & 1) ? (uint8_t)(1 + vec_below(wide)) : wide;
        pos_init(&p, rule, mode, n, 0);
        for (c = 0; c < n; c++)
            p.col[c] = random_state(rule);
        vec_line(&p, i % VEC_DETAIL_EVERY == 0 ? VL_ALL : 0);
    }
}

/* A rule a SUM of this form allows, drawn at random (heap rules in
 * BINARY, tame ones in misere play). */
static uint8_t sum_rule(uint8_t mode)
{
    uint8_t r;
    do
        r = (uint8_t)(((uint16_t)vec_byte() * RULE_COUNT) >> 8);
    while (!engine_mode_allowed(r, mode));
    return r;
}

/* A SUM position of n columns at state fill, every column NIM until the
 * caller gives it its rule. */
static void sum_pos(engine_pos_t *p, uint8_t mode, uint8_t n, uint8_t fill)
{
    pos_init(p, RULE_NIM, mode, n, fill);
}

/* The SUMs (issue 20): each column its own rule. Refused: a column whose
 * rule the form does not allow (EMPTY AND DIVIDE, a wild rule in misere
 * play, a pin or cell rule in BINARY, a rule past the list). Then every
 * allowed rule's every state in the last column, the others empty and
 * playing the allowed rules in turn; every pair of allowed
 * rules on two columns at random states; and random sums as wide as the
 * board or narrower, each column a random rule at a random state. */
static void sum_game(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    uint8_t allowed[RULE_COUNT], na = 0, c, r;
    uint16_t s, i;
    const uint8_t wide = ENGINE_COLS;
    (void)rule;
    vec_binary = (mode & ENGINE_BINARY) != 0;
    game_header(RULE_NIM, mode);
    for (r = 0; r < RULE_COUNT; r++)
        if (engine_mode_allowed(r, mode))
            allowed[na++] = r;

    /* refused columns: every rule the form does not allow, and past the list */
    for (r = 0; r <= RULE_COUNT; r++)
        if (r == RULE_COUNT || !engine_mode_allowed(r, mode)) {
            sum_pos(&p, mode, 2, 0);
            p.rules[1] = r;
            vec_line(&p, VL_ALL);
        }
    sum_pos(&p, mode, 1, 1);        /* one column is no sum */
    vec_line(&p, VL_ALL);

    /* every allowed rule's every state, last of a full board */
    for (i = 0; i < na; i++) {
        for (s = 0; s < 256; s++) {
            if (!state_valid(allowed[i], (uint8_t)s))
                continue;
            sum_pos(&p, mode, wide, 0);
            for (c = 0; c < wide; c++)
                p.rules[c] = allowed[(i + 1 + c) % na];
            p.rules[wide - 1] = allowed[i];
            p.col[wide - 1] = (uint8_t)s;
            vec_line(&p, VL_FULL);
        }
    }
    /* every pair of allowed rules, two columns */
    for (i = 0; i < (uint16_t)na * na; i++) {
        sum_pos(&p, mode, 2, 0);
        p.rules[0] = allowed[i / na];
        p.rules[1] = allowed[i % na];
        p.col[0] = random_state(p.rules[0]);
        p.col[1] = random_state(p.rules[1]);
        vec_line(&p, VL_ALL);
    }
    /* random sums: half of them as wide as the board */
    for (i = 0; i < VEC_RANDOM; i++) {
        uint8_t n = (i & 1) ? (uint8_t)(2 + vec_below(wide - 1)) : wide;
        sum_pos(&p, mode, n, 0);
        for (c = 0; c < n; c++) {
            p.rules[c] = sum_rule(mode);
            p.col[c] = random_state(p.rules[c]);
        }
        vec_line(&p, i % VEC_DETAIL_EVERY == 0 ? VL_ALL : 0);
    }
}

static void oneheap_game(uint8_t rule, uint8_t mode)
{
    engine_pos_t p;
    uint16_t n;
    game_header(rule, mode);
    pos_init(&p, rule, mode, 1, 0);
    p.heap = ENGINE_HEAP_MAX + 1;
    vec_line(&p, VL_ALL);
    for (n = 0; n <= ENGINE_HEAP_MAX; n++) {
        p.heap = n;
        vec_line(&p, VL_ALL);
    }
}

int main(void)
{
    static const target_games_t kinds = { columns_game, oneheap_game, sum_game };
    target_io_init();
    target_put_str("engine vectors: ");
    target_put_dec(ENGINE_COLS);
    target_put_str(" columns, one heap up to ");
    target_put_dec(ENGINE_HEAP_MAX);
    target_putc('\n');

    target_calibrate(); /* the cost of a marker pair, taken off every measurement */
    target_digest_start();
    uint8_t games = target_each_game(&kinds);
    target_put_str("end ");
    target_put_dec(games);
    target_put_str(" games\n");
    target_done();
    return 0;
}
