/* fuses.c - decodes the board's fuse bytes (board/<BOARD>.h, BOARD_FUSE_*),
 * checks them against what the firmware assumes (16 MHz crystal, no /8,
 * brown-out at 2.7 V, watchdog under firmware control, boot section of
 * BOARD_BOOT_BYTES) and against the values written in board/fuses.md.
 * Usage: fuses board/fuses.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static int failures;

static void check(int ok, const char *what)
{
    printf("  %-4s %s\n", ok ? "ok" : "FAIL", what);
    if (!ok)
        failures++;
}

/* Finds "NAME = 0xHH" in the document; -1 if absent. */
static int doc_value(const char *doc, const char *name)
{
    const char *p = strstr(doc, name);
    if (!p)
        return -1;
    p += strlen(name);
    while (*p == ' ' || *p == '=')
        p++;
    return (int)strtol(p, NULL, 16);
}

int main(int argc, char **argv)
{
    const unsigned lo = BOARD_FUSE_LOW, hi = BOARD_FUSE_HIGH, ext = BOARD_FUSE_EXT;
    printf("fuses of board %s: low 0x%02X high 0x%02X ext 0x%02X\n", BOARD_NAME, lo, hi, ext);

    unsigned cksel = lo & 15, sut = (lo >> 4) & 3;
    printf("  low:  CKDIV8=%u CKOUT=%u SUT=%u%u CKSEL=%u%u%u%u\n", lo >> 7, (lo >> 6) & 1,
           sut >> 1, sut & 1, cksel >> 3, (cksel >> 2) & 1, (cksel >> 1) & 1, cksel & 1);
    check(lo & 0x80, "CKDIV8 unprogrammed: the crystal's 16 MHz is F_CPU, not 2 MHz");
    check(BOARD_F_CPU == 16000000UL, "BOARD_F_CPU is the Nano's 16 MHz crystal");
    check(cksel >= 6, "CKSEL selects a crystal oscillator (0110..1111)");
    check(cksel < 8 || (cksel >> 1) == 7, "low-power crystal: range 8..16 MHz (CKSEL3:1 = 111)");

    unsigned bootsz = (hi >> 1) & 3;
    unsigned long boot_bytes = 4096UL >> bootsz;   /* 00: 2048 words .. 11: 256 words */
    printf("  high: RSTDISBL=%u DWEN=%u SPIEN=%u WDTON=%u EESAVE=%u BOOTSZ=%u%u BOOTRST=%u (boot %lu bytes)\n",
           hi >> 7, (hi >> 6) & 1, (hi >> 5) & 1, (hi >> 4) & 1, (hi >> 3) & 1, bootsz >> 1, bootsz & 1,
           hi & 1, boot_bytes);
    check(hi & 0x80, "RSTDISBL unprogrammed: the reset pin still works (ISP, auto-reset)");
    check(hi & 0x40, "DWEN unprogrammed: debugWIRE off");
    check(!(hi & 0x20), "SPIEN programmed: ISP stays possible");
    check(hi & 0x10, "WDTON unprogrammed: the firmware can stop the watchdog for auto-off");
    check(boot_bytes == BOARD_BOOT_BYTES, "BOOTSZ matches BOARD_BOOT_BYTES");
    check(!(hi & 1), "BOOTRST programmed: reset starts the boot loader");

    unsigned bod = ext & 7;
    static const char *const level[8] = { "reserved", "reserved", "reserved", "reserved",
                                          "4.3 V", "2.7 V", "1.8 V", "off" };
    printf("  ext:  BODLEVEL=%u%u%u (%s)\n", bod >> 2, (bod >> 1) & 1, bod & 1, level[bod]);
    check(bod == 5, "brown-out detection at 2.7 V");
    check((ext & 0xF8) == 0xF8, "unused extended bits left at 1");

    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        static char doc[65536];
        size_t n = f ? fread(doc, 1, sizeof doc - 1, f) : 0;
        if (f)
            fclose(f);
        doc[n] = 0;
        check(n > 0, "board/fuses.md readable");
        check(doc_value(doc, "FUSE_LOW") == (int)lo, "board/fuses.md FUSE_LOW matches the header");
        check(doc_value(doc, "FUSE_HIGH") == (int)hi, "board/fuses.md FUSE_HIGH matches the header");
        check(doc_value(doc, "FUSE_EXT") == (int)ext, "board/fuses.md FUSE_EXT matches the header");
    }
    printf("fuses: %d failures\n", failures);
    return failures ? 1 : 0;
}
