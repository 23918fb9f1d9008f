/* test_rings.h - a layout of the two records for the store's own tests
 * (lib/store knows none: the app hands it one, app/game/game_records.h).
 * The sizes are the app's, so the store is tested on the rings it runs. */
#ifndef TEST_RINGS_H
#define TEST_RINGS_H

#include "store.h"

#define STORE_SETTINGS_BASE 0u
#define STORE_SETTINGS_BYTES 191u
#define STORE_SETTINGS_SLOTS 2u
#define STORE_GAME_BASE STORE_RING_END(STORE_SETTINGS_BASE, STORE_SETTINGS_BYTES, STORE_SETTINGS_SLOTS)
#define STORE_GAME_BYTES (2u * BOARD_COLS + 56u)
#define STORE_GAME_SLOTS ((BOARD_EEPROM_BYTES - STORE_GAME_BASE) / (STORE_GAME_BYTES + STORE_SLOT_OVERHEAD))

static const store_ring_t test_rings[STORE_RECORDS] = {
    {STORE_SETTINGS_BASE, STORE_SETTINGS_BYTES, STORE_SETTINGS_SLOTS},
    {STORE_GAME_BASE, STORE_GAME_BYTES, STORE_GAME_SLOTS},
};

#endif
