/* test_settings.c - the records of firmware before 3.0.0 are refused
 * cleanly (game_records.h). Each older settings format (2 to 7) and each
 * older game ring is written here byte by byte as that firmware laid it
 * out (slots, CRC and all, independently of store.c), with scores on
 * several games and a game in progress, then the real game boots on it
 * (over tests/robust's fake drivers) and must show:
 *   - a fresh start: every setting its default, no game resumed;
 *   - no garbage score: every game of the list at 0 - 0;
 *   - the refusal said once: records_old() (LOG RECORDS OLD) at that
 *     boot, and fresh settings written at once, so not at the next boot;
 *   - a save after it works: a score and a setting saved, then a reboot
 *     loads them.
 * And a record of this version with scores on several games and a chosen
 * game loads with each score on its game. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fake_hal.h"
#include "game.h"
#include "store.h"

static void boot(void)
{
    memset(&game, 0, sizeof game);
    fake_nvm_budget = -1;
    store_init();
    game_init(0);
}

static void flush(void)
{
    fake_nvm_budget = -1;
    while (store_step())
        ;
}

/* --- the slot format of every version, written independently ---------- */
static uint16_t crc_update(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)(byte << 8);
    for (int i = 0; i < 8; i++)
        crc = (uint16_t)(crc & 0x8000u ? (unsigned)crc << 1 ^ 0x1021u : (unsigned)crc << 1);
    return crc;
}

static void slot_write(uint8_t id, uint16_t addr, uint16_t seq, const uint8_t *p, uint8_t len)
{
    uint16_t crc = crc_update(0xFFFFu, id);
    uint8_t head[3] = {(uint8_t)seq, (uint8_t)(seq >> 8), len};
    fake_eeprom[addr] = STORE_COMMIT;
    for (int i = 0; i < 3; i++) {
        fake_eeprom[addr + 1 + i] = head[i];
        crc = crc_update(crc, head[i]);
    }
    for (int i = 0; i < len; i++) {
        fake_eeprom[addr + 4 + i] = p[i];
        crc = crc_update(crc, p[i]);
    }
    fake_eeprom[addr + 4 + len] = (uint8_t)crc;
    fake_eeprom[addr + 5 + len] = (uint8_t)(crc >> 8);
}

/* Format f's settings record as 2.x laid it out: format, 8 settings, 20
 * rules x 4 forms x (wins, losses), then counted (3 on), the language (4
 * on), the code (5 on); in both slots of its ring (slots of 171 B before
 * format 5, of 181 B from it), the newest in the second. */
static void write_old_settings(unsigned f)
{
    uint8_t rec[200];
    unsigned len = 1 + 8 + 20 * 4 * 2, max = f >= 5 ? 181 : 171;
    memset(rec, 0, sizeof rec);
    rec[0] = (uint8_t)f;
    rec[1 + SET_OPP] = OPP_HUMAN;
    rec[1 + SET_LEVEL] = LEVEL_PERFECT;
    rec[1 + SET_BRIGHT] = 5;
    for (unsigned i = 9; i < len; i++)
        rec[i] = (uint8_t)(7 + i);      /* a score on every game of then */
    if (f >= 3)
        rec[len++] = 3;                 /* counted */
    if (f >= 4)
        rec[len++] = LANG_VI;
    if (f >= 5) {
        rec[len] = 1;                   /* 0.137 */
        rec[len + 1] = 3;
        rec[len + 2] = 7;
        rec[len + RULE_MAX_DIGITS] = 3;
        len += RULE_MAX_DIGITS + 2;
    }
    slot_write(STORE_SETTINGS, 0, 4, rec, (uint8_t)len);
    slot_write(STORE_SETTINGS, (uint16_t)(max + 6), 5, rec, (uint8_t)len);
}

/* A game in progress in 2.x's game rings: age 0 (2.x's last: slots of
 * 2 C + 56 B from byte 386), 1 (the review's: 2 C + 56 from 385, without
 * the SUM's rules) and 2 (C + 16 from 384). NIM 2, 3, turn 0, number 4. */
static void write_old_game(unsigned age)
{
    static const uint16_t base[3] = {386, 385, 384};
    uint8_t rec[2 * BOARD_COLS + 56];
    uint8_t max = (uint8_t)(age == 2 ? BOARD_COLS + 16 : 2 * BOARD_COLS + 56), len;
    memset(rec, 0, sizeof rec);
    rec[1] = RULE_NIM;
    rec[3] = 2;                         /* ncols */
    rec[6] = 2;
    rec[7] = 3;
    len = (uint8_t)(6 + BOARD_COLS + (age ? 0 : BOARD_COLS));
    rec[len++] = 4;                     /* number */
    if (age < 2)
        len = (uint8_t)(len + 5);       /* an empty review */
    for (uint8_t s = 0; s < 2; s++)
        slot_write(STORE_GAME, (uint16_t)(base[age] + s * (max + 6)), s, rec, len);
}

/* 3.0.0's records (format 7): the settings record of 191 B (9 settings,
 * format, the order of the rules, chosen, counted, the code, 84 scores by
 * id, the same ids as now) in both slots of 197 B, and a game in progress
 * (NIM 2, 3 as 3.0.0 laid it out: engine indices, no word of the rules)
 * in its game ring from byte 394. */
