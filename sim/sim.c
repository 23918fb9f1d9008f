/* sim.c - the board: an ATmega328P from simavr with the parts wired to it,
 * its EEPROM file, resets and power cycles, and the measurements' report.
 * Its time (the run loop, paced to the wall clock or not) is sim_run.c. */
#define _GNU_SOURCE
#include "sim.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <avr_eeprom.h>
#include <sim_core.h>

#include "fixes.h"

#define STACK_PAINT 0xC5       /* unlikely as data: not 0, 0xFF or ASCII */

uint64_t sim_ms_to_cycles(uint64_t ms)
{
    return ms * (BOARD_F_CPU / 1000);
}

double sim_cycles_to_ms(uint64_t cycles)
{
    return (double)cycles * 1000.0 / BOARD_F_CPU;
}

int sim_sleep_mode(const sim_t *s)
{
    return (s->avr->data[ADDR_SMCR] >> 1) & 7;
}

const char *sim_sleep_mode_name(int mode)
{
    static const char *names[8] = { "idle", "adc", "power-down", "power-save",
                                    "reserved4", "reserved5", "standby", "ext-standby" };
    return names[mode & 7];
}

/* simavr's own sleep callback usleep()s through every sleep; we pace the
 * whole run ourselves (or not at all in fast mode). */
static void sim_sleep_nothing(avr_t *avr, avr_cycle_count_t how_long)
{
    (void)avr; (void)how_long;
}

FILE *sim_log_file;

/* simavr logs to stdout by default, where the UART and the frames go. */
static void sim_logger(struct avr_t *avr, const int level, const char *format, va_list ap)
{
    if (!sim_log_file || (avr && level > avr->log) || (!avr && level > LOG_WARNING))
        return;
    char line[256];
    vsnprintf(line, sizeof line, format, ap);
    /* An OCRnx write while the timer is stopped (its mode 0 in simavr):
     * simavr stores the value and takes it when the clock starts, as the
     * chip does, but logs it as unsupported. The firmware writes OCR1A
     * before starting Timer1 on purpose (hal/piezo.c), so this is noise. */
    if (strstr(line, "avr_timer_write_ocr") && strstr(line, "mode 0 UNSUPPORTED"))
        return;
    fputs("simavr: ", sim_log_file);
    fputs(line, sim_log_file);
}

static void marks_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    s->mark_count++;
    if (s->marks)
        fprintf(s->marks, "%llu %u\n", (unsigned long long)s->avr->cycle, (unsigned)(value & 0xFF));
}

/* --latency: an EECR write that sets EEPE starts an EEPROM write. */
static void eecr_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    if (!(value & EECR_EEPE))
        return;
    if (s->lat_write_press != s->buttons.presses) {
        s->lat_write_press = s->buttons.presses;
        s->lat_writes = 0;
    }
    s->lat_writes++;
}

static void stack_paint(sim_t *s)
{
    if (!s->stack_paint)
        return;
    /* Everything above .data/.bss/.noinit up to RAMEND; SP starts at RAMEND
     * and there is no heap, so whatever changes there is stack. */
    memset(s->avr->data + s->data_end, STACK_PAINT, s->avr->ramend + 1u - s->data_end);
}

uint16_t sim_stack_used(sim_t *s)
{
    if (!s->stack_paint || !s->avr->data)
        return s->stack_high_water;
    unsigned a = s->data_end;
    while (a <= s->avr->ramend && s->avr->data[a] == STACK_PAINT)
        a++;
    unsigned used = s->avr->ramend + 1u - a;
    if (used > s->stack_high_water)
        s->stack_high_water = (uint16_t)used;
    return s->stack_high_water;
}

