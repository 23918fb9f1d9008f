/* tables.h - the engine's generated tables (build/tables.c, written by
 * build/grundy from rules.h). Declarations only; nothing here is typed in. */
#ifndef ENGINE_TABLES_H
#define ENGINE_TABLES_H

#include <stdint.h>

#include "engine.h"
#include "progmem.h"

/* Heap rules come first in rules.h; from here on, columns are masks. */
#define RULE_FIRST_MASK RULE_KAYLES
#define ONEHEAP_BYTES (ENGINE_HEAP_MAX / 8 + 1)

extern const uint8_t rule_digits[RULE_COUNT][RULE_MAX_DIGITS + 1] PROGMEM;
extern const uint8_t heap_grundy[RULE_FIRST_MASK][TABLE_ROWS + 1] PROGMEM;
/* Column values of the mask rules fit 4 bits (checked by the generator). */
extern const uint8_t mask_grundy[RULE_COUNT - RULE_FIRST_MASK][128] PROGMEM;
extern const uint8_t oneheap_p[RULE_FIRST_MASK][2][ONEHEAP_BYTES] PROGMEM;

#endif
