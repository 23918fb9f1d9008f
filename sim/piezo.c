/* piezo.c - tone detection from Timer1 (datasheet 16.11, table 16-4 WGM). */
#include "piezo.h"

#include <stdlib.h>
#include <string.h>

#include "avr_regs.h"
#include "board.h"
#include "pins.h"

double piezo_read_hz(avr_t *avr)
{
    static const unsigned prescale[8] = { 0, 1, 8, 64, 256, 1024, 0, 0 };
    uint8_t a = avr->data[ADDR_TCCR1A], b = avr->data[ADDR_TCCR1B];
    unsigned com = (a >> 6) & 3, wgm = (a & 3) | ((b >> 1) & 0x0C), n = prescale[b & 7];
    unsigned ocr = avr->data[ADDR_OCR1AL] | (avr->data[ADDR_OCR1AH] << 8);
    unsigned icr = avr->data[ADDR_ICR1L] | (avr->data[ADDR_ICR1H] << 8);
    if (!n || !(avr->data[PINS_DDR(BOARD_PIEZO_PORT)] & (1u << BOARD_PIEZO_PIN)))
        return 0;
    double f = (double)avr->frequency / n;
    if (com == 1 && (wgm == 4 || wgm == 15))      /* toggle on compare, TOP=OCR1A */
        return f / (2.0 * (ocr + 1));
    if (com == 1 && wgm == 12)                    /* toggle, TOP=ICR1 */
        return f / (2.0 * (icr + 1));
    if (com >= 2 && wgm == 14 && ocr > 0 && ocr < icr)   /* fast PWM, TOP=ICR1 */
        return f / (icr + 1);
    return 0;
}

static void piezo_update(piezo_t *p)
{
    double hz = piezo_read_hz(p->avr);
    if (hz == p->hz)
        return;
    uint64_t now = p->avr->cycle;
    if (p->on) {
        piezo_tone_t *t = &p->log[p->count - 1];
        if (now - t->start < PIEZO_MIN_CYCLES)
            p->count--;                           /* a passing register state */
        else
            t->end = now;
        p->on = false;
    }
    p->hz = hz;
    if (hz > 0) {
        if (p->count == p->cap) {
            p->cap = p->cap ? 2 * p->cap : 64;
            p->log = realloc(p->log, p->cap * sizeof *p->log);
            if (!p->log)
                abort();
        }
        p->log[p->count++] = (piezo_tone_t){ .start = now, .end = 0, .hz = hz };
        p->on = true;
    }
    if (p->on_change)
        p->on_change(p->on_change_ctx);
}

static void piezo_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)value;
    piezo_update(param);
}

void piezo_init(piezo_t *p, avr_t *avr)
{
    memset(p, 0, sizeof *p);
    p->avr = avr;
    static const uint16_t regs[] = { ADDR_TCCR1A, ADDR_TCCR1B, ADDR_ICR1L, ADDR_ICR1H, ADDR_OCR1AL, ADDR_OCR1AH,
                                     PINS_DDR(BOARD_PIEZO_PORT) };
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        avr_irq_register_notify(avr_iomem_getirq(avr, regs[i], NULL, AVR_IOMEM_IRQ_ALL),
                                piezo_hook, p);
}

void piezo_power_on(piezo_t *p)
{
    piezo_update(p);
}

double piezo_tone_ms(const piezo_t *p, uint32_t i)
{
    const piezo_tone_t *t = &p->log[i];
    uint64_t end = t->end ? t->end : p->avr->cycle;
    return (double)(end - t->start) * 1000.0 / p->avr->frequency;
}
