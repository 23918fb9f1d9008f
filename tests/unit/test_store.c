/* test_store.c - host tests of the EEPROM records (firmware/app/store.c)
 * over a fake nvm: round trips, the ring and its wear, blank/zero/random
 * images, every single-bit flip, and a power cut after every byte of a save
 * (with the interrupted byte left unchanged, erased or random). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"

static int failures, checks;

#define CHECK(cond, ...)                                          \
    do {                                                          \
        checks++;                                                 \
        if (!(cond)) {                                            \
            failures++;                                           \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);  \
            fprintf(stderr, __VA_ARGS__);                         \
            fputc('\n', stderr);                                  \
        }                                                         \
    } while (0)

/* --- fake nvm: eeprom_update_byte semantics, write counting, power cuts --- */
static uint8_t ee[BOARD_EEPROM_BYTES];
static unsigned long ee_writes;             /* bytes actually changed */
static unsigned long ee_wear[BOARD_EEPROM_BYTES];
static long cut_budget = -1;                /* writes left before the power fails; -1 = never */
enum { CUT_CLEAN, CUT_ERASED, CUT_RANDOM };
static int cut_mode;
static int cut_happened;
static int stuck_addr = -1;                 /* a worn-out cell that keeps its value */

uint8_t nvm_read(uint16_t addr)
{
    if (addr >= BOARD_EEPROM_BYTES)
        return 0xFF;
    return ee[addr];
}

void nvm_write(uint16_t addr, uint8_t value)
{
    if (addr >= BOARD_EEPROM_BYTES || ee[addr] == value)
        return;                 /* update semantics: equal bytes are not written */
    if (cut_happened)
        return;                 /* the power is gone: nothing more reaches the EEPROM */
    if (cut_budget == 0) {
        /* The cut lands inside this byte's write. */
        if (cut_mode == CUT_ERASED)
            ee[addr] = 0xFF;
        else if (cut_mode == CUT_RANDOM)
            ee[addr] = (uint8_t)rand();
        cut_happened = 1;
        return;
    }
    if (cut_budget > 0)
        cut_budget--;
    if ((int)addr == stuck_addr)
        return;
    ee[addr] = value;
    ee_writes++;
    ee_wear[addr]++;
}

static void power_restore(void)
{
    cut_budget = -1;
    cut_happened = 0;
}

/* --- helpers ---------------------------------------------------------- */
static const uint8_t rec_max[STORE_RECORDS] = { STORE_SETTINGS_BYTES, STORE_GAME_BYTES };
static const uint8_t rec_slots[STORE_RECORDS] = { STORE_SETTINGS_SLOTS, STORE_GAME_SLOTS };

static void fill(uint8_t *p, uint8_t len, unsigned seed)
{
    for (uint8_t i = 0; i < len; i++)
        p[i] = (uint8_t)(seed * 131u + i * 7u + (seed >> 3));
}

/* The slot format of store.h, checked independently of store.c:
 * CRC-16/CCITT-FALSE over id, seq lo, seq hi, len, payload; stored little-endian. */
