/* rb_uart_lines.c - the uart campaign's lines: bursts of random bytes,
 * over-long lines, unknown commands, bad arguments, refused and good moves,
 * queries and changes, typed as a person might, each with what it must get
 * back, in a ring of lines in flight. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_uart.h"

#define EXPECT_RING 4096
static expect_t expects[EXPECT_RING];
static uint64_t exp_sent, exp_done;

static const uint8_t set_counts[] = { 0 /* games */, 3, 3, 3, 4, 2, 16, 5 };
static const char *cmd_names[] = { "HELP", "VER", "GAME", "NEW", "POS", "MOVE", "AI", "HINT", "GRUNDY",
                                   "PRESS", "RELEASE", "FRAME", "SCORES", "STATE", "SET", "SAVE" };

static char *burst;
static size_t burst_len, burst_cap;

static void b_put(const void *p, size_t n)
{
    if (burst_len + n > burst_cap) {
        burst_cap = (burst_len + n) * 2 + 1024;
        burst = realloc(burst, burst_cap);
        if (!burst)
            rb_fail("out of memory");
    }
    memcpy(burst + burst_len, p, n);
    burst_len += n;
}

const expect_t *uart_expect_take(void)
{
    if (exp_done == exp_sent)
        return NULL;
    return &expects[exp_done++ % EXPECT_RING];
}

const expect_t *uart_expect_oldest(void)
{
    return &expects[exp_done % EXPECT_RING];
}

uint64_t uart_expect_in_flight(void)
{
    return exp_sent - exp_done;
}

static expect_t *new_expect(int kind, const char *text, size_t len)
{
    if (exp_sent - exp_done >= EXPECT_RING)
        rb_fail("too many lines in flight");
    expect_t *e = &expects[exp_sent++ % EXPECT_RING];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->serial = exp_sent;
    size_t k = 0;
    for (size_t i = 0; i < len && k + 5 < sizeof e->shown; i++) {
        uint8_t c = (uint8_t)text[i];
        if (c >= ' ' && c <= '~')
            e->shown[k++] = (char)c;
        else
            k += (size_t)snprintf(e->shown + k, sizeof e->shown - k, "\\x%02X", c);
    }
    if (len > 30 && k + 12 < sizeof e->shown)
        snprintf(e->shown + k, sizeof e->shown - k, "...(%zu)", len);
    uart_n.lines++;
    return e;
}

void uart_expect_any(const char *text)
{
    new_expect(L_ANY, text, strlen(text) - 1);
    uart_n.lines--;
}

/* A valid command line as a person might type it: any case, extra spaces
 * or a tab, sometimes CRLF or a stray CR inside. */
static expect_t *add_line(int kind, const char *cmd)
{
    char t[160];
    size_t n = 0;
    if (rb_rnd_n(8) == 0)
        t[n++] = rb_rnd_n(2) ? ' ' : '\t';
    for (const char *p = cmd; *p && n < sizeof t - 8; p++) {
        char c = *p;
        if (rb_rnd_n(6) == 0 && c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c == ' ' && rb_rnd_n(10) == 0)
            t[n++] = ' ';
        if (rb_rnd_n(60) == 0)
            t[n++] = '\r';
        t[n++] = c;
    }
    if (rb_rnd_n(8) == 0)
        t[n++] = ' ';
    if (rb_rnd_n(4) == 0)
        t[n++] = '\r';
    t[n++] = '\n';
    b_put(t, n);
    return new_expect(kind, t, n - 1);
}

static void add_bad(const char *cmd, const char *err)
{
    expect_t *e = add_line(L_BAD, cmd);
    snprintf(e->err, sizeof e->err, "%s", err);
}

/* Random bytes, every value, cut into lines at their '\n's: each line gets
 * at least one byte outside printable ASCII (so it is refused whole as
 * BINARY, whatever else it holds) and none is blank. */
