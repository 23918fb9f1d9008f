/* fw_board.c - a small firmware that exercises every part of the simulated
 * board, so the harness can be tested before (and apart from) the real
 * firmware. Wired from board/board.h like the real one. Line commands on
 * the UART (115200 8N1):
 *   frame        draw the known frame (fw_board_frame) over SPI
 *   dim N        MAX7219 intensity N;  test N  display test on/off
 *   off / on     MAX7219 shutdown / normal;  limit N  scan limit
 *   decode       Code B decode for digit 1 with value 8
 *   stats        print "edges E presses P held H"
 *   portd N      write PORTD N times while reading the buttons
 *   tone HZ MS   Timer1 CTC toggle on OC1A for MS ms
 *   down         power-down sleep until a button wakes us
 *   downbod      the same with the BOD off for the sleep (BODS)
 *   stack N      recurse N frames deep
 *   boot         print the EEPROM boot counter
 *   eew          EEPROM: write 0x5A to byte 10, at once (EEPE still set)
 *                0xA5 to byte 11 by the register sequence, marker 0x40
 *                after the first write starts, 0x41 when EEPE clears;
 *                prints "eew B10 B11 refused|written"
 *   wdt cli|sei  watchdog in interrupt-and-reset mode (128 ms), then hang
 *                with interrupts off or on; the ISR prints "wdt irq N" and
 *                re-arms WDIE. After a watchdog reset the boot prints
 *                "watchdog reset" after the ready line ("brown-out reset"
 *                after a brown-out)
 *   txc          marker 1, send one byte, wait TXC, marker 2
 *   crash        jump outside the flash
 *   done         cli + sleep (the end of an on-target test)
 * anything else is echoed as "echo: LINE". Debounced presses print
 * "press NAME N". Built with -DFW_CS_LOW_AT_BOOT (fw_board_cs0.elf), its
 * first MAX7219 word goes out with CS made an output while already low. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define UBRR_VALUE ((BOARD_F_CPU / 8 / BOARD_UART_BAUD) - 1)   /* U2X: 16 -> 117647 */

static volatile uint16_t ticks;            /* ms, Timer0 */
static volatile uint16_t edges;            /* raw PCINT2 edges */
static volatile uint8_t rx_ring[64];      /* bytes from the ISR */
static volatile uint8_t rx_head, rx_tail;
static char rx_line[64];
static uint8_t rx_len;
static bool rx_ready;
static volatile uint16_t tone_left;        /* ms */
static uint8_t eeprom_boots EEMEM = 0;

static void mark(uint8_t v) { GPIOR1 = v; }

static void uart_putc(char c)
{
    while (!(UCSR0A & (1 << UDRE0)))
        ;
    UDR0 = c;
}

static void uart_puts(const char *s)
{
    while (*s)
        uart_putc(*s++);
}

static void uart_putu(uint16_t v)
{
    char b[6];
    utoa(v, b, 10);
    uart_puts(b);
}

/* After a watchdog reset the watchdog stays on at 16 ms with WDRF set
 * (datasheet 10.9.2): off at once, before the C start-up. */
static uint8_t reset_cause __attribute__((section(".noinit")));
void early(void) __attribute__((naked, used, section(".init3")));
void early(void)
{
    reset_cause = MCUSR;
    MCUSR = 0;
    wdt_disable();
}

static volatile uint8_t wdt_irqs;
ISR(WDT_vect)
{
    wdt_irqs++;
    WDTCSR |= 1 << WDIE;                       /* interrupt first again */
}

ISR(USART_RX_vect)
{
    uint8_t c = UDR0, next = (uint8_t)((rx_head + 1) % sizeof rx_ring);
    if (next != rx_tail) {
        rx_ring[rx_head] = c;
        rx_head = next;
    }
}

/* Moves received bytes into rx_line until a whole line is there. */
static void rx_poll(void)
{
    while (!rx_ready && rx_tail != rx_head) {
        char c = (char)rx_ring[rx_tail];
        rx_tail = (uint8_t)((rx_tail + 1) % sizeof rx_ring);
        if (c == '\n') {
            rx_line[rx_len] = 0;
            rx_ready = true;
        } else if (rx_len < sizeof rx_line - 1) {
            rx_line[rx_len++] = c;
        }
    }
}

