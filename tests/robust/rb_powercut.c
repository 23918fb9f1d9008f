/* rb_powercut.c - the power-cut campaign: a game played and saved through
 * the PC link while the power goes at random cycles and inside the 3.4 ms
 * window of EEPROM writes (the byte old, new or torn); after each restart
 * the settings, the scores and the game are the ones before the command in
 * flight or after it, and the end of a game is counted exactly once. With
 * brownout, the supply's episodes (rb_brownout.c) take the plug's place. */
#include <stdio.h>
#include <string.h>

#include "rb.h"
#include "rb_campaign.h"

/* ---- EEPROM write watch: the cut aimed at the j-th write ------------------ */

static uint64_t ee_writes, ee_arm_at;    /* stop at write number ee_arm_at (0: off) */
static bool cut_pending;

static void ee_write_started(void *ctx, uint16_t addr, uint8_t old, uint8_t val)
{
    (void)ctx; (void)addr; (void)old; (void)val;
    ee_writes++;
    if (ee_arm_at && ee_writes == ee_arm_at)
        cut_pending = true;
}

static bool cut_stop(sim_t *s, void *ctx)
{
    (void)s; (void)ctx;
    return cut_pending;
}

static void ee_watch_start(void)
{
    if (!rb_board.eeprom.on)
        rb_fail("the EEPROM timing model is off (NIMSIM_KEEP_BUGS=eeprom?)");
    rb_board.eeprom.on_start = ee_write_started;
}

/* ---- one round: a command, the cut, what comes back ------------------------ */

enum { CMD_MOVE, CMD_AI, CMD_SET, CMD_NEW, CMD_GAME };
static uint64_t n_cut_write, n_cut_cycle, n_cut_boot, n_nocut, n_resumed, n_clean, n_split, n_ended, n_unended;

typedef struct {
    rb_state_t P;               /* the toy before the command */
    char cmd[64];               /* the command in flight, its '\n' too */
    int kind;
    engine_move_t m;            /* CMD_MOVE */
    uint8_t set_item, set_val;  /* CMD_SET; CMD_GAME: set_val = the game */
    bool cut;                   /* the power went while it ran */
    bool fast;                  /* inside an EEPROM write's window */
} round_t;

/* The command line for messages, without its '\n'. */
#define CMD_SHOWN(c) (int)strlen((c)->cmd) - 1, (c)->cmd

static bool ends_game(const engine_pos_t *p, engine_move_t m)
{
    engine_pos_t q = *p;
    engine_apply(&q, m);
    return !engine_has_move(&q);
}

static bool some_move_ends(const engine_pos_t *p)
{
    engine_move_t t;
    bool any = false;
    for (bool ok = engine_move_first(p, &t); ok; ok = engine_move_next(p, &t))
        any |= ends_game(p, t);
    return any;
}

static bool makes_moves(const round_t *c)
{
    return c->kind == CMD_MOVE || c->kind == CMD_AI;
}

/* A move the command may have made: its own for MOVE, any for AI. */
static bool may_make(const round_t *c, engine_move_t t)
{
    return c->kind != CMD_MOVE || (t.col == c->m.col && t.to == c->m.to);
}

static bool one_move_gives(const round_t *c, const engine_pos_t *r)
{
    engine_move_t t;
    for (bool ok = engine_move_first(&c->P.pos, &t); ok; ok = engine_move_next(&c->P.pos, &t)) {
        if (!may_make(c, t))
            continue;
        engine_pos_t q = c->P.pos;
        engine_apply(&q, t);
        if (rb_pos_equal(r, &q))
            return true;
    }
    return false;
}

/* Whether the command's move and a reply to it, made while the move was
 * being saved (a save takes ~0.1 s on the chip), satisfy hit; skip_ending:
 * no reply after a move that ended the game. */
static bool move_and_reply(const round_t *c, bool skip_ending,
                           bool (*hit)(const engine_pos_t *q, engine_move_t t2, const void *ctx), const void *ctx)
{
    engine_move_t t1, t2;
    for (bool m1 = engine_move_first(&c->P.pos, &t1); m1; m1 = engine_move_next(&c->P.pos, &t1)) {
        if (!may_make(c, t1) || (skip_ending && ends_game(&c->P.pos, t1)))
            continue;
        engine_pos_t q = c->P.pos;
        engine_apply(&q, t1);
        for (bool m2 = engine_move_first(&q, &t2); m2; m2 = engine_move_next(&q, &t2))
            if (hit(&q, t2, ctx))
                return true;
    }
    return false;
}

static bool reply_ends(const engine_pos_t *q, engine_move_t t2, const void *ctx)
{
    (void)ctx;
    return ends_game(q, t2);
}

static bool reply_gives(const engine_pos_t *q, engine_move_t t2, const void *ctx)
{
    engine_pos_t q2 = *q;
    engine_apply(&q2, t2);
    return rb_pos_equal((const engine_pos_t *)ctx, &q2);
}