static void add_random_bytes(void)
{
    size_t n = rb_rnd_range(1, 160);
    uint8_t t[200];
    size_t k = 0, start = 0;
    bool has_bin = false;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = (uint8_t)rb_rnd();
        if (rb_rnd_n(16) == 0)
            c = (uint8_t[]){ 0, '\r', '\n', 0xFF, '\t', 0x7F, 0x80, 0x1B }[rb_rnd_n(8)];
        if (c == '\n') {
            if (!has_bin)
                t[k++] = (uint8_t[]){ 0, 0xFF, 0x01, 0x7F, 0x80, 0xC3 }[rb_rnd_n(6)];
            t[k++] = '\n';
            snprintf(new_expect(L_BAD, (const char *)t + start, k - 1 - start)->err, 24, "ERR BINARY");
            uart_n.binary++;
            start = k;
            has_bin = false;
            continue;
        }
        if ((c < ' ' || c > '~') && c != '\r' && c != '\t')
            has_bin = true;
        t[k++] = c;
    }
    if (!has_bin)
        t[k++] = 0;
    t[k++] = '\n';
    snprintf(new_expect(L_BAD, (const char *)t + start, k - 1 - start)->err, 24, "ERR BINARY");
    uart_n.binary++;
    b_put(t, k);
}

/* Over PROTO_LINE_MAX printable characters (CRs do not count): refused as
 * LONG even when it starts like a good command. */
static void add_long(void)
{
    static const char *starts[] = { "", "MOVE 0 1", "NEW", "SET BRIGHT 3", "POS 1 2 3", "STATE", "GAME NIM" };
    char t[400];
    size_t n = (size_t)snprintf(t, sizeof t, "%s", starts[rb_rnd_n(7)]);
    size_t len = rb_rnd_n(4) ? rb_rnd_range(65, 80) : rb_rnd_range(81, 380);
    size_t chars = n;
    while (chars < len) {
        uint32_t r = rb_rnd_n(40);
        t[n++] = r == 0 ? '\r' : r < 8 ? ' ' : (char)rb_rnd_range('!', '~');
        if (t[n - 1] != '\r')
            chars++;
    }
    t[n++] = '\n';
    b_put(t, n);
    expect_t *e = new_expect(L_BAD, t, n - 1);
    snprintf(e->err, sizeof e->err, "ERR LONG");
    uart_n.overlong++;
}

static void add_unknown(void)
{
    char w[16];
    for (;;) {
        size_t n = rb_rnd_range(1, 10);
        for (size_t i = 0; i < n; i++)
            w[i] = (char)(rb_rnd_n(5) ? rb_rnd_range('A', 'Z') : rb_rnd_range('!', '@'));
        w[n] = 0;
        bool known = false;
        for (size_t i = 0; i < sizeof cmd_names / sizeof cmd_names[0]; i++)
            known |= !strcmp(w, cmd_names[i]);
        if (!known && w[0] != ' ')
            break;
    }
    if (rb_rnd_n(2))
        strcat(w, rb_rnd_n(2) ? " 1 2" : " X");
    add_bad(w, "ERR UNKNOWN");
}

