/* rb_campaign.h - the campaigns rb_sim.c runs, one file each; the
 * brown-out campaign is the power-cut one with the supply's episodes. */
#ifndef ROBUST_RB_CAMPAIGN_H
#define ROBUST_RB_CAMPAIGN_H

#include <stdbool.h>
#include <stdint.h>

/* Each opens the board, runs its campaign (n events, cuts, hangs or lines)
 * and prints its counts; the first violation ends the run (rb_fail). */
void rb_buttons_run(uint64_t n);
void rb_powercut_run(uint64_t n, bool brownout);
void rb_watchdog_run(uint64_t n);
void rb_eeprom_run(void);
void rb_uart_run(uint64_t n);

/* rb_brownout.c: the supply instead of the plug (rb_power_source). */
void rb_brownout_install(void);
/* After a restart: the reset's cause, and the matrix shows the state. */
void rb_brownout_check_boot(void);
void rb_brownout_report(uint64_t cuts, uint64_t resumed, uint64_t clean);

#endif
