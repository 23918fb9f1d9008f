# Flashing a real board with avrdude. The fuse bytes come from the board
# header (BOARD_FUSE_*), the one place they are written; board/fuses.md
# explains them and tests/flash checks that the two agree.

# PORT empty: the one USB serial port there is (tools/flash_board.sh);
# without a board, make flash says what to do instead of calling avrdude.
PORT ?=
PROGRAMMER ?= arduino
# The bootloader on the chip sets the rate: optiboot (the handheld after
# make bootloader, an Uno, a new Nano) 115200, atmegaboot (the "old
# bootloader" Nano) 57600. BAUD= still overrides.
BOOTLOADER ?= optiboot
BOOTLOADER_BAUD_optiboot := 115200
BOOTLOADER_BAUD_atmegaboot := 57600
BAUD ?= $(BOOTLOADER_BAUD_$(BOOTLOADER))
ISP ?= usbasp
# ISP programmers on a serial port (Arduino as ISP: avrisp, 19200 baud).
# arduino_as_isp is not an avrdude 7.1 name: it is its stk500v1.
ISP_SERIAL := avrisp stk500v1 stk500v2 arduino_as_isp buspirate
isp_avrdude_c = $(if $(filter arduino_as_isp,$(1)),stk500v1,$(1))
ISP_BAUD ?= 19200
AVRDUDE ?= avrdude
AVRDUDE_PART := m328p

# BOARD_FUSE_LOW etc. read out of the header with the preprocessor.
board_macro = $(shell printf '#include "board.h"\n$(1)\n' | $(HOST_CC) -E -P -DBOARD_$(BOARD) -Iboard - | tail -n 1)

# The board (or the programmer) is looked for before anything is built
# (find-board, find-isp), so a missing one gets advice, not avrdude's
# errors; the recipe asks again for the port found. $(1): target name.
board_port = $$(tools/flash_board.sh serial '$(PORT)' $(1) 2>/dev/null) || exit 1
# $(1): the ISP programmer, $(2): target name; sets port= for avrdude.
isp_port = $(if $(filter $(1),$(ISP_SERIAL)),p=$$(tools/flash_board.sh serial '$(PORT)' $(2) 2>/dev/null) || exit 1; port="-P $$p -b $(ISP_BAUD)",port=)
ISP_FIND := $(if $(filter $(ISP),$(ISP_SERIAL)),serial '$(PORT)',usb '$(ISP)')

.PHONY: flash flash-isp fuses hex-size find-board find-isp
find-board:
	@tools/flash_board.sh serial '$(PORT)' $(or $(filter flash,$(MAKECMDGOALS)),find-board) >/dev/null
find-isp:
	@tools/flash_board.sh $(ISP_FIND) $(or $(filter flash-isp fuses,$(MAKECMDGOALS)),find-isp) >/dev/null

flash: find-board $(B)/nim.hex hex-size
	@$(if $(BAUD),,echo "make flash: BOOTLOADER=$(BOOTLOADER) is none of optiboot, atmegaboot (or pass BAUD=)"; exit 1)
	@port=$(call board_port,flash); \
	 echo "$(AVRDUDE) -c $(PROGRAMMER) -p $(AVRDUDE_PART) -P $$port -b $(BAUD) -D -U flash:w:$(B)/nim.hex:i"; \
	 $(AVRDUDE) -c $(PROGRAMMER) -p $(AVRDUDE_PART) -P $$port -b $(BAUD) -D -U flash:w:$(B)/nim.hex:i
	@if [ "$(BAUD)" = 57600 ]; then echo "note: 57600 baud is the old bootloader (ATmegaBOOT): after a watchdog reset (a hang with interrupts off) it resets itself until the power is cycled; optiboot does not (docs/build.md, the old bootloader and the watchdog)"; fi

flash-isp: find-isp $(B)/nim.hex hex-size
	@$(call isp_port,$(ISP),flash-isp); \
	 echo "$(AVRDUDE) -c $(call isp_avrdude_c,$(ISP)) -p $(AVRDUDE_PART) $$port -U flash:w:$(B)/nim.hex:i"; \
	 $(AVRDUDE) -c $(call isp_avrdude_c,$(ISP)) -p $(AVRDUDE_PART) $$port -U flash:w:$(B)/nim.hex:i

# avrdude's arguments for one set of fuses: $(1) names it in board/nano.h
# (BOARD_FUSE_: the Nano's; BOARD_HANDHELD_FUSE_: make bootloader's).
fuse_args = -U lfuse:w:$(call board_macro,$(1)LOW):m -U hfuse:w:$(call board_macro,$(1)HIGH):m \
	-U efuse:w:$(call board_macro,$(1)EXT):m
FUSE_ARGS = $(call fuse_args,BOARD_FUSE_)
fuses: find-isp | deps
	@$(call isp_port,$(ISP),fuses); \
	 echo "$(AVRDUDE) -c $(call isp_avrdude_c,$(ISP)) -p $(AVRDUDE_PART) $$port $(FUSE_ARGS)"; \
	 $(AVRDUDE) -c $(call isp_avrdude_c,$(ISP)) -p $(AVRDUDE_PART) $$port $(FUSE_ARGS)

# The hex holds flash only; its size is what the bootloader writes.
hex-size: $(B)/nim.hex
	@bytes=$$(avr-objcopy -I ihex -O binary $< /dev/stdout | wc -c); \
	 echo "nim.hex: $$bytes bytes of flash (of $$(( $(subst L,,$(call board_macro,BOARD_FLASH_BYTES)) - $(subst L,,$(call board_macro,BOARD_BOOT_BYTES)) )) below the bootloader)"

## Flashing (docs/build.md):
##   make flash           write build/nim.hex through the Arduino bootloader
##   make flash-isp       write it with an ISP programmer (bare ATmega328P)
##   make fuses           set the fuse bytes from the board header (ISP)
##   make find-board      which serial port the board is on (make flash looks first)
##   make find-isp        is the ISP programmer plugged in (make flash-isp and fuses look first)
##   make hex-size        build/nim.hex's size against the flash below the bootloader
##   PORT=/dev/ttyUSB0    serial port of the board (default: the one USB serial port found)
##   PROGRAMMER=arduino   avrdude programmer for make flash
##   BOOTLOADER=optiboot  the chip's bootloader: optiboot (the handheld, Uno, new Nano: 115200 baud)
##                        or atmegaboot (the "old bootloader" Nano: 57600 baud)
##   BAUD=115200          the bootloader's rate, if neither (default: BOOTLOADER's)
##   ISP=usbasp           avrdude programmer for make flash-isp and make fuses
##                        (avrisp or arduino_as_isp = Arduino as ISP, on PORT at ISP_BAUD=19200)
