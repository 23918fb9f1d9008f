/* ui_menu.c - the menu: the game and its form, then one item per setting;
 * UP/DOWN item, LEFT/RIGHT value, A play, B back to the game, and the
 * question before a game in progress is given up. */
#include "game.h"
#include "pgm.h"
#include "text.h"
#include "ui.h"
#include "view.h"
#include "ui_int.h"

static uint8_t menu_item;

uint8_t ui_menu_item(void)
{
    return menu_item;
}

/* v one step back (or on) in 0..n-1. A tap wraps round (the menu lists,
 * the column cursor); a held key stops at the end: false, v unchanged.
 * (No % here: that would pull in a division.) */
bool ui_step(uint8_t *v, uint8_t n, bool back, bool held)
{
    uint8_t x = *v;
    if (back) {
        if (!x) {
            if (held)
                return false;
            x = n;
        }
        x--;
    } else if (++x >= n) {
        if (held)
            return false;
        x = 0;
    }
    *v = x;
    return true;
}

/* Menu items: the game (the rule), its form, then one item per setting
 * after SET_GAME. Item i > 0 changes setting i - 1; both game items
 * change SET_GAME. */
enum { M_GAME, M_FORM, M_ITEMS = SET_COUNT + 1 };
_Static_assert(SET_GAME == 0, "menu items 0 and 1 both set the game");
_Static_assert(SET_OFF == 7 && SET_LANG == 8 && SET_COUNT == 9, "eight lamps: the language shares the last");

static uint8_t menu_setting(uint8_t item)
{
    return item ? (uint8_t)(item - 1) : SET_GAME;
}

/* The menus' words (ui_words.def): the table of the language
 * (UIW_MENU_EN, UIW_MENU_VI) is, for each item, its name (its word:
 * ui_menu_items), then one label per value. */
#define UI_WORDS_DATA
#include "ui_words.h"
_Static_assert(UI_MENU_ITEMS == M_ITEMS, "ui_words.def names every menu item");
/* The form item's label for one heap: word 3 in each table (GAME, FORM,
 * COLUMNS, ONE HEAP), also the word of a code refused in one heap. */
#define MENU_WORD_ONE_HEAP 3
_Static_assert(LANG_EN == 0 && LANG_VI == 1, "a sentence is its English, then its Vietnamese");

/* A question before a game in progress is given up: A (a new game) or a
 * new opponent (the game's sides would change under it: a game going
 * badly against the machine would become a two-player one) was asked for
 * with a game in progress; A answers yes. */
enum { ASK_NONE, ASK_NEW, ASK_OPP };    /* ASK_OPP + v: the opponent v */
static uint8_t menu_ask;

/* The SUM's columns being chosen (A on a SUM game), one after the other:
 * the last is the one being chosen. The choice is the game's (game_sum:
 * game.pos's rules and ncols, no game is in progress then), written
 * through game_sum_start and game_sum_rule, so it is kept with the game. */
static bool sum_on;

/* Your own game's code being typed in (A on the OCTAL game): a copy of
 * the code, set only when A plays it. Column k - 1 shows digit d_k as
 * three lamps (rows 1, 2, 3: bits 1, 2, 4; LEFT/RIGHT choose the column,
 * UP/DOWN step its digit 0..7), row 5 of the last digit's column the
 * repeat (B toggles it); A plays the code, refused with a buzz if it has
 * no move (or none on the full board), in misere columns where the toy
 * does not play its misere, or in one heap where it splits
 * (game_unplayable), and a word over the
 * lamps says why (CODE_SAID, CODE_SAID_FORM: once through, or until a
 * key). Entering 0.137: UP,
 * RIGHT, UP UP UP, RIGHT, DOWN, A. */
enum { CODE_OFF, CODE_EDIT, CODE_SAID, CODE_SAID_FORM };
static uint8_t code_on;
static uint8_t code_at;
static octal_code_t code_edit;

/* The sum being chosen is the game's: if something else took it meanwhile
 * (a PC's GAME or POS, the menu reached from the title after a wake), the
 * choice is over. */
static void ui_sum_still(void)
{
    const engine_pos_t *const p = game_sum();
    if (!p->ncols || !game_mode_is_sum(p->mode))
        sum_on = false;
}

/* One letter of the words; a pair (UI_WORDS_FIRST and up) its two, the
 * left one by a call (at most UI_WORDS_DEPTH deep), the right one here. */
