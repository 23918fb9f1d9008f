/* own_codes.h - what the tests of your own game (RULE_OWN) share: the
 * random numbers, a code as text and the codes of one and two digits.
 * Included by own_check.h (test_own.c, test_own_misere.c) and by
 * test_own_heap.c. */
#ifndef TESTS_OWN_CODES_H
#define TESTS_OWN_CODES_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "octal.h"

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static inline uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static inline const char *code_text(const octal_code_t *c)
{
    static char s[16];
    char *o = s + sprintf(s, "0.");
    for (unsigned i = 0; i < c->len; i++)
        *o++ = (char)('0' + c->digit[i]);
    if (c->repeat)
        *o++ = '*';
    *o = 0;
    return s;
}

/* Code i of the codes of one and two digits, with and without repeat
 * (i < OWN_SHORT_CODES); false if it is no code (no move). */
#define OWN_SHORT_CODES (2 * (8 + 64))
static inline bool own_short_code(unsigned i, octal_code_t *c)
{
    unsigned v = i >> 1;
    memset(c, 0, sizeof *c);
    c->repeat = (uint8_t)(i & 1);
    c->len = v < 8 ? 1 : 2;
    c->digit[0] = (uint8_t)(v < 8 ? v : (v - 8) >> 3);
    c->digit[1] = (uint8_t)(v < 8 ? 0 : (v - 8) & 7);
    return octal_check(c) == OCTAL_OK;
}

/* A random code of lo .. lo + span - 1 digits, each below top (8: any
 * digit, 4: one that never splits), its last repeating or not; true if
 * it is a code (has a move). */
static inline bool own_random_code(octal_code_t *c, unsigned lo, unsigned span, unsigned top)
{
    memset(c, 0, sizeof *c);
    c->len = (uint8_t)(lo + rnd() % span);
    c->repeat = (uint8_t)(rnd() & 1);
    for (unsigned i = 0; i < c->len; i++)
        c->digit[i] = (uint8_t)(rnd() % top);
    return octal_check(c) == OCTAL_OK;
}

/* A code as rules.h writes it ("0.77", "0.3*") into c. */
static inline void own_code_of(const char *s, octal_code_t *c)
{
    memset(c, 0, sizeof *c);
    c->repeat = s[strlen(s) - 1] == '*';
    c->len = (uint8_t)(strlen(s) - 2 - c->repeat);
    for (unsigned i = 0; i < c->len; i++)
        c->digit[i] = (uint8_t)(s[2 + i] - '0');
}

#endif
