/* store.h - power-cut-safe records in EEPROM, portable over nvm_read/nvm_write.
 *
 * Each record id owns a region of EEPROM cut into a ring of slots (wear is
 * spread over the ring: every save goes to the slot after the newest one).
 * A slot is
 *     [commit][seq lo][seq hi][len][payload: len bytes ... max][crc lo][crc hi]
 * and is valid only if commit == STORE_COMMIT and the CRC-16 (CCITT, over
 * the record id, seq, len and payload) matches. A save never touches the
 * newest slot: it first clears the target slot's commit byte, writes seq,
 * len, payload and CRC, and writes the commit byte last. A power cut at any
 * byte therefore leaves the old record (target uncommitted) or the new one
 * (commit written after everything else). Blank (0xFF), zeroed or corrupt
 * EEPROM has no valid slot and loads as "no record". */
#ifndef STORE_H
#define STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

enum {
    STORE_SETTINGS = 0,     /* settings and scores */
    STORE_GAME = 1,         /* the game in progress */
    STORE_RECORDS = 2,
};

/* Largest payload of each record; the slot adds STORE_SLOT_OVERHEAD bytes. */
#ifndef STORE_SETTINGS_BYTES
#define STORE_SETTINGS_BYTES 104u  /* 8 settings + 47 games x 2 score bytes (app/game.c) */
#endif
#ifndef STORE_GAME_BYTES
#define STORE_GAME_BYTES (BOARD_COLS + 16u)
#endif
#define STORE_SLOT_OVERHEAD 6u
#define STORE_COMMIT 0xA5u

/* EEPROM split: the game record is saved after every move, so it gets the
 * larger share (more slots, less wear per cell). */
#define STORE_SETTINGS_BASE 0u
#define STORE_SETTINGS_REGION (BOARD_EEPROM_BYTES * 3u / 8u)
#define STORE_GAME_BASE STORE_SETTINGS_REGION
#define STORE_GAME_REGION (BOARD_EEPROM_BYTES - STORE_SETTINGS_REGION)
#define STORE_SETTINGS_SLOTS (STORE_SETTINGS_REGION / (STORE_SETTINGS_BYTES + STORE_SLOT_OVERHEAD))
#define STORE_GAME_SLOTS (STORE_GAME_REGION / (STORE_GAME_BYTES + STORE_SLOT_OVERHEAD))

/* Copy record id into buf if a valid record of exactly len bytes exists;
 * false (buf untouched) means "no record": use the defaults. */
bool store_load(uint8_t id, void *buf, uint8_t len);

/* Save len bytes (len <= the record's maximum; len 0 stores an empty record,
 * which loads as "no record": that is how a record is cleared). Returns true
 * once the new record is committed and read back intact; false for a bad id
 * or length, or if every slot failed to verify (worn-out EEPROM). Takes
 * about (len + 7) EEPROM writes of 3.4 ms each on the chip. */
bool store_save(uint8_t id, const void *buf, uint8_t len);

/* The ring slot holding the newest valid record of id, or -1 (for tests
 * and the state dump). */
int8_t store_newest_slot(uint8_t id);

#endif
