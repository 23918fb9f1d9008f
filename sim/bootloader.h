/* bootloader.h - a chip that holds a bootloader (Intel HEX) in its boot
 * section and starts there, as BOOTRST does (board/nano.h fuses). */
#ifndef SIM_BOOTLOADER_H
#define SIM_BOOTLOADER_H

#include <sim_avr.h>

/* Loads the HEX into flash and moves the reset vector to the boot section.
 * Returns 0, or -1 with a message on stderr. */
int bootloader_load(avr_t *avr, const char *hex_path);

#endif
