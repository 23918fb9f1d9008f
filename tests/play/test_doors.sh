#!/usr/bin/env bash
# test_doors.sh GRUNDY NIMSIM: the small doors of issue 11.
#  1. Nothing read while the Makefiles are parsed runs a tool that make deps
#     installs: every program of those packages is replaced by a stub that
#     logs its call, the host compiler by one that finds no library; parsing
#     must call none of them, and the simulator's link line must leave the
#     libraries to the linker (found when it runs, after deps).
#  2. make help lists every test target, under headings of two items or more.
#  3. make flash / flash-isp / fuses without a board: advice, the ports and
#     USB devices seen, exit non-zero, no avrdude run.
#  4. README.md and sim/README.md send nobody outside the repository.
#  5. build/grundy takes rule names in any case; nimsim -h is --help.
set -u
GRUNDY=$1 NIMSIM=$2
pass=0 fail=0
ok() { echo "  ok   $*"; pass=$((pass + 1)); }
bad() { echo "  FAIL $*"; fail=$((fail + 1)); }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
M="make --no-print-directory"

# --- 1. parse time -------------------------------------------------------------
pkgs=$($M -pq clean 2>/dev/null | sed -n 's/^DEB_PACKAGES := //p')
[ -n "$pkgs" ] || bad "DEB_PACKAGES not found in make's database"
mkdir -p "$T/bin"
n=0
for f in $(dpkg -L $pkgs 2>/dev/null | grep -E '^/usr/bin/[^/]+$' | sort -u); do
    printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\nexit 127\n' "${f##*/}" "$T" > "$T/bin/${f##*/}"
    chmod +x "$T/bin/${f##*/}"; n=$((n + 1))
done
cat > "$T/bin/hostcc" <<CC
#!/bin/sh
echo "hostcc \$*" >> "$T/calls"
case "\$1" in -print-file-name=*) echo "\${1#-print-file-name=}"; exit 0 ;; esac
exec cc "\$@"
CC
chmod +x "$T/bin/hostcc"
: > "$T/calls"
for goal in clean help; do
    PATH="$T/bin:$PATH" $M -n $goal HOST_CC="$T/bin/hostcc" > /dev/null 2>&1 \
        || bad "make -n $goal fails with the packages' programs absent"
done
if [ $n -gt 20 ] && [ ! -s "$T/calls" ]; then
    ok "parsing the Makefiles runs none of the $n programs of make deps' packages, nor the compiler"
else
    bad "parse-time calls ($n stubs):"; sed 's/^/       /' "$T/calls"
fi
# (bench: its sub-makes; under -n they cannot build what the next one needs)
planned=1
for goal in play test "flash PORT=/dev/null" bench-build all; do
    PATH="$T/bin:$PATH" $M -n $goal HOST_CC="$T/bin/hostcc" > "$T/n.out" 2>&1 \
        || { planned=0; bad "make -n $goal with the packages absent"; sed 's/^/       /' "$T/n.out" | tail -5; }
done
[ $planned = 1 ] && ok "make -n play / test / flash / bench / all plan with the packages absent"
link=$(PATH="$T/bin:$PATH" $M -n -B "$NIMSIM" HOST_CC="$T/bin/hostcc" 2>/dev/null | grep -- "-o $NIMSIM ")
if grep -q -- '-l:libsimavrparts.a -l:libsimavr.a' <<<"$link" && ! grep -q '/libsimavr' <<<"$link"; then
    ok "nimsim's link line names the simavr archives for the linker to find (-l:libsimavr*.a)"
else bad "nimsim link line: $link"; fi

# --- 2. make help --------------------------------------------------------------
$M help > "$T/help" 2>&1
targets=$($M -pq clean 2>/dev/null | sed -n 's/^TEST_TARGETS := //p')
missing=""
for t in $targets play test deps clean help flash flash-isp fuses find-board find-isp nimsim size bench fuzz; do
    grep -qE "^  make $t( |$)" "$T/help" || missing="$missing $t"
done
[ -n "$targets" ] && [ -z "$missing" ] && ok "make help lists every test target ($(wc -w <<<"$targets")) and the others" \
    || bad "make help misses:$missing"
