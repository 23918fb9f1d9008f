/* png.c - the board as a PNG: a dark module with round red lamps whose
 * brightness follows the MAX7219 intensity (zlib does the deflate). */
#include "png.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PNG_CELL 24            /* pixels per lamp */
#define PNG_MARGIN 12
#define PNG_RADIUS 9.5

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t head[8];
    put32(head, len);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0, head + 4, 4);
    crc = crc32(crc, data, len);
    uint8_t tail[4];
    put32(tail, (uint32_t)crc);
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, len, f) == len && fwrite(tail, 1, 4, f) == 4
               ? 0 : -1;
}

int png_write_board(sim_t *s, const char *path)
{
    const int w = 2 * PNG_MARGIN + BOARD_COLS * PNG_CELL, h = 2 * PNG_MARGIN + BOARD_ROWS * PNG_CELL;
    const size_t stride = 1 + 3 * (size_t)w;
    uint8_t *raw = calloc((size_t)h, stride);
    if (!raw)
        return -1;
    for (int y = 0; y < h; y++) {
        uint8_t *row = raw + (size_t)y * stride;
        row[0] = 0;                                  /* filter: none */
        for (int x = 0; x < w; x++) {
            uint8_t r = 18, g = 22, b = 26;          /* the module's black PCB */
            int cx = (x - PNG_MARGIN) / PNG_CELL, cy = (y - PNG_MARGIN) / PNG_CELL;
            if (x >= PNG_MARGIN && y >= PNG_MARGIN && cx < BOARD_COLS && cy < BOARD_ROWS) {
                double dx = x - PNG_MARGIN - cx * PNG_CELL - PNG_CELL / 2.0 + 0.5;
                double dy = y - PNG_MARGIN - cy * PNG_CELL - PNG_CELL / 2.0 + 0.5;
                double d2 = dx * dx + dy * dy;
                if (d2 <= PNG_RADIUS * PNG_RADIUS) {
                    int level = max7219_lamp(&s->disp, cx, BOARD_ROWS - 1 - cy);
                    if (level < 0) {
                        r = 60; g = 20; b = 20;              /* an unlit red lamp */
                    } else {
                        double k = 0.45 + 0.55 * (level + 1) / 16.0;   /* duty (2i+1)/32 */
                        double glow = 1.0 - 0.35 * d2 / (PNG_RADIUS * PNG_RADIUS);
                        r = (uint8_t)(255 * k * glow);
                        g = (uint8_t)(40 * k * glow);
                        b = (uint8_t)(30 * k * glow);
                    }
                }
            }
            row[1 + 3 * x] = r; row[2 + 3 * x] = g; row[3 + 3 * x] = b;
        }
    }
    uLongf zlen = compressBound((uLong)(stride * (size_t)h));
    uint8_t *z = malloc(zlen);
    int rc = -1;
    FILE *f = NULL;
    if (!z || compress2(z, &zlen, raw, (uLong)(stride * (size_t)h), 9) != Z_OK)
        goto out;
    f = fopen(path, "wb");
    if (!f)
        goto out;
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;   /* 8-bit RGB */
    if (fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) == 0 &&
        chunk(f, "IDAT", z, (uint32_t)zlen) == 0 && chunk(f, "IEND", NULL, 0) == 0)
        rc = 0;
out:
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "nimsim: cannot write %s: %s\n", path, errno ? strerror(errno) : "zlib");
    free(raw);
    free(z);
    return rc;
}
