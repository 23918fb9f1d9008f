/* review.c - the mistakes of a game, noted as the moves are made
 * (review.h says what is kept and why). */
#include "review.h"

#include <string.h>

void review_clear(review_t *r)
{
    memset(r, 0, sizeof *r);
}

/* A position's state bytes: its columns in play, or one heap's two. */
static uint8_t review_pos_bytes(const engine_pos_t *p)
{
    return (p->mode & ENGINE_ONEHEAP) ? sizeof p->heap : p->ncols;
}

static uint8_t *review_pos_state(engine_pos_t *p)
{
    return (p->mode & ENGINE_ONEHEAP) ? (uint8_t *)&p->heap : p->col;
}

void review_note(review_t *r, const engine_pos_t *p, engine_move_t m, uint8_t side, bool human)
{
    engine_pos_t after = *p;
    review_item_t it;
    uint8_t n = review_pos_bytes(p);
    if (r->plies < (uint16_t)~REVIEW_SIDE)
        r->plies++;
    /* From a P-position every move is as good as another: no mistake. */
    if (!human || engine_is_p(p))
        return;
    engine_apply(&after, m);
    if (engine_is_p(&after))
        return;             /* the move kept the win */
    if (r->count[side] < 255)
        r->count[side]++;
    if (r->used + sizeof it + n <= REVIEW_BUF) {
        it.k = (uint16_t)(r->plies | (side ? REVIEW_SIDE : 0));
        it.move = m;
        memcpy(&r->buf[r->used], &it, sizeof it);
        memcpy(&r->buf[r->used + sizeof it], review_pos_state((engine_pos_t *)p), n);
        r->used = (uint8_t)(r->used + sizeof it + n);
    }
}

bool review_get(const review_t *r, uint8_t i, review_item_t *it, engine_pos_t *before)
{
    uint8_t n = review_pos_bytes(before), at = 0;
    for (; i; i--) {
        at = (uint8_t)(at + sizeof *it + n);
        if (at >= r->used)
            return false;
    }
    if (at >= r->used)
        return false;
    memcpy(it, &r->buf[at], sizeof *it);
    memcpy(review_pos_state(before), &r->buf[at + sizeof *it], n);
    return true;
}
