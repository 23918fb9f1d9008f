# Flashing, proven end to end: the project's own `make flash` writes
# build/nim.hex through Debian's real Arduino bootloader running on a
# simulated chip, then the game must boot and answer the PC link.
TEST_TARGETS += test-flash
TEST_BUILD += $(B)/nim.hex $(NIMSIM)
BOOTLOADER_HEX := /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
.PHONY: test-flash
test-flash: deps $(B)/nim.hex $(NIMSIM)
	@tests/flash/test_flash.sh "$(B)" "$(NIMSIM)" "$(BOOTLOADER_HEX)"
