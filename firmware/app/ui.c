/* ui.c - screens and controls. Buttons arrive as debounced edges once per
 * main-loop pass; the picture is rebuilt from the game state and the clock
 * on every pass (blinking is a function of time, so nothing here needs a
 * timer of its own). */
#include "ui.h"

#include "game.h"
#include "pgm.h"
#include "sound.h"
#include "teach.h"
#include "text.h"

#define DIRS (BTN_UP | BTN_DOWN | BTN_LEFT | BTN_RIGHT)

static uint8_t frame[BOARD_COLS];
static uint8_t menu_item;
static uint8_t shown_screen;            /* screen the text was set up for (ui_init sets it) */
static bool title_on;                   /* intro: the title is scrolling */
static uint16_t idle_t, idle_s;
/* What ui_input keeps between passes: one struct, reached through a
 * pointer register there (PTR_IN_REG). */
typedef struct {
    bool b_long;                        /* this B press already opened the menu */
    bool b_down;                        /* B went down here (a release alone is no press) */
    bool repeat_on;                     /* an arrow went down here and is held */
    uint16_t repeat_t;
    uint16_t entropy;
} ui_keys_t;
static ui_keys_t keys;

static const uint16_t off_seconds[OFF_COUNT] PROGMEM = {30, 60, 120, 300, 0};

NOINLINE const uint8_t *ui_frame(void)
{
    return frame;
}

uint8_t ui_menu_item(void)
{
    return menu_item;
}

/* A demo (machine against machine) plays on, game after game, until a
 * press. */
static bool demo_on(void)
{
    return game.set[SET_OPP] == OPP_DEMO && game.screen >= SCR_PLAY;
}

NOINLINE void ui_touch(uint16_t now)
{
    idle_t = now;
    idle_s = 0;
}

bool ui_sleep_due(uint16_t now)
{
    uint16_t limit = PGM_U16(&off_seconds[game.set[SET_OFF]])   /* in range: game_set checks */;
    while ((uint16_t)(now - idle_t) >= 1000) {
        idle_t += 1000;
        if (idle_s < 0xFFFF)
            idle_s++;
    }
    return limit && idle_s >= limit && !demo_on();     /* a demo plays until a press */
}

void ui_wake(uint16_t now)
{
    ui_touch(now);
    game.t0 = now;      /* a machine turn starts its thinking afresh */
    game.ov_t0 = now;
    shown_screen = 0xFF;
}

void ui_init(uint16_t now)
{
    ui_touch(now);
    text_clear();
    text_add_P(PSTR("NIM"));
    title_on = false;
    shown_screen = SCR_INTRO;
}

/* ---- menu --------------------------------------------------------------- */

/* Menu items: the game (the rule), its form, then one item per setting
 * after SET_GAME. Item i > 0 changes setting i - 1; both game items
 * change SET_GAME. */
enum { M_GAME, M_FORM, M_ITEMS = SET_COUNT + 1 };
_Static_assert(SET_GAME == 0, "menu items 0 and 1 both set the game");

static uint8_t menu_setting(uint8_t item)
{
    return item ? (uint8_t)(item - 1) : SET_GAME;
}

/* Menu labels, NUL separated, packed (no fixed-width rows): for each item
 * its name, then one label per value (the form item: one per form). Every
 * item shows its name and its value; no two labels share their words. The
 * rule's name (rules.h) and the brightness number are written out. An
 * item's name ends with a space and no value does: that is how menu_label
 * finds the items (no table of offsets to keep in step). */
static const char menu_words[] PROGMEM =
    "GAME \0"                                                         /* M_GAME */
    "FORM \0COLUMNS\0COLUMNS MISERE\0ONE HEAP\0ONE HEAP MISERE\0"      /* M_FORM */
    "PLAY \0VS MACHINE\0" "2 PLAYERS\0DEMO\0"                          /* OPP */
    "FIRST MOVE \0YOU\0MACHINE\0COIN TOSS\0"                           /* FIRST */
    "LEVEL \0EASY\0MEDIUM\0PERFECT\0"                                  /* LEVEL */
    "START \0" "3-4-5\0" "1-3-5-7\0FULL\0RANDOM\0"                     /* START */
    "SOUND \0OFF\0ON\0"                                                 /* SOUND */
    "LIGHT \0"                                                          /* BRIGHT */
    "SLEEP \0AFTER 30 S\0AFTER 1 MIN\0AFTER 2 MIN\0AFTER 5 MIN\0NEVER";  /* OFF */