ISR(TIMER0_COMPA_vect)
{
    ticks++;
    if (tone_left && --tone_left == 0)
        TCCR1B = 0, TCCR1A = 0;
}

ISR(PCINT2_vect)
{
    edges++;
}

static void spi_word(uint8_t reg, uint8_t v)
{
    SPDR = reg;
    while (!(SPSR & (1 << SPIF)))
        ;
    SPDR = v;
    while (!(SPSR & (1 << SPIF)))
        ;
}

/* The same register in every module of the chain. */
static void max_all(uint8_t reg, uint8_t v)
{
    PORTB &= (uint8_t)~(1 << BOARD_SPI_CS);
    for (uint8_t m = 0; m < BOARD_MODULES; m++)
        spi_word(reg, v);
    PORTB |= 1 << BOARD_SPI_CS;
}

/* Known frame, engine layout: column c has rows (c*5+1)%8 and c%8 lit, and
 * column 0 also row 7: asymmetric in both axes. */
static uint8_t frame_col(uint8_t c)
{
    uint8_t v = (uint8_t)((1 << ((c * 5 + 1) % 8)) | (1 << (c % 8)));
    return c == 0 ? (uint8_t)(v | 0x80) : v;
}

static void draw_frame(void)
{
    for (uint8_t d = 1; d <= 8; d++) {
        PORTB &= (uint8_t)~(1 << BOARD_SPI_CS);
        /* First word out lands in the farthest module. */
        for (int8_t m = BOARD_MODULES - 1; m >= 0; m--) {
            uint8_t row = 0;
            for (uint8_t b = 0; b < 8; b++)
                if (frame_col((uint8_t)(8 * m + 7 - b)) & (1 << (8 - d)))
                    row |= (uint8_t)(1 << b);
            spi_word(d, row);
        }
        PORTB |= 1 << BOARD_SPI_CS;
    }
}

static void tone(uint16_t hz, uint16_t ms)
{
    OCR1A = (uint16_t)(BOARD_F_CPU / 8 / 2 / hz - 1);
    TCNT1 = 0;
    TCCR1A = 1 << COM1A0;                      /* toggle OC1A */
    cli();
    tone_left = ms;
    sei();
    TCCR1B = (1 << WGM12) | (1 << CS11);       /* CTC, /8 */
}

/* Sum 1..n the slow way: n stack frames of at least 10 bytes each. */
__attribute__((noinline)) static uint16_t recurse(uint8_t n)
{
    volatile uint8_t pad[8];
    pad[0] = n;
    pad[7] = 0;
    uint16_t r = n ? recurse((uint8_t)(n - 1)) : 0;
    return (uint16_t)(r + pad[0] + pad[7]);
}

static const char *const names[6] = { "UP", "DOWN", "LEFT", "RIGHT", "A", "B" };
static const uint8_t pins[6] = { BOARD_BTN_UP, BOARD_BTN_DOWN, BOARD_BTN_LEFT,
                                 BOARD_BTN_RIGHT, BOARD_BTN_A, BOARD_BTN_B };

/* Pressed buttons as bits 0..5 (active low pins). */
static uint8_t buttons_now(void)
{
    uint8_t p = PIND, r = 0;
    for (uint8_t i = 0; i < 6; i++)
        if (!(p & (1 << pins[i])))
            r |= (uint8_t)(1 << i);
    return r;
}

static void idle(void)
{
    set_sleep_mode(SLEEP_MODE_IDLE);
    cli();
    sleep_enable();
    sei();
    sleep_cpu();
    __asm__ volatile("nop");                   /* simavr: sei; sleep livelock */
    sleep_disable();
}

