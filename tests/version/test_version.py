#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_version.py: the version kept honest (make test-version).

tools/version_lock.py on this tree must pass: APP_VERSION is a semantic
version, CHANGELOG.md has its heading, and firmware/version.lock holds the
digests of the PC link and the saved records for it. Then, on mutated
copies of the tree, it must fail with the sentence that says what to do:
a command renamed, an argument shape changed, an ERR word, a reply word,
a rule renamed, a settings record's field, its format byte, the store's
slot geometry, the heading gone, a version that is not X.Y.Z. A comment
or a handler's name changed must not fail it, and the way out (a new
version, its heading, --write) must pass again, the lock written the same
twice."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "version_lock.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
from version_lock import version_of  # noqa: E402  (the tool's own reading of APP_VERSION)
RESULTS = []     # (passed, what), in order


def check(cond, what):
    """Note a check; a failed one is printed at once."""
    RESULTS.append((bool(cond), what))
    print("" if cond else "version: FAIL %s\n" % what, end="", flush=True)
    return cond


def run(root, *args):
    p = subprocess.run([sys.executable, TOOL, "--root", root] + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def copy_tree(dst):
    shutil.copytree(os.path.join(ROOT, "firmware"), os.path.join(dst, "firmware"))
    shutil.copy(os.path.join(ROOT, "CHANGELOG.md"), dst)


def edit(root, path, old, new, count=1):
    p = os.path.join(root, path)
    text = open(p).read()
    if not check(old in text, "mutation: %r not in %s" % (old, path)):
        return
    open(p, "w").write(text.replace(old, new, count))


# (what, file, text, replaced by, the failure's words; None: must pass)
MUTATIONS = [
    ("a command renamed", "firmware/app/link/proto_cmd.c", "X(GRUNDY, NONE,", "X(VALUES, NONE,", "the PC link changed"),
    ("a command's arguments", "firmware/app/link/proto_cmd.c", "X(HINT, NONE,", "X(HINT, WORDS,", "the PC link changed"),
    ("an ERR word", "firmware/app/link/proto.c", "ILLEGAL", "BADMOVE", "the PC link changed"),
    ("a STATE field", "firmware/app/link/proto_cmd.c", " MENU=# SAVE=#", " MENU=# SAVED=#", "the PC link changed"),
    ("a SET word", "firmware/app/link/proto_cmd.c", "BRIGHT OFF LANG", "BRIGHTNESS OFF LANG", "the PC link changed"),
    ("a LOG word", "firmware/app/link/proto_log.c", "BOOT NEW MOVE", "BOOT START MOVE", "the PC link changed"),
    ("a form word", "firmware/app/game/game_list.c", 'PSTR(" BINARY")', 'PSTR(" BIN")', "the PC link changed"),
    ("a rule renamed", "firmware/engine/rules.h", '"MOCK TURTLES"', '"TURTLES"', "the PC link changed"),
    ("the line's length", "firmware/app/link/proto.h", ": 64)", ": 80)", "the PC link changed"),
    ("the settings format", "firmware/app/game/game_records.h", "#define RECORDS_FORMAT 8", "#define RECORDS_FORMAT 9",
     "a saved record's layout changed"),
    ("a settings field", "firmware/app/game/game_records.h", "    uint8_t counted;", "    uint16_t counted;",
     "a saved record's layout changed"),
    ("the game record", "firmware/app/game/game_records.h", "    uint8_t number;\n    review_t rv;",
     "    review_t rv;\n    uint8_t number;", "a saved record's layout changed"),
    ("a setting added", "firmware/app/game/game.h", "SET_LANG,", "SET_LANG, SET_VOLUME,", "a saved record's layout changed"),
    ("the store's commit byte", "firmware/lib/store.h", "STORE_COMMIT 0xA5u", "STORE_COMMIT 0x5Au",
     "a saved record's layout changed"),
    ("a position's field", "firmware/engine/engine.h", "uint16_t heap;", "uint8_t heap;",
     "a saved record's layout changed"),
    ("a position not packed", "firmware/engine/engine.h", "typedef struct PACKED {",
     "typedef struct {", "a saved record's layout changed"),
    ("a rule added", "firmware/engine/rules.h", "X(33, ED,", "X(34, NEW, \"NEW\", KIND_OCTAL, \"0.1\", FORM_HEAP) X(33, ED,",
     "a saved record's layout changed"),
    ("the heading gone", "CHANGELOG.md", "## {v} (", "## {v}-rc (", "CHANGELOG.md has no heading"),
    ("not semantic", "firmware/app/game/game.h", '"{v}"', '"2.0"', "is not a semantic version"),
    ("the version alone", "firmware/app/game/game.h", '"{v}"', '"9.9.9"', "has no line for version"),
    # no change of meaning: passes
    ("a comment", "firmware/app/link/proto_cmd.c", "/* The command table:", "/* The commands' table:", None),
    ("a handler renamed", "firmware/app/link/proto_cmd.c", "proto_cmd_grundy)", "proto_cmd_values)", None),
    ("a rate limit", "firmware/lib/store.h", "STORE_SETTINGS_GAP_S 900u", "STORE_SETTINGS_GAP_S 600u", None),
    ("an attribute spelt out", "firmware/engine/engine.h", "typedef struct PACKED {",
     "typedef struct __attribute__((packed)) {", None),
]


def main():
    rc, out = run(ROOT)
    check(rc == 0, "this tree: %s" % out.strip())
    v = version_of(ROOT)
    for what, path, old, new, want in MUTATIONS:
        with tempfile.TemporaryDirectory() as d:
            copy_tree(d)
            edit(d, path, old.replace("{v}", v), new.replace("{v}", v))
            rc, out = run(d)
            if want is None:
                check(rc == 0, "%s: failed where nothing a host or record sees changed: %s" % (what, out.strip()))
            else:
                check(rc == 1 and want in out, "%s: not caught (rc %d): %s" % (what, rc, out.strip()))
    # the way out: a new version, its heading, the lock written (the same twice)
    with tempfile.TemporaryDirectory() as d:
        copy_tree(d)
        edit(d, "firmware/app/link/proto_cmd.c", "X(GRUNDY, NONE,", "X(VALUES, NONE,")
        rc, out = run(d, "--write")
        check(rc == 1 and "other digests" in out, "--write without a new version: %s" % out.strip())
        major = "%d.0.0" % (int(v.split(".")[0]) + 1)
        edit(d, "firmware/app/game/game.h", '"%s"' % v, '"%s"' % major)
        rc, out = run(d)
        check(rc == 1 and "CHANGELOG.md has no heading" in out and "--write" in out, "a new version: %s" % out)
        edit(d, "CHANGELOG.md", "\n## ", "\n## %s (2030-01-01)\n\n- GRUNDY is VALUES.\n\n## " % major)
        lock = os.path.join(d, "firmware/version.lock")
        before = open(lock).read()
        rc1, _ = run(d, "--write")
        once = open(lock).read()
        rc2, _ = run(d, "--write")
        rc, out = run(d)
        check(rc1 == rc2 == rc == 0 and once == open(lock).read() and once.startswith(before)
              and once.count("\n") == before.count("\n") + 1, "the way out: %s" % out.strip())
        edit(d, "firmware/app/game/game.h", '"%s"' % major, '"%s"' % v)
        rc, out = run(d)
        check(rc == 1 and "older than" in out, "back to an older version: %s" % out.strip())
    failed = sum(not ok for ok, _ in RESULTS)
    print("version: %d checks (this tree, %d mutated copies, the way out), %d failed"
          % (len(RESULTS), len(MUTATIONS), failed))
    print("%d passed, %d failed" % (len(RESULTS) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
