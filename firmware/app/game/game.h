/* game.h - the game's state and everything a person (or the PC link) can
 * do with it: the games list, settings, starting a game, moves by either
 * side, the machine's turn, scores and what is kept in EEPROM.
 *
 * Portable (no <avr/...>): the controls (ui_play.c) drive it from the
 * buttons, the link (proto*.c) from the UART, and a host build links it
 * with fake drivers for fuzzing. It calls no module above it: what
 * happens is reported through the hooks of game_events.h. Every function that
 * can refuse checks everything before it changes anything, so a refused
 * request leaves the state exactly as it was. */
#ifndef APP_GAME_H
#define APP_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "pgm.h"
#include "review.h"
#include "tables.h"

#define APP_VERSION "4.0.0"

/* The phases of a game. */
enum {
    PH_INPUT,   /* waiting for a human move (buttons or MOVE) */
    PH_THINK,   /* the machine "thinks" (GAME_THINK_MS) */
    PH_SHOW,    /* the machine's chosen move blinks (GAME_SHOW_MS), then is made */
    PH_OVER,    /* the final position stays a moment before the result scrolls */
};
#define GAME_THINK_MS 500
#define GAME_SHOW_MS 600
#define GAME_OVER_MS 800

/* Settings: one byte each, indexable so the menu and SET share one table. */
enum {
    SET_GAME,   /* index into the games list */
    SET_OPP,    /* OPP_* */
    SET_FIRST,  /* FIRST_* */
    SET_LEVEL,  /* LEVEL_* */
    SET_START,  /* START_* */
    SET_SOUND,  /* 0 off, 1 on */
    SET_BRIGHT, /* MAX7219 intensity 0..15 */
    SET_OFF,    /* auto-off: OFF_* */
    SET_LANG,   /* LANG_*: the matrix's words (the PC link stays English) */
    SET_COUNT
};
enum { OPP_MACHINE, OPP_HUMAN, OPP_DEMO, OPP_COUNT };
enum { FIRST_YOU, FIRST_ME, FIRST_RANDOM, FIRST_COUNT };
enum { LEVEL_EASY, LEVEL_MEDIUM, LEVEL_PERFECT, LEVEL_COUNT };
/* START_SETUP: the full board (as START_FULL), then set up by the buttons
 * (game_t's setup). */
enum { START_345, START_1357, START_FULL, START_RANDOM, START_SETUP, START_COUNT };
enum { OFF_30S, OFF_60S, OFF_2MIN, OFF_5MIN, OFF_NEVER, OFF_COUNT };
enum { LANG_EN, LANG_VI, LANG_COUNT };

/* A game's score against the machine: your wins and the machine's. */
/* The records' formats (settings_rec_t, game_rec_t). */
#include "game_records.h"

/* The game's state; the screen's (which screen, cursor, selection,
 * overlay) is view.h's view_t, the UI's. Only game*.c write it: the
 * others ask through the functions below. */
typedef struct {
    bool running;       /* the game runs (the play screen is up): the machine's turn, moves; false in the menu and once over */
    uint8_t phase;
    uint8_t winner;     /* side that won, valid once over */
    uint16_t t0;        /* start of the current phase */
    bool in_game;       /* a game is in progress (resumable from the menu) */
    bool setup;         /* START SET UP: moves change the position freely, you to move, until B (ui_play.c) */
    engine_move_t mv;   /* the machine's move being shown */
    /* saved, turn, pos, number and rv, side by side, are the game record
     * store.c saves (game.c); they change only together with a save
     * request. */
    uint8_t saved[2];   /* RECORDS_RULES, RECORDS_NEXT: the rules' order the record is in (game_records.h) */
    uint8_t turn;       /* side to move: 0 = you / player 1, 1 = machine / player 2 */
    engine_pos_t pos;
    uint8_t number;     /* the game's number: the settings' last counted + 1 (game.c) */
    review_t rv;        /* the game's mistakes (review.h), saved with it */
    /* The settings, and the settings record they begin (game_records.h):
     * kept once, saved straight from here. */
    union {
        uint8_t set[SET_COUNT];
        settings_rec_t rec;
    };
} game_t;

extern game_t game;

/* Games list: derived, never typed. Every rule (the engine's order: rules.h
 * class by class) in each of
 * its forms (GAME_FORMS: columns, columns misere, one heap, one heap
 * misere), kept when the engine allows the mode (engine_mode_allowed) and
 * the game is worth playing (game_listed: not one without a choice, nor
 * one won by taking everything). The menu chooses the rule, then its form. */
