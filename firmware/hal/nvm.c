/* nvm.c - the EEPROM, byte by byte. Addresses beyond the chip read as
 * blank (0xFF) and are never written, so a bad address cannot wrap around. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>

#include "hal_private.h"

_Static_assert(BOARD_EEPROM_BYTES <= E2END + 1, "board EEPROM larger than the MCU's");

/* The end of a write wakes the main loop, so a save goes on a byte every
 * 3.4 ms (the write time, datasheet 8.6.3 table 8-1) instead of a byte per
 * tick (16 ms): a move is saved in ~0.1 s, not ~0.5 s, and a power cut
 * finds it half written five times less often. EE_READY is a level while
 * EERIE is set (8.6.3), so the ISR turns EERIE off. cbi/sbi: no register. */
ISR(EE_READY_vect, ISR_NAKED)
{
    __asm__ __volatile__(
        "cbi %0, %1\n\t"
        "sbi %2, %3\n\t"
        "reti"
        :: "I"(_SFR_IO_ADDR(EECR)), "I"(EERIE), "I"(_SFR_IO_ADDR(GPIOR0)), "I"(HAL_FLAG_WAKE));
}

uint8_t nvm_read(uint16_t addr)
{
    if (addr >= BOARD_EEPROM_BYTES)
        return NVM_ERASED;
    return eeprom_read_byte((const uint8_t *)addr);
}

bool nvm_write_if_ready(uint16_t addr, uint8_t value)
{
    /* Never waits: while the last write is still in progress (EEPE set,
     * 3.4 ms a byte) the caller comes back on a later main-loop pass. */
    if (!eeprom_is_ready())
        return false;
    if (addr < BOARD_EEPROM_BYTES) {
        eeprom_update_byte((uint8_t *)addr, value);   /* skips equal bytes: less wear */
        EECR |= _BV(EERIE);     /* a write started (or none): wake when ready */
    }
    return true;
}
