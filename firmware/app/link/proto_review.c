/* proto_review.c - the PC link's REVIEW: the mistakes the game
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

/* Mistake i's REVIEW words: " <k> <col> <to> BEST <col> <to>" (and the
 * mover's tag for two players), with pos its position before as POS takes
 * it (" POS <v> ..."), or " NONE". False for none. */
static bool proto_review_out(uint8_t i, bool pos)
{
    review_item_t it;
    const engine_pos_t *b = game_review(i, &it);
    engine_move_t best;
    if (!b || !engine_hint(b, &best)) {
        proto_out_P(proto_none);
        return false;
    }
    if (pos) {
        proto_out_P(PSTR(" POS"));
        if (engine_is_oneheap(b))
            proto_out_snum(b->heap);
        else
            for (uint8_t c = 0; c < b->ncols; c++)
                proto_out_snum(b->col[c]);
        return true;
    }
    proto_out_snum(it.k & ~REVIEW_SIDE);
    proto_out_move(it.move);
    proto_out_P(PSTR(" BEST"));
    proto_out_move(best);
    if (game.set[SET_OPP] == OPP_HUMAN) {
        proto_out_sp();
        proto_out_tag(!!(it.k & REVIEW_SIDE));     /* H1 or H2, as LOG MOVE's */
    }
    return true;
}

NOINLINE void proto_log_review(uint8_t i)
{
    proto_log_start(LOG_REVIEW);
    proto_review_out(i, false);
    proto_out_nl();
}

uint8_t proto_cmd_review(uint16_t now)
{
    uint16_t v;
    uint8_t i = 0;
    char *w = proto_word();
    uint8_t word = proto_list_find(review_words, w);
    (void)now;
    if (*w) {
        if (word <= 1)
            i = (uint8_t)(review_at + !word);   /* NEXT: the one after; POS: the same */
        else if ((v = proto_number(w, 255) - 1u) < 255)
            i = (uint8_t)v;
        else
            return R_CMD | R_ARGS;
    }
    if (!proto_at_end())
        return R_CMD | R_ARGS;
    proto_reply_ok();
    if (proto_review_out(i, word == 1))
        review_at = i;
    return 0;
}
