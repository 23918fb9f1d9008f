/* ui_play.c - the controls: buttons arrive as debounced edges once per
 * main-loop pass and become cursor steps, selections, moves, hints and the
 * way to the menu; auto-off counts the time since the last press. */
#include "game.h"
#include "pgm.h"
#include "sound.h"
#include "ui.h"
#include "view.h"
#include "ui_int.h"

#define DIRS (BTN_UP | BTN_DOWN | BTN_LEFT | BTN_RIGHT)

/* Auto-off counts half minutes since the last press (SET_OFF's times are
 * all whole ones: off_steps), up to 255. */
#define UI_IDLE_STEP_MS 30000u
static uint16_t idle_t;
static uint8_t idle_n;
/* What ui_input keeps between passes. */
typedef struct {
    bool b_long;                        /* this B press already opened the menu */
    bool b_down;                        /* B went down here (a release alone is no press) */
    bool repeat_on;                     /* an arrow went down here and is held */
    uint8_t repeats;                    /* repeats of the held arrow so far */
    uint16_t repeat_t;
    uint16_t entropy;
} ui_keys_t;
static ui_keys_t keys;

static const uint8_t off_steps[OFF_COUNT] PROGMEM = {1, 2, 4, 10, 0};    /* 30 s, 1, 2, 5 min, never */

void ui_init(uint16_t now)
{
    ui_touch(now);
    ui_draw_init();     /* the title: view.screen is SCR_INTRO, RAM's zero at boot */
    if (buttons_raw() & BTN_A)
        ui_check_open(now);     /* A held at power-on: the board test */
}

/* The board test from its start: the screen's owner sets it up, the test
 * (ui_check.c, which calls neither) runs it; as a press, it restarts the
 * auto-off's count (a TEST over the link just before auto-off). */
void ui_check_open(uint16_t now)
{
    ui_touch(now);
    ui_screen_set(SCR_TEST);
    ui_check_start(now);
}

NOINLINE void ui_touch(uint16_t now)
{
    idle_t = now;
    idle_n = 0;
}

bool ui_sleep_due(uint16_t now)
{
    uint8_t limit = PGM_U8(&off_steps[game.set[SET_OFF]])   /* in range: game_set checks */;
    while ((uint16_t)(now - idle_t) >= UI_IDLE_STEP_MS) {
        idle_t += UI_IDLE_STEP_MS;
        if (idle_n < 0xFF)
            idle_n++;
    }
    return limit && idle_n >= limit && !ui_demo_on();     /* a demo plays until a press */
}

void ui_wake(uint16_t now)
{
    ui_touch(now);
    game_restart_clock(now);    /* a machine turn starts its thinking afresh */
    view.ov_t0 = now;
    ui_redraw();
}

static void ui_repeat_stop(void)
{
    keys.repeat_on = false;
}

/* A refused press: the buzz, at once; a held key stops repeating. */
static void ui_deny(void)
{
    sound_play(SOUND_BUZZ);
    ui_repeat_stop();
}

/* ---- play --------------------------------------------------------------- */

/* A refused move: buzz, the column blinks, the selection is dropped. */
static void ui_refuse(uint16_t now)
{
    ui_deny();
    ui_game_move();
    view.overlay = OV_REFUSE;
    view.ov_t0 = now;
}

static void ui_try_move(uint16_t to, uint16_t now)
{
    engine_move_t m;
    m.col = game_is_oneheap() ? 0 : view.cur_col;
    m.to = to;
    if (game.setup ? game_setup_move(m, now) : game_move_human(m, now))
        ui_refuse(now);
}

/* A count one step up (a key of add pressed) or down (another arrow):
 * by step, and at most to hi, at least to lo; at the end the press is
 * refused. The stones taken in one heap and in a column, and a share.
 * Arrows pressed together: any of them at its end refuses; else UP or
 * DOWN says which way (the step's), DOWN first, before LEFT or RIGHT. */
