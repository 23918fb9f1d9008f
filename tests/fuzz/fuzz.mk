# tests/fuzz: libFuzzer targets on a host build of the real firmware/app
# and firmware/engine over the fakes of tests/common/fake_hal.c, with
# AddressSanitizer and UndefinedBehaviorSanitizer (issue 24):
#   proto    the PC link's line parser and every command
#   eeprom   the boot (store_load, the settings and game record decoders)
#            on an arbitrary 1 KB EEPROM image
#   buttons  debounce -> controls -> game -> view on button sequences
# Each keeps a minimized corpus in tests/fuzz/corpus/<target>; make test
# (test-fuzz) runs every corpus file once through its target. make fuzz
# runs each target for FUZZ_TIME seconds (or FUZZ_RUNS executions; new inputs go to
# $(B)/fuzz/work-<target>, crashes to $(B)/fuzz/), then the long robustness
# campaigns; make fuzz-merge folds the work into the corpora, minimized;
# make fuzz-cov prints the lines of app/ and engine/ the corpora reach.
# Included before tests/robust/robust.mk (sorted): that file uses FUZZ_PROTO.

FUZZ_TARGETS := proto eeprom buttons
FUZZ_BINS := $(FUZZ_TARGETS:%=$(B)/fuzz/fuzz_%)
FUZZ_PROTO := $(B)/fuzz/fuzz_proto
FUZZ_TIME ?= 600
FUZZ_FW_SRC := $(ENGINE_SRC) $(filter-out firmware/app/main.c,$(APP_SRC)) $(B)/tables.c
FUZZ_HARNESS_SRC := tests/fuzz/fuzz_check.c tests/common/fake_hal.c
FUZZ_LIB_SRC := $(FUZZ_HARNESS_SRC) $(FUZZ_FW_SRC)
FUZZ_LIB_DEPS := tests/fuzz/fuzz_check.h tests/common/fake_hal.h tests/fuzz/ubsan_ignore.txt \
	$(FW_HDR) $(B)/tables.c
FUZZ_CC := clang
FUZZ_INC := -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) \
	$(FW_INC_ALL) -I$(B) -Itests/common -Itests/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fsanitize-ignorelist=tests/fuzz/ubsan_ignore.txt
# Only the code under test (app/, engine/, the tables) carries libFuzzer's
# coverage: the targets, their checks and the fakes have ASan and UBSan
# but no counters and no comparison hooks (they cost a run as much as the
# firmware did and guide the fuzzer nowhere: their branches follow the
# firmware's). The firmware is built twice: proto and buttons link it
# without the comparison hooks (trace-cmp: 1- and 2-byte compares only feed
# -use_value_profile, which is off, and the firmware's are mostly those;
# without them 2.4x and 3.2x the runs, and as many lines reached in the
# same CPU time), eeprom with them (its decoders compare 16-bit seq
# numbers, lengths and CRCs of the image: with the hooks it reached more
# lines and branches in the same time at half the runs).
FUZZ_CFLAGS := -g -O1 -std=c99 $(FUZZ_SAN) -Wall -Wextra -Werror $(FUZZ_INC)
FUZZ_FW_CFLAGS := $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link
FUZZ_CMP_TARGETS := eeprom
FUZZ_FW_OBJ := $(FUZZ_FW_SRC:%.c=$(B)/fuzz/obj/%.o)
FUZZ_FW_OBJ_CMP := $(FUZZ_FW_SRC:%.c=$(B)/fuzz/obj-cmp/%.o)
FUZZ_HARNESS_OBJ := $(FUZZ_HARNESS_SRC:%.c=$(B)/fuzz/obj/%.o)
# The coverage variant: no sanitizers, clang's source-based coverage.
FUZZ_COV_CFLAGS := -g -O0 -std=c99 -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping \
	-Wall -Wextra -Werror $(FUZZ_INC)

