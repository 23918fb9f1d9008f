/* store.c - power-cut-safe EEPROM records with a wear-spreading ring; the
 * layout and the write order that makes it safe are described in store.h. */
#include "store.h"

#include <stddef.h>

#include "pgm.h"

_Static_assert(STORE_RECORDS == 2, "store_step picks the next record as 0 or 1, bit id + 1");
enum { SLOT_COMMIT = 0, SLOT_SEQ = 1, SLOT_LEN = 3, SLOT_DATA = 4 };
#define SLOT_NONE 0xFF  /* no slot: a ring with no valid one (store_scan, newest) */
/* The records' rings (store_setup), and record 1's gap (store_gap: the
 * division once, not at every save). */
static store_ring_t store_rings[STORE_RECORDS];
static uint16_t store_game_gap;

/* Geometry of record id (0 or 1: the public calls check the id). */
static uint8_t store_max(uint8_t id)
{
    return store_rings[id].max;
}

NOINLINE static uint8_t store_slots(uint8_t id)
{
    return store_rings[id].slots;
}

NOINLINE static uint16_t store_slot_addr(uint8_t id, uint8_t slot)
{
    return (uint16_t)(store_rings[id].base + (uint16_t)(slot * (uint8_t)(store_max(id) + STORE_SLOT_OVERHEAD)));
}

/* CRC-16/CCITT-FALSE step (poly 0x1021): detects every 1- and 2-bit error
 * and every burst up to 16 bits in a slot. A byte at a time by shifts and
 * XORs (the same values as the bit-at-a-time loop, checked for every crc
 * and byte), about 4x faster: a save checksums its slot on every main-loop
 * pass, and that pass keeps the PC link's receive ring waiting. */
static uint16_t store_crc_update(uint16_t crc, uint8_t byte)
{
    crc = (uint16_t)(crc >> 8 | crc << 8);
    crc ^= byte;
    crc ^= (uint8_t)crc >> 4;
    crc ^= (uint16_t)(crc << 12);
    crc ^= (uint16_t)((uint8_t)crc << 5);
    return crc;
}

NOINLINE static uint16_t store_read16(uint16_t addr)
{
    return (uint16_t)(nvm_read(addr) | ((uint16_t)nvm_read((uint16_t)(addr + 1)) << 8));
}

/* The seq of the slot store_slot_valid last found valid. */
static uint16_t store_valid_seq;

/* True if the slot at addr is committed and its CRC holds; its seq then
 * is in store_valid_seq. */
static bool store_slot_valid(uint8_t id, uint16_t addr)
{
    if (nvm_read(addr) != STORE_COMMIT)
        return false;
    uint8_t n = nvm_read((uint16_t)(addr + SLOT_LEN));
    if (n > store_max(id))
        return false;
    uint16_t crc = store_crc_update(0xFFFFu, id);
    for (uint16_t a = (uint16_t)(addr + SLOT_SEQ); a < (uint16_t)(addr + SLOT_DATA + n); a++)
        crc = store_crc_update(crc, nvm_read(a));
    if (store_read16((uint16_t)(addr + SLOT_DATA + n)) != crc)
        return false;
    store_valid_seq = store_read16((uint16_t)(addr + SLOT_SEQ));
    return true;
}

/* What the store knows of each record, and the save being written. Zero
 * (as after reset) is "idle"; the newest slot is known once the record
 * was loaded. */
typedef struct {
    const uint8_t *src;     /* the latest request */
    struct {
        uint16_t seq;       /* the sequence number the next save gets */
        uint8_t len;        /* the length being written */
    } head;                 /* bytes 1..3 of the slot being written (seq
                             * little-endian, as on the AVR and the PC) */
    uint8_t newest;         /* newest valid slot, SLOT_NONE if none */
    uint8_t newest_len;     /* its length */
    uint8_t len;            /* the latest request's length */
    bool want;              /* a request store_step has not taken yet */
    uint8_t scrub;          /* slots store_scrub has still to look at */
    uint16_t debt;          /* seconds of gap owed: a gap a save, less a second a second */
} store_rec_t;

static store_rec_t store_recs[STORE_RECORDS];
static struct {
    uint8_t job;            /* record being written + 1, 0 idle */
    uint8_t slot;           /* its target slot (never the newest) */
    uint8_t tries;          /* slots it may still try (a worn-out one fails to verify) */
    uint8_t done;           /* bytes of the slot written so far */
    uint16_t crc;           /* the CRC over the id and those bytes */
} store_job;
static bool store_last_ok;  /* the last save verified (store_save) */
static bool store_forced;   /* store_save, store_flush: no rate limit */
static uint16_t store_second;   /* clock_ms of the last whole second counted */
static uint16_t store_host_debt;    /* seconds until a PC's SAVE is honoured again */

