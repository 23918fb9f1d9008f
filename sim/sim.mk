# Simulator: build/nimsim (per MODULES: $(B)/nimsim), a simavr harness that
# runs $(B)/nim.elf on a simulated board wired from board/board.h.
NIMSIM := $(B)/nimsim
SIM_SRC := $(wildcard sim/*.c)
SIM_HDR := $(wildcard sim/*.h) board/board.h board/$(BOARD).h
# simavr's headers are not -Wextra clean: include them as system headers.
SIM_CFLAGS := -std=gnu99 -O2 -g -Wall -Wextra -Werror -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) \
	-Iboard -Isim -Ifirmware/app/ui -Ifirmware/lib -Ifirmware/hal -isystem /usr/include/simavr -isystem /usr/include/simavr/parts \
	-DSIM_DEFAULT_ELF='"$(B)/nim.elf"'
# Static simavr (parts before simavr): only libelf and zlib at run time.
# The linker finds the archives by name (-l:) when it runs, after deps has
# installed them: nothing here asks the compiler while the Makefile is read.
# The wraps let sim/watchdog.c see the watchdog's time-outs (sim/fixes.c)
# and sim/selfprog.c hold SPM to the chip's rules.
SIM_LIBS := -l:libsimavrparts.a -l:libsimavr.a -lelf -lz -lutil -lpthread -lm \
	-Wl,--wrap=avr_raise_interrupt -Wl,--wrap=avr_ioctl

$(NIMSIM): $(SIM_SRC) $(SIM_HDR) | deps
	@mkdir -p $(B)
	$(HOST_CC) $(SIM_CFLAGS) -o $@ $(SIM_SRC) $(SIM_LIBS)

.PHONY: nimsim
nimsim: $(NIMSIM)
## Simulator:
##   make nimsim          build build/nimsim (build/m<N>/nimsim for MODULES=N)

# make play: the real firmware in this terminal. Without a terminal on
# stdin (a pipe, CI) nimsim reads a script from stdin and prints the frames
# as text, so this never waits for a key. The EEPROM file makes a second
# make play a power cycle of the same toy (saved scores stay).
PLAY_ELF ?= $(B)/nim.elf
PLAY_EEPROM ?= $(B)/play-eeprom.bin
play: deps $(PLAY_ELF) $(NIMSIM)
	@$(NIMSIM) --play --eeprom $(PLAY_EEPROM) $(PLAY_ELF)
##   make play PLAY_ELF=F play another ELF (PLAY_EEPROM=F: its EEPROM file)
