/* rb_check.c - the invariants: the game state in RAM legal, equal to the
 * game the LOG lines built, the LED frame the picture of the state, STATE
 * and FRAME dumps equal to the RAM and the LEDs, the stack under budget. */
#include <stdio.h>
#include <string.h>

#include "rb.h"

#define PH_INPUT_ 0

bool rb_side_is_machine(const rb_game_t *g, uint8_t side)
{
    return g->set[S_OPP] == 2 || (g->set[S_OPP] == 0 && side);
}

/* Column c's lamps for value v (a SUM: by the column's own rule's form). */
static uint8_t lamps(const engine_pos_t *p, uint8_t c, uint8_t v)
{
    /* BINARY: the heap itself, top bit on top */
    if (engine_rule_form(engine_col_rule(p, c)) != FORM_HEAP || (p->mode & ENGINE_BINARY))
        return v;
    return v >= 8 ? 0xFF : (uint8_t)((1u << v) - 1u);
}

static void heap_frame(uint16_t n, uint8_t f[BOARD_COLS])
{
    memset(f, 0, BOARD_COLS);
    for (uint16_t i = 0; i < n && i < BOARD_CELLS; i++)
        f[i % BOARD_COLS] |= (uint8_t)(1u << (i / BOARD_COLS));
}

static void check_state_legal(const rb_game_t *g)
{
    if (g->screen > SCR_END || g->phase > 3 || g->turn > 1 || g->overlay > 3)
        rb_fail("state field out of range: screen %u phase %u turn %u overlay %u", g->screen, g->phase,
                g->turn, g->overlay);
    if (g->screen != SCR_PLAY && !g->in_game)
        return;
    engine_pos_t p = rb_to_pos(g);
    uint8_t err = engine_check_pos(&p);
    if (err)
        rb_fail("illegal position in RAM: %s (engine error %u)", rb_pos_str(&p), err);
    if (g->in_game && g->phase != 3 && !engine_has_move(&p))
        rb_fail("a game in progress without a move left: %s", rb_pos_str(&p));
    if (g->screen == SCR_PLAY && !(p.mode & ENGINE_ONEHEAP)) {
        if (g->cur_col >= p.ncols)
            rb_fail("cursor column %u outside %u columns", g->cur_col, p.ncols);
        if (p.rule == RULE_ED) {
            /* EMPTY AND DIVIDE: the pending share of the other box, which
             * keeps at least one */
            if (g->pend >= p.col[g->cur_col ^ 1])
                rb_fail("a share of %u pending from a box of %u", g->pend, p.col[g->cur_col ^ 1]);
        } else if (engine_rule_form(engine_col_rule(&p, g->cur_col)) == FORM_HEAP && g->pend > p.col[g->cur_col]) {
            rb_fail("%u stones pending from a heap of %u", g->pend, p.col[g->cur_col]);
        }
    }
    if (g->screen == SCR_PLAY && (p.mode & ENGINE_ONEHEAP) && g->pend_heap > p.heap)
        rb_fail("%u stones pending from a heap of %u", g->pend_heap, p.heap);
}

/* The teach panel: each column's Grundy value, the sum on the left. */
static void check_teach(const engine_pos_t *p, const uint8_t f[BOARD_COLS])
{
    uint8_t s = engine_nimsum(p);
    /* misere (docs/games.md#misère-play): a tame game adds row 3 under
     * the columns worth 2 or more and shows the count of 1s in row 2
     * once there is none; KAYLES shows elements, their product, and row
     * 1 when the product is in P */
    bool mis = p->mode & ENGINE_MISERE, wild = mis && engine_misere_wild(p->rule);
    uint8_t big = 0, ones = 0;
    for (int c = 0; c < p->ncols; c++) {
        uint8_t v = engine_col_grundy(p, (uint8_t)c);
        big |= v > 1;
        ones += v == 1;
    }
    if (wild)
        s = engine_misere_elem(p, 0xFF);
    else if (mis && !big)
        s = ones;
    for (int c = 0; c < BOARD_COLS; c++) {
        uint8_t v = c >= p->ncols ? 0 : wild ? engine_misere_elem(p, (uint8_t)c) : engine_col_grundy(p, (uint8_t)c);
        uint8_t want = c < p->ncols ? (uint8_t)((v & 15) << 4) : 0;
        if (c < 4 && (s & (8u >> c)))
            want |= 4;
        if (mis && !wild && v > 1)
            want |= 8;
        if (wild && c < 8 && engine_is_p(p))
            want |= 2;
        if ((f[c] & 0xFE) != want)
            rb_fail("teach panel column %d shows 0x%02X, the state says 0x%02X (%s)", c, f[c], want,
                    rb_pos_str(p));
    }
}

