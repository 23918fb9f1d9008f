# tests/link: the PC link as a device protocol (issue 12): how long each
# command keeps the main loop from the receive ring, the streaming rule
# under a host that follows it, issue 12's defects, tools/nimlink against
# the simulator, and docs/protocol.md's example session.

LINK_CYCLES := $(B)/link/link_cycles
LINK_CYCLES_SRC := tests/link/link_cycles.c $(filter-out sim/nimsim.c,$(SIM_SRC))
# Both builds: 8 columns here, 32 columns (MODULES=4) in build/m4.
LINK_M4 = @$(MAKE) --no-print-directory MODULES=4 build/m4/nim.elf build/m4/nimsim $(1)

$(LINK_CYCLES): $(LINK_CYCLES_SRC) $(SIM_HDR) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ $(LINK_CYCLES_SRC) $(SIM_LIBS)

# The firmware with its UART on stdin/stdout (for the stream and link tests).
LINK_PIPE := $(B)/link/link_pipe
LINK_PIPE_SRC := tests/link/link_pipe.c $(filter-out sim/nimsim.c,$(SIM_SRC))
$(LINK_PIPE): $(LINK_PIPE_SRC) $(SIM_HDR) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ $(LINK_PIPE_SRC) $(SIM_LIBS)

# A host that streams without a pause, in simulated time (issue 24's stall).
LINK_FLOOD := $(B)/link/link_flood
LINK_FLOOD_SRC := tests/link/link_flood.c $(filter-out sim/nimsim.c,$(SIM_SRC))
$(LINK_FLOOD): $(LINK_FLOOD_SRC) $(SIM_HDR) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ $(LINK_FLOOD_SRC) $(SIM_LIBS)

.PHONY: test-link test-link-stream test-link-cycles
test-link-cycles: $(B)/nim.elf $(LINK_CYCLES) $(NIMSIM)
	$(call LINK_M4,build/m4/link/link_cycles)
	@tests/link/run_cycles.py $(LINK_CYCLES) $(NIMSIM) $(B)/nim.elf --check
	@tests/link/run_cycles.py build/m4/link/link_cycles build/m4/nimsim build/m4/nim.elf --check

test-link-stream: build/nim.elf build/link/link_pipe build/link/link_flood build/nim.hex build/board.defs \
		| web-deps
	$(call LINK_M4,build/m4/link/link_pipe build/m4/link/link_flood)
	@build/link/link_flood build/nim.elf 3 VER
	@build/m4/link/link_flood build/m4/nim.elf 3 STATE
	@node tests/link/flood.mjs build/board.defs build/nim.hex 3 VER
	@tests/link/stream_test.py build/nim.elf 2500 12
	@tests/link/stream_test.py build/m4/nim.elf 2500 13

test-link: build/nim.elf build/nimsim build/link/link_pipe build/grundy
	$(call LINK_M4,build/m4/link/link_pipe)
	@tests/link/test_link.py build build/m4

TEST_TARGETS += test-link test-link-stream test-link-cycles
TEST_BUILD += build/nim.elf build/nimsim build/grundy $(LINK_CYCLES) build/link/link_pipe build/link/link_flood \
	build/nim.hex build/board.defs
TEST_BUILD_M4 += build/m4/nim.elf build/m4/nimsim build/m4/link/link_cycles build/m4/link/link_pipe \
	build/m4/link/link_flood
## PC link (tests/link, tools/nimlink):
##   make test-link         issue 12's defects, one-heap GRUNDY, 32-column positions, nimlink on the
##                          simulator (a game, worked examples, dump/restore, restore past the EEPROM
##                          wear limit's burst by SAVE, link errors), GAME by whole names only, every
##                          command with no game on, the protocol document's session
##   make test-link-stream  2500 mixed lines at full line speed under the streaming rule, 8 and 32 columns;
##                          a host that streams without a pause for 3 s: no watchdog restart (nimsim, avr8js)
##   make test-link-cycles  the longest time each command keeps the main loop, every game, 8 and 32 columns
