/* game_records.h - what the toy keeps in EEPROM, in one place: the two
 * records' formats, their version, their sizes and where their rings lie.
 * lib/store keeps slots, CRC, commit and wear, and is handed the rings
 * here (store_setup); it knows nothing of what a record holds.
 *
 * One version (RECORDS_FORMAT): a record of any older
 * firmware is refused, not migrated. The toy then starts fresh (blank
 * settings, no score, no game to resume), writes its settings at once so
 * it says so only once, and the link says LOG RECORDS OLD at that boot
 * (docs/protocol.md). */
#ifndef APP_GAME_RECORDS_H
/* game.h first: it includes this file where game_t needs the records (the
 * settings record lives in game_t), after what they are made of. */
#include "game.h"
#ifndef APP_GAME_RECORDS_H
#define APP_GAME_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* A game's score (kept by id in the settings record), the scores' room
 * and GAME_ID_BINARY (game.h's game_id_of). */
typedef struct {
    uint8_t wins, losses;
} game_score_t;
#define GAME_IDS (RULE_NUMBERS * 2)
#define GAME_ID_BINARY 0x80u

/* The records' version: the settings record's format byte. The formats
 * before it (1 to 6, firmware up to 2.1.0; 7, 3.0.0, whose game record
 * held the engine's indices with no word of which rules) are refused. */
#define RECORDS_FORMAT 8

/* The settings record: the settings (game.set, which it begins: its
 * SET_GAME, a list index, is not read back), the chosen game's id, the
 * number of the last game counted in the scores, your own game's code,
 * and every game's score by id (saturating bytes: a game's id is its
 * rule's number with its form, so a new rule moves no score; GAME_IDS:
 * room for 16 games more than there are). spare: written 0, kept so the
 * record is as long as 3.0.0's, whose record must be found (its slot
 * valid in this ring) to be refused by its format and said (LOG RECORDS
 * OLD); a later version may give it a meaning. */
typedef struct {
    uint8_t set[SET_COUNT];
    uint8_t format;     /* RECORDS_FORMAT */
    uint8_t spare;
    uint8_t chosen;     /* the chosen game's id (game_id_of, with GAME_ID_BINARY) */
    uint8_t counted;    /* game.number of the last game whose result is in score */
    octal_code_t code;  /* your own game's code, the one chosen last */
    game_score_t score[GAME_IDS];
} settings_rec_t;

/* The game record: the position after the last completed move, the
 * game's number and its review, saved straight from game.saved on (game_t
 * lays them out the same way: game.c checks). Its length is what the
 * review holds (RECORDS_GAME_MIN + used). The position's rule and a SUM's
 * rules[] are the engine's indices (rules.h: class by class, in the
 * list's order), which a rule added anywhere in RULES() shifts; the
 * record's first two bytes say which order they are in (RECORDS_RULES
 * and RECORDS_NEXT of the build that saved it), and the load turns them
 * into this build's indices (records_load_game). */
typedef struct {
    uint8_t rules;      /* RECORDS_RULES */
    uint8_t next;       /* RECORDS_NEXT */
    uint8_t turn;
    engine_pos_t pos;
    uint8_t number;
    review_t rv;
} game_rec_t;
#define RECORDS_GAME_MIN ((uint8_t)offsetof(game_rec_t, rv.buf))

/* A check of the engine's order of the rules (their indices, which a
 * game record holds): the numbers, each weighted by its index (the load
 * works it out again for an older build's rules: records_load_game). */
#define RECORDS_RULE_TERM(num, id, name, kind, code, form) + ((num) + 1u) * (2u * RULE_##id + 1u)
#define RECORDS_RULES ((uint8_t)(0u RULES(RECORDS_RULE_TERM)))
/* The first number no rule has: a rule added later takes this one or
 * above (rules.h), so a build's rules are this build's numbered below
 * its RECORDS_NEXT (in the same order, if none was moved or taken out:
 * RECORDS_RULES then tells). */
#define RECORDS_NUM_OR(num, id, name, kind, code, form) | RULE_NUM_BITS(num, kind, form)
#define RECORDS_NEXT ((uint8_t)(64 - __builtin_clzll(0ull RULES(RECORDS_NUM_OR))))

/* The EEPROM: the settings' two slots from its start, then as many game
 * slots as fit (the game record is saved after every move: the more
 * slots, the less wear a cell). The payloads' largest sizes are written
 * out, the same on the AVR and on a host (game_records.c checks them
 * against the structs): the settings record exactly, the game record
 * with room for a host's padding: the rules' order (2), turn, the
 * position with a SUM's rules (2 x BOARD_COLS + 5), the number, the
 * review (review.h: 5 + 32 on the AVR) and 5 spare, 2 x BOARD_COLS + 56.
 * A slot is STORE_SLOT_OVERHEAD more; docs/architecture.md's tables give the sizes and slot counts on
 * 8 and 32 columns. */
#define RECORDS_SETTINGS_BASE 0u
#define RECORDS_SETTINGS_BYTES (SET_COUNT + 4u + RULE_MAX_DIGITS + 2u + GAME_IDS * 2u)
#define RECORDS_SETTINGS_SLOTS 2u
#define RECORDS_GAME_BASE STORE_RING_END(RECORDS_SETTINGS_BASE, RECORDS_SETTINGS_BYTES, RECORDS_SETTINGS_SLOTS)
#define RECORDS_GAME_BYTES (2u * BOARD_COLS + 56u)
#define RECORDS_GAME_SLOTS ((BOARD_EEPROM_BYTES - RECORDS_GAME_BASE) / (RECORDS_GAME_BYTES + STORE_SLOT_OVERHEAD))

/* The settings record (game.rec), read at boot, written by
 * game_save_settings (game_records.c). Read by store_step while it is written out: changes
 * only together with a new store request (store.h), as game.set does. */
#define records_settings (game.rec)

/* What the boot found (records_open). */
enum { RECORDS_NONE, RECORDS_OK, RECORDS_OLD };
/* Boot: the rings set up and the settings record read into
 * records_settings: RECORDS_OK, RECORDS_NONE (blank EEPROM, or nothing
 * valid) or RECORDS_OLD (a record of an older version: refused, every
 * byte of records_settings zero then, as with none). */
uint8_t records_open(void);
/* The boot found an older version's record (LOG RECORDS OLD). */
bool records_old(void);
/* game_save_settings (game.h): the chosen game's id and your own code
 * written into the settings record, and the record asked to be saved
 * (store_step writes it). */
/* A game's score slot by id (with GAME_ID_BINARY: its columns game's). */
game_score_t *records_score(uint8_t id);
/* The game record into buf (sizeof(game_rec_t)), its rules as this
 * build's indices: its length, 0 if none loads (none, a bad length, or
 * saved under an order of the rules that is not this one's with rules
 * added; resumes only with settings of this version, ok). */
uint8_t records_load_game(void *buf, bool ok);
/* Ask for len bytes of the game record at buf to be saved (0: cleared). */
void records_save_game(const void *buf, uint8_t len);

#endif
#endif
