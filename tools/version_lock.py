#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""version_lock.py: keep the firmware's version honest (make test-version).

What a host or a saved record depends on is read from the sources (never
typed here): the PC link's command table with each command's argument
shape, every word and format the link's files keep in flash (replies, ERR
reasons, the words a command takes) and the line and streaming limits;
the saved records' layouts (the store's slot format and geometry, the
settings record and its format byte, the game record and the structs and
enums inside them, the rules' order that the scores follow). Each part is
reduced to a digest, comments and spacing left out, so that only a change
of meaning changes it.

firmware/version.lock holds one line per version: the version and the two
digests it shipped with. --check (the default) fails when
  - APP_VERSION (firmware/app/game/game.h) is not a semantic version X.Y.Z,
  - CHANGELOG.md has no heading "## X.Y.Z (YYYY-MM-DD)" for it,
  - a digest differs from the lock's line of the same version (the link
    or a record changed, the version did not),
  - the version is not the lock's newest (run --write to record it).
--write appends the line of a new version (refused for a version the lock
already holds with other digests, or older than its newest). --show
prints the definitions digested, to diff two trees."""
import argparse
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCK = "firmware/version.lock"
VERSION_H = "firmware/app/game/game.h"
SEMVER = r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"

# Where each part is defined: the link's files (every flash string in them
# is a reply's or a command's word), and each record item as (file, kind,
# name). A name not found stops the check: a rename must be followed here.
LINK_GLOB = re.compile(r"proto[a-z_]*\.[ch]$")
# Beside them, the words GAME's replies are made of: the games' names
# (game_list.c), your own game's (engine.c), the rules' (rules.h).
LINK_ALSO = ["firmware/app/game/game_list.c", "firmware/engine/engine.c"]
RULES_H = "firmware/engine/rules.h"
RECORDS = [
    ("firmware/lib/store.h", "defines", "STORE_"),
    ("firmware/app/game/game_records.h", "defines", "RECORDS_"),
    ("firmware/app/game/game_records.h", "struct", "settings_rec_t"),
    ("firmware/app/game/game_records.h", "struct", "game_rec_t"),
    ("firmware/app/game/game.h", "enum", "SET_COUNT"),
    ("firmware/app/game/game.h", "defines", "GAME_FORMS"),
    ("firmware/app/game/game_records.h", "struct", "game_score_t"),
    ("firmware/app/game/game_records.h", "defines", "GAME_IDS"),
    ("firmware/app/game/game_records.h", "defines", "GAME_ID_"),
    ("firmware/app/game/game.h", "defines", "GAME_ID_"),
    ("firmware/app/game/review.h", "struct", "review_item_t"),
    ("firmware/app/game/review.h", "struct", "review_t"),
    ("firmware/app/game/review.h", "defines", "REVIEW_"),
    ("firmware/engine/engine.h", "struct", "engine_pos_t"),
    ("firmware/engine/engine.h", "struct", "engine_move_t"),
    ("firmware/engine/octal.h", "struct", "octal_code_t"),
    ("firmware/engine/rules.h", "defines", "RULE_MAX_DIGITS"),
    ("firmware/engine/rules.h", "defines", "RULE_NUMBERS"),
    ("firmware/engine/rules.h", "rules", "RULES"),
]
# How often a record is saved is no part of its layout.
NOT_LAYOUT = re.compile(r"_(BURST|GAP_S)$")
# The attributes' names (PACKED ...): a record is digested with them
# expanded, so a new spelling of the same attribute changes nothing.
ATTRS_H = "firmware/common/compiler.h"


class LockError(Exception):
    pass


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def code_of(text):
    """The C text without comments, each run of spaces one space (string
    literals kept whole: a comment marker inside one is text)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            i = text.index("*/", i + 2) + 2
            out.append(" ")
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text[i] in "\"'":
            m = re.compile(r"%s(\\.|[^\\%s])*%s" % (text[i], text[i], text[i])).match(text, i)
            out.append(m.group(0))
            i = m.end()
        else:
            out.append(text[i])
            i += 1
    return re.sub(r"\\\n", " ", "".join(out))


def squeeze(s):
    return re.sub(r"\s+", " ", s).strip()


def defines(code, prefix):
    """#define lines whose name is prefix or starts with it ("STORE_")."""
    got = []
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)(.*)$", code, re.M):
        name = m.group(1)
        if name.endswith("_H"):
            continue    # a header's guard
        if (name == prefix or (prefix.endswith("_") and name.startswith(prefix))) and not NOT_LAYOUT.search(name):
            got.append("#define %s %s" % (name, squeeze(m.group(2))))
    return got


