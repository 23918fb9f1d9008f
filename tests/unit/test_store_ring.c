/* test_store_ring.c - host tests of store.c on rings it did not write
 * itself: valid slots whose seq numbers are scattered over the 16-bit
 * circle, as a foreign or corrupted image can hold (fuzz_eeprom found one:
 * tests/fuzz/corpus/eeprom/seq_scattered). In serial-number order such a
 * ring has no newest slot, so the scan's pick depends on the slots' order;
 * before store.c cleared the slots out of the newest's window, a save was
 * lost at every later boot. Checked here, over thousands of random images
 * on both records:
 *   - every save comes back after a power cycle, save after save, around
 *     the ring twice;
 *   - the clearing writes commit bytes only, of valid slots out of the
 *     newest's window, and never reads while a write is in progress;
 *   - a ring the store wrote itself (its seqs within the ring's length,
 *     none twice) is never touched by it;
 *   - the slot loaded before the clearing is still the one loaded after
 *     it, also where a second slot holds the newest's seq;
 *   - a power cut after any byte of the clearing: the next boot loads a
 *     record the image held (not always the same one: with some slots
 *     cleared, the scan's pick over what is left may differ; nothing the
 *     toy saved is lost, as the clearing precedes every save), and the
 *     next saves still come back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_nvm.h"
#include "store.h"
#include "test_rings.h"

/* The EEPROM: tests/common/fake_nvm.c, busy two polls after each write. */

/* A minute a call: the rate limits never hold a save back here. */
static uint16_t fake_ms;
uint16_t clock_ms(void)
{
    fake_ms = (uint16_t)(fake_ms + 60000u);
    return fake_ms;
}

void watchdog_kick(void)
{
}

/* --- the slot format, written independently of store.c ----------------- */
static const uint16_t rec_base[STORE_RECORDS] = { STORE_SETTINGS_BASE, STORE_GAME_BASE };
static const uint8_t rec_max[STORE_RECORDS] = { STORE_SETTINGS_BYTES, STORE_GAME_BYTES };
static const uint8_t rec_slots[STORE_RECORDS] = { STORE_SETTINGS_SLOTS, STORE_GAME_SLOTS };

static uint16_t crc_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)(byte << 8);
    for (int i = 0; i < 8; i++)
        crc = (uint16_t)(crc & 0x8000u ? (unsigned)crc << 1 ^ 0x1021u : (unsigned)crc << 1);
    return crc;
}

static uint16_t slot_addr(uint8_t id, uint8_t s)
{
    return (uint16_t)(rec_base[id] + s * (rec_max[id] + STORE_SLOT_OVERHEAD));
}

/* A committed slot of len bytes from seed, with its CRC. */
static void slot_write(uint8_t id, uint8_t s, uint16_t seq, uint8_t len, unsigned seed)
{
    uint8_t *p = ee + slot_addr(id, s);
    p[0] = STORE_COMMIT;
    p[1] = (uint8_t)seq;
    p[2] = (uint8_t)(seq >> 8);
    p[3] = len;
    for (uint8_t i = 0; i < len; i++)
        p[4 + i] = (uint8_t)(seed * 37u + i * 11u);
    uint16_t crc = crc_update(0xFFFFu, id);
    for (unsigned i = 1; i < 4u + len; i++)
        crc = crc_update(crc, p[i]);
    p[4 + len] = (uint8_t)crc;
    p[5 + len] = (uint8_t)(crc >> 8);
}

static bool slot_valid(uint8_t id, uint8_t s, uint16_t *seq)
{
    const uint8_t *p = ee + slot_addr(id, s);
    uint8_t len = p[3];
    if (p[0] != STORE_COMMIT || len > rec_max[id])
        return false;
    uint16_t crc = crc_update(0xFFFFu, id);
    for (unsigned i = 1; i < 4u + len; i++)
        crc = crc_update(crc, p[i]);
    if ((p[4 + len] | p[5 + len] << 8) != crc)
        return false;
    *seq = (uint16_t)(p[1] | p[2] << 8);
    return true;
}

