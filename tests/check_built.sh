#!/usr/bin/env bash
# check_built.sh TARGET... - after make test-build: fails if make would
# still build anything for one of these test targets. run_suite.sh runs
# them side by side, and two makes building one file at once corrupt it;
# a file missing from TEST_BUILD (or TEST_BUILD_M4) is named here, before
# any test starts, instead of as a rare broken object later.
set -u
bad=0
for t in "$@"; do
    plan=$(make -n --no-print-directory "$t" 2>&1 | grep -E \
        '^(avr-gcc|avr-objcopy|cc|gcc|clang|node sim/web/build\.mjs|build/grundy --emit|tests/web/web_deps\.sh) ')
    if [ -n "$plan" ]; then
        echo "test-build: make $t would still build (add its files to TEST_BUILD or TEST_BUILD_M4 in its .mk):"
        sed 's/^\(.\{150\}\).*/\1 .../; s/^/    /' <<<"$plan"
        bad=1
    fi
done
[ $bad -eq 0 ] && echo "test-build: every test's files are built ($# targets)"
exit $bad
