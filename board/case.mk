# The handheld's case (board/case/case.scad): OpenSCAD model, every place
# read from the board's data through a generated parameter file.
#   make case        build/board/case-{bottom,lid,button}.stl
#   make case-check  each STL non-empty and closed, and the check shown to fail
#   make case-render docs/case.png (the bottom shell and the lid side by side)

CASE_OUT := $(BOARD_OUT)
CASE_PARTS := bottom lid button
CASE_STLS := $(foreach p,$(CASE_PARTS),$(CASE_OUT)/case-$(p).stl)
CASE_PARAMS := $(CASE_OUT)/case_params.scad
CASE_SCAD := board/case/case.scad
# openscad, and a display for its PNG export on a machine without one.
CASE_PACKAGES := openscad xvfb xauth
OPENSCAD := env OPENSCADPATH=$(CURDIR)/$(CASE_OUT) openscad --hardwarnings

.PHONY: case case-check case-render case-deps
case-deps: build/.case-deps-ok
build/.case-deps-ok: board/case.mk tools/install_deps.sh
	@tools/install_deps.sh $(CASE_PACKAGES)
	@mkdir -p build && touch $@

# case_params.py reads the parts' courtyards and pads from the footprints too.
$(CASE_PARAMS): $(BOARD_DATA) $(BOARD_FP)
	@python3 tools/board/case_params.py $@

# OpenSCAD writes the same surface in another order each run: the STL is
# normalised (tools/board/stl_check.py) so that it is the same bytes.
$(CASE_OUT)/case-%.stl: $(CASE_SCAD) $(CASE_PARAMS) tools/board/stl_check.py | build/.case-deps-ok
	@$(OPENSCAD) -D 'part="$*"' -o $@.tmp.stl $(CASE_SCAD) 2>$@.log || { cat $@.log; rm -f $@.tmp.stl; exit 1; }
	@grep -h '^ECHO' $@.log | sed 's/^ECHO: "\(.*\)"$$/\1/' | sort -u
	@python3 tools/board/stl_check.py --normalize $@.tmp.stl $@ && rm -f $@.tmp.stl

case: $(CASE_STLS)

# The check, then the check against two STLs it must refuse: the button
# cap cut open (one triangle taken out) and a file with no triangle.
case-check: $(CASE_STLS)
	@python3 tools/board/stl_check.py $(CASE_STLS)
	@mkdir -p $(CASE_OUT)/case-check
	@awk 'BEGIN { f = 0 } /^  facet/ { f++ } f != 5 || !/facet|loop|vertex/' $(CASE_OUT)/case-button.stl \
		> $(CASE_OUT)/case-check/cut-open.stl
	@printf 'solid empty\nendsolid empty\n' > $(CASE_OUT)/case-check/empty.stl
	@for f in cut-open empty; do \
		if python3 tools/board/stl_check.py $(CASE_OUT)/case-check/$$f.stl > $(CASE_OUT)/case-check/$$f.log; then \
			cat $(CASE_OUT)/case-check/$$f.log; echo "case-check: FAIL: $$f.stl passed the check"; exit 1; \
		fi; \
		echo "  refused as it must be: $$(head -n 2 $(CASE_OUT)/case-check/$$f.log | tr '\n' ' ')"; \
	done
	@echo "case-check: $(words $(CASE_STLS)) STLs closed"

# The bottom shell open (posts, the cells' pocket) and the lid with its
# caps beside it, seen from the front above. OpenSCAD's preview, not
# --render: 2021.01's CGAL render paints every part one colour, where the
# preview keeps each part's, and the picture is of the same model.
CASE_CAMERA := 165,47,5,40,0,0,540
case-render: docs/case.png
docs/case.png: $(CASE_SCAD) $(CASE_PARAMS) | build/.case-deps-ok
	@xvfb-run -a $(OPENSCAD) --preview -D 'part="assembly"' --camera=$(CASE_CAMERA) \
		--imgsize=1600,640 --colorscheme=Tomorrow -o $@ $(CASE_SCAD) 2>$(CASE_OUT)/case-render.log \
		|| { cat $(CASE_OUT)/case-render.log; exit 1; }
	@echo "case-render: $@"

# make test's check of the closed-surface check itself: tests/board/board.mk
# (test-case-stl).

## Case (board/case/case.scad, placed from the board's data):
##   make case            the case's STLs: build/board/case-bottom.stl, case-lid.stl, case-button.stl
##   make case-check      each STL non-empty and closed (every edge on exactly two triangles)
##   make case-render     docs/case.png: the bottom shell and the lid (with its caps) side by side
