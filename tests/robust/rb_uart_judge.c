/* rb_uart_judge.c - the uart campaign's judge: every reply line against
 * the line that asked for it, the state the firmware wrote it from and the
 * state after the line before (exact: nothing else moves, so a refused line
 * changed nothing and an accepted one exactly what it asked for). */
#include <stdio.h>
#include <string.h>

#include "rb_uart.h"

uart_known_t uart_known;
struct uart_counts uart_n;

static const char *reason_names[] = { "OK", "RULE", "MODE", "COLS", "HEIGHT", "HEAP", "ADJ", "COL",
                                      "ILLEGAL", "NOGAME", "TURN", "OVER" };
const char *const uart_set_names[] = { "GAME", "OPP", "FIRST", "LEVEL", "START", "SOUND", "BRIGHT", "OFF", "LANG" };
const char *const uart_btn_names[] = { "UP", "DOWN", "LEFT", "RIGHT", "A", "B" };

bool uart_game_same(const rb_game_t *a, const rb_game_t *b)
{
    return !memcmp(a, b, sizeof *a);
}

static bool g_same_game(const rb_game_t *a, const rb_game_t *b)
{
    engine_pos_t pa = rb_to_pos(a), pb = rb_to_pos(b);
    return rb_pos_equal(&pa, &pb) && a->turn == b->turn && a->in_game == b->in_game &&
           !memcmp(a->set, b->set, sizeof a->set);
}

/* No game on (the play screen, before the end): MOVE, AI, HINT and GRUNDY
 * answer NOGAME. */
static bool no_game(const rb_game_t *g)
{
    return g->screen != SCR_PLAY || g->phase == 3;
}

static void move_err(const rb_game_t *g, engine_move_t m, char *out, size_t n)
{
    engine_pos_t p = rb_to_pos(g);
    uint8_t e;
    if (no_game(g))
        e = 9;                  /* GAME_ERR_NOGAME */
    else if (rb_side_is_machine(g, g->turn))
        e = 10;                 /* GAME_ERR_TURN */
    else
        e = engine_check_move(&p, m);
    if (e)
        snprintf(out, n, "ERR MOVE %s", e < 12 ? reason_names[e] : "?");
    else
        snprintf(out, n, "OK MOVE %u %u", m.col, m.to);
}

/* A one-heap game's heap value by the mex rule over every legal move
 * (engine_check_move): an oracle that shares nothing with the firmware's
 * windowed computation. Values of smaller heaps are kept per rule. */
static unsigned oneheap_value(const engine_pos_t *p0)
{
    static uint16_t g[ENGINE_HEAP_MAX + 1];
    static int rule = -1;
    static unsigned known;
    static bool seen[ENGINE_HEAP_MAX + 2];
    engine_pos_t p = *p0;
    if (rule != p0->rule) {
        rule = p0->rule;
        known = 0;
    }
    p.mode = ENGINE_ONEHEAP;
    for (; known <= p0->heap; known++) {
        unsigned v = 0;
        memset(seen, 0, sizeof seen);
        p.heap = (uint16_t)known;
        for (unsigned t = 0; t < known; t++) {
            engine_move_t m = { 0, (uint16_t)t };
            if (!engine_check_move(&p, m))
                seen[g[t]] = true;
        }
        while (seen[v])
            v++;
        g[known] = (uint16_t)v;
    }
    return g[p0->heap];
}