static void add_bad_args(void)
{
    static const struct { const char *l, *e; } t[] = {
        { "VER 1", "ERR ARGS" }, { "HELP ME", "ERR ARGS" }, { "NEW 3", "ERR ARGS" }, { "AI NOW", "ERR ARGS" },
        { "HINT 0", "ERR ARGS" }, { "GRUNDY X", "ERR ARGS" }, { "FRAME 1", "ERR ARGS" }, { "STATE 0", "ERR ARGS" },
        { "MOVE", "ERR MOVE ARGS" }, { "MOVE 1", "ERR MOVE ARGS" }, { "MOVE X 1", "ERR MOVE ARGS" },
        { "MOVE 1 2 3", "ERR MOVE ARGS" }, { "MOVE 256 1", "ERR MOVE ARGS" }, { "MOVE 1 99999", "ERR MOVE ARGS" },
        { "MOVE -1 2", "ERR MOVE ARGS" }, { "MOVE 0X 1", "ERR MOVE ARGS" }, { "MOVE 1,2", "ERR MOVE ARGS" },
        { "POS", "ERR POS ARGS" }, { "POS X", "ERR POS ARGS" }, { "POS 1 X", "ERR POS ARGS" },
        { "POS 1 2 3 4 5 6 7 8 9", "ERR POS ARGS" }, { "POS 1,2", "ERR POS ARGS" },
        { "SET", "ERR SET ITEM" }, { "SET FOO 1", "ERR SET ITEM" }, { "SET BRIGHT", "ERR SET VALUE" },
        { "SET BRIGHT 16", "ERR SET VALUE" }, { "SET OFF 5", "ERR SET VALUE" }, { "SET SOUND 2", "ERR SET VALUE" },
        { "SET LEVEL 1 2", "ERR SET VALUE" }, { "SET GAME 99", "ERR SET VALUE" }, { "SET OPP X", "ERR SET VALUE" },
        { "GAME FOO", "ERR GAME NAME" }, { "GAME 99", "ERR GAME NUMBER" }, { "GAME NIM X", "ERR GAME NAME" },
        { "GAME ONE", "ERR GAME NAME" }, { "PRESS", "ERR BUTTON" }, { "PRESS X", "ERR BUTTON" },
        { "RELEASE UP 1", "ERR BUTTON" }, { "SCORES 99", "ERR SCORES NUMBER" }, { "SCORES X", "ERR ARGS" },
        { "SCORES 1 2", "ERR ARGS" }, { "SAVE 1", "ERR ARGS" },
    };
    uint32_t i = rb_rnd_n(sizeof t / sizeof t[0]);
    add_bad(t[i].l, t[i].e);
}

static void add_readonly(void)
{
    char t[32];
    switch (rb_rnd_n(10)) {
    case 0: add_line(L_STATE, "STATE"); break;
    case 1: add_line(L_FRAME, "FRAME"); break;
    case 2: add_line(L_VER, "VER"); break;
    case 3: add_line(L_HELP, "HELP"); break;
    case 4: case 5: add_line(L_GRUNDY, "GRUNDY"); break;
    case 6: case 7: add_line(L_HINT, "HINT"); break;
    case 8: {
        uint8_t i = (uint8_t)rb_game_number(rb_rnd_n(uart_known.n_games));
        snprintf(t, sizeof t, "SCORES %u", i);
        add_line(L_SCORES, t)->val = i;
        break;
    }
    default:
        if (rb_rnd_n(8) == 0)
            add_line(L_SAVE, "SAVE");
        else if (rb_rnd_n(2))
            add_line(L_GAMEQ, "GAME");
        else {
            uint8_t b = (uint8_t)rb_rnd_n(6);
            snprintf(t, sizeof t, "RELEASE %s", uart_btn_names[b]);
            add_line(L_RELEASE, t)->val = b;
        }
    }
}

/* A move line: legal in the planned position, or one the rule refuses. */
static void add_move(engine_pos_t *plan, bool legal, bool *ends)
{
    engine_move_t m, pick = { 0, 0 };
    int n = 0;
    char t[48];
    if (legal) {
        for (bool ok = engine_move_first(plan, &m); ok; ok = engine_move_next(plan, &m))
            if (rb_rnd_n((uint32_t)++n) == 0)
                pick = m;
        if (!n)
            return;
    } else {
        for (int i = 0; i < 50; i++) {
            pick.col = (uint8_t)rb_rnd_n(plan->ncols + 2u);
            pick.to = (uint16_t)rb_rnd_n((plan->mode & ENGINE_ONEHEAP) ? ENGINE_HEAP_MAX + 1u : 256u);
            if (engine_check_move(plan, pick))
                break;
        }
    }
    snprintf(t, sizeof t, "MOVE %u %u", pick.col, pick.to);
    add_line(L_MOVE, t)->m = pick;
    if (legal && !engine_check_move(plan, pick)) {
        engine_apply(plan, pick);
        *ends = !engine_has_move(plan);
    }
}

