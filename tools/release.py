#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""release.py: the folder a maker downloads (make release), its list in
CHANGELOG.md (make release-notes), and its self-check.

  release.py make VERSION OUTDIR DEST=SRC ...
      OUTDIR emptied, each SRC (a file or a folder, copied whole) copied
      to OUTDIR/DEST, then README.txt (every file, its size and what it
      is) and SHA256SUMS (`sha256sum -c SHA256SUMS` format) written. A
      file no description below names stops the release: the README
      never leaves one out.
  release.py check OUTDIR
      README.txt lists every file of the folder with its size, and
      SHA256SUMS holds every file (README.txt too) with its sum.
  release.py notes OUTDIR CHANGELOG
      writes the "Release files" block (name, size, SHA-256) under the
      heading of OUTDIR's version in CHANGELOG, replacing the one there.
  release.py version GAME_H
      the firmware's version (APP_VERSION, what VER answers).

Nothing written depends on the clock, the machine, the path or the
commit: two clean clones of one commit give the same bytes (make
release-check), and the CHANGELOG list can name the files' sums."""
import hashlib
import os
import re
import shutil
import sys

# What each file is, by its place in the folder (first match wins; a
# trailing "*" matches the rest of a path). {v} is the version.
DESCRIBE = [
    ("nim-8-columns.hex", "the firmware for one 8x8 matrix (the handheld board, or a Nano "
     "with one MAX7219 module): Intel HEX, flash only, as `make` builds it"),
    ("nim-32-columns.hex", "the firmware for four chained modules, 32x8 (a Nano build): "
     "as `make MODULES=4` builds it"),
    ("*-fab.zip", "the handheld board's fabrication files for a PCB maker: Gerbers "
     "(Protel names), the Gerber job file, the drill files (plated and not), "
     "the BOM and the pick-and-place"),
    ("*-bom.csv", "the handheld board's bill of materials (also in the zip)"),
    ("*-pos.csv", "the handheld board's pick-and-place, mm from the board's bottom "
     "left corner (also in the zip)"),
    ("*-schematic.svg", "the handheld board's schematic, for soldering and checking"),
    ("case-bottom.stl", "the case's bottom shell, to print (the project's board/case/README.md)"),
    ("case-lid.stl", "the case's lid, to print"),
    ("case-button.stl", "a button cap, to print (six are needed)"),
    ("web/index.html", "the browser page: the 8-column firmware on avr8js, one static file "
     "(open it, or copy web/ to any static host)"),
    ("web/nim.hex", "the image the page runs (the same bytes as nim-8-columns.hex)"),
    ("web/m4/index.html", "the browser page on 32 columns"),
    ("web/m4/nim.hex", "the image the 32-column page runs (= nim-32-columns.hex)"),
    ("web/course/*", "the course's lessons, rendered for the page"),
    ("web/*", "a file of the browser page"),
    ("README.txt", "this list"),
    ("SHA256SUMS", "every other file's SHA-256: `sha256sum -c SHA256SUMS` in this folder"),
]
README = "README.txt"
SUMS = "SHA256SUMS"
BLOCK_START = "<!-- release-files: written by make release-notes -->"
BLOCK_END = "<!-- /release-files -->"


def die(msg):
    print("release: " + msg, file=sys.stderr)
    sys.exit(1)


def rel_files(top):
    """Every file under top, as paths with '/', in byte order."""
    out = []
    for root, dirs, files in os.walk(top):
        for f in files:
            out.append(os.path.relpath(os.path.join(root, f), top).replace(os.sep, "/"))
    return sorted(out, key=lambda p: p.encode())


def rel_describe(path):
    for pattern, what in DESCRIBE:
        if pattern.endswith("*") and path.startswith(pattern[:-1]) and "/" in pattern:
            return what
        if pattern.startswith("*") and "/" not in path and path.endswith(pattern[1:]):
            return what
        if pattern == path:
            return what
    return None


