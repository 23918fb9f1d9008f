# tests/engine: the exhaustive host proof of the game engine against an
# independent brute-force solver, and the generator's Grundy sequences
# against published ones (OEIS). The engine is the MODULES=4 build (32
# columns, one heap up to 256) whatever MODULES says, so the sub-make below
# builds it into build/m4/.

$(B)/tests/engine/test_engine: tests/engine/test_engine.c tests/engine/solver.c tests/engine/solver.h $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/engine -o $@ tests/engine/test_engine.c tests/engine/solver.c $(ENGINE_HOST_OBJ) -lm

build/tests/engine/test_sequences: tests/engine/test_sequences.c firmware/engine/rules.h | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware/engine -o $@ $<

.PHONY: test-engine
test-engine: $(GRUNDY) build/tests/engine/test_sequences
	@$(MAKE) --no-print-directory MODULES=4 build/m4/tests/engine/test_engine
	build/tests/engine/test_sequences $(GRUNDY)
	build/m4/tests/engine/test_engine
TEST_TARGETS += test-engine

## Engine proof:
##   make test-engine     exhaustive host check of the engine against a brute-force solver, and sequences vs OEIS
