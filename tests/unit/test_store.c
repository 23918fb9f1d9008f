/* test_store.c - host tests of the EEPROM records (firmware/lib/store.c)
 * over a fake nvm: round trips, the ring and its wear, blank/zero/random
 * images, every single-bit flip, a power cut after every byte of a save
 * (with the interrupted byte left unchanged, erased or random), and the
 * non-blocking writer: a byte per pass while the EEPROM is busy, the commit
 * last, no ring rescans, newer requests restarting or queueing, and a
 * power cut after every pass of interleaved requests; and the wear rules:
 * saves equal to the newest record dropped, the rate limit, the flush. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_nvm.h"
#include "store.h"
#include "test_rings.h"

/* The EEPROM: tests/common/fake_nvm.c (update semantics, write counting,
 * power cuts, busy polls, a stuck cell, the write log). */

/* The rate limits' clock: each call moves it on by fake_ms_per_call (a
 * minute unless a test holds time still), so the burst never runs out in
 * the tests of the ring itself. */
static uint16_t fake_ms;
static uint16_t fake_ms_per_call = 60000u;
uint16_t clock_ms(void)
{
    fake_ms = (uint16_t)(fake_ms + fake_ms_per_call);
    return fake_ms;
}

static unsigned long kicks;
void watchdog_kick(void)
{
    kicks++;
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
    store_init();
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
        store_init();
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
    store_init();
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
            store_init();
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
            fake_nvm_restore();
            store_init();
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
                    store_init();       /* the toy as it booted before this save */
                    fake_nvm_cut(k, mode);
                    store_save(id, neu, nlen);
                    fake_nvm_restore();
                    store_init();       /* and as it boots after the cut */
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
    store_init();
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

/* --- the non-blocking writer -------------------------------------------- */

static uint16_t slot_addr_of(uint8_t id, uint8_t slot)
{
    uint16_t base = id == STORE_SETTINGS ? STORE_SETTINGS_BASE : STORE_GAME_BASE;
    return (uint16_t)(base + slot * (rec_max[id] + STORE_SLOT_OVERHEAD));
}

/* Write i of the log committed a slot of record id. */
static int log_is_commit(uint8_t id, unsigned i)
{
    for (uint8_t s = 0; s < rec_slots[id]; s++)
        if (write_log[i] == slot_addr_of(id, s))
            return write_val[i] == STORE_COMMIT;
    return 0;
}

/* What a boot would load, found without store.c: the valid slot with the
 * highest seq (serial order); its payload and length, or -1 for none. */
static int boot_record(uint8_t id, uint8_t *buf)
{
    int best = -1;
    uint16_t best_seq = 0;
    for (uint8_t s = 0; s < rec_slots[id]; s++) {
        uint16_t a = slot_addr_of(id, s);
        if (ee[a] != STORE_COMMIT || !slot_intact(id, a))
            continue;
        uint16_t q = (uint16_t)(ee[a + 1] | ee[a + 2] << 8);
        if (best < 0 || (int16_t)(q - best_seq) > 0) {
            best = s;
            best_seq = q;
        }
    }
    if (best < 0)
        return -1;
    uint16_t a = slot_addr_of(id, (uint8_t)best);
    memcpy(buf, &ee[a + 4], ee[a + 3]);
    return ee[a + 3];
}

/* The record a boot would find is one of the n versions given (lengths
 * lens[], contents vers[]), or none when none_ok. */
static int boot_is_one_of(uint8_t id, const uint8_t *const *vers, const uint8_t *lens, int n, int none_ok)
{
    uint8_t buf[256];
    int len = boot_record(id, buf);
    if (len < 0)
        return none_ok;
    for (int i = 0; i < n; i++)
        if (len == lens[i] && !memcmp(buf, vers[i], (size_t)len))
            return 1;
    return 0;
}

/* One main-loop pass: store_step once, with what it did. */
typedef struct {
    unsigned writes, busy_polls, reads;
    bool pending;
} pass_t;

static pass_t one_pass(void)
{
    unsigned long w = write_log_n, b = polls_busy, r = ee_reads;
    pass_t p;
    p.pending = store_step();
    p.writes = (unsigned)(write_log_n - w);
    p.busy_polls = (unsigned)(polls_busy - b);
    p.reads = (unsigned)(ee_reads - r);
    return p;
}

/* A save with the EEPROM busy 3 polls after each write (passes come faster
 * than the chip writes): one byte a pass, never a wait, never a read during
 * a write, the commit last; and in steady state no ring rescan. */
static void test_nonblocking(void)
{
    uint8_t old[256], neu[256], buf[256];
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        memset(ee, 0xFF, sizeof ee);
        store_init();
        uint8_t len = (uint8_t)(rec_max[id] - 2);
        fill(old, len, 21);
        CHECK(store_save(id, old, len), "id %u: first save", id);
        CHECK(!store_step(), "id %u: idle after a save", id);
        busy_after_write = 3;
        unsigned long reads_max = 0, passes_max = 0, wait_fail = 0, order_fail = 0, reads_fail = 0;
        for (unsigned k = 0; k < 3u * rec_slots[id]; k++) {   /* around the ring, three times */
            fill(neu, len, 100 + k);
            write_log_n = 0;
            read_while_busy = 0;
            unsigned long r0 = ee_reads;
            CHECK(store_request(id, neu, len), "id %u: request", id);
            unsigned passes = 0;
            pass_t p;
            do {
                p = one_pass();
                passes++;
                if (p.writes > 1 || p.busy_polls > 1)
                    wait_fail++;        /* more than a byte, or polled again: a wait */
            } while (p.pending && passes < 10000);
            CHECK(!p.pending, "id %u save %u never ended", id, k);
            passes_max = passes > passes_max ? passes : passes_max;
            unsigned long reads = ee_reads - r0;
            reads_max = reads > reads_max ? reads : reads_max;
            /* The verify reads the slot back once: no scan of the ring. */
            if (reads > rec_max[id] + STORE_SLOT_OVERHEAD + 2u)
                reads_fail++;
            if (read_while_busy)
                order_fail++;
            /* The last write is the commit byte, A5, of the slot that now loads. */
            int8_t slot = store_newest_slot(id);
            uint16_t a = slot_addr_of(id, (uint8_t)slot);
            if (!write_log_n || write_log[write_log_n - 1] != a || write_val[write_log_n - 1] != STORE_COMMIT)
                order_fail++;
            for (unsigned i = 0; i + 1 < write_log_n; i++)
                if (write_log[i] == a && write_val[i] == STORE_COMMIT)
                    order_fail++;
            CHECK(load_equals(id, neu, len), "id %u save %u loads", id, k);
        }
        CHECK(!wait_fail, "id %u: %lu passes wrote more than one byte or waited", id, wait_fail);
        CHECK(!order_fail, "id %u: %lu saves not committed last (or read during a write)", id, order_fail);
        CHECK(!reads_fail, "id %u: %lu saves read more than one slot (a rescan)", id, reads_fail);
        printf("store: record %u busy 3 polls a write: a save of %u bytes takes up to %lu passes, "
               "one byte a pass, commit last, %lu EEPROM reads (one slot, no rescan)\n",
               id, len, passes_max, reads_max);
        busy_after_write = 0;
        busy_left = 0;
        /* Idle: nothing touches the EEPROM. */
        unsigned long r0 = ee_reads, w0 = write_log_n;
        CHECK(!store_step() && ee_reads == r0 && write_log_n == w0, "idle step touches nothing");
        CHECK(store_load(id, buf, len) && !memcmp(buf, neu, len), "id %u: last save loads", id);
    }
    /* The blocking save (tests, driver check) feeds the watchdog while it polls. */
    busy_after_write = 2;
    kicks = 0;
    fill(neu, 10, 7);
    CHECK(store_save(STORE_GAME, neu, 10) && kicks > 0, "store_save waits feeding the watchdog (%lu kicks)", kicks);
    busy_after_write = 0;
    busy_left = 0;
}

