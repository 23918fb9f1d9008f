/* game_records.c - the records' layout handed to the store, and the
 * settings record read at boot (game_records.h). */
#include "game.h"

#include <stddef.h>

#include "pgm.h"

_Static_assert(sizeof(settings_rec_t) == RECORDS_SETTINGS_BYTES && sizeof(game_rec_t) <= RECORDS_GAME_BYTES,
               "the records' sizes (game_records.h) are not the structs'");
_Static_assert(RECORDS_SETTINGS_BYTES + STORE_SLOT_OVERHEAD + 2u <= 0xFFu
                   && RECORDS_GAME_BYTES + STORE_SLOT_OVERHEAD + 2u <= 0xFFu,
               "a record's length, and the store's count of a slot's bytes, fit a byte");
_Static_assert(RECORDS_GAME_SLOTS >= 2, "a power cut during a save needs a second game slot");
_Static_assert(STORE_RING_END(RECORDS_GAME_BASE, RECORDS_GAME_BYTES, RECORDS_GAME_SLOTS) <= BOARD_EEPROM_BYTES,
               "the records do not fit the EEPROM");
_Static_assert(offsetof(game_score_t, losses) == 1, "game.c's score: side who's byte is the score's who-th");
_Static_assert(GAME_IDS <= GAME_ID_BINARY, "the chosen game's id fits a byte beside GAME_ID_BINARY");

static bool records_refused;

uint8_t records_open(void)
{
    static const store_ring_t rings[STORE_RECORDS] PROGMEM = {
        {RECORDS_SETTINGS_BASE, RECORDS_SETTINGS_BYTES, RECORDS_SETTINGS_SLOTS},
        {RECORDS_GAME_BASE, RECORDS_GAME_BYTES, RECORDS_GAME_SLOTS},
    };
    settings_rec_t *r = &game.rec;
    records_refused = false;
    store_setup(rings);
    if (store_load(STORE_SETTINGS, r, sizeof *r) && r->format == RECORDS_FORMAT)
        return RECORDS_OK;
    /* Another version's record (an older firmware's slot 0 lies where
     * this one's does) or of another length: refused, nothing of it kept. */
    for (uint8_t *b = (uint8_t *)r; b < (uint8_t *)(r + 1); b++)
        *b = 0;
    records_refused = store_len(STORE_SETTINGS) != STORE_NONE;
    return records_refused ? RECORDS_OLD : RECORDS_NONE;
}

bool records_old(void)
{
    return records_refused;
}

void game_save_settings(void)
{
    game.rec.chosen = game_id(game.set[SET_GAME]);
    game.rec.code = *engine_own_code();
    game.rec.format = RECORDS_FORMAT;
    store_request(STORE_SETTINGS, &game.rec, sizeof game.rec);
}

NOINLINE game_score_t *records_score(uint8_t id)
{
    return &game.rec.score[id & (uint8_t)~GAME_ID_BINARY];
}

/* The game record g's rules (the position's, and a SUM's rules[]; your
 * own game's rules[] hold its code: engine_own_pack) are indices among the
 * rules numbered below g->next (the rules of the build that saved it, in
 * the engine's order: a rule added since has a number no rule had),
 * turned here into this build's (your own game's, just after them, into
 * RULE_OWN, as any index past them). True if that build's RECORDS_RULES,
 * worked out from this build's rules, is the record's: this build's rules
 * are that build's with rules added anywhere in the list, none moved or
 * taken out (else the game is not resumed; its scores stay). */
static bool records_rules_now(game_rec_t *g)
{
    uint8_t check = 0, *rule = &g->pos.rule;
    for (uint8_t c = 0; c <= ENGINE_COLS; rule = &g->pos.rules[c++]) {
        uint8_t old = *rule, w = 1;
        if (c && !engine_is_sum(&g->pos))
            break;
        *rule = RULE_OWN;
        check = 0;
        for (uint8_t r = 0; r < RULE_COUNT; r++) {
            uint8_t num = game_rule_number(r);
            if (num < g->next) {
                if (!old--)
                    *rule = r;
                check = (uint8_t)(check + (uint8_t)(num + 1u) * w);
                w = (uint8_t)(w + 2u);
            }
        }
    }
    return check == g->rules;
}

uint8_t records_load_game(void *buf, bool ok)
{
    uint8_t n = store_len(STORE_GAME);
    /* RECORDS_GAME_MIN .. sizeof(game_rec_t) bytes (none: STORE_NONE) */
    if (!ok || (uint8_t)(n - RECORDS_GAME_MIN) > sizeof(game_rec_t) - RECORDS_GAME_MIN
            || !store_load(STORE_GAME, buf, n) || !records_rules_now(buf))
        return 0;
    return n;
}

void records_save_game(const void *buf, uint8_t len)
{
    store_request(STORE_GAME, buf, len);
}
