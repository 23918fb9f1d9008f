# board/board.mk - the handheld's files that need no KiCad, all generated
# from board/handheld/handheld.toml and board/nano.h (tools/board/).
# make board-files writes them to build/board/; the pcb side's make board
# depends on it.
BOARD_DATA := board/handheld/handheld.toml board/nano.h $(wildcard tools/board/*.py)
BOARD_OUT := build/board

.PHONY: board-footprints
## Board (the handheld PCB, board/README.md):
##   make board-footprints  regenerate our footprints (1088AS matrix, S7V8F5) from handheld.toml
board-footprints:
	@python3 tools/board/footprints.py
