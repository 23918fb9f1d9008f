/* game_settings.c - the settings record: the settings, every game's score
 * and the number of the last game counted in them, kept in EEPROM
 * (store.h), and the records older firmware wrote, migrated when read.
 * game.c keeps the game record and calls in here through game_int.h. */
#include <stddef.h>

#include "game.h"

#include "events.h"
#include "game_int.h"
#include "pgm.h"
#include "store.h"
#include "tables.h"

/* The settings record: its format, the settings, every game's score
 * (saturating bytes) and the number of the last game counted in them.
 * Scores are kept per rule and mode, and the chosen game
 * as rule * GAME_FORMS + mode (BINARY: the mode without it, plus
 * SAVED_BINARY), so they mean the same game whatever the list
 * holds (it grows when the engine allows more modes). A record of another format (or size) loads as no record: blank
 * settings, never another version's bytes read as these. */
#define SETTINGS_FORMAT 5
/* The chosen game's byte: a BINARY game (RULE_COUNT * GAME_FORMS < 128). */
#define SAVED_BINARY 0x80u
/* A SUM game is saved as this rule (no rule has its number), its form as
 * any game's; the sum's own rules are in the game record. */
#define SAVED_SUM 31u
_Static_assert(RULE_COUNT < SAVED_SUM, "the saved SUM is no rule's number");
typedef struct {
    uint8_t format;
    uint8_t set[SET_COUNT_V3];
    uint8_t score[RULE_COUNT][GAME_FORMS][2];   /* [rule][mode]: [0] your wins, [1] the machine's */
    uint8_t counted;    /* game.number of the last game whose result is in score */
    uint8_t set_new[SET_COUNT - SET_COUNT_V3];  /* the settings added in format 4: the language */
    octal_code_t code;  /* format 5: your own game's code, the one chosen last */
} settings_rec_t;
/* Older records load, migrated: formats 4, 3 and 2 (4 before your own
 * game's code; 3 also before the language; 2 also before counted), and a
 * record of any of them written when the toy had fewer rules (a new
 * rule's scores start at 0: rules are only ever added at the end of
 * rules.h's list). What a record lacks loads as zero: English, no game
 * counted yet, no code (Officers, 0.6: game_settings_load). */
_Static_assert(LANG_EN == 0, "a migrated record's language is English");
#define SETTINGS_FORMAT_OLDEST 2
/* The rules when formats 2 and 3 were written: records with fewer are
 * none of this toy's. */
#define SETTINGS_RULES_OLD 18
/* What follows the scores: counted, the language and the code (format 5),
 * counted and the language (4), counted (3), nothing (2): below format 5,
 * f - 2 bytes. The code is kept as octal_code_t lays it out: digits, len,
 * repeat, a byte each. */
_Static_assert(sizeof(octal_code_t) == RULE_MAX_DIGITS + 2, "the code's bytes are the record's");
#define SETTINGS_TAIL (1 + SET_COUNT - SET_COUNT_V3 + sizeof(octal_code_t))
_Static_assert(offsetof(settings_rec_t, counted) + SETTINGS_TAIL == sizeof(settings_rec_t)
                   && offsetof(settings_rec_t, code) == offsetof(settings_rec_t, counted) + 1 + SET_COUNT - SET_COUNT_V3,
               "counted, the language and the code end the record, in the order of the formats");
_Static_assert(GAME_MAX <= RULE_COUNT * (GAME_FORMS + 2) + GAME_SUMS + GAME_OWN && RULE_OWN * GAME_FORMS + (ENGINE_ONEHEAP | ENGINE_MISERE) < SAVED_BINARY
                   && RULE_OWN < SAVED_SUM,
               "every listed game has its score slot; the saved game fits a byte");
_Static_assert(STORE_SETTINGS_SLOTS >= 2, "a power cut during a save needs a second settings slot");
_Static_assert(sizeof(settings_rec_t) <= STORE_SETTINGS_BYTES, "settings record too big for its store slot");

/* Read by store_step while it is written out: changes only together with
 * a new store_request (store.h), as game.turn and game.pos do. */
static settings_rec_t rec;

static const uint8_t setting_counts[SET_COUNT] PROGMEM = {
    0 /* game_count() */, OPP_COUNT, FIRST_COUNT, LEVEL_COUNT, START_COUNT, 2, 16, OFF_COUNT, LANG_COUNT};
static const uint8_t setting_defaults[SET_COUNT] PROGMEM = {
    0, OPP_MACHINE, FIRST_YOU, LEVEL_MEDIUM, START_345, 1, 8, OFF_60S, LANG_EN};

uint8_t game_setting_count(uint8_t item)
{
    if (item == SET_GAME)
        return game_count();
    return item < SET_COUNT ? PGM_U8(&setting_counts[item]) : 0;
}

bool game_set(uint8_t item, uint8_t value)
{
    if (value >= game_setting_count(item))
        return false;
    game.set[item] = value;
    if (item == SET_OPP)
        game_opp_changed();
    game_event_settings();
    return true;
}

/* Setting i's byte in the record: the newer settings sit at its end. */
static uint8_t *rec_set(uint8_t i)
{
    return i < SET_COUNT_V3 ? &rec.set[i] : &rec.set_new[i - SET_COUNT_V3];
}

void game_save_settings(void)
{
    uint8_t r, m;
    for (uint8_t i = 0; i < SET_COUNT; i++)
        *rec_set(i) = game.set[i];
    game_decode(game.set[SET_GAME], &r, &m);
    if (m & ENGINE_SUM)
        r = SAVED_SUM;
    rec.set[SET_GAME] = (uint8_t)((r * GAME_FORMS + (m & 3)) | ((m & ENGINE_BINARY) ? SAVED_BINARY : 0));
    rec.code = *engine_own_code();
    rec.format = SETTINGS_FORMAT;
    store_request(STORE_SETTINGS, &rec, sizeof rec);
}

