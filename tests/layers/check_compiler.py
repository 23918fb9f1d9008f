#!/usr/bin/env python3
"""check_compiler.py - the size tricks' spelling and notes (make test-compiler).

Two rules of the firmware's sources (firmware/, the host tool firmware/gen
apart), issue 39:

  1. no raw __attribute__ in code outside firmware/common/compiler.h: every
     file says NOINLINE, ALWAYS_INLINE, PACKED ... (compiler.h's names);
  2. no byte count in a comment ("saves 16 B", "62 / 64 B", "~1.3 KB",
     "costs 10 bytes"): a size figure goes stale with the next compiler,
     make size-report measures it; the comment keeps the reason. A size
     of data the code lays out (a record's bytes, a stack budget) is
     written "N bytes" with no saving or cost word beside it.

Each rule is then shown to fail: on a copy of the sources given one raw
attribute and one byte count, it must report exactly those two lines.

Usage: check_compiler.py ROOT
"""
import os
import re
import shutil
import sys
import tempfile

HOME = "firmware/common/compiler.h"
SKIP = ("firmware/gen/",)
# A flash figure: "16 B", "62/64 B", "~1.3 KB"; or bytes said saved or spent.
FIGURE = re.compile(r"\b\d+(\.\d+)?\s*(/\s*\d+(\.\d+)?\s*)?K?B\b")
SPENT = re.compile(r"\b(sav(e|es|ed|ing)|cost(s|ing)?|smaller|bigger|larger|grew|grows)\b"
                   r"[^.;:]*?\b\d+(\s*/\s*\d+)?\s*bytes\b", re.I)


def c_split(text):
    """The comments of C source (line, text) and the code with comments
    and literals blanked (newlines kept, so line numbers hold)."""
    comments, code = [], []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if text.startswith("/*", i) or text.startswith("//", i):
            end = text.find("*/", i + 2) + 2 if c == "/" and text[i + 1] == "*" else text.find("\n", i)
            if end < 2 or end == -1:
                end = n
            body = text[i:end]
            for k, part in enumerate(body.split("\n")):
                comments.append((line + k, part))
            code.append("\n" * body.count("\n"))
            line += body.count("\n")
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            code.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            code.append(c)
            line += c == "\n"
            i += 1
    return comments, "".join(code)


def make_comments(text):
    """The comments of a makefile: what follows a # on each line."""
    out = []
    for k, l in enumerate(text.split("\n"), 1):
        if "#" in l:
            out.append((k, l[l.index("#"):]))
    return out


def sources(root):
    for d, dirs, files in os.walk(os.path.join(root, "firmware")):
        dirs.sort()
        for f in sorted(files):
            p = os.path.relpath(os.path.join(d, f), root)
            if p.startswith(SKIP) or not f.endswith((".c", ".h", ".mk")):
                continue
            yield p


def check(root):
    """Every breach of the two rules under root: (path, line, what)."""
    bad = []
    for p in sources(root):
        with open(os.path.join(root, p), encoding="utf-8") as f:
            text = f.read()
        if p.endswith(".mk"):
            comments = make_comments(text)
        else:
            comments, code = c_split(text)
            if p != HOME:
                for k, l in enumerate(code.split("\n"), 1):
                    if "__attribute__" in l:
                        bad.append((p, k, "raw __attribute__ (use compiler.h's name)"))
        for k, c in comments:
            m = FIGURE.search(c) or SPENT.search(c)
            if m:
                bad.append((p, k, "byte count in a comment: '%s' (make size-report measures it)" % m.group(0)))
    return bad


def mutate(root, tmp):
    """A copy of root's firmware/ given one raw attribute and one byte
    count; the two lines check() must then report."""
    shutil.copytree(os.path.join(root, "firmware"), os.path.join(tmp, "firmware"))
    attr_file, note_file = "firmware/lib/debounce.c", "firmware/engine/engine.c"
    with open(os.path.join(tmp, attr_file), "a", encoding="utf-8") as f:
        f.write("static __attribute__((noinline)) void debounce_mutant(void) {}\n")
    with open(os.path.join(tmp, attr_file), encoding="utf-8") as f:
        attr_line = f.read().count("\n")
    with open(os.path.join(tmp, note_file), "a", encoding="utf-8") as f:
        f.write("/* Out of line: saves 62 / 64 B. */\n")
    with open(os.path.join(tmp, note_file), encoding="utf-8") as f:
        note_line = f.read().count("\n")
    return {(attr_file, attr_line), (note_file, note_line)}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_compiler.py ROOT")
    root = sys.argv[1]
    if not os.path.isfile(os.path.join(root, HOME)):
        sys.exit("check_compiler: no %s under %s" % (HOME, root))
    bad = check(root)
    for p, k, what in bad:
        print("%s:%d: %s" % (p, k, what))
    failed = bool(bad)
    with tempfile.TemporaryDirectory() as tmp:
        want = mutate(root, tmp)
        got = {(p, k) for p, k, _ in check(tmp)} - {(p, k) for p, k, _ in bad}
        if got != want:
            print("check_compiler: the mutated copy reported %s, expected %s" % (sorted(got), sorted(want)))
            failed = True
        else:
            print("check_compiler: a raw attribute and a byte count on a copy are both caught")
    print("check_compiler: %s" % ("FAIL" if failed else "ok: no raw __attribute__ outside %s, no byte count in a comment" % HOME))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
