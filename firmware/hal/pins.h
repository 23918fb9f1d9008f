/* pins.h - the board header's port letters and bit numbers turned into
 * AVR registers (private to firmware/hal). I/O addresses per datasheet
 * 14.4: PINx, DDRx, PORTx at 0x03/0x04/0x05 + 3 * (x - 'B'), so every access
 * with a constant bit compiles to one sbi/cbi/in/out. */
#ifndef HAL_PINS_H
#define HAL_PINS_H

#include <avr/io.h>

#include "board.h"

#define PINS_PIN(letter) _SFR_IO8(0x03 + 3 * ((letter) - 'B'))
#define PINS_DDR(letter) _SFR_IO8(0x04 + 3 * ((letter) - 'B'))
#define PINS_PORT(letter) _SFR_IO8(0x05 + 3 * ((letter) - 'B'))

/* The hardware SPI and OC1A are fixed pins of the ATmega328P. */
#if BOARD_SPI_PORT != 'B' || BOARD_SPI_MOSI != 3 || BOARD_SPI_SCK != 5
#error "the MAX7219 must sit on the hardware SPI pins: MOSI PB3 (D11), SCK PB5 (D13)"
#endif
#if BOARD_PIEZO_PORT != 'B' || BOARD_PIEZO_PIN != 1
#error "the piezo must be on OC1A, PB1 (D9): Timer1 toggles it"
#endif
#if BOARD_SPI_CS != 2
/* PB2 is SS: left an input, a low level on it would turn the SPI into a slave. */
#error "MAX7219 CS is expected on PB2 (D10), the SPI SS pin"
#endif

#define PINS_BTN_ALL ((1 << BOARD_BTN_UP) | (1 << BOARD_BTN_DOWN) | (1 << BOARD_BTN_LEFT) | \
                      (1 << BOARD_BTN_RIGHT) | (1 << BOARD_BTN_A) | (1 << BOARD_BTN_B))
#if PINS_BTN_ALL != BOARD_BTN_MASK
#error "BOARD_BTN_MASK does not match the six BOARD_BTN_* pins"
#endif

/* One pin-change group sees every button (datasheet 12.2: PCINT0 port B,
 * PCINT1 port C, PCINT2 port D). */
#if BOARD_BTN_PORT == 'B'
#define PINS_BTN_PCIE PCIE0
#define PINS_BTN_PCIF PCIF0
#define PINS_BTN_PCMSK PCMSK0
#define PINS_BTN_VECT PCINT0_vect
#elif BOARD_BTN_PORT == 'C'
#define PINS_BTN_PCIE PCIE1
#define PINS_BTN_PCIF PCIF1
#define PINS_BTN_PCMSK PCMSK1
#define PINS_BTN_VECT PCINT1_vect
#elif BOARD_BTN_PORT == 'D'
#define PINS_BTN_PCIE PCIE2
#define PINS_BTN_PCIF PCIF2
#define PINS_BTN_PCMSK PCMSK2
#define PINS_BTN_VECT PCINT2_vect
#else
#error "BOARD_BTN_PORT must be 'B', 'C' or 'D'"
#endif

#endif
