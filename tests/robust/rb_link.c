/* rb_link.c - the PC link as the harness sees it: commands sent and their
 * replies waited for, and every output line read and checked as it comes:
 * LOG lines build a shadow of the game move by move (each move legal, each
 * end final with the right winner), STATE and FRAME dumps are compared with
 * the RAM and the LEDs at the moment the line began. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb.h"

#define SNAP_RING 256
static rb_snap_t snaps[SNAP_RING];        /* RAM and LEDs when each output line began */
static uint64_t lines_started, lines_done;
static uint8_t last_out = '\n';
static uint64_t last_out_cycle;
static size_t uart_pos;

const rb_link_t *rb_link;
rb_shadow_t rb_shadow;
struct rb_stats rb_st;
engine_move_t rb_last_log_move;
static int last_log_side;

/* Replies the driver waits for: a prefix and the line that matched. */
static char last_reply[4096];
static uint64_t reply_count;

rb_snap_t *rb_snap_take(void)
{
    rb_snap_t *s = &snaps[lines_started++ % SNAP_RING];
    rb_read_game(&s->g);
    memcpy(s->frame, rb_board.disp.frame, sizeof s->frame);
    s->shutdown = rb_board.disp.chip[0].shutdown;
    return s;
}

void rb_link_on_byte(void *ctx, uint8_t b)
{
    (void)ctx;
    if (last_out == '\n' && !rb_link) {
        rb_snap_t *s = rb_snap_take();
        s->fresh = rb_board.avr->cycle - last_out_cycle > 2000;   /* > 1.5 frame times at 115200 */
    }
    last_out = b;
    last_out_cycle = rb_board.avr->cycle;
}

static int side_of(const char *tag)
{
    if (!strcmp(tag, "H") || !strcmp(tag, "H1") || !strcmp(tag, "M1"))
        return 0;
    if (!strcmp(tag, "M") || !strcmp(tag, "H2") || !strcmp(tag, "M2"))
        return 1;
    return -1;
}

static void log_boot(const char *line, const rb_snap_t *snap)
{
    unsigned a, b;
    rb_st.boots++;
    if (rb_st.boots > rb_st.boots_expected)
        rb_fail("the toy reset (unexpected \"%s\")", line);
    if (sscanf(line + 9, "%u %u", &a, &b) != 2)
        rb_fail("bad LOG BOOT line \"%s\"", line);
    rb_st.last_boot_cause = (int)a;
    rb_st.last_boot_resumed = (int)b;
    rb_shadow.valid = false;
    if (b) {
        /* A resumed game: the shadow starts from what was restored. */
        rb_shadow.valid = true;
        rb_shadow.pos = rb_to_pos(&snap->g);
        rb_shadow.turn = snap->g.turn;
        rb_shadow.over = false;
    }
}

static void log_new(const char *line, const rb_snap_t *snap)
{
    char tag[8];
    unsigned a;
    if (sscanf(line + 8, "%u %7s", &a, tag) != 2 || side_of(tag) < 0)
        rb_fail("bad LOG NEW line \"%s\"", line);
    engine_pos_t p = rb_to_pos(&snap->g);
    rb_st.games_new++;
    if (!snap->fresh) {
        rb_shadow.valid = false;   /* the line waited behind others: RAM moved on */
        rb_shadow.pending_new = true;
        return;
    }
    if (engine_check_pos(&p) || !engine_has_move(&p))
        rb_fail("a new game starts in a bad position %s", rb_pos_str(&p));
    if (side_of(tag) != snap->g.turn)
        rb_fail("LOG NEW says %s moves first, the state says turn %u", tag, snap->g.turn);
    rb_shadow.valid = true;
    rb_shadow.pos = p;
    rb_shadow.turn = snap->g.turn;
    rb_shadow.over = false;
}

static void log_move(const char *line)
{
    char tag[8];
    unsigned a, b;
    engine_move_t m;
    if (sscanf(line + 9, "%7s %u %u", tag, &a, &b) != 3 || side_of(tag) < 0)
        rb_fail("bad LOG MOVE line \"%s\"", line);
    m.col = (uint8_t)a;
    m.to = (uint16_t)b;
    rb_st.moves++;
    rb_last_log_move = m;
    last_log_side = side_of(tag);
    rb_shadow.pending_new = false;     /* moved before the driver saw the start */
    if (!rb_shadow.valid)
        return;     /* a move of a game started before the driver could see it */
    if (rb_shadow.over)
        rb_fail("a move after the game ended: \"%s\"", line);
    if (side_of(tag) != rb_shadow.turn)
        rb_fail("\"%s\" but side %u is to move", line, rb_shadow.turn);
    uint8_t err = engine_check_move(&rb_shadow.pos, m);
    if (err)
        rb_fail("an illegal move was accepted: \"%s\" in %s (engine error %u)", line,
                rb_pos_str(&rb_shadow.pos), err);
    engine_apply(&rb_shadow.pos, m);
    rb_shadow.turn ^= 1;
}

