/* target_util.c - the shared part of the on-target measuring programs. */
#include "target_util.h"

#include "engine.h"
#include "progmem.h"

static uint8_t digesting;   /* target_digest_start() was called */
static uint8_t sending = 1; /* this game's output goes out as text */
static uint32_t dig_items;
static uint16_t dig_a, dig_b;

static void dig_add(uint16_t v)
{
    dig_items++;
    dig_a = (uint16_t)(dig_a + v);
    dig_b = (uint16_t)(dig_b + dig_a);
}

void target_putc(char c)
{
    if (sending)
        target_send(c);
    else
        dig_add((uint8_t)c);
}

void target_digest_start(void)
{
    digesting = 1;
}

static void send_hex(uint32_t v, uint8_t digits)
{
    while (digits-- > 0) {
        uint8_t d = (uint8_t)((v >> (4 * digits)) & 0xFu);
        target_send((char)(d < 10 ? '0' + d : 'a' + d - 10));
    }
}

/* A game's output starts: sent, or counted into a fresh digest. */
static void section_begin(uint8_t index)
{
    uint8_t full = target_full_game();
    sending = !digesting || full == TARGET_FULL_ALL || full == index;
    dig_items = 0;
    dig_a = 0;
    dig_b = 0;
}

/* A game's output ends: its digest line, if it was digested. */
static void section_end(uint8_t index)
{
    if (!sending) {
        target_send('=');
        target_send(' ');
        send_hex(index, 2);
        target_send(' ');
        send_hex(dig_items, 8);
        target_send(' ');
        send_hex(((uint32_t)dig_b << 16) | dig_a, 8);
        target_send('\n');
    }
    sending = 1;
}

void target_put_str(const char *s)
{
    while (*s)
        target_putc(*s++);
}

void target_put_dec(uint32_t v)
{
    char buf[10];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        target_putc(buf[--n]);
}

void target_put_hex(uint16_t v, uint8_t digits)
{
    if (!sending) {
        /* the value and its width, as the text would have them */
        dig_add(v);
        dig_add(digits);
        return;
    }
    while (digits-- > 0) {
        uint8_t d = (uint8_t)((v >> (4 * digits)) & 0xFu);
        target_putc((char)(d < 10 ? '0' + d : 'a' + d - 10));
    }
}

uint32_t target_xorshift(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

void target_calibrate(void)
{
    TARGET_MARK(TARGET_CAL_MARK);
    for (uint8_t k = 0; k < TARGET_CAL_PAIRS; k++) {
        TARGET_MARK(1);
        TARGET_MARK(2);
    }
}

uint8_t target_game_index;

static void target_play(const target_games_t *g, uint8_t index, uint8_t rule, uint8_t mode)
{
    target_game_index = index;
    section_begin(index);
    if (mode & ENGINE_SUM)
        g->sums(rule, mode);
    else if (mode & ENGINE_ONEHEAP)
        g->oneheap(rule, mode);
    else
        g->columns(rule, mode);
    section_end(index);
}

/* Your own game (issue 21, RULE_OWN): a few codes, each played like a
 * rule: Officers (pins, one move a run), Dawson's chess repeating and
 * 0.7777 repeating (pins, the most moves a run has), a heap code that
 * takes 1 or 2 to 4, and a heap code that takes any number but 1. In
 * misere, codes whose misere the chip plays (own_misere.c): Dawson's
 * Kayles and 0.7444 repeating (pins, the most moves of those played),
 * 0.0777 repeating (pins), and 0.03 repeating (heaps). The games are
 * numbered by their markers, TARGET_GAME_MARK + i, below
 * TARGET_CAL_MARK: 112 at most (112 now, your own code's one heap in
 * misere the last). */
static const octal_code_t own_codes[] PROGMEM = {
    {{6}, 1, 0}, {{1, 3, 7}, 3, 1}, {{7, 7, 7, 7}, 4, 1}, {{3, 1, 2, 2}, 4, 0}, {{0, 3}, 2, 1},
};
static const octal_code_t own_misere_codes[] PROGMEM = {
    {{0, 7}, 2, 0}, {{7, 4, 4, 4}, 4, 1}, {{0, 7, 7, 7}, 4, 1}, {{0, 3}, 2, 1},
};
#define OWN_CODES (sizeof own_codes / sizeof own_codes[0])
#define OWN_MISERE_CODES (sizeof own_misere_codes / sizeof own_misere_codes[0])

/* A code from flash (the bench's RAM is its tables'; misere's proof needs
 * ~250 B of stack beside them on 32 columns). */
static void own_code_set(const octal_code_t *pgm)
{
    octal_code_t c;
    for (uint8_t i = 0; i < sizeof c; i++)
        ((uint8_t *)&c)[i] = PGM_U8((const uint8_t *)pgm + i);
    engine_own_set(&c);
}

void target_put_own(char sep)
{
    const octal_code_t *c = engine_own_code();
    target_putc(sep);
    target_put_str("0.");
    for (uint8_t i = 0; i < c->len; i++)
        target_putc((char)('0' + c->digit[i]));
    if (c->repeat)
        target_putc('*');
}

uint8_t target_each_game(const target_games_t *games)
{
    uint8_t i = 0, rule;
    for (rule = 0; rule < RULE_COUNT; rule++)
        target_play(games, i++, rule, 0);
    for (rule = 0; rule < RULE_COUNT; rule++)
        if (engine_mode_allowed(rule, ENGINE_MISERE))
            target_play(games, i++, rule, ENGINE_MISERE);
    for (rule = 0; rule < RULE_COUNT; rule++)
        if (engine_mode_allowed(rule, ENGINE_ONEHEAP)) {
            target_play(games, i++, rule, ENGINE_ONEHEAP);
            target_play(games, i++, rule, ENGINE_ONEHEAP | ENGINE_MISERE);
        }
    for (rule = 0; rule < RULE_COUNT; rule++)
        if (engine_mode_allowed(rule, ENGINE_BINARY)) {
            target_play(games, i++, rule, ENGINE_BINARY);
            target_play(games, i++, rule, ENGINE_BINARY | ENGINE_MISERE);
        }
    for (uint8_t f = 0; f < 4; f++)     /* the SUMs: columns, misere, BINARY, BINARY misere */
        target_play(games, i++, RULE_NIM, (uint8_t)(ENGINE_SUM | (f & 1 ? ENGINE_MISERE : 0) | (f & 2 ? ENGINE_BINARY : 0)));
    for (uint8_t k = 0; k < OWN_CODES; k++) {
        own_code_set(&own_codes[k]);
        target_play(games, i++, RULE_OWN, 0);
    }
    for (uint8_t k = 0; k < OWN_MISERE_CODES; k++) {
        own_code_set(&own_misere_codes[k]);
        if (engine_own_misere() == 0)     /* each is played: a refusal shows as a game missing */
            target_play(games, i++, RULE_OWN, ENGINE_MISERE);
    }
    /* one heap in misere: 0.03 repeating (the last code set), whose takes
     * reach every heap below (the hint's longest scan); the markers have
     * room for one game more (normal play measured alike: 1,322 / 2,234
     * cycles on 8 / 32 columns) */
    if (engine_own_refused(ENGINE_ONEHEAP | ENGINE_MISERE) == 0)
        target_play(games, i++, RULE_OWN, ENGINE_ONEHEAP | ENGINE_MISERE);
    _Static_assert(TARGET_CAL_MARK - TARGET_GAME_MARK == 112, "112 games' markers below the calibration mark");
    if (i > TARGET_CAL_MARK - TARGET_GAME_MARK)
        target_put_str("too many games for their markers\n");
    return i;
}
