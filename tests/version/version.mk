# SPDX-License-Identifier: MIT
# The firmware's version kept honest: APP_VERSION is semantic, CHANGELOG.md
# has its heading, and firmware/version.lock's digests of the PC link and
# the saved records (tools/version_lock.py, read from the sources) are the
# tree's; each kind of change is shown to fail on a mutated copy.
TEST_TARGETS += test-version
.PHONY: test-version
## Version:
##   make test-version    VER's version changes with the PC link and the records; CHANGELOG.md has it
test-version:
	@python3 tests/version/test_version.py
