/* pins.h - data-space addresses of the ATmega328P ports B..D named by the
 * board header's port letters (datasheet 14.4: PINx, DDRx, PORTx). */
#ifndef SIM_PINS_H
#define SIM_PINS_H

#define PINS_PIN(letter) (0x23 + 3 * ((letter) - 'B'))
#define PINS_DDR(letter) (0x24 + 3 * ((letter) - 'B'))
#define PINS_PORT(letter) (0x25 + 3 * ((letter) - 'B'))

#endif
