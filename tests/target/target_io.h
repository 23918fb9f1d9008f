/* target_io.h - the on-target test programs' only contact with the chip.
 *
 * The programs themselves are portable C (they build for the host too, and
 * the two outputs are compared byte for byte); everything that touches a
 * register lives in target_io_avr.c and in the marker macro below. */
#ifndef TARGET_IO_H
#define TARGET_IO_H

#include <stdint.h>

/* AVR: UART0 at 2 Mbaud (U2X, UBRR0 = 0 at 16 MHz). Host: stdout. */
void target_io_init(void);
/* One byte out, as it is (target_putc in target_util.h is the programs'
 * text output, which may go into a digest instead). */
void target_send(char c);
/* AVR: cli + sleep, which the simulator takes as the end of the run. */
void target_done(void);

/* Which game's text a digesting program sends in full (the others go
 * out as digests, see target_util.h): TARGET_FULL_NONE, TARGET_FULL_ALL or
 * a game's index. AVR: EEPROM byte 0 (erased: none; the simulator's
 * --eeprom loads it); host: the environment's TARGET_FULL ("all" or an
 * index; unset: none). */
#define TARGET_FULL_NONE 0xFFu
#define TARGET_FULL_ALL 0xFEu
uint8_t target_full_game(void);

/* A cycle marker: one `out` to GPIOR1, which the simulator timestamps
 * (contract 3). A macro, not a call, so a marker pair costs two cycles. */
#if defined(__AVR__)
#include <avr/io.h>
#define TARGET_MARK(v) (GPIOR1 = (uint8_t)(v))
#else
#define TARGET_MARK(v) ((void)(v))
#endif

#endif