/* The scores moved by one result won by side winner (either side: AI may
 * have made the move for either). */
static bool scored_once(const rb_state_t *P, const rb_state_t *R, int winner, bool either)
{
    return (R->w == P->w + (winner == 0) && R->l == P->l + (winner == 1)) ||
           (either && R->w == P->w + (winner != 0) && R->l == P->l + (winner != 1));
}

/* A random command: a legal move, the machine's move, a setting, a new
 * game or another game. */
/* A game's number for SET GAME or GAME: any but your own game's that a
 * code can refuse (misere, one heap). */
static uint8_t any_game(void)
{
    unsigned i;
    do
        i = rb_game_number(rb_rnd_n(rb_game_count()));
    while (rb_game_own_refusable(i));
    return (uint8_t)i;
}

static void round_pick(round_t *c)
{
    const rb_state_t *P = &c->P;
    c->m = (engine_move_t){ 0, 0 };
    c->set_item = c->set_val = 0;
    uint32_t r = rb_rnd_n(100);
    if (r < 60 && P->turn == 0) {
        c->kind = CMD_MOVE;
        int count = 0;
        engine_move_t t;
        /* MOVE caps <to> at ENGINE_HEAP_MAX (firmware bug reported in
         * /tmp/firmware-requests.txt): cell masks above it go through AI. */
        for (bool ok = engine_move_first(&P->pos, &t); ok; ok = engine_move_next(&P->pos, &t))
            if (t.to <= ENGINE_HEAP_MAX && rb_rnd_n((uint32_t)++count) == 0)
                c->m = t;
        if (!count)
            c->kind = CMD_AI;
        if (c->kind == CMD_MOVE)
            snprintf(c->cmd, sizeof c->cmd, "MOVE %u %u\n", c->m.col, c->m.to);
        else
            snprintf(c->cmd, sizeof c->cmd, "AI\n");
    } else if (r < 75) {
        c->kind = CMD_AI;
        snprintf(c->cmd, sizeof c->cmd, "AI\n");
    } else if (r < 88) {
        static const uint8_t items[] = { S_GAME, S_FIRST, S_LEVEL, S_START, S_SOUND, S_BRIGHT };
        /* every game but your own in misere columns and in one heap: a
         * power cut can bring back the default code (Officers, wild, and
         * it splits), whose misere and one heap NEW refuses
         * (octal_misere.nims, octal_heap.nims) */
        const uint8_t counts[] = { 0, 3, 3, 4, 2, 16 };
        int k = (int)rb_rnd_n(6);
        c->set_item = items[k];
        c->set_val = k ? (uint8_t)rb_rnd_n(counts[k]) : any_game();
        c->kind = CMD_SET;
        static const char *names[] = { "GAME", "OPP", "FIRST", "LEVEL", "START", "SOUND", "BRIGHT", "OFF", "LANG" };
        snprintf(c->cmd, sizeof c->cmd, "SET %s %u\n", names[c->set_item], c->set_val);
    } else if (r < 94) {
        c->kind = CMD_NEW;
        snprintf(c->cmd, sizeof c->cmd, "NEW\n");
    } else {
        c->kind = CMD_GAME;
        c->set_val = any_game();     /* as SET GAME */
        snprintf(c->cmd, sizeof c->cmd, "GAME %u\n", c->set_val);
    }
}

/* The power goes somewhere inside the j-th EEPROM write the command starts
 * (the CPU runs on into the write's window); no cut if it writes less. */
static void cut_in_write(round_t *c)
{
    bool big = !makes_moves(c);
    if (c->kind == CMD_MOVE && ends_game(&c->P.pos, c->m))
        big = true;
    ee_arm_at = rb_rnd_range(1, big ? 130 : 24);
    int rr = sim_run_until(&rb_board, rb_now_cycles() + sim_ms_to_cycles(1500), cut_stop, NULL);
    if (rr == SIM_RUN_CRASH)
        rb_fail("the CPU crashed");
    ee_arm_at = 0;
    if (!cut_pending)
        return;
    if (!rb_board.eeprom.busy || rb_board.eeprom.end <= rb_now_cycles())
        rb_fail("EEPE is not set after the write started");
    sim_run_until(&rb_board, rb_now_cycles() + rb_rnd_n((uint32_t)(rb_board.eeprom.end - rb_now_cycles())), NULL, NULL);
    if (!rb_board.eeprom.busy)
        rb_fail("the write ended before its 3.4 ms");
    c->cut = true;
    c->fast = true;
    n_cut_write++;
}

/* Sends the command; the power goes inside one of its EEPROM writes, at a
    * random cycle while it runs, or not at all: then the command must
    * succeed, and a cut with nothing in flight follows now and then. Whether
    * the power goes now. */
