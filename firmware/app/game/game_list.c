/* game_list.c - the toy's list of games: every rule (rules.h) in every
 * form the engine allows and the app finds worth playing, numbered in a
 * fixed order (the PC link's GAME <i>, the menu, the saved settings), and
 * each game's name. Derived on each call, never stored: no table to keep
 * in step with rules.h. */
#include "engine.h"
#include "game.h"
#include "pgm.h"

uint8_t game_form_mode(uint8_t form)
{
    /* 0 columns, 1 columns misere, 2 one heap, 3 one heap misere,
     * 4 binary, 5 binary misere */
    if (form >= GAME_FORMS)
        return (uint8_t)(ENGINE_BINARY | (form & 1) << 1);
    return (uint8_t)((form >> 1) | ((form & 1) << 1));
}

uint8_t game_mode_form(uint8_t mode)
{
    mode &= (uint8_t)~ENGINE_SUM;   /* a sum has the same forms */
    return (mode & ENGINE_BINARY) ? (uint8_t)(GAME_FORMS + (mode >> 1 & 1)) : game_form_mode(mode);
}
_Static_assert(ENGINE_ONEHEAP == 1 && ENGINE_MISERE == 2, "game_form_mode maps forms to mode bits");
_Static_assert(GAME_MENU_FORMS <= ENGINE_SUM, "list_walk: a SUM's form is its form with ENGINE_SUM");

/* The app's half of the list: a game worth playing. SUBTRACT 1 (TAKE 1)
 * leaves no choice in any form; Nim in one heap is won by taking it all
 * (misere: all but one). */
bool game_listed(uint8_t rule, uint8_t mode)
{
    return engine_mode_allowed(rule, mode) && rule != RULE_SUB1
        && !(rule == RULE_NIM && (mode & ENGINE_ONEHEAP));
}

static uint8_t list_n;      /* the games in the list, counted by list_walk */

/* Walk the list in order: the index of (*rule, *mode), or the index-th
 * game (filling rule and mode); GAME_NONE if neither is there. The BINARY
 * games come after all the others, so the older games keep their
 * numbers, then the rules after the column rules (EMPTY AND DIVIDE), and
 * the SUM games (rule RULE_NIM, mode with ENGINE_SUM: the columns, columns
 * misere, BINARY and BINARY misere), and your own game (RULE_OWN) last. */
static uint8_t list_walk(uint8_t *rule, uint8_t *mode, uint8_t index)
{
    /* The list's parts, in its order: rules first .. last - 1, each in
     * the forms first .. last - 1 (game_form_mode's; ENGINE_SUM added:
     * the SUMs'). A form a part's rule is not played in is not listed
     * (game_listed): the SUMs have no one heap, your own game no BINARY.
     * Read flat: a pointer into row 0 walked past its four bytes is out
     * of bounds to UBSan (make test-fuzz). */
    static const uint8_t parts[5][4] PROGMEM = {
        {0, RULE_COLUMN_COUNT, 0, GAME_FORMS},
        {0, RULE_COLUMN_COUNT, GAME_FORMS, GAME_MENU_FORMS},
        {RULE_COLUMN_COUNT, RULE_COUNT, 0, GAME_MENU_FORMS},
        {RULE_NIM, RULE_NIM + 1, ENGINE_SUM, ENGINE_SUM + GAME_MENU_FORMS},
        {RULE_OWN, RULE_OWN + 1, 0, GAME_MENU_FORMS},
    };
    uint8_t n = 0;
    for (const uint8_t *p = (const uint8_t *)parts; p < (const uint8_t *)parts + sizeof parts; p += 4)
        for (uint8_t r = PGM_U8(p); r < PGM_U8(p + 1); r++)
            for (uint8_t f = PGM_U8(p + 2); f < PGM_U8(p + 3); f++) {
                uint8_t m = (uint8_t)(game_form_mode(f & (uint8_t)~ENGINE_SUM) | (f & ENGINE_SUM));
                if (!game_listed(r, m))
                    continue;
                if (n == index || (r == *rule && m == *mode)) {
                    *rule = r;
                    *mode = m;
                    return n;
                }
                n++;
            }
    list_n = n;
    return GAME_NONE;
}

/* Walked once: the list is fixed for a build (each walk costs ~10,000
 * cycles, and GAME_COUNT is read by every command that takes a game). */
uint8_t game_count(void)
{
    uint8_t r = RULE_NONE, m = ENGINE_MODE_NONE;
    if (!list_n)
        list_walk(&r, &m, GAME_NONE);
    return list_n;
}

NOINLINE uint8_t game_own_form(uint8_t index)
{
    return (uint8_t)(index + GAME_OWN - game_count());
}

void game_decode(uint8_t index, uint8_t *rule, uint8_t *mode)
{
    uint8_t own = game_own_form(index);
    if (own < GAME_OWN) {
        *rule = RULE_OWN;   /* no walk (as game_find) */
        *mode = game_form_mode(own);
        return;
    }
    *rule = RULE_NONE;
    *mode = ENGINE_MODE_NONE;
    if (list_walk(rule, mode, index) == GAME_NONE) {
        *rule = RULE_NIM;
        *mode = 0;
    }
}

