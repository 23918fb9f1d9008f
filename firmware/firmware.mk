# Firmware: the game engine (portable), the generated tables, the drivers and
# the application, built into $(B)/nim.elf with the production flags. The
# same flags build the on-target test programs (tests/target), so what is
# tested is what is flashed.

MCU := atmega328p
# Size flags, each measured on the whole image: LTO and call prologues save
# the most, the last line less (measured when the budget was half today's;
# they stay because they cost nothing in speed that a budget misses).
AVR_CC := avr-gcc
AVR_CFLAGS := -mmcu=$(MCU) -Os -std=gnu99 -g -Wall -Wextra -Werror \
	-ffunction-sections -fdata-sections -fno-common -mrelax -mcall-prologues -flto \
	-fno-move-loop-invariants -mstrict-X \
	-DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES)
# The link places each function by its name (-ffunction-sections and
# --sort-section=name for LTO's output), so a module's functions (module_verb
# names) sit together and call each other with the 2-byte rcall: in LTO's own
# order a change anywhere moved functions between its partitions, and
# with them their 4-byte calls (one function moved out of line changed the
# image by more than it could itself), which hid what a change saved.
AVR_LDFLAGS := -mmcu=$(MCU) -Os -Wl,--gc-sections -mrelax -mcall-prologues -flto \
	-fno-move-loop-invariants -mstrict-X -ffunction-sections -Wl,--sort-section=name

# --- the rooms and what each may include -----------------------------------
# The layers, lowest first. A room is compiled with the include paths of its
# own layer and those below it, and no others, so an upward #include (the
# engine naming hal.h, the game naming ui.h) fails the build; make
# test-layers shows it. board/ is data every room reads; common/ is the
# compiler's and the flash's vocabulary.
#   common   compiler.h, progmem.h, pgm.h       (nothing of the chip or Nim)
#   hal      the drivers                         common
#   engine   the rules, the tables, the replies  common (portable: no hal)
#   lib      store, debounce, text, sound        common, hal (nothing of Nim)
#   app/game the game, its list, settings, review: engine, lib
#   app/ui   the screens and controls            game
#   app/link the PC link (reads the screen)      game, ui
#   app      main.c and the events' wiring       everything
FW_INC_common := -Iboard -Ifirmware/common
FW_INC_hal := $(FW_INC_common) -Ifirmware/hal
FW_INC_engine := $(FW_INC_common) -Ifirmware/engine
FW_INC_lib := $(FW_INC_hal) -Ifirmware/lib
FW_INC_app/game := $(FW_INC_lib) -Ifirmware/engine -Ifirmware/app/game
FW_INC_app/ui := $(FW_INC_app/game) -Ifirmware/app/ui
FW_INC_app/link := $(FW_INC_app/ui) -Ifirmware/app/link
FW_INC_app := $(FW_INC_app/link) -Ifirmware/app
FW_ROOMS := hal engine lib app/game app/ui app/link app
# The include paths of the room a firmware source file (or build object) is in.
fw_inc = $(FW_INC_$(patsubst firmware/%/,%,$(dir $(1))))
# Every path at once: the host test harnesses link the whole app.
FW_INC_ALL := $(FW_INC_app)

ENGINE_SRC := $(wildcard firmware/engine/*.c)
HAL_SRC := $(wildcard firmware/hal/*.c)
LIB_SRC := $(wildcard firmware/lib/*.c)
APP_SRC := $(LIB_SRC) $(wildcard firmware/app/*.c firmware/app/*/*.c)
ENGINE_HDR := $(wildcard firmware/engine/*.h firmware/common/*.h board/*.h)
FW_HDR := $(wildcard board/*.h firmware/*/*.h firmware/app/*/*.h)

# --- table generator (host) ---------------------------------------------
GRUNDY := build/grundy
GRUNDY_SRC := $(wildcard firmware/gen/*.c)
$(GRUNDY): $(GRUNDY_SRC) firmware/gen/gen.h firmware/engine/rules.h | deps
	@mkdir -p build
	$(HOST_CC) -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware/engine -o $@ $(GRUNDY_SRC)

# Tables are sized for this build's board: one heap proved up to BOARD_CELLS.
$(B)/tables.c: $(GRUNDY) board/board.h board/$(BOARD).h
	@mkdir -p $(B)
	$(GRUNDY) --emit-c $@ --heap-max $$((64 * $(MODULES)))

# --- the UI's words -------------------------------------------------------
# Packed by tools/ui_words.py from the words' source; the header is kept in
# the tree (a clone builds without redoing it) and redone when they change.
firmware/app/ui/ui_words.h: firmware/app/ui/ui_words.def tools/ui_words.py
	python3 tools/ui_words.py $< $@

# --- AVR objects ------------------------------------------------------------
# Each object lists the headers it read (-MMD, in the .d beside it), so a
# changed header rebuilds only the objects that include it.
$(B)/avr/%.o: firmware/%.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -MMD -MP $(call fw_inc,$<) -c -o $@ $<
$(B)/avr/tables.o: $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(AVR_CC) $(AVR_CFLAGS) -MMD -MP $(FW_INC_engine) -c -o $@ $<

ENGINE_AVR_OBJ := $(patsubst firmware/%.c,$(B)/avr/%.o,$(ENGINE_SRC)) $(B)/avr/tables.o
FW_AVR_OBJ := $(ENGINE_AVR_OBJ) $(patsubst firmware/%.c,$(B)/avr/%.o,$(HAL_SRC) $(APP_SRC))

$(B)/nim.elf: $(FW_AVR_OBJ)
	$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^
	@avr-size $@

# Flash only: no .eeprom, no simulator metadata.
$(B)/nim.hex: $(B)/nim.elf
	avr-objcopy -O ihex -R .eeprom -R .mmcu $< $@

# --- host objects of the portable code (tests, fuzzing) ---------------------
$(B)/host/%.o: firmware/%.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS_BASE) -MMD -MP $(call fw_inc,$<) -c -o $@ $<
$(B)/host/tables.o: $(B)/tables.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS_BASE) -MMD -MP $(FW_INC_engine) -c -o $@ $<
ENGINE_HOST_OBJ := $(patsubst firmware/%.c,$(B)/host/%.o,$(ENGINE_SRC)) $(B)/host/tables.o

-include $(wildcard $(B)/avr/*/*.d $(B)/avr/*/*/*.d $(B)/avr/*.d $(B)/host/*/*.d $(B)/host/*.d)

.PHONY: size
size: $(B)/nim.elf
	avr-size -A $< | grep -E '^\.(text|data|bss|eeprom)|Total'
## Firmware:
##   make size            section sizes of build/nim.elf
##   build/grundy NAME N  print a rule's Grundy sequence, g(0)..g(N-1)
##   build/grundy --misere NAME   print a rule's misere quotient (proved at every build)
