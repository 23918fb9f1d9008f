/* game_settings.c - the settings and every game's score, kept in the
 * settings record (game_records.h: its format, version and place), and
 * the boot that reads them before the game in progress. A setting changed
 * is saved at once (game_set): no caller has to remember. It stands above
 * game.c, whose game it changes (game_int.h); game.c calls nothing here. */
#include "game.h"

#include "game_events.h"
#include "game_int.h"
#include "pgm.h"


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
    game_save_settings();
    return true;
}

game_score_t game_score(uint8_t index)
{
    if (index >= GAME_COUNT) {
        game_score_t none = {0, 0};
        return none;
    }
    return *records_score(game_id(index));
}

void game_set_score(uint8_t index, uint8_t wins, uint8_t losses)
{
    game_score_t *s = records_score(game_id(index));
    s->wins = wins;
    s->losses = losses;
    game_save_settings();
}

/* Reads the settings record into game.set, defaults where none is kept:
 * what records_open found (RECORDS_OK, RECORDS_NONE, RECORDS_OLD). */
static uint8_t game_settings_load(void)
{
    uint8_t found = records_open();
    bool ok = found == RECORDS_OK;
    for (uint8_t i = 0; i < SET_COUNT; i++) {
        uint8_t v = game.rec.set[i];
        if (i == SET_GAME)
            v = game_find_id(game.rec.chosen);
        if (!ok || v >= game_setting_count(i))
            v = PGM_U8(&setting_defaults[i]);   /* none saved, or a value from another version */
        game.set[i] = v;
    }
    /* your own game: the code chosen last, or Officers (0.6, Winning
     * Ways) where none was (a record without one has a code of zeros: no
     * digit, refused) */
    if (engine_own_set(&game.rec.code) != OCTAL_OK) {
        octal_code_t c = {{6}, 1, 0};
        engine_own_set(&c);     /* derived once: the saved code, else this one */
    }
    return found;
}

/* Left to LTO (in main): out of line it was bigger since the link
 * places code by name. */
void game_init(uint16_t now)
{
    uint8_t found = game_settings_load();
    game_event_settings();
    game_load(found == RECORDS_OK, now);
    /* An older version's record refused: this version's settings written
     * at once (LOG RECORDS OLD is said once). */
    if (found == RECORDS_OLD)
        game_save_settings();
}
