# tests/robust: robustness campaigns (issue 7). The real firmware under
# simavr, driven by tests/robust/rb_sim.c (a shared harness, rb.h, and one
# rb_<campaign>.c each) linked with the simulator's parts:
# random buttons, power cuts (inside the 3.4 ms EEPROM write windows of
# sim/eeprom_timing.c too), EEPROM images, watchdog hangs with interrupts on
# and off (sim/watchdog.c), brown-outs of a dying battery (sim/supply.c),
# PC-link lines at full line speed while a game is played;
# and libFuzzer on a host build of the PC link with fakes.
# make test runs fixed counts (quick, ~1 min on 2 cores); make fuzz runs
# the long campaigns (FUZZ_TIME=s for libFuzzer, FUZZ_BUTTONS, FUZZ_CUTS,
# FUZZ_HANGS, FUZZ_LINES, FUZZ_BROWNOUTS, FUZZ_SEED).

RB_SIM := $(B)/robust/rb_sim
FUZZ_PROTO := $(B)/robust/fuzz_proto
RB_SIM_SRC := $(wildcard tests/robust/rb_*.c) $(ENGINE_SRC) \
	$(filter-out sim/nimsim.c,$(SIM_SRC))
FUZZ_SRC := tests/robust/fuzz_proto.c tests/robust/fake_hal.c $(ENGINE_SRC) \
	$(filter-out firmware/app/main.c,$(APP_SRC))
FUZZ_CC := clang
FUZZ_CFLAGS := -g -O1 -std=c99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-fsanitize-ignorelist=tests/robust/ubsan_ignore.txt \
	-Wall -Wextra -Werror -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) \
	-Iboard -Ifirmware/engine -Ifirmware/hal -Ifirmware/app -I$(B) -Itests/robust

$(RB_SIM): $(RB_SIM_SRC) $(wildcard tests/robust/rb*.h) $(SIM_HDR) $(ENGINE_HDR) $(wildcard firmware/app/*.h) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -Ifirmware/engine -Ifirmware/app -Ifirmware/hal -I$(B) -Itests/robust \
		-o $@ $(RB_SIM_SRC) $(B)/tables.c $(SIM_LIBS)

$(FUZZ_PROTO): $(FUZZ_SRC) tests/robust/fake_hal.h tests/robust/ubsan_ignore.txt $(ENGINE_HDR) firmware/hal/hal.h $(wildcard firmware/app/*.h) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SRC) $(B)/tables.c

.PHONY: test-robust fuzz
test-robust: $(B)/nim.elf $(RB_SIM) $(FUZZ_PROTO)
	@tests/robust/run_robust.sh $(B) quick
TEST_TARGETS += test-robust
TEST_BUILD += $(B)/nim.elf $(RB_SIM) $(FUZZ_PROTO)

FUZZ_SEED ?= $(shell date +%s)
fuzz: $(B)/nim.elf $(RB_SIM) $(FUZZ_PROTO)
	@tests/robust/run_robust.sh $(B) long $(FUZZ_SEED)

## Robustness (tests/robust):
##   make test-robust     100k random button events, 1000 power cuts (inside EEPROM write windows), EEPROM
##                        images, watchdog hangs (interrupts on and off), 300 brown-outs, 4000 PC-link
##                        lines at full line speed under simavr, PC-link fuzzing
##   make fuzz            the long campaigns (FUZZ_TIME=600 s libFuzzer, FUZZ_BUTTONS, FUZZ_CUTS, FUZZ_HANGS,
##                        FUZZ_LINES, FUZZ_BROWNOUTS, FUZZ_SEED)