/* A question before a game in progress is given up: A (a new game) or a
 * new opponent (the game's sides would change under it: a game going
 * badly against the machine would become a two-player one) was asked for
 * with a game in progress; A answers yes. */
enum { ASK_NONE, ASK_NEW, ASK_OPP };    /* ASK_OPP + v: the opponent v */
static uint8_t menu_ask;

/* The index in menu_words of item's name: the item-th string that ends
 * with a space. */
static uint8_t menu_label(uint8_t item)
{
    const char *p = menu_words;
    uint8_t w = 0;
    char c, last = 0;
    for (;;) {
        c = PGM_CHAR(p++);
        if (!c) {
            if (last == ' ' && item-- == 0)
                return w;
            w++;
        }
        last = c;
    }
}

/* Write the i-th NUL-separated string of menu_words. */
static void menu_word(uint8_t i)
{
    const char *p = menu_words;
    while (i)
        if (!PGM_CHAR(p++))
            i--;
    text_add_P(p);
}

static void menu_text(uint16_t now)
{
    uint8_t s = menu_setting(menu_item);
    uint8_t v = game.set[s];
    uint8_t w = menu_label(menu_item);
    uint8_t r, m;
    game_decode(game.set[SET_GAME], &r, &m);
    text_clear();
    if (menu_ask) {
        text_add_P(game.set[SET_OPP] == OPP_MACHINE ? PSTR("GIVE UP? A YES  B NO")
                                                    : PSTR("END GAME? A YES  B NO"));
    } else {
        menu_word(w);
        if (menu_item == M_GAME)
            text_add_P(engine_rule_name(r));
        else if (menu_item == M_FORM)
            menu_word((uint8_t)(w + 1 + game_form_mode(m)));   /* the mode's form (bits swapped back) */
        else if (s == SET_BRIGHT)
            text_add_num(v);
        else
            menu_word((uint8_t)(w + 1 + v));
    }
    text_start(now, false);
}

void ui_settings_changed(void)
{
    shown_screen = 0xFF;    /* redo the menu label on the next render */
}

/* A refused press: the buzz, at once; a held key stops repeating. */
static void deny(void)
{
    sound_play(SOUND_BUZZ);
    keys.repeat_on = false;
}

/* v one step back (or on) in 0..n-1. A tap wraps round (the menu lists,
 * the column cursor); a held key stops at the end: false, v unchanged.
 * (No % here: that would pull in a division.) */
static bool step(uint8_t *v, uint8_t n, bool back, bool held)
{
    uint8_t x = *v;
    if (back ? x == 0 : x + 1 >= n) {
        if (held)
            return false;
        x = back ? n : 0xFF;
    }
    *v = back ? (uint8_t)(x - 1) : (uint8_t)(x + 1);
    return true;
}

/* The first listed form of rule r (its mode), 0xFF if it has none. */
static uint8_t first_mode(uint8_t r)
{
    for (uint8_t f = 0; f < GAME_FORMS; f++)
        if (game_listed(r, game_form_mode(f)))
            return game_form_mode(f);
    return 0xFF;
}

/* LEFT/RIGHT on the game or form item: the next rule that has a listed
 * form (keeping the form where the new rule has it), or the next listed
 * form of the rule. */
static bool menu_game_step(bool form, bool back, bool held)
{
    uint8_t r, m, f;
    game_decode(game.set[SET_GAME], &r, &m);
    if (form) {
        f = game_form_mode(m);
        do {
            if (!step(&f, GAME_FORMS, back, held))
                return false;
        } while (!game_listed(r, game_form_mode(f)));
        m = game_form_mode(f);
    } else {
        do {
            if (!step(&r, RULE_COUNT, back, held))
                return false;
        } while (first_mode(r) == 0xFF);
        if (!game_listed(r, m))
            m = first_mode(r);
    }
    return game_set(SET_GAME, game_find(r, m));
}

