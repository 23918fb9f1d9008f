# tests/unit: the platform layer's tests.
#   test-unit   host tests of the portable driver-side logic: the leading-edge
#               debounce and the power-cut-safe EEPROM store (over a fake nvm),
#               for this MODULES and for MODULES=4 (the game record's size
#               follows the column count);
#   test-hal    every driver of firmware/hal on the simulated chip;
#   test-fuses  the board's fuse bytes decoded and checked.

# tests/common: the assertion (check.h) and the store tests' fake EEPROM
# (fake_nvm.c), shared with other folders' tests.
UNIT_CFLAGS = $(HOST_CFLAGS) -Itests/common
FAKE_NVM := tests/common/fake_nvm.c tests/common/fake_nvm.h

$(B)/tests/unit/test_debounce: tests/unit/test_debounce.c tests/common/check.h firmware/lib/debounce.c firmware/lib/debounce.h firmware/hal/hal.h $(wildcard board/*.h) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -o $@ tests/unit/test_debounce.c firmware/lib/debounce.c

$(B)/tests/unit/test_store: tests/unit/test_store.c tests/common/check.h $(FAKE_NVM) firmware/lib/store.c firmware/lib/store.h firmware/hal/hal.h $(wildcard board/*.h) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -o $@ tests/unit/test_store.c tests/common/fake_nvm.c firmware/lib/store.c

$(B)/tests/unit/test_store_ring: tests/unit/test_store_ring.c tests/common/check.h $(FAKE_NVM) firmware/lib/store.c firmware/lib/store.h firmware/hal/hal.h $(wildcard board/*.h) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -o $@ tests/unit/test_store_ring.c tests/common/fake_nvm.c firmware/lib/store.c

# The end of a game against power cuts: the real game, store, PC link, ui
# and engine over tests/common/fake_hal.c.
ENDGAME_SRC := tests/unit/test_endgame.c tests/common/fake_hal.c $(ENGINE_SRC) \
	$(filter-out firmware/app/main.c,$(APP_SRC))
$(B)/tests/unit/test_endgame: $(ENDGAME_SRC) tests/common/check.h tests/common/fake_hal.h $(FW_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -o $@ $(ENDGAME_SRC) $(B)/tables.c

# Every earlier settings format's bytes migrated: the scores on the same
# games (the same sources as the end of a game's test).
SETTINGS_SRC := tests/unit/test_settings.c $(filter-out tests/unit/test_endgame.c,$(ENDGAME_SRC))
$(B)/tests/unit/test_settings: $(SETTINGS_SRC) tests/common/check.h tests/common/fake_hal.h $(FW_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -o $@ $(SETTINGS_SRC) $(B)/tables.c

# The game room alone: app/game with the engine, lib and the fake drivers,
# compiled with app/game's include paths only, no UI and no link; its
# events through the test's hooks and the room's WEAK defaults.
GAME_ALONE_SRC := tests/unit/test_game_alone.c tests/common/fake_hal.c $(ENGINE_SRC) $(LIB_SRC) \
	$(wildcard firmware/app/game/*.c)
$(B)/tests/unit/test_game_alone: $(GAME_ALONE_SRC) tests/common/check.h tests/common/fake_hal.h $(FW_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS_BASE) $(FW_INC_app/game) -Itests/common -o $@ $(GAME_ALONE_SRC) $(B)/tables.c

.PHONY: test-unit
test-unit: $(B)/tests/unit/test_game_alone $(B)/tests/unit/test_debounce $(B)/tests/unit/test_store $(B)/tests/unit/test_store_ring $(B)/tests/unit/test_endgame \
		$(B)/tests/unit/test_settings
	$(B)/tests/unit/test_debounce
	$(B)/tests/unit/test_store
	$(B)/tests/unit/test_store_ring
	$(B)/tests/unit/test_endgame
	$(B)/tests/unit/test_settings
	$(B)/tests/unit/test_game_alone
ifneq ($(MODULES),4)
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/unit/test_store build/m4/tests/unit/test_store_ring build/m4/tests/unit/test_endgame \
		build/m4/tests/unit/test_settings build/m4/tests/unit/test_game_alone
	build/m4/tests/unit/test_store
	build/m4/tests/unit/test_store_ring
	build/m4/tests/unit/test_endgame
	build/m4/tests/unit/test_settings
	build/m4/tests/unit/test_game_alone
endif
TEST_TARGETS += test-unit
TEST_BUILD += $(B)/tests/unit/test_debounce $(B)/tests/unit/test_store $(B)/tests/unit/test_store_ring $(B)/tests/unit/test_endgame \
	$(B)/tests/unit/test_settings $(B)/tests/unit/test_game_alone
TEST_BUILD_M4 += build/m4/tests/unit/test_store build/m4/tests/unit/test_store_ring build/m4/tests/unit/test_endgame \
	build/m4/tests/unit/test_settings build/m4/tests/unit/test_game_alone

# The review of a game's mistakes (issue 22) against the brute-force
# solver: the real game over the fake drivers, every game of the list.
REVIEW_SRC := tests/unit/test_review.c tests/engine/solver.c tests/common/fake_hal.c $(ENGINE_SRC) \
	$(filter-out firmware/app/main.c,$(APP_SRC))
$(B)/tests/unit/test_review: $(REVIEW_SRC) tests/common/check.h tests/engine/solver.h tests/common/fake_hal.h $(FW_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(UNIT_CFLAGS) -Itests/engine -o $@ $(REVIEW_SRC) $(B)/tables.c

.PHONY: test-review
# Both boards at once (one core each, as test-target does), the reports
# in order: run one after the other, they were make test's last minute on
# one core.
ifneq ($(MODULES),4)
test-review: $(B)/tests/unit/test_review
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/unit/test_review
	@(build/tests/unit/test_review > build/review-m1.log 2>&1; echo $$? > build/review-m1.rc) & \
	(build/m4/tests/unit/test_review > build/m4/review-m4.log 2>&1; echo $$? > build/m4/review-m4.rc); wait
	@echo build/tests/unit/test_review; cat build/review-m1.log
	@echo build/m4/tests/unit/test_review; cat build/m4/review-m4.log
	@test "$$(cat build/review-m1.rc build/m4/review-m4.rc)" = "$$(printf '0\n0')"
else
test-review: $(B)/tests/unit/test_review
	$(B)/tests/unit/test_review
endif
TEST_TARGETS += test-review
TEST_BUILD += $(B)/tests/unit/test_review
TEST_BUILD_M4 += build/m4/tests/unit/test_review

## Unit tests:
##   make test-unit       host tests of debounce (tables, bounce, holds) and the EEPROM store (rings, bit flips, power cuts,
##                        foreign rings with scattered seq numbers),
##                        the end of a game cut at every EEPROM byte (a result counted once)
##   make test-review     the review's mistakes (issue 22) over 10,000 random games of every game, judged by the
##                        brute-force solver (tests/engine/solver.c); a power cut after the first mistake

# On-target check of every driver under the simulator: tests/unit/hal_check.c
# linked with the HAL, debounce and store objects of the firmware (same
# flags), driven by a script through the real pins. MODULES=4 runs a short
# script for the chain order of four MAX7219.
HAL_BOOTLOADER = /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
HAL_CHECK_OBJ = $(patsubst firmware/%.c,$(B)/avr/%.o,$(HAL_SRC)) $(B)/avr/lib/debounce.o $(B)/avr/lib/store.o

$(B)/tests/unit/hal_check.elf: tests/unit/hal_check.c $(HAL_CHECK_OBJ) firmware/hal/hal.h firmware/lib/debounce.h firmware/lib/store.h | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_lib) $(AVR_LDFLAGS) -o $@ tests/unit/hal_check.c $(HAL_CHECK_OBJ)

.PHONY: test-hal
test-hal: $(B)/tests/unit/hal_check.elf $(NIMSIM)
	@rm -f $(B)/tests/unit/hal_check.eeprom
	$(NIMSIM) --script tests/unit/hal_check$(if $(filter 4,$(MODULES)),_m4).nimsim --modules $(MODULES) \
		--eeprom $(B)/tests/unit/hal_check.eeprom --power $(B)/tests/unit/hal_check.elf
	@echo "hal: $(MODULES) module(s): every expect of the script held"
ifneq ($(MODULES),4)
	$(NIMSIM) --script tests/unit/hal_check_boot.nimsim --bootloader $(HAL_BOOTLOADER) $(B)/tests/unit/hal_check.elf
	@echo "hal: behind ATmegaBOOT a hang comes back as a watchdog restart"
endif
ifneq ($(MODULES),4)
	@$(MAKE) --no-print-directory MODULES=4 test-hal
endif
TEST_TARGETS += test-hal
TEST_BUILD += $(B)/tests/unit/hal_check.elf $(NIMSIM)
TEST_BUILD_M4 += build/m4/tests/unit/hal_check.elf build/m4/nimsim

##   make test-hal        every driver of firmware/hal on the simulated chip (tests/unit/hal_check.nimsim)

# The fuse bytes of the board header, decoded and checked (board/fuses.md).
$(B)/tests/unit/fuses: tests/unit/fuses.c board/board.h board/$(BOARD).h | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<

.PHONY: test-fuses
test-fuses: $(B)/tests/unit/fuses
	$(B)/tests/unit/fuses board/fuses.md
TEST_TARGETS += test-fuses
TEST_BUILD += $(B)/tests/unit/fuses

##   make test-fuses      decode the board's fuse bytes, check them against the firmware and board/fuses.md
