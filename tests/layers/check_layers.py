#!/usr/bin/env python3
"""check_layers.py - the firmware's layers, held by the build (make test-layers).

firmware/firmware.mk compiles each room with the include paths of its own
layer and those below it. This test holds that from outside, against its
own table of what each room may see (LAYERS below, the drawing of
docs/architecture.md):

  1. every header of the firmware, included by a file of every room with
     that room's real flags (avr-gcc -fsyntax-only): it must compile where
     the table allows it and fail with "No such file" where it does not;
  2. no source reaches past its paths ("../" in an #include) and only
     hal/ and common/ name <avr/...>;
  3. end to end, on a copy of the project: the real make rule builds an
     object of each room, and refuses it once an upward #include is added
     (the engine naming hal.h, the game naming ui.h ...);
  4. the drawing of docs/architecture.md ("The files") names every room of
     firmware/ and every .c file in the room it is in, and nothing else.

Usage: check_layers.py ROOT CC_AND_FLAGS ROOM=INCLUDES...
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

# What each room may include, lowest first (board/ is data: every room).
LAYERS = {
    "common": ["common"],
    "hal": ["common", "hal"],
    "engine": ["common", "engine"],
    "lib": ["common", "hal", "lib"],
    "app/game": ["common", "hal", "engine", "lib", "app/game"],
    "app/ui": ["common", "hal", "engine", "lib", "app/game", "app/ui"],
    "app/link": ["common", "hal", "engine", "lib", "app/game", "app/ui", "app/link"],
    "app": ["common", "hal", "engine", "lib", "app/game", "app/ui", "app/link", "app"],
}

MAX_LINES = 500

# End to end: a source of a room given one upward #include each.
MUTATIONS = [
    ("firmware/engine/engine.c", "hal.h"),
    ("firmware/engine/solve.c", "game.h"),
    ("firmware/lib/store.c", "engine.h"),
    ("firmware/hal/display.c", "store.h"),
    ("firmware/app/game/game.c", "ui.h"),
    ("firmware/app/game/review.c", "proto.h"),
    ("firmware/app/ui/ui_draw.c", "proto.h"),
]

failures = []
quiet = False


def fail(msg):
    failures.append(msg)
    if not quiet:
        print("layers: FAIL " + msg)


def headers(root):
    """{header name: room} of every firmware header."""
    out = {}
    for room in LAYERS:
        d = os.path.join(root, "firmware", room)
        for f in sorted(os.listdir(d)):
            if f.endswith(".h"):
                if f in out:
                    fail("%s in two rooms (%s, %s): an #include would be ambiguous" % (f, out[f], room))
                out[f] = room
    return out


def compiles(cc, flags, text, tmp, root):
    src = os.path.join(tmp, "probe.c")
    with open(src, "w") as f:
        f.write(text)
    r = subprocess.run(cc + flags + ["-fsyntax-only", src], cwd=root,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0, r.stdout


def check_matrix(root, cc, room_flags, hdrs):
    tried = allowed = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        for room, flags in room_flags.items():
            for h, home in sorted(hdrs.items()):
                want = home in LAYERS[room]
                ok, out = compiles(cc, flags, '#include "%s"\nint probe_;\n' % h, tmp, root)
                tried += 1
                if want and not ok:
                    fail("%s may include %s (%s) but it does not compile:\n%s" % (room, h, home, out[:600]))
                elif not want and ok:
                    fail("%s includes %s (%s, above it or beside it): the build let it through" % (room, h, home))
                elif not want and "No such file" not in out:
                    fail("%s including %s failed, but not for the path:\n%s" % (room, h, out[:600]))
                else:
                    allowed += want
                    refused += not want
    print("layers: %d includes tried from %d rooms: %d allowed compile, %d upward or sideways refused"
          % (tried, len(room_flags), allowed, refused))


def check_sources(root):
    n = 0
    for room in LAYERS:
        d = os.path.join(root, "firmware", room)
        for f in sorted(os.listdir(d)):
            if not f.endswith((".c", ".h")):
                continue
            n += 1
            p = os.path.join("firmware", room, f)
            with open(os.path.join(root, p)) as fh:
                lines = fh.readlines()
            if len(lines) > MAX_LINES:
                fail("%s has %d lines (at most %d: split it by what it does)" % (p, len(lines), MAX_LINES))
            for i, line in enumerate(lines, 1):
                m = re.match(r'\s*#\s*include\s*([<"])([^>"]+)', line)
                if not m:
                    continue
                if "/" in m.group(2) and m.group(1) == '"':
                    fail("%s:%d includes %s by a path: rooms are reached by the build's -I only" % (p, i, m.group(2)))
                if m.group(2).startswith("avr/") and room not in ("hal", "common"):
                    fail("%s:%d names <%s>: only hal/ and common/ know the chip" % (p, i, m.group(2)))
    print("layers: %d sources read: none over %d lines, no include by path, <avr/...> only in hal/ and common/"
          % (n, MAX_LINES))


def check_table():
    """No circle: a room another may include never includes that one."""
    for room, below in LAYERS.items():
        for other in below:
            if other != room and room in LAYERS[other]:
                fail("rooms %s and %s may include each other: a circle" % (room, other))


def check_build(root):
    """The real make rule on a copy: builds, then refuses each mutation."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=root, stdout=subprocess.PIPE,
                           check=True).stdout.decode().split("\0")
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            if f.startswith(("firmware/", "board/", "tools/")) or f == "Makefile":
                os.makedirs(os.path.join(tmp, os.path.dirname(f)), exist_ok=True)
                shutil.copy2(os.path.join(root, f), os.path.join(tmp, f))
        # The package check passed already in this tree; the copy trusts it.
        os.makedirs(os.path.join(tmp, "build"))
        shutil.copy2(os.path.join(root, "build", ".deps-ok"), os.path.join(tmp, "build", ".deps-ok"))

        def make(obj):
            return subprocess.run(["make", "--no-print-directory", "-s", obj], cwd=tmp,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        for src, hdr in MUTATIONS:
            obj = "build/avr/" + src[len("firmware/"):-2] + ".o"
            r = make(obj)
            if r.returncode != 0:
                fail("make %s does not build unchanged:\n%s" % (obj, r.stdout[-800:]))
                continue
            p = os.path.join(tmp, src)
            with open(p) as fh:
                text = fh.read()
            with open(p, "w") as fh:
                fh.write('#include "%s"\n' % hdr + text)
            r = make(obj)
            if r.returncode == 0:
                fail("make %s built with an upward #include \"%s\"" % (obj, hdr))
            elif "%s: No such file" % hdr not in r.stdout:
                fail("make %s failed, but not for %s:\n%s" % (obj, hdr, r.stdout[-800:]))
            else:
                print("layers: %s with #include \"%s\": the build refuses it" % (src, hdr))
            with open(p, "w") as fh:
                fh.write(text)


def check_drawing(root, doc="docs/architecture.md"):
    """The files' drawing: a line '  room/  text' for each room, lowest
    first as the build lists them; the .c files its text names must be
    that room's .c files, all of them."""
    with open(os.path.join(root, doc)) as f:
        text = f.read()
    m = re.search(r"## The files\s*```\n(.*?)```", text, re.S)
    if not m:
        fail("%s has no drawing under '## The files'" % doc)
        return
    drawn, room = {}, None
    for line in m.group(1).splitlines():
        r = re.match(r"  ([a-z]+(?:/[a-z]+)?)/\s", line)
        if r:
            room = r.group(1)
            drawn[room] = set()
        elif not line.startswith("   "):
            room = None
        if room:
            drawn[room] |= set(re.findall(r"\b([a-z_0-9]+\.c)\b", line))
    real = {}
    for dirpath, dirs, files in os.walk(os.path.join(root, "firmware")):
        rel = os.path.relpath(dirpath, os.path.join(root, "firmware"))
        if rel != ".":
            real[rel] = {f for f in files if f.endswith(".c")}
    for r in sorted(set(real) | set(drawn)):
        if r not in drawn:
            fail("%s draws no room firmware/%s/" % (doc, r))
        elif r not in real:
            fail("%s draws firmware/%s/, which is not a folder" % (doc, r))
        elif r != "gen":
            for c in sorted(real[r] - drawn[r]):
                fail("%s: firmware/%s/%s is not in its room's line" % (doc, r, c))
            for c in sorted(drawn[r] - real[r]):
                fail("%s: firmware/%s/ names %s, which is not there" % (doc, r, c))
    if not quiet:
        print("layers: %s draws the %d rooms of firmware/ and their .c files" % (doc, len(real)))


def self_test_drawing(root):
    """The drawing's check on a copy with one file left out of its line."""
    global failures, quiet
    with open(os.path.join(root, "docs/architecture.md")) as f:
        text = f.read()
    cut = text.replace(" clock.c", " ", 1)
    if cut == text:
        fail("self-test: docs/architecture.md names no clock.c to cut")
        return
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "docs"))
        os.symlink(os.path.join(root, "firmware"), os.path.join(tmp, "firmware"))
        with open(os.path.join(tmp, "docs/architecture.md"), "w") as f:
            f.write(cut)
        kept, failures, quiet = failures, [], True
        check_drawing(tmp)
        caught, failures, quiet = failures, kept, False
    if not any("clock.c" in c for c in caught):
        fail("self-test: a drawing without clock.c passed")
    else:
        print("layers: self-test: a drawing without hal/clock.c is caught")


def main():
    root, cc = sys.argv[1], shlex.split(sys.argv[2])
    room_flags = {}
    for a in sys.argv[3:]:
        room, _, inc = a.partition("=")
        room_flags[room] = shlex.split(inc)
    missing = set(LAYERS) - set(room_flags) - {"common"}
    if missing:
        fail("the build names no include paths for room(s) %s" % ", ".join(sorted(missing)))
    extra = set(room_flags) - set(LAYERS)
    if extra:
        fail("the build has room(s) this test does not know: %s" % ", ".join(sorted(extra)))
    check_table()
    hdrs = headers(root)
    for d in sorted(os.listdir(os.path.join(root, "firmware"))):
        full = os.path.join(root, "firmware", d)
        if os.path.isdir(full) and d not in ("gen", "app") and d not in LAYERS:
            fail("firmware/%s is a room this test does not know" % d)
    check_matrix(root, cc, {r: f for r, f in room_flags.items() if r in LAYERS}, hdrs)
    check_sources(root)
    check_build(root)
    check_drawing(root)
    self_test_drawing(root)
    if failures:
        print("layers: %d failure(s)" % len(failures))
        return 1
    print("layers: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
