/* tables.h - the engine's generated tables (build/tables.c, written by
 * build/grundy from rules.h). Declarations only; nothing here is typed in. */
#ifndef ENGINE_TABLES_H
#define ENGINE_TABLES_H

#include <stdint.h>

#include "engine.h"
#include "progmem.h"

/* Small tables hold 4-bit values, two a byte (the generator checks they fit):
 * value i is the low nibble of byte i/2 when i is even. */
#define NIBBLE_BYTES(n) (((n) + 1) / 2)

/* The heap, pin and cell rules' octal digits (coin rules have none). */
extern const uint8_t rule_digits[RULE_FIRST_COINS][NIBBLE_BYTES(RULE_MAX_DIGITS + 2)] PROGMEM;
/* Heap rules: a row of heap_row bytes each, the values of heaps 0 ..
 * heap_values - 1 (a column's, and the BINARY form's values before its
 * fold: binary_seq), then the least heap with a move (every bigger one has
 * one; the generator checks). heap_values and heap_row: plain consts, as
 * misere_one_first. */
extern const uint8_t heap_values, heap_row;
extern const uint8_t heap_grundy[] PROGMEM;
/* Pin and cell columns' entries (value | MASK_HAS_MOVE) by mask, from the
 * rule mask_first on (a plain const, as misere_one_first), in blocks of
 * MASK_BLOCK entries (the masks of one high nibble, so a block is a swap
 * away): mask_block[rule - mask_first][mask / MASK_BLOCK] is the block's
 * byte in mask_pool, where each block the rules hold is stored once
 * (DAWSON's and NO ADJACENT's 32 blocks are 14); the wild rules
 * before it read theirs through their misere classes: misere_fold's
 * nibble of class misere_state[(rule - RULE_FIRST_MASK) * 256 + mask] (KAYLES: 11
 * B for 128, the generator checks each class has one entry). */
extern const uint8_t mask_first;
#define MASK_BLOCK 16
extern const uint8_t mask_block[][256 / MASK_BLOCK] PROGMEM;
extern const uint8_t mask_pool[] PROGMEM;
extern const uint8_t coin_grundy[RULE_COLUMN_COUNT - RULE_FIRST_COINS][TABLE_ROWS] PROGMEM;
extern const uint8_t coin_index[RULE_COLUMN_COUNT - RULE_FIRST_COINS][16] PROGMEM;
/* How many coins a coin rule's move turns over, the head included (1..3):
 * the fewest in the high nibble, the most in the low one. */
extern const uint8_t coin_turns[RULE_COLUMN_COUNT - RULE_FIRST_COINS] PROGMEM;

/* BINARY heaps (0..255) and the one heap (up to ENGINE_HEAP_MAX: 256
 * stones, past a byte, read as 256 - period): g(n) is heap n's value in
 * heap_grundy for n < start + period, else g(n - period); period 0 is no
 * fold: start 1 is NIM, g(n) = n, start 0 AT MOST HALF, whose g(2n) = n,
 * g(2n+1) = g(n) the engine computes (the generator checks every heap of
 * every rule against the mex rule). */
typedef struct {
    uint8_t start;
    uint8_t period;
} binary_seq_t;
extern const binary_seq_t binary_seq[RULE_FIRST_MASK] PROGMEM;
/* misere_wild[rule] of a tame rule: no row in the wild tables. */
#define MISERE_WILD_NONE 0xFF

/* Misere play in columns (build/grundy proves each rule's misere quotient).
 * misere_wild[rule]: MISERE_WILD_NONE for a tame rule (misere Nim on the column values;
 * misere_one_*: bit s, column state s has a move to a column worth 1), else
 * the row of the wild tables: each state's class (misere_state), a
 * class being the state's element (the low nibble of misere_class_elem)
 * and the elements one move reaches (bit e: bits 0..7 in
 * misere_class_reach, 8..11 in misere_class_elem's high nibble; a byte
 * each, so an element is one read and no shift) (many states share both,
 * KAYLES' 256 make 21 classes, TWINS' 32), the products (element a
 * times b at nibble MISERE_ELEMS a + b), P (bit e), the partners b of each
 * a with a b in P, and the elements' names (one NUL-ended string each,
 * the wild rules in turn). */
extern const uint8_t misere_wild[RULE_COUNT] PROGMEM;
/* How many heap rules are wild (a plain const, as misere_one_first): none
 * today, so LTO drops the wild hint's heap search. */
extern const uint8_t misere_wild_heaps;
extern const uint16_t misere_one_heap[RULE_FIRST_MASK] PROGMEM;
/* The mask rules' rows run from the first tame one, misere_one_first: a
 * plain const, which LTO folds into the reader (no flash, no RAM). */
extern const uint8_t misere_one_first;
extern const uint8_t misere_one_mask[][32] PROGMEM;
/* misere_state: the full rows (256 states) of the first misere_state_full
 * wild rows, then half rows (128) of the coin rules whose class no
 * state's coin 0 changes (TWINS': a head there has no move and is worth
 * nothing; the generator checks each and keeps every pin and cell rule's
 * row full), read at state >> 1. misere_state_full: a plain const, as
 * misere_one_first. */
extern const uint8_t misere_state_full;
extern const uint8_t misere_state[] PROGMEM;
extern const uint8_t misere_class_elem[] PROGMEM;
extern const uint8_t misere_class_reach[] PROGMEM;
extern const uint8_t misere_fold[] PROGMEM;
extern const uint8_t misere_mul[][NIBBLE_BYTES(MISERE_ELEMS * MISERE_ELEMS)] PROGMEM;
extern const uint16_t misere_p[] PROGMEM;
extern const uint16_t misere_partner[][MISERE_ELEMS] PROGMEM;
/* The elements' names, 16 strings: one list for every wild rule (each
 * rule's canonical names are its first ones; the generator checks). */
extern const char misere_names[] PROGMEM;

/* EMPTY AND DIVIDE (ed.c), [0] normal, [1] misere play: bit s of the list
 * 'at' bytes into ed_bits says a box of s counters is cold, no division
 * of it leaves a P-position (a box of s >= start + period reads bit start
 * + (s - start) % period); a position is P when both boxes are cold
 * (misere: and not (1, 1)). A winning division puts at most ed_kmax
 * counters in the emptied box. (One heap needs no list: a heap rule's
 * one heap is P where it is worth 0, misere 1, build/grundy proves.) */
typedef struct {
    uint8_t at;
    uint8_t start;
    uint8_t period;
} ed_seq_t;
extern const ed_seq_t ed_seq[2] PROGMEM;
extern const uint8_t ed_bits[] PROGMEM;
extern const uint8_t ed_kmax[2] PROGMEM;

#endif
