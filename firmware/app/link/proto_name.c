/* proto_name.c - the games GAME names: a game's number (its id), or a rule's whole
 * name and then its form words. A prefix once picked the first rule it
 * began (GAME TAKE 1 3 played TAKE 1 3 OR 4, where "take 1 to 3" may have
 * been meant), so a name must be whole, and a refused one is answered with
 * the games whose names begin with what was typed. */
#include "game.h"
#include "hal.h"
#include "pgm.h"
#include "proto_int.h"

/* Room for the longest rule name and its NUL, made from rules.h so a new
 * or renamed rule needs nothing here. */
#define NAME_ROOM(num, id, name, kind, code, form) char id[sizeof name];
union name_room { RULES(NAME_ROOM) };
#undef NAME_ROOM

/* The name words typed, one space between them, as long as the longest
 * name: what is longer ends in '!', which no name holds, so it begins
 * none (a byte less than keeping one character more: EMPTY AND DIVIDE
 * made the longest name a character longer). */
static char typed[sizeof(union name_room)];

/* How rule name (flash) and the typed words compare: 0 the name does not
 * begin with them, 1 it begins with them, 2 they are the whole name, or
 * a range's move without the nickname after it (TAKE 1-3 for TAKE 1-3
 * DR NIM, as the texts write it; no other name begins with a range's
 * words). GAME and a SUM's terms both read names through it, so a name
 * one takes the other takes. */
static uint8_t proto_name_match(const char *name)
{
    const char *t = typed;
    char c;
    bool range = false;     /* the last word typed is a range (1-3) */
    while ((c = PGM_CHAR(name)) == *t && c) {
        if (c == ' ')
            range = false;
        range |= c == '-';
        name++;
        t++;
    }
    if (*t)
        return 0;
    return c && !(range && c == ' ') ? 1 : 2;
}

/* The '#' line of a refused name: each rule whose name begins with the
 * typed words, or, for a whole name whose form was refused, the games
 * that rule is played as. */
static void proto_name_list_out(void)
{
    uint8_t n = 0;
    proto_out_P(PSTR("# GAMES:"));
    const char *name = engine_rule_name(0);
    /* the rules, then OCTAL (your own game: begun, never whole here) */
    for (uint8_t r = 0; r <= RULE_OWN; r++, name = r < RULE_OWN ? engine_rule_name_next(name) : engine_rule_name(r)) {
        uint8_t k = proto_name_match(name);
        for (uint8_t f = 0; k && f < GAME_MENU_FORMS; f++) {
            uint8_t m = game_form_mode(f);
            if (!game_listed(r, m))
                continue;
            proto_out_P(n++ ? PSTR(", ") : PSTR(" "));
            if (k == 2)
                game_name_out(game_find(r, m), proto_out_P);
            else
                proto_out_P(name);
            k &= 2;     /* a name begun: once, not once a form */
        }
    }
    if (!n)
        proto_out_P(proto_none);
    proto_out_nl();
}

/* The rule whose whole name was typed (proto_name_match). RULE_COUNT:
 * none. */
static uint8_t proto_name_rule(void)
{
    const char *name = engine_rule_name(0);
    for (uint8_t r = 0; r < RULE_COUNT; r++, name = engine_rule_name_next(name))
        if (proto_name_match(name) == 2)
            return r;
    return RULE_COUNT;
}

/* A SUM's rules as typed: kept until they all pass, so that a refused
 * GAME SUM leaves the game on the matrix as it was. */
static uint8_t sum_rules[ENGINE_COLS];

/* A SUM's rules, checked for the form typed (mode): each its own reason;
 * if none, they become game.pos's columns, which the new game plays. */
static uint8_t proto_sum_check(uint8_t mode, uint8_t terms)
{
    if (terms < 2 || terms > ENGINE_COLS)
        return ENGINE_ERR_COLS;
    /* ONE: no rule is allowed, in misere or not: R_FORM */
    for (uint8_t c = 0; c < terms; c++)
        if (!engine_mode_allowed(sum_rules[c], mode))
            return engine_mode_allowed(sum_rules[c], mode & (uint8_t)~ENGINE_MISERE) ? R_WILD : R_FORM;
    for (uint8_t c = 0; c < terms; c++)
        game_sum_rule(terms, c, sum_rules[c]);
    return 0;
}

/* The form words, then the '+' between a SUM's terms: one list for both
 * readers (proto_own_game finds no '+', a word of the line: index 3 is never a
 * form; a copy without it cost flash). */
static const char form_words[] PROGMEM = "ONE MISERE BINARY +";
/* GAME OCTAL's forms: word n of form_words is mode bit n + 1 */
_Static_assert(ENGINE_ONEHEAP == 1 && ENGINE_MISERE == 2, "ONE and MISERE are their mode bits");