static void menu_input(uint8_t pressed, bool b_short, bool held, uint16_t now)
{
    uint8_t s = menu_setting(menu_item);
    bool back = pressed & (BTN_UP | BTN_LEFT);
    if (menu_ask) {
        /* The question: A gives the game up for a new one; any other key
         * keeps it and only closes the question. */
        uint8_t ask = menu_ask;
        menu_ask = ASK_NONE;
        if (pressed & BTN_A) {
            game_abandon();                 /* scored with the opponent it had */
            if (ask == ASK_NEW) {
                game_save_settings();
                game_new(now);
                return;
            }
            game_set(SET_OPP, (uint8_t)(ask - ASK_OPP));
            game_save_settings();
        }
    } else if (pressed & (BTN_UP | BTN_DOWN)) {
        if (!step(&menu_item, M_ITEMS, back, held))
            deny();
    } else if (pressed & (BTN_LEFT | BTN_RIGHT)) {
        uint8_t v = game.set[s];
        if (held && menu_item <= M_FORM) {
            keys.repeat_on = false;         /* a game's name needs reading: one step a press */
            return;
        }
        if (menu_item <= M_FORM ? !menu_game_step(menu_item == M_FORM, back, held)
                                : !step(&v, game_setting_count(s), back, held)) {
            deny();
        } else if (s == SET_OPP && game.in_game) {
            menu_ask = (uint8_t)(ASK_OPP + v);   /* first the question */
            keys.repeat_on = false;
        } else if (menu_item > M_FORM) {
            game_set(s, v);
        }
    } else if (pressed & BTN_A) {
        if (game.in_game) {
            menu_ask = ASK_NEW;             /* never thrown away without a word */
        } else {
            game_save_settings();
            game_new(now);
            return;
        }
    } else if (b_short) {
        if (!game.in_game) {
            deny();                         /* no game to go back to */
            return;
        }
        game_save_settings();
        game_resume(now);
        return;
    } else {
        return;
    }
    menu_text(now);
}

/* ---- play --------------------------------------------------------------- */

static uint8_t bits(uint8_t v)
{
    uint8_t n = 0;
    for (; v; v &= (uint8_t)(v - 1))
        n++;
    return n;
}

/* The column value after the pending selection is taken/marked/turned. */
static uint8_t pending_to(void)
{
    uint8_t v = game.pos.col[game.cur_col];
    switch (engine_rule_form(game.pos.rule)) {
    case FORM_HEAP: return (uint8_t)(v - game.pend);
    case FORM_PINS: return v & (uint8_t)~game.pend;
    case FORM_CELLS: return v | game.pend;
    default: return v ^ game.pend;
    }
}

/* A refused move: buzz, the column blinks, the selection is dropped. */
static void refuse(uint16_t now)
{
    deny();
    game.overlay = OV_REFUSE;
    game.ov_t0 = now;
    game.pend = 0;
    game.pend_heap = 0;
}

static void try_move(uint16_t to, uint16_t now)
{
    engine_move_t m;
    m.col = game_is_oneheap() ? 0 : game.cur_col;
    m.to = to;
    if (game_move_human(m, now))
        refuse(now);
}

static void play_oneheap(uint8_t pressed, uint16_t now)
{
    game_t *const g = game_ptr();
    uint16_t h = g->pos.heap, p = g->pend_heap;
    /* Taking from an empty heap, or putting back more than was taken, is
     * refused (buzz). */
    if (((pressed & (BTN_DOWN | BTN_RIGHT)) && p == h) || ((pressed & (BTN_UP | BTN_LEFT)) && !p))
        deny();
    else if (pressed & BTN_DOWN)
        p++;
    else if (pressed & BTN_UP)
        p--;
    else if (pressed & BTN_RIGHT)
        p = (uint16_t)(p + BOARD_COLS < h ? p + BOARD_COLS : h);
    else if (pressed & BTN_LEFT)
        p = p > BOARD_COLS ? (uint16_t)(p - BOARD_COLS) : 0;
    g->pend_heap = p;
    if (pressed & BTN_A) {
        if (p)
            try_move((uint16_t)(h - p), now);
        else
            refuse(now);
    }
}

/* The highest set bit of v (v != 0): the topmost coin of a selection. */
static uint8_t top_bit(uint8_t v)
{
    uint8_t b = 0x80;
    while (!(v & b))
        b >>= 1;
    return b;
}