lonely=$(awk '/^[^ ]/ { if (h != "" && n < 2) print h; h = $0; n = 0; next } /^  [^ ]/ { n++ } END { if (n < 2) print h }' "$T/help")
[ -z "$lonely" ] && ok "every heading of make help holds two items or more" || bad "headings with one item: $lonely"

# --- 3. flashing without a board ---------------------------------------------------
mkdir -p "$T/dev" "$T/usb/1-1"
echo 1a86 > "$T/usb/1-1/idVendor"; echo 7523 > "$T/usb/1-1/idProduct"; echo "USB Serial" > "$T/usb/1-1/product"
export FLASH_DEV_DIR="$T/dev" FLASH_USB_DIR="$T/usb"
check_noboard() {   # target, expected words...
    local goal=$1; shift
    $M $goal AVRDUDE="$T/bin/avrdude" > "$T/f.out" 2>&1; local rc=$?
    local w miss=""
    for w in "$@"; do grep -qF -- "$w" "$T/f.out" || miss="$miss '$w'"; done
    if [ $rc -ne 0 ] && [ -z "$miss" ] && ! grep -q avrdude "$T/calls" && [ "$(grep -c . "$T/f.out")" -le 8 ]; then
        ok "make $goal without a board: advice, exit $rc, no avrdude"
    else bad "make $goal (rc $rc, missing$miss):"; sed 's/^/       /' "$T/f.out"; fi
}
: > "$T/calls"
check_noboard flash "no board found" "Plug the board in" "PORT=" "Serial ports seen: none"
check_noboard "flash PORT=$T/dev/ttyUSB9" "no serial port $T/dev/ttyUSB9" "PORT=" "Serial ports seen: none"
check_noboard flash-isp "no usbasp programmer found" "ISP=" "1a86:7523 USB Serial" "Serial ports seen: none"
check_noboard fuses "no usbasp programmer found" "ISP=" "1a86:7523 USB Serial"
check_noboard "fuses ISP=avrisp" "no board found" "PORT="
touch "$T/dev/ttyUSB0" "$T/dev/ttyACM0"
check_noboard flash "2 serial ports" "PORT=$T/dev/ttyUSB0" "Serial ports seen: $T/dev/ttyUSB0 $T/dev/ttyACM0 ("
rm "$T/dev/ttyACM0"
if $M find-board > "$T/f.out" 2>&1 && grep -q "the board is on $T/dev/ttyUSB0" "$T/f.out"; then
    ok "make find-board finds the one serial port there is"
else bad "find-board with one port:"; cat "$T/f.out"; fi
unset FLASH_DEV_DIR FLASH_USB_DIR

# --- 4. no links out of the repository ----------------------------------------------
if grep -n '\.\./shared\|/work/' README.md sim/README.md; then bad "README links outside the repository"
else ok "README.md and sim/README.md name no file outside the repository"; fi

# --- 5. grundy names, nimsim -h -------------------------------------------------------
a=$("$GRUNDY" KAYLES 30) b=$("$GRUNDY" kayles 30) c=$("$GRUNDY" 'Take 1-3 Dr Nim' 8) d=$("$GRUNDY" sub3 8)
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$c" = "0 1 2 3 0 1 2 3" ] && [ "$d" = "$c" ]; then
    ok "build/grundy takes rule names and ids in any case"
else bad "grundy: '$a' / '$b' / '$c' / '$d'"; fi
"$GRUNDY" nosuchrule 5 > /dev/null 2>&1; [ $? -ne 0 ] && ok "build/grundy still refuses an unknown name" || bad "grundy nosuchrule"
h1=$("$NIMSIM" -h); r1=$?; h2=$("$NIMSIM" --help); r2=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ] && [ "$h1" = "$h2" ] && grep -q '^usage: nimsim' <<<"$h1" \
    && ok "nimsim -h prints the usage like --help, exit 0" || bad "nimsim -h (rc $r1)"

echo "test-doors: $pass passed, $fail failed"
[ $fail -eq 0 ]
