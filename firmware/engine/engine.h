/* engine.h - the game core: one generic engine for every game of the toy.
 *
 * Portable C99: no <avr/...>, no registers, no heap. The same source builds
 * for the ATmega328P and for the host (tests, generator, protocol fuzzing).
 * Every array is sized from the board header (board/board.h).
 *
 * A game is a rule (rules.h) played in a mode:
 *   - columns (default): one small game per LED column, the whole game is
 *     their sum, solved by the Sprague-Grundy theorem (XOR of column values);
 *   - ENGINE_ONEHEAP: one heap drawn across the whole matrix (heap-form rules
 *     only), solved by its value (P: worth 0, misere 1; your own code: a
 *     P/N table derived when it is played);
 *   - ENGINE_BINARY: columns of a heap rule holding 0..ENGINE_BINARY_MAX
 *     stones each, drawn in binary (top bit on top); values from each
 *     rule's period (binary.c). Normal and misere (every heap rule is
 *     tame: misere Nim on the values); not with ENGINE_ONEHEAP.
 *   - ENGINE_SUM: columns each playing its own rule (rules[c]: any rule
 *     columns allow, BINARY the heap rules), 2 columns or more: the sum
 *     of different games, solved as every columns game (nim-sum of each
 *     column's value under its own rule). Misere only where every
 *     column's rule is tame (misere Nim on the values); a sum holding a
 *     wild rule would need the quotient of the product, not derived.
 *     rule is RULE_NIM (a sum has no one rule).
 *   - ENGINE_MISERE: the last move loses. Allowed for every rule in columns
 *     (solved by its misere quotient, generated and proved by build/grundy:
 *     a tame rule plays as misere Nim on the column values, a wild one,
 *     KAYLES, by its quotient's tables) and every heap rule in one-heap form.
 *
 * EMPTY AND DIVIDE is the one rule that is not a sum of columns: two
 * boxes, columns 0 and 1, that a move changes together (ed.c).
 *
 * Columns: bit r of a column is the LED in row r counted from the bottom.
 * A heap column holds its height n (0..8), lit from the bottom; in
 * ENGINE_BINARY its heap n (0..255). */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "compiler.h"
#include "octal.h"
#include "rules.h"

#define ENGINE_COLS BOARD_COLS
#define ENGINE_ROWS BOARD_ROWS
#define ENGINE_HEAP_MAX BOARD_CELLS /* one-heap form: up to every lamp lit */
#define ENGINE_BINARY_MAX 255       /* BINARY: a heap a column's 8 lamps write */

enum engine_mode {
    ENGINE_ONEHEAP = 1,
    ENGINE_MISERE = 2,
    ENGINE_BINARY = 4,
    ENGINE_SUM = 8,
};
/* No mode: no game has it (a search of the list by index alone). */
#define ENGINE_MODE_NONE 0xFF

/* Packed: the AVR has no padding anyway (the game record is these bytes);
 * a host build then lays it out the same way. */
typedef struct PACKED {
    uint8_t rule;               /* enum rule_id */
    uint8_t mode;               /* enum engine_mode bits */
    uint8_t ncols;              /* columns in play, 1..ENGINE_COLS (columns mode) */
    uint8_t col[ENGINE_COLS];   /* heap height, or cell mask (bit 0 = bottom row) */
    uint16_t heap;              /* one-heap mode: stones left, 0..ENGINE_HEAP_MAX */
    uint8_t rules[ENGINE_COLS]; /* ENGINE_SUM: column c's rule (last: a game record
                                 * saved before sums loads as the bytes before) */
} engine_pos_t;

/* A move names the column it is made in and that column's state after it;
 * in one-heap mode col is 0 and to is the number of stones left; in
 * EMPTY AND DIVIDE (two boxes, ed.c) col is the box emptied and to the
 * counters the other box's division puts in it. */
typedef struct {
    uint8_t col;
    uint16_t to;
} engine_move_t;
/* A move's col when there is none (a hint in a losing position), and the
 * col that starts ed_move_next's walk at the first move. */
#define ENGINE_COL_NONE 0xFF
/* engine_misere_elem's c for the whole position (any c >= ncols). */
#define ENGINE_COL_ALL 0xFF

/* Why a position or move was refused (0 = fine). */
enum engine_err {
    ENGINE_OK = 0,
    ENGINE_ERR_RULE,    /* no such rule */
    ENGINE_ERR_MODE,    /* the rule cannot be played in that mode */
    ENGINE_ERR_COLS,    /* ncols out of 1..ENGINE_COLS */
    ENGINE_ERR_HEIGHT,  /* a heap column taller than ENGINE_ROWS (BINARY: none is) */
    ENGINE_ERR_HEAP,    /* one-heap stones over ENGINE_HEAP_MAX */
    ENGINE_ERR_ADJ,     /* NO ADJACENT: two marks side by side */
    ENGINE_ERR_MOVE_COL,    /* move names a column not in play */
    ENGINE_ERR_MOVE_RULE,   /* the rule does not allow that change */
    ENGINE_ERR_COUNT
};

