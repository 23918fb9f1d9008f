/* octal.h - a take-and-break game given as an octal code ("your own
 * game"), its Grundy values derived by the mex rule where it is
 * played, as build/grundy derives the built-in rules' (firmware/gen/
 * sequence.c) from rules.h's codes.
 *
 * The code "0.d1d2...dn" says, for each k, when k tokens may be taken
 * from a heap: bit 1 of d_k if that empties the heap, bit 2 if it leaves
 * one heap, bit 4 if it leaves two (a split); with repeat, d_n goes on for
 * every larger k (Nim is 0.3 repeating). Portable: no <avr/...>, so the
 * host proves it against the generator on every code of up to four digits
 * (tests/engine/test_octal.c). */
#ifndef ENGINE_OCTAL_H
#define ENGINE_OCTAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

/* The largest heap octal_derive may be asked for (every value then fits a
 * byte, and a split's XOR of two values stays under 128); the toy derives
 * 0..8 (a column), tests/engine/test_octal.c proves it up to here. */
#define OCTAL_HEAP_MAX 64

typedef struct {
    uint8_t digit[RULE_MAX_DIGITS]; /* d1 .. dn: 0..7 */
    uint8_t len;                    /* n, 1..RULE_MAX_DIGITS */
    uint8_t repeat;                 /* 1: dn for every k > n */
} octal_code_t;

/* What octal_check says of a code. */
enum {
    OCTAL_OK,
    OCTAL_ERR_LEN,      /* no digit, more than RULE_MAX_DIGITS, or a repeat not 0 or 1 */
    OCTAL_ERR_DIGIT,    /* a digit over 7 */
    OCTAL_ERR_NOMOVE,   /* every digit 0: no heap has a move */
};
uint8_t octal_check(const octal_code_t *c);
/* d_k for k >= 1 (0 past the code unless it repeats). */
uint8_t octal_digit(const octal_code_t *c, uint8_t k);
/* Does the code ever split a heap? (then it is played as rows of pins) */
bool octal_splits(const octal_code_t *c);
/* A code in OCTAL_PACKED bytes (the digits two a byte, then len and
 * repeat in one; the low nibble first): how a game record keeps it.
 * Unpacking gives back any bytes as a code, which octal_check then
 * judges. */
#define OCTAL_PACKED 5
void octal_pack(const octal_code_t *c, uint8_t *b);
void octal_unpack(const uint8_t *b, octal_code_t *c);
/* The digits of a checked code as the engine reads them: d[k - 1] for k =
 * 1 .. RULE_MAX_DIGITS, then d[RULE_MAX_DIGITS] for every larger k (the
 * repeating digit, or 0). */
void octal_digits(const octal_code_t *c, uint8_t *d);
/* g[0..n-1], n <= OCTAL_HEAP_MAX + 1, by the mex rule, of a checked
 * code's digits (octal_digits); and moves[0..n-1], the blocks a run of x
 * pins may lose (a heap's: nonzero when it has a move), up to a run of
 * TABLE_ROWS (a byte; past it they wrap). */
void octal_derive(const uint8_t *d, uint8_t *g, uint8_t *moves, uint8_t n);
/* Bit v of a set of values (bytes, bit v & 7 of byte v >> 3) set. */
void octal_set_add(uint8_t *set, uint16_t v);

#endif