static uint16_t ui_count(uint16_t v, uint8_t pressed, uint8_t add, uint8_t step, uint8_t lo, uint16_t hi)
{
    uint8_t way = pressed & (BTN_UP | BTN_DOWN);
    uint8_t up = pressed & add, down = (uint8_t)(pressed & ~add) & DIRS;
    if ((up && v >= hi) || (down && v <= lo)) {
        ui_deny();                             /* nothing left to take / to put back */
        return v;
    }
    if (way)
        up = way & add;
    if (up)
        v = (uint16_t)(hi - v > step ? v + step : hi);
    else if (down)
        v = (uint16_t)(v - lo > step ? v - step : lo);
    return v;
}

/* One heap: DOWN takes a stone, UP puts it back, RIGHT and LEFT a column's
 * worth. */
static void ui_play_oneheap(uint8_t pressed, uint16_t now)
{
    uint16_t h = game.pos.heap;
    uint16_t p = ui_count(view.pend_heap, pressed, BTN_DOWN | BTN_RIGHT,
                          pressed & (BTN_UP | BTN_DOWN) ? 1 : BOARD_COLS, 0, h);
    view.pend_heap = p;
    if (pressed & BTN_A) {
        if (p)
            ui_try_move((uint16_t)(h - p), now);
        else
            ui_refuse(now);
    }
}

static void ui_play_columns(uint8_t pressed, bool held, uint16_t now)
{
    view_t *const vw = &view;
    const engine_pos_t *const pos = &game.pos;
    uint8_t n = pos->ncols;
    uint8_t c = vw->cur_col;
    uint8_t kind = engine_select_kind(pos, c);
    uint8_t bit = (uint8_t)(1u << vw->cur_row);
    if (pressed & (BTN_LEFT | BTN_RIGHT)) {
        if (ui_step(&c, n, pressed & BTN_LEFT, held)) {
            vw->cur_col = c;
            vw->pend = 0;
        } else {
            ui_deny();                             /* held: the cursor stops at the end */
        }
        return;
    }
    if (kind != ENGINE_SELECT_LAMPS) {
        /* BINARY: a held key counts faster the longer it is held (255
         * stones one at a time would take half a minute) */
        uint8_t step = 1;
        if (held && engine_is_binary(pos))
            step = keys.repeats >= UI_FAST_REPEATS ? 16 : keys.repeats >= UI_FAST_REPEATS / 2 ? 4 : 1;
        /* A count of stones taken: DOWN counts it up, UP back down,
         * 0..max. A share (EMPTY AND DIVIDE: what box c, the one to
         * empty, gets of the other box): A on a box (or UP) chooses it,
         * one counter, then UP counts up, DOWN down, 1..max; A plays it
         * (B backs out: ui_play_b_short). */
        uint8_t add = BTN_DOWN, lo = 0, hi = engine_select_max(pos, c);
        if (kind == ENGINE_SELECT_SHARE) {
            add = BTN_UP;
            lo = 1;
            if ((pressed & BTN_A) && !vw->pend)
                pressed = BTN_UP;
        }
        if (pressed & (BTN_UP | BTN_DOWN))
            vw->pend = (uint8_t)ui_count(vw->pend, pressed, add, step, lo, hi);
        else if (pressed & BTN_A) {
            if (vw->pend)
                ui_try_move(ui_pending_to(), now);
            else
                ui_refuse(now);
        }
        return;
    }
    if (pressed & (BTN_UP | BTN_DOWN)) {
        uint8_t r = vw->cur_row;
        if (ui_step(&r, BOARD_ROWS, pressed & BTN_DOWN, true))
            vw->cur_row = r;
        else
            ui_deny();                             /* past the top or bottom cell */
    } else if (pressed & BTN_A) {
        uint8_t why;
        if (vw->pend & bit)
            ui_try_move(ui_pending_to(), now);        /* A on a selected lamp: do it */
        else if ((why = engine_select_lamp(pos, c, &vw->pend, bit)) == ENGINE_PICK_NONE)
            ui_refuse(now);                        /* no pin there, a cell marked or next to a mark */
        else if (why != ENGINE_PICK_OK)
            ui_deny();                             /* a coin the selection cannot take */
    }
}

