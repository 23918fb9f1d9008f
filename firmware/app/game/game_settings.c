/* game_settings.c - the settings and every game's score, kept in the
 * settings record (game_records.h: its format, version and place). A
 * setting changed is saved at once (game_set): no caller has to remember.
 * game.c keeps the game record and calls in here through game_int.h. */
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

void game_save_settings(void)
{
    game.rec.chosen = game_id(game.set[SET_GAME]);
    game.rec.code = *engine_own_code();
    records_save_settings();
}

/* A game's score slot (an id with GAME_ID_BINARY: its columns game's). */
NOINLINE static game_score_t *score_of(uint8_t id)
{
    return &game.rec.score[id & (uint8_t)~GAME_ID_BINARY];
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
    game.rec.counted = game.number;
    game_save_settings();
}

void game_set_score(uint8_t index, uint8_t wins, uint8_t losses)
{
    game_score_t *s = score_of(game_id(index));
    s->wins = wins;
    s->losses = losses;
    game_save_settings();
}

uint8_t game_settings_load(void)
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

/* Left to LTO: out of line it once was smaller, now it is bigger. */
uint8_t game_counted(void)
{
    return game.rec.counted;
}