/* BINARY's panel (docs/play.md#playing-a-game): each value in eight rows,
 * the nim-sum (misere without a column worth 2 or more: the 1s) in the
 * rightmost column when it shows nothing, the winning move's column either
 * its value or the value the move leaves. */
static void check_teach_binary(const engine_pos_t *p, const uint8_t f[BOARD_COLS])
{
    engine_pos_t after = *p;
    engine_move_t m;
    uint8_t want[BOARD_COLS] = {0}, s = engine_nimsum(p), big = 0, ones = 0;
    bool hint = engine_hint(p, &m);
    for (int c = 0; c < p->ncols; c++) {
        want[c] = engine_col_grundy(p, (uint8_t)c);
        big |= want[c] > 1;
        ones += want[c] == 1;
    }
    if (!want[BOARD_COLS - 1])
        want[BOARD_COLS - 1] = ((p->mode & ENGINE_MISERE) && !big) ? ones : s;
    if (hint)
        after.col[m.col] = (uint8_t)m.to;
    for (int c = 0; c < BOARD_COLS; c++)
        if (f[c] != want[c] && !(hint && c == m.col && f[c] == engine_col_grundy(&after, (uint8_t)c)))
            rb_fail("BINARY teach panel column %d shows 0x%02X, the state says 0x%02X (%s)", c, f[c], want[c],
                    rb_pos_str(p));
}

/* Two players: the turn's digit instead of the position. */
static bool shows_turn_digit(const rb_game_t *g, const uint8_t f[BOARD_COLS])
{
    if (g->set[S_OPP] != 1 || g->phase != PH_INPUT_)
        return false;
    /* Two players: the number of the player to move may stand on the
     * matrix when a turn starts (ui_draw.c, UI_TURN_MS): a 1 or a 2. */
    static const uint8_t digit[2][5] = { { 0x42, 0xFE, 0x02, 0, 0 }, { 0x46, 0x8A, 0x92, 0x92, 0x62 } };
    bool same = true;
    for (int c = 0; c < BOARD_COLS; c++)
        same &= f[c] == (c < 5 ? digit[g->turn & 1][c] : 0);
    return same;
}

/* One heap: the heap, the move shown, the stones pending, or a blink. */
static void check_oneheap(const rb_game_t *g, const engine_pos_t *p, const uint8_t f[BOARD_COLS], bool human_input)
{
    uint8_t e[BOARD_COLS];
    uint16_t ks[5];
    int nk = 0;
    ks[nk++] = p->heap;
    if (g->phase == 2)
        ks[nk++] = g->mv_to;
    if (human_input) {
        ks[nk++] = (uint16_t)(p->heap - g->pend_heap);
        if (p->heap)
            ks[nk++] = (uint16_t)(p->heap - 1);
        if (g->overlay == 1)
            ks[nk++] = g->mv_to;
    }
    for (int i = 0; i < nk; i++) {
        heap_frame(ks[i], e);
        int diff = 0, inv = 0;
        for (int c = 0; c < BOARD_COLS; c++) {
            diff += f[c] != e[c];
            inv += (uint8_t)(f[c] ^ e[c]) == 0xFFu;
        }
        if (!diff || (g->phase == 1 && diff == 1 && inv == 1))
            return;
    }
    bool dark = true;
    for (int c = 0; c < BOARD_COLS; c++)
        dark &= f[c] == 0;
    if (dark && human_input && g->overlay == 3)
        return;
    rb_fail("one-heap frame does not show the heap of %u (pending %u)", p->heap, g->pend_heap);
}

