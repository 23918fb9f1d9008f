/* pgm.h - flash strings for the application, portable: on the AVR PSTR()
 * puts a literal in flash and PGM_CHAR reads it with lpm; on the host (tests,
 * fuzzing) both are plain C. Goes through progmem.h so the app itself
 * never names <avr/...>. */
#ifndef COMMON_PGM_H
#define COMMON_PGM_H

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

#endif
