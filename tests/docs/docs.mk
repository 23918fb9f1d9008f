# SPDX-License-Identifier: MIT
# The documents kept true: links and anchors resolve, every `make X` named
# exists, the PC-link words of docs/protocol.md are the firmware's, the
# game count quoted is VER's (asked of the built firmware), the budgets
# are make bench's; tests/README.md's map names every target make test
# runs and every folder of tests/ (check_tests_map.py); and each check is
# shown to fail on a mutated copy.
TEST_TARGETS += test-docs
TEST_BUILD += $(B)/nim.elf $(NIMSIM)
.PHONY: test-docs
## Documents:
##   make test-docs       links, anchors, make targets, PC-link words, game count and budgets of the docs;
##                        tests/README.md's map names every test target and folder
##   make docs-count      write VER's game count into every document that quotes it (after a new rule)
.PHONY: docs-count
docs-count: $(B)/nim.elf $(NIMSIM)
	@python3 tests/docs/check_docs.py --write-games --nimsim $(NIMSIM) --elf $(B)/nim.elf

test-docs: $(B)/nim.elf $(NIMSIM)
	@python3 tests/docs/check_docs.py --nimsim $(NIMSIM) --elf $(B)/nim.elf
	@python3 tests/docs/check_tests_map.py