static void log_end(const char *line)
{
    char tag[8];
    if (sscanf(line + 8, "%7s", tag) != 1 || side_of(tag) < 0)
        rb_fail("bad LOG END line \"%s\"", line);
    rb_st.games_ended++;
    if (!rb_shadow.valid)
        return;
    if (engine_check_pos(&rb_shadow.pos) || engine_has_move(&rb_shadow.pos))
        rb_fail("a game ended in a position that is not final: %s", rb_pos_str(&rb_shadow.pos));
    /* rb_shadow.turn is the side that cannot move; it loses in normal
     * play and wins in misere play (the other side moved last). */
    int winner = (rb_shadow.pos.mode & ENGINE_MISERE) ? rb_shadow.turn : rb_shadow.turn ^ 1;
    if (side_of(tag) != winner)
        rb_fail("\"%s\" but side %d won in %s", line, winner, rb_pos_str(&rb_shadow.pos));
    rb_shadow.over = true;
}

/* An OK or ERR line: the reply the driver waits for; dumps compared. */
static void reply_line(const char *line, const rb_snap_t *snap)
{
    rb_st.replies++;
    if (line[0] == 'E')
        rb_st.errs++;
    if (!strcmp(line, "ERR OVERRUN"))
        rb_st.overruns++;
    snprintf(last_reply, sizeof last_reply, "%s", line);
    reply_count++;
    if (!strcmp(line, "OK POS")) {
        /* POS sets a position without a LOG line: the shadow follows. */
        rb_shadow.valid = snap->fresh;
        rb_shadow.pending_new = !snap->fresh;
        rb_shadow.pos = rb_to_pos(&snap->g);
        rb_shadow.turn = snap->g.turn;
        rb_shadow.over = false;
    }
    if (!snap->fresh)
        rb_st.dumps_stale++;
    else if (!strncmp(line, "OK STATE ", 9))
        rb_check_state_line(line, snap);
    else if (!strncmp(line, "OK FRAME ", 9))
        rb_check_frame_line(line, snap);
    if (rb_link)
        rb_link->judge(line, snap);
}

/* LOG REVIEW (the review opened on the toy, docs/play.md#the-review): NONE,
 * or the mistake as REVIEW answers it, "<k> <col> <to> BEST <col> <to>"
 * and with two players the mover's tag. */
static void log_review(const char *line)
{
    unsigned k, c, t, bc, bt;
    char tag[4] = "";
    int n = sscanf(line + 11, "%u %u %u BEST %u %u %3s", &k, &c, &t, &bc, &bt, tag);
    if (strcmp(line + 11, "NONE") && !(n >= 5 && k >= 1 && (n == 5 || !strcmp(tag, "H1") || !strcmp(tag, "H2"))))
        rb_fail("LOG REVIEW line of no known shape: \"%s\"", line);
    rb_st.log_reviews++;
}

/* LOG TEST (the board test, docs/protocol.md#test): its steps (WALK,
 * KEYS, END) or a button's name; A held through a reset starts it. */
static void log_test(const char *line)
{
    static const char *const words[] = { "WALK", "KEYS", "END", "UP", "DOWN", "LEFT", "RIGHT", "A", "B" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(line + 9, words[i])) {
            rb_st.log_tests++;
            return;
        }
    rb_fail("LOG TEST line of no known word: \"%s\"", line);
}

static void handle_line(const char *line, const rb_snap_t *snap)
{
    if (!strncmp(line, "LOG BOOT ", 9))
        log_boot(line, snap);
    else if (!strncmp(line, "LOG NEW ", 8))
        log_new(line, snap);
    else if (!strncmp(line, "LOG MOVE ", 9))
        log_move(line);
    else if (!strncmp(line, "LOG END ", 8))
        log_end(line);
    else if (!strncmp(line, "LOG REVIEW ", 11))
        log_review(line);
    else if (!strncmp(line, "LOG TEST ", 9))
        log_test(line);
    else if (!strcmp(line, "LOG RECORDS OLD"))
        rb_st.log_records_old++;
    else if (!strncmp(line, "OK", 2) || !strncmp(line, "ERR", 3))
        reply_line(line, snap);
    else if (line[0] != '#')
        rb_fail("an output line that is no LOG, OK, ERR or # line: \"%s\"", line);
}