/* Run store_step until nothing is pending (the EEPROM's busy polls pass
 * as calls). */
static bool step_all(void)
{
    for (unsigned i = 0; i < 100000u; i++)
        if (!store_step() && !busy_left)
            return true;
    return false;
}

static unsigned len_of(uint8_t id)
{
    return id ? rec_max[id] : 5u;   /* the settings' slots: short payloads */
}

/* A random image of record id: each slot blank or committed with a
 * random seq: scattered (anywhere on the circle) or clustered (within the
 * ring's length, where two slots often share one); with twins, a
 * scattered ring where some slots repeat an earlier slot's seq
 * (fuzz_eeprom found one: two slots of the newest seq, and the scan's
 * pick between them moved once other slots were cleared). */
static void image_random(uint8_t id, bool scattered, bool twins)
{
    uint16_t base = (uint16_t)rand(), used[32];
    unsigned n = 0;
    for (uint8_t s = 0; s < rec_slots[id]; s++) {
        int r = rand() % 4;
        if (r == 0)
            continue;
        uint16_t seq = scattered ? (uint16_t)rand() : (uint16_t)(base + rand() % rec_slots[id]);
        if (twins && n && rand() % 3 == 0)
            seq = used[rand() % n];
        used[n++] = seq;
        slot_write(id, s, seq, (uint8_t)len_of(id), (unsigned)rand());
    }
}

/* Saves around the ring twice, each followed by a power cycle; each must
 * come back. Returns the number of saves lost. */
static unsigned saves_round_trip(uint8_t id, unsigned seed)
{
    uint8_t buf[STORE_GAME_BYTES > STORE_SETTINGS_BYTES ? STORE_GAME_BYTES : STORE_SETTINGS_BYTES];
    uint8_t got[sizeof buf];
    unsigned lost = 0, n = len_of(id);
    for (unsigned k = 0; k < 2u * rec_slots[id]; k++) {
        for (unsigned i = 0; i < n; i++)
            buf[i] = (uint8_t)(seed + k * 13u + i);
        store_request(id, buf, (uint8_t)n);
        CHECK(step_all(), "id %u: a save never ended", id);
        store_init();
        if (!store_load(id, got, (uint8_t)n) || memcmp(got, buf, n))
            lost++;
    }
    return lost;
}

