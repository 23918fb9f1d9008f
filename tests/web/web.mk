# Play in a browser: the real firmware image on avr8js (sim/web), the same
# runner under Node as a second simulator checked against nimsim, the page
# in Debian's chromium, and the Wokwi project's files (board/wokwi).

WEB_DIR := sim/web
WEB_STAMP := $(WEB_DIR)/node_modules/.nimweb-lock
WEB_SRC := $(wildcard $(WEB_DIR)/src/*.js $(WEB_DIR)/src/i18n/*.js) $(WEB_DIR)/index.html $(WEB_DIR)/style.css $(WEB_DIR)/build.mjs
WEB_PORT ?= 8014

.PHONY: web web-serve web-deps test-web test-web-sim test-wokwi

web-deps: $(WEB_STAMP)
# build/.node-checked holds the version of the node that passed the check
# (build/node's, a Node 20 where the machine's is older). make clean removes
# both, and the check comes again; so it does when the node found now is
# another (the machine's nodejs installed anew), and after an interrupted
# first run (web_deps.sh writes the stamp last). A new package-lock.json
# (a pulled change that adds an npm package) runs npm ci again; the node's
# check is order-only here, as web_deps.sh writes it after the stamp.
$(WEB_STAMP): $(WEB_DIR)/package.json $(WEB_DIR)/package-lock.json tests/web/web_deps.sh | build/.node-checked
	@tests/web/web_deps.sh $(WEB_DIR)

ifneq ($(wildcard build/.node-checked),)
ifneq ($(shell cat build/.node-checked),$(shell PATH="$(CURDIR)/build/node/bin:$$PATH" node --version 2>/dev/null))
.PHONY: build/.node-checked
endif
endif
build/.node-checked:
	@tests/web/web_deps.sh $(WEB_DIR)

# The board header's figures as the runner reads them (board/nano.h via
# board.h), then the chip's registers (sim/avr_regs.h: the web runner's
# avr_regs.js reads them here, so they are written down once), sorted.
$(B)/board.defs: board/board.h board/$(BOARD).h sim/avr_regs.h
	@mkdir -p $(B)
	@$(HOST_CC) -dM -E -DBOARD_$(BOARD) -DBOARD_MODULES=$(MODULES) -Iboard board/board.h | grep '^#define BOARD_' \
		| LC_ALL=C sort > $@.tmp
	@$(HOST_CC) -dM -E -undef sim/avr_regs.h | grep '^#define [A-Z]' | grep -v '_H *$$' | LC_ALL=C sort >> $@.tmp
	@mv $@.tmp $@

# make web: build/web (8 columns) with build/m4/web (32 columns) inside it
# as m4/, so one folder holds both; build/m4/web is also there on its own.
# The lessons (docs/course) beside the page, as build/web/course/<lang>/*.html:
# their "play it" links open ../../index.html#<commands>.
COURSE_SRC := $(shell find docs/course -name '*.md' -o -type d 2>/dev/null)
ifeq ($(MODULES),1)
web: $(B)/web/index.html $(B)/web/course/index.html
	@$(MAKE) --no-print-directory MODULES=4 build/m4/web/index.html
	@rm -rf $(B)/web/m4 && cp -r build/m4/web $(B)/web/m4
	@echo "web: open $(B)/web/index.html, or make web-serve; copy $(B)/web/ to any static host"
WEB_OTHER := m4/index.html course/
else
web: $(B)/web/index.html
WEB_OTHER := ../index.html ../course/
endif
$(B)/web/index.html: $(WEB_SRC) $(B)/nim.hex $(B)/board.defs $(WEB_STAMP)
	@node $(WEB_DIR)/build.mjs $(B)/board.defs $(B)/nim.hex $(B)/web $(WEB_OTHER)
$(B)/web/course/index.html: $(WEB_DIR)/course.mjs $(COURSE_SRC) $(WEB_STAMP)
	@node $(WEB_DIR)/course.mjs docs/course $(B)/web

web-serve: web
	@node $(WEB_DIR)/serve.mjs $(B)/web $(WEB_PORT)

# The MAX7219 model against its datasheet; the differential's comparison
# on made-up traces (diff.test.mjs); the registers read from sim/avr_regs.h
# and typed nowhere else (regs.test.mjs); the avr8js workarounds, each
# shown needed; then every e2e session traced
# by nimsim and replayed on avr8js: both must agree (web-diff, this build;
# test-web-sim-m4 runs it on 32 columns, build/m4).
test-web-sim: $(B)/nim.elf $(B)/nim.hex $(NIMSIM) $(B)/board.defs $(WEB_STAMP)
	@set -o pipefail; BOARD_DEFS=$(B)/board.defs node --test --test-reporter=spec tests/web/max7219.test.mjs tests/web/diff.test.mjs \
		tests/web/regs.test.mjs 2>&1 | grep -v '^$$'
	@node tests/web/bugs.mjs $(B)/board.defs $(B)/nim.hex
	@$(MAKE) --no-print-directory web-diff
test-web-sim-m4:
	@$(MAKE) --no-print-directory MODULES=4 web-diff
.PHONY: web-diff test-web-sim-m4
web-diff: $(B)/nim.elf $(B)/nim.hex $(NIMSIM) $(B)/board.defs $(WEB_STAMP)
	@rm -rf $(B)/webdiff && mkdir -p $(B)/webdiff
	@NIMWEB_NIMSIM=$(NIMSIM) NIMWEB_TRACE_DIR=$(B)/webdiff tests/e2e/run_e2e.sh --modules $(MODULES) \
		tests/web/nimsim_trace.sh $(B)/nim.elf $(B)/webdiff $(E2E_SCRIPTS) > $(B)/webdiff/e2e.log 2>&1 \
		|| { cat $(B)/webdiff/e2e.log; exit 1; }
	@node tests/web/diff.mjs $(B)/board.defs $(B)/nim.hex $(B)/webdiff/*.trace
TEST_TARGETS += test-web-sim-m4
TEST_BUILD_M4 += build/m4/nim.elf build/m4/nim.hex build/m4/nimsim build/m4/board.defs

# The page's language tables, then the page in a real browser (Debian's
# chromium through playwright-core), in each language. Its screenshots:
# make test-web WEB_SHOT=docs/web.png refreshes the README's and docs/play.md's (and
# docs/web-<lang>.png).
# Then every lesson's play link (docs/course), clicked in the built site:
# the page set up from its address as nimsim is by the same commands, its
# HINT checked by nimsim (tests/web/lessons.mjs; its screenshot
# $(B)/web-lesson.png).
WEB_SHOT ?= $(B)/web.png
test-web: web $(WEB_STAMP) $(NIMSIM) $(B)/nim.elf
	@node --test --test-reporter=spec tests/web/i18n.test.mjs tests/web/fragment.test.mjs 2>&1 | grep -v '^$$'
	@node tests/web/browser.mjs $(B)/web $(WEB_SHOT)
	@node tests/web/lessons.mjs $(B)/web docs/course $(NIMSIM) $(B)/nim.elf $(B)/web-lesson.png

# The Wokwi project matches the board header, part by part and wire by wire.
test-wokwi: $(B)/board.defs
	@python3 tests/web/check_wokwi.py board/wokwi $(B)/board.defs

TEST_TARGETS += test-web-sim test-web test-wokwi
TEST_BUILD += $(B)/nim.elf $(B)/nim.hex $(NIMSIM) $(B)/board.defs $(WEB_STAMP) $(B)/web/index.html
TEST_BUILD_M4 += build/m4/web/index.html
## Play in a browser (sim/web, docs/play.md#in-a-browser):
##   make web             build/web/index.html: the real firmware on avr8js, static (32 columns in m4/),
##                        the lessons beside it (build/web/course/<lang>/*.html, docs/course)
##   make web-serve       serve build/web on 127.0.0.1 (WEB_PORT=8014) and print the URL
##   make web-deps        install nodejs, npm, chromium (apt) and the pinned npm packages (npm ci)
##   make test-web-sim    avr8js workarounds each needed; the registers sim/avr_regs.h's, typed once;
##                        every e2e session replayed on avr8js = nimsim
##   make test-web-sim-m4 the same replay of every e2e session on 32 columns (build/m4)
##   make test-web        the page in headless chromium: games by clicks and keys, menu, reload, console,
##                        in each language (en vi zh-Hant th: tables, no English left, fonts, a move);
##                        every lesson's play link (docs/course) = nimsim's position, its HINT checked
##   make test-wokwi      board/wokwi/diagram.json parts, pins and wires match board/nano.h
