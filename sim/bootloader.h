/* bootloader.h - a chip that holds a bootloader (Intel HEX) in its boot
 * section and starts where its high fuse says (BOOTSZ, BOOTRST). */
#ifndef SIM_BOOTLOADER_H
#define SIM_BOOTLOADER_H

#include <sim_avr.h>

/* Loads the HEX into flash and sets the reset vector from the high fuse
 * (board/fuses.md): the boot section's start when BOOTRST is programmed.
 * The HEX must lie inside the boot section and the flash. Returns 0, or -1
 * with a message on stderr. */
int bootloader_load(avr_t *avr, const char *hex_path, uint8_t fuse_high);
/* Bytes of the boot section the high fuse's BOOTSZ sets (512..4096). */
unsigned bootloader_section_bytes(uint8_t fuse_high);

#endif