static void grundy_reply(const rb_game_t *g, char *out, size_t n)
{
    engine_pos_t p = rb_to_pos(g);
    if (p.mode & ENGINE_ONEHEAP) {
        /* the heap's value; normal play: it is the sum, P exactly when 0 */
        unsigned v = oneheap_value(&p);
        if (p.mode & ENGINE_MISERE)
            snprintf(out, n, "OK GRUNDY %u MISERE %s", v, engine_is_p(&p) ? "P" : "N");
        else
            snprintf(out, n, "OK GRUNDY %u SUM %u %s", v, v, v ? "N" : "P");
        return;
    }
    if (p.rule == RULE_ED) {
        /* EMPTY AND DIVIDE (docs/games.md#the-games): the game's own value, the trailing
         * 1 bits of (m - 1) | (n - 1); normal play P exactly when 0 */
        unsigned v = 0, x = (unsigned)(p.col[0] - 1) | (unsigned)(p.col[1] - 1);
        for (; x & 1; x >>= 1)
            v++;
        if (p.mode & ENGINE_MISERE)
            snprintf(out, n, "OK GRUNDY %u MISERE %s", v, engine_is_p(&p) ? "P" : "N");
        else
            snprintf(out, n, "OK GRUNDY %u SUM %u %s", v, v, v ? "N" : "P");
        return;
    }
    int k = snprintf(out, n, "OK GRUNDY");
    if ((p.mode & ENGINE_MISERE) && !(p.mode & ENGINE_ONEHEAP)) {
        /* misere (docs/games.md#misère-play): values then SUM while a column is worth 2 or
         * more, else ONES; KAYLES: Q, the elements, ELEM, their product */
        bool wild = engine_misere_wild(p.rule);
        unsigned big = 0, ones = 0;
        if (wild)
            k += snprintf(out + k, n - (size_t)k, " Q");
        for (uint8_t c = 0; c < p.ncols; c++) {
            uint8_t v = engine_col_grundy(&p, c);
            big |= v > 1;
            ones += v == 1;
            if (wild)
                k += snprintf(out + k, n - (size_t)k, " %s", engine_misere_name(p.rule, engine_misere_elem(&p, c)));
            else
                k += snprintf(out + k, n - (size_t)k, " %u", v);
        }
        if (wild)
            k += snprintf(out + k, n - (size_t)k, " ELEM %s", engine_misere_name(p.rule, engine_misere_elem(&p, 0xFF)));
        else if (big)
            k += snprintf(out + k, n - (size_t)k, " SUM %u", engine_nimsum(&p));
        else
            k += snprintf(out + k, n - (size_t)k, " ONES %u", ones);
        snprintf(out + k, n - (size_t)k, " %s", engine_is_p(&p) ? "P" : "N");
        return;
    }
    if (!(p.mode & ENGINE_ONEHEAP))
        for (uint8_t c = 0; c < p.ncols; c++)
            k += snprintf(out + k, n - (size_t)k, " %u", engine_col_grundy(&p, c));
    snprintf(out + k, n - (size_t)k, " SUM %u %s", engine_nimsum(&p), engine_is_p(&p) ? "P" : "N");
}

/* A read-only line: its exact answer. */
static void judge_readonly(const expect_t *e, const char *line, const rb_game_t *g)
{
    char want[512];
    bool ok;
    uart_n.ro++;
    switch (e->kind) {
    case L_STATE: ok = !strncmp(line, "OK STATE ", 9); break;   /* fields: handle_line */
    case L_FRAME: ok = !strncmp(line, "OK FRAME ", 9); break;
    case L_VER: ok = !strcmp(line, uart_known.ver_reply); break;
    case L_HELP: ok = !strcmp(line, uart_known.help_reply); break;
    case L_GRUNDY:
        if (no_game(g))
            snprintf(want, sizeof want, "ERR GRUNDY NOGAME");
        else
            grundy_reply(g, want, sizeof want);
        ok = !strcmp(line, want);
        break;
    case L_HINT: {
        engine_pos_t p = rb_to_pos(g);
        engine_move_t m;
        if (no_game(g))
            snprintf(want, sizeof want, "ERR HINT NOGAME");
        else if (engine_hint(&p, &m))
            snprintf(want, sizeof want, "OK HINT %u %u", m.col, m.to);
        else
            snprintf(want, sizeof want, "OK HINT NONE");
        ok = !strcmp(line, want);
        break;
    }
    case L_SCORES: {
        unsigned i, w, l;
        ok = sscanf(line, "OK SCORES %u W %u L %u", &i, &w, &l) == 3 && i == e->val;
        break;
    }
    case L_GAMEQ: ok = !strncmp(line, "OK GAME ", 8); break;
    /* Written now, or refused within 10 minutes of the last: either
     * leaves the game as it was. */
    case L_SAVE: ok = !strcmp(line, "OK SAVE") || !strcmp(line, "ERR SAVE WAIT"); break;
    default:
        snprintf(want, sizeof want, "OK RELEASE %s", uart_btn_names[e->val]);
        ok = !strcmp(line, want);
    }
    if (!ok)
        rb_fail("line \"%s\" got \"%s\"%s%s", e->shown, line, e->kind == L_GRUNDY || e->kind == L_HINT ? ", not " : "",
                e->kind == L_GRUNDY || e->kind == L_HINT ? want : "");
    uart_n.ok_valid++;
}