def rel_sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def rel_copy(src, dst):
    """Contents only: the modes are fixed (0644, 0755 for folders), so
    what a umask or a checkout left does not travel with the files."""
    if os.path.isdir(src):
        os.makedirs(dst, 0o755, exist_ok=True)
        for name in sorted(os.listdir(src)):
            rel_copy(os.path.join(src, name), os.path.join(dst, name))
        return
    if not os.path.isfile(src):
        die(f"{src}: missing (what builds it: docs/build.md, the release)")
    shutil.copyfile(src, dst)
    os.chmod(dst, 0o644)


def rel_readme(version, top, files):
    """README.txt: the version, then each file with its size and what it is."""
    width = max(len(p) for p in files + [README, SUMS])
    lines = [f"Nim toy {version}: the release", "",
             "The firmware images, the handheld board's fabrication files, the case's",
             "STLs and the browser page, built by `make release` from the project's",
             f"sources of version {version} (its README, \"Build one\", tells the rest).",
             "Flash an image over the serial header or a Nano's USB (Optiboot: 115200 baud;",
             "a Nano with the old bootloader: 57600):",
             "  avrdude -c arduino -p m328p -P /dev/ttyUSB0 -b 115200 -D -U flash:w:nim-8-columns.hex:i",
             "Check the files: sha256sum -c SHA256SUMS", ""]
    tools = os.environ.get("RELEASE_TOOLS", "").strip()
    if tools:
        lines += ["Built with " + tools + ":", "the same sources and these versions give the same bytes.", ""]
    lines += ["Bytes and what each file is:", ""]
    for p in files + [README, SUMS]:
        what = rel_describe(p)
        if what is None:
            die(f"{p}: no description in tools/release.py DESCRIBE: add one")
        size = "-" if p in (README, SUMS) else str(os.path.getsize(os.path.join(top, p)))
        lines.append(f"{p:<{width}}  {size:>8}  {what}")
    lines += ["", "(README.txt's sum is in SHA256SUMS; the sizes and sums of both are in the",
              "project's CHANGELOG.md, under this version's \"Release files\".)"]
    return "\n".join(lines) + "\n"


def cmd_make(version, out, pairs):
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        die(f"version {version!r} is not X.Y.Z (read from APP_VERSION)")
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out, 0o755)
    for pair in pairs:
        dest, _, src = pair.partition("=")
        if not dest or not src or dest in (README, SUMS):
            die(f"{pair!r}: want DEST=SRC")
        rel_copy(src, os.path.join(out, dest))
    files = rel_files(out)
    with open(os.path.join(out, README), "w", encoding="utf-8", newline="\n") as f:
        f.write(rel_readme(version, out, files))
    files = rel_files(out)
    with open(os.path.join(out, SUMS), "w", encoding="utf-8", newline="\n") as f:
        for p in files:
            f.write(f"{rel_sha(os.path.join(out, p))}  {p}\n")
    for p in (README, SUMS):
        os.chmod(os.path.join(out, p), 0o644)
    cmd_check(out)


def rel_version(out):
    m = re.fullmatch(r"nim-toy-(\d+\.\d+\.\d+)", os.path.basename(os.path.normpath(out)))
    if not m:
        die(f"{out}: not a release folder (nim-toy-X.Y.Z)")
    return m.group(1)


