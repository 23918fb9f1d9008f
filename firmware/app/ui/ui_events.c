/* ui_events.c - the UI's events (ui.h) with no listener: an empty WEAK
 * default each, which app/events.c replaces with the link's LOG line. */
#include "compiler.h"
#include "ui.h"

WEAK void ui_event_review(uint8_t i)
{
    (void)i;
}

WEAK void ui_event_check(uint8_t what)
{
    (void)what;
}
