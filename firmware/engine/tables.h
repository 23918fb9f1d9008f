/* tables.h - the engine's generated tables (build/tables.c, written by
 * build/grundy from rules.h). Declarations only; nothing here is typed in. */
#ifndef ENGINE_TABLES_H
#define ENGINE_TABLES_H

#include <stdint.h>

#include "engine.h"
#include "progmem.h"

/* Heap rules come first in rules.h; from here on, columns are masks. */
#define RULE_FIRST_MASK RULE_KAYLES
/* ... and the coin rules come last. */
#define RULE_FIRST_COINS RULE_TURTLES
#define ONEHEAP_BYTES (ENGINE_HEAP_MAX / 8 + 1)

/* Small tables hold 4-bit values, two a byte (the generator checks they fit):
 * value i is the low nibble of byte i/2 when i is even. */
#define NIBBLE_BYTES(n) (((n) + 1) / 2)

extern const uint8_t rule_digits[RULE_COUNT][NIBBLE_BYTES(RULE_MAX_DIGITS + 1)] PROGMEM;
extern const uint8_t heap_grundy[RULE_FIRST_MASK][NIBBLE_BYTES(TABLE_ROWS + 1)] PROGMEM;
extern const uint8_t mask_grundy[RULE_FIRST_COINS - RULE_FIRST_MASK][NIBBLE_BYTES(256)] PROGMEM;
extern const uint8_t coin_grundy[RULE_COUNT - RULE_FIRST_COINS][TABLE_ROWS] PROGMEM;
extern const uint8_t coin_index[RULE_COUNT - RULE_FIRST_COINS][16] PROGMEM;
extern const uint8_t oneheap_p[RULE_FIRST_MASK][2][ONEHEAP_BYTES] PROGMEM;

#endif
