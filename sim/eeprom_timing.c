/* eeprom_timing.c - EEPROM write time and busy behaviour of the
 * ATmega328P (eeprom_timing.h). Installed over simavr's EECR handler:
 * reads and the EEMPE timing stay simavr's, a write is ours; the CPU halts
 * of both are ours (simavr has none). */
#include "eeprom_timing.h"

#include <string.h>

#include <avr_eeprom.h>
#include <sim_io.h>
#include <sim_time.h>

#include "avr_regs.h"
#include "board.h"
#include "fixes.h"

/* Datasheet 8.6.3, table 8-1 (EEPROM mode bits): programming time by
 * EEPM1:0 = 00 erase and write (atomic), 01 erase only, 10 write only.
 * Table 8-2 gives the CPU write as 26,368 cycles of the 8 MHz calibrated
 * RC oscillator (3.3 ms typical); the atomic 3.4 ms is the one avr-libc's
 * eeprom_write_byte gets (EEPM = 00). */
static const uint32_t eeprom_write_us[4] = { 3400, 1800, 1800, 3400 };

/* 8.6.3: "When the EEPROM is read, the CPU is halted for four cycles
 * before the next instruction is executed"; a write start (EEPE) halts
 * it two. simavr 1.6 halts it for neither: a boot that reads the settings
 * ring and the game record ran ~1,300 reads (5,300 cycles on 32 columns)
 * ahead of avr8js, which halts as the chip does. */
#define EEPROM_HALT_READ 4
#define EEPROM_HALT_WRITE 2

static avr_eeprom_t *eeprom_of(eeprom_timing_t *m)
{
    return (avr_eeprom_t *)m->ee;
}

uint8_t *eeprom_timing_cells(eeprom_timing_t *m)
{
    return eeprom_of(m)->eeprom;
}

static void eeprom_ready_irq(eeprom_timing_t *m)
{
    /* EE_READY is a level on the chip: "a constant interrupt when EEPE is
     * cleared" while EERIE is set (8.6.3). */
    if (m->avr->data[ADDR_EECR] & EECR_EERIE)
        avr_raise_interrupt(m->avr, &eeprom_of(m)->ready);
}

static avr_cycle_count_t eeprom_write_end(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    eeprom_timing_t *m = param;
    if (!m->busy)
        return 0;
    eeprom_timing_cells(m)[m->addr] = m->val;
    m->busy = false;
    avr->data[ADDR_EECR] &= (uint8_t)~EECR_EEPE;
    eeprom_ready_irq(m);
    return 0;
}

static avr_cycle_count_t eeprom_eempe_clear(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when; (void)param;
    avr->data[ADDR_EECR] &= (uint8_t)~EECR_EEMPE;
    return 0;
}

static void eeprom_eecr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    eeprom_timing_t *m = param;
    uint8_t cur = avr->data[ADDR_EECR];
    if (m->busy) {
        /* 8.6.3: while EEPE is set a new write and a read do nothing, and
         * EEPM cannot change; EEMPE and EERIE still can. */
        if (v & EECR_EEPE)
            m->refused++;
        uint8_t n = (uint8_t)((cur & EECR_EEPM) | EECR_EEPE | (v & EECR_EERIE));
        if ((v & EECR_EEMPE) && !(cur & EECR_EEMPE)) {
            n |= EECR_EEMPE;
            avr_cycle_timer_register(avr, 4, eeprom_eempe_clear, m);
        } else {
            n |= cur & EECR_EEMPE;
        }
        avr->data[ADDR_EECR] = n;
        return;
    }
    if ((cur & EECR_EEMPE) && (v & EECR_EEPE)) {
        uint16_t a = (uint16_t)(avr->data[ADDR_EEARL] | (avr->data[ADDR_EEARH] << 8));
        a &= (uint16_t)(eeprom_of(m)->size - 1);   /* the chip ignores the upper bits */
        uint8_t mode = (uint8_t)((v & EECR_EEPM) >> 4), old = eeprom_timing_cells(m)[a];
        uint8_t d = avr->data[ADDR_EEDR];
        m->addr = a;
        m->old = old;
        m->val = mode == 1 ? 0xFF : mode == 2 ? (uint8_t)(old & d) : d;
        m->start = avr->cycle;
        uint64_t len = avr_usec_to_cycles(avr, eeprom_write_us[mode]);
        m->end = m->start + len;
        m->last_end = m->end;
        m->busy_cycles += len;
        m->busy = true;
        m->writes++;
        avr->data[ADDR_EECR] = (uint8_t)((v & (EECR_EEPM | EECR_EERIE)) | EECR_EEPE);
        avr_cycle_timer_register(avr, len, eeprom_write_end, m);
        avr->cycle += EEPROM_HALT_WRITE;
        if (m->log)
            fprintf(m->log, "%llu %llu %u %u %u\n", (unsigned long long)m->start,
                    (unsigned long long)m->end, a, old, m->val);
        if (m->on_start)
            m->on_start(m->on_start_ctx, a, old, m->val);
        return;
    }
    m->orig_write(avr, addr, v, m->orig_param);   /* reads, EEMPE */
    if (v & EECR_EERE)
        avr->cycle += EEPROM_HALT_READ;
    eeprom_ready_irq(m);
}

