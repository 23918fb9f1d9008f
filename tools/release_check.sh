#!/usr/bin/env bash
# release_check.sh - make release-check: two fresh clones of HEAD in two
# folders (of different depth and name, so a path written into a file
# shows), each with its own build/, make release in each, side by side,
# then the two release folders compared file by file, byte for byte.
# The installed packages are shared (Debian's, npm's cache); no build/ is.
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
pids=()
for d in "$one" "$two"; do
    mkdir -p "$(dirname "$d")"
    git clone -q --no-hardlinks "$top" "$d"
    git -C "$d" checkout -q --detach "$rev"
    ( cd "$d" && make --no-print-directory release </dev/null ) > "$d.log" 2>&1 &
    pids+=($!)
done
fail=0
for i in 0 1; do
    wait "${pids[$i]}" || { fail=1; echo "release-check: make release failed in clone $((i + 1)), its log:"; tail -n 30 "$([ $i = 0 ] && echo "$one" || echo "$two").log"; }
done
[ $fail = 0 ] || exit 1
a=$(ls -d "$one"/build/release/nim-toy-*)
b=$(ls -d "$two"/build/release/nim-toy-*)
[ "$(basename "$a")" = "$(basename "$b")" ] || { echo "release-check: $(basename "$a") and $(basename "$b")"; exit 1; }
(cd "$a" && find . -type f | LC_ALL=C sort) > "$out/one.list"
(cd "$b" && find . -type f | LC_ALL=C sort) > "$out/two.list"
diff -u "$out/one.list" "$out/two.list" || { echo "release-check: the two clones' releases hold other files"; exit 1; }
n=0
while read -r f; do
    cmp -s "$a/$f" "$b/$f" || { echo "release-check: ${f#./} differs between the clones"; fail=1; }
    n=$((n + 1))
done < "$out/one.list"
[ $fail = 0 ] || exit 1
python3 tools/release.py check "$a" >/dev/null
echo "release-check: two clones of $(git rev-parse --short HEAD) in two folders give the same $n files of $(basename "$a") ($(( $(date +%s) - start )) s): ok"
