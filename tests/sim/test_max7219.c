/* test_max7219.c - host tests of the MAX7219 chain model (sim/max7219.c),
 * built with BOARD_MODULES=4 so 1, 2 and 4 module chains all fit. The
 * encoder here follows the orientation comment in board/nano.h, written
 * independently of the model: a frame sent as SPI words must come back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "max7219.h"

/* One CS frame: the same (reg, value) word for every module. */
static void send_all(max7219_t *m, uint8_t reg, uint8_t v)
{
    max7219_cs(m, false);
    for (int i = 0; i < m->modules; i++) {
        max7219_spi_byte(m, reg);
        max7219_spi_byte(m, v);
    }
    max7219_cs(m, true);
}

/* Sends a whole frame (engine layout) as the firmware must: digit d is row
 * d-1 from the top, bit b is module column 7-b, first word = farthest. */
static void send_frame(max7219_t *m, const uint8_t *frame)
{
    for (int d = 1; d <= 8; d++) {
        max7219_cs(m, false);
        for (int mod = m->modules - 1; mod >= 0; mod--) {
            uint8_t row = 0;
            for (int b = 0; b < 8; b++)
                if (frame[8 * mod + 7 - b] & (1u << (8 - d)))
                    row |= (uint8_t)(1u << b);
            max7219_spi_byte(m, (uint8_t)d);
            max7219_spi_byte(m, row);
        }
        max7219_cs(m, true);
    }
}

static void start(max7219_t *m, int modules)
{
    max7219_init(m, NULL, modules);
    send_all(m, 0x0F, 0);
    send_all(m, 0x09, 0);
    send_all(m, 0x0B, 7);
    send_all(m, 0x0A, 8);
    send_all(m, 0x0C, 1);
}

static void test_roundtrip(int modules)
{
    max7219_t m;
    start(&m, modules);
    srand(42u + (unsigned)modules);
    int ok = 1;
    for (int k = 0; k < 200; k++) {
        uint8_t f[BOARD_COLS] = { 0 };
        for (int c = 0; c < 8 * modules; c++)
            f[c] = (uint8_t)rand();
        send_frame(&m, f);
        if (memcmp(f, m.frame, (size_t)(8 * modules)) != 0)
            ok = 0;
    }
    CHECK(ok, "%d module(s): 200 random frames sent as SPI words decode to themselves", modules);
    CHECK(m.bad_frames == 0, "%d module(s): no malformed CS frames (%llu)", modules,
          (unsigned long long)m.bad_frames);
}

static void test_orientation(void)
{
    max7219_t m;
    start(&m, 1);
    max7219_cs(&m, false);
    max7219_spi_byte(&m, 1);        /* digit 1 = top row */
    max7219_spi_byte(&m, 0x80);     /* bit 7 = leftmost lamp */
    max7219_cs(&m, true);
    CHECK(m.frame[0] == 0x80, "digit 1 bit 7 lights column 0, row 7 (top): got %02x", m.frame[0]);
    for (int c = 1; c < 8; c++)
        CHECK(m.frame[c] == 0, "column %d dark", c);
    CHECK(max7219_lamp(&m, 0, 7) == 8, "lamp brightness = intensity 8, got %d", max7219_lamp(&m, 0, 7));
    CHECK(max7219_lamp(&m, 1, 7) == -1, "dark lamp reports -1");
}

static void test_registers(void)
{
    max7219_t m;
    max7219_init(&m, NULL, 1);
    max7219_cs(&m, false);
    max7219_spi_byte(&m, 8);        /* digit 8 = bottom row */
    max7219_spi_byte(&m, 0x01);     /* bit 0 = rightmost */
    max7219_cs(&m, true);
    send_all(&m, 0x0B, 7);
    CHECK(m.frame[7] == 0, "power-on state is shutdown: nothing lit");
    send_all(&m, 0x0C, 1);
    CHECK(m.frame[7] == 0x01, "after shutdown=1 the bottom-right lamp shows: %02x", m.frame[7]);
    send_all(&m, 0x0B, 6);
    CHECK(m.frame[7] == 0, "scan limit 6 hides digit 8");
    send_all(&m, 0x0B, 7);
    send_all(&m, 0x0A, 3);
    CHECK(max7219_lamp(&m, 7, 0) == 3, "intensity 3, got %d", max7219_lamp(&m, 7, 0));
    send_all(&m, 0x0A, 0x1F);
    CHECK(max7219_lamp(&m, 7, 0) == 15, "intensity keeps the low nibble");
    send_all(&m, 0x0F, 1);
    int all = 1;
    for (int c = 0; c < 8; c++)
        all &= m.frame[c] == 0xFF;
    CHECK(all, "display test lights every lamp");
    send_all(&m, 0x0C, 0);
    CHECK(m.frame[0] == 0xFF, "display test overrides shutdown");
    send_all(&m, 0x0F, 0);
    CHECK(m.frame[7] == 0, "shutdown after test: dark");
    send_all(&m, 0x0C, 1);
    send_all(&m, 0x09, 0x80);       /* decode digit 8 */
    send_all(&m, 0x08, 0x08);       /* Code B '8' = all seven segments */
    uint8_t row = 0;
    for (int c = 0; c < 8; c++)
        if (m.frame[c] & 1)
            row |= (uint8_t)(0x80 >> c);
    CHECK(row == 0x7F, "Code B 8 shows segments A..G: %02x", row);
    CHECK(max7219_code_b(0x8F) == 0x80, "Code B blank with DP = DP only");
    uint64_t before = m.changes;
    max7219_spi_byte(&m, 0x0C);
    max7219_spi_byte(&m, 0x00);
    CHECK(m.bytes_outside_cs == 2 && m.changes == before, "bytes with CS high are ignored");
}

static void test_chain_noop(void)
{
    max7219_t m;
    start(&m, 4);
    uint8_t f[BOARD_COLS] = { 0 };
    for (int c = 0; c < 32; c++)
        f[c] = (uint8_t)(c * 7 + 1);
    send_frame(&m, f);
    /* Digit 1 in module 2 only: no-ops for modules 3, 1, 0. */
    max7219_cs(&m, false);
    uint8_t words[4][2] = { { 0, 0 }, { 1, 0xFF }, { 0, 0 }, { 0, 0 } };  /* farthest first */
    for (int i = 0; i < 4; i++) {
        max7219_spi_byte(&m, words[i][0]);
        max7219_spi_byte(&m, words[i][1]);
    }
    max7219_cs(&m, true);
    int ok = 1;
    for (int c = 0; c < 32; c++) {
        uint8_t want = (c >= 16 && c < 24) ? (uint8_t)(f[c] | 0x80) : f[c];
        ok &= m.frame[c] == want;
    }
    CHECK(ok, "no-op words leave the other modules alone; word 2 of 4 lands in module 2");
    max7219_cs(&m, false);
    max7219_spi_byte(&m, 1);
    max7219_spi_byte(&m, 0);
    max7219_spi_byte(&m, 1);
    max7219_cs(&m, true);
    CHECK(m.bad_frames == 1, "an odd-sized CS frame is counted as malformed");
}

int main(void)
{
    test_orientation();
    test_registers();
    test_roundtrip(1);
    test_roundtrip(2);
    test_roundtrip(4);
    test_chain_noop();
    printf("test_max7219: %d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
