# tests/examples: `nimlink examples`, the reference texts' worked examples
# on the real firmware, against the figures the texts print (issue 20).

EXAMPLES_M4 = @$(MAKE) --no-print-directory MODULES=4 build/m4/nim.elf build/m4/link/link_pipe

.PHONY: test-examples
test-examples: build/nim.elf build/link/link_pipe build/grundy
	$(EXAMPLES_M4)
	@tests/examples/test_examples.py build build/m4

TEST_TARGETS += test-examples
TEST_BUILD += build/nim.elf build/link/link_pipe build/grundy
TEST_BUILD_M4 += build/m4/nim.elf build/m4/link/link_pipe
## Worked examples (tests/examples):
##   make test-examples   nimlink examples on 8 and 32 columns: every worked example of the reference texts
##                        that the toy plays, against the texts' printed numbers; a planted wrong figure fails