static bool round_run(round_t *c)
{
    uint64_t want = rb_reply_count() + 1;
    uint32_t how = rb_rnd_n(100);
    ee_writes = 0;
    cut_pending = false;
    c->cut = c->fast = false;
    rb_send(c->cmd);
    if (how < 60) {
        cut_in_write(c);
    } else if (how < 92) {                  /* at a random cycle while the command runs */
        uint64_t at = rb_now_cycles() + rb_rnd_n((uint32_t)(strlen(c->cmd) * 1400 + sim_ms_to_cycles(6)));
        sim_run_until(&rb_board, at, NULL, NULL);
        c->cut = true;
        n_cut_cycle++;
    }
    if (c->cut)
        return true;
    if (!rb_reply_wait(want) || strncmp(rb_reply_last(), "OK", 2))
        rb_fail("\"%.*s\" failed: %s", CMD_SHOWN(c), rb_reply_last());
    n_nocut++;
    if (makes_moves(c)) {
        const char *a = rb_command("AI");   /* the machine's reply at once */
        if (strncmp(a, "OK AI", 5) && strcmp(a, "ERR AI NOGAME"))
            rb_fail("AI: %s", a);
    }
    if (rb_rnd_n(4))
        return false;
    /* Now a cut with nothing in flight: everything must come back. */
    rb_ensure_play(&c->P);
    return true;
}

/* The cut, the boot, and now and then a second cut while booting. */
static void cut_and_boot(const round_t *c, uint64_t *cuts)
{
    rb_link_process();
    rb_power_cut(c->fast);
    (*cuts)++;
    rb_boot_wait();
    if (rb_rnd_n(10) == 0) {
        sim_run_until(&rb_board, rb_now_cycles() + rb_rnd_n((uint32_t)sim_ms_to_cycles(30)), NULL, NULL);
        rb_link_process();
        rb_power_cut(c->fast);
        (*cuts)++;
        n_cut_boot++;
        rb_boot_wait();
    }
}

/* The settings: those before the command (P) or after it. */
static void check_settings(const round_t *c, const rb_state_t *R)
{
    const rb_state_t *P = &c->P;
    uint8_t qset[16];
    memcpy(qset, P->set, sizeof qset);
    if (c->kind == CMD_SET && c->cut)
        qset[c->set_item] = c->set_val;
    if (c->kind == CMD_GAME && c->cut)
        qset[S_GAME] = c->set_val;
    if (R->nset != P->nset || (memcmp(R->set, P->set, (size_t)P->nset) && memcmp(R->set, qset, (size_t)P->nset)))
        rb_fail("settings after the cut are neither the old nor the new ones (command %.*s)", CMD_SHOWN(c));
}

/* The scores: as before, or one more result of a game the command (or the
    * machine's reply made while it was saved) may have ended. Whether the
    * cut command may have ended the game. */
static bool check_scores(const round_t *c, const rb_state_t *R)
{
    const rb_state_t *P = &c->P;
    bool w_ok = R->w == P->w && R->l == P->l;
    bool may_end = false;
    if (c->cut && c->kind == CMD_MOVE)
        may_end = ends_game(&P->pos, c->m);
    if (c->cut && c->kind == CMD_AI)
        may_end = some_move_ends(&P->pos);
    bool misere = P->pos.mode & ENGINE_MISERE;
    if (!w_ok && may_end)
        w_ok = scored_once(P, R, misere ? P->turn ^ 1 : P->turn, c->kind == CMD_AI);
    if (!w_ok && c->cut && makes_moves(c) &&
        scored_once(P, R, misere ? P->turn : P->turn ^ 1, c->kind == CMD_AI) &&
        move_and_reply(c, true, reply_ends, NULL))
        w_ok = may_end = true;
    if (!w_ok)
        rb_fail("scores of game %u after the cut: W %u L %u, before W %u L %u (command %.*s)", P->game,
                R->w, R->l, P->w, P->l, CMD_SHOWN(c));
    return may_end;
}

/* The end of a game is atomic (game.c): its result counted and the game
    * over, or not counted and the game back before its end. A result counted
    * while the game resumes would be counted again when its last move is
    * replayed; a game over with no result counted has lost it (the opponent
    * is always the machine here). */
static void check_end(const round_t *c, const rb_state_t *R, bool may_end)
{
    const rb_state_t *P = &c->P;
    bool counted = R->w != P->w || R->l != P->l;
    if (counted && R->in_game) {
        n_split++;
        rb_fail("the result of game %u was counted (W %u L %u, before W %u L %u) and the game resumed at %s "
                "turn %u: it would count twice (command %.*s)", P->game, R->w, R->l, P->w, P->l,
                rb_pos_str(&R->pos), R->turn, CMD_SHOWN(c));
    }
    if (c->cut && may_end && P->in_game && !R->in_game && !counted && P->w < 255 && P->l < 255)
        rb_fail("game %u ended by the cut command but its result was not counted: W %u L %u (command %.*s)",
                P->game, R->w, R->l, CMD_SHOWN(c));
    if (c->cut && may_end) {
        n_ended += counted;
        n_unended += !counted && R->in_game;
    }
}

