/* progmem.h - lets PROGMEM tables and their readers build on the host too.
 * On the AVR the tables live in flash and are read with lpm; on the host they
 * are ordinary const arrays. The engine reads tables only through these.
 * It brings compiler.h's attributes too: every portable file reaches them. */
#ifndef COMMON_PROGMEM_H
#define COMMON_PROGMEM_H

#include "compiler.h"

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

#endif
