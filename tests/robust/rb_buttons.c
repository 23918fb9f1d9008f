/* rb_buttons.c - the buttons campaign: random button events (taps, holds,
 * chords, bounce bursts, stutters, long B, auto-repeat, auto-off) over every
 * game and the menus, the invariants checked after every step. */
#include <stdio.h>

#include "rb.h"
#include "rb_campaign.h"

enum { B_UP, B_DOWN, B_LEFT, B_RIGHT, B_A, B_B };

static uint64_t btn_events, bounce_edges_before;

static int pick_button(void)
{
    rb_game_t g;
    rb_read_game(&g);
    uint32_t r = rb_rnd_n(100);
    if (g.screen == SCR_PLAY) {
        engine_pos_t p = rb_to_pos(&g);
        bool heap = engine_rule_form(engine_col_rule(&p, g.cur_col)) == FORM_HEAP;   /* a SUM: the column's */
        if (r < 30) return heap ? B_DOWN : (rb_rnd_n(2) ? B_UP : B_DOWN);
        if (r < 55) return B_A;
        if (r < 75) return rb_rnd_n(2) ? B_LEFT : B_RIGHT;
        if (r < 85) return B_UP;
        return B_B;
    }
    if (g.screen == SCR_MENU) {
        if (r < 40) return rb_rnd_n(2) ? B_UP : B_DOWN;
        if (r < 75) return rb_rnd_n(2) ? B_LEFT : B_RIGHT;
        if (r < 90) return B_A;
        return B_B;
    }
    return (int)rb_rnd_n(6);
}

static void ev_press(int b, bool down)
{
    buttons_set(&rb_board.buttons, b, down);
    btn_events++;
}

static void step_end(void)
{
    rb_run_until_quiet(100);
    rb_check_step();
}

/* One edge of button b, then lo..hi ms, then the invariants. */
static void ev_edge(int b, bool down, uint32_t lo, uint32_t hi)
{
    ev_press(b, down);
    rb_run_for_ms(rb_rnd_range(lo, hi));
    step_end();
}

static void release_all(void)
{
    for (int b = 0; b < 6; b++)
        if (rb_board.buttons.pressed & (1u << b))
            ev_edge(b, false, 0, 20);
}

/* Press b for hold_lo..hold_hi ms, release, wait gap_lo..gap_hi ms; the
 * invariants are checked after each edge's wait. */
static void ev_tap(int b, uint32_t hold_lo, uint32_t hold_hi, uint32_t gap_lo, uint32_t gap_hi)
{
    ev_edge(b, true, hold_lo, hold_hi);
    ev_edge(b, false, gap_lo, gap_hi);
}

/* 2 or 3 buttons pressed together, held, released. */
static void ev_chord(void)
{
    int n = (int)rb_rnd_range(2, 3), bs[3];
    for (int i = 0; i < n; i++) {
        bs[i] = (int)rb_rnd_n(6);
        if (!(rb_board.buttons.pressed & (1u << bs[i])))
            ev_edge(bs[i], true, 0, 40);
    }
    rb_run_for_ms(rb_rnd_range(20, 400));
    for (int i = 0; i < n; i++)
        if (rb_board.buttons.pressed & (1u << bs[i]))
            ev_edge(bs[i], false, 0, 40);
}

/* A move made on purpose: walk right, select, confirm. */
static void ev_move(void)
{
    rb_game_t g;
    rb_read_game(&g);
    int walk = (int)rb_rnd_n(4), sel = (int)rb_rnd_range(1, 4);
    int keys[16], nk = 0;
    for (int i = 0; i < walk; i++)
        keys[nk++] = B_RIGHT;
    engine_pos_t p = rb_to_pos(&g);
    uint8_t c = (uint8_t)((g.cur_col + walk) % (g.ncols ? g.ncols : 1));
    bool heap = engine_rule_form(engine_col_rule(&p, c)) == FORM_HEAP;     /* a SUM: the column's */
    for (int i = 0; i < sel && nk < 12; i++)
        keys[nk++] = heap ? B_DOWN : (rb_rnd_n(2) ? B_UP : B_DOWN);
    keys[nk++] = B_A;
    if (!heap)
        keys[nk++] = B_A;
    for (int i = 0; i < nk; i++)
        ev_tap(keys[i], 30, 90, 30, 90);
}