static void ui_put(uint8_t c)
{
    while (c >= UI_WORDS_FIRST) {
        const uint8_t *p = ui_words_pairs[c - UI_WORDS_FIRST];
        ui_put(PGM_U8(p));
        c = PGM_U8(p + 1);
    }
    text_put((char)c);
}

/* Write word i of the words. */
static void ui_menu_word(uint8_t i)
{
    const uint8_t *p = ui_words;
    uint8_t c;
    while (i)
        if (!PGM_U8(p++))
            i--;
    while ((c = PGM_U8(p++)) != 0)
        ui_put(c);
}

void ui_say(uint8_t words)
{
    ui_menu_word((uint8_t)(words + game.set[SET_LANG]));
}

void ui_menu_text(uint16_t now)
{
    uint8_t words = game.set[SET_LANG] == LANG_VI ? UIW_MENU_VI : UIW_MENU_EN;
    uint8_t s = menu_setting(menu_item);
    uint8_t v = game.set[s];
    uint8_t w = (uint8_t)(words + PGM_U8(&ui_menu_items[menu_item]));   /* the item's name */
    uint8_t r, m;
    game_decode(game.set[SET_GAME], &r, &m);
    ui_sum_still();
    text_clear();
    if (menu_ask) {
        ui_say(game.set[SET_OPP] == OPP_MACHINE ? UIW_GIVE_UP : UIW_END_GAME);
        ui_say(UIW_YES_NO);     /* the answers: one copy */
    } else if (code_on) {
        /* the code's word (drawn while CODE_SAID): also when the text is
         * redone behind its back (a PC's SET) */
        if (code_on != CODE_SAID_FORM) {
            ui_say(UIW_NO_MOVE);
        } else {
            /* the form refused, in the menu's own words for it */
            ui_say(UIW_NO_FORM);
            if (m & ENGINE_ONEHEAP)
                ui_menu_word((uint8_t)(words + MENU_WORD_ONE_HEAP));
            else
                text_add_P(game_misere_word + 1);   /* after its space */
        }
    } else if (sum_on) {
        const engine_pos_t *const p = game_sum();
        text_add_P(engine_rule_name(p->rules[p->ncols - 1]));  /* the column being chosen */
    } else {
        ui_menu_word(w);
        if (menu_item == M_GAME) {
            text_add_P(game_mode_is_sum(m) ? game_sum_name : engine_rule_name(r));
            if (r == GAME_ENTRY_OWN) {
                /* OCTAL 0.6: the code it plays, and a built-in rule's name
                 * if it is one (OCTAL 0.77 KAYLES) */
                game_code_out(text_add_P);
                r = engine_own_builtin();
                if (r < RULE_COUNT) {
                    text_put(' ');
                    text_add_P(engine_rule_name(r));
                }
            }
        } else if (s == SET_BRIGHT)
            text_add_num(v);
        else if (s == SET_LANG)
            ui_menu_word((uint8_t)(UIW_LANGS + v));
        else if (menu_item == M_FORM) {
            /* the mode's form (menu order: each play, then its misere) */
            uint8_t f = game_mode_form(m);
            ui_menu_word((uint8_t)(w + 1 + f / 2));
            if (f & 1)
                text_add_P(game_misere_word);
        } else {
            ui_menu_word((uint8_t)(w + 1 + v));     /* the value's label */
        }
    }
    text_start(now, false);
}

/* The first listed form of entry r (its mode), ENGINE_MODE_NONE if none. */
static uint8_t ui_menu_first_mode(uint8_t r)
{
    for (uint8_t f = 0; f < GAME_MENU_FORMS; f++) {
        uint8_t m = game_form_mode(f);
        if (game_entry_find(r, m) != GAME_NONE)
            return m;
    }
    return ENGINE_MODE_NONE;
}

/* LEFT/RIGHT on the game or form item: the next entry that has a listed
 * form (keeping the form where the new entry has it), or the next listed
 * form of the entry. */
