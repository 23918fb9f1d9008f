/* nvm.c - the EEPROM, byte by byte. Addresses beyond the chip read as
 * blank (0xFF) and are never written, so a bad address cannot wrap around. */
#include <avr/eeprom.h>
#include <avr/wdt.h>

#include "hal_private.h"

_Static_assert(BOARD_EEPROM_BYTES <= E2END + 1, "board EEPROM larger than the MCU's");

uint8_t nvm_read(uint16_t addr)
{
    if (addr >= BOARD_EEPROM_BYTES)
        return 0xFF;
    return eeprom_read_byte((const uint8_t *)addr);
}

void nvm_write(uint16_t addr, uint8_t value)
{
    if (addr >= BOARD_EEPROM_BYTES)
        return;
    /* Each write may first wait up to 3.4 ms for the previous one; a save
     * of a whole record is ~50 of them, so feed the watchdog per byte. */
    wdt_reset();
    eeprom_update_byte((uint8_t *)addr, value);   /* skips equal bytes: less wear */
}
