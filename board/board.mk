# board/board.mk - the handheld's files that need no KiCad, all generated
# from board/handheld/handheld.toml and board/nano.h by tools/board/:
# the netlist, the schematic drawing, the BOM and the pick-and-place in
# build/board/. The pcb side's make board (the KiCad board, Gerbers, the
# zip) depends on board-files; board/README.md explains them all.
BOARD_TOML := board/handheld/handheld.toml
BOARD_PY := $(wildcard tools/board/*.py)
BOARD_DATA := $(BOARD_TOML) board/nano.h $(BOARD_PY)
BOARD_OUT := build/board
# The board's name (handheld.toml's [board] name): the files' names.
BOARD_NAME := $(shell sed -n 's/^name = "\(.*\)"$$/\1/p' $(BOARD_TOML) | head -n 1)
BOARD_LISTS := $(BOARD_OUT)/$(BOARD_NAME).net $(BOARD_OUT)/$(BOARD_NAME)-bom.csv $(BOARD_OUT)/$(BOARD_NAME)-pos.csv
BOARD_SCHEMATIC := $(BOARD_OUT)/$(BOARD_NAME)-schematic.svg
BOARD_FILES := $(BOARD_LISTS) $(BOARD_SCHEMATIC)

# The footprints' pads come from Debian's KiCad library (data only: no
# KiCad program is needed for these files or for make test-board).
BOARD_FILES_DEB := kicad-footprints python3
.PHONY: board-files-deps
board-files-deps: build/.board-files-deps-ok
build/.board-files-deps-ok: board/board.mk tools/install_deps.sh
	@tools/install_deps.sh $(BOARD_FILES_DEB)
	@mkdir -p build && touch $@

$(BOARD_LISTS) &: $(BOARD_DATA) $(wildcard board/handheld/*.pretty/*.kicad_mod) | board-files-deps
	@python3 tools/board/board_files.py $(BOARD_OUT)

$(BOARD_SCHEMATIC): $(BOARD_DATA) $(wildcard board/handheld/*.pretty/*.kicad_mod) | board-files-deps
	@python3 tools/board/schematic.py $@

.PHONY: board-files board-footprints
board-files: $(BOARD_FILES)

board-footprints:
	@python3 tools/board/footprints.py

## Board (the handheld PCB, board/README.md):
##   make board-files     netlist, schematic (SVG), BOM and pick-and-place CSV in build/board/
##   make board-footprints  regenerate our footprints (1088AS matrix, S9V11F5) from handheld.toml