/* Columns: each its value, but the cursor's, the move's and the thinking bar. */
static void check_columns(const rb_game_t *g, const engine_pos_t *p, const uint8_t f[BOARD_COLS], bool human_input)
{
    int bad = 0, badcol = -1;
    for (int c = 0; c < BOARD_COLS; c++) {
        uint8_t want = c < p->ncols ? lamps(p, (uint8_t)c, p->col[c]) : 0;
        /* EMPTY AND DIVIDE: a move, a hint or a pending split changes both
         * boxes, so the other box blinks with the chosen one */
        int ed = p->rule == RULE_ED;
        if (human_input && (c == g->cur_col || (ed && (c ^ 1) == g->cur_col)))
            continue;
        if ((c == g->mv_col || (ed && (c ^ 1) == g->mv_col)) && (g->phase == 2 || (human_input && g->overlay == 1)))
            continue;
        if (f[c] != want) {
            if (g->phase == 1 && (uint8_t)(f[c] ^ want) == 0xFFu && !bad) {
                bad = 1;        /* the thinking bar */
                continue;
            }
            badcol = c;
            break;
        }
    }
    if (badcol >= 0)
        rb_fail("LED column %d shows 0x%02X but the state says %s (cursor %u, phase %u, overlay %u)",
                badcol, f[badcol], rb_pos_str(p), g->cur_col, g->phase, g->overlay);
}

/* The LED frame follows from the state (docs/protocol.md#frame): every column
 * shows its value except where the cursor blinks, a move or hint blinks,
 * or the thinking bar passes; the teach panel shows the Grundy values. */
static void check_frame(const rb_game_t *g, const uint8_t f[BOARD_COLS], bool shutdown)
{
    if (shutdown)
        return;
    rb_st.frames_checked++;
    if (g->screen != SCR_PLAY)
        return;
    engine_pos_t p = rb_to_pos(g);
    bool human_input = g->phase == PH_INPUT_ && !rb_side_is_machine(g, g->turn);
    if (g->overlay == 2 && (p.mode & ENGINE_BINARY))
        check_teach_binary(&p, f);
    else if (g->overlay == 2)
        check_teach(&p, f);
    else if (shows_turn_digit(g, f))
        return;
    else if (p.mode & ENGINE_ONEHEAP)
        check_oneheap(g, &p, f, human_input);
    else
        check_columns(g, &p, f, human_input);
}

void rb_check_step(void)
{
    rb_game_t g;
    rb_read_game(&g);
    rb_st.steps++;
    check_state_legal(&g);
    if (rb_shadow.pending_new && g.screen == SCR_PLAY) {
        engine_pos_t p = rb_to_pos(&g);
        if (engine_check_pos(&p) || !engine_has_move(&p))
            rb_fail("a new game starts in a bad position %s", rb_pos_str(&p));
        rb_shadow.valid = true;
        rb_shadow.pos = p;
        rb_shadow.turn = g.turn;
        rb_shadow.over = false;
        rb_shadow.pending_new = false;
    }
    if (rb_shadow.valid && g.screen == SCR_PLAY) {
        engine_pos_t p = rb_to_pos(&g);
        if (!rb_pos_equal(&p, &rb_shadow.pos) || g.turn != rb_shadow.turn)
            rb_fail("the position %s (turn %u) is not what the logged moves give: %s (turn %u)",
                    rb_pos_str(&p), g.turn, rb_pos_str(&rb_shadow.pos), rb_shadow.turn);
    }
    check_frame(&g, rb_board.disp.frame, rb_board.disp.chip[0].shutdown);
    if (sim_stack_used(&rb_board) >= RB_STACK_BUDGET)
        rb_fail("stack high-water %u bytes, budget %u", sim_stack_used(&rb_board), RB_STACK_BUDGET);
}