/* A game's score slot. A BINARY game counts with its rule's columns game:
 * the settings record has no room for more slots (two of them must fit
 * their EEPROM share, store.h). The SUMs (rule RULE_NIM) count in NIM's
 * one-heap slots, which no game has (NIM in one heap is not listed):
 * SUM in ONE's, SUM MISERE in ONE MISERE's, BINARY with the columns.
 * Your own game, whatever its code, counts in TAKE 1's columns slot.
 * Out of line: saves 32 / 28 B (8 / 32 columns). */
NOINLINE static uint8_t *score_of(uint8_t r, uint8_t m)
{
    if (r == RULE_OWN)
        r = RULE_SUB1;  /* TAKE 1 is listed in no form: your own game counts in its slots */
    if (m & ENGINE_SUM)
        m |= ENGINE_ONEHEAP;
    return rec.score[r][m & (ENGINE_ONEHEAP | ENGINE_MISERE)];
}

game_score_t game_score(uint8_t index)
{
    uint8_t r, m;
    game_score_t sc = {0, 0};
    if (index >= GAME_COUNT)
        return sc;
    game_decode(index, &r, &m);
    const uint8_t *s = score_of(r, m);
    sc.wins = s[0];
    sc.losses = s[1];
    return sc;
}

/* One more game won by side who (0 you, 1 the machine) in the game being
 * played, kept at once, with the game's number as the last counted (the
 * caller then clears the game record: store.c writes this first). */
void game_score_add(uint8_t who)
{
    uint8_t *s = &score_of(game.pos.rule, game.pos.mode)[who];
    if (*s < 255)
        ++*s;
    rec.counted = game.number;
    game_save_settings();
}

void game_set_score(uint8_t index, uint8_t wins, uint8_t losses)
{
    uint8_t r, m;
    game_decode(index, &r, &m);
    uint8_t *s = score_of(r, m);
    s[0] = wins;
    s[1] = losses;
    game_save_settings();
}

/* The settings record, or one an older firmware wrote: with fewer rules
 * (a new rule comes after the others, so their scores keep their places;
 * the new rules' start at 0), and of format 2 (no game counted yet). */
static bool settings_read(void)
{
    uint8_t *b = (uint8_t *)&rec;
    for (uint8_t f = SETTINGS_FORMAT; f >= SETTINGS_FORMAT_OLDEST; f--) {
        /* format 5 in the slots of now, the older ones in theirs (the
         * slots of now find only a first slot of then: store.h) */
        if (f == SETTINGS_FORMAT - 1)
            store_use_settings_ring(1);
        for (uint8_t n = RULE_COUNT; n >= SETTINGS_RULES_OLD; n--) {
            uint8_t len = (uint8_t)(offsetof(settings_rec_t, score) + n * GAME_FORMS * 2);
            uint8_t tail = f == SETTINGS_FORMAT ? SETTINGS_TAIL : (uint8_t)(f - SETTINGS_FORMAT_OLDEST);
            /* Every (rules, format) pair has a length of its own, and a
             * failed load leaves rec as it was. */
            if (!store_load(STORE_SETTINGS, &rec, (uint8_t)(len + tail)) || rec.format != f)
                continue;
            /* The tail moves up to counted, zeros around it: from the top
             * down, as no byte moves down (len <= counted's offset). */
            for (uint8_t j = sizeof rec; j-- > len;) {
                uint8_t k = (uint8_t)(j - offsetof(settings_rec_t, counted));
                b[j] = k < tail ? b[len + k] : 0;
            }
            return true;
        }
    }
    return false;
}

bool game_settings_load(void)
{
    bool ok = settings_read();
    /* back from then's slots: every save goes to now's (a boot's every
     * scan reads the ring whole: none when format 5 was found in now's) */
    if (!ok || rec.format != SETTINGS_FORMAT)
        store_use_settings_ring(0);
    for (uint8_t i = 0; i < SET_COUNT; i++) {
        uint8_t v = *rec_set(i);
        if (i == SET_GAME) {
            uint8_t r = (uint8_t)((v & ~SAVED_BINARY) / GAME_FORMS);
            uint8_t m = (uint8_t)((v & ~SAVED_BINARY) % GAME_FORMS | ((v & SAVED_BINARY) ? ENGINE_BINARY : 0));
            if (r == SAVED_SUM) {
                r = RULE_NIM;
                m |= ENGINE_SUM;
            }
            v = game_find(r, m);
        }
        if (!ok || v >= game_setting_count(i))
            v = PGM_U8(&setting_defaults[i]);   /* none saved, or a value from another version */
        game.set[i] = v;
    }
    if (!ok)
        for (uint8_t *b = (uint8_t *)rec.score; b < (uint8_t *)(&rec + 1); b++)
            *b = 0;                 /* every score byte and what follows, in one pass */
    /* your own game: the code chosen last, or Officers (0.6, Winning
     * Ways) where none was (a record without one has a code of zeros: no
     * digit, refused) */
    if (engine_own_set(&rec.code) != OCTAL_OK) {
        octal_code_t c = {{6}, 1, 0};
        engine_own_set(&c);     /* derived once: the saved code, else this one */
    }
    return ok;
}

/* Left to LTO: out of line it once saved 16 B, now it costs 6. */
uint8_t game_counted(void)
{
    return rec.counted;
}
