/* hal.h - the board's drivers as the application sees them.
 * Declarations only, no <avr/...>: the .c files in firmware/hal/ implement them for the
 * AVR from board/board.h; host tests and fuzzers link fakes, so everything in
 * firmware/app/ and firmware/engine/ also builds on the PC. */
#ifndef HAL_H
#define HAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* Logical buttons (Arduboy2 style: separate from the physical pins). */
enum {
    BTN_UP = 1,
    BTN_DOWN = 2,
    BTN_LEFT = 4,
    BTN_RIGHT = 8,
    BTN_A = 16,
    BTN_B = 32,
};
#define BTN_ALL 0x3F

/* Set up clock, pins, SPI, UART, timers, watchdog; returns the reset cause
 * (HAL_RESET_* bits, from MCUSR). */
enum { HAL_RESET_POWER = 1, HAL_RESET_EXTERNAL = 2, HAL_RESET_BROWNOUT = 4, HAL_RESET_WATCHDOG = 8 };
uint8_t hal_init(void);

/* The one tick source: milliseconds since power-on, wrapping; compare with
 * (int16_t)(a - b). Advances while the toy is awake (not in power_off). */
uint16_t clock_ms(void);
#ifndef HAL_TICK_MS
#define HAL_TICK_MS 16  /* clock_ms advances in steps of this (Timer2: 16 = 62.5 Hz, or 8 = 125 Hz) */
#endif

/* Display: frame[c] is column c from the left, bit r is row r from the
 * bottom (the engine's column layout). Sends only what changed. */
void display_show(const uint8_t frame[BOARD_COLS]);
void display_set_intensity(uint8_t level);  /* 0..15 */
void display_set_power(bool on);            /* MAX7219 shutdown register */

/* Buttons: the raw pin levels as BTN_* bits (1 = pressed). Debounce is
 * portable logic in firmware/lib/debounce.c. A button also reads pressed
 * once if it was down at any pin change since the last call, so a press
 * whose contact bounced open before the main loop woke is not missed. */
uint8_t buttons_raw(void);

/* Piezo on Timer1: a tone that stops by itself after ms (0 Hz: silence; no
 * tune rests, and the clock tick no longer counts a rest down). */
void piezo_tone(uint16_t hz, uint16_t ms);
bool piezo_busy(void);
/* A tone from its timer values, PIEZO_OCR(hz) and PIEZO_HALVES(hz, ms):
 * worked out at compile time for a tune in flash (piezo_tone's run-time
 * division and multiplication cost the firmware flash). halves 0: silence. The values are piezo_tone's: Timer1 toggles the pin every
 * OCR1A + 1 = F_CPU / (2 * 8 * hz) = 16 * K / hz counts, K = F_CPU / 256
 * (prescaler 8), done in 16 bits as two division steps (no 32-bit
 * division in piezo_tone): exact from 16 Hz to 4095 Hz, a piezo's useful
 * range; a tone outside it plays at the nearest end. The half periods in
 * ms: hz * ms / 500, taken as / 512 (2 % short: no 32-bit division; fits
 * 16 bits up to hz * ms = 2^25, e.g. 8 s at 4 kHz), at least one whole
 * period, always whole periods (even: the pin ends low). */
void piezo_play(uint16_t ocr, uint16_t halves);
#define PIEZO_K ((uint16_t)(BOARD_F_CPU / 256))
#define PIEZO_HZ(hz) ((uint16_t)((hz) < 16 ? 16 : (hz) > 4095 ? 4095 : (hz)))
#define PIEZO_OCR(hz) ((uint16_t)(((uint16_t)(PIEZO_K / PIEZO_HZ(hz)) << 4) \
    + (uint16_t)((uint16_t)(PIEZO_K % PIEZO_HZ(hz)) << 4) / PIEZO_HZ(hz) - 1u))
#define PIEZO_HALVES_ANY(hz, ms) ((uint16_t)((uint32_t)PIEZO_HZ(hz) * (ms) >> 9))
#define PIEZO_HALVES(hz, ms) ((uint16_t)(PIEZO_HALVES_ANY(hz, ms) < 2 ? 2 : PIEZO_HALVES_ANY(hz, ms) & ~1u))

/* UART, 115200 8N1, interrupt driven. uart_getc returns -1 when nothing is
 * waiting; once after received bytes were lost, -1 - (2 * the line ends
 * lost + 1 if the line being received lost bytes): HAL_UART_OVERRUN when
 * no line end was lost. */
#define HAL_UART_OVERRUN (-2)
/* The receive ring: it holds HAL_UART_RX_SIZE - 1 bytes. The PC link's
 * streaming rule (docs/protocol.md, "Streaming rule") lets a host keep that
 * many bytes of unanswered lines in flight, so a host that follows it
 * never overruns the ring, however long a command holds the main loop. */
#ifndef HAL_UART_RX_SIZE
#define HAL_UART_RX_SIZE 128
#endif
int16_t uart_getc(void);
void uart_putc(char c);
void uart_puts_P(const char *s);   /* string in flash (PSTR) */
void uart_flush(void);              /* returns once every queued byte is sent */

/* EEPROM, byte addressed, 0..BOARD_EEPROM_BYTES-1. nvm_write_if_ready
 * never waits: false (nothing done) while the previous write is still in
 * progress, else it writes the byte (skipped if equal: less wear) and
 * returns true. nvm_read waits for a write in progress: read only after
 * nvm_write_if_ready said true. */
uint8_t nvm_read(uint16_t addr);
/* What an erased EEPROM byte reads (and an address beyond the chip). */
#define NVM_ERASED 0xFF
bool nvm_write_if_ready(uint16_t addr, uint8_t value);

/* Power: idle sleeps until the next interrupt (tick, button, UART);
 * power_off shuts the display and the MCU down (power-down, no timer) and
 * returns after a button press wakes it; watchdog_kick feeds the watchdog. */
void power_idle(void);
void power_off(void);
/* The next power_idle returns at once: a button pressed over the link
 * (PRESS) is handled in the next pass, as a real press's interrupt does,
 * not at the next tick. */
void power_wake(void);
void watchdog_kick(void);

#endif
