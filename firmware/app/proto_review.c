/* proto_review.c - the PC link's REVIEW (issue 22): the mistakes the game
 * noted (review.h), one at a time.
 *   REVIEW          the first: OK REVIEW <k> <col> <to> BEST <col> <to>
 *   REVIEW NEXT     the one after the last answered
 *   REVIEW <i>      the i-th (from 1)
 *   REVIEW POS      the position before the last answered, as POS takes it
 * k is the move's number in the game (both sides' moves counted, from 1);
 * in a game of two players the mover's LOG tag (H1, H2) follows. None (or
 * none more kept): OK REVIEW NONE. A game's review stays after its end,
 * until the next game starts. */
#include "game.h"
#include "hal.h"
#include "pgm.h"
#include "proto_int.h"

/* The mistake REVIEW last answered (NEXT and POS go from it). */
static uint8_t review_at;

static const char review_words[] PROGMEM = "NEXT POS";

uint8_t proto_cmd_review(uint16_t now)
{
    review_item_t it;
    engine_pos_t before = game.pos;
    uint16_t v[6];
    uint8_t i = 0;
    char *w = proto_word();
    uint8_t word = proto_list_find(review_words, w);
    (void)now;
    if (*w) {
        if (word <= 1)
            i = (uint8_t)(review_at + !word);   /* NEXT: the one after; POS: the same */
        else if (proto_number(w, 255, v) && v[0])
            i = (uint8_t)(v[0] - 1);
        else
            return R_CMD | R_ARGS;
    }
    if (!proto_at_end())
        return R_CMD | R_ARGS;
    proto_reply_ok();
    if (!review_get(&game.rv, i, &it, &before)) {
        proto_out_P(PSTR(" NONE"));
        return 0;
    }
    review_at = i;
    if (word == 1) {
        proto_out_P(PSTR(" POS"));
        if (game_is_oneheap())
            proto_out_snum(before.heap);
        else
            for (uint8_t c = 0; c < before.ncols; c++)
                proto_out_snum(before.col[c]);
        return 0;
    }
    v[0] = it.k & ~REVIEW_SIDE;
    v[1] = it.move.col;
    v[2] = it.move.to;
    v[3] = it.best.col;
    v[4] = it.best.to;
    proto_out_fmt(PSTR(" # # # BEST # #"), v);
    if (game.set[SET_OPP] == OPP_HUMAN)
        proto_out_P(it.k & REVIEW_SIDE ? PSTR(" H2") : PSTR(" H1"));
    return 0;
}
