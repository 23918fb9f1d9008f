/* game_entry.c - the games list as the menu walks it: entries, each with
 * its forms. An entry is a rule (the engine's order, your own game among them)
 * or the SUMs; its forms are its listed games. How the list encodes them
 * stays with the list (game_list.c), not in the menu. */
#include "game.h"

uint8_t game_entry_find(uint8_t entry, uint8_t mode)
{
    return entry == GAME_ENTRY_SUM ? game_find_sum(mode) : game_find(entry, mode);
}

bool game_sum_wild(uint8_t rule)
{
    return engine_misere_wild(rule) && engine_is_misere(&game.pos) && !engine_is_binary(&game.pos);
}
