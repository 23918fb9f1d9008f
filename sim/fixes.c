/* fixes.c - simavr 1.6 MCU-model workarounds. */
#include "fixes.h"

#include <avr_extint.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPCR 0x4C
#define SPSR 0x4D
#define SPDR 0x4E

bool (*fixes_raise_hook)(avr_t *avr, avr_int_vector_t *v);

int __real_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v);
int __wrap_avr_raise_interrupt(avr_t *avr, avr_int_vector_t *v)
{
    if (fixes_raise_hook && fixes_raise_hook(avr, v))
        return 0;
    return __real_avr_raise_interrupt(avr, v);
}

int fixes_bug_kept(const char *name)
{
    const char *list = getenv("NIMSIM_KEEP_BUGS");
    size_t n = strlen(name);
    for (const char *p = list; p && *p; p += strcspn(p, ","), p += *p == ',')
        if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == 0))
            return 1;
    return 0;
}

static void *spi_model;        /* simavr's avr_spi_t, the param of its timer */

/* Runs after simavr's own SPDR write handler, which has just armed its
 * 100 us completion timer: find that timer and move it to the real time. */
static void spi_spdr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr; (void)v; (void)param;
    static const unsigned div[4] = { 4, 16, 64, 128 };
    unsigned d = div[avr->data[SPCR] & 3];
    if (avr->data[SPSR] & 1)
        d /= 2;                                  /* SPI2X */
    for (avr_cycle_timer_slot_p t = avr->cycle_timers.timer; t; t = t->next)
        if (t->param == spi_model) {
            avr_cycle_timer_t fn = t->timer;
            avr_cycle_timer_cancel(avr, fn, spi_model);
            avr_cycle_timer_register(avr, 8u * d, fn, spi_model);
            return;
        }
}

void fixes_spi_timing(avr_t *avr)
{
    if (fixes_bug_kept("spi"))
        return;
    spi_model = avr->io[AVR_DATA_TO_IO(SPDR)].w.param;
    if (!avr->io[AVR_DATA_TO_IO(SPDR)].w.c || !spi_model) {
        fprintf(stderr, "nimsim: no SPI model at SPDR; SPI timing left as simavr has it\n");
        return;
    }
    avr_register_io_write(avr, SPDR, spi_spdr_write, NULL);
}

/* INT0/INT1 (PD2/PD3, the UP and DOWN buttons on the nano board) default
 * to "low level" (EICRA = 0), and simavr 1.6 then polls the pin on EVERY
 * cycle while it is held low, whether or not EIMSK enables the interrupt:
 * a held UP or DOWN made the simulation ~100x slower (sleeps could no
 * longer skip ahead). The firmware uses pin-change interrupts only; a
 * level interrupt is still raised on the falling edge. */
void fixes_extint_poll(avr_t *avr)
{
    if (fixes_bug_kept("extint"))
        return;
    avr_extint_set_strict_lvl_trig(avr, 0, 0);
    avr_extint_set_strict_lvl_trig(avr, 1, 0);
}
