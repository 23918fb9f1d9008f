/* board.h - selects the board header named by BOARD (make BOARD=name).
 * Read by the firmware drivers and by the simulator harness alike, so every
 * pin and every geometry figure is written down exactly once. */
#ifndef BOARD_H
#define BOARD_H

#if defined(BOARD_nano)
#include "nano.h"
#else
#error "unknown board: build with make BOARD=nano (the only board so far)"
#endif

/* Derived geometry: every fixed-size array in the firmware is sized from these. */
#define BOARD_COLS (8 * BOARD_MODULES)
#define BOARD_ROWS 8
#define BOARD_CELLS (BOARD_COLS * BOARD_ROWS)

#if BOARD_MODULES != 1 && BOARD_MODULES != 2 && BOARD_MODULES != 4
#error "BOARD_MODULES must be 1, 2 or 4 chained MAX7219 modules (8, 16 or 32 columns)"
#endif
#if BOARD_F_CPU != 16000000UL && BOARD_F_CPU != 8000000UL
#error "BOARD_F_CPU must be 16 MHz or 8 MHz (UART and tick dividers assume one of them)"
#endif

#endif