/* POS: the position asked for, or the refusal the position calls for. */
static void judge_pos(const expect_t *e, const char *line, const rb_game_t *g, bool err)
{
    const rb_game_t *prev = &uart_known.prev_g;
    engine_pos_t before = rb_to_pos(prev), after = rb_to_pos(g);
    engine_pos_t q = after;
    char want[64];
    if (!err) {
        q = before;
        q.ncols = e->ncols;
        memset(q.col, 0, sizeof q.col);
        memcpy(q.col, e->vals, e->ncols);
        q.heap = e->heap;
        if (q.mode & ENGINE_ONEHEAP)
            q.ncols = 1;
        if (strcmp(line, "OK POS") || !rb_pos_equal(&q, &after) || g->turn != 0)
            rb_fail("line \"%s\" got \"%s\" and the position %s turn %u", e->shown, line, rb_pos_str(&after), g->turn);
    } else if (uart_known.exact && prev->screen == SCR_PLAY) {
        q = before;
        q.ncols = (q.mode & ENGINE_ONEHEAP) ? 1 : e->ncols;
        memset(q.col, 0, sizeof q.col);
        memcpy(q.col, e->vals, e->ncols);
        q.heap = e->heap;
        uint8_t r = engine_check_pos(&q);
        if ((q.mode & ENGINE_SUM) && e->ncols != before.ncols)
            r = ENGINE_ERR_COLS;    /* a SUM: a value a column, checked first */
        if (!r && !engine_has_move(&q))
            r = 11;
        snprintf(want, sizeof want, "ERR POS %s", r < 12 ? reason_names[r] : "?");
        if ((q.mode & ENGINE_ONEHEAP) && q.heap > ENGINE_HEAP_MAX)
            snprintf(want, sizeof want, "ERR POS ARGS");   /* no number over the maximum */
        if (!r || strcmp(line, want))
            rb_fail("line \"%s\" got \"%s\" in %s", e->shown, line, rb_pos_str(&before));
    } else if (strncmp(line, "ERR POS ", 8)) {
        rb_fail("line \"%s\" got \"%s\"", e->shown, line);
    }
}

/* A line that may change the state: the refusal the state calls for, or
 * the change the line asks for and nothing else. Whether it got its OK. */
static bool judge_change(const expect_t *e, const char *line, const rb_game_t *g, bool err)
{
    const rb_game_t *prev = &uart_known.prev_g;
    bool exact = uart_known.exact;
    char want[512];
    uart_n.mut++;
    engine_pos_t before = rb_to_pos(prev), after = rb_to_pos(g);
    switch (e->kind) {
    case L_MOVE:
        move_err(err ? g : prev, e->m, want, sizeof want);
        if (!err && !exact) {
            snprintf(want, sizeof want, "OK MOVE %u %u", e->m.col, e->m.to);
            if (rb_last_log_move.col != e->m.col || rb_last_log_move.to != e->m.to)
                rb_fail("\"%s\" was not logged as a move", line);
        }
        if (strcmp(line, want))
            rb_fail("line \"%s\" got \"%s\", the state says \"%s\"", e->shown, line, want);
        break;
    case L_AI:
        if (err) {
            if (strcmp(line, "ERR AI NOGAME") || (g->screen == SCR_PLAY && g->phase != 3 && engine_has_move(&after)))
                rb_fail("line AI got \"%s\" in %s (screen %u phase %u)", line, rb_pos_str(&after), g->screen, g->phase);
        } else {
            engine_move_t m;
            unsigned c, t;
            if (sscanf(line, "OK AI %u %u", &c, &t) != 2 || c != rb_last_log_move.col || t != rb_last_log_move.to)
                rb_fail("line AI got \"%s\", the log says %u %u", line, rb_last_log_move.col, rb_last_log_move.to);
            m.col = (uint8_t)c;
            m.to = (uint16_t)t;
            if (exact && engine_check_move(&before, m))
                rb_fail("AI made the illegal move %u %u in %s", c, t, rb_pos_str(&before));
        }
        break;
    case L_POS:
        judge_pos(e, line, g, err);
        break;
    case L_SET:
        snprintf(want, sizeof want, "OK SET %s %u", uart_set_names[e->item], e->val);
        if (strcmp(line, want) || g->set[e->item] != e->val)
            rb_fail("line \"%s\" got \"%s\", setting %u is %u", e->shown, line, e->item, g->set[e->item]);
        uart_known.set[e->item] = e->val;
        break;
    case L_NEW:
    case L_GAME: {
        unsigned i;
        if (sscanf(line, e->kind == L_NEW ? "OK NEW %u" : "OK GAME %u", &i) != 1 ||
            (e->kind == L_GAME && (i != e->val || g->chosen != e->val)))
            rb_fail("line \"%s\" got \"%s\"", e->shown, line);
        if (e->kind == L_GAME)
            uart_known.set[S_GAME] = g->set[S_GAME];    /* the RAM's: its place in the list */
        if (g->screen != SCR_PLAY || !g->in_game || engine_check_pos(&after) || !engine_has_move(&after))
            rb_fail("line \"%s\": no new game (%s)", e->shown, rb_pos_str(&after));
        break;
    }
    }
    if (err)
        return false;
    uart_n.mut_ok++;
    uart_n.ok_valid++;
    if (exact && (e->kind == L_MOVE || e->kind == L_AI)) {
        engine_move_t m = e->kind == L_MOVE ? e->m : rb_last_log_move;
        engine_pos_t q = before;
        engine_apply(&q, m);
        if (!rb_pos_equal(&q, &after) || g->turn != (prev->turn ^ 1))
            rb_fail("line \"%s\": %s turn %u became %s turn %u", e->shown, rb_pos_str(&before), prev->turn,
                    rb_pos_str(&after), g->turn);
    }
    if (exact && e->kind != L_NEW && e->kind != L_GAME && e->kind != L_SET &&
        memcmp(g->set, prev->set, sizeof g->set))
        rb_fail("line \"%s\" changed the settings", e->shown);
    return true;
}

