/* fake_nvm.c - the store tests' EEPROM (fake_nvm.h says what it models). */
#include <stdlib.h>

#include "fake_nvm.h"

uint8_t ee[BOARD_EEPROM_BYTES];
unsigned long ee_writes;
unsigned long ee_wear[BOARD_EEPROM_BYTES];
unsigned long ee_reads;
int stuck_addr = -1;

unsigned busy_after_write;
unsigned busy_left;
unsigned long polls_busy;
unsigned long read_while_busy;

uint16_t write_log[LOG_MAX];
uint8_t write_val[LOG_MAX];
unsigned write_log_n;

static long cut_budget = -1;    /* writes left before the power fails; -1 = never */
static int cut_mode;
static int cut_happened;

void fake_nvm_cut(long writes, int mode)
{
    cut_budget = writes;
    cut_mode = mode;
    cut_happened = 0;
}

void fake_nvm_restore(void)
{
    cut_budget = -1;
    cut_happened = 0;
}

uint8_t nvm_read(uint16_t addr)
{
    ee_reads++;
    if (busy_left)
        read_while_busy++;  /* on the chip this would wait up to 3.4 ms */
    if (addr >= BOARD_EEPROM_BYTES)
        return 0xFF;
    return ee[addr];
}

/* eeprom_update_byte semantics, write counting, power cuts, and the
 * EEPROM's write time as polls that find it busy. */
bool nvm_write_if_ready(uint16_t addr, uint8_t value)
{
    if (busy_left) {
        busy_left--;        /* time passes between polls */
        polls_busy++;
        return false;
    }
    if (addr >= BOARD_EEPROM_BYTES || ee[addr] == value)
        return true;            /* update semantics: equal bytes are not written */
    if (cut_happened)
        return true;            /* the power is gone: nothing more reaches the EEPROM */
    if (cut_budget == 0) {
        /* The cut lands inside this byte's write. */
        if (cut_mode == CUT_ERASED)
            ee[addr] = 0xFF;
        else if (cut_mode == CUT_RANDOM)
            ee[addr] = (uint8_t)rand();
        cut_happened = 1;
        return true;
    }
    if (cut_budget > 0)
        cut_budget--;
    busy_left = busy_after_write;
    if (write_log_n < LOG_MAX) {
        write_val[write_log_n] = value;
        write_log[write_log_n++] = addr;
    }
    if ((int)addr == stuck_addr)
        return true;
    ee[addr] = value;
    ee_writes++;
    ee_wear[addr]++;
    return true;
}
