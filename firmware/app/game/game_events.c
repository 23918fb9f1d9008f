/* game_events.c - the game's events (game_events.h) with no listener: each an
 * empty WEAK default. The firmware's app/events.c replaces them; a host
 * test of the game alone (no screen, no link) keeps them or its own. */
#include "compiler.h"
#include "game_events.h"

WEAK void game_event_new(void)
{
}

WEAK void game_event_setup(void)
{
}

WEAK void game_event_resume(void)
{
}

WEAK void game_event_move(uint8_t side, engine_move_t m)
{
    (void)side;
    (void)m;
}

WEAK void game_event_end(uint8_t winner)
{
    (void)winner;
}

WEAK void game_event_over(void)
{
}

WEAK void game_event_settings(void)
{
}
