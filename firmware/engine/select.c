/* select.c - the questions the UI and the PC link ask of a position: how
 * a column's move is chosen, which lamps it lights, what a selection
 * plays. The rules' knowledge stays here, so the buttons' code (ui_play.c)
 * knows counts and lamps, never a rule by name. */
#include "engine_int.h"

/* A coin selection holds at most this many coins (MOCK TURTLES' most). */
#define SELECT_COINS 3

uint8_t engine_select_kind(const engine_pos_t *p, uint8_t c)
{
    if (p->rule == RULE_ED)
        return ENGINE_SELECT_SHARE;
    return engine_rule_form(engine_col_rule(p, c)) == FORM_HEAP ? ENGINE_SELECT_TAKE : ENGINE_SELECT_LAMPS;
}

uint8_t engine_select_max(const engine_pos_t *p, uint8_t c)
{
    /* EMPTY AND DIVIDE: the other box divided, at least one left in it */
    if (p->rule == RULE_ED)
        return (uint8_t)(p->col[c ^ 1] - 1);
    return p->col[c];
}

/* Out of line: inlined, it cost the play screen's drawing a register
 * more, and the deepest stack (make bench) grew with it. */
NOINLINE uint8_t engine_select_to(const engine_pos_t *p, uint8_t c, uint8_t sel)
{
    uint8_t kind = engine_select_kind(p, c), v = p->col[c];
    if (kind == ENGINE_SELECT_SHARE)
        return sel;
    return kind == ENGINE_SELECT_TAKE ? (uint8_t)(v - sel) : v ^ sel;
}

uint8_t engine_select_lamp(const engine_pos_t *p, uint8_t c, uint8_t *sel, uint8_t bit)
{
    uint8_t v = p->col[c], s = *sel, form = engine_rule_form(engine_col_rule(p, c));
    if (form == FORM_PINS) {
        if (!(v & bit))
            return ENGINE_PICK_NONE;                /* no pin there */
        /* its neighbour chosen: the pair; else the pin alone */
        s = (s == (uint8_t)(bit << 1) || s == (uint8_t)(bit >> 1)) ? (uint8_t)(s | bit) : bit;
    } else if (form == FORM_CELLS) {
        engine_move_t m;
        m.col = c;
        m.to = v | bit;
        if (engine_check_move(p, m))
            return ENGINE_PICK_NONE;                /* marked, or next to a mark */
        s = bit;
    } else {
        /* The topmost coin must show heads: a tails top is refused
         * unless a head above it can still be added. */
        s = column_bits(s) < SELECT_COINS ? (uint8_t)(s | bit) : bit;
        uint8_t above = (uint8_t)(v >> column_top_bit(s));    /* the top coin in bit 0 */
        if (!((above & 1) || (column_bits(s) < SELECT_COINS && above > 1)))
            return ENGINE_PICK_NOT_WITH;
    }
    *sel = s;
    return ENGINE_PICK_OK;
}

uint8_t engine_lamps(uint8_t n)
{
    return n >= 8 ? 0xFF : (uint8_t)((1u << n) - 1u);
}

uint8_t engine_col_lamps(const engine_pos_t *p, uint8_t c, uint8_t v)
{
    if (!(p->mode & ENGINE_BINARY) && engine_rule_form(engine_col_rule(p, c)) == FORM_HEAP)
        return engine_lamps(v);
    return v;
}

uint8_t engine_move_col(const engine_pos_t *p, engine_move_t m, uint8_t c)
{
    if (c == m.col)
        return (uint8_t)m.to;
    if (p->rule == RULE_ED && c == (m.col ^ 1))
        return (uint8_t)(p->col[c] - m.to);
    return p->col[c];
}