/* One walk over the list in game_decode's order (not a game_decode per
 * index: that was quadratic, ~20,000 cycles a call at the end of the list). Out of line: LTO copied it, with
 * the two locals list_walk takes by address, into its many callers; one
 * copy is smaller. */
NOINLINE uint8_t game_find(uint8_t rule, uint8_t mode)
{
    /* your own game: the list's last, no walk (STATE finds a game three
     * times: a walk to the list's end each cost it ~17,000 cycles, over
     * test-link-cycles' bound on 32 columns) */
    if (rule == RULE_OWN)
        return mode & (uint8_t)~(ENGINE_MISERE | ENGINE_ONEHEAP) ? GAME_NONE : (uint8_t)(game_mode_form(mode) - game_own_form(0));
    return list_walk(&rule, &mode, GAME_NONE);
}

/* The rules' permanent numbers, by the engine's index; your own game
 * has TAKE 1's, as its ids are TAKE 1's (game.h). */
static const uint8_t rule_numbers[RULE_COUNT + 1] PROGMEM = {
#define RULE_X(num, id, name, kind, code, form) [RULE_##id] = (num),
    RULES(RULE_X)
#undef RULE_X
    [RULE_OWN] = RULE_NUM_SUB1,
};

uint8_t game_rule_number(uint8_t rule)
{
    return PGM_U8(&rule_numbers[rule]);
}

/* TAKE 1 and NIM in one heap are never listed (game_listed): their ids
 * are your own code's (rule_numbers) and the SUMs'. */
NOINLINE uint8_t game_id_of(uint8_t rule, uint8_t mode)
{
    uint8_t id;
    if (mode & ENGINE_SUM)
        id = GAME_ID_SUM;   /* no SUM in one heap: SUM MISERE is id + 1 */
    else
        id = (uint8_t)(game_rule_number(rule) * 2);
    return (uint8_t)((id + ((mode & ENGINE_ONEHEAP) << 1) + ((mode & ENGINE_MISERE) >> 1)) | (mode & ENGINE_BINARY) << 5);
}
_Static_assert(ENGINE_BINARY << 5 == GAME_ID_BINARY, "game_id_of: the BINARY bit");

uint8_t game_id(uint8_t index)
{
    uint8_t r, m;
    game_decode(index, &r, &m);
    return game_id_of(r, m);
}

/* Out of line although called once (the settings' load): copied into that
 * loop, it left the loop short of registers and the copy was bigger. */
NOINLINE uint8_t game_find_id(uint8_t id)
{
    uint8_t n = (uint8_t)((id & (uint8_t)~GAME_ID_BINARY) >> 1), m = (uint8_t)((id & 1) << 1 | (id & GAME_ID_BINARY) >> 5);
    uint8_t r = RULE_COUNT;
    /* the rule of number n (columns), or the heap rule of n - 1 (one heap) */
    while (r-- && game_rule_number(r) != n)
        if (r < RULE_FIRST_MASK && game_rule_number(r) + 1 == n) {
            m |= ENGINE_ONEHEAP;
            break;
        }
    /* r: RULE_NONE (0xFF) if no rule has the number */
    if (r == RULE_SUB1) {
        r = RULE_OWN;
    } else if (r == RULE_NIM && (m & ENGINE_ONEHEAP)) {
        m ^= ENGINE_ONEHEAP | ENGINE_SUM;
    }
    return game_find(r, m);     /* an id of no listed game: GAME_NONE */
}

uint8_t game_find_sum(uint8_t mode)
{
    return game_find(RULE_NIM, mode | ENGINE_SUM);   /* a SUM's rule is NIM's (engine.h) */
}

const char game_sum_name[] PROGMEM = "SUM";
const char game_misere_word[] PROGMEM = " MISERE";
/* One-character strings for a code's digits and its repeat mark. */
static const char code_chars[] PROGMEM = "0\0001\0002\0003\0004\0005\0006\0007\0*";

/* Your own game's code as the link writes it: " 0.137", " 0.3*". */
NOINLINE void game_code_out(void (*put)(const char *))
{
    const octal_code_t *c = engine_own_code();
    put(PSTR(" 0."));
    for (uint8_t i = 0; i < c->len; i++)
        put(&code_chars[2 * c->digit[i]]);
    if (c->repeat)
        put(&code_chars[16]);
}

void game_name_out(uint8_t index, void (*put)(const char *))
{
    uint8_t r, m;
    game_decode(index, &r, &m);
    if (m & ENGINE_SUM) {
        /* the sum chosen (game.pos holds it, in play or not) */
        put(game_sum_name);
        for (uint8_t c = 0; c < game.pos.ncols && (game.pos.mode & ENGINE_SUM); c++) {
            put(c ? PSTR(" + ") : PSTR(" "));
            put(engine_rule_name(game.pos.rules[c]));
        }
    } else {
        put(engine_rule_name(r));
        if (r == RULE_OWN)
            game_code_out(put);
    }
    if (m & ENGINE_ONEHEAP)
        put(PSTR(" ONE"));
    if (m & ENGINE_BINARY)
        put(PSTR(" BINARY"));
    if (m & ENGINE_MISERE)
        put(game_misere_word);
}