int main(void)
{
    mark(0x10);
    /* Pins: SPI out, CS high, piezo out, buttons input with pull-ups. */
#ifdef FW_CS_LOW_AT_BOOT
    /* CS made an output while low: simavr raises no pin edge for it, so
     * the harness must notice the low CS when the first byte goes out. */
    DDRB = (1 << BOARD_SPI_CS) | (1 << BOARD_SPI_MOSI) | (1 << BOARD_SPI_SCK);
    SPCR = (1 << SPE) | (1 << MSTR);
    for (uint8_t m = 0; m < BOARD_MODULES; m++)
        spi_word(0x0C, 1);                     /* shutdown off: the only one */
    PORTB |= 1 << BOARD_SPI_CS;
#endif
    PORTB = 1 << BOARD_SPI_CS;
    DDRB = (1 << BOARD_SPI_CS) | (1 << BOARD_SPI_MOSI) | (1 << BOARD_SPI_SCK) | (1 << BOARD_PIEZO_PIN);
    PORTD = BOARD_BTN_MASK;
    SPCR = (1 << SPE) | (1 << MSTR);
    SPSR = 1 << SPI2X;
    UCSR0A = 1 << U2X0;                        /* before UBRR: simavr recomputes there */
    UBRR0H = (uint8_t)(UBRR_VALUE >> 8);
    UBRR0L = (uint8_t)UBRR_VALUE;
    UCSR0B = (1 << RXEN0) | (1 << TXEN0) | (1 << RXCIE0);
    TCCR0A = 1 << WGM01;                       /* 1 ms tick */
    OCR0A = BOARD_F_CPU / 64 / 1000 - 1;
    TIMSK0 = 1 << OCIE0A;
    TCCR0B = (1 << CS01) | (1 << CS00);
    PCMSK2 = BOARD_BTN_MASK;
    PCICR = 1 << PCIE2;
    sei();

    max_all(0x0F, 0);                          /* no display test */
    max_all(0x09, 0);                          /* no decode */
    max_all(0x0B, 7);                          /* 8 rows */
    max_all(0x0A, 8);
#ifndef FW_CS_LOW_AT_BOOT
    max_all(0x0C, 1);                          /* on */
#endif

    uint8_t boots = eeprom_read_byte(&eeprom_boots);
    eeprom_write_byte(&eeprom_boots, (uint8_t)(boots + 1));
    uart_puts("fw_board ready\n");
    if (reset_cause & (1 << WDRF))
        uart_puts("watchdog reset\n");
    if (reset_cause & (1 << BORF))
        uart_puts("brown-out reset\n");
    mark(0x11);

    uint8_t stable = 0, last = 0;
    uint16_t presses = 0, count[6] = { 0 };
    uint16_t last_tick = 0, quiet = 0;
    for (;;) {
        uint16_t now;
        cli();
        now = ticks;
        sei();
        if (now != last_tick) {                /* 1 ms debounce sampling */
            last_tick = now;
            uint8_t b = buttons_now();
            if (b != last) {
                last = b;
                quiet = 0;
            } else if (quiet < 5 && ++quiet == 5 && b != stable) {
                uint8_t down = b & (uint8_t)~stable;
                stable = b;
                for (uint8_t i = 0; i < 6; i++)
                    if (down & (1 << i)) {
                        presses++;
                        count[i]++;
                        uart_puts("press ");
                        uart_puts(names[i]);
                        uart_putc(' ');
                        uart_putu(count[i]);
                        uart_putc('\n');
                    }
            }
        }
        rx_poll();
        if (rx_ready) {
            char *l = rx_line;
            if (strcmp(l, "frame") == 0) {
                mark(0x20);
                draw_frame();
                mark(0x21);
                uart_puts("drawn\n");
            } else if (strncmp(l, "dim ", 4) == 0) {
                max_all(0x0A, (uint8_t)atoi(l + 4));
            } else if (strncmp(l, "test ", 5) == 0) {
                max_all(0x0F, (uint8_t)atoi(l + 5));
            } else if (strncmp(l, "limit ", 6) == 0) {
                max_all(0x0B, (uint8_t)atoi(l + 6));
            } else if (strcmp(l, "off") == 0) {
                max_all(0x0C, 0);
            } else if (strcmp(l, "on") == 0) {
                max_all(0x0C, 1);
            } else if (strcmp(l, "decode") == 0) {
                max_all(0x09, 0x01);
                max_all(0x01, 8);
            } else if (strcmp(l, "stats") == 0) {
                uint16_t e;
                cli();
                e = edges;
                sei();
                uart_puts("edges ");
                uart_putu(e);
                uart_puts(" presses ");
                uart_putu(presses);
                uart_puts(" held ");
                uart_putu(buttons_now());
                uart_putc('\n');
            } else if (strncmp(l, "portd ", 6) == 0) {
                uint16_t n = (uint16_t)atoi(l + 6), seen_up = 0;
                uint8_t held = buttons_now();
                for (uint16_t i = 0; i < n; i++) {
                    PORTD = BOARD_BTN_MASK;    /* rewrite the pull-ups */
                    if (buttons_now() != held)
                        seen_up++;
                }
                uart_puts("portd changed ");
                uart_putu(seen_up);
                uart_putc('\n');
            } else if (strncmp(l, "tone ", 5) == 0) {
                char *sp = strchr(l + 5, ' ');
                tone((uint16_t)atoi(l + 5), sp ? (uint16_t)atoi(sp + 1) : 100);
            } else if (strcmp(l, "down") == 0 || strcmp(l, "downbod") == 0) {
                bool bod_off = l[4] == 'b';
                uart_puts("sleeping\n");
                while (!(UCSR0A & (1 << TXC0)))
                    ;
                TIMSK0 = 0;                    /* no tick in power-down */
                set_sleep_mode(SLEEP_MODE_PWR_DOWN);
                cli();
                sleep_enable();
                if (bod_off)
                    sleep_bod_disable();       /* BOD off for this sleep (10.11.2) */
                sei();
                sleep_cpu();
                __asm__ volatile("nop");
                sleep_disable();
                TIMSK0 = 1 << OCIE0A;
                uart_puts("awake\n");
            } else if (strncmp(l, "stack ", 6) == 0) {
                uart_putu(recurse((uint8_t)atoi(l + 6)));
                uart_putc('\n');
            } else if (strcmp(l, "boot") == 0) {
                uart_puts("boots ");
                uart_putu(boots);
                uart_putc('\n');
            } else if (strcmp(l, "eew") == 0) {
                eeprom_write_byte((uint8_t *)10, 0x5A);
                mark(0x40);
                cli();
                EEAR = 11;                     /* ignored while EEPE is set (8.6.3) */
                EEDR = 0xA5;
                EECR |= 1 << EEMPE;
                EECR |= 1 << EEPE;             /* refused while EEPE is set */
                sei();
                while (EECR & (1 << EEPE))
                    ;
                mark(0x41);
                uint8_t b10 = eeprom_read_byte((uint8_t *)10), b11 = eeprom_read_byte((uint8_t *)11);
                uart_puts("eew ");
                uart_putu(b10);
                uart_putc(' ');
                uart_putu(b11);
                uart_puts(b11 == 0xA5 || b10 == 0xA5 ? " written\n" : " refused\n");
            } else if (strncmp(l, "wdt ", 4) == 0) {
                bool irq_on = strcmp(l + 4, "sei") == 0;
                uart_puts("hang\n");
                while (!(UCSR0A & (1 << TXC0)))
                    ;
                cli();
                wdt_reset();
                WDTCSR = (1 << WDCE) | (1 << WDE);
                WDTCSR = (1 << WDIE) | (1 << WDE) | (1 << WDP1) | (1 << WDP0);
                if (irq_on)
                    sei();
                uint8_t seen = 0;
                for (;;)
                    if (wdt_irqs != seen) {            /* the ISR ran: say so */
                        seen = wdt_irqs;
                        uart_puts("wdt irq ");
                        uart_putu(seen);
                        uart_putc('\n');
                    }
            } else if (strcmp(l, "txc") == 0) {
                while (!(UCSR0A & (1 << TXC0)))
                    ;
                UCSR0A |= 1 << TXC0;           /* clear (write one) */
                mark(1);
                UDR0 = 'x';
                while (!(UCSR0A & (1 << TXC0)))
                    ;
                mark(2);
                uart_putc('\n');
            } else if (strcmp(l, "crash") == 0) {
                void (*bad)(void) = (void (*)(void))0x7FFE;
                bad();
            } else if (strcmp(l, "done") == 0) {
                uart_puts("bye\n");
                while (!(UCSR0A & (1 << TXC0)))
                    ;
                cli();
                sleep_enable();
                sleep_cpu();
            } else {
                uart_puts("echo: ");
                uart_puts(l);
                uart_putc('\n');
            }
            rx_len = 0;
            rx_ready = false;
        }
        cli();
        bool empty = rx_tail == rx_head;
        sei();
        if (empty && !rx_ready && quiet >= 5)
            idle();
    }
}
