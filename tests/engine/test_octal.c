/* test_octal.c - the chip's derivation of a typed-in octal code
 * (firmware/engine/octal.c, built for the PC from the same source)
 * against the table generator's (firmware/gen/sequence.c: rule_from_code
 * and rule_sequence, what build/grundy CODE N prints and the built-in
 * rules' tables are made with),
 * on every code of up to four digits, with and without the last digit
 * repeating (8,192 codes): g(0..OCTAL_HEAP_MAX) where the code does not
 * split (heap columns and one heap), g(0..8) where it does (runs of pins
 * in a column; g(0..16) too, for the margin). Then the codes octal_check
 * must refuse, and the built-in rules' codes against their names. */
#include <stdio.h>
#include <string.h>

#include "fail.h"
#include "gen.h"
#include "octal.h"

static unsigned long codes, values, splitting, refused;

/* The code as the generator reads it: "0.d1d2..[*]". */
static void code_text(const octal_code_t *c, char *s)
{
    int n = 0;
    n += sprintf(s, "0.");
    for (int i = 0; i < c->len; i++)
        s[n++] = (char)('0' + c->digit[i]);
    if (c->repeat)
        s[n++] = '*';
    s[n] = 0;
}

static void check_code(const octal_code_t *c)
{
    char text[16];
    int want[OCTAL_HEAP_MAX + 1];
    uint8_t got[OCTAL_HEAP_MAX + 1], moves[OCTAL_HEAP_MAX + 1];
    code_text(c, text);
    snprintf(game_name, sizeof game_name, "%s", text);
    if (octal_check(c) != OCTAL_OK) {
        FAIL("octal_check refused a code with a move (%u)", octal_check(c));
        return;
    }
    const rule_t *r = rule_from_code(text);     /* as build/grundy CODE N reads it */
    bool split = false;
    for (int k = 1; k <= OCTAL_HEAP_MAX; k++) {
        if (octal_digit(c, (uint8_t)k) != r->digit[k])
            FAIL("d%d: %u, the generator %u", k, octal_digit(c, (uint8_t)k), r->digit[k]);
        split |= (r->digit[k] & 4) != 0;
    }
    if (split != octal_splits(c))
        FAIL("octal_splits says %d", octal_splits(c));
    /* A split's heaps are played up to a column's 8 pins on the chip. */
    int n = split ? 17 : OCTAL_HEAP_MAX + 1;
    rule_sequence(r, n, want);
    uint8_t d[RULE_MAX_DIGITS + 1];
    octal_digits(c, d);
    octal_derive(d, got, moves, (uint8_t)n);
    for (int x = 0; x < n; x++, values++)
        if (got[x] != want[x]) {
            FAIL("g(%d) = %u, the generator %d", x, got[x], want[x]);
            break;
        }
    /* a run of x pins: each block of k, a pins left below it and r - a
     * above, that the generator's digit allows (none, one or two runs) */
    for (int x = 0; x <= TABLE_ROWS; x++) {
        int blocks = 0;
        for (int k = 1; k <= x; k++)
            for (int a = 0, rest = x - k; a <= rest; a++)
                blocks += (r->digit[k] & (!rest ? 1 : (a == 0 || a == rest) ? 2 : 4)) != 0;
        if (moves[x] != blocks) {
            FAIL("a run of %d: %u blocks, the generator's digits %d", x, moves[x], blocks);
            break;
        }
    }
    codes++;
    splitting += split;
}

int main(void)
{
    octal_code_t c;
    /* Every code of one to four digits (0.0, 0.00 ... have no move: below),
     * each with and without repeat. */
    for (int len = 1; len <= 4; len++) {
        int count = 1 << (3 * len);
        for (int v = 0; v < count; v++)
            for (int rep = 0; rep < 2; rep++) {
                memset(&c, 0, sizeof c);
                c.len = (uint8_t)len;
                c.repeat = (uint8_t)rep;
                for (int i = 0; i < len; i++)
                    c.digit[i] = (uint8_t)((v >> (3 * (len - 1 - i))) & 7);
                if (v == 0) {
                    snprintf(game_name, sizeof game_name, "a code of %d zeros", len);
                    if (octal_check(&c) != OCTAL_ERR_NOMOVE)
                        FAIL("a code without a move is not refused (%u)", octal_check(&c));
                    refused++;
                    continue;
                }
                check_code(&c);
            }
    }
    /* Codes octal_check refuses besides: no digit, too long, a digit over 7,
     * a repeat over 1. */
    snprintf(game_name, sizeof game_name, "refusals");
    memset(&c, 0, sizeof c);
    if (octal_check(&c) != OCTAL_ERR_LEN)
        FAIL("an empty code is not refused");
    c.len = RULE_MAX_DIGITS + 1;
    c.digit[0] = 3;
    if (octal_check(&c) != OCTAL_ERR_LEN)
        FAIL("a code of %d digits is not refused", RULE_MAX_DIGITS + 1);
    c.len = 2;
    c.digit[1] = 8;
    if (octal_check(&c) != OCTAL_ERR_DIGIT)
        FAIL("the digit 8 is not refused");
    /* bytes a record holds, unpacked: a repeat of 2 is no code */
    uint8_t b[OCTAL_PACKED] = {0x03, 0, 0, 0, 0x21};
    octal_unpack(b, &c);
    if (octal_check(&c) != OCTAL_ERR_LEN)
        FAIL("a repeat of 2 is not refused");
    b[4] = 0x11;        /* and a good code goes there and back */
    octal_unpack(b, &c);
    uint8_t back[OCTAL_PACKED];
    octal_pack(&c, back);
    if (octal_check(&c) != OCTAL_OK || c.len != 1 || !c.repeat || c.digit[0] != 3 || memcmp(b, back, sizeof b))
        FAIL("0.3* does not unpack and pack back");
    refused += 4;
    /* The longest codes: 8 digits, the built-in TAKE 1 2 5 OR 8 among them. */
    for (int i = 0; i < RULE_COUNT; i++) {
        const char *s = rules[i].code;
        if (rules[i].kind != KIND_OCTAL)
            continue;
        memset(&c, 0, sizeof c);
        for (s += 2; *s && *s != '*'; s++)
            c.digit[c.len++] = (uint8_t)(*s - '0');
        c.repeat = *s == '*';
        check_code(&c);
    }
    printf("octal: %lu codes checked against the generator (%lu of them splitting), %lu values equal; "
           "%lu codes refused as they must be\n", codes, splitting, values, refused);
    if (failures) {
        printf("octal: %lu FAILURES\n", failures);
        return 1;
    }
    return 0;
}
