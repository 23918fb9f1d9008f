/* test_settings.c - the settings record of every earlier format (2 to 5)
 * written as the firmware of then laid it out, byte by byte, and loaded
 * by the real game (over tests/robust's fake drivers): each score lands
 * on the same game after the migration to the game ids (your own code's
 * in TAKE 1's slots of then, the SUMs' in NIM ONE's, a BINARY game's with
 * its columns game), the chosen game too (the SUM and your own game had
 * bytes of their own then), and all of it survives a save in format 6
 * and a reboot. The old layout is written out here, not read from the
 * firmware: a change of the firmware's ids shows as a failure. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fake_hal.h"
#include "game.h"
#include "store.h"

/* The layout of formats 2 to 5: format, 8 settings, 20 rules x 4 modes
 * (ONE and MISERE bits) x your wins and the machine's, then the tail. */
#define OLD_SCORES (1 + SET_COUNT_V3)
#define OLD_RULES 20
#define OLD_OWN_RULE 1      /* TAKE 1: your own code's slots */
#define OLD_SUM_SLOT(mis) (0 * 4 + 1 + (mis)) /* NIM ONE (MISERE): the SUMs' */
#define OLD_SUM_BYTE 31     /* the chosen game's rule for a SUM */
#define OLD_OWN_BYTE 20     /* ... for your own game: the rule after the 20 */

static void boot(void)
{
    memset(&game, 0, sizeof game);
    fake_nvm_budget = -1;
    store_init();
    game_init(0);
}

struct slot {
    uint8_t rule, mode;     /* the game, as the list names it */
    uint8_t old;            /* its slot in the old record */
    uint8_t w, l;
};

static const struct slot slots[] = {
    {RULE_NIM, 0, 0 * 4 + 0, 1, 2},
    {RULE_NIM, ENGINE_MISERE, 0 * 4 + 2, 3, 4},
    {RULE_SUB2, ENGINE_ONEHEAP, 2 * 4 + 1, 5, 6},
    {RULE_HALF, ENGINE_ONEHEAP | ENGINE_MISERE, RULE_HALF * 4 + 3, 7, 8},
    {RULE_KAYLES, ENGINE_MISERE, RULE_KAYLES * 4 + 2, 9, 10},
    {RULE_ED, ENGINE_MISERE, RULE_ED * 4 + 2, 11, 12},
    {RULE_OWN, 0, OLD_OWN_RULE * 4 + 0, 13, 14},
    {RULE_OWN, ENGINE_MISERE, OLD_OWN_RULE * 4 + 2, 15, 16},
    {RULE_OWN, ENGINE_ONEHEAP | ENGINE_MISERE, OLD_OWN_RULE * 4 + 3, 17, 18},
    {RULE_NIM, ENGINE_SUM, OLD_SUM_SLOT(0), 19, 20},
    {RULE_NIM, ENGINE_SUM | ENGINE_MISERE, OLD_SUM_SLOT(2), 21, 22},
};
#define NSLOTS (sizeof slots / sizeof slots[0])

/* Every slot's game has its score; a BINARY game its columns game's. */
static void check_scores(unsigned f, const char *when)
{
    for (unsigned i = 0; i < NSLOTS; i++) {
        uint8_t index = game_find(slots[i].rule, slots[i].mode);
        game_score_t s = game_score(index);
        CHECK(index != 0xFF && s.wins == slots[i].w && s.losses == slots[i].l,
              "format %u %s: game %u (rule %u mode %u): W %u L %u, want %u %u", f, when, index, slots[i].rule,
              slots[i].mode, s.wins, s.losses, slots[i].w, slots[i].l);
        if (slots[i].mode & ENGINE_ONEHEAP)
            continue;
        uint8_t b = game_find(slots[i].rule, (uint8_t)(slots[i].mode | ENGINE_BINARY));
        if (b == 0xFF)
            continue;   /* not every rule has a BINARY game */
        s = game_score(b);
        CHECK(s.wins == slots[i].w && s.losses == slots[i].l, "format %u %s: BINARY game %u: W %u L %u", f, when,
              b, s.wins, s.losses);
    }
    /* a game with no score then has none now: TAKE 1 2 OR 4 */
    game_score_t s = game_score(game_find(RULE_S124, 0));
    CHECK(s.wins == 0 && s.losses == 0, "format %u %s: an unscored game: W %u L %u", f, when, s.wins, s.losses);
}

