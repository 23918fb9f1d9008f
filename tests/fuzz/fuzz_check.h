/* fuzz_check.h - the invariants every libFuzzer target checks on the real
 * app and engine (host build over fake_hal.c): a legal position, moves
 * that are single legal moves, saves that come back after a power cycle.
 * A violation aborts, so libFuzzer keeps the input that broke it. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"

/* Print why, where (a step), the input line being run (fuzz_line_set)
 * and the UART output, abort. */
void fuzz_fail(const char *why, const char *where);

/* The input line that fuzz_fail shows, escaped, until the next call
 * (n = 0: none). Kept as a pointer and printed only on a failure: a
 * line formatted ahead of every check cost more than the checks. */
void fuzz_line_set(const uint8_t *line, size_t n);

/* Every state field in range; on the play screen or with a game in
 * progress, a legal position, the cursor on it, and a move left. */
void fuzz_check_pos_legal(const char *where);

bool fuzz_same_pos(const engine_pos_t *a, const engine_pos_t *b);

/* The position went from a to b: legal only as one move of the rule. */
void fuzz_check_one_move(const engine_pos_t *a, const engine_pos_t *b, const char *where);

/* Power-on of the app (RAM cleared, as .bss is): store, game and ui from
 * the EEPROM as it is. */
void fuzz_boot(uint16_t now);

/* Write out every pending save (as auto-off does), power-cycle, and
 * check the settings (unless the menu, which saves when it is left, is
 * up) and the game in progress came back as they were. */
void fuzz_check_reboot(const char *where);

#endif
