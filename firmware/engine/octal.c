/* octal.c - a typed-in octal code's values by the mex rule (octal.h). The
 * same definition as the generator's rule_sequence, written for the chip:
 * the values seen are bits of a 16-byte set on the stack, and a split's
 * two heaps are counted once each way round (a <= r - a). */
#include "octal.h"
#include "progmem.h"

#include <stddef.h>
#include <string.h>

uint8_t octal_check(const octal_code_t *c)
{
    uint8_t any = 0;
    if (c->len == 0 || c->len > RULE_MAX_DIGITS || c->repeat > 1)
        return OCTAL_ERR_LEN;       /* (a repeat of 2..15: bad bytes unpacked) */
    for (uint8_t i = 0; i < c->len; i++) {
        if (c->digit[i] > 7)
            return OCTAL_ERR_DIGIT;
        any |= c->digit[i];
    }
    return any ? OCTAL_OK : OCTAL_ERR_NOMOVE;
}

uint8_t octal_digit(const octal_code_t *c, uint8_t k)
{
    if (k <= c->len)
        return c->digit[k - 1];
    return c->repeat ? c->digit[c->len - 1] : 0;
}

bool octal_splits(const octal_code_t *c)
{
    for (uint8_t i = 0; i < c->len; i++)
        if (c->digit[i] & 4)
            return true;
    return false;
}

/* The code's ten bytes (digits, len, repeat: octal.h), two a byte, each
 * under 16. */
_Static_assert(sizeof(octal_code_t) == 2 * OCTAL_PACKED && offsetof(octal_code_t, len) == RULE_MAX_DIGITS
                   && offsetof(octal_code_t, repeat) == RULE_MAX_DIGITS + 1,
               "a code packs as its bytes' nibbles");

void octal_pack(const octal_code_t *c, uint8_t *b)
{
    const uint8_t *s = c->digit;
    for (uint8_t i = 0; i < OCTAL_PACKED; i++, s += 2)
        b[i] = (uint8_t)(s[0] | s[1] << 4);
}

void octal_unpack(const uint8_t *b, octal_code_t *c)
{
    uint8_t *s = c->digit;
    for (uint8_t i = 0; i < OCTAL_PACKED; i++, s += 2) {
        s[0] = b[i] & 15;
        s[1] = b[i] >> 4;
    }
}

void octal_digits(const octal_code_t *c, uint8_t *d)
{
    for (uint8_t k = 1; k <= RULE_MAX_DIGITS + 1; k++)
        d[k - 1] = octal_digit(c, k);
}

/* Out of line: the values seen among a heap's options here, your own
 * heap's far values and P-positions (own.c) share one copy. */
NOINLINE void octal_set_add(uint8_t *set, uint16_t v)
{
    set[v >> 3] |= (uint8_t)(1u << (v & 7));
}

void octal_derive(const uint8_t *d, uint8_t *g, uint8_t *moves, uint8_t n)
{
    for (uint8_t x = 0; x < n; x++) {
        uint8_t seen[16], v = 0, cnt = 0;   /* values 0..127 (g <= 64, a split's XOR < 128) */
        memset(seen, 0, sizeof seen);
        for (uint8_t k = 1; k <= x; k++) {
            uint8_t dk = d[k <= RULE_MAX_DIGITS ? k - 1 : RULE_MAX_DIGITS], r = (uint8_t)(x - k);
            /* a and r - a left (g[0] is 0): none (r = 0), one heap (a = 0:
             * the top or the bottom k taken, two blocks) or two (a block
             * each side of the middle, one in it) */
            for (uint8_t a = 0; 2 * a <= r; a++)
                if (dk & (a ? 4 : r ? 2 : 1)) {
                    octal_set_add(seen, (uint8_t)(g[a] ^ g[r - a]));
                    cnt = (uint8_t)(cnt + (2 * a == r ? 1 : 2));
                }
        }
        while (seen[v >> 3] & (1u << (v & 7)))
            v++;
        g[x] = v;
        moves[x] = cnt;
    }
}
