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

# Host C compiler flags for our own code: warnings are errors.
HOST_CC ?= cc
HOST_CFLAGS := -std=c99 -O2 -g -Wall -Wextra -Werror -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) -Iboard -Ifirmware/engine -Ifirmware/hal -Ifirmware/app -I$(B)

# Test targets register themselves here (TEST_TARGETS += name); make test
# runs them all through tests/run_suite.sh, which prints the tally.
TEST_TARGETS :=

include tools/deps.mk
include firmware/firmware.mk
include tools/flash.mk
-include sim/sim.mk
-include $(sort $(wildcard tests/*/*.mk))

.PHONY: all test play help clean
all: $(B)/nim.elf $(B)/nim.hex $(NIMSIM)

test: deps
	@tests/run_suite.sh $(TEST_TARGETS)

# make help: the "## " lines of every Makefile, tests gathered in this order.
HELP_ORDER := test-unit test-fuses test-hal test-engine test-target test-sim test-e2e test-size \
	test-play test-flash test-robust test-bench test-doors
help:
	@awk -v order='$(HELP_ORDER)' -f tools/help.awk $(MAKEFILE_LIST)

clean:
	rm -rf build

## Start here:
##   make play            play the real firmware in the simulator, in this terminal
##   make test            build everything and run every test (installs what it needs)
##   make                 build build/nim.elf and build/nim.hex (and the simulator)
##   make deps            install the Debian packages the build needs, if missing
##   make help            this list
##   make clean           remove build/
## Variables:
##   BOARD=nano           board header board/<BOARD>.h
##   MODULES=1|2|4        chained MAX7219 modules: 8, 16 or 32 columns (build/m<N>/)
##   make test-bench      make bench, failing on any budget (BENCH_ENFORCE)
##   make test-flash      make flash through Debian's Arduino bootloader on a simulated chip, then the game answers