static bool menu_game_step(bool form, bool back, bool held)
{
    uint8_t r, m, f;
    game_decode(game.set[SET_GAME], &r, &m);
    if (game_mode_is_sum(m))
        r = GAME_ENTRY_SUM;
    m = game_mode_form_bits(m);
    if (form) {
        f = game_mode_form(m);
        do {
            if (!ui_step(&f, GAME_MENU_FORMS, back, held))
                return false;
            m = game_form_mode(f);
        } while (game_entry_find(r, m) == GAME_NONE);
    } else {
        do {
            if (!ui_step(&r, GAME_ENTRIES, back, held))
                return false;
        } while ((f = ui_menu_first_mode(r)) == ENGINE_MODE_NONE);
        if (game_entry_find(r, m) == GAME_NONE)
            m = f;
    }
    return game_set(SET_GAME, game_entry_find(r, m));
}

/* The last column's rule one step on (or back) among those the sum's
 * form allows; true if it stepped past a wild rule in misere play
 * (refused: a buzz says why it was skipped). */
static bool sum_rule_step(bool back)
{
    const engine_pos_t *const p = game_sum();
    uint8_t n = p->ncols, r = p->rules[n - 1];
    bool wild = false;
    do {
        ui_step(&r, RULE_COUNT, back, false);
        wild |= game_sum_wild(r);
    } while (!engine_mode_allowed(r, p->mode));
    game_sum_rule(n, (uint8_t)(n - 1), r);
    return wild;
}

/* A on a SUM game: choose its columns, from one NIM column. */
static void ui_sum_open(void)
{
    game_sum_start();
    sum_on = true;
}

/* The code's length: up to its last nonzero digit (at least one). */
static void code_trim(void)
{
    uint8_t n = RULE_MAX_DIGITS;
    while (n > 1 && !code_edit.digit[n - 1])
        n--;
    code_edit.len = n;
}

static uint8_t code_input(uint8_t pressed, bool b_short, uint16_t now)
{
    uint8_t *const d = &code_edit.digit[code_at];
    code_on = CODE_EDIT;                /* a key: the lamps again */
    if (pressed & (BTN_LEFT | BTN_RIGHT)) {
        ui_step(&code_at, RULE_MAX_DIGITS, pressed & BTN_LEFT, false);
    } else if (pressed & (BTN_UP | BTN_DOWN)) {
        if (code_at >= code_edit.len)   /* past the code: digits 0 up to here */
            code_edit.len = (uint8_t)(code_at + 1);
        ui_step(d, 8, pressed & BTN_DOWN, false);
        code_trim();
    } else if (b_short) {
        code_edit.repeat ^= 1;
    } else if (pressed & BTN_A) {
        /* no move at all (0.0; the keys give no other bad code) or from
         * the full board (0.1), or the form not played for the code */
        uint8_t why = engine_own_set(&code_edit) != OCTAL_OK ? ENGINE_OWN_STUCK : game_unplayable(game.set[SET_GAME]);
        code_on = why == ENGINE_OWN_STUCK ? CODE_SAID : why ? CODE_SAID_FORM : CODE_OFF;
        if (code_on) {
            ui_menu_text(now);
            return UI_MENU_DENY;
        }
        game_save_settings();
        game_new(now);
    }
    return UI_MENU_OK;
}

/* The code's lamps (code_on): see code_on. */
static void code_draw(uint8_t *frame, uint16_t now)
{
    if (code_on >= CODE_SAID) {
        if (!text_draw(frame, now))
            return;
        code_on = CODE_EDIT;
    }
    for (uint8_t k = 0; k < code_edit.len; k++)
        frame[k] = (uint8_t)(code_edit.digit[k] << 1);
    if (code_edit.repeat)
        frame[code_edit.len - 1] |= 0x20;
    if (UI_BLINK(now) & 1)
        frame[code_at] |= 1;
}

/* A on your own game: its code to type in, from the one played last. */
static void ui_code_open(void)
{
    code_edit = *engine_own_code();
    code_at = 0;
    code_on = CODE_EDIT;
}

/* The sum's columns, the last one being chosen: UP/DOWN its rule, RIGHT
 * a new column after it (the same rule), B drops it (the only one: back
 * to the menu), A plays (two columns or more). */
static uint8_t sum_input(uint8_t pressed, bool b_short, uint16_t now)
{
    const engine_pos_t *const p = game_sum();
    uint8_t n = p->ncols, r = UI_MENU_OK;
    if (pressed & (BTN_UP | BTN_DOWN)) {
        if (sum_rule_step(pressed & BTN_DOWN))
            r = UI_MENU_DENY;
    } else if (pressed & BTN_RIGHT) {
        if (n == ENGINE_COLS)
            return UI_MENU_DENY;
        game_sum_rule((uint8_t)(n + 1), n, p->rules[n - 1]);   /* the same rule again */
    } else if (b_short) {
        game_sum_rule((uint8_t)(n - 1), 0, p->rules[0]);  /* the last column dropped (the first's rule as it was) */
        sum_on = n > 1;
    } else if (pressed & BTN_A) {
        if (n < 2)
            return UI_MENU_DENY;
        sum_on = false;
        game_new(now);
        return UI_MENU_OK;
    }
    ui_menu_text(now);
    return r;
}

