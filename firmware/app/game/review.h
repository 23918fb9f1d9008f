/* review.h - where a game was lost: the mistakes of the human
 * sides, noted as each move is made, for the end screen's review and the
 * PC link's REVIEW.
 *
 * A mistake is a move from an N-position (the mover could win) to an
 * N-position for the opponent (the opponent now can): known when the move
 * is made (engine_is_p before and after), no move history needed. Only
 * the engine's API is used (engine_is_p, engine_hint), so every rule and
 * form, normal and misere, is covered, and any game added later too.
 *
 * What is kept, in a review_t (42 bytes on the AVR, on every board: the RAM
 * share is 48 bytes on 32 columns, and the game record grows by the same so a
 * game resumed after a power cut still reviews the mistakes made before
 * the cut):
 *   - the number of moves made so far (the k of a mistake);
 *   - each side's count of mistakes (against the machine: a winner's
 *     missed chances);
 *   - the mistakes themselves, packed one after the other while they fit
 *     in buf: the move's number k and side, the move, and the position
 *     before it (the winning move that was there is found again from it,
 *     engine_hint, when the review asks: it is not kept): the
 *     columns in play (ncols bytes) or the one heap (2 bytes); rule, mode
 *     and ncols are the game's. A whole engine_pos_t copy would not fit
 *     twice, but a mistake's columns do: on 3-4-5 four mistakes fit, on 32
 *     full columns one (the first, always), on 8 two. Later ones are
 *     still counted.
 *     The position cannot be rebuilt from the mistake's column alone
 *     (later moves change the other columns), so it is kept whole. */
#ifndef APP_REVIEW_H
#define APP_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"

/* A kept mistake's head; the position's bytes follow it in buf. */
typedef struct {
    uint16_t k;             /* the move's number in the game, from 1; REVIEW_SIDE: player 2's */
    engine_move_t move;     /* the move made */
} review_item_t;
#define REVIEW_SIDE 0x8000u
/* The first mistake of a full 32-column board fits (the budget: 42 bytes of
 * review on 32 columns); the same on every board, so that 8 columns keep
 * two mistakes of a full board and four of 3-4-5. */
#define REVIEW_POS_MAX 32u
_Static_assert(ENGINE_COLS <= REVIEW_POS_MAX, "the first mistake of a full board fits");
#define REVIEW_BUF (sizeof(review_item_t) + REVIEW_POS_MAX)

typedef struct {
    uint16_t plies;         /* moves made in the game so far */
    uint8_t count[2];       /* mistakes of each side (saturating) */
    uint8_t used;           /* bytes of buf holding kept mistakes */
    uint8_t buf[REVIEW_BUF];
} review_t;

/* A new game (or a position set): nothing noted. */
void review_clear(review_t *r);

/* Side makes move m (legal) in p: the move is applied, and noted if it
 * is a mistake; human: whether that side is a person (the machine's slips
 * are not the review's). */
void review_move(review_t *r, engine_pos_t *p, engine_move_t m, uint8_t side, bool human);

/* Mistake i (0 = the first) kept: true, *it filled, and *before (the
 * game's position now, for its rule, mode and ncols) made the position
 * before it (an N-position: engine_hint finds the move that was there).
 * False past the last kept one. */
bool review_get(const review_t *r, uint8_t i, review_item_t *it, engine_pos_t *before);

#endif