static void ui_play_b_short(uint16_t now)
{
    view_t *const vw = &view;
    if (!game_human_input()) {
        ui_deny();                     /* not your turn */
        return;
    }
    if (game.setup) {
        game_setup_end();           /* set up: now the game */
        sound_play(SOUND_MOVE);
        return;
    }
    if (vw->pend && engine_select_kind(&game.pos, vw->cur_col) == ENGINE_SELECT_SHARE) {
        vw->pend = 0;               /* the split backed out of: choose the box again */
        return;
    }
    vw->ov_t0 = now;
    if (vw->overlay == OV_HINT) {
        vw->overlay = game_has_teach() ? OV_TEACH : OV_NONE;
    } else if (vw->overlay == OV_TEACH) {
        vw->overlay = OV_NONE;
    } else {
        ui_game_move();             /* the selection dropped */
        vw->overlay = OV_HINT;
        if (!engine_hint(&game.pos, &vw->hint)) {
            vw->hint.col = ENGINE_COL_NONE;   /* a losing position: no winning move */
            sound_play(SOUND_BUZZ);
        }
        if (vw->hint.col < game.pos.ncols && !game_is_oneheap())
            vw->cur_col = vw->hint.col;
    }
}

static void ui_play_input(uint8_t pressed, bool b_short, bool held, uint16_t now)
{
    if (b_short) {
        ui_play_b_short(now);
        return;
    }
    if (!pressed)
        return;
    ui_banner_close();              /* a press closes the turn banner, and plays */
    if (view.overlay == OV_TEACH || view.overlay == OV_HINT) {
        view.overlay = OV_NONE;     /* the hint and the panel close the same way: */
        return;                     /* the closing key does nothing else */
    }
    view.overlay = OV_NONE;
    if (!game_human_input()) {
        ui_deny();                     /* the machine's turn, or the game is over */
        return;
    }
    if (game_is_oneheap())
        ui_play_oneheap(pressed, now);
    else
        ui_play_columns(pressed, held, now);
}

/* ---- the end screen and its review ---------------------------------------- */

/* Show kept mistake i: its position, the move made and the winning move
 * that was there (into view.hint: found once, not on every frame). */
static bool ui_review_show(uint8_t i, uint16_t now)
{
    view_t *const vw = &view;
    review_item_t it;
    const engine_pos_t *b = game_review(i, &it);
    if (!b)
        return false;
    engine_hint(b, &vw->hint);
    vw->rv = RV_MOVE;
    vw->rv_i = i;
    vw->ov_t0 = now;
    ui_event_review(i);
    return true;
}

/* A: a new game, or in the review the next mistake (after the last one,
 * the result again). B: the review (the loser's first mistake; a winner
 * against the machine first hears the chances missed), then the teach
 * panel of the mistake's position and back. A demo has no review (a
 * press ends it before it gets here: ui_input). Left to LTO (in
 * ui_input): out of line it was bigger since the link places code by
 * name (before, it had been smaller). */
static void ui_end_input(uint8_t pressed, bool b_short, uint16_t now)
{
    view_t *const vw = &view;
    if (vw->rv == RV_OFF) {
        if (pressed & BTN_A) {
            game_new(now);
        } else if (b_short && (game_player_beat_machine() || !ui_review_show(0, now))) {
            vw->rv = RV_TEXT;                   /* the sentence; A goes on to the mistakes */
            vw->rv_i = RV_I_NONE;
            ui_event_review(0);
            ui_redraw();
        }
        return;
    }
    if (b_short) {
        /* The position <-> its teach panel, where the game has one (in
         * EMPTY AND DIVIDE BINARY the panel read a heap rule's table with
         * ED's number: fuzz_buttons found it). */
        if (vw->rv != RV_TEXT && game_has_teach())
            vw->rv ^= RV_MOVE ^ RV_TEACH;
    } else if ((pressed & BTN_A) && !ui_review_show((uint8_t)(vw->rv_i + 1), now)) {
        vw->rv = RV_OFF;                        /* no more: the result again */
        ui_redraw();
    }
}