/* Your own game: a rule typed in as an octal code, the rule
 * number after the built-in ones. engine_own_set checks the code and
 * derives its values on the chip (octal.c): a code that never splits a
 * heap is played in heap columns, one that splits as rows of pins (a run
 * of standing pins is a heap). Columns, normal play; until a code is set
 * the rule is refused (ENGINE_ERR_RULE). A position of it carries its
 * code packed in rules[] (octal_pack), so a saved game keeps its code. */
#define RULE_OWN RULE_COUNT
/* No rule: no game has it (a saved game that must not resume). */
#define RULE_NONE 0xFF
_Static_assert(OCTAL_PACKED <= ENGINE_COLS, "a position's rules[] holds its packed code");
uint8_t engine_own_set(const octal_code_t *c);   /* OCTAL_OK or octal_check's error */
const octal_code_t *engine_own_code(void);       /* len 0: none set */
/* A position of your own game carries the code set, packed in its rules[]
 * (other games: unchanged); a position's code set again (OCTAL_OK, or
 * engine_own_set's error; other games: OCTAL_OK): a saved game resumes
 * with its code. */
void engine_own_pack(engine_pos_t *p);
uint8_t engine_own_unpack(const engine_pos_t *p);
uint8_t engine_own_builtin(void);   /* the built-in rule it is, or RULE_COUNT */
/* Why the code set is not played in a mode (0: it is played). Misere
 * columns are played only where the chip proves them misere Nim on the
 * column values (own_misere.c); one heap only for a code that never
 * splits. */
enum engine_own_why {
    ENGINE_OWN_PLAYED = 0,
    ENGINE_OWN_WILD,        /* misere: the proof fails, misere Nim does not decide it */
    ENGINE_OWN_VALUES,      /* misere: a run worth over 7 (the proof's elements are 10) */
    ENGINE_OWN_COLUMN,      /* misere: a column of two runs worth 2 or more is worth 0 or 1 */
    ENGINE_OWN_BIG,         /* misere: the proof's closure outgrew its room (no code does) */
    ENGINE_OWN_SPLITS,      /* one heap: the code splits a heap, so it has no one heap */
    ENGINE_OWN_STUCK,       /* no move from the full board (a column of 8; one heap: ENGINE_HEAP_MAX) */
};
/* Misere play of the code set: ENGINE_OWN_PLAYED, or one of the misere
 * reasons above. The first call after engine_own_set proves it: up to
 * ~2,000,000 cycles (make bench, octal_misere); then it is kept. */
uint8_t engine_own_misere(void);
/* One heap of the code set, in misere play or not (mis: ENGINE_MISERE or
 * 0): ENGINE_OWN_PLAYED (a code that never splits; its P-positions
 * derived here when the play changes, up to 315,985 cycles on 32
 * columns: make bench, octal_heap), else ENGINE_OWN_SPLITS. */
uint8_t engine_own_heap(uint8_t mis);
/* Why the code set is not played in mode (a game's mode bits): one heap
 * as engine_own_heap, misere columns as engine_own_misere; 0 if it is. A
 * jump to either, no frame of its own (the misere proof's path is the
 * toy's deepest stack). */
uint8_t engine_own_refused(uint8_t mode);

/* Rule metadata. */
const char *engine_rule_name(uint8_t rule);   /* PROGMEM string on the AVR */
/* The name of the rule after the one whose name is given: a loop over the
 * rules reads their names in one pass (engine_rule_name walks the names
 * from the first: a loop of those calls was quadratic, too slow for
 * GAME's refusal over the PC link). */
const char *engine_rule_name_next(const char *name);
uint8_t engine_rule_form(uint8_t rule);       /* enum rule_form */
bool engine_mode_allowed(uint8_t rule, uint8_t mode);
/* Column c's rule: rules[c] in a SUM, else the game's rule. */
uint8_t engine_col_rule(const engine_pos_t *p, uint8_t c);

/* Whether the position is one the game can reach (0) or why not. */
uint8_t engine_check_pos(const engine_pos_t *p);

/* Whether the move is legal in p (0) or why not. */
uint8_t engine_check_move(const engine_pos_t *p, engine_move_t m);
void engine_apply(engine_pos_t *p, engine_move_t m);

/* Legal moves in a fixed order: columns left to right, inside a column the
 * smallest moves (fewest stones or cells changed) first, from the top down.
 * Start with engine_move_first, go on with engine_move_next; both return
 * false when there are no more. */
bool engine_move_first(const engine_pos_t *p, engine_move_t *m);
bool engine_move_next(const engine_pos_t *p, engine_move_t *m);
bool engine_has_move(const engine_pos_t *p);  /* false: the game is over */

/* Sprague-Grundy values (columns mode only; 0 in one-heap mode). */
uint8_t engine_col_grundy(const engine_pos_t *p, uint8_t c);
/* Column c's value were it to hold state v (a move's result). */
uint8_t engine_col_value(const engine_pos_t *p, uint8_t c, uint8_t v);
uint8_t engine_nimsum(const engine_pos_t *p);