uint8_t ui_menu_input(uint8_t pressed, bool b_short, bool held, uint16_t now)
{
    uint8_t s = menu_setting(menu_item), r = UI_MENU_OK, gr, gm;
    bool back = pressed & (BTN_UP | BTN_LEFT);
    bool play = false;      /* A plays the game (at once, or after the question) */
    ui_sum_still();
    if (sum_on)
        return sum_input(pressed, b_short, now);
    if (code_on)
        return code_input(pressed, b_short, now);
    if (menu_ask) {
        /* The question: A gives the game up for a new one; any other key
         * keeps it and only closes the question. */
        uint8_t ask = menu_ask;
        menu_ask = ASK_NONE;
        if (pressed & BTN_A) {
            game_abandon();                 /* scored with the opponent it had */
            if (ask != ASK_NEW)
                game_set(SET_OPP, (uint8_t)(ask - ASK_OPP));
            else
                play = true;
        }
    } else if (pressed & (BTN_UP | BTN_DOWN)) {
        if (!ui_step(&menu_item, M_ITEMS, back, held))
            r = UI_MENU_DENY;
    } else if (pressed & (BTN_LEFT | BTN_RIGHT)) {
        uint8_t v = game.set[s];
        if (held && menu_item <= M_FORM)
            return UI_MENU_STOP;            /* a game's name needs reading: one step a press */
        if (menu_item <= M_FORM ? !menu_game_step(menu_item == M_FORM, back, held)
                                : !ui_step(&v, game_setting_count(s), back, held)) {
            r = UI_MENU_DENY;
        } else if (s == SET_OPP && game.in_game) {
            menu_ask = (uint8_t)(ASK_OPP + v);   /* first the question */
            r = UI_MENU_STOP;
        } else if (menu_item > M_FORM) {
            game_set(s, v);
        }
    } else if (pressed & BTN_A) {
        if (game.in_game)
            menu_ask = ASK_NEW;             /* never thrown away without a word */
        else
            play = true;
    } else if (b_short) {
        if (!game.in_game)
            return UI_MENU_DENY;            /* no game to go back to */
        game_resume(now);
        return UI_MENU_OK;
    } else {
        return UI_MENU_OK;
    }
    if (play) {
        /* A plays the chosen game: first a SUM's columns or your own
         * game's code are chosen; any other starts at once. */
        game_decode(game.set[SET_GAME], &gr, &gm);
        if (game_mode_is_sum(gm)) {
            ui_sum_open();
        } else if (gr == GAME_ENTRY_OWN) {
            ui_code_open();
        } else {
            game_new(now);
            return UI_MENU_OK;
        }
    }
    ui_menu_text(now);
    return r;
}

/* The menu opens (ui_screen_set), over whatever was on: fresh. */
void ui_menu_open(void)
{
    view.overlay = OV_NONE;
    menu_ask = ASK_NONE;    /* a question left open (a PC command took the toy away) */
    sum_on = false;
    code_on = CODE_OFF;
}

/* The label, and which item on row 0: a lamp per setting; the form shares
 * the game's lamp, and the language (a ninth setting on eight lamps) the
 * last one, blinking. */
void ui_menu_draw(uint8_t *frame, uint16_t now)
{
    uint8_t s = menu_setting(menu_item), at;
    bool shared = menu_item == M_FORM || s == SET_LANG;
    if (code_on) {
        code_draw(frame, now);
        return;
    }
    text_draw(frame, now);
    if (sum_on) {
        /* the sum's columns, the one being chosen (the last) blinking */
        for (at = 0; at + 1 < game_sum()->ncols; at++)
            frame[at] |= 1;
        shared = true;
    } else {
        at = (s == SET_LANG ? SET_OFF : s) * (BOARD_COLS / 8);
    }
    if (!shared || (UI_BLINK(now) & 1))
        frame[at] |= 1;
}