void rb_link_process(void)
{
    while (uart_pos < rb_board.uart.log_len) {
        char *start = rb_board.uart.log + uart_pos;
        char *nl = memchr(start, '\n', rb_board.uart.log_len - uart_pos);
        if (!nl)
            break;
        *nl = 0;
        const rb_snap_t *snap = &snaps[lines_done++ % SNAP_RING];
        if (lines_started - lines_done >= SNAP_RING)
            rb_fail("output line bookkeeping overflow");
        handle_line(start, snap);
        *nl = '\n';
        uart_pos = (size_t)(nl - rb_board.uart.log) + 1;
    }
    if (uart_pos == rb_board.uart.log_len && uart_pos > (1u << 20)) {
        rb_board.uart.log_len = 0;
        uart_pos = 0;
    }
}

/* The power went: bytes queued to the toy are lost, and a line cut in half
 * by the reset is what a PC sees, too; anything the firmware queued but had
 * not sent is gone. */
void rb_link_drop(void)
{
    rb_board.uart.in_pos = rb_board.uart.in_len;
    last_out = '\n';
    rb_link_process();
    if (uart_pos < rb_board.uart.log_len) {
        rb_board.uart.log_len = uart_pos;
        lines_done = lines_started;
    }
}

void rb_send(const char *text)
{
    if (rb_link) {
        rb_link->send(text, strlen(text));
        return;
    }
    sim_uart_send(&rb_board.uart, text, strlen(text));
}

uint64_t rb_reply_count(void)
{
    return reply_count;
}

bool rb_reply_wait(uint64_t want)
{
    for (int i = 0; i < 400 && reply_count < want; i++)
        rb_run_for_ms(5);
    return reply_count >= want;
}

const char *rb_reply_last(void)
{
    return last_reply;
}

const char *rb_command(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    strcat(buf, "\n");
    uint64_t want = reply_count + 1;
    if (rb_link)
        rb_link->expect(buf);
    rb_send(buf);
    if (!rb_reply_wait(want))
        rb_fail("no reply to \"%.*s\" within 2 s", (int)strlen(buf) - 1, buf);
    return last_reply;
}

const char *rb_command_ok(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    const char *r = rb_command("%s", buf);
    if (strncmp(r, "OK", 2))
        rb_fail("\"%s\" was refused: %s", buf, r);
    return r;
}

/* The g-th game number (docs/protocol.md: the games' ids, with gaps),
 * g < rb_game_count(): the numbers SCORES answers, asked once. */
unsigned rb_game_number(unsigned g)
{
    static uint8_t num[256];
    static unsigned n;
    if (!n) {
        for (unsigned i = 0; i < 256; i++) {
            const char *r = rb_command("SCORES %u", i);
            if (!strncmp(r, "OK", 2))
                num[n++] = (uint8_t)i;
            else if (strcmp(r, "ERR SCORES NUMBER"))
                rb_fail("SCORES %u: %s", i, r);
        }
        if (n != rb_game_count())
            rb_fail("SCORES answers %u game numbers, VER says %u games", n, rb_game_count());
    }
    if (g >= n)
        rb_fail("game %u of %u", g, n);
    return num[g];
}

/* Your own game's numbers in misere columns, one heap and one heap
 * misere (its ids: TAKE 1's, game.h) */
#define RB_OWN_MISERE (RULE_NUM_SUB1 * 2 + 1)

bool rb_game_own_refusable(unsigned number)
{
    return number >= RB_OWN_MISERE && number < RB_OWN_MISERE + 3;
}

/* "GAME <i>" of the g-th game number: your own game in misere columns
 * with a code whose misere the toy plays, Dawson's Kayles, and in one
 * heap with a code that never splits, 0.03*: a wild code's misere is
 * refused (ERR GAME WILD), a code that splits in one heap (ERR GAME
 * FORM), and the menu's code editor may have left any code set. The
 * reply is OK GAME <i> all the same. */
const char *rb_game_line(unsigned g, unsigned games)
{
    static const char *const own[] = {"GAME OCTAL 0.07 MISERE", "GAME OCTAL 0.03* ONE", "GAME OCTAL 0.03* ONE MISERE"};
    static char t[32];
    unsigned i = rb_game_number(g);
    (void)games;
    if (rb_game_own_refusable(i))
        snprintf(t, sizeof t, "%s", own[i - RB_OWN_MISERE]);
    else
        snprintf(t, sizeof t, "GAME %u", i);
    return t;
}

/* The list is derived from the rules, so no campaign types the number;
 * asked once. */
unsigned rb_game_count(void)
{
    static unsigned n;
    if (!n) {
        const char *v = rb_command_ok("VER");
        const char *gp = strstr(v, "GAMES ");
        n = gp ? (unsigned)atoi(gp + 6) : 0;
        if (!n)
            rb_fail("VER does not say how many games: %s", v);
    }
    return n;
}
