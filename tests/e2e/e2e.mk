# End-to-end tests: scripts (tests/e2e/*.nims) run the real firmware ELF
# under the simulator through the real pins: buttons, the MAX7219 on SPI,
# the UART, the EEPROM. And the size budget of the whole firmware.

E2E_SCRIPTS := $(sort $(wildcard tests/e2e/*.nims))

# Both builds: the scripts are written for 8 columns, and run_e2e.sh
# widens them for 32 (build/m4; cols.awk).
.PHONY: test-e2e test-size size-check e2e-run
test-e2e:
	@$(MAKE) --no-print-directory MODULES=1 e2e-run
	@$(MAKE) --no-print-directory MODULES=4 e2e-run
e2e-run: $(B)/nim.elf $(NIMSIM)
	@tests/e2e/run_e2e.sh --modules $(MODULES) $(NIMSIM) $(B)/nim.elf $(B)/e2e $(E2E_SCRIPTS)

# Budgets: flash <= the ATmega328P's application section (32 KB less the
# 2 KB boot section of the Nano's bootloader), static RAM <= 1 KB of the
# chip's 2 KB (the rest is stack): text+data in flash, data+bss in RAM.
# SIZE_FREE_MIN of the flash is kept free for what comes next: a change
# that eats into it finds its own room first (make size-report).
SIZE_FLASH_MAX := 30720
SIZE_FREE_MIN := 1024
SIZE_RAM_MAX := 1024
# Both builds, as test-e2e.
test-size:
	@$(MAKE) --no-print-directory MODULES=1 size-check
	@$(MAKE) --no-print-directory MODULES=4 size-check
size-check: $(B)/nim.elf
	@set -- $$(avr-size $< | awk 'NR == 2 { print $$1, $$2, $$3 }'); \
	flash=$$(($$1 + $$2)); ram=$$(($$2 + $$3)); \
	echo "size: flash $$flash / $(SIZE_FLASH_MAX) B (text $$1 + data $$2, free $$(($(SIZE_FLASH_MAX) - flash)) B of $(SIZE_FREE_MIN) kept), RAM $$ram / $(SIZE_RAM_MAX) B (data $$2 + bss $$3)"; \
	ok=1; \
	[ $$flash -le $(SIZE_FLASH_MAX) ] || { echo "size: FAIL flash over budget by $$((flash - $(SIZE_FLASH_MAX))) B"; ok=0; }; \
	[ $$flash -gt $(SIZE_FLASH_MAX) ] || [ $$(($(SIZE_FLASH_MAX) - flash)) -ge $(SIZE_FREE_MIN) ] || { echo "size: FAIL $$(($(SIZE_FLASH_MAX) - flash)) B free, under the $(SIZE_FREE_MIN) B kept for what comes next: find room first (make size-report)"; ok=0; }; \
	[ $$ram -le $(SIZE_RAM_MAX) ] || { echo "size: FAIL RAM over budget by $$((ram - $(SIZE_RAM_MAX))) B"; ok=0; }; \
	[ $$ok = 1 ]

TEST_TARGETS += test-e2e test-size
TEST_BUILD += $(B)/nim.elf $(NIMSIM)
TEST_BUILD_M4 += build/m4/nim.elf build/m4/nimsim
## End-to-end:
##   make test-e2e        play the real firmware under simavr from tests/e2e/*.nims (8 and 32 columns)
##   make test-size       flash <= 30720 B with 1024 B of it free, data+bss <= 1024 B, both builds (avr-size)