#define GAME_FORMS 4
/* The SUM games, at the list's end: columns, columns misere, BINARY,
 * BINARY misere (rule RULE_NIM, mode with ENGINE_SUM; the columns' rules
 * are game.pos.rules, chosen with the game). */
#define GAME_SUMS 4
/* Your own game (RULE_OWN: an octal code typed in), after the SUMs, in
 * the four forms: columns, normal play and misere (misere played only
 * where the chip proves the code's misere play, engine_own_misere), and
 * one heap, normal and misere (a code that never splits). */
#define GAME_OWN 4
/* The menu's forms: the list's four, then BINARY and BINARY MISERE (listed
 * after every other game, so older games keep their numbers). */
#define GAME_MENU_FORMS 6
/* The mode of form i, in menu order (0 columns, 1 columns misere, ...,
 * 4 binary, 5 binary misere), and the form of a mode. */
uint8_t game_form_mode(uint8_t form);
uint8_t game_mode_form(uint8_t mode);
bool game_listed(uint8_t rule, uint8_t mode);
/* How many games the list holds (GAME_COUNT reads it; the PC link too). */
uint8_t game_count(void);
#define GAME_COUNT game_count()
void game_decode(uint8_t index, uint8_t *rule, uint8_t *mode);
/* Your own game is the list's last GAME_OWN games: the form (0 ..
 * GAME_OWN - 1, game_form_mode's) of game index, GAME_OWN or more if
 * index is not one of them. No walk of the list. */
uint8_t game_own_form(uint8_t index);
/* Write "NAME [ONE] [BINARY] [MISERE]" of game index through put (a writer of
 * flash strings: text_add_P for the matrix, uart_puts_P for the PC); a
 * SUM's: "SUM <rule> + <rule> ...", game.pos's rules. */
/* Your own game's code, as " 0.137" (put: PROGMEM strings). */
void game_code_out(void (*put)(const char *));
void game_name_out(uint8_t index, void (*put)(const char *));
/* "SUM", the SUM games' word (flash): the menu, the names, GAME SUM. */
extern const char game_sum_name[];
/* " MISERE", after a game's name; GRUNDY's word for a misere one-value game. */
extern const char game_misere_word[];
/* No game: not in the list. */
#define GAME_NONE 0xFF
/* The menu's entries (game_entry.c): each rule in the engine's order (an entry
 * below GAME_ENTRY_SUM is its rule), your own game, then the SUMs. */
#define GAME_ENTRY_OWN RULE_OWN
#define GAME_ENTRY_SUM (RULE_OWN + 1)
#define GAME_ENTRIES (GAME_ENTRY_SUM + 1)
/* Is rule a wild one that the SUM being chosen (game.pos) refuses for
 * its misere play (the menu's buzz says why it skipped it)? */
bool game_sum_wild(uint8_t rule);
/* The game of entry in mode (a form's mode bits), GAME_NONE if not listed. */
uint8_t game_entry_find(uint8_t entry, uint8_t mode);
/* A decoded game's mode (game_decode): is it a SUM (the entry
 * GAME_ENTRY_SUM), and its form's bits (a SUM has the forms of its
 * columns). Inline: a bit test each; a call cost more than the test. */
static ALWAYS_INLINE bool game_mode_is_sum(uint8_t mode)
{
    return mode & ENGINE_SUM;
}
static ALWAYS_INLINE uint8_t game_mode_form_bits(uint8_t mode)
{
    return mode & (uint8_t)~ENGINE_SUM;
}
/* Find a game by rule and mode; GAME_NONE if not in the list. */
uint8_t game_find(uint8_t rule, uint8_t mode);
/* A game's id: its rule's permanent number (rules.h) with its form, the
 * one identity the scores and the saved choice use, wherever the rule
 * stands in rules.h: 2 * num + 1 if misere, in one heap with num + 1 (a
 * heap rule's second number). TAKE 1 and NIM in one heap are never listed
 * (game_listed): your own code's four forms have TAKE 1's ids, the SUMs
 * (SUM, SUM MISERE) NIM ONE's. BINARY counts with its columns game (its
 * score is the columns game's), so the id tells it by GAME_ID_BINARY (the
 * chosen game's byte). */
#define GAME_ID_OWN (RULE_NUM_SUB1 * 2)
#define GAME_ID_SUM (RULE_NUM_NIM * 2 + 2)
/* A rule's permanent number (rules.h); RULE_OWN's is TAKE 1's. */
uint8_t game_rule_number(uint8_t rule);
/* The id of rule in mode, with GAME_ID_BINARY for a BINARY game. */
uint8_t game_id_of(uint8_t rule, uint8_t mode);
uint8_t game_id(uint8_t index);
/* The game of an id (with GAME_ID_BINARY), GAME_NONE if not in the list. */
uint8_t game_find_id(uint8_t id);
/* The SUM game of mode's forms (ENGINE_SUM added), GAME_NONE if not listed. */
uint8_t game_find_sum(uint8_t mode);
/* The index of the game being played (game.pos), GAME_NONE if not listed. */
uint8_t game_index(void);

