/* trace.c - nimsim --trace (trace.h). One line per event, times in cycles:
 *   nimtrace 1 modules N            header
 *   eeprom HEX                      the EEPROM the run starts from
 *   btn CYCLE I 0|1                 button I's contact opened/closed
 *   rx CYCLE BYTE                   a byte reached the USART receiver
 *   power CYCLE MCUSR | wdreset CYCLE MCUSR   a power cycle / a reset by the
 *                                   chip, with MCUSR as the firmware finds it
 *   eewrite CYCLE LENGTH            an EEPROM write started; EEPE stayed set
 *                                   LENGTH cycles (the model's write time; at
 *                                   the end of the run: its length so far)
 *   tx CYCLE BYTE                   the firmware wrote a byte to UDR0
 *   frame CYCLE HEX                 the display changed (engine layout)
 *   tone START END HZ               a tone as the piezo part logged it
 *   end CYCLE / eeprom-end HEX      the end of the run */
#include "trace.h"

#include <stdlib.h>

#include <avr_eeprom.h>
#include <avr_ioport.h>
#include <avr_uart.h>

static struct {
    sim_t *s;
    FILE *f;
    uint8_t level[BUTTONS_COUNT];
    int reset_pending, reset_sampled;
    uint64_t reset_cycle, resets_seen;
    uint8_t reset_mcusr;
    uint64_t ee_start;
    int ee_busy;
    void (*reset_chained)(avr_t *avr);
    void (*frame_chained)(void *ctx);
    void *frame_ctx;
} tr;

static const uint8_t trace_pins[BUTTONS_COUNT] = {
    BOARD_BTN_UP, BOARD_BTN_DOWN, BOARD_BTN_LEFT, BOARD_BTN_RIGHT, BOARD_BTN_A, BOARD_BTN_B,
};

static uint64_t now(void)
{
    return tr.s->avr->cycle;
}

/* A reset is a power cycle when sim_power_cycle counted it (it counts
 * right after avr_reset), else the chip reset itself (watchdog). */
static void trace_flush_reset(void)
{
    /* Events of the reset itself (the display's power-on frame) come
     * before MCUSR is sampled, one cycle on: the line waits for it. */
    if (!tr.reset_pending || !tr.reset_sampled)
        return;
    tr.reset_pending = 0;
    fprintf(tr.f, "%s %llu %u\n", tr.s->resets > tr.resets_seen ? "power" : "wdreset",
            (unsigned long long)tr.reset_cycle, tr.reset_mcusr);
    tr.resets_seen = tr.s->resets;
}

static avr_cycle_count_t trace_reset_mcusr(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when; (void)param;
    if (tr.reset_pending) {
        tr.reset_mcusr = avr->data[ADDR_MCUSR];
        tr.reset_sampled = 1;
    }
    return 0;
}

static void trace_reset(avr_t *avr)
{
    tr.reset_sampled = 1;
    trace_flush_reset();
    tr.reset_pending = 1;
    tr.reset_sampled = 0;
    tr.reset_cycle = avr->cycle;
    if (tr.reset_chained)
        tr.reset_chained(avr);
    /* The start-up code reads MCUSR long after the first cycle; a power
     * cycle sets PORF after avr_reset returns: read it one cycle on. */
    tr.reset_mcusr = avr->data[ADDR_MCUSR];
    avr_cycle_timer_register(avr, 1, trace_reset_mcusr, NULL);
}

/* Polls EEPE until the model clears it: how long a write takes there. */
static avr_cycle_count_t trace_ee_poll(avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)param;
    if (avr->data[ADDR_EECR] & EECR_EEPE)
        return when + 16;
    trace_flush_reset();
    fprintf(tr.f, "eewrite %llu %llu\n", (unsigned long long)tr.ee_start,
            (unsigned long long)(avr->cycle - tr.ee_start));
    tr.ee_busy = 0;
    return 0;
}

static void trace_eecr(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    if (!(value & EECR_EEPE) || tr.ee_busy)
        return;
    tr.ee_busy = 1;
    tr.ee_start = now();
    avr_cycle_timer_register(tr.s->avr, 1, trace_ee_poll, NULL);
}

