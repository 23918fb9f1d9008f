# Harness self-tests: the simulator against small firmwares of our own
# (tests/sim/fw_*.c, built with the production AVR flags) and host tests of
# the parts. Each simavr 1.6 workaround has a check that fails without it.
SIM_TEST_DIR := $(B)/simtest
SIM_TEST_FW := $(SIM_TEST_DIR)/fw_board.elf $(SIM_TEST_DIR)/fw_board_cs0.elf $(SIM_TEST_DIR)/fw_uart.elf \
	$(SIM_TEST_DIR)/fw_udre.elf $(SIM_TEST_DIR)/fw_txbuf.elf $(SIM_TEST_DIR)/fw_eehalt.elf

$(SIM_TEST_DIR)/%.elf: tests/sim/%.c board/board.h board/$(BOARD).h | deps
	@mkdir -p $(SIM_TEST_DIR)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_hal) $(AVR_LDFLAGS) -o $@ $<

$(SIM_TEST_DIR)/fw_board_cs0.elf: tests/sim/fw_board.c board/board.h board/$(BOARD).h | deps
	@mkdir -p $(SIM_TEST_DIR)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_hal) -DFW_CS_LOW_AT_BOOT $(AVR_LDFLAGS) -o $@ $<

# The MAX7219 model with room for 4 modules, so 1, 2 and 4 are all tested.
$(SIM_TEST_DIR)/test_max7219: tests/sim/test_max7219.c tests/common/check.h sim/max7219.c sim/max7219.h sim/fixes.c | deps
	@mkdir -p $(SIM_TEST_DIR)
	$(HOST_CC) $(filter-out -DBOARD_MODULES=%,$(SIM_CFLAGS)) -DBOARD_MODULES=4 -Itests/common -o $@ \
		tests/sim/test_max7219.c sim/max7219.c sim/fixes.c $(SIM_LIBS)

.PHONY: test-sim
test-sim: $(NIMSIM) $(SIM_TEST_FW) $(SIM_TEST_DIR)/test_max7219
	@tests/sim/run_tests.sh $(NIMSIM) $(SIM_TEST_DIR) $(MODULES)
TEST_TARGETS += test-sim
TEST_BUILD += $(NIMSIM) $(SIM_TEST_FW) $(SIM_TEST_DIR)/test_max7219
## Tests:
##   make test-sim        simulator self-tests (parts, scripts, every simavr workaround)
