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
 * X(id, name, kind, code, form) */
#ifndef ENGINE_RULES_H
#define ENGINE_RULES_H

#define RULES(X) \
    X(NIM,      "NIM",         KIND_OCTAL,   "0.3*",      FORM_HEAP)  \
    X(SUB1,     "TAKE 1",      KIND_OCTAL,   "0.3",       FORM_HEAP)  \
    X(SUB2,     "TAKE 1-2",    KIND_OCTAL,   "0.33",      FORM_HEAP)  \
    X(SUB3,     "TAKE 1-3 DR NIM",KIND_OCTAL,   "0.333",     FORM_HEAP)  \
    X(SUB4,     "TAKE 1-4",    KIND_OCTAL,   "0.3333",    FORM_HEAP)  \
    X(SUB5,     "TAKE 1-5",    KIND_OCTAL,   "0.33333",   FORM_HEAP)  \
    X(SUB6,     "TAKE 1-6",    KIND_OCTAL,   "0.333333",  FORM_HEAP)  \
    X(SUB7,     "TAKE 1-7",    KIND_OCTAL,   "0.3333333", FORM_HEAP)  \
    X(S134,     "TAKE 1 3 OR 4",KIND_OCTAL,  "0.3033",    FORM_HEAP)  \
    X(S124,     "TAKE 1 2 OR 4",KIND_OCTAL,  "0.3303",    FORM_HEAP)  \
    X(S14,      "TAKE 1 OR 4", KIND_OCTAL,   "0.3003",    FORM_HEAP)  \
    X(S23,      "TAKE 2 OR 3", KIND_OCTAL,   "0.033",     FORM_HEAP)  \
    X(S1258,    "TAKE 1 2 5 OR 8",KIND_OCTAL, "0.33003003", FORM_HEAP) \
    X(HALF,     "AT MOST HALF", KIND_HALF,   "",          FORM_HEAP)  \
    X(KAYLES,   "KAYLES",      KIND_OCTAL,   "0.77",      FORM_PINS)  \
    X(DAWSON,   "DAWSON KAYLES",KIND_OCTAL,   "0.07",      FORM_PINS)  \
    X(NOADJ,    "NO ADJACENT", KIND_OCTAL,   "0.137",     FORM_CELLS) \
    X(TURTLES,  "MOCK TURTLES", KIND_TURTLES, "",         FORM_COINS) \
    X(TWINS,    "TWINS",       KIND_TWINS,   "",          FORM_COINS) \
    X(ED,       "EMPTY AND DIVIDE", KIND_ED, "",          FORM_HEAP)

enum rule_id {
#define RULE_ENUM(id, name, kind, code, form) RULE_##id,
    RULES(RULE_ENUM)
#undef RULE_ENUM
    RULE_COUNT
};

enum rule_kind { KIND_OCTAL, KIND_HALF, KIND_TURTLES, KIND_TWINS, KIND_ED };
enum rule_form { FORM_HEAP, FORM_PINS, FORM_CELLS, FORM_COINS };

/* The rules up to here are played column by column (a sum of one-column
 * games, the tables of tables.h); the rules after them are whole games of
 * two boxes that one move changes together. EMPTY AND DIVIDE (Ho Huu
 * Son's notes): boxes of m and n counters (1..8 a column, 1..255 in
 * BINARY); a move empties one box and divides the other's counters
 * between the two, at least one in each; (1, 1) ends the game (ed.c). */
#define RULE_COLUMN_COUNT RULE_ED

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
