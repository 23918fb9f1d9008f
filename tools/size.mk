# make size-report: where the flash goes, per module and per function, in
# both builds, against the committed baseline (tools/size_report.py says how
# a symbol finds its source). make size-baseline rewrites the baseline.
SIZE_BASELINE := firmware/size.baseline
# The sources of $(B)/nim.elf, and flags that compile each of them alone:
# without LTO and at -O0 (only the symbol names are read), every source
# folder on the include path (and FW_INC_ALL, firmware.mk's every room's,
# where it is defined) so that the rooms' include rules need not be
# repeated here.
SIZE_SRC = $(patsubst $(B)/avr/%.o,firmware/%.c,$(filter-out $(B)/avr/tables.o,$(FW_AVR_OBJ))) $(B)/tables.c
SIZE_CFLAGS = $(filter-out -flto -O% -g% -W%,$(AVR_CFLAGS)) -O0 -g0 -w -fno-lto \
	$(FW_INC_ALL) $(addprefix -I,$(sort $(patsubst %/,%,$(dir $(SIZE_SRC))))) -Iboard -I$(B)
SIZE_ARGS = --elf $(B)/nim.elf --label "$$((8 * $(MODULES))) columns" \
	--cc $(AVR_CC) --cflags "$(SIZE_CFLAGS)" $(SIZE_SRC)

.PHONY: size-report size-baseline size-report-one size-baseline-one
size-report:
	@$(MAKE) --no-print-directory MODULES=1 size-report-one
	@$(MAKE) --no-print-directory MODULES=4 size-report-one
size-report-one: $(B)/nim.elf
	@python3 tools/size_report.py --baseline $(SIZE_BASELINE) $(if $(ALL),--all) $(SIZE_ARGS)
size-baseline:
	@$(MAKE) --no-print-directory MODULES=1 size-baseline-one
	@$(MAKE) --no-print-directory MODULES=4 size-baseline-one
size-baseline-one: $(B)/nim.elf
	@python3 tools/size_report.py --baseline $(SIZE_BASELINE) --write-baseline $(SIZE_ARGS)
## Firmware size:
##   make size-report     flash per module and function, both builds, against firmware/size.baseline:
##                        what changed, largest first (ALL=1: every module)
##   make size-baseline   rewrite firmware/size.baseline from both builds: run it once a firmware
##                        change is committed (and commit it), so the next change reads against it
