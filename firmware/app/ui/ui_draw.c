/* ui_draw.c - the picture: rebuilt from the game's and the screen's state
 * and the clock on every pass (blinking is a function of time, so nothing
 * here needs a timer of its own). frame[c] is column c from the left, bit r
 * row r from the bottom. */
#include "game.h"
#include "pgm.h"
#include "teach.h"
#include "text.h"
#include "ui.h"
#include "view.h"
#include "ui_int.h"
#include "ui_words.h"

/* Thinking: a bar sweeps over the columns, one a this many ms. */
#define UI_SWEEP_MS 64
/* The power-on animation: the columns rise a row each this many ms. */
#define UI_INTRO_STEP_MS 30

static uint8_t frame[BOARD_COLS];
static uint8_t shown_screen;            /* screen the text was set up for (ui_init sets it) */
static bool title_on;                   /* intro: the title is scrolling */

const uint8_t *ui_frame(void)
{
    return frame;
}

/* The title, before the first render. */
void ui_draw_init(void)
{
    text_clear();
    text_add_P(engine_rule_name(RULE_NIM));   /* the title: the game the toy is named after */
    title_on = false;
    shown_screen = SCR_INTRO;
}

/* Redo the screen's text on the next render. */
NOINLINE void ui_redraw(void)
{
    shown_screen = SCR_NONE;
}

/* The settings changed behind the menu's back (SET): its label is redone. */
void ui_settings_changed(void)
{
    ui_redraw();
}

/* A press on the title ends it at once. */
void ui_title_skip(uint16_t now)
{
    title_on = true;
    text_start((uint16_t)(now - 0x7FFF), true);
}

/* A demo (machine against machine) plays on, game after game, until a
 * press. */
bool ui_demo_on(void)
{
    return game.set[SET_OPP] == OPP_DEMO && view.screen >= SCR_PLAY;
}

/* The column value after the pending selection is played (the engine
 * says what the selection makes: engine_select_to; every change of the
 * position clears the selection: ui_game_move). */
uint8_t ui_pending_to(void)
{
    return engine_select_to(&game.pos, view.cur_col, view.pend);
}

/* Two players: whose turn it is shows as a big 1 or 2 for UI_TURN_MS when
 * the turn starts (game.t0), until a press closes it. Unlike the hint and
 * the panel (asked for, closed by a key that does nothing else), the
 * banner comes by itself: the key that closes it also plays. */
static uint16_t banner_gone = 1;    /* game.t0 of the turn whose banner a press closed
                                     * (odd at first: never a time, which the tick
                                     * keeps a multiple of HAL_TICK_MS) */

bool ui_banner_up(uint16_t now)
{
    return game.set[SET_OPP] == OPP_HUMAN && game.phase == PH_INPUT && game.t0 != banner_gone
        && (uint16_t)(now - game.t0) < UI_TURN_MS;
}

/* A press closes the banner of this turn (and plays). */
void ui_banner_close(void)
{
    banner_gone = game.t0;
}

static void ui_frame_clear(void)
{
    for (uint8_t c = 0; c < BOARD_COLS; c++)
        frame[c] = 0;
}

/* One-heap form: the whole picture is the heap, n stones filling columns
 * left to right, each from the bottom. */
static void ui_draw_heap(uint16_t n)
{
    uint8_t c = 0, bit = 1;
    ui_frame_clear();
    /* bit becomes 0 after the top row: every lamp is lit, stop there. */
    for (; n && bit; n--) {
        frame[c] |= bit;
        if (++c == BOARD_COLS) {
            c = 0;
            bit = (uint8_t)(bit << 1);
        }
    }
}

/* Position p, with move m's result over it when show (in EMPTY AND
 * DIVIDE the divided box too): the play screen and the review alike. */
static void ui_draw_pos(const engine_pos_t *p, engine_move_t m, bool show)
{
    if (!show) {
        m.col = ENGINE_COL_NONE;    /* no column the move's: each as it stands, */
        m.to = p->heap;             /* one heap as it stands */
    }
    if (engine_is_oneheap(p)) {
        ui_draw_heap(m.to);
        return;
    }
    for (uint8_t i = 0; i < p->ncols; i++)
        frame[i] = engine_col_lamps(p, i, engine_move_col(p, m, i));
}

