# tools/install_deps.sh on a machine that is not Debian and with NO_DEPS=1,
# through fake dpkg-query, apt-get and sudo: no root, nothing installed.
.PHONY: test-deps
test-deps:
	@tests/deps/test_deps.sh

TEST_TARGETS += test-deps
## Package install:
##   make test-deps       install_deps.sh: not Debian lists what to install and stops; NO_DEPS=1 installs nothing
