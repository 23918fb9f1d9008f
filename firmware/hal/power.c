/* power.c - idle sleep between events and the auto-off power-down. */
#include <avr/interrupt.h>
#include <avr/sleep.h>
#include <avr/wdt.h>

#include "hal_private.h"

void power_idle(void)
{
    /* Race-free: an event ISR that ran since the last return has set the
     * wake flag, and we return at once instead of sleeping through it.
     * Other interrupts (SPI done, UART TX) do not end the idle. */
    cli();
    while (!(GPIOR0 & _BV(HAL_FLAG_WAKE)))
        hal_sleep_idle_cli();
    GPIOR0 &= ~_BV(HAL_FLAG_WAKE);
    sei();
}

void power_wake(void)
{
    HAL_WAKE_SET();
}

void power_off(void)
{
    uart_flush();                   /* the last log line goes out whole */
    piezo_stop();
    display_set_power(false);       /* MAX7219 shutdown: ~150 uA */
    uart_rx_enable(false);

    /* Nothing may wake the chip but a button: no tick, no watchdog. */
    cli();
    clock_stop();
    wdt_disable();
    uint8_t held = buttons_down_pins();  /* a stuck button must not keep it awake */
    for (;;) {
        uint8_t down = buttons_down_pins();
        if (down & (uint8_t)~held)
            break;                  /* a new press: wake */
        held &= down;               /* a released button can wake us next time */
        set_sleep_mode(SLEEP_MODE_PWR_DOWN);
        sleep_enable();
        sleep_bod_disable();        /* BOD off while asleep, back on at wake-up (~20 uA saved) */
        __asm__ __volatile__("sei\n\tsleep\n\tnop\n\tcli" ::: "memory");
        sleep_disable();
    }
    set_sleep_mode(SLEEP_MODE_IDLE);

    hal_watchdog_resume();
    clock_start();
    HAL_WAKE_SET();                 /* the main loop runs once at once */
    sei();
    uart_rx_enable(true);
    display_set_power(true);
}
