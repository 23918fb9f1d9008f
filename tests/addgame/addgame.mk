# SPDX-License-Identifier: MIT
# Adding a game, proven (docs/architecture.md, "Adding a game"): a copy of
# the tree with one new line in the middle of rules.h's RULES(), and
# nothing else edited, derives and proves its tables, builds both images
# within budget, plays the new game over the link and in the menu, counts
# it in VER and the documents, and loads the unmodified build's settings
# record with every score on its game; a copy whose new rule moves old
# scores fails that last check (tests/addgame/add_game.sh).
.PHONY: test-add-game
## Adding a game:
##   make test-add-game   one new RULES() line in a copy of the tree: tables proved, both builds in budget,
##                        played over the link and in the menu, VER and the docs' count, old scores kept
test-add-game: build/nim.elf build/nimsim
	@tests/addgame/add_game.sh build/nimsim build/addgame
TEST_TARGETS += test-add-game
TEST_BUILD += build/nim.elf build/nimsim