static void write_v3_records(void)
{
    uint8_t rec[191], game_rec[2 * BOARD_COLS + 56];
    memset(rec, 0, sizeof rec);
    rec[SET_OPP] = OPP_HUMAN;
    rec[SET_LEVEL] = LEVEL_PERFECT;
    rec[9] = 7;                         /* format */
    rec[10] = 0x5Au;                    /* the order of the rules */
    rec[12] = 3;                        /* counted */
    for (unsigned i = 23; i < sizeof rec; i++)
        rec[i] = (uint8_t)(i & 0x3Fu);  /* a score on every id */
    slot_write(STORE_SETTINGS, 0, 4, rec, sizeof rec);
    slot_write(STORE_SETTINGS, 197, 5, rec, sizeof rec);
    memset(game_rec, 0, sizeof game_rec);
    game_rec[1] = RULE_NIM;
    game_rec[3] = 2;                    /* ncols */
    game_rec[6] = 2;
    game_rec[7] = 3;
    slot_write(STORE_GAME, 394, 0, game_rec, (uint8_t)(6 + 2 * BOARD_COLS + 6));
}

static void check_fresh(const char *what)
{
    static const uint8_t defaults[SET_COUNT] = {0, OPP_MACHINE, FIRST_YOU, LEVEL_MEDIUM, START_345, 1, 8, OFF_60S,
                                                LANG_EN};
    unsigned bad = 0;
    for (uint8_t i = 0; i < GAME_COUNT; i++) {
        game_score_t s = game_score(i);
        bad += s.wins || s.losses;
    }
    CHECK(!bad, "%s: %u games with a score after the refusal", what, bad);
    CHECK(!memcmp(game.set, defaults, SET_COUNT), "%s: the settings are not the defaults", what);
    CHECK(!game.in_game, "%s: a game resumed", what);
}

/* The image in fake_eeprom is refused cleanly (see the top). */
static void refused(const char *what)
{
    boot();
    CHECK(records_old(), "%s: the old record not said (LOG RECORDS OLD)", what);
    check_fresh(what);
    flush();
    boot();
    CHECK(!records_old(), "%s: the refusal said again at the next boot", what);
    check_fresh(what);
    /* a save after it works */
    uint8_t kay = game_find(RULE_KAYLES, ENGINE_MISERE);
    game_set_score(kay, 9, 4);
    CHECK(game_set(SET_BRIGHT, 3), "%s: a setting set", what);
    flush();
    boot();
    game_score_t s = game_score(kay);
    CHECK(!records_old() && s.wins == 9 && s.losses == 4 && game.set[SET_BRIGHT] == 3,
          "%s: the save after it lost: W %u L %u, brightness %u", what, s.wins, s.losses, game.set[SET_BRIGHT]);
}

/* This version's record: scores by id survive a reboot, on their games. */
static void current(void)
{
    static const struct {
        uint8_t rule, mode;
    } games[] = {
        {RULE_NIM, 0}, {RULE_SUB2, ENGINE_ONEHEAP}, {RULE_HALF, ENGINE_ONEHEAP | ENGINE_MISERE},
        {RULE_KAYLES, ENGINE_MISERE}, {RULE_ED, ENGINE_MISERE}, {RULE_OWN, ENGINE_MISERE},
        {RULE_NIM, ENGINE_SUM | ENGINE_MISERE}, {RULE_TWINS, 0},
    };
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    boot();
    CHECK(!records_old(), "a blank EEPROM is not an old record");
    for (uint8_t i = 0; i < sizeof games / sizeof games[0]; i++)
        game_set_score(game_find(games[i].rule, games[i].mode), (uint8_t)(10 + i), (uint8_t)(20 + i));
    uint8_t chosen = game_find(RULE_SUB2, ENGINE_BINARY | ENGINE_MISERE);
    game_set(SET_GAME, chosen);
    flush();
    boot();
    unsigned bad = 0, scored = 0;
    for (uint8_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        game_score_t s = game_score(game_find(games[i].rule, games[i].mode));
        bad += s.wins != 10 + i || s.losses != 20 + i;
    }
    for (uint8_t i = 0; i < GAME_COUNT; i++) {
        uint8_t r, m;
        game_score_t s = game_score(i);
        game_decode(i, &r, &m);
        scored += (s.wins || s.losses) && !(m & ENGINE_BINARY);  /* a BINARY game shows its columns game's */
    }
    CHECK(!bad && scored == sizeof games / sizeof games[0], "this version's scores: %u wrong, %u scored", bad, scored);
    CHECK(game.set[SET_GAME] == chosen, "the chosen game %u, want %u", game.set[SET_GAME], chosen);
}

int main(void)
{
    char what[40];
    current();
    for (unsigned f = 2; f <= 6; f++) {
        memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
        write_old_settings(f);
        write_old_game(0);
        snprintf(what, sizeof what, "settings format %u", f);
        refused(what);
    }
    for (unsigned age = 0; age <= 2; age++) {
        memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
        write_old_settings(age ? 4 : 6);
        write_old_game(age);
        snprintf(what, sizeof what, "game ring of age %u", age);
        refused(what);
    }
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    write_v3_records();
    refused("settings format 7 (3.0.0)");
    printf("settings: this version's scores kept by id; settings formats 2 to 7 and 2.x's three game rings "
           "refused cleanly (fresh start, said once, no score, a save after it kept)\n");
    printf("settings: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
