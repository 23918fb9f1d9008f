#!/usr/bin/env bash
# install_deps.sh PACKAGE... - installs the named Debian packages that are
# not installed yet. Needs root (or sudo) only when something is missing;
# never asks questions.
#   NO_DEPS=1   installs nothing (for those who manage their packages
#               themselves): only checks that what the build uses from each
#               package is there, and stops naming the package if not.
#   not Debian  (no dpkg-query or apt-get): prints the packages, which of
#               them seem missing, and how to go on; stops.
set -euo pipefail

# What the build uses from each package, checked without dpkg (a command, a
# header, a Python module, a path the makefiles name), so that the check
# holds on any system. A package without a line here is not checked.
declare -A PROBE=(
    [gcc-avr]="command -v avr-gcc"
    [avr-libc]="echo '#include <avr/eeprom.h>' | avr-gcc -mmcu=atmega328p -E -x c -"
    [binutils-avr]="command -v avr-objcopy && command -v avr-size && command -v avr-nm"
    [simavr]="command -v simavr"
    [libsimavr-dev]="test -f /usr/include/simavr/sim_avr.h"
    [libelf-dev]="echo '#include <libelf.h>' | cc -E -x c -"
    [zlib1g-dev]="echo '#include <zlib.h>' | cc -E -x c -"
    [avrdude]="command -v avrdude"
    [arduino-core-avr]="test -d /usr/share/arduino/hardware/arduino/avr/bootloaders"
    [pkg-config]="command -v pkg-config"
    [clang]="command -v clang"
    [python3]="command -v python3"
    [python3-serial]="/usr/bin/python3 -c 'import serial'"
    [gcc]="command -v gcc"
    [libc6-dev]="echo '#include <stdio.h>' | cc -E -x c -"
    [kicad]="/usr/bin/python3 -c 'import pcbnew'"
    [kicad-footprints]="test -d \"\${KICAD_FOOTPRINTS:-/usr/share/kicad/footprints}\""
    [python3-numpy]="/usr/bin/python3 -c 'import numpy'"
    [librsvg2-bin]="command -v rsvg-convert"
    [openscad]="command -v openscad"
    [xvfb]="command -v xvfb-run"
    [xauth]="command -v xauth"
    [nodejs]="command -v node"
    [npm]="command -v npm"
    [chromium]="command -v chromium"
    [fonts-tlwg-loma-ttf]="fc-list :lang=th family | grep -q ."
    [fonts-wqy-microhei]="fc-list :lang=zh-tw family | grep -q ."
)

# found PACKAGE: 0 when its probe passes (or it has none)
found() {
    [ -z "${PROBE[$1]:-}" ] || (eval "${PROBE[$1]}") >/dev/null 2>&1
}

# list PACKAGE...: one line each, with what was checked and its state
list() {
    for p in "$@"; do
        if found "$p"; then state="found"; else state="MISSING"; fi
        printf 'deps:   %-22s %-8s (%s)\n' "$p" "$state" "${PROBE[$p]:-not checked}"
    done
}

if [ "${NO_DEPS:-}" = 1 ]; then
    missing=()
    for p in "$@"; do found "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && exit 0
    echo "deps: NO_DEPS=1: nothing is installed, and these Debian packages (or your system's equivalents) are missing:" >&2
    list "${missing[@]}" >&2
    echo "deps: install them, or run make without NO_DEPS=1 on Debian to have them installed" >&2
    exit 1
fi

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
    {
        echo "deps: this machine has no dpkg-query and apt-get (not Debian or Ubuntu): make cannot install what it needs."
        echo "deps: install your system's equivalents of these Debian packages:"
        list "$@"
        echo "deps: then run make with NO_DEPS=1 (e.g. NO_DEPS=1 make test), which installs nothing"
    } >&2
    exit 1
fi

missing=()
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
        echo "deps: not root and no sudo: install ${missing[*]} as root, then run make again (or with NO_DEPS=1)" >&2
        exit 1
    }
    SUDO="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: done"
