# Flashing a real board with avrdude. The fuse bytes come from the board
# header (BOARD_FUSE_*), the one place they are written; board/fuses.md
# explains them and tests/flash checks that the two agree.

PORT ?= /dev/ttyUSB0
PROGRAMMER ?= arduino
BAUD ?= 115200
ISP ?= usbasp
AVRDUDE ?= avrdude
AVRDUDE_PART := m328p

# BOARD_FUSE_LOW etc. read out of the header with the preprocessor.
board_macro = $(shell printf '#include "board.h"\n$(1)\n' | $(HOST_CC) -E -P -DBOARD_$(BOARD) -Iboard - | tail -n 1)

.PHONY: flash flash-isp fuses hex-size
flash: $(B)/nim.hex hex-size
	$(AVRDUDE) -c $(PROGRAMMER) -p $(AVRDUDE_PART) -P $(PORT) -b $(BAUD) -D -U flash:w:$<:i
	@if [ "$(BAUD)" = 57600 ]; then echo "note: 57600 baud is the old bootloader (ATmegaBOOT): after a watchdog reset (a hang with interrupts off) it resets itself until the power is cycled; optiboot does not (README, Build your own)"; fi

flash-isp: $(B)/nim.hex hex-size
	$(AVRDUDE) -c $(ISP) -p $(AVRDUDE_PART) -U flash:w:$<:i

fuses:
	$(AVRDUDE) -c $(ISP) -p $(AVRDUDE_PART) \
		-U lfuse:w:$(call board_macro,BOARD_FUSE_LOW):m \
		-U hfuse:w:$(call board_macro,BOARD_FUSE_HIGH):m \
		-U efuse:w:$(call board_macro,BOARD_FUSE_EXT):m

# The hex holds flash only; its size is what the bootloader writes.
hex-size: $(B)/nim.hex
	@bytes=$$(avr-objcopy -I ihex -O binary $< /dev/stdout | wc -c); \
	 echo "nim.hex: $$bytes bytes of flash (of $$(( $(subst L,,$(call board_macro,BOARD_FLASH_BYTES)) - $(subst L,,$(call board_macro,BOARD_BOOT_BYTES)) )) below the bootloader)"

## Flashing (see README "Build your own"):
##   make flash           write build/nim.hex through the Arduino bootloader
##   make flash-isp       write it with an ISP programmer (bare ATmega328P)
##   make fuses           set the fuse bytes from the board header (ISP)
##   PORT=/dev/ttyUSB0    serial port of the board (make flash)
##   PROGRAMMER=arduino   avrdude programmer for make flash
##   BAUD=115200          115200 for optiboot (Uno, new Nano), 57600 for the "old bootloader" Nano
##   ISP=usbasp           avrdude programmer for make flash-isp and make fuses
