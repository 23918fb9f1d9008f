/* game_settings.c - the settings record: the settings, every game's score
 * and the number of the last game counted in them, kept in EEPROM
 * (store.h), and the records older firmware wrote, migrated when read.
 * game.c keeps the game record and calls in here through game_int.h. */
#include <stddef.h>

#include "game.h"

#include "game_events.h"
#include "game_int.h"
#include "pgm.h"
#include "store.h"
#include "tables.h"

/* The settings record: its format, the settings, every game's score
 * (saturating bytes) and the number of the last game counted in them.
 * Scores are kept by game id (game_id_of: no new rule or form moves
 * one), and the chosen game as its id (with GAME_ID_BINARY), so they mean
 * the same game whatever the list holds. A record of another format (or
 * size) loads as no record: blank settings, never another version's
 * bytes read as these. */
#define SETTINGS_FORMAT 6
typedef struct {
    uint8_t format;
    uint8_t set[SET_COUNT_V3];
    game_score_t score[GAME_IDS];   /* by game id */
    uint8_t counted;    /* game.number of the last game whose result is in score */
    uint8_t set_new[SET_COUNT - SET_COUNT_V3];  /* the settings added in format 4: the language */
    octal_code_t code;  /* format 5: your own game's code, the one chosen last */
} settings_rec_t;
/* Older records load, migrated: formats 5, 4, 3 and 2 (5 before the game
 * ids; 4 also before your own game's code; 3 also before the language; 2
 * also before counted), and a record of any of them written when the toy
 * had fewer rules (a new rule's scores start at 0: rules are only ever
 * added at the end of rules.h's list). What a record lacks loads as zero:
 * English, no game counted yet, no code (Officers, 0.6:
 * game_settings_load). */
_Static_assert(LANG_EN == 0, "a migrated record's language is English");
#define SETTINGS_FORMAT_OLDEST 2
/* Formats 2 to 5 kept the scores as format 6 does (a game id is the
 * place its rule and mode had), for the rules of then (at least
 * SETTINGS_RULES_OLD: records with fewer are none of this toy's), and
 * the chosen game as rule * GAME_FORMS + (mode & 3), with SAVED_BINARY:
 * a SUM as rule SAVED_SUM_5, your own game as the rule after the
 * SETTINGS_RULES_5 rules of then, which moved with every new rule. */
#define SETTINGS_RULES_5 20
#define SETTINGS_RULES_OLD 18
#define SAVED_BINARY 0x80u
#define SAVED_SUM_5 31u
_Static_assert(GAME_ID_BINARY == SAVED_BINARY && RULE_COUNT >= SETTINGS_RULES_5,
               "a game's id is its old place: the old scores keep theirs");
/* What follows the scores: counted, the language and the code (formats
 * 5 and 6), counted and the language (4), counted (3), nothing (2):
 * below format 5, f - 2 bytes. The code is kept as octal_code_t lays it
 * out: digits, len, repeat, a byte each. */
_Static_assert(sizeof(octal_code_t) == RULE_MAX_DIGITS + 2, "the code's bytes are the record's");
#define SETTINGS_TAIL (1 + SET_COUNT - SET_COUNT_V3 + sizeof(octal_code_t))
_Static_assert(offsetof(settings_rec_t, counted) + SETTINGS_TAIL == sizeof(settings_rec_t)
                   && offsetof(settings_rec_t, code) == offsetof(settings_rec_t, counted) + 1 + SET_COUNT - SET_COUNT_V3,
               "counted, the language and the code end the record, in the order of the formats");
_Static_assert(GAME_IDS < GAME_ID_BINARY, "the saved game fits a byte");
_Static_assert(offsetof(game_score_t, losses) == 1, "game_score_add: side who's byte is the score's who-th");
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
    for (uint8_t i = 0; i < SET_COUNT; i++)
        *rec_set(i) = game.set[i];
    rec.set[SET_GAME] = game_id(game.set[SET_GAME]);
    rec.code = *engine_own_code();
    rec.format = SETTINGS_FORMAT;
    store_request(STORE_SETTINGS, &rec, sizeof rec);
}