static int slot_intact(uint8_t id, uint16_t addr)
{
    uint8_t len = ee[addr + 3];
    if (len > rec_max[id])
        return 0;
    uint16_t crc = 0xFFFF;
    for (int i = -1; i < 3 + len; i++) {
        uint8_t b = i < 0 ? id : ee[addr + 1 + i];
        crc ^= (uint16_t)(b << 8);
        for (int k = 0; k < 8; k++)
            crc = (uint16_t)((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
    }
    return ee[addr + 4 + len] == (uint8_t)crc && ee[addr + 5 + len] == (uint8_t)(crc >> 8);
}

/* Committed implies complete: no slot may carry the commit byte while its
 * bytes are half written (that would leave the CRC as the only guard). */
static int committed_slots_intact(uint8_t id)
{
    uint16_t base = id == STORE_SETTINGS ? STORE_SETTINGS_BASE : STORE_GAME_BASE;
    for (uint8_t s = 0; s < rec_slots[id]; s++) {
        uint16_t addr = (uint16_t)(base + s * (rec_max[id] + STORE_SLOT_OVERHEAD));
        if (ee[addr] == STORE_COMMIT && !slot_intact(id, addr))
            return 0;
    }
    return 1;
}

static int load_equals(uint8_t id, const uint8_t *want, uint8_t len)
{
    uint8_t buf[256];
    memset(buf, 0xEE, sizeof buf);
    return store_load(id, buf, len) && memcmp(buf, want, len) == 0;
}

static void test_images(void)
{
    uint8_t buf[256];
    memset(ee, 0xFF, sizeof ee);
    for (uint8_t id = 0; id < STORE_RECORDS; id++)
        CHECK(!store_load(id, buf, 16) && store_newest_slot(id) < 0, "blank EEPROM has no record %u", id);
    memset(ee, 0x00, sizeof ee);
    for (uint8_t id = 0; id < STORE_RECORDS; id++)
        CHECK(!store_load(id, buf, 16) && store_newest_slot(id) < 0, "zeroed EEPROM has no record %u", id);
    srand(7);
    int found = 0;
    for (int img = 0; img < 2000; img++) {
        for (unsigned i = 0; i < sizeof ee; i++)
            ee[i] = (uint8_t)rand();
        for (uint8_t id = 0; id < STORE_RECORDS; id++)
            found += store_newest_slot(id) >= 0;
    }
    CHECK(found == 0, "random images: %d valid-looking records", found);
    /* A random image where every commit byte says "committed": the CRC alone must refuse. */
    int found2 = 0;
    for (int img = 0; img < 2000; img++) {
        for (unsigned i = 0; i < sizeof ee; i++)
            ee[i] = (uint8_t)rand();
        for (uint8_t id = 0; id < STORE_RECORDS; id++) {
            uint16_t base = id == STORE_SETTINGS ? STORE_SETTINGS_BASE : STORE_GAME_BASE;
            for (uint8_t s = 0; s < rec_slots[id]; s++)
                ee[base + s * (rec_max[id] + STORE_SLOT_OVERHEAD)] = STORE_COMMIT;
            found2 += store_newest_slot(id) >= 0;
        }
    }
    CHECK(found2 == 0, "random committed images: %d valid-looking records", found2);
    printf("store: blank, zero and 4000 random EEPROM images all load as \"no record\"\n");
}

static void test_round_trip(void)
{
    uint8_t a[256], b[256];
    memset(ee, 0xFF, sizeof ee);
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        for (unsigned len = 1; len <= rec_max[id]; len++) {
            fill(a, (uint8_t)len, len + id * 1000u);
            CHECK(store_save(id, a, (uint8_t)len), "save id %u len %u", id, len);
            CHECK(load_equals(id, a, (uint8_t)len), "round trip id %u len %u", id, len);
            CHECK(!store_load(id, b, (uint8_t)(len + 1 <= rec_max[id] ? len + 1 : len - 1)),
                  "length mismatch refused id %u len %u", id, len);
        }
    }
    /* The records do not disturb each other. */
    fill(a, 20, 1);
    fill(b, 12, 2);
    CHECK(store_save(STORE_SETTINGS, a, 20) && store_save(STORE_GAME, b, 12), "save both");
    CHECK(load_equals(STORE_SETTINGS, a, 20) && load_equals(STORE_GAME, b, 12), "both intact");
    /* len 0 clears, bad ids and lengths are refused. */
    CHECK(store_save(STORE_GAME, NULL, 0), "clear");
    CHECK(!store_load(STORE_GAME, b, 12), "cleared record loads as none");
    CHECK(load_equals(STORE_SETTINGS, a, 20), "settings untouched by the clear");
    CHECK(!store_save(STORE_RECORDS, a, 4) && !store_load(STORE_RECORDS, b, 4), "bad id");
    CHECK(!store_save(STORE_SETTINGS, a, (uint8_t)(STORE_SETTINGS_BYTES + 1)), "too long");
    CHECK(!store_load(STORE_SETTINGS, b, 0), "len 0 load");
}

/* Many saves: the newest slot walks the ring and wraps, the newest always
 * loads, and writes spread over every slot. */
static void test_ring(void)
{
    uint8_t a[256];
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        memset(ee, 0xFF, sizeof ee);
        memset(ee_wear, 0, sizeof ee_wear);
        ee_writes = 0;
        uint8_t len = (uint8_t)(rec_max[id] - 3);
        int order_ok = 1;
        unsigned saves = 70u * rec_slots[id];   /* wraps the ring 70 times; seq passes 255 */
        for (unsigned k = 0; k < saves; k++) {
            fill(a, len, k);
            if (!store_save(id, a, len) || !load_equals(id, a, len) ||
                store_newest_slot(id) != (int8_t)(k % rec_slots[id]))
                order_ok = 0;
        }
        CHECK(order_ok, "id %u: %u saves walk the ring of %u slots in order", id, saves, rec_slots[id]);
        uint16_t base = id == STORE_SETTINGS ? STORE_SETTINGS_BASE : STORE_GAME_BASE;
        unsigned long lo = ~0ul, hi = 0;
        for (uint8_t s = 0; s < rec_slots[id]; s++) {
            unsigned long w = ee_wear[base + s * (rec_max[id] + STORE_SLOT_OVERHEAD)];
            lo = w < lo ? w : lo;
            hi = w > hi ? w : hi;
        }
        CHECK(lo > 0 && hi - lo <= 2, "id %u: commit-byte wear %lu..%lu", id, lo, hi);
        printf("store: record %u: %u slots of %u bytes at %u, %u saves, %.1f bytes written per save, "
               "commit byte writes %lu..%lu per slot\n", id, rec_slots[id],
               rec_max[id] + STORE_SLOT_OVERHEAD, base, saves, (double)ee_writes / saves, lo, hi);
    }
    /* The serial number wraps past 0xFFFF. */
    memset(ee, 0xFF, sizeof ee);
    int wrap_ok = 1;
    for (unsigned k = 0; k < 66000u; k++) {
        fill(a, 8, k);
        if (!store_save(STORE_GAME, a, 8))
            wrap_ok = 0;
    }
    CHECK(wrap_ok && load_equals(STORE_GAME, a, 8), "66000 saves: the sequence number wraps and the newest wins");
}

