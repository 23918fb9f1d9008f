/* rules.h - the games, as data. One line of RULES() per rule; the table
 * generator (firmware/gen) and the engine both read this list, so a rule is
 * written down exactly once.
 *
 * An octal code "0.d1d2d3..." says, for each k, when k tokens may be taken
 * from a heap: bit 1 of d_k if that empties the heap, bit 2 if it leaves one
 * heap, bit 4 if it leaves two heaps (a split). A trailing '*' repeats the
 * last digit for every larger k (Nim is "0.3*").
 *
 * A column is shown in one of four forms:
 *   FORM_HEAP  a heap of n stones, lit from the bottom (n = 0..8);
 *   FORM_PINS  a row of pins, lit = standing; runs of standing pins are heaps;
 *   FORM_CELLS a strip, lit = marked; runs of cells that may still be marked
 *              (empty and not next to a mark) are heaps;
 *   FORM_COINS a row of coins, lit = heads: a move turns a head to tails
 *              and coins below it (Mock Turtles: up to two; Twins: exactly
 *              one).
 *
 * A name is what the toy, the PC link and docs/games.md call the game: it
 * says the move (TAKE 1-3: take one to three stones), in the letters the
 * matrix font has (A-Z, 0-9, '-', ' ').
 *
 * A rule's number (the first field) is its identity for good: a game's id
 * is that number with its form (game.h), and the saved scores are kept by
 * it. A heap rule (one heap too) takes two numbers, num for its columns
 * and num + 1 for its one heap; any other rule one. A new rule takes
 * numbers no rule has had (RULE_NUMBERS bounds them: room for 16 more
 * games) and may go anywhere in the list: the list's order is the menu's
 * within a class, and nothing saved depends on it.
 *
 * X(num, id, name, kind, code, form) */
#ifndef ENGINE_RULES_H
#define ENGINE_RULES_H

#define RULES(X) \
    X( 0, NIM,      "NIM",         KIND_OCTAL,   "0.3*",      FORM_HEAP)  \
    X( 2, SUB1,     "TAKE 1",      KIND_OCTAL,   "0.3",       FORM_HEAP)  \
    X( 4, SUB2,     "TAKE 1-2",    KIND_OCTAL,   "0.33",      FORM_HEAP)  \
    X( 6, SUB3,     "TAKE 1-3 DR NIM",KIND_OCTAL,   "0.333",     FORM_HEAP)  \
    X( 8, SUB4,     "TAKE 1-4",    KIND_OCTAL,   "0.3333",    FORM_HEAP)  \
    X(10, SUB5,     "TAKE 1-5",    KIND_OCTAL,   "0.33333",   FORM_HEAP)  \
    X(12, SUB6,     "TAKE 1-6",    KIND_OCTAL,   "0.333333",  FORM_HEAP)  \
    X(14, SUB7,     "TAKE 1-7",    KIND_OCTAL,   "0.3333333", FORM_HEAP)  \
    X(16, S134,     "TAKE 1 3 OR 4",KIND_OCTAL,  "0.3033",    FORM_HEAP)  \
    X(18, S124,     "TAKE 1 2 OR 4",KIND_OCTAL,  "0.3303",    FORM_HEAP)  \
    X(20, S14,      "TAKE 1 OR 4", KIND_OCTAL,   "0.3003",    FORM_HEAP)  \
    X(22, S23,      "TAKE 2 OR 3", KIND_OCTAL,   "0.033",     FORM_HEAP)  \
    X(24, S1258,    "TAKE 1 2 5 OR 8",KIND_OCTAL, "0.33003003", FORM_HEAP) \
    X(26, HALF,     "AT MOST HALF", KIND_HALF,   "",          FORM_HEAP)  \
    X(28, KAYLES,   "KAYLES",      KIND_OCTAL,   "0.77",      FORM_PINS)  \
    X(29, DAWSON,   "DAWSON KAYLES",KIND_OCTAL,   "0.07",      FORM_PINS)  \
    X(30, NOADJ,    "NO ADJACENT", KIND_OCTAL,   "0.137",     FORM_CELLS) \
    X(31, TURTLES,  "MOCK TURTLES", KIND_TURTLES, "",         FORM_COINS) \
    X(32, TWINS,    "TWINS",       KIND_TWINS,   "",          FORM_COINS) \
    X(33, ED,       "EMPTY AND DIVIDE", KIND_ED, "",          FORM_HEAP)

enum rule_kind { KIND_OCTAL, KIND_HALF, KIND_TURTLES, KIND_TWINS, KIND_ED };
enum rule_form { FORM_HEAP, FORM_PINS, FORM_CELLS, FORM_COINS };

/* How the engine plays a rule, from its kind and form (data, not its place
 * in the list): heap columns, pin and cell columns (masks), coin columns,
 * and whole games of two boxes that one move changes together (EMPTY AND
 * DIVIDE, Ho Huu Son's notes: boxes of m and n counters, 1..8 a column,
 * 1..255 in BINARY; a move empties one box and divides the other's
 * counters between the two, at least one in each; (1, 1) ends the game:
 * ed.c). Each class is a picker of its argument; a kind and form that
 * make no class do not build. */
