/* fuses.c - decodes the board's fuse bytes (board/<BOARD>.h): the Nano's
 * (BOARD_FUSE_*) and the handheld's that make bootloader burns
 * (BOARD_HANDHELD_FUSE_*), checks them against what the firmware assumes
 * (16 MHz crystal, no /8, watchdog under firmware control, boot section of
 * BOARD_BOOT_BYTES, so one image fits both), each set's brown-out level,
 * the lock bits, and the values written in board/fuses.md.
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

/* One fuse set: the three bytes and the brown-out level it must set. */
typedef struct fuse_set {
    const char *name, *doc_prefix;   /* "FUSE_LOW" is doc_prefix + "LOW" */
    unsigned lo, hi, ext, bodlevel;
    const char *bod_why;
} fuse_set_t;

static void check_set(const fuse_set_t *f)
{
    const unsigned lo = f->lo, hi = f->hi, ext = f->ext;
    printf("%s: low 0x%02X high 0x%02X ext 0x%02X\n", f->name, lo, hi, ext);

    unsigned cksel = lo & 15, sut = (lo >> 4) & 3;
    printf("  low:  CKDIV8=%u CKOUT=%u SUT=%u%u CKSEL=%u%u%u%u\n", lo >> 7, (lo >> 6) & 1,
           sut >> 1, sut & 1, cksel >> 3, (cksel >> 2) & 1, (cksel >> 1) & 1, cksel & 1);
    check(lo & 0x80, "CKDIV8 unprogrammed: the crystal's 16 MHz is F_CPU, not 2 MHz");
    check(BOARD_F_CPU == 16000000UL, "BOARD_F_CPU is the 16 MHz crystal");
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
    check(boot_bytes == BOARD_BOOT_BYTES, "BOOTSZ matches BOARD_BOOT_BYTES (the application's 30,720 B)");
    check(!(hi & 1), "BOOTRST programmed: reset starts the boot loader");

    unsigned bod = ext & 7;
    static const char *const level[8] = { "reserved", "reserved", "reserved", "reserved",
                                          "4.3 V", "2.7 V", "1.8 V", "off" };
    printf("  ext:  BODLEVEL=%u%u%u (%s)\n", bod >> 2, (bod >> 1) & 1, bod & 1, level[bod]);
    check(bod == f->bodlevel, f->bod_why);
    check((ext & 0xF8) == 0xF8, "unused extended bits left at 1");
}

/* The document's "<prefix>LOW = 0xHH" lines equal the header's bytes. */
static void check_doc(const char *doc, const fuse_set_t *f)
{
    static const char *const byte[3] = { "LOW", "HIGH", "EXT" };
    const unsigned v[3] = { f->lo, f->hi, f->ext };
    for (int i = 0; i < 3; i++) {
        char name[40], what[96];
        snprintf(name, sizeof name, "%s%s", f->doc_prefix, byte[i]);
        snprintf(what, sizeof what, "board/fuses.md %s matches the header", name + strspn(name, " "));
        check(doc_value(doc, name) == (int)v[i], what);
    }
}

int main(int argc, char **argv)
{
    const fuse_set_t sets[] = {
        { "fuses of board " BOARD_NAME, "    FUSE_", BOARD_FUSE_LOW, BOARD_FUSE_HIGH, BOARD_FUSE_EXT, 5,
          "brown-out detection at 2.7 V (a stock Nano: USB behind its diode may be under 4.5 V)" },
        { "fuses of the handheld (make bootloader)", "HANDHELD_FUSE_", BOARD_HANDHELD_FUSE_LOW,
          BOARD_HANDHELD_FUSE_HIGH, BOARD_HANDHELD_FUSE_EXT, 4,
          "brown-out detection at 4.3 V: 16 MHz is safe from about 3.8 V only" },
    };
    const size_t n_sets = sizeof sets / sizeof sets[0];
    for (size_t i = 0; i < n_sets; i++)
        check_set(&sets[i]);
    check(sets[1].lo == sets[0].lo && sets[1].hi == sets[0].hi,
          "the handheld's clock and boot section are the Nano's: one nim.hex for both");

    const unsigned lock = BOARD_FUSE_LOCK;
    printf("lock: 0x%02X BLB1=%u%u BLB0=%u%u LB=%u%u\n", lock, (lock >> 5) & 1, (lock >> 4) & 1,
           (lock >> 3) & 1, (lock >> 2) & 1, (lock >> 1) & 1, lock & 1);
    check((lock & 0x30) == 0, "BLB1 = 00: SPM cannot write the boot section, LPM cannot read it from the application");
    check((lock & 0x0F) == 0x0F, "BLB0 and LB unprogrammed: the application section and ISP free");

    if (argc > 1) {
        FILE *f = fopen(argv[1], "r");
        static char doc[65536];
        size_t n = f ? fread(doc, 1, sizeof doc - 1, f) : 0;
        if (f)
            fclose(f);
        doc[n] = 0;
        check(n > 0, "board/fuses.md readable");
        for (size_t i = 0; i < n_sets; i++)
            check_doc(doc, &sets[i]);
        check(doc_value(doc, "    LOCK_BITS") == (int)lock, "board/fuses.md LOCK_BITS matches the header");
    }
    printf("fuses: %d failures\n", failures);
    return failures ? 1 : 0;
}