static void trace_eeprom(const char *tag)
{
    avr_eeprom_desc_t d = { .ee = NULL, .offset = 0, .size = BOARD_EEPROM_BYTES };
    avr_ioctl(tr.s->avr, AVR_IOCTL_EEPROM_GET, &d);
    fprintf(tr.f, "%s ", tag);
    for (unsigned i = 0; i < BOARD_EEPROM_BYTES; i++)
        fprintf(tr.f, "%02x", d.ee ? d.ee[i] : 0xFF);
    fputc('\n', tr.f);
}

static void trace_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    int i = (int)(intptr_t)param;
    uint8_t closed = (uint8_t)((value & 1) == (BOARD_BTN_ACTIVE_LOW ? 0u : 1u));
    /* simavr re-raises pins on PORT writes: only contact changes count. */
    if (closed == tr.level[i])
        return;
    trace_flush_reset();
    tr.level[i] = closed;
    fprintf(tr.f, "btn %llu %d %u\n", (unsigned long long)now(), i, closed);
}

static void trace_rx(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    trace_flush_reset();
    fprintf(tr.f, "rx %llu %u\n", (unsigned long long)now(), value & 0xFF);
}

static void trace_tx(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    trace_flush_reset();
    fprintf(tr.f, "tx %llu %u\n", (unsigned long long)now(), value & 0xFF);
}

static void trace_frame(void *ctx)
{
    trace_flush_reset();
    fprintf(tr.f, "frame %llu ", (unsigned long long)now());
    for (int c = 0; c < BOARD_COLS; c++)
        fprintf(tr.f, "%02x", tr.s->disp.frame[c]);
    fputc('\n', tr.f);
    if (tr.frame_chained)
        tr.frame_chained(ctx == &tr ? tr.frame_ctx : ctx);
}

void trace_start(sim_t *s, FILE *f)
{
    tr.s = s;
    tr.f = f;
    tr.resets_seen = s->resets;
    fprintf(f, "nimtrace 1 modules %d\n", BOARD_MODULES);
    trace_eeprom("eeprom");
    avr_irq_t *port = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_BTN_PORT), 0);
    for (int i = 0; i < BUTTONS_COUNT; i++) {
        tr.level[i] = (uint8_t)((s->buttons.contact >> i) & 1);
        avr_irq_register_notify(port + trace_pins[i], trace_pin, (void *)(intptr_t)i);
    }
    avr_irq_register_notify(avr_io_getirq(s->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT),
                            trace_rx, NULL);
    avr_irq_register_notify(avr_io_getirq(s->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            trace_tx, NULL);
    avr_irq_register_notify(avr_iomem_getirq(s->avr, ADDR_EECR, NULL, AVR_IOMEM_IRQ_ALL),
                            trace_eecr, NULL);
    tr.reset_chained = s->avr->reset;
    s->avr->reset = trace_reset;
    tr.frame_chained = s->disp.on_change;
    tr.frame_ctx = s->disp.on_change_ctx;
    s->disp.on_change = trace_frame;
    s->disp.on_change_ctx = &tr;
    trace_frame(&tr);                 /* the frame the run starts from */
}

void trace_finish(sim_t *s)
{
    if (!tr.f)
        return;
    tr.reset_sampled = 1;
    trace_flush_reset();
    if (tr.ee_busy)                   /* still writing: its length so far */
        fprintf(tr.f, "eewrite %llu %llu\n", (unsigned long long)tr.ee_start,
                (unsigned long long)(now() - tr.ee_start));
    for (uint32_t i = 0; i < s->piezo.count; i++) {
        const piezo_tone_t *t = &s->piezo.log[i];
        fprintf(tr.f, "tone %llu %llu %.3f\n", (unsigned long long)t->start,
                (unsigned long long)(t->end ? t->end : s->avr->cycle), t->hz);
    }
    fprintf(tr.f, "end %llu\n", (unsigned long long)s->avr->cycle);
    trace_eeprom("eeprom-end");
    fflush(tr.f);
}
