/* fixes.h - workarounds for simavr 1.6 bugs that live in the MCU model
 * itself rather than in one board part (../shared notes, sim/README.md). */
#ifndef SIM_FIXES_H
#define SIM_FIXES_H

#include <stdbool.h>

#include <sim_avr.h>

/* True when NIMSIM_KEEP_BUGS (comma list) names this workaround: the
 * harness self-tests turn one off to show the bug it hides is real.
 * Names: spi pullup cs sleep stdio freq extint resetpins uart udre txbuf; the chip models
 * eeprom (eeprom_timing.c), wdt (watchdog.c), bod (supply.c), spm (selfprog.c). */
int fixes_bug_kept(const char *name);

/* SPI: simavr completes every byte after a fixed 100 us; the hardware takes
 * 8 SCK periods (SPCR SPR1:0, SPSR SPI2X). Re-times each transfer. */
void fixes_spi_timing(avr_t *avr);

/* USART0 frame time: simavr counts a parity bit whether or not UPM0 asks
 * for one (11 bit times for 8N1, datasheet 20.4: 10), for bytes sent and
 * received. Recomputed after each UBRR0L write. */
void fixes_uart_frame(avr_t *avr);

/* USART0 UDRE0 one whenever nothing is being sent, also after TXEN0 went
 * off and on again (simavr 1.6 leaves it clear for good). */
void fixes_uart_udre(avr_t *avr);

/* USART0's transmit buffer: UDRE0 set again as soon as a byte written to
 * an idle transmitter moves on into the shift register (simavr 1.6 has no
 * buffer: each byte clears UDRE0 for a whole frame). */
void fixes_uart_txbuf(avr_t *avr);

/* INT0/INT1 level polling off: simavr polls a low pin every cycle
 * (a held UP/DOWN button) even with the interrupt disabled. */
void fixes_extint_poll(avr_t *avr);

/* Every avr_ioctl call (SPM's among them) goes through this hook when
 * set (the link wraps it: -Wl,--wrap=avr_ioctl); real is simavr's.
 * selfprog.c uses it to hold SPM to the chip's rules. */
extern int (*fixes_ioctl_hook)(avr_t *avr, uint32_t ctl, void *io_param,
                               int (*real)(avr_t *, uint32_t, void *));

/* Every avr_raise_interrupt call inside simavr goes through this hook
 * first (the link wraps it: -Wl,--wrap=avr_raise_interrupt): true swallows
 * the raise. watchdog.c uses it to see the watchdog's time-outs. */
#include <sim_interrupts.h>
extern bool (*fixes_raise_hook)(avr_t *avr, avr_int_vector_t *v);

#endif
