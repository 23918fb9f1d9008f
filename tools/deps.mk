# deps: install the Debian packages the build and the tests need, once.
# A stamp in build/ remembers that the check passed; the check itself is cheap.
# NO_DEPS=1 installs nothing (tools/install_deps.sh then only checks that
# each package's tool is there); on a machine without dpkg-query and apt-get
# install_deps.sh lists the packages and stops. Every other *-deps stamp
# (board/*.mk, tests/web/web_deps.sh) goes through the same script.
export NO_DEPS
DEB_PACKAGES := gcc-avr avr-libc binutils-avr simavr libsimavr-dev libelf-dev \
	avrdude arduino-core-avr pkg-config clang python3 python3-serial zlib1g-dev
# The host compiler (HOST_CC=cc: grundy, nimsim, host tests), which a
# fresh Debian may lack.
DEB_PACKAGES += gcc libc6-dev
.PHONY: deps
deps: build/.deps-ok
build/.deps-ok: tools/deps.mk tools/install_deps.sh
	@tools/install_deps.sh $(DEB_PACKAGES)
	@mkdir -p build && touch $@
