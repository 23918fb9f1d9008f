#!/usr/bin/env bash
# test_deps.sh - tools/install_deps.sh without root and without installing
# anything: fake dpkg-query, apt-get and sudo log every call they get.
#   not Debian (no dpkg-query, no apt-get on PATH): lists the packages and
#     what is missing, says NO_DEPS=1, exits 1, calls nothing
#   NO_DEPS=1, everything there: exits 0 silently, calls nothing
#   NO_DEPS=1, a tool missing: names its package, exits 1, calls nothing
#   Debian, a package not installed: apt-get is called for it (the fakes
#     do see an install, so the cases above can fail)
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
script=$here/tools/install_deps.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
check() {       # check WHAT CONDITION...
    local what=$1; shift
    if "$@"; then echo "  ok   $what"; else echo "  FAIL $what"; bad=1; fi
}

# A bare system: a shell and a few tools, no avr-gcc, no dpkg.
mkdir -p "$tmp/bare" "$tmp/fake"
for c in bash env id grep cat; do ln -s "$(command -v $c)" "$tmp/bare/$c"; done
log=$tmp/calls
for c in dpkg-query apt-get sudo; do
    printf '#!/bin/sh\necho "%s $*" >> %s\n%s\n' "$c" "$log" \
        "$([ $c = dpkg-query ] && echo 'exit 1' || echo 'exit 0')" > "$tmp/fake/$c"
    chmod +x "$tmp/fake/$c"
done
run() {         # run PATH [VAR=VALUE] PACKAGE...: sets rc, out, calls
    local path=$1; shift
    : > "$log"
    out=$(env -i HOME="$tmp" PATH="$path" "$@" 2>&1)
    rc=$?
    calls=$(cat "$log")
}

echo "install_deps.sh, not Debian:"
run "$tmp/bare" bash "$script" gcc-avr python3-serial avrdude
echo "$out" | sed 's/^/    | /'
check "exits 1" [ "$rc" = 1 ]
check "says it is not Debian" grep -q "no dpkg-query and apt-get (not Debian" <<<"$out"
check "lists each package, the missing ones marked" bash -c 'grep -Eq "^deps: +gcc-avr +MISSING" <<<"$1" &&
    grep -Eq "^deps: +avrdude +MISSING" <<<"$1" && grep -Eq "^deps: +python3-serial +(found|MISSING)" <<<"$1"' _ "$out"
check "says NO_DEPS=1" grep -q "run make with NO_DEPS=1" <<<"$out"
check "no dpkg-query error, nothing called" bash -c '[ -z "$1" ] && ! grep -q "not found" <<<"$2"' _ "$calls" "$out"

echo "install_deps.sh, NO_DEPS=1:"
run "$tmp/fake:$PATH" NO_DEPS=1 bash "$script" gcc-avr binutils-avr
check "everything there: exits 0, says nothing, calls nothing" [ "$rc$out$calls" = 0 ]
run "$tmp/fake:$tmp/bare" NO_DEPS=1 bash "$script" gcc-avr binutils-avr
echo "$out" | sed 's/^/    | /'
check "avr-gcc missing: exits 1" [ "$rc" = 1 ]
check "names the packages gcc-avr and binutils-avr" \
    bash -c 'grep -Eq "^deps: +gcc-avr +MISSING" <<<"$1" && grep -Eq "^deps: +binutils-avr +MISSING" <<<"$1"' _ "$out"
check "calls no dpkg-query, apt-get or sudo" [ -z "$calls" ]

echo "install_deps.sh, Debian (fakes):"
run "$tmp/fake:$PATH" bash "$script" gcc-avr
check "a package not installed: apt-get installs it" grep -q "apt-get install .*gcc-avr" <<<"$calls"

[ $bad = 0 ] && echo "deps test: ok" || echo "deps test: FAIL"
exit $bad
