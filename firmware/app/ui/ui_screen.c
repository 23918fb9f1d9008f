/* ui_screen.c - the one owner of which screen is up (view.screen): the
 * title, the menu, the play screen, the end screen. It changes in
 * ui_screen_set alone; what moves it on is a press (ui_play.c), the
 * game's events (a game resumed, a game over) and a text the drawing
 * reports finished. The game runs only on the play screen: it is told
 * (game_resume, game_pause), it never sets the screen itself. */
#include "game.h"
#include "ui.h"
#include "view.h"
#include "ui_int.h"

_Static_assert(SCR_INTRO == 0, "the title is up at boot: RAM is zero there");

/* The one place the screen changes: so also the one that sees the board
 * test left, whatever left it (B held, a PC's NEW). */
void ui_screen_set(uint8_t s)
{
    uint8_t was = view.screen;
    view.screen = s;        /* before the event (size: s is not kept over it) */
    if (was == SCR_TEST && s != SCR_TEST)
        ui_event_check(UI_CHECK_END);
}

/* The menu, over whatever was on. Out of line: a press opens it in two
 * places, the title's end in a third. */
NOINLINE void ui_screen_menu(void)
{
    ui_screen_set(SCR_MENU);
    game_pause();       /* the machine waits while the menu is up */
    ui_menu_open();     /* fresh: no question left open, no sum or code half chosen */
}

void ui_game_over(void)
{
    ui_screen_set(SCR_END);
}

/* The picture of this pass; a text that ran through moves the screen on:
 * the title to the game in progress (or the menu), a demo's result to
 * the next demo game. */
void ui_render(uint16_t now)
{
    if (!ui_draw(now))
        return;
    if (view.screen == SCR_INTRO) {
        if (game.in_game)
            game_resume(now);       /* the play screen: game_event_resume */
        else
            ui_screen_menu();
    } else if (ui_demo_on()) {
        game_new(now);              /* the end screen's: the demo plays on */
    }
}
