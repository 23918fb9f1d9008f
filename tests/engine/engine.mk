# tests/engine: the exhaustive host proof of the game engine against an
# independent brute-force solver, and the generator's Grundy sequences
# against published ones (OEIS). The engine is the MODULES=4 build (32
# columns, one heap up to 256) whatever MODULES says; test_binary proves
# the BINARY form (heaps up to 255), normal and misere, and test_ed EMPTY
# AND DIVIDE (every position up to 255 x 255), so the sub-make below
# builds them into build/m4/.

$(B)/tests/engine/test_engine: tests/engine/test_engine.c tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_engine.c tests/engine/solver.c $(ENGINE_HOST_OBJ) -lm

$(B)/tests/engine/test_own: tests/engine/test_own.c tests/engine/own_check.h tests/engine/own_codes.h tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_own.c tests/engine/solver.c $(ENGINE_HOST_OBJ)
$(B)/tests/engine/test_own_misere: tests/engine/test_own_misere.c tests/engine/own_check.h tests/engine/own_codes.h tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_own_misere.c tests/engine/solver.c $(ENGINE_HOST_OBJ)
# (the generator's coin_turns, a function, is renamed: the tables have an
# array of that name)
$(B)/tests/engine/test_own_heap: tests/engine/test_own_heap.c tests/engine/own_codes.h tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h \
		firmware/gen/sequence.c firmware/gen/gen.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -Ifirmware/gen -Dcoin_turns=gen_coin_turns -o $@ \
		tests/engine/test_own_heap.c tests/engine/solver.c firmware/gen/sequence.c $(ENGINE_HOST_OBJ)
$(B)/tests/engine/test_binary: tests/engine/test_binary.c tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_binary.c tests/engine/solver.c $(ENGINE_HOST_OBJ)

$(B)/tests/engine/test_ed: tests/engine/test_ed.c tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_ed.c tests/engine/solver.c $(ENGINE_HOST_OBJ)

$(B)/tests/engine/test_select: tests/engine/test_select.c tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_select.c tests/engine/solver.c $(ENGINE_HOST_OBJ)

$(B)/tests/engine/test_sum: tests/engine/test_sum.c tests/engine/solver.c tests/engine/solver.h tests/engine/fail.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_sum.c tests/engine/solver.c $(ENGINE_HOST_OBJ)

# A typed-in octal code's values as the chip derives them (issue 21)
# against the generator's, linked from the same sources.
build/tests/engine/test_octal: tests/engine/test_octal.c firmware/engine/octal.c firmware/engine/octal.h \
		firmware/gen/sequence.c firmware/gen/gen.h firmware/engine/rules.h tests/engine/fail.h | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware/common -Ifirmware/engine -Ifirmware/gen -Itests/engine -o $@ \
		tests/engine/test_octal.c firmware/engine/octal.c firmware/gen/sequence.c

build/tests/engine/test_sequences: tests/engine/test_sequences.c firmware/engine/rules.h | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware/engine -o $@ $<

.PHONY: test-engine
test-engine: $(GRUNDY) build/tests/engine/test_sequences build/tests/engine/test_octal
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/engine/test_engine build/m4/tests/engine/test_binary build/m4/tests/engine/test_own \
		build/m4/tests/engine/test_own_misere build/m4/tests/engine/test_own_heap build/m4/tests/engine/test_ed build/m4/tests/engine/test_sum \
		build/m4/tests/engine/test_select
	build/tests/engine/test_sequences $(GRUNDY)
	build/tests/engine/test_octal
	build/m4/tests/engine/test_engine
	build/m4/tests/engine/test_binary
	build/m4/tests/engine/test_own
	build/m4/tests/engine/test_own_misere
	build/m4/tests/engine/test_own_heap
	build/m4/tests/engine/test_ed
	build/m4/tests/engine/test_sum
	build/m4/tests/engine/test_select
TEST_TARGETS += test-engine

# Misere play of every rule (tests/engine/test_engine.c misere): the same
# exhaustive proof (three mask columns as multisets), random positions of 8
# and 32 columns against the solver, and build/grundy's proof of every
# rule's misere quotient (it runs inside the generator: the build stops if
# one fails), printed for the wild rules KAYLES and TWINS, and shown able to fail: every changed P,
# product or column element is refused unless it is the same quotient
# relabelled.
.PHONY: test-misere
test-misere: $(GRUNDY)
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/engine/test_engine
	$(GRUNDY) --misere KAYLES | head -4
	$(GRUNDY) --misere TWINS | head -4
	$(GRUNDY) --misere-selftest
	build/m4/tests/engine/test_engine misere
TEST_TARGETS += test-misere
TEST_BUILD += $(GRUNDY) build/tests/engine/test_sequences build/tests/engine/test_octal
TEST_BUILD_M4 += build/m4/tests/engine/test_engine build/m4/tests/engine/test_binary build/m4/tests/engine/test_own \
	build/m4/tests/engine/test_own_misere build/m4/tests/engine/test_own_heap build/m4/tests/engine/test_ed \
	build/m4/tests/engine/test_sum build/m4/tests/engine/test_select

# The long proofs (tests/engine/test_engine.c walk_is_proof): every
# three-column position of the rules whose column has all 256 states
# (KAYLES, DAWSON KAYLES, MOCK TURTLES, TWINS), normal and misere. Most of
# make test's CPU time, so not in it: CI runs them right after make test
# (.ci/run), every run. test-engine and test-misere walk every other
# position (one and two columns of these rules too), so a developer's make
# test still walks every rule exhaustively.
.PHONY: test-proofs
test-proofs: $(GRUNDY)
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/engine/test_engine
	build/m4/tests/engine/test_engine normal proofs
	build/m4/tests/engine/test_engine misere proofs

## Engine proof:
##   make test-engine     exhaustive host check of the engine against a brute-force solver (BINARY: every position
##                        of up to three heaps to 63; EMPTY AND DIVIDE: every position up to 255 x 255, normal
##                        and misere; SUM: test-sum), and sequences vs OEIS
##   make test-sum        the SUM against the brute force: every pair and triple of rules, BINARY sums, misere
##   make test-misere     the same proof for misere play of every rule, and random 8/32-column positions
##   make test-proofs     the long walks make test leaves out: every 3-column position of KAYLES, DAWSON
##                        KAYLES, MOCK TURTLES and TWINS, normal and misere (CI runs it after make test)

# The SUM alone (also part of test-engine).
.PHONY: test-sum
test-sum:
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/engine/test_sum
	build/m4/tests/engine/test_sum
