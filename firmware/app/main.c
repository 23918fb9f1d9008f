/* main.c - the toy's main loop: buttons -> debounce -> ui, UART bytes ->
 * protocol, the machine's turn, the picture, the sound; then sleep until
 * the next interrupt. After the configured time without a press the toy
 * turns itself off and, woken by a button, carries on where it was. */
#include "debounce.h"
#include "game.h"
#include "hal.h"
#include "proto.h"
#include "sound.h"
#include "store.h"
#include "ui.h"

int main(void)
{
    static debounce_t deb;  /* static: keeps the stack shallow */
    uint16_t now;
    uint8_t cause = hal_init();
    now = clock_ms();
    debounce_init(&deb, buttons_raw(), now);
    game_init(now);
    proto_log_boot(cause);
    ui_init(now);       /* after LOG BOOT: A held there starts the board test, LOG TEST */
    for (;;) {
        int16_t c;
        watchdog_kick();
        now = clock_ms();
        debounce_update(&deb, (uint8_t)(buttons_raw() | proto_buttons()), now);
        ui_input(&deb, now);
        /* At most a ring's worth a pass: a PC that streams without a pause
         * (the streaming rule allows it) never lets the ring run dry, and
         * reading until it did kept the loop here, the watchdog unfed,
         * until its interrupt restarted the firmware (CHANGELOG 1.0, the UART stall). Bytes left
         * over arrived during this pass and set the wake flag, so
         * power_idle returns at once and the next pass reads them. */
        for (uint8_t n = HAL_UART_RX_SIZE; n && (c = uart_getc()) != -1; n--)
            proto_feed(c, now);
        game_tick(now);
        ui_render(now);
        display_show(ui_frame());
        sound_step();
        /* Saves go after the frame: a press is answered before any EEPROM
         * work, and auto-off waits until the last save is written (one
         * held back by the wear limit goes out at once: store_flush). */
        bool saving = store_step();
        if (ui_sleep_due(now)) {
            if (saving) {
                store_flush();
            } else {
                power_off();
                /* Woken by a press: that press only wakes, it does not play. */
                now = clock_ms();
                debounce_init(&deb, buttons_raw(), now);
                ui_wake(now);
                continue;
            }
        }
        power_idle();
    }
}