static void ui_render_play(uint16_t now)
{
    game_t *const g = &game;
    view_t *const vw = &view;
    bool fast = UI_BLINK(now) & 1;  /* a move blinks: old lamps, then new */
    bool wink = (UI_BLINK(now) & 3) == 0;
    bool one = game_is_oneheap();
    bool input, hint, show;
    uint8_t c = vw->cur_col;
    engine_move_t m;
    if ((vw->overlay == OV_REFUSE || vw->overlay == OV_HINT)
            && (uint16_t)(now - vw->ov_t0) >= (vw->overlay == OV_REFUSE ? UI_REFUSE_MS : UI_HINT_MS))
        vw->overlay = OV_NONE;
    if (vw->overlay == OV_TEACH) {
        teach_draw(&g->pos, frame, fast);   /* on the frame ui_draw cleared */
        return;
    }
    if (ui_banner_up(now)) {
        text_clear();
        text_add_num((uint8_t)(g->turn + 1));
        text_start(now, false);
        text_draw(frame, now);
        return;
    }
    /* What blinks: the machine's move, the hint, or the pending selection. */
    input = game_human_input();
    hint = input && vw->overlay == OV_HINT && vw->hint.col != ENGINE_COL_NONE;
    m = hint ? vw->hint : g->mv;
    show = g->phase == PH_SHOW || hint;
    if (input && !hint) {
        m.col = one ? 0 : c;
        m.to = one ? (uint16_t)(g->pos.heap - vw->pend_heap) : ui_pending_to();
        show = one ? vw->pend_heap : vw->pend;
    }
    ui_draw_pos(&g->pos, m, show && !fast && g->phase != PH_THINK);
    if (g->phase == PH_THINK) {
        /* Thinking: a bar sweeps over the columns. */
        uint8_t n = one ? BOARD_COLS : g->pos.ncols;
        frame[(uint16_t)(now - g->t0) / UI_SWEEP_MS % n] ^= 0xFF;
        return;
    }
    if (!input)
        return;
    if (one && !hint && !show && wink && g->pos.heap)
        ui_draw_heap(g->pos.heap - 1u);      /* the top stone winks */
    if (!one && !hint) {
        /* The cursor: a heap column goes dark (an empty one flashes its
         * bottom lamp); in cell games the cursor cell inverts. */
        if (engine_select_kind(&g->pos, c) != ENGINE_SELECT_LAMPS) {
            if (!vw->pend && wink)
                frame[c] = frame[c] ? 0 : 1;
        } else if (wink) {
            frame[c] ^= (uint8_t)(1u << vw->cur_row);
        }
    }
    if (vw->overlay == OV_REFUSE && ((now >> UI_FLASH_SHIFT) & 1)) {
        if (one)
            ui_frame_clear();
        else
            frame[c] = 0;
    }
}

/* ---- the end screen's review -------------------------------------------- */

/* A reviewed mistake: the position before it; for a second the move made
 * blinks (old lamps, then new, as the machine's move does), for the next
 * the winning move that was there (as the hint does); or, after B, the
 * position's teach panel. */
static void ui_draw_review(uint16_t now)
{
    review_item_t it;
    const engine_pos_t *b = game_review(view.rv_i, &it);
    if (!b)
        return;     /* (the review shows a kept mistake only: ui_review_show) */
    if (view.rv == RV_TEACH) {
        teach_draw(b, frame, UI_BLINK(now) & 1);
        return;
    }
    /* the blink's dark half: the position as before (a mistake's position
     * always has a winning move: view.hint) */
    ui_draw_pos(b, ((uint16_t)(now - view.ov_t0) & UI_REVIEW_MS) ? view.hint : it.move, !(UI_BLINK(now) & 1));
}

/* The review's sentence: a winner against the machine hears the chances
 * missed ("MISSED 2"); otherwise the reviewed side never stood on a won
 * position. */
static void ui_review_text(void)
{
    if (game_player_beat_machine()) {
        ui_say(UIW_MISSED);
        text_add_num(game.rv.count[0]);
    } else {
        ui_say(UIW_NO_WON);
    }
}

static void ui_result_text(void)
{
    if (game.set[SET_OPP] == OPP_MACHINE) {
        game_score_t score = game_score(game_index());
        /* Words, not "1:0" (which reads as a time). */
        ui_say(game.winner ? UIW_I : UIW_YOU);    /* who won, then one copy of the rest */
        ui_say(UIW_WIN_WON);
        text_add_num(score.wins);
        ui_say(UIW_LOST);
        text_add_num(score.losses);
    } else {
        ui_say(UIW_PLAYER);
        text_add_num((uint8_t)(game.winner + 1));
        ui_say(UIW_WINS);
    }
}

bool ui_draw(uint16_t now)
{
    uint8_t screen = view.screen;
    ui_frame_clear();
    if (screen != shown_screen) {
        shown_screen = screen;
        if (screen == SCR_MENU) {
            ui_menu_text(now);
        } else if (screen == SCR_END) {
            text_clear();           /* the sentence or the result, written here */
            if (view.rv == RV_TEXT)
                ui_review_text();
            else
                ui_result_text();
            text_start(now, true);
        }
    }
    switch (screen) {
    case SCR_INTRO: {
        uint16_t el = (uint16_t)(now - game.t0);
        _Static_assert(UI_INTRO_MS / UI_INTRO_STEP_MS < 256, "the intro's column heights fit a byte");
        if (!title_on && el < UI_INTRO_MS) {
            /* Columns rise one after another, like stones being stacked. */
            uint8_t h = (uint8_t)(el / UI_INTRO_STEP_MS);
            for (uint8_t c = 0; c < BOARD_COLS; c++)
                frame[c] = h > c ? engine_lamps((uint8_t)(h - c)) : 0;     /* 8 and over: all lit */
        } else {
            if (!title_on) {
                title_on = true;
                text_start(now, true);
            }
            return text_draw(frame, now);     /* the title ran through */
        }
        break;
    }
    case SCR_MENU:
        ui_menu_draw(frame, now);
        break;
    case SCR_PLAY:
        ui_render_play(now);
        break;
    case SCR_TEST:
        ui_check_draw(frame, now);
        break;
    default:
        if (view.rv == RV_MOVE || view.rv == RV_TEACH)
            ui_draw_review(now);
        else
            return text_draw(frame, now);     /* the result ran through */
        break;
    }
    return false;
}