static void add_pos(const engine_pos_t *plan)
{
    char t[96];
    expect_t *e;
    if (plan->mode & ENGINE_ONEHEAP) {
        uint16_t h = (uint16_t)rb_rnd_range(1, ENGINE_HEAP_MAX + (rb_rnd_n(5) == 0 ? 3u : 0u));
        snprintf(t, sizeof t, "POS %u", h);
        e = add_line(L_POS, t);
        e->heap = h;
        e->ncols = 1;
        return;
    }
    uint8_t n = (uint8_t)rb_rnd_range(1, BOARD_COLS), v[BOARD_COLS];
    int k = snprintf(t, sizeof t, "POS");
    bool heap = engine_rule_form(plan->rule) == FORM_HEAP;
    for (uint8_t c = 0; c < n; c++) {
        v[c] = (uint8_t)(heap ? rb_rnd_n(rb_rnd_n(6) ? BOARD_ROWS + 1u : 12u) : rb_rnd_n(256));
        k += snprintf(t + k, sizeof t - (size_t)k, " %u", v[c]);
    }
    e = add_line(L_POS, t);
    e->ncols = n;
    memcpy(e->vals, v, n);
}

/* Mixed: random bytes, over-long lines, unknown commands, bad arguments,
 * refused moves, read-only commands and changes. */
void uart_burst_send(int nlines, bool changes)
{
    rb_game_t g;
    rb_read_game(&g);
    engine_pos_t plan = rb_to_pos(&g);
    bool ended = g.screen != SCR_PLAY || g.phase == 3;
    burst_len = 0;
    uint64_t first = exp_sent;
    for (int i = 0; i < nlines && !ended; i++) {
        uint32_t r = rb_rnd_n(100);
        if (r < 12)
            add_random_bytes();
        else if (r < 20)
            add_long();
        else if (r < 30)
            add_unknown();
        else if (r < 45)
            add_bad_args();
        else if (r < 55)
            add_move(&plan, false, &ended);
        else if (r < 75)
            add_readonly();
        else if (r < 88 || !changes) {
            if (uart_known.exact || rb_rnd_n(3) == 0)
                add_move(&plan, true, &ended);
            else
                add_readonly();
        } else if (r < 91) {
            add_line(L_AI, "AI");
            if (uart_known.exact) {
                ended = true;   /* which move is the machine's: the burst ends here */
            }
        } else if (r < 95) {
            char t[32];
            uint8_t item = (uint8_t)(uint8_t[]){ S_LEVEL, S_SOUND, S_BRIGHT, S_START, S_FIRST }[rb_rnd_n(5)];
            uint8_t v = (uint8_t)rb_rnd_n(set_counts[item]);
            snprintf(t, sizeof t, "SET %s %u", uart_set_names[item], v);
            expect_t *e = add_line(L_SET, t);
            e->item = item;
            e->val = v;
        } else if (r < 97 && uart_known.exact) {
            add_pos(&plan);
            ended = true;       /* the position may or may not be taken */
        } else if (r < 99) {
            add_line(L_NEW, "NEW");
            ended = true;
        } else {
            char t[32];
            uint8_t gi = (uint8_t)rb_rnd_n(uart_known.n_games);
            snprintf(t, sizeof t, "%s", rb_game_line(gi, uart_known.n_games));
            add_line(L_GAME, t)->val = (uint8_t)rb_game_number(gi);
            ended = true;
        }
    }
    if (exp_sent == first)
        add_readonly();
    uart_rx_send(burst, burst_len);
    uart_n.bytes += burst_len;
    uart_n.bursts++;
    if (exp_sent - first > uart_n.max_burst)
        uart_n.max_burst = exp_sent - first;
}
