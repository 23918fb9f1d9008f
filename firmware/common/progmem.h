/* progmem.h - lets PROGMEM tables and their readers build on the host too.
 * On the AVR the tables live in flash and are read with lpm; on the host they
 * are ordinary const arrays. The engine reads tables only through these.
 * The firmware's one NOINLINE is here too: every portable file reaches it. */
#ifndef ENGINE_PROGMEM_H
#define ENGINE_PROGMEM_H

#if defined(__AVR__)
#include <avr/pgmspace.h>
#define PGM_U8(p) pgm_read_byte(p)
#define PGM_U16(p) pgm_read_word(p)
#else
#include <stdint.h>
#define PROGMEM
#define PGM_U8(p) (*(const uint8_t *)(p))
#define PGM_U16(p) (*(const uint16_t *)(p))
#endif

/* The one way to keep LTO from copying a function into its callers (a
 * size trick: each use says what it saves, measured with avr-size). */
#define NOINLINE __attribute__((noinline))

#endif
