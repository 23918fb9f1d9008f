/* hal_check.c - an on-target program that exercises every driver of
 * firmware/hal through the real pins, for tests/unit/hal_check.nimsim under
 * the simulator (build/nimsim): the MAX7219 picture and orientation,
 * buttons with debounce and long press, the UART both ways and its overrun
 * report, tones, EEPROM records across a reset, power-down and wake, the
 * watchdog and the reset cause.
 *
 * Commands, one letter a line: t tone, s<n> save n in the game record,
 * l load it, o power off, h hang (the watchdog must reset), c clock_ms,
 * b busy 300 ms without feeding the RX ring (provokes an overrun),
 * p a long line printed with interrupts off, q interrupts off for 10 ms,
 * H hang with interrupts off (on the chip the watchdog's second time-out
 * resets; simavr 1.6 does not model that escalation, so no script uses it). */
#include <avr/interrupt.h>
#include <avr/pgmspace.h>

#include "debounce.h"
#include "hal.h"
#include "store.h"

static uint8_t frame[BOARD_COLS];
static char line[16];
static uint8_t line_len;

static void put_hex(uint8_t v)
{
    static const char hex[] PROGMEM = "0123456789ABCDEF";
    uart_putc((char)pgm_read_byte(&hex[v >> 4]));
    uart_putc((char)pgm_read_byte(&hex[v & 15]));
}

static void put_u16(uint16_t v)
{
    char d[6];
    uint8_t n = 0;
    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        uart_putc(d[--n]);
}

static void command(uint16_t now)
{
    switch (line[0]) {
    case 't':
        piezo_tone(1000, 100);
        uart_puts_P(PSTR("TONE\n"));
        break;
    case 's': {
        uint8_t rec[4] = { (uint8_t)line[1], 0x5A, (uint8_t)~line[1], 0x00 };
        uart_puts_P(store_save(STORE_GAME, rec, sizeof rec) ? PSTR("SAVED\n") : PSTR("SAVE FAILED\n"));
        break;
    }
    case 'l': {
        uint8_t rec[4];
        if (store_load(STORE_GAME, rec, sizeof rec)) {
            uart_puts_P(PSTR("LOADED "));
            uart_putc((char)rec[0]);
            uart_putc('\n');
        } else {
            uart_puts_P(PSTR("NO RECORD\n"));
        }
        break;
    }
    case 'o':
        uart_puts_P(PSTR("OFF\n"));
        power_off();
        uart_puts_P(PSTR("WOKE\n"));
        break;
    case 'h':
        uart_puts_P(PSTR("HANG\n"));
        for (;;)
            ;
    case 'H':
        uart_puts_P(PSTR("HANG CLI\n"));
        uart_flush();
        __asm__ __volatile__("cli");
        for (;;)
            ;
    case 'c':
        uart_puts_P(PSTR("CLOCK "));
        put_u16(now);
        uart_putc('\n');
        break;
    case 'b': {
        uint16_t t0 = clock_ms();
        while ((int16_t)(clock_ms() - t0) < 300)
            watchdog_kick();        /* busy: the RX ring fills and overflows */
        uart_puts_P(PSTR("BUSY DONE\n"));
        break;
    }
    case 'p': {
        /* Interrupts off: a line longer than the TX ring must still go
         * out whole (uart_putc then drains the ring by polling). */
        uint8_t sreg = SREG;
        cli();
        uart_puts_P(PSTR("POLLED 0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ END\n"));
        uart_flush();
        SREG = sreg;
        break;
    }
    case 'q': {
        /* Interrupts off for ~10 ms with no UART access: bytes arriving
         * now must still be received afterwards. */
        uint8_t sreg = SREG;
        cli();
        for (uint16_t i = 0; i < 40000; i++)
            __asm__ __volatile__("nop");
        SREG = sreg;
        uart_puts_P(PSTR("QUIET\n"));
        break;
    }
    default:
        uart_puts_P(PSTR("ERR\n"));
    }
}

/* The store's rings: the driver check's own (the app's are the app's). */
static const store_ring_t rings[STORE_RECORDS] PROGMEM = {
    {0, 16, 2},
    {64, 16, 4},
};

int main(void)
{
    static debounce_t deb;
    uint8_t cause = hal_init();
    store_setup(rings);
    uart_puts_P(PSTR("HAL RESET "));
    put_hex(cause);
    uart_puts_P(PSTR(" BUTTONS "));
    put_hex(buttons_raw());
    uart_putc('\n');
    /* Orientation and chain order: column c shows c + 1 in binary from the
     * bottom, and the top row is lit. */
    for (uint8_t c = 0; c < BOARD_COLS; c++)
        frame[c] = (uint8_t)((c + 1) | 0x80);
    display_show(frame);
    uint16_t now = clock_ms();
    debounce_init(&deb, buttons_raw(), now);
    bool held_reported = false;
    for (;;) {
        watchdog_kick();
        now = clock_ms();
        debounce_update(&deb, buttons_raw(), now);
        if (deb.pressed) {
            uart_puts_P(PSTR("P "));
            put_hex(deb.pressed);
            uart_putc('\n');
            frame[0] = deb.stable;  /* column 0 shows the buttons held */
        }
        if (deb.released) {
            uart_puts_P(PSTR("R "));
            put_hex(deb.released);
            uart_putc('\n');
            frame[0] = deb.stable;
            held_reported = false;
        }
        if (!held_reported && debounce_held_for(&deb, BTN_B, 1000, now)) {
            uart_puts_P(PSTR("HOLD B\n"));
            held_reported = true;
        }
        int16_t c;
        while ((c = uart_getc()) != -1) {
            if (c <= HAL_UART_OVERRUN) { /* lost bytes, with or without line ends */
                uart_puts_P(PSTR("OVERRUN\n"));
                line_len = 0;
            } else if (c == '\n') {
                line[line_len] = 0;
                if (line_len)
                    command(now);
                line_len = 0;
            } else if (line_len < sizeof line - 1) {
                line[line_len++] = (char)c;
            }
        }
        display_show(frame);
        power_idle();
    }
}
