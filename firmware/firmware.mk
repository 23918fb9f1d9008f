# Firmware: the game engine (portable), the generated tables, the drivers and
# the application, built into $(B)/nim.elf with the production flags. The
# same flags build the on-target test programs (tests/target), so what is
# tested is what is flashed.

MCU := atmega328p
# Size flags, each measured on the whole image: LTO and call prologues save
# ~1.3 KB, the last line ~150 B (measured when the budget was 16 KB; they
# stay because they cost nothing in speed that a budget misses).
AVR_CC := avr-gcc
AVR_CFLAGS := -mmcu=$(MCU) -Os -std=gnu99 -g -Wall -Wextra -Werror \
	-ffunction-sections -fdata-sections -fno-common -mrelax -mcall-prologues -flto \
	-fno-move-loop-invariants -mstrict-X \
	-DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) \
	-Iboard -Ifirmware/engine -Ifirmware/hal -Ifirmware/app -I$(B)
# The link places each function by its name (-ffunction-sections and
# --sort-section=name for LTO's output), so a module's functions (module_verb
# names) sit together and call each other with the 2-byte rcall: in LTO's own
# order a change anywhere moved functions between its partitions, and
# with them up to ~100 B of 4-byte calls (measured: one function out of
# line gained 100 B, another 116), which hid what a change itself saved.
AVR_LDFLAGS := -mmcu=$(MCU) -Os -Wl,--gc-sections -mrelax -mcall-prologues -flto \
	-fno-move-loop-invariants -mstrict-X -ffunction-sections -Wl,--sort-section=name

ENGINE_SRC := $(wildcard firmware/engine/*.c)
HAL_SRC := $(wildcard firmware/hal/*.c)
APP_SRC := $(wildcard firmware/app/*.c)
ENGINE_HDR := $(wildcard firmware/engine/*.h board/*.h)

# --- table generator (host) ---------------------------------------------
GRUNDY := build/grundy
GRUNDY_SRC := $(wildcard firmware/gen/*.c)
$(GRUNDY): $(GRUNDY_SRC) firmware/gen/gen.h firmware/engine/rules.h | deps
	@mkdir -p build
	$(HOST_CC) -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware/engine -o $@ $(GRUNDY_SRC)

# Tables are sized for this build's board: one-heap P/N bits up to BOARD_CELLS.
$(B)/tables.c: $(GRUNDY) board/board.h board/$(BOARD).h
	@mkdir -p $(B)
	$(GRUNDY) --emit-c $@ --heap-max $$((64 * $(MODULES)))

# --- AVR objects ------------------------------------------------------------
$(B)/avr/%.o: firmware/%.c $(ENGINE_HDR) firmware/hal/hal.h $(wildcard firmware/app/*.h) $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
$(B)/avr/tables.o: $(B)/tables.c $(ENGINE_HDR)
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<

ENGINE_AVR_OBJ := $(patsubst firmware/%.c,$(B)/avr/%.o,$(ENGINE_SRC)) $(B)/avr/tables.o
FW_AVR_OBJ := $(ENGINE_AVR_OBJ) $(patsubst firmware/%.c,$(B)/avr/%.o,$(HAL_SRC) $(APP_SRC))

$(B)/nim.elf: $(FW_AVR_OBJ)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^
	@avr-size $@

# Flash only: no .eeprom, no simulator metadata.
$(B)/nim.hex: $(B)/nim.elf
	avr-objcopy -O ihex -R .eeprom -R .mmcu $< $@

# --- host objects of the portable code (tests, fuzzing) ---------------------
$(B)/host/%.o: firmware/%.c $(ENGINE_HDR) firmware/hal/hal.h $(wildcard firmware/app/*.h) $(B)/tables.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -c -o $@ $<
$(B)/host/tables.o: $(B)/tables.c $(ENGINE_HDR)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -c -o $@ $<
ENGINE_HOST_OBJ := $(patsubst firmware/%.c,$(B)/host/%.o,$(ENGINE_SRC)) $(B)/host/tables.o

.PHONY: size
size: $(B)/nim.elf
	avr-size -A $< | grep -E '^\.(text|data|bss|eeprom)|Total'
## Firmware:
##   make size            section sizes of build/nim.elf
##   build/grundy NAME N  print a rule's Grundy sequence, g(0)..g(N-1)
##   build/grundy --misere NAME   print a rule's misere quotient (proved at every build)
