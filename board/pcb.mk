# board/pcb.mk - the handheld's KiCad board, routed by our own router, its
# fabrication files and their checks (tools/board/pcb_*.py). KiCad 6's
# pcbnew Python module does the work; it runs headless (no display needed:
# measured with DISPLAY unset). Names and data come from board/board.mk.
PCB_DEBS := kicad kicad-footprints python3-numpy librsvg2-bin
PCB_PY := /usr/bin/python3
PCB_SRC := $(wildcard tools/board/pcb_*.py) tools/board/board_data.py $(BOARD_TOML) board/nano.h $(BOARD_FP)
PCB_FILE := $(BOARD_OUT)/$(BOARD_NAME).kicad_pcb
PCB_ZIP := $(BOARD_OUT)/$(BOARD_NAME)-fab.zip
PCB_CSV := $(filter %.csv,$(BOARD_LISTS))

.PHONY: board board-check board-pictures pcb-deps
pcb-deps: build/.pcb-deps-ok
build/.pcb-deps-ok: board/pcb.mk tools/install_deps.sh
	@tools/install_deps.sh $(PCB_DEBS)
	@mkdir -p build && touch $@

$(PCB_FILE): $(PCB_SRC) build/.pcb-deps-ok
	@$(PCB_PY) tools/board/pcb_make.py --out $(BOARD_OUT)

$(PCB_ZIP): $(PCB_FILE) $(PCB_CSV)
	@$(PCB_PY) tools/board/pcb_fab.py $(PCB_FILE) $(BOARD_OUT) $(PCB_CSV)

board: board-files $(PCB_ZIP)

# Generated twice (the second copy in build/board/again) and compared byte
# for byte; KiCad's DRC and our readers on the real board, the synthetic
# test board routed and checked the same way, then the checks shown to fail
# on broken copies.
board-check: board
	@rm -rf $(BOARD_OUT)/again $(BOARD_OUT)/test && mkdir -p $(BOARD_OUT)/again $(BOARD_OUT)/test
	@$(PCB_PY) tools/board/pcb_make.py --out $(BOARD_OUT)/again >/dev/null
	@$(PCB_PY) tools/board/pcb_fab.py $(BOARD_OUT)/again/$(BOARD_NAME).kicad_pcb $(BOARD_OUT)/again $(PCB_CSV) >/dev/null
	@cd $(BOARD_OUT) && for f in $(BOARD_NAME).kicad_pcb $(BOARD_NAME)-*.g?? $(BOARD_NAME)-*.drl \
		$(BOARD_NAME)-job.gbrjob $(BOARD_NAME)-fab.zip; do \
		cmp -s $$f again/$$f || { echo "check: $$f differs between two runs"; exit 1; }; done
	@echo "check: two runs give identical board, Gerber, drill and zip files: ok"
	@$(PCB_PY) tools/board/pcb_check.py $(PCB_FILE) $(BOARD_OUT)
	@unzip -Z1 $(PCB_ZIP) | sort > $(BOARD_OUT)/zip.list && n=$$(wc -l < $(BOARD_OUT)/zip.list) && \
		for f in $(notdir $(PCB_CSV)) $(BOARD_NAME)-job.gbrjob $(BOARD_NAME)-PTH.drl $(BOARD_NAME)-NPTH.drl; do \
		grep -qx "$$f" $(BOARD_OUT)/zip.list || { echo "check: $(PCB_ZIP) lacks $$f"; exit 1; }; done && \
		echo "check: $(notdir $(PCB_ZIP)) holds $$n files (Gerbers, job, drill, BOM, pick-and-place): ok"
	@$(PCB_PY) tools/board/pcb_make.py --test-board --out $(BOARD_OUT)/test
	@$(PCB_PY) tools/board/pcb_fab.py $(BOARD_OUT)/test/pcb-test.kicad_pcb $(BOARD_OUT)/test >/dev/null
	@$(PCB_PY) tools/board/pcb_check.py $(BOARD_OUT)/test/pcb-test.kicad_pcb $(BOARD_OUT)/test
	@$(PCB_PY) tools/board/pcb_selftest.py $(PCB_FILE) $(BOARD_OUT)

# The pictures in docs/ (committed; make board-pictures after a change).
board-pictures: $(PCB_FILE)
	@$(PCB_PY) tools/board/pcb_render.py $(PCB_FILE) docs

##   make board           the routed KiCad board, Gerbers, drill files and the maker's zip in build/board/
##   make board-check     KiCad's DRC, Gerbers and drill read back, two runs identical (installs KiCad)
##   make board-pictures  docs/board-top.png and docs/board-bottom.png from the board
