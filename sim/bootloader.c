/* bootloader.c - Intel HEX loader for the boot section. simavr 1.6's own
 * HEX reader rejects record type 03 (start segment address), which
 * Debian's ATmegaBOOT hex carries, so records are parsed here. */
#include "bootloader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static int hexval(const char *p, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
              : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

unsigned bootloader_section_bytes(uint8_t fuse_high)
{
    return 4096u >> (fuse_high >> 1 & 3);      /* BOOTSZ 00: 2048 words .. 11: 256 */
}

int bootloader_load(avr_t *avr, const char *hex_path, uint8_t fuse_high)
{
    FILE *f = fopen(hex_path, "r");
    if (!f) {
        fprintf(stderr, "nimsim: cannot read %s\n", hex_path);
        return -1;
    }
    char line[600];
    unsigned base = 0, lowest = ~0u, lineno = 0, bytes = 0;
    int rc = -1;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0)
            continue;
        int n = len >= 11 && line[0] == ':' ? hexval(line + 1, 2) : -1;
        if (n < 0 || len != 11u + 2u * (unsigned)n) {
            fprintf(stderr, "nimsim: %s:%u: not an Intel HEX record\n", hex_path, lineno);
            goto out;
        }
        uint8_t rec[300];
        unsigned sum = 0;
        for (int i = 0; i < n + 5; i++) {
            int v = hexval(line + 1 + 2 * i, 2);
            if (v < 0) {
                fprintf(stderr, "nimsim: %s:%u: bad hex digit\n", hex_path, lineno);
                goto out;
            }
            rec[i] = (uint8_t)v;
            sum += (unsigned)v;
        }
        if (sum & 0xFF) {
            fprintf(stderr, "nimsim: %s:%u: checksum error\n", hex_path, lineno);
            goto out;
        }
        unsigned addr = (unsigned)(rec[1] << 8 | rec[2]), type = rec[3];
        if (type == 0) {
            unsigned a = base + addr;
            if (a + (unsigned)n > avr->flashend + 1u) {
                fprintf(stderr, "nimsim: %s:%u: data at 0x%04x..0x%04x, beyond the flash's end (0x%04x)\n",
                        hex_path, lineno, a, a + (unsigned)n - 1u, avr->flashend);
                goto out;
            }
            memcpy(avr->flash + a, rec + 4, (size_t)n);
            if (a < lowest)
                lowest = a;
            bytes += (unsigned)n;
        } else if (type == 1) {
            break;
        } else if (type == 2) {
            base = (unsigned)(rec[4] << 8 | rec[5]) << 4;
        } else if (type == 4) {
            base = (unsigned)(rec[4] << 8 | rec[5]) << 16;
        } /* 03 and 05 (start addresses) mean nothing to a chip: skipped */
    }
    if (!bytes) {
        fprintf(stderr, "nimsim: %s holds no code\n", hex_path);
        goto out;
    }
    unsigned boot = BOARD_FLASH_BYTES - bootloader_section_bytes(fuse_high);
    if (lowest < boot) {
        fprintf(stderr, "nimsim: %s starts at 0x%04x, below the boot section (0x%04x, high fuse 0x%02X)\n",
                hex_path, lowest, boot, fuse_high);
        goto out;
    }
    /* BOOTRST programmed (0): reset jumps to the boot section's start,
     * whatever lies there (erased flash runs through to the loader). */
    avr->reset_pc = fuse_high & 1 ? 0 : boot;
    avr->pc = avr->reset_pc;
    rc = 0;
out:
    fclose(f);
    return rc;
}
