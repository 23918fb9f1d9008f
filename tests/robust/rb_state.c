/* rb_state.c - the toy's persistent state (settings, the game in progress,
 * the scores) as the PC link tells it, and the way back to a game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb.h"

static void parse_state(const char *line, rb_state_t *p)
{
    char v[256];
    memset(p, 0, sizeof *p);
    if (strncmp(line, "OK STATE ", 9))
        rb_fail("not a STATE reply: %s", line);
    static const char *scr[RB_SCR_COUNT] = RB_SCR_NAMES;
    rb_state_field(line, "SCR", v, sizeof v);
    p->scr = -1;
    for (int i = 0; i < RB_SCR_COUNT; i++)
        if (!strcmp(v, scr[i]))
            p->scr = i;
    rb_state_field(line, "PH", v, sizeof v);
    p->phase = !strcmp(v, "INPUT") ? 0 : !strcmp(v, "THINK") ? 1 : !strcmp(v, "SHOW") ? 2 : 3;
    rb_state_field(line, "GAME", v, sizeof v);
    p->game = (unsigned)atoi(v);
    rb_state_field(line, "RULE", v, sizeof v);
    p->pos.rule = (uint8_t)rb_fw_rule_index((unsigned)atoi(v));   /* STATE gives the rule's number */
    rb_state_field(line, "MODE", v, sizeof v);
    p->pos.mode = (uint8_t)atoi(v);
    rb_state_field(line, "TURN", v, sizeof v);
    p->turn = (uint8_t)atoi(v);
    rb_state_field(line, "INGAME", v, sizeof v);
    p->in_game = atoi(v) != 0;
    rb_state_field(line, "W", v, sizeof v);
    p->w = (unsigned)atoi(v);
    rb_state_field(line, "L", v, sizeof v);
    p->l = (unsigned)atoi(v);
    rb_state_field(line, "POS", v, sizeof v);
    if (p->pos.mode & ENGINE_ONEHEAP) {
        p->pos.ncols = 1;
        p->pos.heap = (uint16_t)atoi(v);
    } else {
        char *q = v;
        while (*q && p->pos.ncols < BOARD_COLS) {
            p->pos.col[p->pos.ncols++] = (uint8_t)strtoul(q, &q, 10);
            if (*q == ',')
                q++;
        }
    }
    /* a SUM's columns' rules (STATE's RULES=): moves are picked by them */
    if (rb_state_field(line, "RULES", v, sizeof v)) {
        char *q = v;
        for (int c = 0; *q && c < BOARD_COLS; c++) {
            p->pos.rules[c] = (uint8_t)strtoul(q, &q, 10);
            if (*q == ',')
                q++;
        }
    }
    rb_state_field(line, "SET", v, sizeof v);
    char *q = v;
    while (*q && p->nset < 16) {
        p->set[p->nset++] = (uint8_t)strtoul(q, &q, 10);
        if (*q == ',')
            q++;
    }
}

void rb_state_get(rb_state_t *p)
{
    parse_state(rb_command("STATE"), p);
}

void rb_scores_get(unsigned game, unsigned *w, unsigned *l)
{
    const char *r = rb_command("SCORES %u", game);
    unsigned i;
    if (sscanf(r, "OK SCORES %u W %u L %u", &i, w, l) != 3 || i != game)
        rb_fail("bad SCORES reply: %s", r);
}

/* Until every save asked for is written: no EEPROM write started for 40 ms
 * (a pending save writes a byte every 3.4 ms). What the toy shows then is
 * committed, and a cut may not lose it. */
void rb_wait_saved(void)
{
    for (int i = 0; i < 200; i++) {
        uint64_t w = rb_board.eeprom.writes;
        rb_run_for_ms(40);
        if (w == rb_board.eeprom.writes && !rb_board.eeprom.busy)
            return;
    }
    rb_fail("the saves never end");
}

/* A game on the screen with the machine's turn played out and every save
 * written; p holds its state and scores. */
void rb_ensure_play(rb_state_t *p)
{
    int news = 0;
    for (int i = 0; i < 1000; i++) {
        rb_state_get(p);
        if (p->scr == SCR_PLAY && p->phase == 3) {
            rb_run_for_ms(100);    /* the final position stays a moment */
            continue;
        }
        if (p->scr == SCR_PLAY) {
            if (p->turn == 1 && p->phase != 0) {
                rb_command_ok("AI");
                continue;
            }
            rb_wait_saved();
            rb_state_get(p);
            if (p->scr != SCR_PLAY || (p->turn == 1 && p->phase != 0))
                continue;
            rb_scores_get(p->game, &p->w, &p->l);
            return;
        }
        /* the board test (A held through a reset starts it): a PC's NEW
         * leaves it for a game, as from the menu */
        if (p->scr == SCR_MENU || p->scr == SCR_END || p->scr == SCR_TEST) {
            /* The machine first on a full one heap wins at once: after a
             * few such games, let the human start. */
            if (++news % 3 == 0)
                rb_command_ok("SET FIRST 0");
            rb_command_ok("NEW");
        }
        else
            rb_run_for_ms(50);
    }
    rb_fail("the toy does not get back to a game");
}
