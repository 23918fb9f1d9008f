/* current.c - supply current of the board (current.h). Every figure is at
 * VCC = 5 V and 25 degC, typical; the sources are named at each one. */
#include "current.h"

#include <string.h>

#include "avr_regs.h"
#include "board.h"

#define CURRENT_LOG_CYCLES (100 * (BOARD_F_CPU / 1000))   /* --power-log: a line per 100 ms */

/* ATmega328P, "DC Characteristics" (I_CC): active 5.2 mA and idle 1.5 mA
 * typical at 8 MHz, 5 V; the typical-characteristics figures "Active /
 * Idle Supply Current vs. Frequency" are straight lines through the
 * origin above 1 MHz, so 16 MHz draws twice that. */
#define MCU_ACTIVE_MA (2 * 5.2)
#define MCU_IDLE_MA (2 * 1.5)
/* Power-down, "Power-Down Supply Current vs. VCC" at 5 V: ~0.3 uA with the
 * watchdog off; the watchdog adds ~6 uA ("Watchdog Timer Current vs.
 * VCC"), the brown-out detector ~20 uA ("Brown-out Detector Current vs.
 * VCC") unless BODS turned it off for the sleep (10.11.2). Power-save and
 * standby add the running oscillator (not used by this firmware): the
 * standby figure, ~0.1 mA at 16 MHz. */
#define MCU_PD_MA 0.0003
#define MCU_WDT_MA 0.006
#define MCU_BOD_MA 0.020
#define MCU_STANDBY_MA 0.1

/* MAX7219: "Shutdown Supply Current" 150 uA; in operation the datasheet's
 * power-dissipation equation (Computing Power Dissipation) counts
 * V+ x 8 mA for the chip itself. The peak segment current for RSET at a
 * red LED's 2.0 V: table 11 gives 40 mA at 11.8 kohm, and the current is
 * 100 x the current into ISET, so it scales as 1/RSET. Intensity register
 * (table 7): duty (2i+1)/32; display test: 31/32, 8 digits. */
#define DISP_OPERATING_MA 8.0
#define DISP_SHUTDOWN_MA 0.150
#define DISP_ISEG_MA_KOHM (40.0 * 11.8)

/* The piezo: a capacitor of about 10 nF (the 12 mm transducers of
 * board/bom.md), charged to VCC through 100 ohm once a period. */
#define PIEZO_C_F 10e-9
#define VCC_V 5.0

/* Board extras (--parts), constant whatever the firmware does:
 *   led  the Nano's power LED, 1 kohm from 5 V: (5 V - 2 V) / 1 kohm;
 *   reg  the Nano's 5 V regulator (AMS1117 class, 5 mA quiescent typ.),
 *        only when the battery feeds VIN, not the 5V pin;
 *   usb  the USB-serial chip (CH340G on clones, FT232RL on Arduino's own
 *        Nano) powered from the 5 V rail with no host: taken as its
 *        operating current, ~12 mA; an assumption, measure your board. */
#define EXTRA_LED_MA 3.0
#define EXTRA_REG_MA 5.0
#define EXTRA_USB_MA 12.0

int current_parse_parts(const char *list)
{
    unsigned parts = 0;
    if (strcmp(list, "none") == 0)
        return 0;
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n == 3 && strncmp(p, "led", 3) == 0) parts |= CURRENT_PART_LED;
        else if (n == 3 && strncmp(p, "reg", 3) == 0) parts |= CURRENT_PART_REG;
        else if (n == 3 && strncmp(p, "usb", 3) == 0) parts |= CURRENT_PART_USB;
        else return -1;
        p += n;
        if (*p == ',')
            p++;
    }
    return (int)parts;
}

void current_init(current_t *c, unsigned parts)
{
    memset(c, 0, sizeof *c);
    c->on = true;
    c->parts = parts;
    c->rset_kohm = 10.0;       /* board/bom.md: the modules' RSET */
    c->disp_words = (uint64_t)-1;
}

double current_extras_ma(unsigned parts)
{
    return (parts & CURRENT_PART_LED ? EXTRA_LED_MA : 0) + (parts & CURRENT_PART_REG ? EXTRA_REG_MA : 0) +
           (parts & CURRENT_PART_USB ? EXTRA_USB_MA : 0);
}

double current_mcu_ma(const current_board_t *b, int kind)
{
    double ma;
    switch (kind) {
    case CURRENT_AWAKE: ma = MCU_ACTIVE_MA; break;
    case CURRENT_HELD:                      /* in reset the oscillator runs */
    case SIM_SLEEP_IDLE:
    case SIM_SLEEP_ADC: ma = MCU_IDLE_MA; break;
    case SIM_SLEEP_STANDBY:
    case SIM_SLEEP_EXT_STANDBY: ma = MCU_PD_MA + MCU_STANDBY_MA; break;
    default: ma = MCU_PD_MA; break;         /* power-down, power-save */
    }
    return ma + (b->wdt_on ? MCU_WDT_MA : 0) + (b->bod_on ? MCU_BOD_MA : 0);
}

