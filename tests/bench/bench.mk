# make bench: the toy's speed, size and power, measured in simulation on the
# real ELF and on-target programs built with the firmware's own flags, and
# held to the budgets of the issue. tests/bench/bench.sh prints one
# "bench <what> key=value ..." line per figure, a table, and one
# "bench budget PASS|FAIL ..." line per budget.

BENCH_DIR := build/bench

# On-target programs: the engine objects and flags of the firmware, the
# output and marker layer of tests/target (target_io_avr.c, TARGET_MARK,
# target_util.c).
# Columns positions per game, on 8 and on 32 columns. make bench: 100,000
# (issue #6's floor for the bench's figures; 112 games: 28.7 G simulated
# cycles on 8 columns, 75.7 G on 32, one core each). make test's test-bench holds
# the same budgets on BENCH_TEST_POSITIONS a game, the same eight kinds in
# the same order (the first positions of the long run), so that make test
# stays under ten minutes on 2 cores; test-target's vectors hold the reply
# budgets too, on every vector.
BENCH_POSITIONS := 100000
BENCH_TEST_POSITIONS := 10000
$(B)/tests/bench/%.o: tests/bench/%.c tests/target/target_io.h tests/target/target_util.h tests/bench/bench.mk $(ENGINE_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -DBENCH_POSITIONS=$(BENCH_POSITIONS)ul -c -o $@ $<
$(B)/tests/bench/reply_test.o: tests/bench/reply.c tests/target/target_io.h tests/target/target_util.h tests/bench/bench.mk $(ENGINE_HDR) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -DBENCH_POSITIONS=$(BENCH_TEST_POSITIONS)ul -c -o $@ $<
$(B)/tests/bench/target_io_avr.o: tests/target/target_io_avr.c tests/target/target_io.h | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -c -o $@ $<
.SECONDARY: $(B)/tests/bench/reply.o $(B)/tests/bench/reply_test.o $(B)/tests/bench/baseline.o
$(B)/tests/bench/%.elf: $(B)/tests/bench/%.o $(B)/tests/bench/target_io_avr.o $(B)/tests/target/target_util.o $(ENGINE_AVR_OBJ)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

# The reply programs bench-build makes: make bench's (100,000 positions a
# game) and make test's sample; test-bench builds only its own.
BENCH_REPLY_PROGS ?= reply reply_test
.PHONY: bench-progs
bench-progs: $(BENCH_REPLY_PROGS:%=$(B)/tests/bench/%.elf) $(B)/tests/bench/octal.elf $(B)/nim.elf $(NIMSIM)

# Reply cycles, per build and sample (reply: make bench's, reply_test:
# make test's): the marks are read as they come (a pipe), only the per-game
# figures are kept. Rebuilt only when an input changed.
$(BENCH_DIR)/%-m1.txt: build/tests/bench/%.elf build/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/nimsim $< 1 $@
$(BENCH_DIR)/%-m4.txt: build/m4/tests/bench/%.elf build/m4/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/m4/nimsim $< 4 $@

# make bench's own run: its simulator cap is twice make test's sample's
# cycles scaled to its positions (the columns and SUM games, most of the
# cycles, cost in proportion to their positions; the one-heap games cost the
# same in both), so it grows with the games and the cost of a position: a
# constant cap (60 G) sized for 32 games stopped the 32-column run at game
# 100 of 112, and nothing ran it. The sample, which make test runs, keeps
# the fixed 60 G guard (7.7 G used on 32 columns): a run that outgrew it
# fails make test, not silently make bench.
bench_cap = $$((2 * $$(sed -n 's/^bench reply_run .* cycles=\([0-9]*\).*/\1/p' $(1)) \
	* $(BENCH_POSITIONS) / $(BENCH_TEST_POSITIONS)))
$(BENCH_DIR)/reply-m1.txt: build/tests/bench/reply.elf $(BENCH_DIR)/reply_test-m1.txt build/nimsim \
		tests/bench/reply_stats.py tests/bench/run_prog.sh
	tests/bench/run_prog.sh build/nimsim $< 1 $@ $(call bench_cap,$(BENCH_DIR)/reply_test-m1.txt)
$(BENCH_DIR)/reply-m4.txt: build/m4/tests/bench/reply.elf $(BENCH_DIR)/reply_test-m4.txt build/m4/nimsim \
		tests/bench/reply_stats.py tests/bench/run_prog.sh
	tests/bench/run_prog.sh build/m4/nimsim $< 4 $@ $(call bench_cap,$(BENCH_DIR)/reply_test-m4.txt)
$(BENCH_DIR)/baseline.txt: build/tests/bench/baseline.elf build/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/nimsim $< baseline $@

# A typed-in octal code's derivation on the chip (issue 21), every code of
# 1-4 digits, on both builds (tests/bench/octal.c).
$(BENCH_DIR)/octal-m1.txt: build/tests/bench/octal.elf build/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/nimsim $< octal1 $@
$(BENCH_DIR)/octal-m4.txt: build/m4/tests/bench/octal.elf build/m4/nimsim tests/bench/reply_stats.py tests/bench/run_prog.sh
	@mkdir -p $(BENCH_DIR)
	tests/bench/run_prog.sh build/m4/nimsim $< octal4 $@
.SECONDARY: $(B)/tests/bench/octal.o

BENCH_FIGURES := $(BENCH_DIR)/reply-m1.txt $(BENCH_DIR)/reply-m4.txt $(BENCH_DIR)/baseline.txt \
	$(BENCH_DIR)/octal-m1.txt $(BENCH_DIR)/octal-m4.txt
BENCH_TEST_FIGURES := $(BENCH_DIR)/reply_test-m1.txt $(BENCH_DIR)/reply_test-m4.txt $(BENCH_DIR)/baseline.txt \
	$(BENCH_DIR)/octal-m1.txt $(BENCH_DIR)/octal-m4.txt

# Both builds' programs and simulators first (one make per MODULES), then
# the measurements, two at a time (the two slow ones run side by side).
.PHONY: bench-build
# board-files-deps: the handheld's battery row (tools/board/power.py)
# reads its parts' footprints from Debian's KiCad library.
bench-build: deps board-files-deps
	@$(MAKE) --no-print-directory MODULES=1 BENCH_REPLY_PROGS="$(BENCH_REPLY_PROGS)" bench-progs build/tests/bench/baseline.elf
	@$(MAKE) --no-print-directory MODULES=4 BENCH_REPLY_PROGS="$(BENCH_REPLY_PROGS)" bench-progs

# Budgets enforced by test-bench (make test) and make bench, on 100,000
# positions a game (CI runs it): every one of them (reply8 reply32
# reply_random8 reply_random32 flash ram stack latency latency_eeprom
# power_playing power_off wear_play wear_demo wear_host octal_set
# octal_misere octal_heap). make bench writes docs/performance.md even when
# one fails, so that the file shows which.
BENCH_ENFORCE ?= all

# docs/performance.md: every table, written by make bench
# (tests/bench/perf_doc.py) from its figures and make test's sample; test-bench
# checks the tables make test measures too against its own figures, once
# they are written (no simulation run twice).
PERF_DOC := docs/performance.md
PERF_DOC_ARGS = $(PERF_DOC) $(BENCH_DIR)/figures.txt $(BENCH_DIR)/reply_test-m1.txt $(BENCH_DIR)/reply_test-m4.txt

.PHONY: bench test-bench
bench: bench-build
	@$(MAKE) --no-print-directory -j2 $(BENCH_FIGURES)
	@tests/bench/bench.sh --enforce "$(BENCH_ENFORCE)"; s=$$?; \
	python3 tests/bench/perf_doc.py write $(PERF_DOC_ARGS) && echo "bench: $(PERF_DOC) written" && exit $$s

test-bench: BENCH_REPLY_PROGS := reply_test
test-bench: bench-build
	@$(MAKE) --no-print-directory -j2 $(BENCH_TEST_FIGURES)
	@BENCH_REPLY=reply_test tests/bench/bench.sh --enforce "$(BENCH_ENFORCE)"
	@python3 tests/bench/perf_doc.py check $(PERF_DOC_ARGS)
TEST_TARGETS += test-bench
TEST_BUILD += $(B)/tests/bench/reply_test.elf $(B)/tests/bench/baseline.elf \
	$(B)/tests/bench/octal.elf $(B)/nim.elf $(NIMSIM)
TEST_BUILD_M4 += build/m4/tests/bench/reply_test.elf build/m4/tests/bench/octal.elf \
	build/m4/nim.elf build/m4/nimsim

## Performance:
##   make bench           cycles, sizes, stack, latency, power, EEPROM wear: figures, table,
##                        budgets (100,000 positions a game); writes docs/performance.md