def braced(code, start):
    """The text from start's '{' to its matching '}'."""
    i = code.index("{", start)
    depth = 0
    for j in range(i, len(code)):
        depth += {"{": 1, "}": -1}.get(code[j], 0)
        if depth == 0:
            return code[i:j + 1]
    raise LockError("unbalanced braces")


def struct(code, name):
    """The typedef'd struct name: its attributes (packed) and its fields."""
    for m in re.finditer(r"typedef\s+struct\b([^{;]*)\{", code):
        body = braced(code, m.start())
        if re.match(r"\s*%s\s*;" % re.escape(name), code[m.end() - 1 + len(body):]):
            return [squeeze("struct %s %s %s" % (name, m.group(1), body))]
    return []


def enum(code, member):
    """The enum that lists member."""
    for m in re.finditer(r"\benum\b[^{;]*\{", code):
        body = braced(code, m.start())
        if re.search(r"\b%s\b" % re.escape(member), body):
            return ["enum " + squeeze(body)]
    return []


def rules(code, name):
    """The rules' numbers, ids and kinds and forms (a number is a game's
    id in the settings record; the order, the game record's engine
    indices), from rules.h's X-macro list (one line once code_of joined
    it)."""
    m = re.search(r"^[ \t]*#[ \t]*define[ \t]+%s\(X\)(.*)$" % re.escape(name), code, re.M)
    ids = re.findall(r"\bX\(\s*(\d+)\s*,\s*(\w+)\s*,\s*\"[^\"]*\"\s*,\s*(\w+)\s*,\s*\"[^\"]*\"\s*,\s*(\w+)", m.group(1)) if m else []
    return ["rules " + " ".join(":".join(t) for t in ids)] if ids else []


def link_defs(root):
    """The PC link: its command table (names and argument shapes, in HELP's
    order), every flash string of its files, the line and window limits."""
    d = os.path.join(root, "firmware/app/link")
    files = ["firmware/app/link/" + f for f in sorted(os.listdir(d)) if LINK_GLOB.match(f)] + LINK_ALSO
    if "firmware/app/link/proto_cmd.c" not in files:
        raise LockError("firmware/app/link/proto_cmd.c not found")
    names = re.findall(r'\bX\(\s*\d+\s*,\s*\w+\s*,\s*("[^"]*")', code_of(read(root, RULES_H)))
    if not names:
        raise LockError("%s: no rule names" % RULES_H)
    out = ["rule names " + " ".join(names)]
    for path in files:
        f = os.path.basename(path)
        code = code_of(read(root, path))
        if f == "proto_cmd.c":
            m = re.search(r"^[ \t]*#[ \t]*define[ \t]+PROTO_COMMANDS\(X\)(.*)$", code, re.M)
            table = re.findall(r"X\(\s*(\w+)\s*,\s*(\w+)\s*,", m.group(1)) if m else []
            if not table:
                raise LockError("firmware/app/link/proto_cmd.c: no PROTO_COMMANDS table")
            out += ["command %s %s" % t for t in table]
        if f == "proto.h":
            out += defines(code, "PROTO_")
        # PROGMEM word lists and PSTR(...) reply formats, in the file's order
        for m in re.finditer(r'PROGMEM\s*=\s*((?:"(?:\\.|[^"\\])*"\s*)+)|PSTR\(\s*((?:[^()"]|"(?:\\.|[^"\\])*")*)\)',
                             code):
            s = m.group(1) or m.group(2)
            out.append("%s %s %s" % (f, "words" if m.group(1) else "text", squeeze(s)))
    return out


def expand_attrs(root, code):
    """code with compiler.h's object-like macros (PACKED, NOINIT ...)
    replaced by what they stand for."""
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(.*)$", code_of(read(root, ATTRS_H)), re.M):
        if not m.group(1).endswith("_H"):
            code = re.sub(r"\b%s\b" % m.group(1), lambda _: squeeze(m.group(2)), code)
    return code


def record_defs(root):
    out, cache = [], {}
    for path, kind, name in RECORDS:
        if path not in cache:
            cache[path] = expand_attrs(root, code_of(read(root, path)))
        got = {"defines": defines, "struct": struct, "enum": enum, "rules": rules}[kind](cache[path], name)
        if not got:
            raise LockError("%s: no %s %s; where did it go? Update RECORDS in tools/version_lock.py"
                            % (path, kind, name))
        # by file name, not path: a file moved between rooms is the same record
        out += ["%s: %s" % (os.path.basename(path), g) for g in got]
    return out


def digest(lines):
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def version_of(root):
    m = re.search(r'#define\s+APP_VERSION\s+"([^"]*)"', read(root, VERSION_H))
    if not m:
        raise LockError("%s: no APP_VERSION" % VERSION_H)
    return m.group(1)


