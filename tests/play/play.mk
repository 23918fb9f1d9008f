# tests/play: the front door (issue 11). test-doors: nothing parse-time needs
# a package of make deps, make help, flashing without a board, the READMEs,
# grundy's names, nimsim -h. test-play: make play itself, in a pty at 80x24
# (key help, taps, the menu key, q) and without a terminal.

.PHONY: test-doors test-play
test-doors: $(GRUNDY) $(NIMSIM)
	@tests/play/test_doors.sh $(GRUNDY) $(NIMSIM)
TEST_TARGETS += test-doors

## Front door (tests/play):
##   make test-doors      Makefiles parse without make deps' packages, make help, flash without a board, names

test-play: $(PLAY_ELF) $(NIMSIM) | deps
	@tests/play/test_play.sh $(PLAY_ELF) $(MODULES)
TEST_TARGETS += test-play
TEST_BUILD += $(GRUNDY) $(NIMSIM) $(PLAY_ELF)
##   make test-play       make play in a pty at 80x24 and 120x40 (help, taps, menu key, q) and without a terminal