static uint16_t find_data_end(const elf_firmware_t *fw, avr_t *avr)
{
    for (uint32_t i = 0; fw->symbol && i < fw->symbolcount; i++)
        if (fw->symbol[i] && strcmp(fw->symbol[i]->symbol, "_end") == 0)
            return (uint16_t)(fw->symbol[i]->addr & 0xFFFF);
    /* No symbols: .data and .bss follow each other from the start of RAM. */
    (void)avr;
    return (uint16_t)(0x100 + fw->datasize + fw->bsssize);
}

static int eeprom_load(sim_t *s)
{
    FILE *f = fopen(s->eeprom_path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : -1;       /* first run: ELF's .eeprom */
    uint8_t buf[BOARD_EEPROM_BYTES];
    size_t n = fread(buf, 1, sizeof buf, f);
    int extra = fgetc(f);
    fclose(f);
    if (n != sizeof buf || extra != EOF) {
        fprintf(stderr, "nimsim: %s: an EEPROM image must be exactly %u bytes (has %zu%s)\n",
                s->eeprom_path, BOARD_EEPROM_BYTES, n, extra != EOF ? "+" : "");
        return -1;
    }
    avr_eeprom_desc_t d = { .ee = buf, .offset = 0, .size = sizeof buf };
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_SET, &d);
    return 0;
}