/* Flip every bit of the newest slot (and of the slot before it) one at a
 * time: the CRC or the commit byte catches every flip in a byte that counts;
 * the load then gives the previous record, never a corrupted one. */
static void test_bit_flips(void)
{
    uint8_t old[256], cur[256], buf[256];
    long flips = 0, detected = 0, harmless = 0;
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        for (int with_old = 0; with_old < 2; with_old++) {
            uint8_t len = (uint8_t)(rec_max[id] - 5);
            memset(ee, 0xFF, sizeof ee);
            fill(old, len, 11);
            fill(cur, len, 12);
            if (with_old)
                store_save(id, old, len);
            store_save(id, cur, len);
            int8_t slot = store_newest_slot(id);
            uint16_t base = id == STORE_SETTINGS ? STORE_SETTINGS_BASE : STORE_GAME_BASE;
            uint16_t addr = (uint16_t)(base + slot * (rec_max[id] + STORE_SLOT_OVERHEAD));
            for (unsigned byte = 0; byte < rec_max[id] + STORE_SLOT_OVERHEAD; byte++) {
                for (int bit = 0; bit < 8; bit++) {
                    ee[addr + byte] ^= (uint8_t)(1 << bit);
                    flips++;
                    memset(buf, 0xEE, sizeof buf);
                    bool got = store_load(id, buf, len);
                    int is_cur = got && !memcmp(buf, cur, len);
                    int is_old = got && !memcmp(buf, old, len);
                    /* Bytes that count: commit, seq, len, payload, crc; the rest is unused slack. */
                    int counts = byte <= 5u + len;
                    if (counts) {
                        CHECK(!is_cur && (with_old ? is_old : !got),
                              "id %u flip byte %u bit %d: got %d cur %d old %d", id, byte, bit, got, is_cur, is_old);
                        detected += !is_cur;
                    } else {
                        CHECK(is_cur, "id %u flip in unused byte %u changed the record", id, byte);
                        harmless++;
                    }
                    ee[addr + byte] ^= (uint8_t)(1 << bit);
                }
            }
            CHECK(load_equals(id, cur, len), "restored image loads the current record");
        }
    }
    printf("store: %ld single-bit flips: %ld detected (older record or none), %ld in unused slack (harmless)\n",
           flips, detected, harmless);
}

