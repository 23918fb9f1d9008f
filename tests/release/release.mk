# make release's own tools, on made-up files (tools/release.py): the
# real folder takes KiCad and OpenSCAD, so CI builds it (make
# release-check in .ci/run); this checks the README, the sums, the check's
# refusals and the CHANGELOG block in a second.
.PHONY: test-release
test-release:
	@tests/release/test_release.sh
TEST_TARGETS += test-release
##   make test-release    tools/release.py on made-up files: README lists each with its size, sha256sum -c,
##                        two paths same bytes, changed/added/unlisted files refused, the CHANGELOG block
