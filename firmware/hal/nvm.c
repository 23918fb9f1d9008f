/* nvm.c - the EEPROM, byte by byte. Addresses beyond the chip read as
 * blank (0xFF) and are never written, so a bad address cannot wrap around. */
#include <avr/eeprom.h>

#include "hal_private.h"

_Static_assert(BOARD_EEPROM_BYTES <= E2END + 1, "board EEPROM larger than the MCU's");

uint8_t nvm_read(uint16_t addr)
{
    if (addr >= BOARD_EEPROM_BYTES)
        return 0xFF;
    return eeprom_read_byte((const uint8_t *)addr);
}

bool nvm_write_if_ready(uint16_t addr, uint8_t value)
{
    /* Never waits: while the last write is still in progress (EEPE set,
     * 3.4 ms a byte) the caller comes back on a later main-loop pass. */
    if (!eeprom_is_ready())
        return false;
    if (addr < BOARD_EEPROM_BYTES)
        eeprom_update_byte((uint8_t *)addr, value);   /* skips equal bytes: less wear */
    return true;
}
