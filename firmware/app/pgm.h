/* pgm.h - flash strings for the application, portable: on the AVR PSTR()
 * puts a literal in flash and PGM_CHAR reads it with lpm; on the host (tests,
 * fuzzing) both are plain C. Goes through the engine's progmem.h so the app
 * itself never names <avr/...>. */
#ifndef APP_PGM_H
#define APP_PGM_H

#include "progmem.h"

#ifndef PSTR
#define PSTR(s) (s)
#endif
#define PGM_CHAR(p) ((char)PGM_U8(p))
#if defined(__AVR__)
#define PGM_PTR(p) ((const void *)pgm_read_word(p))
#else
#define PGM_PTR(p) ((const void *)*(p))
#endif

/* Keeps LTO from copying a small helper into each of its callers: measured
 * (avr-size) smaller for every function marked with it. */
#define NOINLINE __attribute__((noinline))

/* Hides where pointer p points from the optimiser and keeps it in Y or Z:
 * the fields of a global struct are then reached with ldd/std (2 bytes)
 * instead of lds/sts with the address (4 bytes). Worth it in a function
 * that touches the struct often (measured with avr-size). */
#if defined(__AVR__)
#define PTR_IN_REG(p) __asm__("" : "+b"(p))
#else
#define PTR_IN_REG(p) ((void)0)
#endif

#endif