static void play_columns(uint8_t pressed, bool held, uint16_t now)
{
    game_t *const g = game_ptr();
    uint8_t n = g->pos.ncols;
    uint8_t c = g->cur_col;
    uint8_t v = g->pos.col[c];
    uint8_t form = engine_rule_form(g->pos.rule);
    uint8_t bit = (uint8_t)(1u << g->cur_row);
    if (pressed & (BTN_LEFT | BTN_RIGHT)) {
        if (step(&c, n, pressed & BTN_LEFT, held)) {
            g->cur_col = c;
            g->pend = 0;
        } else {
            deny();                             /* held: the cursor stops at the end */
        }
        return;
    }
    if (form == FORM_HEAP) {
        if (((pressed & BTN_DOWN) && g->pend >= v) || ((pressed & BTN_UP) && !g->pend))
            deny();                             /* no stone left to take / to put back */
        else if (pressed & BTN_DOWN)
            g->pend++;
        else if (pressed & BTN_UP)
            g->pend--;
        else if (pressed & BTN_A) {
            if (g->pend)
                try_move(pending_to(), now);
            else
                refuse(now);
        }
        return;
    }
    if (pressed & (BTN_UP | BTN_DOWN)) {
        uint8_t r = g->cur_row;
        if (step(&r, BOARD_ROWS, pressed & BTN_DOWN, true))
            g->cur_row = r;
        else
            deny();                             /* past the top or bottom cell */
    } else if (pressed & BTN_A) {
        if (g->pend & bit) {
            try_move(pending_to(), now);        /* A on a selected lamp: do it */
        } else if (form == FORM_PINS) {
            if (!(v & bit))
                refuse(now);                    /* no pin there */
            else if (g->pend == (uint8_t)(bit << 1) || g->pend == (uint8_t)(bit >> 1))
                g->pend |= bit;                 /* the neighbour: a pair */
            else
                g->pend = bit;
        } else if (form == FORM_CELLS) {
            engine_move_t m;
            m.col = c;
            m.to = v | bit;
            if (engine_check_move(&g->pos, m))
                refuse(now);                    /* marked, or next to a mark */
            else
                g->pend = bit;
        } else {
            /* The topmost coin must show heads: a tails top is refused
             * unless a head above it can still be added. */
            uint8_t sel = bits(g->pend) < 3 ? (uint8_t)(g->pend | bit) : bit;
            uint8_t top = top_bit(sel);
            if ((v & top) || (bits(sel) < 3 && (v & (uint8_t)~((top << 1) - 1u))))
                g->pend = sel;
            else
                deny();
        }
    }
}

/* Two players: whose turn it is shows as a big 1 or 2 for UI_TURN_MS when
 * the turn starts (game.t0), until a press closes it. Unlike the hint and
 * the panel (asked for, closed by a key that does nothing else), the
 * banner comes by itself: the key that closes it also plays. */
static uint16_t banner_gone = 1;    /* game.t0 of the turn whose banner a press closed
                                     * (odd at first: never a time, which the tick
                                     * keeps a multiple of HAL_TICK_MS) */

static bool banner_up(uint16_t now)
{
    return game.set[SET_OPP] == OPP_HUMAN && game.phase == PH_INPUT && game.t0 != banner_gone
        && (uint16_t)(now - game.t0) < UI_TURN_MS;
}

NOINLINE static void play_b_short(uint16_t now)
{
    game_t *const g = game_ptr();
    if (!game_human_input()) {
        deny();                     /* not your turn */
        return;
    }
    g->ov_t0 = now;
    if (g->overlay == OV_HINT) {
        g->overlay = game_is_oneheap() ? OV_NONE : OV_TEACH;
    } else if (g->overlay == OV_TEACH) {
        g->overlay = OV_NONE;
    } else {
        g->overlay = OV_HINT;
        if (!engine_hint(&g->pos, &g->mv)) {
            g->mv.col = 0xFF;     /* a losing position: no winning move */
            sound_play(SOUND_BUZZ);
        }
        if (g->mv.col < g->pos.ncols && !game_is_oneheap())
            g->cur_col = g->mv.col;
        g->pend = 0;
        g->pend_heap = 0;
    }
}

static void play_input(uint8_t pressed, bool b_short, bool held, uint16_t now)
{
    if (b_short) {
        play_b_short(now);
        return;
    }
    if (!pressed)
        return;
    banner_gone = game.t0;          /* a press closes the turn banner, and plays */
    if (game.overlay == OV_TEACH || game.overlay == OV_HINT) {
        game.overlay = OV_NONE;     /* the hint and the panel close the same way: */
        return;                     /* the closing key does nothing else */
    }
    game.overlay = OV_NONE;
    if (!game_human_input()) {
        deny();                     /* the machine's turn, or the game is over */
        return;
    }
    if (game_is_oneheap())
        play_oneheap(pressed, now);
    else
        play_columns(pressed, held, now);
}

static void go_menu(void)
{
    game.screen = SCR_MENU;
    game.overlay = OV_NONE;
    menu_ask = ASK_NONE;    /* a question left open (a PC command took the toy away) */
}


