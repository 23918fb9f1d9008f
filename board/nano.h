/* nano.h - Arduino Nano / Uno: ATmega328P at 16 MHz, 5 V.
 * Ports are letters and pins are bit numbers (plain data), so the simulator
 * can read this header without avr-libc; the firmware turns them into
 * registers in firmware/hal/pins.h. */
#ifndef BOARD_NANO_H
#define BOARD_NANO_H

#define BOARD_NAME "nano"
#define BOARD_MCU "atmega328p"
#define BOARD_F_CPU 16000000UL
#define BOARD_FLASH_BYTES 32768L
#define BOARD_BOOT_BYTES 2048L      /* BOOTSZ: 1024 words, see board/fuses.md */
#define BOARD_EEPROM_BYTES 1024U

/* MAX7219 chain on hardware SPI (modules chained DOUT->DIN; module 0 is the
 * one wired to the MCU, and shows the leftmost 8 columns). */
#ifndef BOARD_MODULES
#define BOARD_MODULES 1
#endif
#define BOARD_SPI_PORT 'B'
#define BOARD_SPI_MOSI 3            /* D11, MAX7219 DIN */
#define BOARD_SPI_SCK 5             /* D13, MAX7219 CLK */
#define BOARD_SPI_CS 2              /* D10, MAX7219 LOAD/CS (also the SPI SS pin) */
/* Module orientation (both the driver and the simulator's model use it):
 * digit register d (1..8) drives matrix row d-1 counted from the TOP, and
 * data bit b drives the module's column 7-b counted from the LEFT (bit 7 is
 * the leftmost lamp). In a chain, the first 16-bit word shifted out while CS
 * is low lands in the module farthest from the MCU; module 0 (the one wired
 * to the MCU) shows columns 0..7, the leftmost. */

/* Six buttons to GND, internal pull-ups, active low, all on one port so one
 * pin-change interrupt (PCINT2 for port D) sees every press. */
#define BOARD_BTN_PORT 'D'
#define BOARD_BTN_ACTIVE_LOW 1
#define BOARD_BTN_UP 2              /* D2 */
#define BOARD_BTN_DOWN 3            /* D3 */
#define BOARD_BTN_LEFT 4            /* D4 */
#define BOARD_BTN_RIGHT 5           /* D5 */
#define BOARD_BTN_A 6               /* D6 */
#define BOARD_BTN_B 7               /* D7 */
#define BOARD_BTN_MASK 0xFC

/* Piezo on OC1A (D9, PB1), driven by Timer1 in CTC toggle mode. */
#define BOARD_PIEZO_PORT 'B'
#define BOARD_PIEZO_PIN 1

/* PC link on USART0, D0/D1. */
#define BOARD_UART_BAUD 115200UL

/* Fuses (checked by make fuses against board/fuses.md). */
#define BOARD_FUSE_LOW 0xFF         /* 16 MHz crystal, low-power oscillator (Arduino default), slow rise */
#define BOARD_FUSE_HIGH 0xDA        /* SPIEN, BOOTSZ=1024 words, BOOTRST */
#define BOARD_FUSE_EXT 0xFD         /* BODLEVEL = 2.7 V */
/* Lock bits: the boot section safe from SPM and from LPM in the application. */
#define BOARD_FUSE_LOCK 0x0F

/* The handheld (a bare ATmega328P, the same pins): make bootloader burns
 * Optiboot and these (board/bootloader.md). The Nano's clock and boot
 * section, so one nim.hex (30,720 B at most) serves both; brown-out at
 * 4.3 V, inside 16 MHz's safe operating area (board/fuses.md). */
#define BOARD_HANDHELD_FUSE_LOW BOARD_FUSE_LOW
#define BOARD_HANDHELD_FUSE_HIGH BOARD_FUSE_HIGH
#define BOARD_HANDHELD_FUSE_EXT 0xFC  /* BODLEVEL = 4.3 V */

#endif