/* A power cut after every byte of a save, the interrupted byte left as it
 * was, erased, or random: the load gives the old record or the new one,
 * and the next save works. Done at several ring positions, both records. */
static void test_power_cuts(void)
{
    static uint8_t snap[BOARD_EEPROM_BYTES];
    uint8_t old[256], neu[256], next[256];
    long cuts = 0, got_old = 0, got_new = 0;
    srand(99);
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        for (int history = 0; history < 2 * rec_slots[id] + 2; history++) {
            memset(ee, 0xFF, sizeof ee);
            power_restore();
            uint8_t len = (uint8_t)(1 + (history * 5) % rec_max[id]);
            for (int k = 0; k < history; k++) {      /* move the ring to a new position */
                fill(old, len, (unsigned)k);
                store_save(id, old, len);
            }
            int had_old = history > 0;
            uint8_t nlen = had_old ? len : (uint8_t)(rec_max[id] / 2);   /* same length so old loads */
            fill(neu, nlen, 5000u + (unsigned)history);
            memcpy(snap, ee, sizeof ee);
            unsigned long before = ee_writes;
            store_save(id, neu, nlen);
            long total = (long)(ee_writes - before);
            for (int mode = CUT_CLEAN; mode <= CUT_RANDOM; mode++) {
                for (long k = 0; k <= total; k++) {
                    memcpy(ee, snap, sizeof ee);
                    cut_budget = k;
                    cut_mode = mode;
                    cut_happened = 0;
                    store_save(id, neu, nlen);
                    power_restore();
                    cuts++;
                    CHECK(committed_slots_intact(id), "id %u history %d mode %d cut after %ld: a committed slot is incomplete",
                          id, history, mode, k);
                    uint8_t buf[256];
                    memset(buf, 0xEE, sizeof buf);
                    bool got = store_load(id, buf, nlen);
                    int is_new = got && !memcmp(buf, neu, nlen);
                    int is_old = got && had_old && !memcmp(buf, old, len);
                    CHECK(is_new || is_old || (!got && !had_old),
                          "id %u history %d mode %d cut after %ld of %ld writes: got %d new %d old %d",
                          id, history, mode, k, total, got, is_new, is_old);
                    if (k == total)
                        CHECK(is_new, "id %u: an uncut save is the new record", id);
                    got_old += is_old;
                    got_new += is_new;
                    /* Life goes on: the next save after the cut lands and loads. */
                    fill(next, nlen, 9000u + (unsigned)k);
                    CHECK(store_save(id, next, nlen) && load_equals(id, next, nlen),
                          "id %u: save after a cut at %ld", id, k);
                }
            }
        }
    }
    printf("store: %ld power cuts inside saves: %ld gave the old record, %ld the new one, "
           "%ld none (there was no old one), 0 garbage\n", cuts, got_old, got_new, cuts - got_old - got_new);
}

/* A worn-out cell: the save skips its slot, and the record stays loadable. */
static void test_worn_cell(void)
{
    uint8_t a[256], b[256];
    memset(ee, 0xFF, sizeof ee);
    fill(a, 10, 1);
    store_save(STORE_GAME, a, 10);                         /* slot 0 */
    stuck_addr = STORE_GAME_BASE + 1 * (STORE_GAME_BYTES + STORE_SLOT_OVERHEAD) + 5;   /* slot 1's payload */
    ee[stuck_addr] = 0x3C;
    fill(b, 10, 2);
    CHECK(store_save(STORE_GAME, b, 10), "save around a worn cell");
    CHECK(load_equals(STORE_GAME, b, 10) && store_newest_slot(STORE_GAME) == 2,
          "worn slot skipped: newest is slot %d", store_newest_slot(STORE_GAME));
    stuck_addr = -1;
}

int main(void)
{
    test_images();
    test_round_trip();
    test_ring();
    test_bit_flips();
    test_power_cuts();
    test_worn_cell();
    printf("store: %d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
