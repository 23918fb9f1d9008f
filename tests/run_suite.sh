#!/usr/bin/env bash
# Runs each test target named on the command line with make, keeps going
# after a failure, and ends with the tally line CI reads.
set -u
pass=0; fail=0; failed=()
for t in "$@"; do
    echo "=== $t"
    if make --no-print-directory "$t"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); failed+=("$t")
    fi
done
echo
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