/* Misere play in columns: whether the rule is wild (played by its misere
 * quotient, not as misere Nim on the values); a wild rule's element of
 * column c, or of the whole position when c >= ncols (0 for a tame rule or
 * one heap); and an element's name ("1", "a", "ab^2", ...: PROGMEM on the
 * AVR; "" for a tame rule), as build/grundy --misere prints them. */
bool engine_misere_wild(uint8_t rule);
uint8_t engine_misere_elem(const engine_pos_t *p, uint8_t c);
const char *engine_misere_name(uint8_t rule, uint8_t e);

/* Misere Nim on the column values (a tame rule): the columns worth 2 or
 * more, and in *ones those worth 1. While one is worth 2 or more the game
 * is played as Nim (the nim-sum decides), else an odd count of 1s loses. */
uint8_t engine_misere_big(const engine_pos_t *p, uint8_t *ones);

/* One heap: the heap's Grundy value by the mex rule (the tables hold
 * only P and N; the PC link's GRUNDY reports the value). */
uint16_t engine_oneheap_grundy(const engine_pos_t *p);

/* True when the player to move loses against perfect play (a P-position).
 * Knows the mode: misere Nim, one heap. */
bool engine_is_p(const engine_pos_t *p);

/* A winning move (to a P-position); false in a P-position or at the end. */
bool engine_hint(const engine_pos_t *p, engine_move_t *m);

/* The machine's reply: with probability mistake/256 a random legal move;
 * else the winning move, or in a P-position the stall the seed plays (the
 * smallest move on the biggest heap) so a human mistake can be punished.
 * False only when there is no legal move. */
bool engine_reply(const engine_pos_t *p, uint8_t mistake, engine_move_t *m);

/* The engine's small PRNG (16-bit xorshift); the firmware seeds it from
 * button timing, the tests from a fixed number. A zero seed is replaced. */
void engine_seed(uint32_t seed);
uint8_t engine_random(void);

/* ---- what the UI and the PC link ask of a position (select.c) ---------- */

/* How the game is played, for those who show it: one heap drawn across
 * the matrix, columns of 0..ENGINE_BINARY_MAX, the last move loses,
 * columns each of its own rule. */
static inline bool engine_is_oneheap(const engine_pos_t *p)
{
    return p->mode & ENGINE_ONEHEAP;
}
static inline bool engine_is_binary(const engine_pos_t *p)
{
    return p->mode & ENGINE_BINARY;
}
static inline bool engine_is_misere(const engine_pos_t *p)
{
    return p->mode & ENGINE_MISERE;
}
static inline bool engine_is_sum(const engine_pos_t *p)
{
    return p->mode & ENGINE_SUM;
}
/* The position's value is its columns' values summed (a teach panel can
 * show them): not one heap, not EMPTY AND DIVIDE's two boxes that one
 * move changes together. */
static inline bool engine_is_col_sum(const engine_pos_t *p)
{
    return !(p->mode & ENGINE_ONEHEAP) && p->rule != RULE_ED;
}

/* How a move in column c is chosen (columns mode): a count, or lamps one
 * by one. */
enum engine_select {
    ENGINE_SELECT_TAKE,     /* a count of tokens taken, 0..engine_select_max */
    ENGINE_SELECT_SHARE,    /* the count the column is left with, 1..engine_select_max
                             * (EMPTY AND DIVIDE: the emptied box's share of the other) */
    ENGINE_SELECT_LAMPS,    /* lamps chosen one at a time (engine_select_lamp) */
};
uint8_t engine_select_kind(const engine_pos_t *p, uint8_t c);
/* The largest count column c's selection may reach (a count's kind). */
uint8_t engine_select_max(const engine_pos_t *p, uint8_t c);
/* Column c's state once selection sel (a count, or the lamps chosen) is
 * played: the move's to. */
uint8_t engine_select_to(const engine_pos_t *p, uint8_t c, uint8_t sel);
/* Lamp bit of column c chosen with *sel chosen so far (a lamps column): a
 * pin that stands (with its neighbour: a pair), a cell that may be
 * marked, a coin under at most three whose top is a head or may still
 * get one. */
enum engine_pick {
    ENGINE_PICK_OK,         /* *sel is the new selection */
    ENGINE_PICK_NONE,       /* no move takes that lamp: *sel unchanged */
    ENGINE_PICK_NOT_WITH,   /* not with the lamps chosen: *sel unchanged */
};
uint8_t engine_select_lamp(const engine_pos_t *p, uint8_t c, uint8_t *sel, uint8_t bit);
/* The lamps column c lights for state v: a heap from the bottom, BINARY
 * and the other forms their bits. */
uint8_t engine_col_lamps(const engine_pos_t *p, uint8_t c, uint8_t v);
/* n cells from the bottom (n >= 8: all). */
uint8_t engine_lamps(uint8_t n);
/* Column c's state after move m (EMPTY AND DIVIDE: the divided box too). */
uint8_t engine_move_col(const engine_pos_t *p, engine_move_t m, uint8_t c);
/* The columns a start position of p's rule keeps of p->ncols (EMPTY AND
 * DIVIDE: its two boxes). */
static inline uint8_t engine_start_cols(const engine_pos_t *p)
{
    return p->rule == RULE_ED ? 2 : p->ncols;
}

#endif
