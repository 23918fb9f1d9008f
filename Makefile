# The Nim toy: firmware, simulator and tests. `make help` lists everything.
# Every target that needs a tool installs its Debian package first (make deps).

BOARD ?= nano
MODULES ?= 1
ifeq ($(MODULES),1)
B := build
else
B := build/m$(MODULES)
endif

.DEFAULT_GOAL := all
SHELL := /bin/bash
# Node 20 fetched by tests/web/web_deps.sh where the machine's is older
# (Debian bookworm's 18): first on every recipe's PATH once it is there.
export PATH := $(CURDIR)/build/node/bin:$(PATH)

# Host C compiler flags for our own code: warnings are errors.
HOST_CC ?= cc
# HOST_CFLAGS sees every room of the firmware (the host harnesses link the
# whole app); the firmware's own objects get their room's paths only.
HOST_CFLAGS_BASE := -std=c99 -O2 -g -Wall -Wextra -Werror -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES)
HOST_CFLAGS = $(HOST_CFLAGS_BASE) $(FW_INC_ALL) -I$(B)

# Test targets register themselves here (TEST_TARGETS += name), with the
# files they run (TEST_BUILD, for this build; TEST_BUILD_M4, paths under
# build/m4 for 32 columns). make test builds all of those first (test-build),
# then tests/run_suite.sh runs the targets TEST_JOBS at a time, each into a
# log of its own, and prints the tally. Building first is what makes the
# side-by-side run safe: no two makes ever build the same file at once.
TEST_TARGETS :=
TEST_BUILD :=
TEST_BUILD_M4 :=
TEST_JOBS ?= 2

include tools/deps.mk
include firmware/firmware.mk
include tools/flash.mk
include tools/size.mk
-include $(sort $(wildcard board/*.mk))
-include sim/sim.mk
-include $(sort $(wildcard tests/*/*.mk))
include tools/release.mk

.PHONY: all test play help clean
all: $(B)/nim.elf $(B)/nim.hex $(NIMSIM)

# The most CPU first (the .cpu files of build/test-logs/), so that the
# short ones fill the other slot meanwhile and no long one-core target is
# left alone at the end (test-review was, last in the list).
TEST_FIRST := test-bench test-target test-robust test-engine test-review test-add-game test-web-sim test-web-sim-m4 \
	test-misere test-web test-link
# Mostly waiting (a browser, a serial pipe at line speed, a terminal: wall
# time several times their CPU time): a lane of their own beside the slots.
TEST_LIGHT := test-web test-link test-flash test-flash-optiboot test-play
test: test-build
	@tests/run_suite.sh -j $(TEST_JOBS) -l "$(filter $(TEST_TARGETS),$(TEST_LIGHT))" \
		$(filter $(TEST_TARGETS),$(TEST_FIRST)) $(filter-out $(TEST_FIRST),$(TEST_TARGETS))

.PHONY: test-build
# The packages are installed here, before the targets run side by side:
# test-board and test-bench both read kicad-footprints (a fresh machine's
# test-bench raced test-board's install and failed).
test-build: deps board-files-deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) MODULES=1 test-build-files
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) MODULES=4 test-build-files-m4
	@tests/check_built.sh $(TEST_TARGETS)
.PHONY: test-build-files test-build-files-m4
test-build-files: $(sort $(TEST_BUILD))
test-build-files-m4: $(sort $(TEST_BUILD_M4))

# make help: the "## " lines of every Makefile, tests gathered in this order.
HELP_ORDER := test-unit test-fuses test-hal test-engine test-target test-sim test-e2e test-size test-size-report \
	test-play test-flash test-flash-optiboot test-robust test-bench test-doors
help:
	@awk -v order='$(HELP_ORDER)' -f tools/help.awk $(MAKEFILE_LIST)

clean:
	rm -rf build

## Start here:
##   make play            play the real firmware in the simulator, in this terminal
##   make test            build everything and run every test (installs what it needs)
##   make test-build      build what every test runs, both boards (make test does it first)
##   make                 build build/nim.elf and build/nim.hex (and the simulator)
##   make deps            install the Debian packages the build needs, if missing
##   make help            this list
##   make clean           remove build/
## Variables:
##   BOARD=nano           board header board/<BOARD>.h
##   MODULES=1|2|4        chained MAX7219 modules: 8, 16 or 32 columns (build/m<N>/)
##   TEST_JOBS=2          make test: test targets run side by side (logs in build/test-logs/)
##   NO_DEPS=1            install no package (you manage them): only check each one's tool is there,
##                        naming the package if not (docs/build.md: machines that are not Debian)
##   make test-bench      make bench on a sample, failing on any budget (BENCH_ENFORCE)
##                        or on a stale docs/performance.md
##   make test-flash      make flash through Debian's Arduino bootloader on a simulated chip, then the game answers
