/* rb_fw.h - the firmware's game state as the robustness driver reads it
 * from the simulated RAM (symbols `game` and `view`), in plain host types. */
#ifndef ROBUST_RB_FW_H
#define ROBUST_RB_FW_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef struct {
    uint8_t screen, phase, turn, winner, cur_col, cur_row, pend, overlay;
    uint16_t pend_heap;
    uint8_t in_game;
    uint8_t mv_col;
    uint16_t mv_to;
    uint8_t rule, mode, ncols;
    uint8_t col[BOARD_COLS];
    uint16_t heap;
    uint8_t rules[BOARD_COLS];  /* a SUM's columns' rules */
    uint8_t set[16];    /* the settings; set[S_GAME] is the chosen game's place in the list */
    uint8_t nset;
    uint8_t chosen;     /* the chosen game's id: its number on the link (STATE's SET=, GAME) */
} rb_game_t;

/* A rule's number (rules.h), as STATE's RULE and RULES= give it, of its
 * engine index (RULE_OWN: TAKE 1's, as the firmware's game_list.c). */
unsigned rb_fw_rule_number(unsigned rule);
/* The engine index of a game's rule number (RULE_NONE: none). */
unsigned rb_fw_rule_index(unsigned number);

/* sizeof(game_t) on the AVR (packed: the AVR has no alignment). */
size_t rb_fw_game_size(void);
/* Decode the AVR bytes of `game` and `view` (the screen's state). */
void rb_fw_game_read(const uint8_t *ram, const uint8_t *view_ram, rb_game_t *g);

#endif
