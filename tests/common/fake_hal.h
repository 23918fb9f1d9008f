/* fake_hal.h - what the host fakes of hal.h (fake_hal.c) expose to the
 * fuzzers and the whole-app unit tests. */
#ifndef TESTS_COMMON_FAKE_HAL_H
#define TESTS_COMMON_FAKE_HAL_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"

#define FAKE_OUT_MAX 65536
extern uint8_t fake_eeprom[BOARD_EEPROM_BYTES];
extern char fake_out[FAKE_OUT_MAX];
extern size_t fake_out_len;
extern uint16_t fake_now;
extern uint8_t fake_buttons;
/* EEPROM bytes nvm_write_if_ready still writes (negative: no limit); at 0
 * it refuses, as busy, and notes the address it was asked for (a power
 * cut test cuts there, and may tear that byte). */
extern long fake_nvm_budget;
extern uint16_t fake_nvm_refused;

#endif
