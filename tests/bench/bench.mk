# make bench: the toy's speed, size and power, measured in simulation on the
# real ELF and on-target programs built with the firmware's own flags, and
# held to the budgets of the issue. tests/bench/bench.sh prints one
# "bench <what> key=value ..." line per figure, a table, and one
# "bench budget PASS|FAIL ..." line per budget.

BENCH_DIR := build/bench

# On-target programs: the engine objects and flags of the firmware, the
# output and marker layer of tests/target (target_io_avr.c, TARGET_MARK,
# target_util.c).
# Columns positions per game, on 8 and on 32 columns: 100,000 (the issue's
# floor; about three minutes of simulation on 32 columns, on one core).
BENCH_POSITIONS := 100000
$(B)/tests/bench/%.o: tests/bench/%.c tests/target/target_io.h tests/target/target_util.h tests/bench/bench.mk $(ENGINE_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -Itests/target -DBENCH_POSITIONS=$(BENCH_POSITIONS)ul -c -o $@ $<
$(B)/tests/bench/target_io_avr.o: tests/target/target_io_avr.c tests/target/target_io.h | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -Itests/target -c -o $@ $<
.SECONDARY: $(B)/tests/bench/reply.o $(B)/tests/bench/baseline.o
$(B)/tests/bench/%.elf: $(B)/tests/bench/%.o $(B)/tests/bench/target_io_avr.o $(B)/tests/target/target_util.o $(ENGINE_AVR_OBJ)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

.PHONY: bench-progs
bench-progs: $(B)/tests/bench/reply.elf $(B)/nim.elf $(NIMSIM)

# Reply cycles, per build: the marks are read as they come (a pipe), only
# the per-game figures are kept. Rebuilt only when an input changed.
$(BENCH_DIR)/reply-m1.txt: build/tests/bench/reply.elf build/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/nimsim $< 1 $@
$(BENCH_DIR)/reply-m4.txt: build/m4/tests/bench/reply.elf build/m4/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/m4/nimsim $< 4 $@
$(BENCH_DIR)/baseline.txt: build/tests/bench/baseline.elf build/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/nimsim $< baseline $@

BENCH_FIGURES := $(BENCH_DIR)/reply-m1.txt $(BENCH_DIR)/reply-m4.txt $(BENCH_DIR)/baseline.txt

# Both builds' programs and simulators first (one make per MODULES), then
# the measurements, two at a time (the two slow ones run side by side).
.PHONY: bench-build
bench-build: deps
	@$(MAKE) --no-print-directory MODULES=1 bench-progs build/tests/bench/baseline.elf
	@$(MAKE) --no-print-directory MODULES=4 bench-progs

# Budgets enforced by test-bench (make test): every one of them (reply8
# reply32 reply_random8 reply_random32 flash ram stack latency
# latency_eeprom power_playing power_off wear_play wear_demo wear_host).
# make bench prints each result
# and fails on none.
BENCH_ENFORCE ?= all

.PHONY: bench test-bench
bench: bench-build
	@$(MAKE) --no-print-directory -j2 $(BENCH_FIGURES)
	@tests/bench/bench.sh --enforce none

test-bench: bench-build
	@$(MAKE) --no-print-directory -j2 $(BENCH_FIGURES)
	@tests/bench/bench.sh --enforce "$(BENCH_ENFORCE)"
TEST_TARGETS += test-bench
TEST_BUILD += $(B)/tests/bench/reply.elf $(B)/tests/bench/baseline.elf $(B)/nim.elf $(NIMSIM)
TEST_BUILD_M4 += build/m4/tests/bench/reply.elf build/m4/nim.elf build/m4/nimsim

## Performance:
##   make bench           cycles, sizes, stack, latency, power, EEPROM wear: figures, table, budgets
##   make test-bench      the same, failing on any budget (BENCH_ENFORCE)
