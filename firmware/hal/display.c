/* display.c - BOARD_MODULES chained MAX7219 8x8 modules on the hardware SPI.
 * Orientation (board/nano.h): digit d (1..8) is row d-1 from the top, data
 * bit 7 the module's leftmost column; the first word shifted out while CS is
 * low lands in the module farthest from the MCU, module 0 shows columns 0..7.
 * Only rows that changed since the last frame are sent. */
#include <avr/interrupt.h>
#include <string.h>

#include "hal_private.h"
#include "pins.h"

enum {  /* MAX7219 registers (datasheet table 2) */
    MAX_DIGIT0 = 0x01,
    MAX_DECODE = 0x09,
    MAX_INTENSITY = 0x0A,
    MAX_SCAN_LIMIT = 0x0B,
    MAX_SHUTDOWN = 0x0C,
    MAX_TEST = 0x0F,
};

/* Master, mode 0, MSB first, fosc/4 = 4 MHz (MAX7219: 10 MHz max; the
 * margin is for long wires to chained modules). SPIE is added per byte. */
#define DISPLAY_SPCR (_BV(SPE) | _BV(MSTR))

static uint8_t display_cols[BOARD_COLS];  /* the frame last sent, engine layout */
static uint8_t display_force;             /* rows to send even if unchanged */
static uint8_t display_level = 8;         /* intensity, restored on power-on */

/* The ISR only ends the wait of display_spi: cbi needs no register, so
 * the handler is 3 instructions. */
ISR(SPI_STC_vect, ISR_NAKED)
{
    __asm__ __volatile__("cbi %0, %1\n\treti" :: "I"(_SFR_IO_ADDR(GPIOR0)), "I"(HAL_FLAG_SPI_BUSY));
}

/* One byte out. With interrupts on, the CPU idles while the byte shifts
 * (simavr takes 100 us a byte; the chip 2 us at fosc/4), so the display
 * costs no awake time; with interrupts off it polls SPIF. */
static void display_spi(uint8_t b)
{
    uint8_t sreg = SREG;
    cli();
    if (sreg & _BV(SREG_I)) {
        SPCR = DISPLAY_SPCR | _BV(SPIE);
        GPIOR0 |= _BV(HAL_FLAG_SPI_BUSY);
        SPDR = b;
        while (GPIOR0 & _BV(HAL_FLAG_SPI_BUSY))
            hal_sleep_idle_cli();
    } else {
        /* Polled with SPIE off: simavr 1.6 does not set SPIF again while
         * an earlier SPI interrupt is still pending, and the pending
         * interrupt would fire late anyway. */
        SPCR = DISPLAY_SPCR;
        SPDR = b;
        while (!(SPSR & _BV(SPIF)))
            ;
    }
    SREG = sreg;
}

#define DISPLAY_CS_LOW() (PINS_PORT(BOARD_SPI_PORT) &= ~_BV(BOARD_SPI_CS))
#define DISPLAY_CS_HIGH() (PINS_PORT(BOARD_SPI_PORT) |= _BV(BOARD_SPI_CS))

/* The same register write to every module of the chain; CS rising latches. */
static void display_reg_all(uint8_t reg, uint8_t value)
{
    DISPLAY_CS_LOW();
    for (uint8_t m = 0; m < BOARD_MODULES; m++) {
        display_spi(reg);
        display_spi(value);
    }
    DISPLAY_CS_HIGH();
}

/* Row r (0 = bottom) of every module from display_cols. */
static void display_send_row(uint8_t r)
{
    uint8_t mask = (uint8_t)(1u << r);
    uint8_t digit = (uint8_t)(MAX_DIGIT0 + 7 - r);
    DISPLAY_CS_LOW();
    for (uint8_t m = BOARD_MODULES; m-- > 0;) {   /* farthest module first */
        const uint8_t *col = &display_cols[8 * m];
        uint8_t bits = 0;                         /* column 0 is data bit 7 */
        /* Unrolled: a test and an ori per lamp, the hot path of scrolling. */
        if (col[0] & mask) bits |= 0x80;
        if (col[1] & mask) bits |= 0x40;
        if (col[2] & mask) bits |= 0x20;
        if (col[3] & mask) bits |= 0x10;
        if (col[4] & mask) bits |= 0x08;
        if (col[5] & mask) bits |= 0x04;
        if (col[6] & mask) bits |= 0x02;
        if (col[7] & mask) bits |= 0x01;
        display_spi(digit);
        display_spi(bits);
    }
    DISPLAY_CS_HIGH();
}

static void display_send_rows(uint8_t rows)
{
    for (uint8_t r = 0; rows; r++, rows >>= 1)   /* nothing changed: no work */
        if (rows & 1)
            display_send_row(r);
}

/* Every setup register again: also heals a module that glitched or lost
 * power, which is why power-on repeats it. */
static void display_config(void)
{
    display_reg_all(MAX_TEST, 0);
    display_reg_all(MAX_DECODE, 0);
    display_reg_all(MAX_SCAN_LIMIT, 7);
    display_reg_all(MAX_INTENSITY, display_level);
}

void display_init(void)
{
    PINS_PORT(BOARD_SPI_PORT) |= _BV(BOARD_SPI_CS);
    PINS_DDR(BOARD_SPI_PORT) |= _BV(BOARD_SPI_CS) | _BV(BOARD_SPI_MOSI) | _BV(BOARD_SPI_SCK);
    SPCR = DISPLAY_SPCR;
    SPSR = 0;
    display_config();
    memset(display_cols, 0, sizeof display_cols);
    display_send_rows(0xFF);                     /* blank before lighting up */
    display_reg_all(MAX_SHUTDOWN, 1);
    display_force = 0;
}

/* The main loop shows a frame on every tick and it rarely changes: one
 * pass finds the rows that differ (about 8 cycles a column, no separate
 * compare: that unrolled copy cost flash) and sends only those. */
void display_show(const uint8_t frame[BOARD_COLS])
{
    uint8_t rows = display_force;
    for (uint8_t c = 0; c < BOARD_COLS; c++) {
        rows |= (uint8_t)(frame[c] ^ display_cols[c]);
        display_cols[c] = frame[c];
    }
    display_force = 0;
    display_send_rows(rows);
}

void display_set_intensity(uint8_t level)
{
    display_level = level > 15 ? 15 : level;
    display_reg_all(MAX_INTENSITY, display_level);
}

void display_set_power(bool on)
{
    if (on) {
        display_config();
        display_send_rows(0xFF);
    }
    display_reg_all(MAX_SHUTDOWN, on ? 1 : 0);
}