/* Requests while a save is being written: before its commit byte the newer
 * one restarts the slot (the older never commits); after the commit byte
 * it queues (the older stays committed, the newer follows). At every pass
 * a boot finds the old record or one requested, never a mix. */
static void test_newer_requests(void)
{
    uint8_t v0[256], v1[256], v2[256];
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        for (int late = 0; late < 2; late++) {
            memset(ee, 0xFF, sizeof ee);
            store_init();
            uint8_t l0 = (uint8_t)(rec_max[id] / 2), l1 = (uint8_t)(rec_max[id] / 3), l2 = (uint8_t)(rec_max[id] - 1);
            fill(v0, l0, 1);
            fill(v1, l1, 2);
            fill(v2, l2, 3);
            store_save(id, v0, l0);
            const uint8_t *vers[3] = { v0, v1, v2 };
            const uint8_t lens[3] = { l0, l1, l2 };
            busy_after_write = 2;
            write_log_n = 0;
            store_request(id, v1, l1);
            int committed = 0, torn = 0, passes = 0;
            /* Early: a few bytes in. Late: right after the commit byte's write. */
            while (passes < 10000) {
                pass_t p = one_pass();
                passes++;
                torn += !boot_is_one_of(id, vers, lens, 3, 0);
                for (unsigned i = 0; i < write_log_n; i++)
                    committed |= log_is_commit(id, i);
                if (late ? committed : passes == 8)
                    break;
                CHECK(p.pending, "the first save ended too soon");
            }
            CHECK(committed == late, "id %u late %d: v1 %s committed when v2 is asked for", id, late,
                  committed ? "already" : "not yet");
            if (late)
                CHECK(boot_is_one_of(id, vers + 1, lens + 1, 1, 0), "id %u: v1 committed before v2 is asked for", id);
            store_request(id, v2, l2);
            pass_t p;
            do {
                p = one_pass();
                passes++;
                /* After v1 committed, a boot never goes back to v0. */
                torn += !boot_is_one_of(id, late ? vers + 1 : vers, late ? lens + 1 : lens, late ? 2 : 3, 0);
            } while (p.pending && passes < 10000);
            busy_after_write = 0;
            busy_left = 0;
            CHECK(!torn, "id %u late %d: %d passes where a boot found a torn or older record", id, late, torn);
            CHECK(load_equals(id, v2, l2), "id %u late %d: the newest request wins", id, late);
            int commits = 0;
            for (unsigned i = 0; i < write_log_n; i++)
                commits += log_is_commit(id, i);
            /* early: only v2 is committed; late: v1, then v2 in the next slot */
            CHECK(commits == (late ? 2 : 1), "id %u late %d: %d commits", id, late, commits);
        }
    }
    printf("store: a newer request restarts the slot before its commit and queues after it; "
           "a boot at every pass finds an old or requested record\n");
}