static uint16_t store_gap(uint8_t id)
{
    return id ? store_game_gap : STORE_SETTINGS_GAP_S;
}

/* A save may start while its record owes at most its burst less one gap:
 * the burst at once from no debt, then one a gap. */
static uint16_t store_debt_max(uint8_t id)
{
    return (uint16_t)((id ? STORE_GAME_BURST - 1u : STORE_SETTINGS_BURST - 1u) * store_gap(id));
}
_Static_assert(STORE_GAME_BURST * STORE_GAME_GAP_S(2u) <= 0xFFFFu && STORE_SETTINGS_BURST * STORE_SETTINGS_GAP_S <= 0xFFFFu,
               "a record's debt is counted in 16 bits");

/* A request waits for its rate limit (store_step would not start it).
 * Out of line (size: store_step and store_flush_host share it). */
NOINLINE static bool store_held(uint8_t id)
{
    const store_rec_t *rs = &store_recs[id];
    return rs->want && rs->debt > store_debt_max(id);
}

/* The rate limits' clock: whole seconds of running time (clock_ms wraps
 * after 65 s, so debts are paid a second at a time). */
static void store_clock(void)
{
    while ((uint16_t)(clock_ms() - store_second) >= 1000u) {
        store_second = (uint16_t)(store_second + 1000u);
        for (store_rec_t *rs = store_recs; rs < store_recs + STORE_RECORDS; rs++)
            if (rs->debt)
                rs->debt--;
        if (store_host_debt)
            store_host_debt--;
    }
}

/* The newest record already holds the request (an empty one is the same
 * as none): nothing to write. Read while the EEPROM is idle (between
 * saves), so it never waits. rs: store_step's (its own look-up cost flash). */
static bool store_same(uint8_t id, const store_rec_t *rs)
{
    if (rs->newest == SLOT_NONE)
        return !rs->len;
    if (rs->newest_len != rs->len)
        return false;
    uint16_t a = (uint16_t)(store_slot_addr(id, rs->newest) + SLOT_DATA);
    for (uint8_t i = 0; i < rs->len; i++)
        if (nvm_read((uint16_t)(a + i)) != rs->src[i])
            return false;
    return true;
}

/* The slot just checked (store_valid_seq) is not one the store's own
 * saves leave beside the newest (seq newest): those are 1 .. slots - 1
 * behind it. Out of that window: far off on the 16-bit circle, or the
 * newest's own seq in a second slot (fuzz_eeprom found a ring with two
 * slots of one seq: the scan picked one, and after the other slots were
 * cleared, the other). */
static bool store_out_of_window(uint8_t id, uint16_t newest)
{
    return (uint16_t)(newest - 1u - store_valid_seq) >= (uint16_t)(store_slots(id) - 1u);
}

/* Find the newest valid slot (highest seq in serial-number order) and
 * remember it; SLOT_NONE if none. Only when a record is loaded (boot): every
 * later save knows it from RAM. */
static uint8_t store_scan(uint8_t id)
{
    store_rec_t *rs = BASE_REG(&store_recs[id]);  /* size: as store_step */
    uint8_t best = SLOT_NONE;
    uint16_t seq = 0;
    for (uint8_t s = 0; s < store_slots(id); s++) {
        if (store_slot_valid(id, store_slot_addr(id, s))
                && (best == SLOT_NONE || (int16_t)(store_valid_seq - seq) > 0)) {
            best = s;
            seq = store_valid_seq;
        }
    }
    rs->newest = best;
    rs->newest_len = nvm_read((uint16_t)(store_slot_addr(id, best) + SLOT_LEN));
    /* No record yet: the first slot written is 0 with seq 0. */
    rs->head.seq = (uint16_t)(seq + (best != SLOT_NONE));
    return best;
}

/* The store's own saves leave a ring's valid slots within the ring's
 * length behind the newest (each save goes to the slot after the newest).
 * A foreign or corrupted image can hold valid slots scattered over the
 * 16-bit circle, where no slot is newest in serial order: the scan's pick
 * then depends on the slots' order, and the next boot can pick an old slot
 * over the save just written, at every boot (fuzz_eeprom found one).
 * Before any save of the record, the commit byte of every valid slot out
 * of the newest's window is cleared, a byte a pass: then the save after
 * the newest is newest at every later boot. A power cut in between leaves
 * the slot as it was, or invalid, and the next boot looks again. Each
 * slot is looked at once after power-on (store_init), in store_step's
 * first pass: its CRC read again, as the boot's scan did. True while
 * such a write is in progress. */
