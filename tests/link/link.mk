# tests/link: the PC link as a device protocol (issue 12): how long each
# command holds the main loop, the streaming rule under a host that follows
# it, tools/nimlink against the simulator, and the README's example session.

LINK_CYCLES := $(B)/link/link_cycles
LINK_CYCLES_SRC := tests/link/link_cycles.c $(filter-out sim/nimsim.c,$(SIM_SRC))

$(LINK_CYCLES): $(LINK_CYCLES_SRC) $(SIM_HDR) | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ $(LINK_CYCLES_SRC) $(SIM_LIBS)

.PHONY: test-link-cycles
# Every command in every game, on 8 and on 32 columns.
test-link-cycles: $(B)/nim.elf $(LINK_CYCLES) $(NIMSIM)
	@tests/link/run_cycles.py $(LINK_CYCLES) $(NIMSIM) $(B)/nim.elf --check
	@$(MAKE) --no-print-directory MODULES=4 build/m4/nim.elf build/m4/link/link_cycles build/m4/nimsim
	@tests/link/run_cycles.py build/m4/link/link_cycles build/m4/nimsim build/m4/nim.elf --check
TEST_TARGETS += test-link-cycles
## PC link (tests/link):
##   make test-link-cycles  the longest time each command keeps a received byte waiting, every game, 8 and 32 columns
