/* solver.h - an independent brute-force solver for the engine's games.
 *
 * It knows each rule only as moves on a column (a heap height or an 8-cell
 * mask), written here from the rules' plain statement, and decides win/lose
 * of a whole multi-column position by plain recursion over real moves with a
 * memo. It uses no Grundy value, no XOR, no engine code and no engine table,
 * so agreeing with it is evidence, not an echo. */
#ifndef TESTS_SOLVER_H
#define TESTS_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#define SOLVER_MASK_COLS 3      /* cell/pin/coin games: up to 3 columns of 8 */
#define SOLVER_HEAP_COLS 4      /* heap games: up to 4 columns of 0..8 */
#define SOLVER_COL_MOVES 96     /* most moves of one 8-cell column (92: eight heads) */
#define SOLVER_ONEHEAP_MAX 1024 /* one-heap form: heaps up to this size */

/* Chooses the rule (enum rule_id) and play convention; clears the memo. */
void solver_select(uint8_t rule, bool misere);

/* The same for a game given as an octal code: d_1 .. d_len, d_len
 * repeating for every larger k if repeat; played as pins if it ever
 * splits a heap (taking k from the middle of a run), else as heaps. */
void solver_select_code(const uint8_t *digit, uint8_t len, bool repeat, bool misere);

/* Whether the current rule's columns are heap heights (else 8-cell masks). */
bool solver_is_heap_form(uint8_t rule);

/* Whether a column state can occur (heap <= 8; no two adjacent marks). */
bool solver_col_valid(uint8_t col);

/* The states a column can move to, written to to[]; returns how many. */
uint8_t solver_col_moves(uint8_t col, uint8_t to[SOLVER_COL_MOVES]);
bool solver_col_legal(uint8_t from, uint8_t to);

/* True when the player to move loses (P-position). ncols <= 3 for mask
 * games, <= 4 for heap games; every column must be valid. */
bool solver_is_p(const uint8_t *cols, uint8_t ncols);

/* The same for any number of columns (up to 32): a memo keyed by the
 * sorted column states, columns without a move dropped (a game with no
 * move adds nothing to a sum). For positions of moderate total size. */
bool solver_is_p_any(const uint8_t *cols, uint8_t ncols);

/* One-heap form (heap rules only): moves and outcome of a heap of n. */
uint16_t solver_heap_moves(uint16_t n, uint16_t *to);
bool solver_heap_legal(uint16_t from, uint16_t to);
bool solver_heap_is_p(uint16_t n);

/* BINARY form (heap rules): up to SOLVER_BINARY_COLS heaps of
 * 0..SOLVER_BINARY_MAX, by the same recursion over the rule's takes. */
#define SOLVER_BINARY_COLS 3
#define SOLVER_BINARY_MAX 63
bool solver_binary_is_p(const uint8_t *heaps, uint8_t n);

/* EMPTY AND DIVIDE (two boxes, not columns of a sum): a move empties one
 * box and divides the other's counters between the two, at least one in
 * each; (1, 1) has no move. Boxes 1..SOLVER_ED_MAX, the play convention of
 * solver_select, by recursion over those moves with a memo. */
#define SOLVER_ED_MAX 255
bool solver_ed_is_p(uint8_t m, uint8_t n);
bool solver_ed_outcome_p(bool misere, uint8_t m, uint8_t n);   /* either convention */

/* SUM: up to SOLVER_SUM_COLS columns, each playing its own rule (a heap
 * 0..8 or a mask; binary: heaps 0..SOLVER_SUM_BINARY_MAX of heap rules),
 * by the same recursion over each column's own moves. */
#define SOLVER_SUM_COLS 3
#define SOLVER_SUM_BINARY_MAX 255
void solver_sum_select(const uint8_t *rules, uint8_t n, bool misere, bool binary);
bool solver_sum_is_p(const uint8_t *cols);
bool solver_sum_legal(uint8_t c, uint8_t from, uint8_t to);
/* How many targets solver_sum_legal allows column c from 'from'. */
uint16_t solver_sum_legal_count(uint8_t c, uint8_t from);
bool solver_sum_col_valid(uint8_t c, uint8_t col);

#endif