/* 8.6.3 (EERE): "When a write operation is in progress, it is neither
 * possible to read the EEPROM, nor to change the EEAR Register." */
static void eeprom_eear_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    eeprom_timing_t *m = param;
    if (!m->busy)
        avr->data[addr] = v;
}

/* A reset that is not a power cut (watchdog, brown-out with the supply
 * still high enough, the reset pin) lets the write finish (8.4.2... the
 * write "will be completed provided that the power supply voltage is
 * sufficient"); simavr's reset dropped our timer, so it is set again. */
static void eeprom_timing_reset(avr_io_t *io);
static avr_io_t eeprom_timing_io = { .kind = "eeprom-timing", .reset = eeprom_timing_reset };
static eeprom_timing_t *eeprom_timing_model;

static void eeprom_timing_reset(avr_io_t *io)
{
    eeprom_timing_t *m = eeprom_timing_model;
    avr_t *avr = io->avr;
    if (!m || !m->busy)
        return;
    if (m->end <= avr->cycle) {
        eeprom_write_end(avr, avr->cycle, m);
        return;
    }
    avr->data[ADDR_EECR] |= EECR_EEPE;
    avr_cycle_timer_register(avr, m->end - avr->cycle, eeprom_write_end, m);
}

void eeprom_timing_init(eeprom_timing_t *m, avr_t *avr)
{
    m->avr = avr;
    if (fixes_bug_kept("eeprom"))
        return;
    avr_io_addr_t io = AVR_DATA_TO_IO(ADDR_EECR);
    m->orig_write = avr->io[io].w.c;
    m->orig_param = avr->io[io].w.param;
    m->ee = m->orig_param;
    if (!m->orig_write || !m->ee) {
        fprintf(stderr, "nimsim: no EEPROM model at EECR; EEPROM timing left as simavr has it\n");
        return;
    }
    /* Replace (not chain) simavr's handler: it would store the byte now. */
    avr->io[io].w.c = eeprom_eecr_write;
    avr->io[io].w.param = m;
    avr_register_io_write(avr, ADDR_EEARL, eeprom_eear_write, m);
    avr_register_io_write(avr, ADDR_EEARH, eeprom_eear_write, m);
    eeprom_timing_model = m;
    avr_register_io(avr, &eeprom_timing_io);
    m->on = true;
}

bool eeprom_timing_cut(eeprom_timing_t *m, int how, uint8_t torn)
{
    if (!m->on || !m->busy)
        return false;
    avr_cycle_timer_cancel(m->avr, eeprom_write_end, m);
    uint8_t v = how == EEPROM_CUT_OLD ? m->old : how == EEPROM_CUT_NEW ? m->val : torn;
    if (how == EEPROM_CUT_OLD)
        m->cut_old++;
    else if (how == EEPROM_CUT_NEW)
        m->cut_new++;
    else
        m->cut_torn++;
    eeprom_timing_cells(m)[m->addr] = v;
    m->busy = false;
    m->avr->data[ADDR_EECR] &= (uint8_t)~EECR_EEPE;
    return true;
}