double current_display_ma(const max7219_t *disp, double rset_kohm)
{
    double iseg = DISP_ISEG_MA_KOHM / rset_kohm, ma = 0;
    for (int m = 0; m < disp->modules; m++) {
        const max7219_chip_t *c = &disp->chip[m];
        if (c->test) {                       /* overrides shutdown too */
            ma += DISP_OPERATING_MA + iseg * 31.0 / 32.0 * 64 / 8;
            continue;
        }
        if (c->shutdown) {
            ma += DISP_SHUTDOWN_MA;
            continue;
        }
        int digits = c->scan_limit + 1, lit = 0;
        for (int d = 0; d < digits; d++) {
            uint8_t v = c->digit[d];
            if (c->decode & (1u << d))
                v = max7219_code_b(v);
            lit += __builtin_popcount(v);
        }
        ma += DISP_OPERATING_MA + iseg * (2.0 * c->intensity + 1) / 32.0 * lit / digits;
    }
    return ma;
}

static void current_log(current_t *c, uint64_t cycle)
{
    double ms = (double)cycle * 1000.0 / BOARD_F_CPU;
    double n = (double)(c->cycles - c->log_last_cycles);
    if (n > 0)
        fprintf(c->log, "%.0f %.3f %.3f %.3f %.3f %.3f\n", ms,
                (c->q_mcu + c->q_disp + c->q_piezo + c->q_extra - c->log_q0[0] - c->log_q0[1] -
                 c->log_q0[2] - c->log_q0[3]) / n,
                (c->q_mcu - c->log_q0[0]) / n, (c->q_disp - c->log_q0[1]) / n,
                (c->q_piezo - c->log_q0[2]) / n, (c->q_extra - c->log_q0[3]) / n);
    c->log_q0[0] = c->q_mcu;
    c->log_q0[1] = c->q_disp;
    c->log_q0[2] = c->q_piezo;
    c->log_q0[3] = c->q_extra;
    c->log_last_cycles = c->cycles;
    c->log_next = cycle + CURRENT_LOG_CYCLES;
}

void current_step(current_t *c, const current_board_t *b, int kind, uint64_t n)
{
    if (!c->on || !n)
        return;
    if (b->disp->words != c->disp_words || b->disp->frames != c->disp_frames) {
        c->disp_words = b->disp->words;
        c->disp_frames = b->disp->frames;
        c->disp_ma = current_display_ma(b->disp, c->rset_kohm);
    }
    if (b->piezo_hz != c->piezo_hz_seen) {
        c->piezo_hz_seen = b->piezo_hz;
        c->piezo_ma = PIEZO_C_F * VCC_V * b->piezo_hz * 1000.0;
    }
    double mcu = current_mcu_ma(b, kind), extra = current_extras_ma(c->parts);
    c->q_mcu += mcu * (double)n;
    c->q_disp += c->disp_ma * (double)n;
    c->q_piezo += c->piezo_ma * (double)n;
    c->q_extra += extra * (double)n;
    c->cycles += n;
    double now = mcu + c->disp_ma + c->piezo_ma + extra;
    if (now > c->peak_ma && kind != CURRENT_HELD)
        c->peak_ma = now;
    if (c->log && b->cycle >= c->log_next)
        current_log(c, b->cycle);
}

void current_report(const current_t *c, FILE *f)
{
    double n = (double)c->cycles, t = n / BOARD_F_CPU;
    if (!c->on || n <= 0)
        return;
    double total = c->q_mcu + c->q_disp + c->q_piezo + c->q_extra;
    const double mah = 1.0 / BOARD_F_CPU / 3600.0;   /* mA x cycles -> mAh */
    fprintf(f, "current: mean %.3f mA over %.3f s (MCU %.3f, display %.3f, piezo %.3f, board extras %.3f mA), "
            "peak %.1f mA, charge %.6f mAh (mcu %.9f display %.9f piezo %.9f extras %.9f), parts %s%s%s%s\n",
            total / n, t, c->q_mcu / n, c->q_disp / n, c->q_piezo / n, c->q_extra / n, c->peak_ma,
            total * mah, c->q_mcu * mah, c->q_disp * mah, c->q_piezo * mah, c->q_extra * mah,
            c->parts ? "" : "none", c->parts & CURRENT_PART_LED ? "led " : "",
            c->parts & CURRENT_PART_REG ? "reg " : "", c->parts & CURRENT_PART_USB ? "usb" : "");
}
