/* octal.c - a typed-in octal code's values by the mex rule (octal.h). The
 * same definition as the generator's rule_sequence, written for the chip:
 * the values seen are bits of a 16-byte set on the stack, and a split's
 * two heaps are counted once each way round (a <= r - a). */
#include "octal.h"

#include <string.h>

uint8_t octal_check(const octal_code_t *c)
{
    uint8_t any = 0;
    if (c->len == 0 || c->len > RULE_MAX_DIGITS)
        return OCTAL_ERR_LEN;
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

void octal_pack(const octal_code_t *c, uint8_t *b)
{
    for (uint8_t i = 0; i < RULE_MAX_DIGITS / 2; i++)
        b[i] = (uint8_t)((c->digit[2 * i] & 15) | c->digit[2 * i + 1] << 4);
    b[RULE_MAX_DIGITS / 2] = (uint8_t)((c->len & 15) | (c->repeat & 1) << 4);
}

void octal_unpack(const uint8_t *b, octal_code_t *c)
{
    for (uint8_t i = 0; i < RULE_MAX_DIGITS; i++)
        c->digit[i] = (uint8_t)((b[i / 2] >> (4 * (i & 1))) & 15);
    c->len = b[RULE_MAX_DIGITS / 2] & 15;
    c->repeat = (uint8_t)(b[RULE_MAX_DIGITS / 2] >> 4 & 1);
}

void octal_derive(const octal_code_t *c, uint8_t *g, uint8_t n)
{
    for (uint8_t x = 0; x < n; x++) {
        uint8_t seen[16], v = 0;    /* values 0..127 (g <= 64, a split's XOR < 128) */
        memset(seen, 0, sizeof seen);
        for (uint8_t k = 1; k <= x; k++) {
            uint8_t d = octal_digit(c, k), r = (uint8_t)(x - k);
            if ((d & 1) && !r)
                seen[0] |= 1;
            if ((d & 2) && r)
                seen[g[r] >> 3] |= (uint8_t)(1u << (g[r] & 7));
            if (d & 4)
                for (uint8_t a = 1; 2 * a <= r; a++) {
                    uint8_t s = g[a] ^ g[r - a];
                    seen[s >> 3] |= (uint8_t)(1u << (s & 7));
                }
        }
        while (seen[v >> 3] & (1u << (v & 7)))
            v++;
        g[x] = v;
    }
}
