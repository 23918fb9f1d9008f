/* rb_fw.c - reads the firmware's game_t out of the simulated RAM. The
 * AVR lays structs out without padding, so game.h is included here packed:
 * the layout follows game.h by itself when fields change, and the driver
 * checks sizeof against the ELF symbol's size and the STATE dump. */
#include <string.h>

#pragma pack(push, 1)
#include "game.h"
#include "view.h"
#pragma pack(pop)

#include "rb_fw.h"

_Static_assert(SET_COUNT <= 16, "rb_game_t.set too small");

size_t rb_fw_game_size(void)
{
    return sizeof(game_t);
}

void rb_fw_game_read(const uint8_t *ram, const uint8_t *view_ram, rb_game_t *o)
{
    game_t g;
    view_t v;
    memcpy(&g, ram, sizeof g);
    memcpy(&v, view_ram, sizeof v);
    memset(o, 0, sizeof *o);
    o->screen = v.screen;
    o->phase = g.phase;
    o->turn = g.turn;
    o->winner = g.winner;
    o->cur_col = v.cur_col;
    o->cur_row = v.cur_row;
    o->pend = v.pend;
    o->overlay = v.overlay;
    o->pend_heap = v.pend_heap;
    o->in_game = g.in_game;
    /* The move shown: the hint while it is up, else the machine's. */
    o->mv_col = v.overlay == OV_HINT ? v.hint.col : g.mv.col;
    o->mv_to = v.overlay == OV_HINT ? v.hint.to : g.mv.to;
    o->rule = g.pos.rule;
    o->mode = g.pos.mode;
    o->ncols = g.pos.ncols;
    memcpy(o->col, g.pos.col, sizeof o->col);
    o->heap = g.pos.heap;
    memcpy(o->rules, g.pos.rules, sizeof o->rules);
    memcpy(o->set, g.set, SET_COUNT);
    o->nset = SET_COUNT;
    o->chosen = g.rec.chosen;
}

unsigned rb_fw_rule_number(unsigned rule)
{
    static const uint8_t num[RULE_COUNT + 1] = {
#define RULE_X(num, id, name, kind, code, form) [RULE_##id] = (num),
        RULES(RULE_X)
#undef RULE_X
        [RULE_OWN] = RULE_NUM_SUB1,
    };
    return rule <= RULE_OWN ? num[rule] : 0xFFu;
}

unsigned rb_fw_rule_index(unsigned number)
{
    /* from RULE_OWN down: TAKE 1's number is your own game's (TAKE 1 is
     * never a game) */
    for (unsigned r = RULE_OWN + 1; r--;)
        if (rb_fw_rule_number(r) == number)
            return r;
    return RULE_NONE;
}
