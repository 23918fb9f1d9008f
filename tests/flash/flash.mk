# Flashing, proven end to end: the project's own `make flash` writes
# build/nim.hex through Debian's real Arduino bootloader running on a
# simulated chip, then the game must boot and answer the PC link.
TEST_TARGETS += test-flash
TEST_BUILD += $(B)/nim.hex $(NIMSIM)
BOOTLOADER_HEX := /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
.PHONY: test-flash
test-flash: deps $(B)/nim.hex $(NIMSIM)
	@tests/flash/test_flash.sh "$(B)" "$(NIMSIM)" "$(BOOTLOADER_HEX)"

# The handheld's route (board/bootloader.md): the Optiboot make bootloader
# burns, started per the handheld's high fuse, written through by make
# flash at 115200 over a modelled USB-serial adapter (auto-reset, rates).
TEST_TARGETS += test-flash-optiboot
TEST_BUILD += $(OPTIBOOT_HEX) $(B)/tests/flash/spm_app.elf
$(B)/tests/flash/spm_app.elf: tests/flash/spm_app.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) -mmcu=$(MCU) -Os -Wall -Wextra -Werror -o $@ $<
.PHONY: test-flash-optiboot
test-flash-optiboot: deps $(B)/nim.hex $(NIMSIM) $(OPTIBOOT_HEX) $(B)/tests/flash/spm_app.elf
	@tests/flash/test_flash_optiboot.sh "$(B)" "$(NIMSIM)" "$(OPTIBOOT_HEX)" \
		"$(call board_macro,BOARD_HANDHELD_FUSE_HIGH)" "$(call board_macro,BOARD_FUSE_LOCK)" "$(OPTIBOOT_DEBIAN_HEX)"
##   make test-flash-optiboot  make flash through the real Optiboot (make bootloader's) on a simulated bare chip
