# tools/release.mk - the folder a maker downloads: make release writes
# build/release/nim-toy-<version>/ (the version is the firmware's
# APP_VERSION, what VER answers): both firmware images (the very files
# make and make MODULES=4 build and the tests run), the handheld board's
# fabrication zip, BOM, pick-and-place and schematic (make board), the
# case's STLs (make case), the browser page (make web, build/web whole),
# README.txt and SHA256SUMS (tools/release.py). Every file is the same
# bytes from any clone of one commit: make release-check builds two.

RELEASE_VERSION = $(shell python3 tools/release.py version firmware/app/game/game.h)
RELEASE_DIR = build/release/nim-toy-$(RELEASE_VERSION)
# DEST=SRC: the release's name for each built file (a folder is copied whole).
RELEASE_FILES = nim-8-columns.hex=build/nim.hex nim-32-columns.hex=build/m4/nim.hex \
	$(foreach f,$(PCB_ZIP) $(filter %-bom.csv %-pos.csv,$(BOARD_LISTS)) $(BOARD_SCHEMATIC) $(CASE_STLS),$(notdir $(f))=$(f)) \
	web=build/web

# The tools that made these bytes (another compiler, other bytes; the
# sums hold for these): README.txt names them. Each asked once, here.
RELEASE_TOOLS = avr-gcc $$(avr-gcc -dumpversion), \
	avr-libc $$(printf '\043include <avr/version.h>\n__AVR_LIBC_VERSION_STRING__\n' | avr-gcc -mmcu=$(MCU) -E -P -x c - | tail -n 1 | tr -d '\042'), \
	KiCad $$($(PCB_PY) -c 'import pcbnew; print(pcbnew.Version())'), \
	OpenSCAD $$(openscad --version 2>&1 | sed 's/^OpenSCAD version //'), \
	esbuild $$(node -p 'require(process.argv[1]).version' $(CURDIR)/$(WEB_DIR)/node_modules/esbuild/package.json)

.PHONY: release release-notes release-check
release:
	@$(MAKE) --no-print-directory MODULES=1 build/nim.hex web board case
	@$(MAKE) --no-print-directory MODULES=4 build/m4/nim.hex
	@tools="$(RELEASE_TOOLS)" && RELEASE_TOOLS=$$tools python3 tools/release.py make \
		$(RELEASE_VERSION) $(RELEASE_DIR) $(RELEASE_FILES)

# CHANGELOG.md's "Release files" under this version: after any change
# that changes a release file (the firmware, the board, the page), run it
# and commit CHANGELOG.md; CI fails while the list is another tree's.
release-notes: release
	@python3 tools/release.py notes $(RELEASE_DIR) CHANGELOG.md

# Two fresh clones of HEAD (committed files only) in two folders of
# different depth, each its own build/, make release in each, every file
# compared byte for byte (build/release-check/, logs there).
release-check:
	@tools/release_check.sh

## Release (the folder a maker downloads, docs/build.md#the-release):
##   make release         build/release/nim-toy-<version>/: nim.hex for 8 and 32 columns, the board's
##                        fabrication zip, BOM, pick-and-place, the case's STLs, the web page, README, SHA256SUMS
##   make release-notes   make release, then CHANGELOG.md's "Release files" (sizes, SHA-256) for this version
##   make release-check   two clean clones of HEAD in two folders: make release in each, every file identical
