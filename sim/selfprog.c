/* selfprog.c - SPM as the ATmega328P does it (selfprog.h). simavr's SPM
 * (avr_flash.c) erases or writes wherever Z points, from any code: a
 * bootloader that lets the application overwrite it, or a too-big image
 * written into the boot section, passes in simavr and fails on the chip.
 * The rules, datasheet 26.3 and 26.5 (tables 26-2 and 26-3):
 *  - SPM executes only from the boot section; from the application section
 *    it does nothing;
 *  - BLB11 programmed (lock bit 4 = 0, modes 2 and 3): SPM may not write
 *    the boot section; BLB01 (bit 2 = 0): nor the application section.
 * simavr's handler still runs (it keeps its temporary buffer and SPMEN
 * right); what the chip would not have changed is put back after it.
 * (Not modelled, off this route: simavr's page erase clears 128 bytes
 * from Z, into the next page when Z is not at a page's start; avrdude and
 * Optiboot always erase at one.) */
#include "selfprog.h"

#include <string.h>

#include <avr_flash.h>

#include "avr_regs.h"
#include "bootloader.h"
#include "fixes.h"

#define SPM_PAGE 128u          /* bytes, ATmega328P (26.8.1) */
#define LOCK_BLB01 0x04
#define LOCK_BLB11 0x10

static selfprog_t *selfprog_current;

/* true when the chip would do this page erase or write */
static bool selfprog_allowed(const selfprog_t *m, uint32_t page)
{
    if (m->avr->pc < m->boot_start)
        return false;
    if (page >= m->boot_start)
        return (m->lock & LOCK_BLB11) != 0;
    return (m->lock & LOCK_BLB01) != 0;
}

static int selfprog_ioctl(avr_t *avr, uint32_t ctl, void *io_param, int (*real)(avr_t *, uint32_t, void *))
{
    selfprog_t *m = selfprog_current;
    uint8_t op = avr->data[ADDR_SPMCSR];
    if (ctl != AVR_IOCTL_FLASH_SPM || m->avr != avr || !(op & SPMCSR_SPMEN)
        || !(op & (SPMCSR_PGERS | SPMCSR_PGWRT)))
        return real(avr, ctl, io_param);
    /* The page Z names (and the next, which simavr's erase may reach):
     * kept, and put back where the chip would not have written. */
    uint32_t z = (uint32_t)(avr->data[R_ZL] | avr->data[R_ZH] << 8);
    uint32_t page = z & ~(SPM_PAGE - 1u);
    uint32_t span = page + 2u * SPM_PAGE <= avr->flashend + 1u ? 2u * SPM_PAGE : SPM_PAGE;
    uint8_t kept[2 * SPM_PAGE];
    memcpy(kept, avr->flash + page, span);
    int rc = real(avr, ctl, io_param);
    if (!selfprog_allowed(m, page)) {
        memcpy(avr->flash + page, kept, span);
        m->refused++;
    }
    return rc;
}

void selfprog_init(selfprog_t *m, avr_t *avr, uint8_t fuse_high, uint8_t lock)
{
    memset(m, 0, sizeof *m);
    m->avr = avr;
    m->boot_start = avr->flashend + 1u - bootloader_section_bytes(fuse_high);
    m->lock = lock;
    selfprog_current = m;
    fixes_ioctl_hook = fixes_bug_kept("spm") ? NULL : selfprog_ioctl;
}
