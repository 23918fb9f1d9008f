# The bare chip's first flash (board/bootloader.md): Optiboot and the
# handheld's fuses and lock bits through an ISP programmer, once per chip.
# Then make flash writes the game over the serial header at 115200.

# Optiboot 4.4 as Debian's arduino-core-avr ships its source. The .hex
# beside it is 532 bytes from 0x7E00: 20 bytes past the flash's end, and
# the version word at 0x7FFE lands on an instruction (Debian's avr-gcc 5.4
# makes bigger code than the compiler the 512-byte budget was set with),
# so it cannot be burned as shipped. The same source with the same options
# (LED_START_FLASHES=3, BAUD_RATE=115200, 16 MHz) is built here, without
# two of avr-gcc 5.4's loop optimisations and with one section a function
# (so --gc-sections and --relax have more to work on): 500 bytes. The link
# fails if it ever grows into the version word (overlapping sections).
OPTIBOOT_SRC := /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
OPTIBOOT_DEBIAN_HEX := $(OPTIBOOT_SRC)/optiboot_atmega328.hex
OPTIBOOT_HEX := build/boot/optiboot_atmega328.hex
OPTIBOOT_CFLAGS := -g -Wall -Os -fno-inline-small-functions -fno-split-wide-types \
	-fno-tree-loop-optimize -fno-move-loop-invariants -ffunction-sections \
	-mmcu=atmega328p -DF_CPU=16000000L -DLED_START_FLASHES=3 -DBAUD_RATE=115200
OPTIBOOT_LDFLAGS := -Wl,--section-start=.text=0x7e00 -Wl,--section-start=.version=0x7ffe \
	-Wl,--relax -Wl,--gc-sections -nostartfiles -nostdlib

$(OPTIBOOT_HEX): board/bootloader.mk | deps
	@mkdir -p $(dir $@)
	avr-gcc $(OPTIBOOT_CFLAGS) -I$(OPTIBOOT_SRC) $(OPTIBOOT_LDFLAGS) -o $(@:.hex=.elf) $(OPTIBOOT_SRC)/optiboot.c
	avr-objcopy -O ihex -R .eeprom $(@:.hex=.elf) $@
	@echo "optiboot: $$(avr-size -A $(@:.hex=.elf) | awk '$$1 == ".text" { print $$2 }') bytes at 0x7E00, version word at 0x7FFE"

# The handheld's fuses and lock bits (board/nano.h, BOARD_HANDHELD_*).
BOOT_FUSE_ARGS = $(call fuse_args,BOARD_HANDHELD_FUSE_)

# The ISP programmer: ISP= as for make fuses and flash-isp; PROGRAMMER=
# given on the command line is taken too (make flash's PROGRAMMER is the
# bootloader's protocol, never an ISP). arduino_as_isp is the ArduinoISP
# sketch on an Uno or Nano: avrdude 7.1 knows it as stk500v1 at 19200 baud.
BOOT_ISP := $(if $(filter command line,$(origin PROGRAMMER)),$(PROGRAMMER),$(ISP))
BOOT_ISP_C = $(call isp_avrdude_c,$(BOOT_ISP))
BOOT_SERIAL_WHAT := 'Arduino running the ArduinoISP sketch'
BOOT_FIND = $(if $(filter $(BOOT_ISP),$(ISP_SERIAL)),serial '$(PORT)' bootloader $(BOOT_SERIAL_WHAT),usb '$(BOOT_ISP)' bootloader)

# One avrdude run: chip erase (-e: a bare chip, or one whose lock bits
# must be cleared first), the fuses before the flash (the clock and the
# boot section right before anything is written), Optiboot, verified,
# then the lock bits that protect it. -B 32: a new chip runs on its 1 MHz
# internal clock until the low fuse is written, too slow for USBasp's
# default SCK; USBasp and usbtiny take it, the serial ones ignore it.
BOOT_SLOW := $(if $(filter usbasp usbtiny,$(BOOT_ISP_C)),-B 32,)

.PHONY: bootloader bootloader-hex
bootloader: $(OPTIBOOT_HEX)
	@tools/flash_board.sh $(BOOT_FIND) >/dev/null
	@$(call isp_port,$(BOOT_ISP),bootloader); \
	 cmd="$(AVRDUDE) -c $(BOOT_ISP_C) -p $(AVRDUDE_PART) $$port $(BOOT_SLOW) -e $(BOOT_FUSE_ARGS) -U flash:w:$(OPTIBOOT_HEX):i -U lock:w:$(call board_macro,BOARD_FUSE_LOCK):m"; \
	 echo "$$cmd"; \
	 $$cmd || { echo "make bootloader: avrdude failed (its first error line above); board/bootloader.md, \"When it fails\", says what each one means"; exit 1; }
	@echo "make bootloader: Optiboot and the fuses are on the chip; now: make flash PORT=<the serial header's port>"
bootloader-hex: $(OPTIBOOT_HEX)

## The bare chip (board/bootloader.md):
##   make bootloader      burn Optiboot, the fuses and the lock bits with an ISP programmer, once
##   make bootloader-hex  build Optiboot (build/boot/optiboot_atmega328.hex) from Debian's source
##   ISP=usbasp           the ISP programmer (also PROGRAMMER=usbasp on make bootloader's line);
##                        arduino_as_isp: the ArduinoISP sketch on PORT (stk500v1, 19200 baud)
