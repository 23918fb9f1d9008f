/* selfprog.h - the ATmega328P's self-programming rules that simavr 1.6's
 * SPM leaves out (datasheet 26, Boot Loader Support): SPM runs only from
 * the boot section, and the lock bits keep SPM off the sections they
 * protect. */
#ifndef SIM_SELFPROG_H
#define SIM_SELFPROG_H

#include <stdint.h>

#include <sim_avr.h>

typedef struct selfprog {
    avr_t *avr;
    uint32_t boot_start;       /* first byte of the boot section (high fuse) */
    uint8_t lock;              /* lock bits, 0x3F: a new chip, none set */
    unsigned refused;          /* erases and writes the chip would not do */
} selfprog_t;

/* Takes over SPM's page erase and page write (fixes_ioctl_hook); off with
 * NIMSIM_KEEP_BUGS=spm. */
void selfprog_init(selfprog_t *m, avr_t *avr, uint8_t fuse_high, uint8_t lock);

#endif