/* Both records asked for in the same pass, the game record again and again
 * while they are written (moves coming fast), then a power cut after every
 * write of that schedule (the byte left as it was, erased or random): a
 * boot finds, for each record, its old version or one that was requested,
 * and the toy saves normally afterwards. */
static void run_schedule(uint8_t (*g)[32], uint8_t *s, uint8_t gl, uint8_t sl, int *passes_out)
{
    int passes = 0;
    store_request(STORE_SETTINGS, s, sl);
    store_request(STORE_GAME, g[1], gl);
    for (int i = 2; i < 5; i++) {
        for (int k = 0; k < 3 + 2 * i; k++, passes++)
            store_step();
        store_request(STORE_GAME, g[i], gl);
    }
    while (store_step() && passes < 100000)
        passes++;
    *passes_out = passes;
}

static void test_schedule_cuts(void)
{
    static uint8_t snap[BOARD_EEPROM_BYTES];
    uint8_t g[5][32], s0[256], s1[256];
    uint8_t gl = (uint8_t)(STORE_GAME_BYTES < 32 ? STORE_GAME_BYTES : 32), sl = STORE_SETTINGS_BYTES;
    for (int i = 0; i < 5; i++)
        fill(g[i], gl, 300u + (unsigned)i);
    fill(s0, sl, 400);
    fill(s1, sl, 401);
    const uint8_t *gv[5] = { g[0], g[1], g[2], g[3], g[4] };
    const uint8_t glen[5] = { gl, gl, gl, gl, gl };
    const uint8_t *sv[2] = { s0, s1 };
    const uint8_t slen[2] = { sl, sl };
    memset(ee, 0xFF, sizeof ee);
    fake_nvm_restore();
    store_init();
    store_save(STORE_SETTINGS, s0, sl);
    store_save(STORE_GAME, g[0], gl);
    memcpy(snap, ee, sizeof snap);
    busy_after_write = 1;
    int passes;
    unsigned long before = ee_writes;
    run_schedule(g, s1, gl, sl, &passes);
    long total = (long)(ee_writes - before);
    CHECK(load_equals(STORE_SETTINGS, s1, sl) && load_equals(STORE_GAME, g[4], gl), "schedule: both newest saved");
    long cuts = 0, bad = 0;
    for (int mode = CUT_CLEAN; mode <= CUT_RANDOM; mode++) {
        for (long k = 0; k <= total; k++) {
            memcpy(ee, snap, sizeof ee);
            busy_left = 0;
            store_init();
            fake_nvm_cut(k, mode);
            int p;
            run_schedule(g, s1, gl, sl, &p);
            fake_nvm_restore();
            busy_left = 0;
            cuts++;
            int ok = committed_slots_intact(STORE_SETTINGS) && committed_slots_intact(STORE_GAME)
                  && boot_is_one_of(STORE_SETTINGS, sv, slen, 2, 0) && boot_is_one_of(STORE_GAME, gv, glen, 5, 0);
            store_init();
            uint8_t next[32];
            fill(next, gl, 9000u + (unsigned)k);
            ok = ok && store_save(STORE_GAME, next, gl) && load_equals(STORE_GAME, next, gl);
            if (k == total)
                ok = ok && load_equals(STORE_SETTINGS, s1, sl);
            bad += !ok;
            if (!ok && bad < 5)
                fprintf(stderr, "schedule cut after %ld of %ld writes, mode %d: wrong boot\n", k, total, mode);
        }
    }
    busy_after_write = 0;
    busy_left = 0;
    CHECK(!bad, "schedule: %ld of %ld cuts booted a torn or unknown record", bad, cuts);
    printf("store: both records asked for at once, the game record 4 times while written (%d passes, "
           "%ld writes): %ld power cuts, each boot an old or requested record\n", passes, total, cuts);
}

