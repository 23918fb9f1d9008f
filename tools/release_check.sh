#!/usr/bin/env bash
# release_check.sh - make release-check: two fresh clones of HEAD in two
# folders (of different depth and name, so a path written into a file
# shows), each with its own build/, make release in each side by side
# (the second in another time zone, locale and umask), then the two
# release folders compared file by file, byte for byte, and the ELFs the
# tests run too. Then the comparison is shown to refuse a copy with one
# byte changed and one with a file more. The installed packages are
# shared (Debian's, npm's cache); no build/ is.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
rev=$(git rev-parse HEAD)
out=build/release-check
rm -rf "$out" && mkdir -p "$out"
one=$top/$out/one/nim-toy
two=$top/$out/second/a-longer/path/nim
git diff --quiet HEAD -- || echo "release-check: uncommitted changes are not in the clones: HEAD $rev is checked"
start=$(date +%s)
for d in "$one" "$two"; do
    mkdir -p "$(dirname "$d")"
    git clone -q --no-hardlinks "$top" "$d"
    git -C "$d" checkout -q --detach "$rev"
done
( cd "$one" && TZ=UTC LC_ALL=C make --no-print-directory release </dev/null ) > "$one.log" 2>&1 &
pid1=$!
( cd "$two" && umask 027 && TZ=Pacific/Kiritimati LC_ALL=C.UTF-8 LANG=C.UTF-8 \
    make --no-print-directory release </dev/null ) > "$two.log" 2>&1 &
pid2=$!
fail=0
wait $pid1 || { fail=1; echo "release-check: make release failed in $one, its log:"; tail -n 30 "$one.log"; }
wait $pid2 || { fail=1; echo "release-check: make release failed in $two, its log:"; tail -n 30 "$two.log"; }
[ $fail = 0 ] || exit 1
secs=$(( $(date +%s) - start ))

# same A B: the same file names, each the same bytes; says what differs
same() {
    (cd "$1" && find . -type f | LC_ALL=C sort) > "$out/a.list"
    (cd "$2" && find . -type f | LC_ALL=C sort) > "$out/b.list"
    if ! cmp -s "$out/a.list" "$out/b.list"; then
        echo "release-check: other files: $(diff "$out/a.list" "$out/b.list" | grep '^[<>]' | tr '\n' ' ')"
        return 1
    fi
    local f bad=0
    while read -r f; do
        cmp -s "$1/$f" "$2/$f" || { echo "release-check: ${f#./} differs"; bad=1; }
    done < "$out/a.list"
    return $bad
}
a=$(ls -d "$one"/build/release/nim-toy-*)
b=$(ls -d "$two"/build/release/nim-toy-*)
[ "$(basename "$a")" = "$(basename "$b")" ] || { echo "release-check: $(basename "$a") and $(basename "$b")"; exit 1; }
same "$a" "$b" || { echo "release-check: FAIL: the two clones' releases differ (logs: $one.log, $two.log)"; exit 1; }
n=$(grep -c '' "$out/a.list")
for f in build/nim.elf build/m4/nim.elf; do
    cmp -s "$one/$f" "$two/$f" || { echo "release-check: FAIL: $f differs between the clones"; exit 1; }
done
python3 tools/release.py check "$a" >/dev/null
echo "release-check: two clones of $(git rev-parse --short "$rev") in two folders give the same $n files of $(basename "$a") and the same ELFs ($secs s): ok"

# the comparison refuses what it must: one byte changed, one file more
for m in byte file; do
    rm -rf "$out/$m" && cp -r "$b" "$out/$m"
done
printf '\001' | dd of="$out/byte/nim-8-columns.hex" bs=1 seek=100 conv=notrunc status=none
echo extra > "$out/file/web/extra.js"
for m in byte file; do
    if same "$a" "$out/$m" > "$out/$m.log"; then
        echo "release-check: FAIL: a copy with one $m changed passed the comparison"; exit 1
    fi
    echo "  refused as it must be ($m): $(head -n 1 "$out/$m.log")"
done
