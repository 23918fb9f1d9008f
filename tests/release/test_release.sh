#!/usr/bin/env bash
# test_release.sh - make test-release: tools/release.py on a made-up set
# of built files (no KiCad, no OpenSCAD: the real folder is make
# release's, and make release-check proves it reproducible). The folder's
# README lists every file with its size, SHA256SUMS verifies with
# sha256sum itself, two output paths give the same bytes, the check
# refuses a changed, an added and an unlisted file, a file without a
# description stops the release, and the CHANGELOG block is written under
# the version's heading once (the second run changes nothing).
set -euo pipefail
cd "$(dirname "$0")/../.."
t=build/release-test
rm -rf "$t" && mkdir -p "$t/in/web/m4" "$t/in/web/course"
for f in nim.hex m4.hex handheld-fab.zip handheld-bom.csv handheld-pos.csv handheld-schematic.svg \
        case-bottom.stl case-lid.stl case-button.stl web/index.html web/nim.hex web/m4/index.html \
        web/m4/nim.hex web/course/lesson-1.html; do
    printf 'made-up %s\n' "$f" > "$t/in/$f"
done
files=(nim-8-columns.hex="$t/in/nim.hex" nim-32-columns.hex="$t/in/m4.hex")
for f in handheld-fab.zip handheld-bom.csv handheld-pos.csv handheld-schematic.svg case-bottom.stl case-lid.stl case-button.stl; do
    files+=("$f=$t/in/$f")
done
files+=(web="$t/in/web")
fail() { echo "test-release: FAIL: $*"; exit 1; }
python3 tools/release.py make 9.8.7 "$t/a/nim-toy-9.8.7" "${files[@]}" >/dev/null
python3 tools/release.py make 9.8.7 "$t/other/path/nim-toy-9.8.7" "${files[@]}" >/dev/null
a=$t/a/nim-toy-9.8.7
(cd "$a" && sha256sum --quiet -c SHA256SUMS) || fail "sha256sum -c SHA256SUMS"
n=$(cd "$a" && find . -type f | wc -l)
[ "$n" = 16 ] || fail "$n files, 16 made"
[ "$(grep -c '' "$a/SHA256SUMS")" = 15 ] || fail "SHA256SUMS does not hold the 15 other files"
grep -q "^web/course/lesson-1.html  *$(stat -c %s "$a/web/course/lesson-1.html")  the course" "$a/README.txt" \
    || fail "README.txt: no line for web/course/lesson-1.html with its size"
diff -r "$a" "$t/other/path/nim-toy-9.8.7" >/dev/null || fail "two output paths, other bytes"
echo "test-release: a folder of 16 files, each in README.txt with its size, sha256sum -c passes; two paths, same bytes: ok"

# the check must refuse each broken copy
refuse() {  # NAME: the copy in $t/$1/nim-toy-9.8.7, changed by the caller
    if python3 tools/release.py check "$t/$1/nim-toy-9.8.7" > "$t/$1.log" 2>&1; then
        fail "the check passed a $1 copy"
    fi
    echo "  refused as it must be ($1): $(sed -n 2p "$t/$1.log" | sed 's/^ *//')"
}
for m in changed added unlisted; do mkdir -p "$t/$m" && cp -r "$a" "$t/$m/"; done
sed -i 's/made-up/made-UP/' "$t/changed/nim-toy-9.8.7/case-lid.stl"    # same size, another sum
echo extra > "$t/added/nim-toy-9.8.7/web/extra.js"
grep -v '^case-button.stl' "$a/README.txt" > "$t/unlisted/nim-toy-9.8.7/README.txt"
for m in changed added unlisted; do refuse "$m"; done
if python3 tools/release.py make 9.8.7 "$t/b/nim-toy-9.8.7" "${files[@]}" mystery.bin="$t/in/nim.hex" > "$t/mystery.log" 2>&1; then
    fail "a file without a description was released"
fi
grep -q 'mystery.bin: no description' "$t/mystery.log" || fail "no word on mystery.bin: $(cat "$t/mystery.log")"
echo "  refused as it must be (no description): $(cat "$t/mystery.log")"

# the CHANGELOG block, under the version's heading, written once
printf '# Changelog\n\n## 9.8.7 (2026-12-01)\n\n- a change\n\n## 9.8.6 (2026-11-01)\n\n- older\n' > "$t/CHANGELOG.md"
python3 tools/release.py notes "$a" "$t/CHANGELOG.md" >/dev/null
cp "$t/CHANGELOG.md" "$t/CHANGELOG.once"
python3 tools/release.py notes "$a" "$t/CHANGELOG.md" >/dev/null
cmp -s "$t/CHANGELOG.md" "$t/CHANGELOG.once" || fail "release-notes twice wrote another CHANGELOG"
sed -n '/^## 9.8.7/,/^## 9.8.6/p' "$t/CHANGELOG.md" | grep -q "^| \`case-lid.stl\` | $(stat -c %s "$a/case-lid.stl") | \`$(sha256sum "$a/case-lid.stl" | cut -d' ' -f1)\` |$" \
    || fail "CHANGELOG: no line for case-lid.stl with its size and sum under 9.8.7"
sed -n '/^## 9.8.6/,$p' "$t/CHANGELOG.md" | grep -q 'Release files' && fail "the block went under 9.8.6"
printf 'x' >> "$a/case-lid.stl"
python3 tools/release.py notes "$a" "$t/CHANGELOG.md" >/dev/null
cmp -s "$t/CHANGELOG.md" "$t/CHANGELOG.once" && fail "a changed file left the CHANGELOG block as it was"
echo "test-release: CHANGELOG.md's block under the version, each file's size and SHA-256, rewritten on a change only: ok"