/* Passes of the main loop over ms milliseconds, one every 10 ms. */
static void run_for(unsigned long ms)
{
    for (unsigned long t = 0; t < ms; t += 10) {
        fake_ms = (uint16_t)(fake_ms + 10u);
        store_step();
    }
}

static unsigned long busiest_cell(void)
{
    unsigned long hi = 0;
    for (unsigned i = 0; i < BOARD_EEPROM_BYTES; i++)
        hi = ee_wear[i] > hi ? ee_wear[i] : hi;
    return hi;
}

/* Wear: a request the newest record already holds writes nothing; each
 * record's burst is written at once, the next save waits for its gap
 * (merging the requests in between, newest wins), a game record waits
 * behind waiting settings, and a host asking for a change every 10 ms
 * for a day leaves every cell far from 100,000 writes. */
static void test_wear(void)
{
    static const uint8_t burst[STORE_RECORDS] = { STORE_SETTINGS_BURST, STORE_GAME_BURST };
    static const uint16_t gap[STORE_RECORDS] = { STORE_SETTINGS_GAP_S, STORE_GAME_GAP_S(STORE_GAME_SLOTS) };
    uint8_t v[4][256];
    fake_ms_per_call = 0;       /* time moves only in run_for */
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        uint8_t len = (uint8_t)(rec_max[id] - 1);
        for (int i = 0; i < 4; i++)
            fill(v[i], len, 500u + (unsigned)i);
        memset(ee, 0xFF, sizeof ee);
        store_init();
        /* No record: an empty one is the same, nothing is written. */
        write_log_n = 0;
        store_request(id, NULL, 0);
        CHECK(!store_step() && !write_log_n && !store_busy(), "id %u: clearing no record writes nothing", id);
        CHECK(store_save(id, v[0], len), "id %u: first save", id);
        /* The same again, or a change taken back before it is written. */
        write_log_n = 0;
        store_request(id, v[0], len);
        CHECK(!store_step() && !write_log_n, "id %u: a save equal to the newest writes nothing", id);
        store_request(id, v[1], len);
        store_request(id, v[0], len);
        CHECK(!store_step() && !write_log_n, "id %u: a change taken back writes nothing", id);
        store_request(id, v[0], (uint8_t)(len - 1));
        CHECK(!store_step() && write_log_n && load_equals(id, v[0], (uint8_t)(len - 1)),
              "id %u: a shorter record of the same bytes is written", id);
        /* The burst (one used above) goes out at once. */
        int late = 0;
        for (unsigned k = 1; k < burst[id]; k++) {
            store_request(id, v[k & 1], len);
            late += store_step() || !load_equals(id, v[k & 1], len);
        }
        CHECK(!late, "id %u: %d of the burst's %u saves waited", id, late, burst[id]);
        /* Out of saves: the next waits, merging newer requests. */
        write_log_n = 0;
        store_request(id, v[2], len);
        CHECK(store_step() && store_busy() && !write_log_n, "id %u: past the burst a save waits", id);
        run_for(1000ul * gap[id] - 1000);
        store_request(id, v[3], len);
        CHECK(store_step() && !write_log_n, "id %u: still waiting a second before its gap", id);
        run_for(1000);
        CHECK(!store_step() && !store_busy() && load_equals(id, v[3], len), "id %u: written after %u s, the newest request",
              id, gap[id]);
        /* And the next waits a whole gap again. */
        store_request(id, v[1], len);
        run_for(1000ul * gap[id] - 1000);
        CHECK(store_step() && load_equals(id, v[3], len), "id %u: the next save waits its gap too", id);
        run_for(1000);
        CHECK(load_equals(id, v[1], len), "id %u: then it is written", id);
        /* Auto-off: a flush writes what waits at once, then the limit is back. */
        store_request(id, v[2], len);
        CHECK(store_step() && load_equals(id, v[1], len), "id %u: out of saves, it waits", id);
        store_flush();
        CHECK(!store_step() && load_equals(id, v[2], len), "id %u: a flush writes it at once", id);
        store_request(id, v[3], len);
        CHECK(store_step() && load_equals(id, v[2], len), "id %u: after the flush the limit holds", id);
    }
    /* Settings out of saves hold the game record back: they commit first. */
    memset(ee, 0xFF, sizeof ee);
    store_init();
    uint8_t sl = STORE_SETTINGS_BYTES, gl = (uint8_t)(STORE_GAME_BYTES - 2);
    for (unsigned k = 0; k < STORE_SETTINGS_BURST; k++) {
        fill(v[0], sl, 600u + k);
        store_save(STORE_SETTINGS, v[0], sl);
        store_request(STORE_SETTINGS, v[0], sl);    /* the same: no save used */
        store_step();
    }
    for (unsigned k = 0; k < STORE_SETTINGS_BURST; k++) {
        fill(v[0], sl, 700u + k);
        store_request(STORE_SETTINGS, v[0], sl);
        store_step();
    }
    fill(v[1], sl, 800);
    fill(v[2], gl, 801);
    store_request(STORE_SETTINGS, v[1], sl);
    store_request(STORE_GAME, v[2], gl);
    write_log_n = 0;
    run_for(1000ul * STORE_SETTINGS_GAP_S - 1000);
    CHECK(!write_log_n, "a game record behind waiting settings waits too");
    run_for(1000);
    CHECK(load_equals(STORE_SETTINGS, v[1], sl) && load_equals(STORE_GAME, v[2], gl) && write_log_n
              && write_log[0] < STORE_GAME_BASE, "then the settings are written first, the game record after");
    /* A careless host: a change every 10 ms for a day, on each record. */
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        uint8_t len = (uint8_t)(rec_max[id] - 1);
        fill(v[0], len, 900);
        fill(v[1], len, 901);
        memset(ee, 0xFF, sizeof ee);
        memset(ee_wear, 0, sizeof ee_wear);
        store_init();
        for (unsigned long t = 0; t < 86400ul * 100; t++) {
            fake_ms = (uint16_t)(fake_ms + 10u);
            store_request(id, v[t & 1], len);
            store_step();
        }
        unsigned long hi = busiest_cell();
        unsigned long most = 2ul * (burst[id] + 86400ul / gap[id]) / rec_slots[id] + 2;
        CHECK(hi <= most, "id %u: a change every 10 ms for a day: busiest cell %lu writes (at most %lu)", id, hi, most);
        printf("store: record %u asked to change every 10 ms for a day: busiest cell %lu writes "
               "(%.0f days to 100,000)\n", id, hi, 100000.0 / hi);
    }
    fake_ms_per_call = 60000u;
}