static int eeprom_save(sim_t *s)
{
    avr_eeprom_desc_t d = { .ee = NULL, .offset = 0, .size = BOARD_EEPROM_BYTES };
    /* simavr 1.6 returns -1 from EEPROM_GET even when it filled d.ee. */
    avr_ioctl(s->avr, AVR_IOCTL_EEPROM_GET, &d);
    if (!d.ee) {
        fprintf(stderr, "nimsim: cannot read the simulated EEPROM\n");
        return -1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", s->eeprom_path);
    FILE *f = fopen(tmp, "wb");
    if (!f || fwrite(d.ee, 1, BOARD_EEPROM_BYTES, f) != BOARD_EEPROM_BYTES || fclose(f) != 0 ||
        rename(tmp, s->eeprom_path) != 0) {
        fprintf(stderr, "nimsim: cannot write %s: %s\n", s->eeprom_path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A frame change (the display's on_change): answers the latest press not
 * answered yet, if the CS frame that changed it began after that press.
 * Presses that changed nothing before the next press stay unanswered. */
static void sim_latency_change(void *ctx)
{
    sim_t *s = ctx;
    const buttons_t *b = &s->buttons;
    uint64_t word = s->disp.last_change_word_cycle;
    if (b->presses == s->lat_seen || word < b->last_press_cycle)
        return;
    uint64_t d = word - b->last_press_cycle;
    s->lat_seen = b->presses;
    s->lat_answered++;
    s->lat_sum += d;
    if (d > s->lat_worst)
        s->lat_worst = d;
    uint64_t writes = s->lat_write_press == b->presses ? s->lat_writes : 0;
    fprintf(s->latency, "%llu %llu %llu %llu\n", (unsigned long long)b->last_press_cycle,
            (unsigned long long)word, (unsigned long long)(d * 1000000u / BOARD_F_CPU),
            (unsigned long long)writes);
}

/* The supply's brown-out and power-on resets reach the whole board. */
static void sim_supply_reset(void *ctx, bool power_lost)
{
    sim_reset_chip(ctx, power_lost);
}

int sim_open(sim_t *s, const char *elf_path, const char *eeprom_path)
{
    s->fw = calloc(1, sizeof *s->fw);
    if (access(elf_path, R_OK) != 0) {
        fprintf(stderr, "nimsim: %s: %s\n", elf_path, strerror(errno));
        return -1;
    }
    sim_log_file = stderr;
    avr_global_logger_set(sim_logger);
    /* simavr prints banners on stdout while loading, and stdout may carry
     * the UART or the frames: send them to /dev/null. */
    fflush(stdout);
    int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0)
        dup2(devnull, 1);
    int bad = elf_read_firmware(elf_path, s->fw) != 0 || s->fw->flashsize == 0;
    fflush(stdout);
    if (!bad && (!s->fw->mmcu[0] || strcmp(s->fw->mmcu, BOARD_MCU) == 0)) {
        /* The flashed ELF carries no .mmcu: the board header says what chip. */
        snprintf(s->fw->mmcu, sizeof s->fw->mmcu, "%s", BOARD_MCU);
        s->fw->frequency = BOARD_F_CPU;
        s->avr = avr_make_mcu_by_name(BOARD_MCU);
        if (s->avr) {
            avr_init(s->avr);
            s->avr->log = LOG_WARNING;   /* the default hides crash messages */
            avr_load_firmware(s->avr, s->fw);
        }
        fflush(stdout);
    }
    if (saved >= 0) {
        dup2(saved, 1);
        close(saved);
    }
    if (devnull >= 0)
        close(devnull);
    if (bad) {
        fprintf(stderr, "nimsim: %s: not an AVR ELF with code\n", elf_path);
        return -1;
    }
    if (strcmp(s->fw->mmcu, BOARD_MCU) != 0) {
        fprintf(stderr, "nimsim: %s is built for %s, the board has a %s\n", elf_path,
                s->fw->mmcu, BOARD_MCU);
        return -1;
    }
    if (!s->avr) {
        fprintf(stderr, "nimsim: simavr does not know %s\n", BOARD_MCU);
        return -1;
    }
    if (fixes_bug_kept("freq"))
        s->avr->frequency = 1000000;       /* what simavr assumes without .mmcu */
    else
        s->avr->frequency = BOARD_F_CPU;
    if (!fixes_bug_kept("sleep"))
        s->avr->sleep = sim_sleep_nothing;
    s->data_end = find_data_end(s->fw, s->avr);

    s->eeprom_path = eeprom_path;
    if (eeprom_path && eeprom_load(s) != 0)
        return -1;

    fixes_spi_timing(s->avr);
    fixes_extint_poll(s->avr);
    fixes_uart_frame(s->avr);
    sim_uart_init(&s->uart, s->avr);
    max7219_init(&s->disp, s->avr, BOARD_MODULES);
    buttons_init(&s->buttons, s->avr);
    if (s->latency) {
        s->disp.on_change = sim_latency_change;
        s->disp.on_change_ctx = s;
        avr_irq_register_notify(avr_iomem_getirq(s->avr, ADDR_EECR, NULL, AVR_IOMEM_IRQ_ALL),
                                eecr_hook, s);
    }
    piezo_init(&s->piezo, s->avr);
    eeprom_timing_init(&s->eeprom, s->avr);
    watchdog_model_init(&s->wdt, s->avr);
    supply_init(&s->supply, s->avr, &s->eeprom, sim_supply_reset, s,
                s->vcc0 > 0 ? s->vcc0 : SUPPLY_DEFAULT_V);
    avr_irq_register_notify(avr_iomem_getirq(s->avr, ADDR_GPIOR1, NULL, AVR_IOMEM_IRQ_ALL),
                            marks_hook, s);
    stack_paint(s);
    s->last_state = s->avr->state;
    sim_pace_start(s);
    return 0;
}

void sim_print_latency(sim_t *s, FILE *f)
{
    fprintf(f, "latency: %llu presses, %llu answered by a frame change, worst %llu us, mean %llu us\n",
            (unsigned long long)s->buttons.presses, (unsigned long long)s->lat_answered,
            (unsigned long long)(s->lat_worst * 1000000u / BOARD_F_CPU),
            (unsigned long long)(s->lat_answered ? s->lat_sum * 1000000u / BOARD_F_CPU / s->lat_answered : 0));
}

void sim_reset_chip(sim_t *s, bool power_lost)
{
    sim_stack_used(s);
    avr_reset(s->avr);
    s->resets++;
    stack_paint(s);
    if (power_lost)
        max7219_power_on(&s->disp);
    buttons_power_on(&s->buttons);
    piezo_power_on(&s->piezo);
    sim_uart_reset(&s->uart);
}

void sim_external_reset(sim_t *s)
{
    /* simavr's reset clears every I/O register; the chip's keeps MCUSR's
     * flags until they are written 0 or power is lost, and adds EXTRF for
     * a low level on RESET (10.9.1): a bootloader tells the causes apart
     * by them (Optiboot waits for a host after EXTRF only). */
    uint8_t mcusr = s->avr->data[ADDR_MCUSR];
    sim_reset_chip(s, false);
    s->avr->data[ADDR_MCUSR] = mcusr | MCUSR_EXTRF;
}

void sim_power_cycle(sim_t *s)
{
    /* A write in progress keeps its old byte unless the caller cut it
     * first (eeprom_timing_cut: old, new or torn). */
    eeprom_timing_cut(&s->eeprom, EEPROM_CUT_OLD, 0);
    sim_reset_chip(s, true);
    /* simavr's reset is the chip's reset pin, not a power-on: it keeps
     * r0..r31 and leaves MCUSR 0. Power-on sets PORF (datasheet 10.9.1);
     * the registers are lost with the supply (cleared here, as a fresh
     * start has them), so nothing left by the last run reads as a cause. */
    memset(s->avr->data, 0, 32);
    s->avr->data[ADDR_MCUSR] = MCUSR_PORF;
}

void sim_print_report(sim_t *s, FILE *f, bool power, bool stack)
{
    uint64_t total = s->awake_cycles;
    for (int m = 0; m < 8; m++)
        total += s->sleep_cycles[m];
    fprintf(f, "nimsim: %llu cycles (%.3f ms simulated), %u marks, %llu UART bytes out\n",
            (unsigned long long)s->avr->cycle, sim_cycles_to_ms(s->avr->cycle), s->mark_count,
            (unsigned long long)s->uart.bytes_out);
    if (power) {
        fprintf(f, "power: awake %llu cycles (%.2f%%)", (unsigned long long)s->awake_cycles,
                total ? 100.0 * s->awake_cycles / total : 0.0);
        for (int m = 0; m < 8; m++)
            if (s->sleep_cycles[m])
                fprintf(f, ", %s %llu (%.2f%%)", sim_sleep_mode_name(m),
                        (unsigned long long)s->sleep_cycles[m], 100.0 * s->sleep_cycles[m] / total);
        fprintf(f, ", %llu wake-ups\n", (unsigned long long)s->wakeups);
        current_report(&s->current, f);
        const supply_t *p = &s->supply;
        fprintf(f, "supply: %.2f V now, lowest %.2f V, BOD %.1f V: %llu brown-out resets, %llu power losses, "
                "held in reset %.1f ms, %llu sleeps with the BOD off, %llu EEPROM writes cut\n",
                p->vcc, p->vmin, p->vbot, (unsigned long long)p->bod_resets,
                (unsigned long long)p->por_resets, sim_cycles_to_ms(p->held_cycles),
                (unsigned long long)p->bod_off_sleeps, (unsigned long long)p->ee_cuts);
    }
    if (stack)
        fprintf(f, "stack: high-water %u bytes (RAM above _end 0x%04x: %u bytes)\n",
                sim_stack_used(s), s->data_end, s->avr->ramend + 1u - s->data_end);
}

void sim_close(sim_t *s)
{
    if (s->wdt.wdt_resets)
        fprintf(stderr, "watchdog: %llu resets (%llu by a time-out with WDIF still set), %llu time-outs raised the interrupt\n",
                (unsigned long long)s->wdt.wdt_resets, (unsigned long long)s->wdt.escalations,
                (unsigned long long)s->wdt.timeouts_irq);
    if (s->eeprom_path && s->avr->data)
        eeprom_save(s);
    if (s->marks)
        fflush(s->marks);
    if (s->uart.out)
        fflush(s->uart.out);
}