static void one_action(void)
{
    uint32_t kind = rb_rnd_n(1000);
    int b = pick_button();
    if (kind < 560) {                           /* a tap */
        ev_tap(b, 15, 200, 5, 150);
    } else if (kind < 700) {                    /* a tap with a bounce burst */
        rb_board.buttons.bounce = (int)(rb_rnd_range(1, 7) * 2 + 1);
        ev_tap(b, 3, 150, 3, 100);
        rb_board.buttons.bounce = 0;
    } else if (kind < 790) {
        ev_chord();
    } else if (kind < 870) {                    /* stutter: presses shorter than the debounce */
        int n = (int)rb_rnd_range(2, 6);
        for (int i = 0; i < n; i++)
            ev_tap(b, 1, 12, 1, 12);
    } else if (kind < 930) {                    /* a long hold: arrow repeat, or B for the menu */
        if (rb_rnd_n(2))
            b = B_B;
        ev_tap(b, 300, 1600, 10, 200);
    } else if (kind < 960) {
        ev_move();
    } else if (kind < 999) {                    /* let the machine play */
        rb_run_for_ms(rb_rnd_range(100, 1500));
        step_end();
    } else {                                    /* long enough to turn itself off, then wake */
        rb_run_for_ms(61000 + rb_rnd_n(3000));
        step_end();
        ev_press(B_RIGHT, true);
        rb_run_for_ms(60);
        step_end();
        ev_press(B_RIGHT, false);
        rb_run_for_ms(100);
        step_end();
    }
}

void rb_buttons_run(uint64_t n)
{
    rb_board_open();
    rb_boot_wait();
    rb_run_until_quiet(100);
    rb_check_step();
    uint64_t episodes = 0;
    uint8_t games = 0;
    /* Find the number of games from VER. */
    games = (uint8_t)rb_game_count();
    uint64_t per_episode = n / (games * 2u) + 1;
    bounce_edges_before = rb_board.buttons.edges;
    while (btn_events < n) {
        /* Each episode: a game (all of them in turn), an opponent, who
         * starts, a level and a start set through the PC link, then the
         * buttons; the menu is reached by B held and played with. */
        release_all();
        uint8_t g = (uint8_t)(episodes % games);
        rb_command_ok("SET OPP %u", rb_rnd_n(10) < 6 ? 0 : rb_rnd_n(10) < 7 ? 1 : 2);
        rb_command_ok("SET FIRST %u", rb_rnd_n(3));
        rb_command_ok("SET LEVEL %u", rb_rnd_n(3));
        rb_command_ok("SET START %u", rb_rnd_n(4));
        rb_command_ok("SET OFF 1");
        rb_command_ok("%s", rb_game_line(g, games));
        episodes++;
        uint64_t end = btn_events + per_episode;
        while (btn_events < end && btn_events < n) {
            one_action();
            if (rb_rnd_n(40) == 0) {
                rb_send("STATE\n");
                rb_run_for_ms(20);
                step_end();
                rb_send("FRAME\n");
                rb_run_for_ms(5);
                step_end();
            }
        }
    }
    release_all();
    rb_command("STATE");
    rb_run_until_quiet(100);
    rb_check_step();
    printf("robust buttons: %llu button events (%llu pin edges with bounce), %llu steps checked, "
           "%llu episodes over %u games, %llu moves (all legal), %llu games started, %llu finished "
           "(all in a final position, right winner), %llu STATE dumps and %llu frames checked, "
           "%llu resets (1 boot), %.1f s simulated, stack high-water %u B\n",
           (unsigned long long)btn_events, (unsigned long long)(rb_board.buttons.edges - bounce_edges_before),
           (unsigned long long)rb_st.steps, (unsigned long long)episodes, games,
           (unsigned long long)rb_st.moves, (unsigned long long)rb_st.games_new,
           (unsigned long long)rb_st.games_ended, (unsigned long long)rb_st.states_checked,
           (unsigned long long)rb_st.frames_checked, (unsigned long long)(rb_st.boots - 1), rb_now_ms() / 1000,
           sim_stack_used(&rb_board));
}
