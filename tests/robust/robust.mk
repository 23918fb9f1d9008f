# tests/robust: robustness campaigns (issue 7). The real firmware under
# simavr, driven by tests/robust/rb_sim.c (a shared harness, rb.h, and one
# rb_<campaign>.c each) linked with the simulator's parts:
# random buttons, power cuts (inside the 3.4 ms EEPROM write windows of
# sim/eeprom_timing.c too), EEPROM images, watchdog hangs with interrupts on
# and off (sim/watchdog.c), brown-outs of a dying battery (sim/supply.c),
# PC-link lines at full line speed while a game is played;
# and a short libFuzzer run of tests/fuzz's PC-link target.
# make test runs fixed counts (quick, ~1 min on 2 cores); make fuzz-robust
# (part of make fuzz) runs the long campaigns (FUZZ_BUTTONS, FUZZ_CUTS,
# FUZZ_HANGS, FUZZ_LINES, FUZZ_BROWNOUTS, FUZZ_SEED).

RB_SIM := $(B)/robust/rb_sim
RB_SIM_SRC := $(wildcard tests/robust/rb_*.c) $(ENGINE_SRC) \
	$(filter-out sim/nimsim.c,$(SIM_SRC))
$(RB_SIM): $(RB_SIM_SRC) $(wildcard tests/robust/rb*.h) $(SIM_HDR) $(FW_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) $(FW_INC_ALL) -I$(B) -Itests/robust \
		-o $@ $(RB_SIM_SRC) $(B)/tables.c $(SIM_LIBS)

.PHONY: test-robust fuzz-robust
test-robust: $(B)/nim.elf $(RB_SIM) $(FUZZ_PROTO)
	@tests/robust/run_robust.sh $(B) quick
TEST_TARGETS += test-robust
TEST_BUILD += $(B)/nim.elf $(RB_SIM) $(FUZZ_PROTO)

FUZZ_SEED ?= $(shell date +%s)
fuzz-robust: $(B)/nim.elf $(RB_SIM)
	@tests/robust/run_robust.sh $(B) long $(FUZZ_SEED)

## Robustness (tests/robust):
##   make test-robust     100k random button events, 1000 power cuts (inside EEPROM write windows), EEPROM
##                        images, watchdog hangs (interrupts on and off), 300 brown-outs, 4000 PC-link
##                        lines at full line speed under simavr, PC-link fuzzing
##   make fuzz-robust     the long campaigns (FUZZ_BUTTONS, FUZZ_CUTS, FUZZ_HANGS, FUZZ_LINES,
##                        FUZZ_BROWNOUTS, FUZZ_SEED); part of make fuzz