uint8_t proto_game_number(uint16_t v)
{
    return v > 255 ? GAME_NONE : game_find_id((uint8_t)v);
}

NOINLINE uint8_t proto_own_refusal(uint8_t why)
{
    return why ? (why == ENGINE_OWN_WILD ? R_WILD : R_FORM) : 0;
}

/* GAME OCTAL <code> [ONE] [MISERE]: your own game. The code as Winning
 * Ways writes it, "0." and 1 to 8 digits 0..7, a '*' after the last if
 * it repeats (Nim is 0.3*); played in columns, or ONE heap where it never
 * splits. Misere columns only where the chip proves them
 * (engine_own_misere: R_WILD or R_FORM), one heap only for a code that
 * never splits (R_FORM); refused, the code played before is set again.
 * Set only if everything passes. */
static uint8_t proto_own_game(uint8_t *index)
{
    /* every byte set: the digits past the code's go into the game record
     * (octal_pack) and, through it, the rules a SUM started next finds */
    octal_code_t c = {{0}, 0, 0}, before = *engine_own_code();
    char *w = proto_word();
    uint8_t n = 0, mode = 0;
    if (w[0] != '0' || w[1] != '.')
        return R_CODE;
    for (w += 2; *w >= '0' && *w <= '7' && n < RULE_MAX_DIGITS; w++)
        c.digit[n++] = (uint8_t)(*w - '0');
    c.len = n;
    if (*w == '*' && n) {
        c.repeat = 1;
        w++;
    }
    if (*w)
        return R_CODE;
    while (*(w = proto_word())) {
        n = proto_list_find(form_words, w);
        if (n > 1)
            return n == 2 ? R_FORM : R_ARGS;    /* BINARY; anything else */
        mode |= (uint8_t)(n + 1);               /* ONE, MISERE */
    }
    if (engine_own_set(&c) != OCTAL_OK)
        return R_CODE;
    *index = game_find(RULE_OWN, mode);
    n = proto_own_refusal(engine_own_refused(mode));     /* a call less deep than game_unplayable's */
    if (n)
        engine_own_set(&before);
    return n;
}

/* Left to LTO, which copies it into the command switch: since the link
 * places code by name (firmware.mk) that is smaller than out of line
 * (before, out of line had been smaller). */
uint8_t proto_name_game(char *w, uint8_t *index)
{
    if (proto_list_find(engine_rule_name(RULE_OWN), w) == 0)
        return proto_own_game(index);
    uint8_t n = 0, mode = 0, words = 0, terms = 0, r = RULE_COUNT;
    bool order = true;      /* no name word after a form word */
    bool is_sum = proto_list_find(game_sum_name, w) == 0;
    uint16_t v;
    char *first = w;        /* each word stays in the line, NUL-ended */
    if (is_sum)
        w = proto_word();
    for (;; w = proto_word()) {
        uint8_t k = *w ? proto_list_find(form_words, w) : 3;
        if (k == 3 && (is_sum || !*w)) {
            /* a name ends: the line's, or a SUM's term at its '+' (an
             * empty term names no rule) */
            typed[n] = 0;
            n = 0;
            r = proto_name_rule();
            if (is_sum) {
                if (r == RULE_COUNT || !order) {
                    proto_name_list_out();
                    return R_NAME;
                }
                if (terms < ENGINE_COLS)
                    sum_rules[terms] = r;
                terms++;    /* a line holds fewer than 255 terms */
            }
            if (!*w)
                break;
            continue;
        }
        if (k < 3) {
            mode |= (uint8_t)(1u << k); /* ENGINE_ONEHEAP, ENGINE_MISERE, ENGINE_BINARY */
            continue;
        }
        order &= !mode;
        words++;
        if (n && n < sizeof typed - 1)
            typed[n++] = ' ';
        while (*w && n < sizeof typed - 1)
            typed[n++] = *w++;
        if (*w)
            typed[n - 1] = '!';
    }
    if (is_sum) {
        *index = game_find_sum(mode);
        return proto_sum_check(mode | ENGINE_SUM, terms);
    }
    /* A number stands alone. */
    v = proto_number(first, PROTO_GAME_MAX);
    if (words == 1 && !mode && v != PROTO_NAN) {
        *index = proto_game_number(v);
        return *index == GAME_NONE ? R_NUMBER : proto_own_refusal(game_unplayable(*index));
    }
    /* no rule named: no walk over the list (a whole walk that misses, with
     * the '#' line after it, is over the link's budget) */
    *index = r < RULE_COUNT ? game_find(r, mode) : GAME_NONE;
    if (order && *index != GAME_NONE)
        return 0;
    proto_name_list_out();
    return R_NAME;
}
_Static_assert(ENGINE_ONEHEAP == 1 && ENGINE_MISERE == 2 && ENGINE_BINARY == 4,
               "proto_name_game maps ONE, MISERE, BINARY to mode bits");