/* Out of line: inlined into main it cost more flash (both builds); a call
 * a main-loop pass costs a few cycles. */
NOINLINE void ui_input(const debounce_t *d, uint16_t now)
{
    ui_keys_t *const k = BASE_REG(&keys);    /* size: ldd/std off a base register */
    uint8_t pressed = d->pressed;
    bool b_short = false;
    if (pressed) {
        ui_touch(now);
        /* Press timing seeds the machine (16 bits: 32-bit arithmetic costs flash). */
        k->entropy = (uint16_t)(k->entropy * 33u + now + pressed);
        engine_seed(k->entropy);
        sound_play(SOUND_CLICK);
        if (ui_demo_on()) {
            /* Any press ends the demo, and does nothing else. */
            game_abandon();
            ui_screen_menu();
            k->b_down = false;
            k->repeat_on = false;
            return;
        }
    }
    if (pressed & BTN_B) {
        k->b_long = false;
        k->b_down = true;
    }
    if ((d->released & BTN_B) && k->b_down) {
        b_short = !k->b_long;
        k->b_down = false;
    }
    if (k->b_down && !k->b_long && debounce_held_for(d, BTN_B, UI_LONG_MS, now)) {
        k->b_long = true;
        if (view.screen != SCR_MENU)
            ui_screen_menu();
        return;
    }
    if (view.screen == SCR_TEST) {
        ui_check_input(pressed, now);       /* every press named, B too (B held: the menu, above) */
        return;
    }
    pressed &= (uint8_t)~BTN_B;
    /* A held arrow repeats (long heaps, long menu lists). */
    if (!(d->stable & DIRS))
        k->repeat_on = false;
    bool held = false;
    if (pressed & DIRS) {
        k->repeat_t = (uint16_t)(now + UI_REPEAT_MS);
        k->repeat_on = true;
        k->repeats = 0;
    } else if (k->repeat_on && (d->stable & DIRS) && (int16_t)(now - k->repeat_t) >= 0) {
        uint8_t down = d->stable & DIRS;
        pressed |= (uint8_t)(down & -down);
        k->repeat_t = (uint16_t)(now + UI_RATE_MS);
        if (k->repeats < 0xFF)
            k->repeats++;
        held = true;                            /* a repeat: it stops at the end, no wrap */
    }
    if (!pressed && !b_short)
        return;
    switch (view.screen) {
    case SCR_INTRO:
        ui_title_skip(now);
        break;
    case SCR_MENU:
        switch (ui_menu_input(pressed, b_short, held, now)) {
        case UI_MENU_DENY:
            ui_deny();
            break;
        case UI_MENU_STOP:
            ui_repeat_stop();
            break;
        }
        break;
    case SCR_PLAY:
        ui_play_input(pressed, b_short, held, now);
        break;
    default:
        ui_end_input(pressed, b_short, now);
        break;
    }
}


void ui_game_new(void)
{
    view.cur_col = 0;
    view.cur_row = 0;
}

void ui_game_resume(void)
{
    ui_screen_set(SCR_PLAY);
    view.rv = RV_OFF;
    ui_game_move();
    if (view.cur_col >= game.pos.ncols)
        view.cur_col = 0;
}

NOINLINE void ui_game_move(void)
{
    view.pend = 0;
    view.pend_heap = 0;
    view.overlay = OV_NONE;
}
