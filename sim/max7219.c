/* max7219.c - MAX7219 chain model (datasheet: serial-data format table 1,
 * register address map table 2, Code B font table 5). */
#include "max7219.h"

#include <string.h>

#include <avr_ioport.h>
#include <avr_spi.h>

#include "fixes.h"
#include "pins.h"

enum { REG_NOOP = 0x0, REG_DECODE = 0x9, REG_INTENSITY = 0xA, REG_SCAN_LIMIT = 0xB,
       REG_SHUTDOWN = 0xC, REG_TEST = 0xF };

uint8_t max7219_code_b(uint8_t v)
{
    /* Segments on data bits: DP=7 A=6 B=5 C=4 D=3 E=2 F=1 G=0. */
    static const uint8_t font[16] = {
        0x7E, 0x30, 0x6D, 0x79, 0x33, 0x5B, 0x5F, 0x70,
        0x7F, 0x7B, 0x01, 0x4F, 0x37, 0x0E, 0x67, 0x00,
    };
    return (uint8_t)((v & 0x80) | font[v & 0x0F]);
}

/* Row pattern digit d (0..7) of chip shows: bit b = module column 7-b. */
static uint8_t chip_row(const max7219_chip_t *c, int d)
{
    if (c->test)
        return 0xFF;
    if (c->shutdown || d > c->scan_limit)
        return 0;
    return (c->decode & (1u << d)) ? max7219_code_b(c->digit[d]) : c->digit[d];
}

static void max7219_render(max7219_t *m)
{
    uint8_t f[BOARD_COLS];
    memset(f, 0, sizeof f);
    for (int mod = 0; mod < m->modules && mod < BOARD_MODULES; mod++)
        for (int d = 0; d < 8; d++) {
            uint8_t row = chip_row(&m->chip[mod], d);
            int r = 7 - d;                       /* digit 1 is the top row */
            for (int b = 0; b < 8; b++)
                if (row & (1u << b))
                    f[8 * mod + 7 - b] |= (uint8_t)(1u << r);
        }
    if (memcmp(f, m->frame, sizeof f) != 0) {
        memcpy(m->frame, f, sizeof f);
        m->changes++;
        m->last_change_cycle = m->avr ? m->avr->cycle : 0;
        /* press-to-frame (--latency) ends at the first word of the CS frame */
        m->last_change_word_cycle = m->bytes_in_frame >= 2 ? m->word_cycle : m->last_change_cycle;
        if (m->on_change)
            m->on_change(m->on_change_ctx);
    }
}

int max7219_lamp(const max7219_t *m, int c, int r)
{
    if (c < 0 || c >= BOARD_COLS || r < 0 || r > 7 || !(m->frame[c] & (1u << r)))
        return -1;
    const max7219_chip_t *chip = &m->chip[c / 8];
    return chip->test ? 15 : chip->intensity;
}

static void chip_write(max7219_chip_t *c, uint16_t word)
{
    uint8_t reg = (word >> 8) & 0x0F, v = word & 0xFF;
    switch (reg) {
    case REG_NOOP: break;
    case REG_DECODE: c->decode = v; break;
    case REG_INTENSITY: c->intensity = v & 0x0F; break;
    case REG_SCAN_LIMIT: c->scan_limit = v & 0x07; break;
    case REG_SHUTDOWN: c->shutdown = !(v & 1); break;
    case REG_TEST: c->test = v & 1; break;
    case 0xD: case 0xE: break;                   /* not used by the chip */
    default: c->digit[reg - 1] = v; break;
    }
}

void max7219_spi_byte(max7219_t *m, uint8_t b)
{
    if (!m->cs_low) {
        m->bytes_outside_cs++;
        return;
    }
    /* The chain is one long shift register: each byte pushes everything one
     * byte further from the MCU. shift[0] is nearest the MCU. */
    memmove(m->shift + 1, m->shift, sizeof m->shift - 1);
    m->shift[0] = b;
    if (++m->bytes_in_frame == 2)
        m->word_cycle = m->avr ? m->avr->cycle : 0;
}

void max7219_cs(max7219_t *m, bool level)
{
    if (!level) {
        if (!m->cs_low) {
            m->cs_low = true;
            m->bytes_in_frame = 0;
        }
        return;
    }
    if (!m->cs_low)
        return;
    m->cs_low = false;
    if (m->bytes_in_frame == 0)
        return;
    if (m->bytes_in_frame % (2u * (unsigned)m->modules) != 0)
        m->bad_frames++;
    /* LOAD rising edge latches each chip's last 16 bits. */
    for (int mod = 0; mod < m->modules; mod++) {
        uint16_t w = (uint16_t)(m->shift[2 * mod + 1] << 8 | m->shift[2 * mod]);
        chip_write(&m->chip[mod], w);
        m->words++;
    }
    m->frames++;
    max7219_render(m);
}

static void spi_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    max7219_t *m = param;
    /* simavr raises pin IRQs on change only: a CS driven low by the very
     * DDR write that made it an output is never seen as an edge, so look. */
    if (!m->cs_low && !fixes_bug_kept("cs") && (m->avr->data[PINS_DDR(BOARD_SPI_PORT)] & (1u << BOARD_SPI_CS)) &&
        !(m->avr->data[PINS_PORT(BOARD_SPI_PORT)] & (1u << BOARD_SPI_CS)))
        max7219_cs(m, false);
    max7219_spi_byte(m, (uint8_t)value);
}

static void cs_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    max7219_cs(param, value != 0);
}

void max7219_power_on(max7219_t *m)
{
    memset(m->chip, 0, sizeof m->chip);
    for (int i = 0; i < MAX7219_MAX_MODULES; i++)
        m->chip[i].shutdown = true;          /* datasheet: starts in shutdown */
    memset(m->shift, 0, sizeof m->shift);
    m->cs_low = false;
    m->bytes_in_frame = 0;
    max7219_render(m);
}

void max7219_init(max7219_t *m, avr_t *avr, int modules)
{
    memset(m, 0, sizeof *m);
    m->avr = avr;
    m->modules = modules;
    max7219_power_on(m);
    if (!avr)
        return;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_OUTPUT),
                            spi_hook, m);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_SPI_PORT),
                                          BOARD_SPI_CS), cs_hook, m);
}