int main(void)
{
    busy_after_write = 2;     /* the EEPROM busy two polls after each write */
    srand(24);
    store_setup(test_rings);
    unsigned images = 0, scrubbed_images = 0, twin_images = 0, lost = 0, bad_writes = 0, touched_own = 0;
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        for (unsigned t = 0; t < 3000u; t++) {
            bool scattered = t % 3 != 0;
            memset(ee, 0xFF, sizeof ee);
            image_random(id, scattered, t % 3 == 2);
            uint8_t before[BOARD_EEPROM_BYTES];
            memcpy(before, ee, sizeof ee);
            /* Each valid slot's seq, to judge the clearing. */
            uint16_t seq[32];
            bool valid[32];
            for (uint8_t s = 0; s < rec_slots[id]; s++)
                valid[s] = slot_valid(id, s, &seq[s]);
            busy_left = 0;
            write_log_n = 0;
            read_while_busy = 0;
            store_init();
            uint8_t dummy[STORE_SETTINGS_BYTES];
            store_load(id, dummy, (uint8_t)len_of(id));
            int8_t newest = store_newest_slot(id);
            /* As the store writes: within the ring's length, no seq twice. */
            bool own = !scattered;
            for (uint8_t a = 0; a < rec_slots[id] && own; a++)
                for (uint8_t b = 0; b < rec_slots[id]; b++)
                    if (valid[a] && valid[b] && a != b && (((uint16_t)(seq[a] - seq[b]) >= rec_slots[id]
                            && (uint16_t)(seq[b] - seq[a]) >= rec_slots[id]) || seq[a] == seq[b]))
                        own = false;
            for (uint8_t s = 0; s < rec_slots[id] && newest >= 0; s++)
                if (valid[s] && s != (uint8_t)newest && seq[s] == seq[newest]) {
                    twin_images++;
                    break;
                }
            /* The clearing alone: store_step with nothing requested. */
            CHECK(step_all(), "id %u image %u: the clearing never ended", id, t);
            for (unsigned w = 0; w < write_log_n; w++) {
                uint16_t off = (uint16_t)(write_log[w] - rec_base[id]);
                uint8_t s = (uint8_t)(off / (rec_max[id] + STORE_SLOT_OVERHEAD));
                bool commit_byte = write_log[w] >= rec_base[id] && off % (rec_max[id] + STORE_SLOT_OVERHEAD) == 0
                                   && s < rec_slots[id];
                /* kept: the slots 1 .. slots - 1 behind the newest */
                if (!commit_byte || write_val[w] == STORE_COMMIT || s == (uint8_t)newest || !valid[s]
                        || (uint16_t)(seq[newest] - seq[s] - 1u) < rec_slots[id] - 1u)
                    bad_writes++;
            }
            if (own && memcmp(before, ee, sizeof ee))
                touched_own++;
            scrubbed_images += write_log_n > 0;
            CHECK(!read_while_busy, "id %u image %u: %lu reads while a write was in progress",
                  id, t, read_while_busy);
            /* What loaded still loads after the clearing. */
            if (newest >= 0)
                CHECK(store_newest_slot(id) == newest, "id %u image %u: newest moved from slot %d to %d",
                      id, t, newest, store_newest_slot(id));
            store_init();
            store_load(id, dummy, (uint8_t)len_of(id));
            lost += saves_round_trip(id, t);
            images++;
        }
    }
    CHECK(!lost, "%u saves lost at the next boot", lost);
    CHECK(!bad_writes, "%u clearing writes not a commit byte of a valid slot out of the newest's window", bad_writes);
    CHECK(twin_images > 100, "only %u images with the newest's seq twice: the test lost its teeth", twin_images);
    CHECK(!touched_own, "%u rings within their length touched", touched_own);
    CHECK(scrubbed_images > images / 3, "only %u of %u images needed clearing: the test lost its teeth",
          scrubbed_images, images);
    printf("store ring: %u random images (2/3 scattered, 1/3 with seqs twice), %u cleared, %u with the newest's seq "
           "twice; then saves around each ring twice, a power cycle after each: %u lost\n",
           images, scrubbed_images, twin_images, lost);

    /* A power cut after each write of the clearing. */
    unsigned cuts = 0, cut_lost = 0;
    for (unsigned t = 0; t < 300u; t++) {
        uint8_t id = (uint8_t)(t & 1);
        for (long c = 0; c < 8; c++) {
            srand(1000u + t);
            memset(ee, 0xFF, sizeof ee);
            image_random(id, true, t % 4 == 0);
            uint8_t image[BOARD_EEPROM_BYTES], got[STORE_SETTINGS_BYTES];
            memcpy(image, ee, sizeof ee);
            busy_left = 0;
            store_init();
            bool had = store_load(id, got, (uint8_t)len_of(id));
            fake_nvm_cut(c, CUT_CLEAN);
            step_all();
            fake_nvm_restore();
            busy_left = 0;
            store_init();
            bool has = store_load(id, got, (uint8_t)len_of(id)), held = false;
            for (uint8_t s = 0; s < rec_slots[id] && has; s++) {
                const uint8_t *p = image + slot_addr(id, s);
                held |= p[0] == STORE_COMMIT && !memcmp(p + 4, got, len_of(id));
            }
            if (had != has || (has && !held))
                cut_lost++;
            cut_lost += saves_round_trip(id, t + 7u);
            cuts++;
        }
    }
    CHECK(!cut_lost, "%u of %u power cuts in the clearing lost the record or a later save", cut_lost, cuts);
    printf("store ring: %u power cuts in the clearing: %u lost a record or a later save\n", cuts, cut_lost);
    printf("store ring: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
