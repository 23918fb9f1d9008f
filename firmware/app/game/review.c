/* review.c - the mistakes of a game, noted as the moves are made
 * (review.h says what is kept and why). */
#include "review.h"

#include <string.h>

#include "progmem.h"

NOINLINE void review_clear(review_t *r)
{
    memset(r, 0, sizeof *r);
}

/* A position's state bytes: its columns in play, or one heap's two. */
static uint8_t review_pos_bytes(const engine_pos_t *p)
{
    return engine_is_oneheap(p) ? sizeof p->heap : p->ncols;
}

static uint8_t *review_pos_state(engine_pos_t *p)
{
    return engine_is_oneheap(p) ? (uint8_t *)&p->heap : p->col;
}

void review_move(review_t *r, engine_pos_t *p, engine_move_t m, uint8_t side, bool human)
{
    review_item_t it;
    uint8_t n = review_pos_bytes(p), at = r->used;
    bool fits = at + sizeof it + n <= REVIEW_BUF;
    /* From a P-position every move is as good as another: no mistake. */
    bool won = human && !engine_is_p(p);
    /* The position before, into the free part of buf (kept only if the
     * move turns out a mistake): no copy of the whole position. */
    if (fits)
        memcpy(&r->buf[at + sizeof it], review_pos_state(p), n);
    if (r->plies < (uint16_t)~REVIEW_SIDE)
        r->plies++;
    engine_apply(p, m);
    if (!won || engine_is_p(p))
        return;             /* the move kept the win, or there was none */
    if (r->count[side] < 255)
        r->count[side]++;
    if (fits) {
        it.k = (uint16_t)(r->plies | (side ? REVIEW_SIDE : 0));
        it.move = m;
        memcpy(&r->buf[at], &it, sizeof it);
        r->used = (uint8_t)(at + sizeof it + n);
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
    return true;        /* legal: noted on this game (game.c keeps rv with pos) */
}
