# tools/size_report.py (make size-report) on the real ELFs of both builds:
# its modules add up to avr-size's sections, its baseline is the same bytes
# twice, and a baseline with one module made smaller names that module.
.PHONY: test-size-report size-report-test-one
test-size-report:
	@$(MAKE) --no-print-directory MODULES=1 size-report-test-one
	@$(MAKE) --no-print-directory MODULES=4 size-report-test-one
size-report-test-one: $(B)/nim.elf
	@python3 tests/size/test_size_report.py --out $(B)/size-test $(SIZE_ARGS)

TEST_TARGETS += test-size-report
TEST_BUILD += $(B)/nim.elf
TEST_BUILD_M4 += build/m4/nim.elf
## Size report:
##   make test-size-report  make size-report's sums equal avr-size's, and a grown module is named (both builds)
