/* pgm.h - flash strings for the application, portable: on the AVR PSTR()
 * puts a literal in flash and PGM_CHAR reads it with lpm; on the host (tests,
 * fuzzing) both are plain C. Goes through the engine's progmem.h so the app
 * itself never names <avr/...>. */
#ifndef APP_PGM_H
#define APP_PGM_H

#include "progmem.h"

/* NOINLINE's opposite: a small function LTO keeps out of line where its
 * calls cost more flash than copies of it (each use says what it saves,
 * measured with avr-size). */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* p, hidden from the optimiser: the fields of a global struct read
 * through it are ldd/std from a base register (2 B) instead of lds/sts at
 * a constant address (4 B) each. Where it is used says what it saves. */
#if defined(__AVR__)
#define PGM_BASE(p) ({ __typeof__(p) b_ = (p); __asm__("" : "+b"(b_)); b_; })
#else
#define PGM_BASE(p) (p)
#endif

#ifndef PSTR
#define PSTR(s) (s)
#endif
#define PGM_CHAR(p) ((char)PGM_U8(p))
#if defined(__AVR__)
#define PGM_PTR(p) ((const void *)pgm_read_word(p))
#else
#define PGM_PTR(p) ((const void *)*(p))
#endif

#endif