/* A game that comes back is the one before the command, or after the
    * command's move, or after it and the machine's reply, or a new game's
    * start; none comes back only when the command may have ended it. */
static void check_game(const round_t *c, const rb_state_t *R, bool may_end)
{
    const rb_state_t *P = &c->P;
    if (!R->in_game) {
        n_clean++;
        if (P->in_game && !may_end)
            rb_fail("the game in progress (%s) was lost by a cut (command %.*s)", rb_pos_str(&P->pos),
                    CMD_SHOWN(c));
        return;
    }
    n_resumed++;
    if (engine_check_pos(&R->pos) || !engine_has_move(&R->pos))
        rb_fail("resumed a corrupt or finished position %s", rb_pos_str(&R->pos));
    bool ok = rb_pos_equal(&R->pos, &P->pos) && R->turn == P->turn;
    if (!ok && c->cut && makes_moves(c))
        ok = R->turn == (P->turn ^ 1) && one_move_gives(c, &R->pos);
    if (!ok && c->cut && makes_moves(c))
        ok = R->turn == P->turn && move_and_reply(c, false, reply_gives, &R->pos);
    if (!ok && c->cut && (c->kind == CMD_NEW || c->kind == CMD_GAME))
        ok = true;      /* a new game's start (legal, checked above) */
    if (!ok)
        rb_fail("resumed %s turn %u; before the cut %s turn %u (command %.*s)", rb_pos_str(&R->pos),
                R->turn, rb_pos_str(&P->pos), P->turn, CMD_SHOWN(c));
}

static void report(uint64_t cuts)
{
    printf("robust powercut: %llu power cuts (%llu aimed inside the j-th EEPROM write of a command, %llu at a "
           "random cycle, %llu while booting, %llu after the command ran to the end); %llu cuts inside a "
           "3.4 ms write window left the byte old %llu / new %llu / torn %llu (%llu writes started); "
           "%llu boots, %llu resumed a game, %llu came back without one (none lost), %llu moves, "
           "%llu cuts in a command that could end a game: %llu counted the result once and the game was "
           "over, %llu did not count it and the game resumed before its end; %llu results counted with "
           "the game resumed (double counts), none lost, %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)cuts, (unsigned long long)n_cut_write, (unsigned long long)n_cut_cycle,
           (unsigned long long)n_cut_boot, (unsigned long long)n_nocut, (unsigned long long)rb_window_cuts,
           (unsigned long long)rb_torn[0], (unsigned long long)rb_torn[1], (unsigned long long)rb_torn[2],
           (unsigned long long)rb_board.eeprom.writes, (unsigned long long)rb_st.boots,
           (unsigned long long)n_resumed, (unsigned long long)n_clean, (unsigned long long)rb_st.moves,
           (unsigned long long)(n_ended + n_unended), (unsigned long long)n_ended,
           (unsigned long long)n_unended, (unsigned long long)n_split, rb_now_ms() / 1000,
           sim_stack_used(&rb_board));
}

void rb_powercut_run(uint64_t n, bool brownout)
{
    if (brownout)
        rb_brownout_install();
    rb_board_open();
    rb_boot_wait();
    ee_watch_start();
    rb_command_ok("SET OFF 4");
    rb_game_number(0);      /* the game numbers asked now, before any line is planned */
    rb_command_ok("SET OPP 0");
    rb_command_ok("GAME %u", rb_rnd_n(rb_game_count() - 3));
    uint64_t cuts = 0;
    while (cuts < n) {
        round_t c;
        rb_state_t R;
        rb_ensure_play(&c.P);
        if (sim_stack_used(&rb_board) >= RB_STACK_BUDGET)
            rb_fail("stack high-water %u bytes", sim_stack_used(&rb_board));
        round_pick(&c);
        if (!round_run(&c))
            continue;
        cut_and_boot(&c, &cuts);
        int resumed = rb_st.last_boot_resumed;
        if (brownout)
            rb_brownout_check_boot();
        rb_state_get(&R);
        rb_scores_get(c.P.game, &R.w, &R.l);
        check_settings(&c, &R);
        bool may_end = check_scores(&c, &R);
        check_end(&c, &R, may_end);
        if (resumed != (int)R.in_game)
            rb_fail("LOG BOOT says resumed %d, STATE says INGAME=%d", resumed, R.in_game);
        check_game(&c, &R, may_end);
    }
    if (brownout)
        rb_brownout_report(cuts, n_resumed, n_clean);
    else
        report(cuts);
}
