#!/usr/bin/env python3
"""check_compiler.py - the size tricks' spelling and notes (make test-compiler).

Four rules of the firmware's sources (firmware/, the host tool firmware/gen
apart):

  1. no raw __attribute__ in code outside firmware/common/compiler.h: every
     file says NOINLINE, ALWAYS_INLINE, PACKED ... (compiler.h's names);
  2. no byte count in a comment ("saves 16 B", "62 / 64 B", "~1.3 KB",
     "costs 10 bytes"): a size figure goes stale with the next compiler,
     make size-report measures it; the comment keeps the reason. A size
     of data the code lays out (a record's bytes, a stack budget) is
     written "N bytes" with no saving or cost word beside it;
  3. no comment points at "issue N": the repository has no tracker; the
     comment says the reason, or names the CHANGELOG version;
  4. no exact cycle count in a comment ("took 7,426 cycles", "2,850 ->
     2,810 cycles"): a measured figure goes stale as the code moves; one
     that `make bench` produces is cited with it (make bench,
     docs/performance.md), an order of size is written "~N" or "about N",
     and a count under 100 (an instruction's or a datasheet's timing) is
     not a measurement.

Each rule is then shown to fail: on a copy of the sources given one raw
attribute, one byte count, one "issue N" and one exact cycle count (over
two lines), it must report exactly those four lines.

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
# A tracker the repository does not have.
ISSUE = re.compile(r"\bissues?\s+#?\d+", re.I)
# A cycle count of 100 or more, not written as an order of size ("~N",
# "about N"); "N -> M cycles" counts as one. Searched over a whole
# comment, so a figure and its "cycles" may sit on two lines.
NUM = r"(?:\d{1,3}(?:,\d{3})+|\d{3,})"
CYCLES = re.compile(r"(?<![~\w,])(?<!about )(?<!~ )" + NUM + r"(?:\s*(?:->|to)\s*" + NUM + r")?[\s*]+cycles\b")
BENCH = re.compile(r"make bench|performance\.md")


def blocks(comments):
    """Consecutive comment lines joined: (first line, text with newlines)."""
    out = []
    for k, c in comments:
        if out and out[-1][0] + out[-1][1].count("\n") + 1 == k:
            out[-1] = (out[-1][0], out[-1][1] + "\n" + c)
        else:
            out.append((k, c))
    return out


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
            m = ISSUE.search(c)
            if m:
                bad.append((p, k, "'%s': the repository has no tracker (say the reason or the CHANGELOG version)"
                            % m.group(0)))
        for k, c in blocks(comments):
            if BENCH.search(c):
                continue
            for m in CYCLES.finditer(c):
                bad.append((p, k + c.count("\n", 0, m.start()),
                            "exact cycle count in a comment: '%s' (cite make bench, or ~N)"
                            % " ".join(m.group(0).split())))
    return bad


def append(tmp, path, text):
    """Add text at the end of tmp's copy of path; its line count after."""
    with open(os.path.join(tmp, path), "a", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(tmp, path), encoding="utf-8") as f:
        return f.read().count("\n")


def mutate(root, tmp):
    """A copy of root's firmware/ given one raw attribute, one byte count,
    one "issue N" and one exact cycle count split over two lines; the four
    lines check() must then report."""
    shutil.copytree(os.path.join(root, "firmware"), os.path.join(tmp, "firmware"))
    attr, note = "firmware/lib/debounce.c", "firmware/engine/engine.c"
    issue, cycles = "firmware/app/ui/ui_draw.c", "firmware/engine/column.c"
    return {
        (attr, append(tmp, attr, "static __attribute__((noinline)) void debounce_mutant(void) {}\n")),
        (note, append(tmp, note, "/* Out of line: saves 62 / 64 B. */\n")),
        (issue, append(tmp, issue, "/* The end screen (issue 22). */\n")),
        (cycles, append(tmp, cycles, "/* A walk of the code took 7,426\n * cycles before. */\n") - 1),
    }


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
            print("check_compiler: a raw attribute, a byte count, an 'issue N' and an exact cycle count "
                  "on a copy are all caught")
    print("check_compiler: %s" % ("FAIL" if failed else "ok: no raw __attribute__ outside %s, no byte count, 'issue N' or exact cycle count in a comment" % HOME))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
