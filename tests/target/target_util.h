/* target_util.h - what every on-target measuring program shares (the
 * engine vectors, the reply bench, the baseline): text output, a fixed-width
 * PRNG, the marker calibration and the order of the games. Portable: it
 * builds for the AVR and for the host, over target_io.h. */
#ifndef TARGET_UTIL_H
#define TARGET_UTIL_H

#include <stdint.h>

#include "target_io.h"

/* Marker layout read by run_target.sh and tests/bench/reply_stats.py:
 * TARGET_CAL_MARK, then TARGET_CAL_PAIRS empty pairs (1, 2): the cost of a
 * marker pair; TARGET_GAME_MARK + i opens game i. */
#define TARGET_CAL_MARK 0xF0u
#define TARGET_CAL_PAIRS 8u
#define TARGET_GAME_MARK 0x80u

/* The programs' text output: sent as it is, or, after
 * target_digest_start(), each game's output (from the start of the game to
 * its end in target_each_game) replaced by one line
 *   "= <game, 2 hex> <its items, 8 hex> <digest, 8 hex>\n"
 * unless target_full_game() names the game (or all). Digested, a number is
 * not written out in text: its value goes into the digest as it is, so
 * the host and the AVR agree on the digest exactly when they would on the
 * text. The digest is two 16-bit running sums (Fletcher's, without the
 * modulo): any changed, missing or swapped item changes it. Why: the
 * engine vectors are megabytes of text, and formatting and sending them
 * took most of test-target's simulated cycles; a game whose digest
 * differs is run again in full to show the first line that differs
 * (run_target.sh). */
void target_putc(char c);
void target_digest_start(void);
void target_put_str(const char *s);
void target_put_dec(uint32_t v);
void target_put_hex(uint16_t v, uint8_t digits);

/* xorshift32 over the caller's state: the same numbers on both builds. */
uint32_t target_xorshift(uint32_t *state);

/* Writes the calibration markers. */
void target_calibrate(void);

/* A program's two kinds of game: in columns (normal or misere) and as one
 * heap (mode has ENGINE_ONEHEAP). */
typedef struct target_games {
    void (*columns)(uint8_t rule, uint8_t mode);
    void (*oneheap)(uint8_t rule, uint8_t mode);
    /* the SUMs (rule RULE_NIM; mode ENGINE_SUM with none, MISERE, BINARY,
     * BINARY | MISERE), after every other game */
    void (*sums)(uint8_t rule, uint8_t mode);
} target_games_t;

/* The game being played by target_each_game: its index numbers the
 * game's markers (TARGET_GAME_MARK + index). */
extern uint8_t target_game_index;

/* Plays every game of the toy in the menu's order: each rule in columns,
 * the misere columns games, then each heap rule as one heap, normal and
 * misere, then each heap rule in BINARY, normal and misere. Returns how
 * many there were. */
uint8_t target_each_game(const target_games_t *games);
/* Your own game's code as "0.137*" after sep (after its rule name, OCTAL). */
void target_put_own(char sep);

#endif