static bool store_scrub_wait;   /* a commit byte store_scrub cleared is being written */

static bool store_scrub(void)
{
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        store_rec_t *rs = &store_recs[id];
        for (; rs->scrub; rs->scrub--) {
            uint8_t s = (uint8_t)(rs->scrub - 1);
            uint16_t addr = store_slot_addr(id, s);
            if (store_scrub_wait) {
                /* nvm_read would wait for the write: once more (equal, no
                 * write) as the wait for its end, as store_write_slot does */
                if (!nvm_write_if_ready(addr, 0))
                    return true;
                store_scrub_wait = false;
            } else if (s != rs->newest && store_slot_valid(id, addr)
                    && store_out_of_window(id, (uint16_t)(rs->head.seq - 1u))) {
                store_scrub_wait = nvm_write_if_ready(addr, 0);
                return true;
            }
        }
    }
    return false;
}

void store_init(void)
{
    store_job.job = 0;
    store_scrub_wait = false;
    store_second = clock_ms();
    store_host_debt = 0;
    for (uint8_t id = 0; id < STORE_RECORDS; id++) {
        store_recs[id].want = false;
        store_recs[id].debt = 0;
        store_scan(id);
        /* Every slot but the newest is store_scrub's to look at, once,
         * before the first save: the scan's one pass cannot know a slot
         * out of the window until it knows the newest (a second pass was
         * more flash than store_scrub's own look). */
        store_recs[id].scrub = store_slots(id);
    }
}

int8_t store_newest_slot(uint8_t id)
{
    return id < STORE_RECORDS ? (int8_t)store_scan(id) : -1;
}

uint8_t store_len(uint8_t id)
{
    return store_scan(id) == SLOT_NONE ? STORE_NONE : store_recs[id].newest_len;
}

void store_setup(const store_ring_t rings[STORE_RECORDS])
{
    for (uint8_t i = 0; i < sizeof store_rings; i++)
        ((uint8_t *)store_rings)[i] = PGM_U8((const uint8_t *)rings + i);
    store_game_gap = STORE_GAME_GAP_S(store_rings[STORE_GAME].slots);
    store_init();
}

bool store_load(uint8_t id, void *buf, uint8_t len)
{
    if (id >= STORE_RECORDS || len == 0 || len > store_max(id))
        return false;
    uint8_t s = store_scan(id);
    uint16_t a = store_slot_addr(id, s);
    if (s == SLOT_NONE || nvm_read((uint16_t)(a + SLOT_LEN)) != len)
        return false;
    a = (uint16_t)(a + SLOT_DATA);
    uint8_t *p = buf;
    for (uint8_t i = 0; i < len; i++)
        p[i] = nvm_read((uint16_t)(a + i));
    return true;
}

/* Left to LTO (in the game's and the settings' save requests): out of line
 * it was smaller once, bigger since the game's request is a function. */
bool store_request(uint8_t id, const void *buf, uint8_t len)
{
    if (id >= STORE_RECORDS || len > store_max(id))
        return false;
    store_rec_t *rs = &store_recs[id];
    rs->src = buf;
    rs->len = len;
    rs->want = true;
    return true;
}

/* Next target: the slot after the current one that is not the newest,
 * from its first byte. */
static void store_next_slot(uint8_t id, uint8_t newest)
{
    do {
        if (++store_job.slot >= store_slots(id))
            store_job.slot = 0;
    } while (store_job.slot == newest);
    store_job.done = 0;
}

/* Write the job's slot at addr in the safe order, as far as the EEPROM
 * lets it: from the first byte not yet written, while the EEPROM is ready
 * (a byte a pass on the chip, the whole slot at once in simavr). The CRC
 * is carried in store_job from pass to pass, so a pass costs the bytes it
 * writes, not the whole slot (the whole settings slot a pass on 32
 * columns kept a press's frame waiting behind it). True once all
 * is written, the commit last, and the EEPROM is idle again. Out of line
 * (size: LTO copied it into its callers). */
NOINLINE static bool store_write_slot(uint8_t id, uint16_t addr, const store_rec_t *rs)
{
    uint8_t end = (uint8_t)(rs->head.len + SLOT_DATA);     /* where the CRC goes */
    if (!store_job.done)
        store_job.crc = store_crc_update(0xFFFFu, id);
    for (uint8_t k; (k = store_job.done) <= (uint8_t)(end + 3); ) {
        uint16_t a = (uint16_t)(addr + k);
        uint16_t crc = store_job.crc;
        uint8_t v = NVM_ERASED; /* byte 0 first: uncommitted while it is half written */
        if (k < end) {
            if (k) {
                v = k < SLOT_DATA ? ((const uint8_t *)&rs->head)[k - SLOT_SEQ] : rs->src[k - SLOT_DATA];
                crc = store_crc_update(crc, v);
            }
        } else if (k < end + 2) {
            v = k == end ? (uint8_t)crc : (uint8_t)(crc >> 8);
        } else {
            /* The commit, last; then once more (equal, no write) as the
             * wait for its write to end before the read-back. */
            a = addr;
            v = STORE_COMMIT;
        }
        if (!nvm_write_if_ready(a, v))
            return false;
        store_job.crc = crc;
        store_job.done++;
    }
    return true;
}

