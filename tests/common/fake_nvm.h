/* fake_nvm.h - the EEPROM under the host tests of firmware/lib/store.c
 * (tests/unit: test_store, test_store_ring): hal.h's nvm_read and
 * nvm_write_if_ready over an array, with what the store relies on of the
 * chip and what its tests need to see:
 *   - eeprom_update_byte's semantics: a byte equal to the cell's is not
 *     written (and not counted);
 *   - the write time, as polls that find the EEPROM busy
 *     (fake_nvm_busy_after_write polls after each write; 0: always ready),
 *     and reads made while a write is in progress (on the chip a wait of
 *     up to 3.4 ms);
 *   - wear: every changed byte counted, per cell, and a worn-out cell that
 *     keeps its value (fake_nvm_stuck_addr);
 *   - a power cut after N more writes, the byte being written then left as
 *     it was, erased (0xFF) or random; nothing reaches the EEPROM after it
 *     until fake_nvm_restore;
 *   - a log of the writes (address and value).
 * The fake HAL of tests/common/fake_hal.c has an EEPROM of its own for a
 * reason: see its head comment. */
#ifndef TESTS_COMMON_FAKE_NVM_H
#define TESTS_COMMON_FAKE_NVM_H

#include <stdint.h>

#include "hal.h"

extern uint8_t ee[BOARD_EEPROM_BYTES];
extern unsigned long ee_writes;                 /* bytes actually changed */
extern unsigned long ee_wear[BOARD_EEPROM_BYTES];
extern unsigned long ee_reads;                  /* nvm_read calls */
extern int stuck_addr;                          /* a worn-out cell that keeps its value; -1 none */

extern unsigned busy_after_write;               /* polls a write keeps the EEPROM busy (0: always ready) */
extern unsigned busy_left;                      /* polls until it is ready again */
extern unsigned long polls_busy;                /* nvm_write_if_ready calls that found it busy */
extern unsigned long read_while_busy;           /* nvm_read calls while a write was in progress */

#define LOG_MAX 512
extern uint16_t write_log[LOG_MAX];             /* addresses of the writes that changed a byte */
extern uint8_t write_val[LOG_MAX];              /* and their values */
extern unsigned write_log_n;

/* The power cut: the byte being written when it lands. */
enum { CUT_CLEAN, CUT_ERASED, CUT_RANDOM };
/* The power fails during the write after `writes` more (0: the next). */
void fake_nvm_cut(long writes, int mode);
/* The power is back: writes reach the EEPROM again, no cut pending. */
void fake_nvm_restore(void);

#endif