/* A line that got no OK (or only read) left everything as it was. */
static void judge_unchanged(const expect_t *e, const char *line, const rb_game_t *g)
{
    const rb_game_t *prev = &uart_known.prev_g;
    bool exact = uart_known.exact;
    bool same = exact && prev->phase != 3 && prev->screen == SCR_PLAY ? uart_game_same(g, prev) : g_same_game(g, prev);
    if (!exact || same)
        return;
    engine_pos_t pa = rb_to_pos(prev), pb = rb_to_pos(g);
    char sa[64], sb[64];
    int ka = 0, kb = 0;
    for (int i = 0; i < g->nset; i++) {
        ka += snprintf(sa + ka, sizeof sa - (size_t)ka, "%s%u", i ? "," : "", prev->set[i]);
        kb += snprintf(sb + kb, sizeof sb - (size_t)kb, "%s%u", i ? "," : "", g->set[i]);
    }
    rb_fail("line \"%s\" got \"%s\" but changed the state: screen %u phase %u turn %u cur %u,%u pend %u "
            "ov %u %s set %s -> screen %u phase %u turn %u cur %u,%u pend %u ov %u %s set %s", e->shown, line,
            prev->screen, prev->phase, prev->turn, prev->cur_col, prev->cur_row, prev->pend,
            prev->overlay, rb_pos_str(&pa), sa, g->screen, g->phase, g->turn, g->cur_col, g->cur_row, g->pend,
            g->overlay, rb_pos_str(&pb), sb);
}

void uart_judge(const char *line, const rb_snap_t *snap)
{
    const expect_t *e = uart_expect_take();
    if (!e)
        rb_fail("a reply no line asked for: \"%s\"", line);
    const rb_game_t *g = &snap->g;
    bool err = !strncmp(line, "ERR", 3), changed_ok = false;
    if (e->kind == L_ANY) {     /* the driver's own rb_command(): it checks the reply */
        memcpy(uart_known.set, g->set, sizeof uart_known.set);
        uart_known.prev_g = *g;
        return;
    }
    if (err)
        uart_n.errs++;
    if (!strcmp(line, "ERR OVERRUN")) {
        uart_n.overruns++;
    } else if (e->kind == L_BAD) {
        if (strcmp(line, e->err))
            rb_fail("line \"%s\" got \"%s\", not \"%s\"", e->shown, line, e->err);
    } else if (e->kind <= L_RELEASE) {
        judge_readonly(e, line, g);
        changed_ok = true;
    } else {
        changed_ok = judge_change(e, line, g, err);
    }
    if (e->kind == L_BAD)
        uart_n.bad++;
    if (!changed_ok || (e->kind <= L_RELEASE && !err))
        judge_unchanged(e, line, g);
    if (memcmp(g->set, uart_known.set, (size_t)g->nset))
        rb_fail("line \"%s\" got \"%s\"; the settings are not the ones set", e->shown, line);
    if (uart_known.exact)
        uart_n.exact_lines++;
    uart_known.prev_g = *g;
}
