/* hal.c - start-up of the board: reset cause, power reduction, every
 * driver's init, the watchdog. */
#include <avr/interrupt.h>
#include <avr/power.h>
#include <avr/wdt.h>

#include "hal_private.h"
#include "pins.h"

#if defined(F_CPU) && F_CPU != BOARD_F_CPU
#error "F_CPU must be the board's BOARD_F_CPU"
#endif

/* MCUSR as it was at reset, and the mark of a watchdog restart done in
 * software (below). .noinit: the C start-up must not clear them. */
static uint8_t hal_mcusr NOINIT;
static uint16_t hal_restart_mark NOINIT;
#define HAL_RESTART_MAGIC 0x5AD1u

/* Runs in .init3, before .data/.bss are set up and long before main: after
 * a watchdog reset WDRF keeps the watchdog on at its shortest period
 * (datasheet 10.9.2), so it must be cleared at once or the chip resets
 * again while still starting up. MCUSR is 0 only if nothing reset the chip:
 * after our own watchdog restart (the mark says so), or when optiboot ran
 * first, which clears MCUSR and hands its value over in r2. */
void hal_early_init(void) INIT_SECTION(3);
void hal_early_init(void)
{
    uint8_t r2;
    __asm__ __volatile__("mov %0, r2" : "=r"(r2));
    uint8_t m = MCUSR;
    MCUSR = 0;
    wdt_disable();
    if (!m)
        m = hal_restart_mark == HAL_RESTART_MAGIC ? _BV(WDRF) : r2;
    hal_restart_mark = 0;
    hal_mcusr = m;
}

/* The watchdog runs in interrupt-and-reset mode. A hang with interrupts on
 * ends here: the application restarts from its reset vector without a
 * hardware reset, because the Nano's old boot loader (ATmegaBOOT) does not
 * stop a watchdog left running by a watchdog reset and would reset itself
 * every 16 ms for ever. Every register the drivers use is set again by
 * hal_init. A hang with interrupts off cannot run this ISR: the first
 * time-out only sets WDIF, and as the interrupt has not run by the next
 * time-out (1 s later), that one resets the chip (datasheet 10.9.2, WDIE).
 * An optiboot board then restarts the application; on the old boot loader
 * it is the reset loop above, until the power is cycled (docs/build.md,
 * "The old bootloader and the watchdog"). nimsim models that reset (sim/watchdog.c; simavr 1.6 alone
 * never resets while WDIE is set), and tests/robust injects hangs with
 * interrupts off as well as on. */
ISR(WDT_vect, ISR_NAKED)
{
    __asm__ __volatile__("clr __zero_reg__");   /* the interrupted code may have left r1 dirty */
    UCSR0B = 0;
    SPCR = 0;
    TIMSK2 = 0;
    PCICR = 0;
    TCCR1A = 0;
    TCCR1B = 0;
    SMCR = 0;
    hal_restart_mark = HAL_RESTART_MAGIC;
    __asm__ __volatile__("jmp 0");
}

/* Watchdog on: 1 s, interrupt first (WDT_vect), reset if that cannot run.
 * The timed sequence (datasheet 10.9.2): WDCE|WDE, then the new value
 * within 4 cycles, so both values sit in registers before the first sts. */
static void hal_watchdog_on(void)
{
    uint8_t sreg = SREG;
    cli();
    __asm__ __volatile__(
        "wdr\n\t"
        "sts %0, %1\n\t"
        "sts %0, %2\n\t"
        :: "n"(_SFR_MEM_ADDR(WDTCSR)), "r"((uint8_t)(_BV(WDCE) | _BV(WDE))),
           "r"((uint8_t)(_BV(WDIE) | _BV(WDE) | _BV(WDP2) | _BV(WDP1)))
        : "memory");
    SREG = sreg;
}

uint8_t hal_init(void)
{
    cli();
    GPIOR0 = 0;
    /* Unused blocks off: TWI, Timer0, ADC (ADEN is 0 after reset) and the
     * analog comparator. */
    PRR = _BV(PRTWI) | _BV(PRTIM0) | _BV(PRADC);
    ACSR = _BV(ACD);

    piezo_init();
    clock_init();
    buttons_init();
    uart_init();
    display_init();

    hal_watchdog_on();
    sei();
    /* MCUSR's PORF, EXTRF, BORF, WDRF are bits 0..3, the HAL_RESET_* bits. */
    return hal_mcusr & (HAL_RESET_POWER | HAL_RESET_EXTERNAL | HAL_RESET_BROWNOUT | HAL_RESET_WATCHDOG);
}

void watchdog_kick(void)
{
    wdt_reset();
}

void hal_watchdog_resume(void)
{
    hal_watchdog_on();
}
