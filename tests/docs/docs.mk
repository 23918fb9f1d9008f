# SPDX-License-Identifier: MIT
# The documents kept true: links and anchors resolve, every `make X` named
# exists, the PC-link words of docs/protocol.md are the firmware's, the
# game count quoted is VER's (asked of the built firmware), the budgets
# are make bench's; tests/README.md's map names every target make test
# runs and every folder of tests/ (check_tests_map.py); and each check is
# shown to fail on a mutated copy. And the course's lessons
# (docs/course/), every number checked by the engine (check_course.py).
# The course's numbers (docs/course/<lang>/*.md, its ```check blocks) are
# checked against the toy's own engine: this host build of firmware/engine
# answers check_course.py's queries on stdin.
COURSE_ENGINE := $(B)/tests/docs/course_engine
$(COURSE_ENGINE): tests/docs/course_engine.c $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ tests/docs/course_engine.c $(ENGINE_HOST_OBJ)

TEST_TARGETS += test-docs
TEST_BUILD += $(B)/nim.elf $(NIMSIM) $(COURSE_ENGINE)
.PHONY: test-docs
## Documents:
##   make test-docs       links, anchors, make targets, PC-link words, game count and budgets of the docs;
##                        the lessons' play links: commands the page sends, each OK from the firmware;
##                        tests/README.md's map names every test target and folder
##   make docs-count      write VER's game count into every document that quotes it (after a new rule)
.PHONY: docs-count
docs-count: $(B)/nim.elf $(NIMSIM)
	@python3 tests/docs/check_docs.py --write-games --nimsim $(NIMSIM) --elf $(B)/nim.elf

test-docs: $(B)/nim.elf $(NIMSIM) $(COURSE_ENGINE) $(GRUNDY)
	@python3 tests/docs/check_docs.py --nimsim $(NIMSIM) --elf $(B)/nim.elf
	@python3 tests/docs/check_tests_map.py
	@python3 tests/docs/check_course.py --engine $(COURSE_ENGINE) --grundy $(GRUNDY) --nimsim $(NIMSIM) --elf $(B)/nim.elf

