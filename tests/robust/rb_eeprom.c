/* rb_eeprom.c - the EEPROM image campaign: boots from blank, zero and random
 * images and from every single bit flip of each record's newest and
 * previous slot; the toy comes back to its defaults or to the intact copy. */
#include <stdio.h>
#include <string.h>

#include "rb.h"
#include "rb_campaign.h"
#include "game.h"
#include "store.h"

static uint16_t crc_step(uint16_t crc, uint8_t b)
{
    crc ^= (uint16_t)b << 8;
    for (int i = 0; i < 8; i++)
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    return crc;
}

/* store.h's slot format, read independently of store.c: the newest valid
 * slot of a record and the number of bytes its CRC covers, or -1. */
static int newest_slot(const uint8_t *img, uint8_t id, unsigned base, unsigned max, unsigned slots, unsigned *span)
{
    int best = -1;
    uint16_t best_seq = 0;
    for (unsigned sl = 0; sl < slots; sl++) {
        const uint8_t *p = img + base + sl * (max + STORE_SLOT_OVERHEAD);
        if (p[0] != STORE_COMMIT || p[3] > max)
            continue;
        uint16_t crc = crc_step(0xFFFF, id);
        for (unsigned i = 1; i < 4u + p[3]; i++)
            crc = crc_step(crc, p[i]);
        if ((p[4 + p[3]] | (p[5 + p[3]] << 8)) != crc)
            continue;
        uint16_t seq = (uint16_t)(p[1] | (p[2] << 8));
        if (best < 0 || (int16_t)(seq - best_seq) > 0) {
            best = (int)sl;
            best_seq = seq;
            *span = 6u + p[3];
        }
    }
    return best;
}

static bool same_state(const rb_state_t *a, const rb_state_t *b)
{
    return a->nset == b->nset && !memcmp(a->set, b->set, (size_t)a->nset) && a->in_game == b->in_game &&
           (!a->in_game || (rb_pos_equal(&a->pos, &b->pos) && a->turn == b->turn)) && a->w == b->w && a->l == b->l;
}

static void boot_image(const uint8_t *img, rb_state_t *r, unsigned game)
{
    memcpy(rb_ee(), img, BOARD_EEPROM_BYTES);
    rb_power_cut(false);
    rb_boot_wait();
    rb_state_get(r);
    rb_scores_get(game, &r->w, &r->l);
    if (r->in_game && (engine_check_pos(&r->pos) || !engine_has_move(&r->pos)))
        rb_fail("booted into a corrupt game %s", rb_pos_str(&r->pos));
}

/* The heap game the EEPROM campaign plays (POS 7 6 5, MOVE 0 4): TAKE 1-5
 * in columns, by its number on the link (its id: 2 x its rule's number,
 * docs/protocol.md). */
#define EE_GAME (RULE_NUM_SUB5 * 2u)

static uint8_t img[BOARD_EEPROM_BYTES], good[BOARD_EEPROM_BYTES];
static uint64_t images, flips;

/* Blank, zero and random images: the defaults (scores 0, no game) in def. */
static void boot_defaults(rb_state_t *def)
{
    rb_state_t r;
    memset(img, 0xFF, sizeof img);
    boot_image(img, def, EE_GAME);
    images++;
    if (def->in_game || def->w || def->l)
        rb_fail("a blank EEPROM boots with a game or scores");
    memset(img, 0, sizeof img);
    boot_image(img, &r, EE_GAME);
    images++;
    if (!same_state(&r, def))
        rb_fail("an all-zero EEPROM does not boot to the defaults");
    for (int k = 0; k < 20; k++) {
        for (unsigned i = 0; i < sizeof img; i++)
            img[i] = (uint8_t)rb_rnd();
        boot_image(img, &r, EE_GAME);
        images++;
        if (!same_state(&r, def))
            rb_fail("a random EEPROM image does not boot to the defaults");
    }
}

/* The states seen after each save of the history: the game before its
 * latest move, the settings before their latest change, the newest. */
typedef struct {
    rb_state_t oldgame, oldset, newest;
} history_t;

/* A history with two copies of each record: settings v1 then v2, a game
 * and two moves; saved in good, and it comes back after a power cycle. */