/* Spend the settings' burst with distinct saves: the next request waits. */
static void spend_settings_burst(uint8_t *v, uint8_t len)
{
    memset(ee, 0xFF, sizeof ee);
    store_init();
    for (unsigned k = 0; k < STORE_SETTINGS_BURST; k++) {
        fill(v, len, 1000u + k);
        store_request(STORE_SETTINGS, v, len);
        store_step();
    }
}

/* A PC's SAVE (store_flush_host): what waits is written at once, at most
 * once every STORE_HOST_GAP_S; nothing waiting writes nothing and does
 * not count; a host looping a change and SAVE for a day stays within the
 * wear the README states (144 extra saves a day). */
static void test_host_flush(void)
{
    uint8_t v[4][256], len = STORE_SETTINGS_BYTES;
    fake_ms_per_call = 0;
    for (int i = 0; i < 4; i++)
        fill(v[i], len, 1100u + (unsigned)i);
    spend_settings_burst(v[3], len);
    write_log_n = 0;
    CHECK(store_flush_host() && !store_step() && !write_log_n, "nothing waiting: SAVE writes nothing");
    store_request(STORE_SETTINGS, v[0], len);
    CHECK(store_step() && !write_log_n, "past the burst a save waits");
    CHECK(store_flush_host() && !store_step() && load_equals(STORE_SETTINGS, v[0], len),
          "SAVE writes what waits at once (the SAVE with nothing waiting did not count)");
    store_request(STORE_SETTINGS, v[1], len);
    CHECK(!store_flush_host() && store_step() && load_equals(STORE_SETTINGS, v[0], len),
          "a second SAVE at once is refused, the save waits");
    run_for(1000ul * STORE_HOST_GAP_S - 1000);
    CHECK(!store_flush_host() && load_equals(STORE_SETTINGS, v[0], len), "still refused a second before its gap");
    run_for(1000);
    CHECK(store_flush_host() && !store_step() && load_equals(STORE_SETTINGS, v[1], len),
          "honoured again after %u s", STORE_HOST_GAP_S);
    /* A game record waiting behind nothing counts as waiting too. */
    store_init();
    for (unsigned k = 0; k < STORE_GAME_BURST; k++) {
        fill(v[2], STORE_GAME_BYTES, 1200u + k);
        store_request(STORE_GAME, v[2], STORE_GAME_BYTES);
        store_step();
    }
    fill(v[2], STORE_GAME_BYTES, 1300u);
    store_request(STORE_GAME, v[2], STORE_GAME_BYTES);
    CHECK(store_step() && store_flush_host() && !store_step() && load_equals(STORE_GAME, v[2], STORE_GAME_BYTES),
          "a waiting game record is written by SAVE");
    /* A careless host: a change and a SAVE every 10 ms for a day. */
    spend_settings_burst(v[3], len);
    memset(ee_wear, 0, sizeof ee_wear);
    for (unsigned long t = 0; t < 86400ul * 100; t++) {
        fake_ms = (uint16_t)(fake_ms + 10u);
        store_request(STORE_SETTINGS, v[t & 1], len);
        store_flush_host();
        store_step();
    }
    unsigned long hi = busiest_cell();
    unsigned long most = 2ul * (STORE_SETTINGS_BURST + 86400ul / STORE_SETTINGS_GAP_S + 86400ul / STORE_HOST_GAP_S)
                         / STORE_SETTINGS_SLOTS + 2;
    CHECK(hi <= most, "a change and SAVE every 10 ms for a day: busiest cell %lu writes (at most %lu)", hi, most);
    printf("store: a change and SAVE every 10 ms for a day: busiest cell %lu writes (%.1f years to 100,000)\n",
           hi, 100000.0 / hi / 365);
    fake_ms_per_call = 60000u;
}

int main(void)
{
    store_setup(test_rings);
    test_images();
    test_round_trip();
    test_ring();
    test_bit_flips();
    test_power_cuts();
    test_worn_cell();
    test_nonblocking();
    test_newer_requests();
    test_schedule_cuts();
    test_wear();
    test_host_flush();
    printf("store: %d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
