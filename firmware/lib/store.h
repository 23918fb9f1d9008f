/* store.h - power-cut-safe records in EEPROM, portable over nvm_read/nvm_write_if_ready.
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
 * EEPROM has no valid slot and loads as "no record".
 *
 * Between the records the order is fixed: the settings are always written
 * first (a settings request preempts a game record not yet committed), so
 * a game record requested after the settings never commits before them
 * (game.c's end of a game relies on it).
 *
 * Saves never block the main loop: a request is kept in RAM (a pointer to
 * the caller's buffer) and written out by store_step, a byte whenever the
 * EEPROM is ready, after the frame is drawn. The newest slot's place and
 * seq are kept in RAM, so a save does not rescan the ring.
 *
 * Wear (datasheet: 100,000 writes a cell): a request equal to the newest
 * record is dropped (a host looping the same SET writes nothing), and each
 * record is rate-limited: STORE_*_BURST saves at once after power-on, then
 * one more every STORE_*_GAP_S seconds of running time; requests in
 * between wait and merge (the newest wins). Each save writes its slot's
 * commit byte twice (cleared, then set), so the busiest cell of a ring of
 * n slots takes 2/n writes a save: `make bench` measures it per hour of
 * play, of DEMO and of a host looping SET. A waiting save is what a power
 * cut loses; auto-off writes it first (store_flush). */
#ifndef STORE_H
#define STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "hal.h"

/* The records, in the order they commit (record 0 first): the app names
 * what they hold. */
enum {
    STORE_SETTINGS = 0,     /* saved now and then (the app's settings) */
    STORE_GAME = 1,         /* saved often (the app's game in progress) */
    STORE_RECORDS = 2,
};

/* Where each record lives is the app's (app/game/game_records.h: what
 * it saves, and its size): store_setup hands the store its rings. */
typedef struct {
    uint16_t base;      /* the ring's first byte */
    uint8_t max;        /* the largest payload; a slot adds STORE_SLOT_OVERHEAD */
    uint8_t slots;      /* at least 2: a save never overwrites the only copy */
} store_ring_t;
#define STORE_SLOT_OVERHEAD 6u
#define STORE_COMMIT 0xA5u
/* The end of ring r (a constant expression: the app's static checks). */
#define STORE_RING_END(base, max, slots) ((base) + (slots) * ((max) + STORE_SLOT_OVERHEAD))

/* The rate limits (see above). Record 1 (the game) is asked for after
 * every move, also in DEMO (a move a second): at most 3600/n saves an
 * hour after its burst keeps each of its n cells under 2 writes an hour
 * (store_gap); record 0 (settings, a score after every game) a save a
 * quarter of an hour. Both leave the saves of a short session (the burst)
 * immediate. */
#define STORE_SETTINGS_BURST 6u
#define STORE_SETTINGS_GAP_S 900u
#define STORE_GAME_BURST 16u
#define STORE_GAME_GAP_S(slots) (3600u / (slots))

/* Copy record id into buf if a valid record of exactly len bytes exists;
 * false (buf untouched) means "no record": use the defaults. Also notes
 * where the newest slot is: a record's first save after power-on must
 * come after its store_load (the boot does both), so that no save ever
 * rescans the ring. */
bool store_load(uint8_t id, void *buf, uint8_t len);

/* The length of record id's newest valid record, STORE_NONE if none: a
 * record saved with the length it needs (the game's review grows with its
 * mistakes) is loaded with store_load at that length. */
#define STORE_NONE 0xFFu
uint8_t store_len(uint8_t id);

/* Boot, before anything else of the store: the rings of the records (a
 * table in flash, PROGMEM: copied), each then scanned (store_init). */
void store_setup(const store_ring_t rings[STORE_RECORDS]);

/* Ask for len bytes of buf to be saved as record id (len <= the record's
 * maximum; len 0 stores an empty record, which loads as "no record": that
 * is how a record is cleared, buf may then be NULL). Returns at once;
 * store_step writes it out. buf is read until the save is written, so the
 * caller changes it only together with a new request: a newer request for
 * a record being written starts its slot over (the newest wins) until the
 * slot's commit byte is written, after that it queues. False for a bad id
 * or length. */
bool store_request(uint8_t id, const void *buf, uint8_t len);

/* The main loop's share of the saves, never waiting: writes bytes while
 * the EEPROM is ready (nvm_write_if_ready: a byte every 3.4 ms on the
 * chip, so about one a pass; all at once in simavr), the commit last, then
 * reads the slot back; a slot that does not verify (worn out) is given up
 * for the next one. True while a save is still pending: sleep (auto-off)
 * waits for false. */
bool store_step(void);

/* The toy is left alone (auto-off): what waits for its rate limit is
 * written now, as fast as the EEPROM allows, until nothing waits. */
void store_flush(void);

/* A PC's SAVE: what waits for its rate limit is written now (a save
 * each record), but at most once every STORE_HOST_GAP_S seconds, or a
 * host looping SET and SAVE would undo the limit: 144 extra saves a day
 * at most. Nothing waiting writes nothing and does not count. False: too
 * soon, what waits is written at its normal time. */
#define STORE_HOST_GAP_S 600u
bool store_flush_host(void);

/* A save is requested or still being written: what a power cut now may
 * lose (STATE's SAVE field: a PC waits for 0 before it cuts the power). */
bool store_busy(void);

/* Blocking save for tests and the driver check: request, then step until
 * done. True once the record is committed and read back intact; false for
 * a bad id or length, or if every slot failed to verify. */
bool store_save(uint8_t id, const void *buf, uint8_t len);

/* Power-on state for host tests that model a reboot: nothing pending, the
 * newest slot of both rings found again. */
void store_init(void);

/* The ring slot holding the newest valid record of id, or -1 (for tests
 * and the state dump); scans the ring. */
int8_t store_newest_slot(uint8_t id);

#endif
