# tests/board: the handheld's description (board/handheld/handheld.toml +
# board/nano.h) checked without KiCad, in well under a second: the
# firmware's pins on the right DIP-28 and part pins, our electrical rules
# check (tools/board/erc.py), the matrix's lamps against the simulator's
# MAX7219 model, the generated files deterministic; each check also on a
# mutated copy that it must reject (tests/board/test_board.py).
BOARD_LEDMAP := $(B)/tests/board/ledmap

$(BOARD_LEDMAP): tests/board/ledmap.c sim/max7219.c sim/max7219.h sim/fixes.c board/board.h board/$(BOARD).h | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ tests/board/ledmap.c sim/max7219.c sim/fixes.c $(SIM_LIBS)

.PHONY: test-board
test-board: deps board-files-deps $(BOARD_LEDMAP)
	@python3 tests/board/test_board.py $(BOARD_LEDMAP)
	@python3 tests/board/test_facts.py
TEST_TARGETS += test-board
TEST_BUILD += $(BOARD_LEDMAP)
##   make test-board      the handheld PCB's data: nano.h pins, electrical rules, LED map (no KiCad)

# The case's closed-surface check (tools/board/stl_check.py, which make
# case-check runs on the STLs) on small surfaces whose answer is known:
# no OpenSCAD, well under a second.
TEST_TARGETS += test-case-stl
.PHONY: test-case-stl
test-case-stl:
	@python3 tests/board/test_stl_check.py
##   make test-case-stl   the case's STL check on small surfaces it must pass and refuse