void ui_input(const debounce_t *d, uint16_t now)
{
    ui_keys_t *k = &keys;
    PTR_IN_REG(k);
    uint8_t pressed = d->pressed;
    bool b_short = false;
    if (pressed) {
        ui_touch(now);
        /* Press timing seeds the machine (16 bits: 32-bit arithmetic costs flash). */
        k->entropy = (uint16_t)(k->entropy * 33u + now + pressed);
        engine_seed(k->entropy);
        sound_play(SOUND_CLICK);
        if (demo_on()) {
            /* Any press ends the demo, and does nothing else. */
            game_abandon();
            go_menu();
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
    pressed &= (uint8_t)~BTN_B;
    if (k->b_down && !k->b_long && debounce_held_for(d, BTN_B, UI_LONG_MS, now)) {
        k->b_long = true;
        if (game.screen != SCR_MENU)
            go_menu();
        return;
    }
    /* A held arrow repeats (long heaps, long menu lists). */
    if (!(d->stable & DIRS))
        k->repeat_on = false;
    bool held = false;
    if (pressed & DIRS) {
        k->repeat_t = (uint16_t)(now + UI_REPEAT_MS);
        k->repeat_on = true;
    } else if (k->repeat_on && (d->stable & DIRS) && (int16_t)(now - k->repeat_t) >= 0) {
        uint8_t down = d->stable & DIRS;
        pressed |= (uint8_t)(down & -down);
        k->repeat_t = (uint16_t)(now + UI_RATE_MS);
        held = true;                            /* a repeat: it stops at the end, no wrap */
    }
    if (!pressed && !b_short)
        return;
    switch (game.screen) {
    case SCR_INTRO:
        title_on = true;                        /* end the title at once */
        text_start((uint16_t)(now - 0x7FFF), true);
        break;
    case SCR_MENU:
        menu_input(pressed, b_short, held, now);
        break;
    case SCR_PLAY:
        play_input(pressed, b_short, held, now);
        break;
    default:
        if (pressed & BTN_A)
            game_new(now);
        break;
    }
}

/* ---- drawing ------------------------------------------------------------- */

static void frame_clear(void)
{
    for (uint8_t c = 0; c < BOARD_COLS; c++)
        frame[c] = 0;
}

/* One-heap form: the whole picture is the heap, n stones filling columns
 * left to right, each from the bottom. */
static void draw_heap(uint16_t n)
{
    uint8_t c = 0, bit = 1;
    frame_clear();
    /* bit becomes 0 after the top row: every lamp is lit, stop there. */
    for (; n && bit; n--) {
        frame[c] |= bit;
        if (++c == BOARD_COLS) {
            c = 0;
            bit = (uint8_t)(bit << 1);
        }
    }
}

static void draw_teach(bool on)
{
    engine_move_t m;
    if (game.pos.mode & ENGINE_MISERE) {
        teach_misere(&game.pos, frame, on); /* teach.c: what decides misere */
        return;
    }
    uint8_t s = engine_nimsum(&game.pos);
    frame_clear();
    /* Rows 7..4: each column's Grundy value in binary, top bit on top. */
    for (uint8_t c = 0; c < game.pos.ncols; c++)
        frame[c] = (uint8_t)((engine_col_grundy(&game.pos, c) & 15) << 4);
    /* Row 2: the nim-sum, four bits read left to right. */
    _Static_assert(BOARD_COLS >= 4, "the nim-sum takes four columns");
    for (uint8_t i = 0, bit = 8; bit; i++, bit >>= 1)
        if (s & bit)
            frame[i] |= 4;
    /* Row 0: the column the winning move changes, blinking. */
    if (on && engine_hint(&game.pos, &m))
        frame[m.col] |= 1;
}

static void render_play(uint16_t now)
{
    game_t *const g = game_ptr();
    bool fast = (now >> 7) & 1;     /* a move blinks: old lamps, then new */
    bool wink = ((now >> 7) & 3) == 0;
    bool one = game_is_oneheap();
    bool input, hint, show;
    uint8_t c = g->cur_col;
    engine_move_t m = g->mv;
    if ((g->overlay == OV_REFUSE || g->overlay == OV_HINT)
            && (uint16_t)(now - g->ov_t0) >= (g->overlay == OV_REFUSE ? UI_REFUSE_MS : UI_HINT_MS))
        g->overlay = OV_NONE;
    if (g->overlay == OV_TEACH) {
        draw_teach(fast);
        return;
    }
    if (banner_up(now)) {
        text_clear();
        text_add_num((uint16_t)(g->turn + 1));
        text_start(now, false);
        text_draw(frame, now);
        return;
    }
    if (one)
        draw_heap(g->pos.heap);
    else
        for (uint8_t i = 0; i < g->pos.ncols; i++)
            frame[i] = game_col_lamps(g->pos.col[i]);
    if (g->phase == PH_THINK) {
        /* Thinking: a bar sweeps over the columns. */
        uint8_t n = one ? BOARD_COLS : g->pos.ncols;
        frame[(uint16_t)(now - g->t0) / 64 % n] ^= 0xFF;
        return;
    }
    /* What blinks: the machine's move, the hint, or the pending selection. */
    input = game_human_input();
    hint = input && g->overlay == OV_HINT && m.col != 0xFF;
    show = g->phase == PH_SHOW || hint;
    if (input && !hint) {
        if (one) {
            m.to = (uint16_t)(g->pos.heap - g->pend_heap);
            show = g->pend_heap;
            if (!show && wink && g->pos.heap)
                draw_heap(g->pos.heap - 1u);      /* the top stone winks */
        } else {
            m.col = c;
            m.to = pending_to();
            show = g->pend;
        }
    }
    if (show && !fast) {
        if (one)
            draw_heap(m.to);
        else if (m.col < g->pos.ncols)
            frame[m.col] = game_col_lamps((uint8_t)m.to);
    }
    if (!input)
        return;
    if (!one && !hint) {
        /* The cursor: a heap column goes dark (an empty one flashes its
         * bottom lamp); in cell games the cursor cell inverts. */
        if (game_is_heap_form()) {
            if (!g->pend && wink)
                frame[c] = frame[c] ? 0 : 1;
        } else if (wink) {
            frame[c] ^= (uint8_t)(1u << g->cur_row);
        }
    }
    if (g->overlay == OV_REFUSE && ((now >> 6) & 1)) {
        if (one)
            frame_clear();
        else
            frame[c] = 0;
    }
}

NOINLINE static void result_text(void)
{
    uint8_t i = game_index();
    text_clear();
    if (game.set[SET_OPP] == OPP_MACHINE) {
        /* Words, not "1:0" (which reads as a time). */
        text_add_P(game.winner ? PSTR("I WIN  WON ") : PSTR("YOU WIN  WON "));
        text_add_num(game_score(i, 0));
        text_add_P(PSTR(" LOST "));
        text_add_num(game_score(i, 1));
    } else {
        text_add_P(PSTR("PLAYER "));
        text_add_num((uint16_t)(game.winner + 1));
        text_add_P(PSTR(" WINS"));
    }
}

void ui_render(uint16_t now)
{
    frame_clear();
    if (game.screen != shown_screen) {
        shown_screen = game.screen;
        if (game.screen == SCR_MENU) {
            menu_text(now);
        } else if (game.screen == SCR_END) {
            result_text();
            text_start(now, true);
        }
    }
    switch (game.screen) {
    case SCR_INTRO: {
        uint16_t el = (uint16_t)(now - game.t0);
        _Static_assert(UI_INTRO_MS / 30 < 256, "the intro's column heights fit a byte");
        if (!title_on && el < UI_INTRO_MS) {
            /* Columns rise one after another, like stones being stacked. */
            for (uint8_t c = 0; c < BOARD_COLS; c++) {
                int16_t h = (int16_t)(el / 30) - c;
                frame[c] = h <= 0 ? 0 : game_lamps((uint8_t)(h > 8 ? 8 : h));
            }
        } else {
            if (!title_on) {
                title_on = true;
                text_start(now, true);
            }
            if (text_draw(frame, now)) {
                if (game.in_game)
                    game_resume(now);
                else
                    game.screen = SCR_MENU;
            }
        }
        break;
    }
    case SCR_MENU:
        text_draw(frame, now);
        /* Which item, on row 0: a lamp per setting; the form shares the
         * game's lamp, blinking. */
        if (menu_item != M_FORM || ((now >> 7) & 1))
            frame[menu_setting(menu_item) * (BOARD_COLS / 8)] |= 1;
        break;
    case SCR_PLAY:
        render_play(now);
        break;
    default:
        if (text_draw(frame, now) && demo_on())
            game_new(now);      /* the demo plays on */
        break;
    }
}
