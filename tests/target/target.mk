# tests/target: the engine built by avr-gcc with the firmware's own flags
# (AVR_CFLAGS/AVR_LDFLAGS, ENGINE_AVR_OBJ) runs a test-vector program under
# the simulator, for 8 columns (build/) and 32 columns (build/m4/); its UART
# output must equal the host build's byte for byte, and the cycle markers
# around engine_reply give each game's worst and mean cost, asserted against
# the budgets (3,000 cycles on 8 columns, 12,000 on 32). Figures land in
# build/target-cycles.txt.

TARGET_IO_HDR := tests/target/target_io.h

$(B)/tests/target/vectors.o: tests/target/vectors.c tests/target/target_util.h $(TARGET_IO_HDR) $(ENGINE_HDR) | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -c -o $@ $<
$(B)/tests/target/target_io_avr.o: tests/target/target_io_avr.c $(TARGET_IO_HDR) $(ENGINE_HDR) | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -c -o $@ $<
$(B)/tests/target/target_util.o: tests/target/target_util.c tests/target/target_util.h $(TARGET_IO_HDR) $(ENGINE_HDR) | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) $(FW_INC_engine) -Itests/target -c -o $@ $<
$(B)/tests/target/vectors.elf: $(B)/tests/target/vectors.o $(B)/tests/target/target_io_avr.o $(B)/tests/target/target_util.o $(ENGINE_AVR_OBJ)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

$(B)/tests/target/vectors-host: tests/target/vectors.c tests/target/target_io_host.c tests/target/target_util.c tests/target/target_util.h $(TARGET_IO_HDR) $(ENGINE_HOST_OBJ)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -Itests/target -o $@ tests/target/vectors.c tests/target/target_io_host.c tests/target/target_util.c $(ENGINE_HOST_OBJ)

.PHONY: target-vectors
target-vectors: $(B)/tests/target/vectors.elf $(B)/tests/target/vectors-host $(NIMSIM)

# test-target proves AVR = host, prints the cycle table and fails when a
# reply (perfect or with mistakes) is over its budget.
.PHONY: test-target
test-target: deps
	@$(MAKE) --no-print-directory MODULES=1 target-vectors
	@$(MAKE) --no-print-directory MODULES=4 target-vectors
	@# both boards at once (two simulators, one core each), reports in order
	@(tests/target/run_target.sh build 1 3000 build/nimsim > build/target-m1.log 2>&1; echo $$? > build/target-m1.rc) & \
	(tests/target/run_target.sh build/m4 4 12000 build/m4/nimsim > build/m4/target-m4.log 2>&1; echo $$? > build/m4/target-m4.rc); wait
	@cat build/target-m1.log build/m4/target-m4.log
	@cat build/target-cycles-m1.txt build/m4/target-cycles-m4.txt > build/target-cycles.txt 2>/dev/null || true
	@echo "cycle figures: build/target-cycles.txt"
	@test "$$(cat build/target-m1.rc build/m4/target-m4.rc)" = "$$(printf '0\n0')"
TEST_TARGETS += test-target
TEST_BUILD += $(B)/tests/target/vectors.elf $(B)/tests/target/vectors-host $(NIMSIM)
TEST_BUILD_M4 += build/m4/tests/target/vectors.elf build/m4/tests/target/vectors-host build/m4/nimsim

## On-target engine test:
##   make test-target     engine vectors under simavr (8 and 32 columns) = host output, reply cycle budgets