$(FUZZ_FW_OBJ): $(B)/fuzz/obj/%.o: %.c $(FUZZ_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FW_CFLAGS) -fno-sanitize-coverage=trace-cmp -c -o $@ $<

$(FUZZ_FW_OBJ_CMP): $(B)/fuzz/obj-cmp/%.o: %.c $(FUZZ_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FW_CFLAGS) -c -o $@ $<

$(FUZZ_HARNESS_OBJ) $(FUZZ_TARGETS:%=$(B)/fuzz/obj/tests/fuzz/fuzz_%.o): $(B)/fuzz/obj/%.o: %.c $(FUZZ_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

# $(B)/fuzz/fuzz_<t>: the target's own object, the harness, the firmware.
fuzz_fw_obj = $(if $(filter $(1),$(FUZZ_CMP_TARGETS)),$(FUZZ_FW_OBJ_CMP),$(FUZZ_FW_OBJ))
$(foreach t,$(FUZZ_TARGETS),$(eval $(B)/fuzz/fuzz_$(t): $(B)/fuzz/obj/tests/fuzz/fuzz_$(t).o \
	$(FUZZ_HARNESS_OBJ) $(call fuzz_fw_obj,$(t))))
$(FUZZ_BINS):
	$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^

$(B)/fuzz-cov/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_SRC) $(FUZZ_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_COV_CFLAGS) -o $@ $< $(FUZZ_LIB_SRC)

# fuzz_proto's dictionary: every word the link's parser knows (commands,
# settings, buttons, games, reviews), taken from the preprocessed
# proto*.c. The firmware compares words byte by byte, which libFuzzer's
# 4- and 8-byte comparison hooks never saw (and which are off, above).
$(B)/fuzz/proto.dict: $(wildcard firmware/app/link/proto*.c) $(FUZZ_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	for f in $(filter firmware/app/link/proto%.c,$^); do $(FUZZ_CC) -E -P $(FUZZ_INC) $$f || exit 1; done \
		| grep -oE '"[A-Z][A-Z0-9 ]*"' | tr -d '"' | tr ' ' '\n' | grep -E '^[A-Z][A-Z0-9]+$$' \
		| sort -u | sed 's/.*/"&"/' > $@

.PHONY: test-fuzz fuzz fuzz-merge fuzz-cov $(FUZZ_TARGETS:%=fuzz-%)
test-fuzz: $(FUZZ_BINS)
	@tests/fuzz/run_fuzz.sh $(B) replay $(FUZZ_TARGETS)
TEST_TARGETS += test-fuzz
TEST_BUILD += $(FUZZ_BINS)

# A static pattern: make looks up no pattern rule for a .PHONY target.
$(FUZZ_TARGETS:%=fuzz-%): fuzz-%: $(B)/fuzz/fuzz_% $(B)/fuzz/proto.dict
	@tests/fuzz/run_fuzz.sh $(B) fuzz $*

fuzz: $(FUZZ_TARGETS:%=fuzz-%) fuzz-robust

fuzz-merge: $(FUZZ_BINS)
	@tests/fuzz/run_fuzz.sh $(B) merge $(FUZZ_TARGETS)

fuzz-cov: $(FUZZ_TARGETS:%=$(B)/fuzz-cov/fuzz_%)
	@tests/fuzz/run_fuzz.sh $(B) cov $(FUZZ_TARGETS)

## Fuzzing (tests/fuzz, libFuzzer + ASan + UBSan on the host build of app/ and engine/):
##   make test-fuzz       every corpus file (tests/fuzz/corpus/*) once through its target
##   make fuzz            each target (proto, eeprom, buttons) FUZZ_TIME=600 s, then make fuzz-robust;
##                        one alone: make fuzz-proto, fuzz-eeprom, fuzz-buttons; FUZZ_RUNS=N: N executions instead
##   make fuzz-merge      fold the runs' new inputs into the corpora, minimized (-merge=1)
##   make fuzz-cov        lines of firmware/app, lib and engine the corpora reach (llvm-cov)