def cmd_check(out):
    """The README names every file with its size; SHA256SUMS holds every
    file with its sum, and nothing else."""
    rel_version(out)
    files = rel_files(out)
    for need in (README, SUMS):
        if need not in files:
            die(f"{out}: no {need}")
    listed = {}
    with open(os.path.join(out, README), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"(\S+)\s+(\d+|-)\s\s\S", line)
            if m:
                listed[m.group(1)] = m.group(2)
    errors = []
    for p in files:
        want = "-" if p in (README, SUMS) else str(os.path.getsize(os.path.join(out, p)))
        if p not in listed:
            errors.append(f"{README} does not list {p}")
        elif listed[p] != want:
            errors.append(f"{README} gives {p} {listed[p]} bytes, it has {want}")
    errors += [f"{README} lists {p}, not in the folder" for p in listed if p not in files]
    sums = {}
    with open(os.path.join(out, SUMS), encoding="utf-8") as f:
        for line in f:
            m = re.fullmatch(r"([0-9a-f]{64})  (\S+)\n", line)
            if not m:
                errors.append(f"{SUMS}: not a sum line: {line!r}")
                continue
            sums[m.group(2)] = m.group(1)
    for p in files:
        if p == SUMS:
            continue
        if p not in sums:
            errors.append(f"{SUMS} has no sum of {p}")
        elif sums[p] != rel_sha(os.path.join(out, p)):
            errors.append(f"{SUMS}: {p} has another sum")
    errors += [f"{SUMS} names {p}, not in the folder" for p in sums if p not in files]
    if errors:
        die(f"{out}:\n  " + "\n  ".join(errors))
    print(f"release: {out}: {len(files)} files, each in {README} with its size and in {SUMS}: ok")


def rel_block(out):
    """The CHANGELOG's list: every file outside web/ one by one, the page's
    files as one line (each is in SHA256SUMS, whose own sum is listed)."""
    version = rel_version(out)
    files = rel_files(out)
    web = [p for p in files if p.startswith("web/")]
    lines = [BLOCK_START, "",
             "### Release files", "",
             f"`make release` writes `build/release/nim-toy-{version}/`; these are its files",
             "(`make release-notes` writes this list; `SHA256SUMS` holds the sum of every",
             "other file, the page's too).", "",
             "| file | bytes | SHA-256 |", "|---|---:|---|"]
    for p in files:
        if p.startswith("web/"):
            continue
        lines.append(f"| `{p}` | {os.path.getsize(os.path.join(out, p))} | `{rel_sha(os.path.join(out, p))}` |")
    if web:
        size = sum(os.path.getsize(os.path.join(out, p)) for p in web)
        lines.append(f"| `web/` ({len(web)} files) | {size} | in `SHA256SUMS` |")
    lines += ["", BLOCK_END]
    return version, "\n".join(lines) + "\n"


def cmd_notes(out, changelog):
    version, block = rel_block(out)
    with open(changelog, encoding="utf-8") as f:
        text = f.read()
    head = re.search(r"^## " + re.escape(version) + r" \(\d{4}-\d\d-\d\d\)\n", text, re.M)
    if not head:
        die(f"{changelog} has no heading '## {version} (YYYY-MM-DD)'")
    nxt = re.search(r"^## ", text[head.end():], re.M)
    end = head.end() + nxt.start() if nxt else len(text)
    section = text[head.end():end]
    old = re.search(re.escape(BLOCK_START) + r".*?" + re.escape(BLOCK_END) + r"\n", section, re.S)
    if old:
        section = section[:old.start()] + block + section[old.end():]
    else:
        section = section.rstrip("\n") + "\n\n" + block + ("\n" if nxt else "")
    new = text[:head.end()] + section + text[end:]
    if new != text:
        with open(changelog, "w", encoding="utf-8", newline="\n") as f:
            f.write(new)
        print(f"release-notes: {changelog}: {version}'s release files written")
    else:
        print(f"release-notes: {changelog}: {version}'s release files as committed")


def cmd_version(game_h):
    with open(game_h, encoding="utf-8") as f:
        m = re.search(r'^#define APP_VERSION "([^"]*)"', f.read(), re.M)
    if not m:
        die(f"{game_h}: no APP_VERSION")
    print(m.group(1))


def main(argv):
    os.umask(0o022)
    if len(argv) >= 4 and argv[1] == "make":
        cmd_make(argv[2], argv[3], argv[4:])
    elif len(argv) == 3 and argv[1] == "check":
        cmd_check(argv[2])
    elif len(argv) == 4 and argv[1] == "notes":
        cmd_notes(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "version":
        cmd_version(argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
