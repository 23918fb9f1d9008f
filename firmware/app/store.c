/* store.c - power-cut-safe EEPROM records with a wear-spreading ring; the
 * layout and the write order that makes it safe are described in store.h. */
#include "store.h"

#include <stddef.h>

/* Called from several places: one copy saves flash on the AVR. */
#define STORE_NOINLINE __attribute__((noinline))

_Static_assert(STORE_SETTINGS_SLOTS >= 2 && STORE_GAME_SLOTS >= 2,
               "each record needs two slots, or a save would overwrite the only copy");
_Static_assert(STORE_SETTINGS_BYTES <= 255 && STORE_GAME_BYTES <= 255,
               "record length is stored in one byte");
_Static_assert(STORE_GAME_BASE + STORE_GAME_SLOTS * (STORE_GAME_BYTES + STORE_SLOT_OVERHEAD)
                   <= BOARD_EEPROM_BYTES, "records do not fit the EEPROM");

enum { SLOT_COMMIT = 0, SLOT_SEQ = 1, SLOT_LEN = 3, SLOT_DATA = 4 };

typedef struct {
    uint16_t base;      /* first byte of the region */
    uint8_t max;        /* largest payload */
    uint8_t slots;      /* ring length */
} store_region_t;

/* Region of record id, or false for an unknown id. */
STORE_NOINLINE static bool store_region(uint8_t id, store_region_t *r)
{
    if (id == STORE_SETTINGS) {
        r->base = STORE_SETTINGS_BASE;
        r->max = STORE_SETTINGS_BYTES;
        r->slots = STORE_SETTINGS_SLOTS;
    } else if (id == STORE_GAME) {
        r->base = STORE_GAME_BASE;
        r->max = STORE_GAME_BYTES;
        r->slots = STORE_GAME_SLOTS;
    } else {
        return false;
    }
    return true;
}

static uint16_t store_slot_addr(const store_region_t *r, uint8_t slot)
{
    return (uint16_t)(r->base + (uint16_t)slot * (uint16_t)(r->max + STORE_SLOT_OVERHEAD));
}

/* CRC-16/CCITT-FALSE step (poly 0x1021): detects every 1- and 2-bit error
 * and every burst up to 16 bits in a slot. */
static uint16_t store_crc_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)byte << 8;
    for (uint8_t i = 0; i < 8; i++)
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    return crc;
}

STORE_NOINLINE static uint16_t store_read16(uint16_t addr)
{
    return (uint16_t)(nvm_read(addr) | ((uint16_t)nvm_read((uint16_t)(addr + 1)) << 8));
}

/* True if the slot at addr is committed and its CRC holds; gives its seq and len. */
STORE_NOINLINE static bool store_slot_valid(uint8_t id, const store_region_t *r, uint16_t addr,
                             uint16_t *seq, uint8_t *len)
{
    if (nvm_read(addr) != STORE_COMMIT)
        return false;
    uint8_t n = nvm_read((uint16_t)(addr + SLOT_LEN));
    if (n > r->max)
        return false;
    uint16_t crc = store_crc_update(0xFFFFu, id);
    for (uint16_t a = (uint16_t)(addr + SLOT_SEQ); a < (uint16_t)(addr + SLOT_DATA + n); a++)
        crc = store_crc_update(crc, nvm_read(a));
    if (store_read16((uint16_t)(addr + SLOT_DATA + n)) != crc)
        return false;
    *seq = store_read16((uint16_t)(addr + SLOT_SEQ));
    *len = n;
    return true;
}

/* Newest valid slot of the region (highest seq in serial-number order), or -1. */
STORE_NOINLINE static int8_t store_find_newest(uint8_t id, const store_region_t *r, uint16_t *seq, uint8_t *len)
{
    int8_t best = -1;
    for (uint8_t s = 0; s < r->slots; s++) {
        uint16_t q;
        uint8_t n;
        if (!store_slot_valid(id, r, store_slot_addr(r, s), &q, &n))
            continue;
        if (best < 0 || (int16_t)(q - *seq) > 0) {
            best = (int8_t)s;
            *seq = q;
            *len = n;
        }
    }
    return best;
}

int8_t store_newest_slot(uint8_t id)
{
    store_region_t r;
    uint16_t seq;
    uint8_t len;
    if (!store_region(id, &r))
        return -1;
    return store_find_newest(id, &r, &seq, &len);
}

bool store_load(uint8_t id, void *buf, uint8_t len)
{
    store_region_t r;
    uint16_t seq;
    uint8_t n;
    if (!store_region(id, &r) || len == 0 || len > r.max)
        return false;
    int8_t s = store_find_newest(id, &r, &seq, &n);
    if (s < 0 || n != len)
        return false;
    uint16_t a = (uint16_t)(store_slot_addr(&r, (uint8_t)s) + SLOT_DATA);
    uint8_t *p = buf;
    for (uint8_t i = 0; i < len; i++)
        p[i] = nvm_read((uint16_t)(a + i));
    return true;
}

/* Writes a byte and folds it into the running CRC. */
static uint16_t store_put(uint16_t addr, uint8_t v, uint16_t crc)
{
    nvm_write(addr, v);
    return store_crc_update(crc, v);
}

/* Write one slot in the safe order; true if it then reads back valid with
 * this seq and len (the CRC then vouches for the payload). */
static bool store_write_slot(uint8_t id, const store_region_t *r, uint16_t addr,
                             uint16_t seq, const uint8_t *p, uint8_t len)
{
    nvm_write(addr + SLOT_COMMIT, 0xFF);    /* uncommitted while it is half written */
    uint16_t a = (uint16_t)(addr + SLOT_SEQ);
    uint16_t crc = store_crc_update(0xFFFFu, id);
    crc = store_put(a++, (uint8_t)seq, crc);
    crc = store_put(a++, (uint8_t)(seq >> 8), crc);
    crc = store_put(a++, len, crc);
    for (uint8_t i = 0; i < len; i++)
        crc = store_put(a++, p[i], crc);
    nvm_write(a++, (uint8_t)crc);
    nvm_write(a, (uint8_t)(crc >> 8));
    nvm_write(addr + SLOT_COMMIT, STORE_COMMIT);   /* the commit: last byte written */

    uint16_t q;
    uint8_t n;
    return store_slot_valid(id, r, addr, &q, &n) && q == seq && n == len;
}

bool store_save(uint8_t id, const void *buf, uint8_t len)
{
    store_region_t r;
    uint16_t seq = 0;
    uint8_t n;
    if (!store_region(id, &r) || len > r.max || (len && !buf))
        return false;
    /* No record yet: newest 0xFF, so the first slot written is 0 with seq 0
     * (find leaves seq alone when it finds nothing). Wraps compare and
     * reset: a % would pull in a division routine. */
    uint8_t newest = (uint8_t)store_find_newest(id, &r, &seq, &n);
    uint8_t slot = newest;
    if (newest != 0xFF)
        seq++;
    /* A slot that will not verify (worn out) is skipped; the newest slot is
     * never a target, so the old record survives every failure. */
    for (uint8_t tries = 0; tries < r.slots; tries++) {
        if (++slot >= r.slots)
            slot = 0;
        if (slot != newest &&
            store_write_slot(id, &r, store_slot_addr(&r, slot), seq, buf, len))
            return true;
    }
    return false;
}