static void save_history(history_t *h)
{
    rb_state_t r;
    memset(img, 0xFF, sizeof img);
    boot_image(img, &r, EE_GAME);
    /* Each save written out before the next command (3.4 ms a byte), so
     * that each one is a copy of its own in the ring. */
    rb_command_ok("SET OFF 4");
    rb_command_ok("SET OPP 1");        /* two players: nothing moves by itself */
    if (!strstr(rb_command_ok("GAME %u", EE_GAME), " TAKE 1-5"))
        rb_fail("game %u is not TAKE 1-5 in columns", EE_GAME);
    rb_wait_saved();
    rb_command_ok("POS 7 6 5");
    rb_wait_saved();
    rb_state_get(&h->oldgame);
    rb_command_ok("MOVE 0 4");
    rb_wait_saved();
    rb_command_ok("SET BRIGHT 3");
    rb_wait_saved();
    rb_state_get(&h->oldset);
    rb_command_ok("SET LEVEL 2");
    rb_wait_saved();
    rb_state_get(&h->newest);
    rb_scores_get(5, &h->newest.w, &h->newest.l);
    h->oldset.w = h->oldgame.w = h->newest.w;
    h->oldset.l = h->oldgame.l = h->newest.l;
    memcpy(good, rb_ee(), sizeof good);
    boot_image(good, &r, EE_GAME);
    images++;
    if (!same_state(&r, &h->newest))
        rb_fail("the saved state does not come back after a power cycle");
}

typedef struct {
    uint8_t id;
    unsigned base, max, slots;
} record_t;

/* Every bit of every committed slot of the record, flipped alone. */
static void flip_record(const record_t *rec, const history_t *h)
{
    bool game = rec->id == STORE_GAME;
    unsigned span = 0;
    int newest = newest_slot(good, rec->id, rec->base, rec->max, rec->slots, &span);
    if (newest < 0)
        rb_fail("record %u has no valid slot in the saved image", rec->id);
    for (unsigned sl = 0; sl < rec->slots; sl++) {
        unsigned a0 = rec->base + sl * (rec->max + STORE_SLOT_OVERHEAD);
        if (good[a0] != STORE_COMMIT)
            continue;
        for (unsigned byte = 0; byte < rec->max + STORE_SLOT_OVERHEAD; byte++)
            for (int bit = 0; bit < 8; bit++) {
                rb_state_t r;
                memcpy(img, good, sizeof img);
                img[a0 + byte] ^= (uint8_t)(1u << bit);
                boot_image(img, &r, EE_GAME);
                images++;
                flips++;
                /* A flip inside the newest copy's CRC span: the copy
                 * before it; anywhere else: the newest, untouched. */
                const rb_state_t *want = &h->newest;
                if ((int)sl == newest && byte < span)
                    want = game ? &h->oldgame : &h->oldset;
                rb_state_t w = *want;
                if (game) {     /* the game record alone goes back */
                    w = h->newest;
                    w.in_game = want->in_game;
                    w.pos = want->pos;
                    w.turn = want->turn;
                }
                if (!same_state(&r, &w))
                    rb_fail("record %u slot %u byte %u bit %d flipped: booted to %s turn %u set %u,%u,%u,%u,%u,%u,%u,%u, "
                            "expected %s turn %u set %u,%u,%u,%u,%u,%u,%u,%u", rec->id, sl, byte, bit,
                            rb_pos_str(&r.pos), r.turn, r.set[0], r.set[1], r.set[2], r.set[3], r.set[4], r.set[5],
                            r.set[6], r.set[7], rb_pos_str(&w.pos), w.turn, w.set[0], w.set[1], w.set[2], w.set[3],
                            w.set[4], w.set[5], w.set[6], w.set[7]);
            }
    }
}

void rb_eeprom_run(void)
{
    static const record_t recs[2] = {
        { STORE_SETTINGS, RECORDS_SETTINGS_BASE, RECORDS_SETTINGS_BYTES, RECORDS_SETTINGS_SLOTS },
        { STORE_GAME, RECORDS_GAME_BASE, RECORDS_GAME_BYTES, RECORDS_GAME_SLOTS },
    };
    rb_state_t def;
    history_t h;
    rb_board_open();
    rb_boot_wait();
    boot_defaults(&def);
    save_history(&h);
    for (int ri = 0; ri < 2; ri++)
        flip_record(&recs[ri], &h);
    printf("robust eeprom: %llu EEPROM images booted (blank, zero, 20 random: defaults; %llu single-bit "
           "flips over every committed slot of both records: the intact copy every time), "
           "stack high-water %u B\n", (unsigned long long)images, (unsigned long long)flips,
           sim_stack_used(&rb_board));
}