/* A game's score slot (an id with GAME_ID_BINARY: its columns game's).
 * Out of line (size: LTO copied it into its callers). */
NOINLINE static game_score_t *score_of(uint8_t id)
{
    return &rec.score[id & (uint8_t)~GAME_ID_BINARY];
}

game_score_t game_score(uint8_t index)
{
    if (index >= GAME_COUNT) {
        game_score_t none = {0, 0};
        return none;
    }
    return *score_of(game_id(index));
}

/* One more game won by side who (0 you, 1 the machine) in the game being
 * played, kept at once, with the game's number as the last counted (the
 * caller then clears the game record: store.c writes this first). */
void game_score_add(uint8_t who)
{
    uint8_t *s = (uint8_t *)score_of(game_id_of(game.pos.rule, game.pos.mode)) + who;
    if (*s < 255)
        ++*s;
    rec.counted = game.number;
    game_save_settings();
}

void game_set_score(uint8_t index, uint8_t wins, uint8_t losses)
{
    game_score_t *s = score_of(game_id(index));
    s->wins = wins;
    s->losses = losses;
    game_save_settings();
}

/* The chosen game's byte of formats 2 to 5 as its game's id: the same
 * but for the SUMs' and your own game's. */
static void settings_migrate(void)
{
    uint8_t v = rec.set[SET_GAME], r = (uint8_t)((v & ~SAVED_BINARY) / GAME_FORMS);
    if (r == SAVED_SUM_5)
        v = (uint8_t)(v - (SAVED_SUM_5 * GAME_FORMS - GAME_ID_SUM));
    else if (r == SETTINGS_RULES_5)
        v = (uint8_t)(v - (SETTINGS_RULES_5 * GAME_FORMS - GAME_ID_OWN));
    rec.set[SET_GAME] = v;
}

/* The settings record, or one an older firmware wrote (its chosen game
 * migrated): with fewer rules (a new rule comes after the others, so their scores
 * keep their places; the new rules' start at 0), and of format 2 (no
 * game counted yet). */
static bool settings_read(void)
{
    uint8_t *b = (uint8_t *)&rec;
    for (uint8_t f = SETTINGS_FORMAT; f >= SETTINGS_FORMAT_OLDEST; f--) {
        /* formats 5 and 6 in the slots of now, the older ones in theirs
         * (the slots of now find only a first slot of then: store.h) */
        if (f == 4)
            store_use_settings_ring(1);
        for (uint8_t n = RULE_COUNT; n >= SETTINGS_RULES_OLD; n--) {
            uint8_t len = (uint8_t)(offsetof(settings_rec_t, score) + n * GAME_FORMS * 2);
            uint8_t tail = f >= 5 ? SETTINGS_TAIL : (uint8_t)(f - SETTINGS_FORMAT_OLDEST);
            /* Every (rules, format) pair has a length of its own (formats
             * 5 and 6: the format byte tells them), and a failed load
             * leaves rec as it was. */
            if (!store_load(STORE_SETTINGS, &rec, (uint8_t)(len + tail)) || rec.format != f)
                continue;
            /* The tail moves up to counted, zeros around it: from the top
             * down, as no byte moves down (len <= counted's offset). */
            for (uint8_t j = sizeof rec; j-- > len;) {
                uint8_t k = (uint8_t)(j - offsetof(settings_rec_t, counted));
                b[j] = k < tail ? b[len + k] : 0;
            }
            if (f < SETTINGS_FORMAT)
                settings_migrate();
            return true;
        }
    }
    return false;
}

bool game_settings_load(void)
{
    bool ok = settings_read();
    /* back from then's slots: every save goes to now's (a boot's every
     * scan reads the ring whole: none when format 5 or 6 was found in
     * now's) */
    if (!ok || rec.format < 5)
        store_use_settings_ring(0);
    for (uint8_t i = 0; i < SET_COUNT; i++) {
        uint8_t v = *rec_set(i);
        if (i == SET_GAME)
            v = game_find_id(v);
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

/* Left to LTO: out of line it once was smaller, now it is bigger. */
uint8_t game_counted(void)
{
    return rec.counted;
}