#define RULE_CLASS_KIND_OCTAL_FORM_HEAP(heaps, masks, coins, whole) heaps
#define RULE_CLASS_KIND_HALF_FORM_HEAP(heaps, masks, coins, whole) heaps
#define RULE_CLASS_KIND_OCTAL_FORM_PINS(heaps, masks, coins, whole) masks
#define RULE_CLASS_KIND_OCTAL_FORM_CELLS(heaps, masks, coins, whole) masks
#define RULE_CLASS_KIND_TURTLES_FORM_COINS(heaps, masks, coins, whole) coins
#define RULE_CLASS_KIND_TWINS_FORM_COINS(heaps, masks, coins, whole) coins
#define RULE_CLASS_KIND_ED_FORM_HEAP(heaps, masks, coins, whole) whole
#define RULE_SKIP(num, id, name, kind, code, form)
#define RULE_IN_HEAPS(num, id, name, kind, code, form) \
    RULE_CLASS_##kind##_##form(RULE_X, RULE_SKIP, RULE_SKIP, RULE_SKIP)(num, id, name, kind, code, form)
#define RULE_IN_MASKS(num, id, name, kind, code, form) \
    RULE_CLASS_##kind##_##form(RULE_SKIP, RULE_X, RULE_SKIP, RULE_SKIP)(num, id, name, kind, code, form)
#define RULE_IN_COINS(num, id, name, kind, code, form) \
    RULE_CLASS_##kind##_##form(RULE_SKIP, RULE_SKIP, RULE_X, RULE_SKIP)(num, id, name, kind, code, form)
#define RULE_IN_WHOLE(num, id, name, kind, code, form) \
    RULE_CLASS_##kind##_##form(RULE_SKIP, RULE_SKIP, RULE_SKIP, RULE_X)(num, id, name, kind, code, form)
/* The rules in the engine's order, class by class (the list's order within
 * each): RULE_X(num, id, name, kind, code, form), defined by the reader
 * before and undefined after. Every table indexed by rule reads this. */
#define RULES_SORTED \
    RULES(RULE_IN_HEAPS) RULES(RULE_IN_MASKS) RULES(RULE_IN_COINS) RULES(RULE_IN_WHOLE)

/* The engine's index of a rule (RULE_<id>): heap rules first, from
 * RULE_FIRST_MASK pin and cell rules, from RULE_FIRST_COINS coin rules,
 * from RULE_COLUMN_COUNT the whole games. Never saved: the rule's number
 * is (game.h). */
#define RULE_X(num, id, name, kind, code, form) RULE_##id,
enum { RULES(RULE_IN_HEAPS) RULE_FIRST_MASK };
enum { RULE_MASKS_ = RULE_FIRST_MASK - 1, RULES(RULE_IN_MASKS) RULE_FIRST_COINS };
enum { RULE_COINS_ = RULE_FIRST_COINS - 1, RULES(RULE_IN_COINS) RULE_COLUMN_COUNT };
enum { RULE_WHOLE_ = RULE_COLUMN_COUNT - 1, RULES(RULE_IN_WHOLE) RULE_COUNT };
#undef RULE_X

/* Rule numbers run 0 .. RULE_NUMBERS - 1: the settings record keeps two
 * scores a number (app/game/game_records.h), room for the rules to come
 * (the next free number is the highest used plus its width). No two rules
 * share a number (each number's bit set once). */
#define RULE_NUMBERS 42
#define RULE_WIDTH(kind, form) RULE_CLASS_##kind##_##form(2ull, 1ull, 1ull, 1ull)
#define RULE_NUM_BITS(num, kind, form) (((1ull << RULE_WIDTH(kind, form)) - 1u) << (num))
#define RULE_NUM_BIT(num, id, name, kind, code, form) + RULE_NUM_BITS(num, kind, form)
#define RULE_NUM_OR(num, id, name, kind, code, form) | RULE_NUM_BITS(num, kind, form)
_Static_assert((0 RULES(RULE_NUM_BIT)) == (0 RULES(RULE_NUM_OR)), "two rules in rules.h share a number");
_Static_assert((0 RULES(RULE_NUM_OR)) < (1ull << RULE_NUMBERS), "a rule's number is RULE_NUMBERS or more");
#undef RULE_NUM_BIT
#undef RULE_NUM_OR
/* Each rule's number by name (RULE_NUM_<id>). */
#define RULE_X(num, id, name, kind, code, form) RULE_NUM_##id = (num),
enum { RULES(RULE_X) };
#undef RULE_X

/* A column is at most this many cells tall (the matrix height). */
#define TABLE_ROWS 8

/* Pin and cell rules' column table: values fit bits 0..2, and this bit
 * says the column has a move (a column of isolated pins has none in
 * DAWSON'S KAYLES), so the reply knows it without searching. */
#define MASK_HAS_MOVE 8

/* A wild rule's quotient has at most this many elements (KAYLES: 12;
 * the generator refuses a rule with more): the products' table is 12 by
 * 12, and a column's element and the elements it reaches fit a nibble and
 * 12 bits (tables.h). Raising it means wider tables. */
#define MISERE_ELEMS 12
_Static_assert(MISERE_ELEMS <= 12, "a state's reachable elements are 12 bits in tables.h");

/* Longest octal code (digits after the point) any rule may use. */
#define RULE_MAX_DIGITS 8

#endif