/* Out of line: inlined into main (and store_save) it cost more flash;
 * a call a main-loop pass costs a few cycles. */
NOINLINE bool store_step(void)
{
    bool idle = true;       /* no write of ours can be in progress */
    for (;;) {
        uint8_t id = (uint8_t)(store_job.job - 1);
        store_rec_t *rs;
        if (!store_job.job) {
            if (store_scrub())
                return true;
            /* Time counts only where a save may start: a save in progress
             * lasts well under clock_ms's 65 s. */
            store_clock();
            if (store_recs[0].want)
                id = 0;
            else if (store_recs[1].want)
                id = 1;
            else {
                store_forced = false;   /* a flush ends once all is written */
                return false;
            }
            rs = BASE_REG(&store_recs[id]);
            /* Out of saves: it waits for its gap (a game record waits
             * behind waiting settings: they always commit first). */
            if (!store_forced && store_held(id))
                return true;
            if (idle && store_same(id, rs)) {
                rs->want = false;
                continue;
            }
            store_job.job = (uint8_t)(id + 1);
            store_job.slot = rs->newest;
            store_job.tries = (uint8_t)(store_slots(id) - 1);
            store_next_slot(id, store_job.slot);
        }
        rs = BASE_REG(&store_recs[id]);     /* size: else id * 12 at each use */
        if (store_job.done <= (uint8_t)(rs->head.len + SLOT_DATA + 2)) {
            /* Its commit byte is not written. The settings always go
             * first: a settings request preempts a game record (its slot
             * stays uncommitted and starts over with the record's latest
             * request after the settings). The end of a game counts its
             * result in the settings, then clears the game record: this
             * order, with the game's number (game.c), makes it safe
             * against a power cut. */
            if (id && store_recs[STORE_SETTINGS].want) {
                rs->want = true;
                store_job.job = 0;
                idle = false;
                continue;
            }
            /* A newer request for this record: the slot starts over with
             * it (after the commit byte, it queues). */
            if (rs->want) {
                rs->want = false;
                rs->head.len = rs->len;
                store_job.done = 0;
            }
        }
        uint16_t addr = store_slot_addr(id, store_job.slot);
        if (!store_write_slot(id, addr, rs))
            return true;    /* the EEPROM is busy: the next pass goes on */
        /* Committed, and the EEPROM is idle: read it back. */
        if (store_slot_valid(id, addr) && store_valid_seq == rs->head.seq) {
            rs->newest = store_job.slot;
            rs->newest_len = rs->head.len;
            rs->head.seq++;
            store_job.job = 0;
            store_last_ok = true;
        } else if (!--store_job.tries) {
            store_job.job = 0;  /* worn out: the old record is still there */
            store_last_ok = false;
        } else {
            store_next_slot(id, rs->newest);
            continue;
        }
        if (!store_forced)
            rs->debt = (uint16_t)(rs->debt + store_gap(id));
    }
}

bool store_save(uint8_t id, const void *buf, uint8_t len)
{
    if (!store_request(id, buf, len))
        return false;
    store_forced = true;
    store_last_ok = true;   /* stays true if the record already held it */
    while (store_step())
        watchdog_kick();
    store_forced = false;
    return store_last_ok;
}

void store_flush(void)
{
    store_forced = true;
}

/* Not store_forced: that lasts while requests keep coming (a host
 * sending SET while the save is written would never be limited again).
 * Each waiting record is granted one save instead, which adds its gap
 * to the debt as any save does. */
bool store_flush_host(void)
{
    if (!store_held(STORE_SETTINGS) && !store_held(STORE_GAME))
        return true;
    if (store_host_debt)
        return false;
    store_host_debt = STORE_HOST_GAP_S;
    /* (one record's debt changes no other's store_held) */
    for (uint8_t id = 0; id < STORE_RECORDS; id++)
        if (store_held(id))
            store_recs[id].debt = store_debt_max(id);
    return true;
}

bool store_busy(void)
{
    return store_job.job || store_recs[STORE_SETTINGS].want || store_recs[STORE_GAME].want;
}