uint8_t game_setting_count(uint8_t item);
/* Change one setting (refused, false, if the value is out of range). */
bool game_set(uint8_t item, uint8_t value);

/* Boot: settings, scores and the game in progress from EEPROM. */
void game_init(uint16_t now);
/* Start a new game of the selected game with the settings: false, and
 * nothing changed, if it cannot be started (game_unplayable). */
bool game_new(uint16_t now);
/* 0 if game index can be started, else why not: your own game in misere
 * for a code whose misere the chip does not play, or one heap of a code
 * that splits (engine_own_refused's reason, enum engine_own_why). */
uint8_t game_unplayable(uint8_t index);
/* Go back to the game in progress (after the title or the menu): it
 * runs again (game_event_resume). */
void game_resume(uint16_t now);
/* The game stops running (the menu opened over it; game_resume goes on). */
void game_pause(void);
/* The phase starts again now (a wake from auto-off: the machine thinks
 * afresh). */
void game_restart_clock(uint16_t now);
/* START SET UP is over (B): the position set up is now the game's. */
void game_setup_end(void);
/* A SUM's columns as they are chosen, before its game starts (the menu,
 * GAME SUM): game.pos gets n columns, column c the rule r; the new game
 * plays them (start_pos). */
void game_sum_rule(uint8_t n, uint8_t c, uint8_t r);
/* The SUM selected (SET_GAME) in game.pos, its columns to be chosen from
 * one NIM column. */
void game_sum_start(void);
/* The SUM being chosen, as the game holds it (game_sum_start,
 * game_sum_rule write it; the menu reads it here and keeps no copy):
 * game.pos, read-only: a SUM still with its columns unless a PC's GAME
 * or POS took it. Inline: an address. */
static ALWAYS_INLINE const engine_pos_t *game_sum(void)
{
    return &game.pos;
}
/* Give up the game in progress (a new game asked for from the menu):
 * against the machine it counts as the machine's win, so a game that is
 * going badly cannot be dodged. */
void game_abandon(void);
/* Keep the settings (and scores) in EEPROM. */
void game_save_settings(void);
/* Set a legal position (0 or the engine's reason); the side to move
 * becomes side 0. */
uint8_t game_set_pos(const engine_pos_t *p, uint16_t now);
/* START SET UP (game.setup, ui_play.c): move m's result set as the
 * position whatever the rule allows, as game_set_pos sets one (refused
 * where it refuses: a position without a move), reported as a new game
 * that starts there (LOG NEW). */
uint8_t game_setup_move(engine_move_t m, uint16_t now);

/* Errors of game_move beyond the engine's (which are 1..ENGINE_ERR_COUNT-1). */
enum { GAME_ERR_NOGAME = ENGINE_ERR_COUNT, GAME_ERR_TURN, GAME_ERR_OVER };
/* A move by the side to move when that side is human. */
uint8_t game_move_human(engine_move_t m, uint16_t now);
/* The machine's reply for the side to move, made at once; false if none. */
bool game_move_ai(engine_move_t *m, uint16_t now);

bool game_side_is_machine(uint8_t side);
/* The game just over was won by the player against the machine. */
bool game_player_beat_machine(void);
/* A human is to move and the game waits for it (buttons or MOVE). */
bool game_human_input(void);
uint8_t game_mistake(void);

/* Advance the machine's turn and the end-of-game pause (then the game
 * stops running: game_event_over). */
void game_tick(uint16_t now);

/* Score of game index (you against the machine): your wins and the
 * machine's; 0 and 0 for an index not in the list. Both at once: every
 * reader shows both. */
game_score_t game_score(uint8_t index);
/* Set game index's score (the PC link restoring a dump; index checked by
 * the caller) and keep it, with the settings. */
void game_set_score(uint8_t index, uint8_t wins, uint8_t losses);

/* Mistake i of the game's review (review.h's review_get): *it filled and
 * the position before it, made from the game's (valid until the next
 * call); NULL past the last kept one. */
const engine_pos_t *game_review(uint8_t i, review_item_t *it);

bool game_is_oneheap(void);
/* Has the game a teach panel (a sum of column values: engine_is_col_sum)? */
bool game_has_teach(void);

#endif
