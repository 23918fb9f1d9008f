/* max7219.h - model of BOARD_MODULES chained MAX7219 LED drivers on the SPI
 * bus, framed by the LOAD/CS pin (board/nano.h has the orientation). It
 * decodes the 16-bit words into the frame the user sees, in the engine's
 * layout: frame[c] = column c from the left, bit r = row r from the bottom. */
#ifndef SIM_MAX7219_H
#define SIM_MAX7219_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

#include "board.h"

#define MAX7219_MAX_MODULES 4

typedef struct max7219_chip {
    uint8_t digit[8];          /* digit registers 1..8 */
    uint8_t decode;            /* decode-mode bits (Code B per digit) */
    uint8_t intensity;         /* 0..15: duty (2i+1)/32 */
    uint8_t scan_limit;        /* digits 0..scan_limit are shown */
    bool shutdown;             /* true after power-on until 0x0C <- 1 */
    bool test;                 /* display test: every lamp full on */
} max7219_chip_t;

typedef struct max7219 {
    avr_t *avr;
    int modules;
    max7219_chip_t chip[MAX7219_MAX_MODULES];
    uint8_t shift[2 * MAX7219_MAX_MODULES]; /* the chain's shift registers */
    bool cs_low;
    uint32_t bytes_in_frame;
    uint64_t words;            /* 16-bit words latched, all modules */
    uint64_t frames;           /* CS rising edges that latched data */
    uint64_t bad_frames;       /* CS frames not a multiple of 2*modules bytes */
    uint64_t bytes_outside_cs; /* SPI bytes while CS was high (ignored) */
    uint64_t changes;          /* times the visible frame changed */
    uint64_t last_change_cycle;
    uint64_t word_cycle;       /* when the first word of this CS frame was complete */
    uint64_t last_change_word_cycle; /* word_cycle of the CS frame of the last change */
    uint8_t frame[BOARD_COLS]; /* visible frame, engine layout */
    void (*on_change)(void *ctx);
    void *on_change_ctx;
} max7219_t;

/* Power-on state and wiring to SPI + the CS pin from board.h. */
void max7219_init(max7219_t *m, avr_t *avr, int modules);
/* Power-on state again (the chips lose power with the board). */
void max7219_power_on(max7219_t *m);
/* Feeds one SPI byte / a CS level, as the wiring does; exposed for tests. */
void max7219_spi_byte(max7219_t *m, uint8_t b);
void max7219_cs(max7219_t *m, bool level);
/* Brightness 0..15 of the lamp at column c, row r from the bottom, or -1 if dark. */
int max7219_lamp(const max7219_t *m, int c, int r);
/* The segment pattern Code B decode shows for a digit value. */
uint8_t max7219_code_b(uint8_t v);

#endif