/* A STATE dump's field: " KEY=value". */
bool rb_state_field(const char *line, const char *key, char *out, size_t n)
{
    char k[32];
    snprintf(k, sizeof k, " %s=", key);
    const char *p = strstr(line, k);
    if (!p)
        return false;
    p += strlen(k);
    size_t i = 0;
    while (p[i] && p[i] != ' ' && i + 1 < n) {
        out[i] = p[i];
        i++;
    }
    out[i] = 0;
    return true;
}

/* STATE dump against the RAM at the moment the reply began. */
void rb_check_state_line(const char *line, const rb_snap_t *s)
{
    static const char *scr[RB_SCR_COUNT] = RB_SCR_NAMES;
    static const char *ph[] = { "INPUT", "THINK", "SHOW", "OVER" };
    const rb_game_t *g = &s->g;
    char v[256], want[256];
    int n = 0;
    rb_st.states_checked++;
#define EXPECT(key, ...) do { snprintf(want, sizeof want, __VA_ARGS__); \
        if (!rb_state_field(line, key, v, sizeof v) || strcmp(v, want)) \
            rb_fail("STATE %s=%s but the RAM says %s: \"%s\"", key, v, want, line); } while (0)
    EXPECT("SCR", "%s", g->screen < RB_SCR_COUNT ? scr[g->screen] : "?");
    EXPECT("PH", "%s", g->phase < 4 ? ph[g->phase] : "?");
    EXPECT("RULE", "%u", rb_fw_rule_number(g->rule));
    EXPECT("MODE", "%u", g->mode);
    EXPECT("TURN", "%u", g->turn);
    if (g->mode & ENGINE_ONEHEAP) {
        EXPECT("POS", "%u", g->heap);
    } else {
        want[0] = 0;
        for (int c = 0; c < g->ncols && c < BOARD_COLS; c++)
            n += snprintf(want + n, sizeof want - n, "%s%u", c ? "," : "", g->col[c]);
        if (!rb_state_field(line, "POS", v, sizeof v) || strcmp(v, want))
            rb_fail("STATE POS=%s but the RAM says %s", v, want);
    }
    EXPECT("CUR", "%u,%u", g->cur_col, g->cur_row);
    EXPECT("PEND", "%u", (g->mode & ENGINE_ONEHEAP) ? g->pend_heap : g->pend);
    EXPECT("OV", "%u", g->overlay);
    EXPECT("INGAME", "%u", g->in_game);
    n = 0;
    /* the chosen game by its number on the link (its id), not its place */
    for (int i = 0; i < g->nset; i++)
        n += snprintf(want + n, sizeof want - n, "%s%u", i ? "," : "", i == S_GAME ? g->chosen : g->set[i]);
    if (!rb_state_field(line, "SET", v, sizeof v) || strcmp(v, want))
        rb_fail("STATE SET=%s but the RAM says %s", v, want);
#undef EXPECT
    check_state_legal(g);
    if (!s->no_frame)
        check_frame(g, s->frame, s->shutdown);
}

void rb_check_frame_line(const char *line, const rb_snap_t *s)
{
    const char *h = line + 9;
    if (strlen(h) != 2 * BOARD_COLS)
        rb_fail("FRAME reply of the wrong length: \"%s\"", line);
    if (s->shutdown || s->no_frame)
        return;
    for (int c = 0; c < BOARD_COLS; c++) {
        unsigned v;
        if (sscanf(h + 2 * c, "%2x", &v) != 1 || v != s->frame[c])
            rb_fail("FRAME says column %d = %.2s, the LEDs show 0x%02X: \"%s\"", c, h + 2 * c, s->frame[c],
                    line);
    }
}