def lock_lines(root):
    """[(version, link digest, records digest)] in the lock's order."""
    out = []
    path = os.path.join(root, LOCK)
    if not os.path.exists(path):
        return out
    for n, line in enumerate(read(root, LOCK).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"(%s) link=([0-9a-f]{16}) records=([0-9a-f]{16})" % SEMVER, line.strip())
        if not m:
            raise LockError("%s:%d: not 'X.Y.Z link=<16 hex> records=<16 hex>': %r" % (LOCK, n, line))
        out.append((m.group(1), m.group(5), m.group(6)))
    return out


def key(v):
    return tuple(int(x) for x in v.split("."))


HOW = ("raise APP_VERSION in %s (semantic versioning, as CHANGELOG.md says: major when an old host or "
       "record may no longer be understood, minor when something is added an old host can ignore), "
       "add its heading '## X.Y.Z (YYYY-MM-DD)' to CHANGELOG.md, then run tools/version_lock.py --write"
       % VERSION_H)


def check(root):
    """The problems found, each a sentence saying what to do."""
    problems = []
    ver = version_of(root)
    if not re.fullmatch(SEMVER, ver):
        problems.append("APP_VERSION %r (%s) is not a semantic version X.Y.Z" % (ver, VERSION_H))
    log = read(root, "CHANGELOG.md") if os.path.exists(os.path.join(root, "CHANGELOG.md")) else ""
    if not re.search(r"^## %s \(\d{4}-\d\d-\d\d\)" % re.escape(ver), log, re.M):
        problems.append("CHANGELOG.md has no heading '## %s (YYYY-MM-DD)' for the firmware's version "
                        "(APP_VERSION, %s): add one, with what changed for users" % (ver, VERSION_H))
    link, recs = digest(link_defs(root)), digest(record_defs(root))
    lock = lock_lines(root)
    mine = [l for l in lock if l[0] == ver]
    if mine:
        _, l0, r0 = mine[-1]
        if l0 != link:
            problems.append("the PC link changed (firmware/app/link/proto*: a command, its arguments, a reply or ERR "
                            "word, the line or window size) but the version is still %s: %s" % (ver, HOW))
        if r0 != recs:
            problems.append("a saved record's layout changed (the store's slots, the settings or game record, "
                            "a format byte, the rules' order) but the version is still %s: %s" % (ver, HOW))
        if lock[-1][0] != ver:
            problems.append("the version %s is older than %s's newest, %s" % (ver, LOCK, lock[-1][0]))
    elif re.fullmatch(SEMVER, ver):
        problems.append("%s has no line for version %s (the newest is %s): run tools/version_lock.py --write"
                        % (LOCK, ver, lock[-1][0] if lock else "none"))
    return problems


def write(root):
    ver = version_of(root)
    if not re.fullmatch(SEMVER, ver):
        raise LockError("APP_VERSION %r is not a semantic version X.Y.Z" % ver)
    lock = lock_lines(root)
    line = (ver, digest(link_defs(root)), digest(record_defs(root)))
    if line in lock:
        print("version_lock: %s already holds %s" % (LOCK, ver))
        return
    if any(l[0] == ver for l in lock):
        raise LockError("%s holds %s with other digests: the link or a record changed since; %s"
                        % (LOCK, ver, HOW))
    if lock and key(ver) <= key(lock[-1][0]):
        raise LockError("%s is not newer than %s's newest, %s" % (ver, LOCK, lock[-1][0]))
    path = os.path.join(root, LOCK)
    head = "" if lock else (
        "# firmware/version.lock: each firmware version and the digests of what a host\n"
        "# (the PC link) and a saved record (EEPROM layouts) depend on, as\n"
        "# tools/version_lock.py reads them from the sources. Written by\n"
        "# tools/version_lock.py --write, never by hand; make test-version fails\n"
        "# when a digest changes and APP_VERSION does not.\n")
    with open(path, "a" if lock else "w") as f:
        f.write(head + "%s link=%s records=%s\n" % line)
    print("version_lock: %s: %s recorded" % (LOCK, ver))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=ROOT, help="the tree to read (default: this one)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write", action="store_true", help="record the current version in firmware/version.lock")
    g.add_argument("--show", action="store_true", help="print the definitions digested")
    a = ap.parse_args()
    try:
        if a.show:
            print("\n".join(["link: " + l for l in link_defs(a.root)] + ["record " + l for l in record_defs(a.root)]))
            return 0
        if a.write:
            write(a.root)
            return 0
        problems = check(a.root)
    except (LockError, OSError) as e:
        print("version: FAIL %s" % e)
        return 1
    for p in problems:
        print("version: FAIL " + p)
    if not problems:
        print("version: %s, link %s, records %s: as %s says, and CHANGELOG.md has its heading"
              % (version_of(a.root), digest(link_defs(a.root)), digest(record_defs(a.root)), LOCK))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
