# tests/layers: the firmware's layers as the build holds them (check_layers.py):
# every header tried from every room with that room's real flags, the sources
# read for includes by path and <avr/...>, and the real make rule shown to
# refuse an upward #include on a copy of the project. check_calls.py: the
# calls, at the link: each room's objects linked with only the rooms below
# it (an upward call is an undefined reference; an event hook links by its
# WEAK default), shown to refuse one upward call on a copy. check_owner.py: the
# screen written by the UI alone (ui_screen.c), game_t by game*.c alone.
.PHONY: test-layers
test-layers: $(B)/tables.c | deps
	@tests/layers/check_layers.py "$(CURDIR)" "$(AVR_CC) $(AVR_CFLAGS)" \
		$(foreach r,$(FW_ROOMS),"$(r)=$(FW_INC_$(r))")
	@tests/layers/check_calls.py "$(CURDIR)" "$(AVR_CC) $(AVR_CFLAGS)" $(B)/tables.c \
		$(foreach r,$(FW_ROOMS),"$(r)=$(FW_INC_$(r))")
	@tests/layers/check_owner.py "$(CURDIR)"

TEST_TARGETS += test-layers
## Layers:
##   make test-layers     an upward #include fails the build: every header from every room, and the real rule on a copy;
##                        an upward call fails the link: each room linked with only the rooms below it, and a copy;
##                        the screen written by the UI alone, game_t by game*.c alone


# check_compiler.py: no raw __attribute__ outside firmware/common/compiler.h
# and no byte count (make size-report measures them), "issue N" (no tracker)
# or exact cycle count (make bench's, or ~N) in a firmware comment,
# each rule shown to fail on a mutated copy of the sources.
.PHONY: test-compiler
test-compiler:
	@tests/layers/check_compiler.py "$(CURDIR)"
	@python3 tools/ui_words.py --check firmware/app/ui/ui_words.def firmware/app/ui/ui_words.h

TEST_TARGETS += test-compiler
##   make test-compiler   attributes only through compiler.h; no byte counts, "issue N" or exact cycle counts in firmware comments;
##                        the UI's packed words (ui_words.h) current with ui_words.def