/* Format f's record with every slot's score and the chosen game's byte
 * 'chosen', saved where the firmware of then saved it (before format 5:
 * the settings ring of then, store.h). */
static void write_old(unsigned f, uint8_t chosen)
{
    uint8_t rec[STORE_SETTINGS_BYTES];
    unsigned len = OLD_SCORES + OLD_RULES * 4 * 2;
    memset(rec, 0, sizeof rec);
    rec[0] = (uint8_t)f;
    rec[1 + SET_OPP] = OPP_MACHINE;
    rec[1 + SET_LEVEL] = LEVEL_PERFECT;
    rec[1 + SET_BRIGHT] = 5;
    rec[1 + SET_GAME] = chosen;
    for (unsigned i = 0; i < NSLOTS; i++) {
        rec[OLD_SCORES + 2 * slots[i].old] = slots[i].w;
        rec[OLD_SCORES + 2 * slots[i].old + 1] = slots[i].l;
    }
    if (f >= 3)
        rec[len++] = 0;             /* counted: no game */
    if (f >= 4)
        rec[len++] = LANG_VI;
    if (f >= 5) {
        rec[len] = 1;               /* your own code: 0.137 */
        rec[len + 1] = 3;
        rec[len + 2] = 7;
        rec[len + RULE_MAX_DIGITS] = 3;
        len += RULE_MAX_DIGITS + 2;
    }
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    store_use_settings_ring(f < 5);
    CHECK(store_save(STORE_SETTINGS, rec, (uint8_t)len), "format %u: %u bytes saved", f, len);
    store_use_settings_ring(0);
}

static void migrate(unsigned f, uint8_t chosen, uint8_t rule, uint8_t mode)
{
    write_old(f, chosen);
    boot();
    uint8_t want = game_find(rule, mode);
    check_scores(f, "migrated");
    CHECK(game.set[SET_GAME] == want && want != 0xFF, "format %u: the chosen game %u, want %u (rule %u mode %u)", f,
          game.set[SET_GAME], want, rule, mode);
    CHECK(game.set[SET_LEVEL] == LEVEL_PERFECT && game.set[SET_BRIGHT] == 5
              && game.set[SET_LANG] == (f >= 4 ? LANG_VI : LANG_EN),
          "format %u: the settings kept", f);
    /* saved in format 6, then a reboot: the same */
    game_save_settings();
    while (store_step())
        ;
    uint8_t buf[STORE_SETTINGS_BYTES];
    CHECK(store_load(STORE_SETTINGS, buf, (uint8_t)store_len(STORE_SETTINGS)) && buf[0] == 6,
          "format %u: saved again as format 6 (%u)", f, buf[0]);
    boot();
    check_scores(f, "saved as format 6");
    CHECK(game.set[SET_GAME] == want, "format %u: the chosen game after a save %u, want %u", f, game.set[SET_GAME],
          want);
}

int main(void)
{
    /* the chosen game: your own game, a SUM (BINARY MISERE), a plain
     * game, your own game in one heap */
    migrate(2, OLD_OWN_BYTE * 4 + 2, RULE_OWN, ENGINE_MISERE);
    migrate(3, 0x80 | (OLD_SUM_BYTE * 4 + 2), RULE_NIM, ENGINE_SUM | ENGINE_BINARY | ENGINE_MISERE);
    migrate(4, RULE_KAYLES * 4 + 2, RULE_KAYLES, ENGINE_MISERE);
    migrate(5, OLD_OWN_BYTE * 4 + 1, RULE_OWN, ENGINE_ONEHEAP);
    migrate(5, OLD_SUM_BYTE * 4, RULE_NIM, ENGINE_SUM);
    migrate(5, 0x80 | (RULE_SUB2 * 4), RULE_SUB2, ENGINE_BINARY);
    printf("settings: formats 2 to 5 migrated to the game ids, %u scored games each, and saved as format 6\n",
           (unsigned)NSLOTS);
    printf("settings: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
