#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_docs.py: the documents kept true by a test (make test-docs).

Checks README.md, CHANGELOG.md, LICENSES/*.md, docs/*.md, board/*.md and
tests/README.md (whose map check_tests_map.py checks too):
  links    every relative link resolves, and every #anchor is a heading of
           the file it points into (GitHub's slugs, non-ASCII letters too);
           a lesson's "play it" link (docs/course/<lang>/: ../../index.html#...)
           is a link into the site make web builds (sim/web's page beside
           build/web/course/<lang>/), so it resolves to that page;
  play     every play link's fragment is PC-link commands the page sends
           (sim/web/src/fragment.js: GAME NEW POS SET, ';'-separated, printable,
           at most 8 of at most 64 characters), and the firmware answers OK
           to each, in order (nimsim, one line at a time);
  make     every `make X` named in code resolves to a target of the Makefiles;
  protocol every PC-link command and ERR word of docs/protocol.md is in the
           firmware's tables (firmware/app/link/proto_cmd.c's PROTO_COMMANDS,
           proto.c's reasons), and every one of those is documented;
  games    every game count quoted ("GAMES n", "n games in all") is VER's;
  budgets  docs/testing.md's budget table equals tests/bench's limits;
  rows     no table row of README.md, docs/*.md or tests/README.md over 300
           characters.
Then it mutates copies of the documents in memory and shows that each check
fails on them (a check that cannot fail is no check).

usage: check_docs.py [--games N | --nimsim NIMSIM --elf ELF] [--root DIR]
Prints one line per failure and a summary; exit 0 when everything holds.
"""
import argparse
import ast
import glob
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import urllib.parse

DOC_GLOBS = ["README.md", "CHANGELOG.md", "LICENSES/*.md", "docs/*.md", "docs/course/*.md", "docs/course/*/*.md",
             "board/*.md", "tests/README.md"]
# Counts that are history, not the firmware of now, live in CHANGELOG.md
# only: it is not read for the game count.
COUNT_GLOBS = ["README.md", "docs/*.md", "board/*.md"]


# ---- reading Markdown ---------------------------------------------------------

def md_split(text):
    """(prose, code): the text with fenced blocks and inline code blanked
    out, and the list of code pieces (fenced lines and inline spans)."""
    prose, code = [], []
    fence = None
    for line in text.split("\n"):
        m = re.match(r"\s*(```+|~~~+)", line)
        if fence:
            code.append(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            prose.append("")
            continue
        if m:
            fence = m.group(1)
            prose.append("")
            continue
        prose.append(line)
    prose = "\n".join(prose)
    spans = re.findall(r"(`+)(.+?)\1", prose, flags=re.S)
    code += [s[1] for s in spans]
    prose = re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), prose, flags=re.S)
    return prose, code


def slug_base(heading):
    """GitHub's anchor of a heading's text: the rendered text lowercased,
    every character but letters, marks, numbers, connector punctuation,
    spaces and hyphens dropped, spaces made hyphens."""
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links: their text
    t = re.sub(r"<[^>]+>", "", t)                             # inline HTML
    t = t.replace("`", "")
    t = re.sub(r"(\*\*|__|\*|\b_|_\b)", "", t)                 # emphasis marks
    t = t.strip().lower()
    out = []
    for ch in t:
        cat = unicodedata.category(ch)
        if ch in " -" or cat[0] in "LMN" or cat == "Pc":
            out.append("-" if ch == " " else ch)
    return "".join(out)


def anchors(text):
    """Every anchor a Markdown file defines: its headings' slugs (a repeated
    slug gets -1, -2 ...) and explicit id= / name= attributes."""
    prose, _ = md_split(text)
    seen, found = {}, set()
    for line in prose.split("\n"):
        m = re.match(r" {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug_base(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else "%s-%d" % (base, n))
    found.update(re.findall(r"""<a\s[^>]*(?:id|name)=["']([^"']+)["']""", text))
    return found


def links(text):
    """(target, line number) of every link and image in the prose."""
    prose, _ = md_split(text)
    out = []
    for m in re.finditer(r"!?\[(?:[^\[\]]|\n)*?\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", prose):
        out.append((m.group(1), prose.count("\n", 0, m.start()) + 1))
    for m in re.finditer(r"^\s*\[[^\]]+\]:\s*(\S+)", prose, flags=re.M):   # reference links
        out.append((m.group(1), prose.count("\n", 0, m.start()) + 1))
    return out


# ---- the documents ------------------------------------------------------------

class Docs:
    """The documents as text (path relative to the root -> text), which the
    mutation checks change in memory; other files are looked up on disk."""

    def __init__(self, root, globs=DOC_GLOBS):
        self.root = root
        self.text = {}
        for g in globs:
            for p in sorted(glob.glob(os.path.join(root, g))):
                rel = os.path.relpath(p, root)
                with open(p, encoding="utf-8") as f:
                    self.text[rel] = f.read()

    def copy(self):
        d = Docs.__new__(Docs)
        d.root, d.text = self.root, dict(self.text)
        return d

    def exists(self, rel):
        rel = os.path.normpath(rel)
        return rel in self.text or os.path.exists(os.path.join(self.root, rel))

    def read(self, rel):
        rel = os.path.normpath(rel)
        if rel in self.text:
            return self.text[rel]
        with open(os.path.join(self.root, rel), encoding="utf-8") as f:
            return f.read()

    def matching(self, globs):
        return [p for p in self.text if any(glob.fnmatch.fnmatch(p, g) for g in globs)]


# ---- the checks: each returns a list of failure lines ------------------------

# ---- the lessons' play links: into the site that make web builds -------------

COURSE = "docs/course"
SITE_PAGE = "sim/web/index.html"       # build/web/index.html, the site's root
PLAY_VERBS = ("GAME", "NEW", "POS", "SET")  # as sim/web/src/fragment.js
PLAY_MAX, PLAY_LINE = 8, 64


def site_link(path, target):
    """The fragment of a lesson's link to the site's page, or None when the
    link is not one. In the site a lesson docs/course/<lang>/X.md is
    course/<lang>/X.html, so ../../index.html is the page (../index.html
    from docs/course itself)."""
    if not (path.startswith(COURSE + "/") and target.partition("#")[0].endswith("index.html")):
        return None
    depth = os.path.dirname(path)[len(COURSE):].count("/") + 1
    file_part, _, frag = target.partition("#")
    return frag if file_part == "../" * depth + "index.html" else None


def play_lines(frag):
    """The page's commands of a fragment (fragment.js's rules): (lines, error)."""
    try:
        text = urllib.parse.unquote(frag, errors="strict")
    except UnicodeDecodeError:
        return None, "not valid percent-encoding"
    if not re.fullmatch(r"[\x20-\x7e]*", text):
        return None, "a byte outside printable ASCII"
    lines = [re.sub(r" +", " ", s.strip()) for s in text.split(";") if s.strip()]
    if not lines:
        return None, "no command"
    if len(lines) > PLAY_MAX:
        return None, "%d commands, at most %d" % (len(lines), PLAY_MAX)
    for l in lines:
        if len(l) > PLAY_LINE:
            return None, "%r longer than %d characters" % (l, PLAY_LINE)
        if l.split(" ")[0].upper() not in PLAY_VERBS:
            return None, "%r: the page takes %s only" % (l, ", ".join(PLAY_VERBS))
    return lines, None


def play_links(docs):
    """(path, line, target, fragment) of every lesson link to the site's page."""
    out = []
    for path, text in docs.text.items():
        for target, line in links(text):
            frag = site_link(path, target)
            if frag is not None:
                out.append((path, line, target, frag))
    return out


def check_play(docs, answers):
    """Each play link's commands well-formed, and OK from the firmware
    (answers: lines -> the firmware's replies, None without a simulator)."""
    bad, runs = [], []
    for path, line, target, frag in play_links(docs):
        lines, err = play_lines(frag)
        if err:
            bad.append("%s:%d: play link %s: %s" % (path, line, target, err))
        else:
            runs.append((path, line, target, lines))
    if answers and runs:
        replies = answers([l for *_, lines in runs for l in lines])
        for path, line, target, lines in runs:
            got, replies = replies[:len(lines)], replies[len(lines):]
            for l, r in zip(lines, got + [None] * len(lines)):
                if not r or not r.startswith("OK"):
                    bad.append("%s:%d: play link %s: the firmware answers %r to %r" % (path, line, target, r, l))
                    break
    return bad


def nimsim_answers(nimsim, elf):
    """lines -> the firmware's reply line (OK/ERR) to each, sent one at a
    time on the simulated chip (a fresh EEPROM: the page's first visit)."""
    def answers(lines):
        with tempfile.TemporaryDirectory() as tmp:
            script, out = os.path.join(tmp, "play.nims"), os.path.join(tmp, "uart.txt")
            with open(script, "w") as f:
                f.write("wait 100ms\n")
                for l in lines:
                    f.write("send %s\nwait 40ms\n" % l)
            subprocess.run([nimsim, "--script", script, "--uart-out", out, elf],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
            text = open(out).read() if os.path.exists(out) else ""
        return re.findall(r"^(?:OK|ERR)\b[^\n]*", text, flags=re.M)
    return answers


def check_links(docs):
    bad = []
    for path, text in docs.text.items():
        here = os.path.dirname(path)
        for target, line in links(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target, flags=re.I):
                continue                          # http:, https:, mailto: ...
            if site_link(path, target) is not None:
                if not docs.exists(SITE_PAGE):
                    bad.append("%s:%d: link %s: the site's page %s is missing" % (path, line, target, SITE_PAGE))
                continue                          # the site's page (check_play reads its fragment)
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(here, file_part)) if file_part else path
            if dest.startswith(".."):
                bad.append("%s:%d: link %s leaves the repository" % (path, line, target))
                continue
            if not docs.exists(dest):
                bad.append("%s:%d: link %s: no such file %s" % (path, line, target, dest))
                continue
            if anchor:
                if not dest.endswith(".md"):
                    bad.append("%s:%d: link %s: an anchor into a file that is not Markdown" % (path, line, target))
                elif anchor not in anchors(docs.read(dest)):
                    bad.append("%s:%d: link %s: no heading #%s in %s" % (path, line, target, anchor, dest))
    return bad


def make_targets(root):
    """Every target the Makefiles define, from make's database (-p) on a
    target that does not exist, so nothing is built or run."""
    r = subprocess.run(["make", "-C", root, "-pq", "--no-print-directory", ".docs-check-no-such-target"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, universal_newlines=True)
    targets = set()
    for line in r.stdout.split("\n"):
        m = re.match(r"^([^\s#:=%][^:=]*?):(?!=)", line)
        if m:
            targets.update(m.group(1).split())
    return targets


def make_names(docs):
    """(target, path) for every `make X` in code spans and code blocks:
    X is the first word after make and its VAR=value words."""
    out = []
    for path, text in docs.text.items():
        _, code = md_split(text)
        for piece in code:
            for m in re.finditer(r"(?:^|[\s;&|(`])make((?:\s+-\S+)*(?:\s+[A-Za-z_][A-Za-z0-9_]*=\S*)*)\s+([A-Za-z0-9_./-]+)(?![=\w])", piece):
                if m.group(2) and not m.group(2).startswith("-"):
                    out.append((m.group(2), path))
    return out


def check_make(docs, targets):
    bad = []
    for target, path in make_names(docs):
        if target not in targets:
            bad.append("%s: `make %s`: no such make target" % (path, target))
    if not make_names(docs):
        bad.append("no `make X` found in the documents: the check would prove nothing")
    return bad


def firmware_words(root):
    """(commands, error words) of the firmware's PC link: the X-macro
    PROTO_COMMANDS in proto_cmd.c and the reasons list in proto.c."""
    with open(os.path.join(root, "firmware/app/link/proto_cmd.c")) as f:
        cmd_src = f.read()
    commands = re.findall(r"X\((\w+),\s*(?:NONE|WORDS)\s*,", cmd_src)
    with open(os.path.join(root, "firmware/app/link/proto.c")) as f:
        src = f.read()
    m = re.search(r"reasons\[\]\s*PROGMEM\s*=\s*((?:\s*\"[^\"]*\")+)\s*;", src)
    words = "".join(re.findall(r"\"([^\"]*)\"", m.group(1))).split() if m else []
    return commands, [w for w in words if w != "OK"]


def section(text, heading):
    """The lines of a '## heading' section, up to the next '## '."""
    m = re.search(r"^## %s\s*$(.*?)(?=^## |\Z)" % re.escape(heading), text, flags=re.M | re.S)
    return m.group(1) if m else ""


def first_table(text):
    """The body rows of the first table in text (after its header and rule)."""
    rows, started = [], False
    for line in text.split("\n"):
        if line.startswith("|"):
            started = True
            rows.append(line)
        elif started:
            break
    return rows[2:]


def check_protocol(docs, commands, reasons):
    bad = []
    path = "docs/protocol.md"
    if path not in docs.text:
        return [path + ": missing"]
    if not commands or not reasons:
        return ["firmware: no command table or no reasons list found (proto_cmd.c, proto.c)"]
    text = docs.text[path]
    table = first_table(section(text, "Commands"))
    documented = set()
    for row in table:
        first = row.split("|")[1]
        for code in re.findall(r"`([^`]+)`", first):
            word = code.split()[0]
            documented.add(word)
            if word not in commands:
                bad.append("%s: command table: `%s` is not a command of the firmware" % (path, word))
    for c in commands:
        if c not in documented:
            bad.append("%s: the firmware's command %s has no row in the command table" % (path, c))
    _, code = md_split(text)
    err_words = set()
    for piece in code:
        for m in re.finditer(r"\bERR((?: [A-Z<>|.a-z]+)+)", piece):
            for token in m.group(1).split():
                if token.startswith("<") or token == "...":
                    continue
                for w in token.split("|"):
                    if w in commands:
                        continue
                    err_words.add(w)
                    if w not in reasons:
                        bad.append("%s: ERR word %s is not in the firmware's reasons" % (path, w))
    errors = section(text, "Errors")
    for r in reasons:
        if not re.search(r"`ERR (?:<cmd> |[A-Z]+ )?%s`" % r, errors):
            bad.append("%s: the firmware's error word %s is not in the Errors table" % (path, r))
    return bad


def count_quotes(docs):
    """(number, path, line) of every count of all the games quoted."""
    out = []
    for path in docs.matching(COUNT_GLOBS):
        for i, line in enumerate(docs.text[path].split("\n"), 1):
            for m in re.finditer(r"\bGAMES (\d+)\b|\b(\d+) games in all\b", line):
                out.append((int(m.group(1) or m.group(2)), path, i))
    return out


def write_games(docs, games):
    """Every quoted count of all the games set to VER's (the firmware's
    list, made from rules.h, is the one source: a new rule changes the
    count, and this writes it, so no document is edited by hand)."""
    changed = []
    for path in docs.matching(COUNT_GLOBS):
        text = docs.text[path]
        new = re.sub(r"\bGAMES \d+\b", "GAMES %d" % games, text)
        new = re.sub(r"\b\d+ games in all\b", "%d games in all" % games, new)
        if new != text:
            with open(os.path.join(docs.root, path), "w", encoding="utf-8") as f:
                f.write(new)
            changed.append(path)
    return changed


def check_games(docs, games):
    quotes = count_quotes(docs)
    bad = ["%s:%d: %d games quoted, VER says GAMES %d" % (p, i, n, games) for n, p, i in quotes if n != games]
    if not any(p == "README.md" for _, p, _ in quotes):
        bad.append("README.md: no game count (\"N games in all\") to check")
    return bad


ROW_MAX = 300
ROW_GLOBS = ["README.md", "docs/*.md", "tests/README.md"]     # board/*.md are the board's owners'


def check_rows(docs):
    """A table row a reader can read: long explanations go below the table."""
    bad = []
    for path in docs.matching(ROW_GLOBS):
        for i, line in enumerate(docs.text[path].split("\n"), 1):
            if line.startswith("|") and len(line) > ROW_MAX:
                bad.append("%s:%d: a table row of %d characters (at most %d)" % (path, i, len(line), ROW_MAX))
    return bad


def bench_limits(root):
    """The budgets' limits as tests/bench/bench_report.py writes them."""
    try:
        with open(os.path.join(root, "tests/bench/bench_report.py")) as f:
            tree = ast.parse(f.read())
    except OSError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "LIMITS" for t in node.targets):
            return ast.literal_eval(node.value)
    return None


def check_budgets(docs, limits):
    path = "docs/testing.md"
    if limits is None:
        return ["tests/bench/bench_report.py: no LIMITS found"]
    rows = re.findall(r"^\| `(\w+)` \| ([0-9.]+) \|", section(docs.text.get(path, ""), "The budgets"), flags=re.M)
    bad = []
    shown = {}
    for name, value in rows:
        shown[name] = value
        if name not in limits:
            bad.append("%s: budget %s is not one of make bench's" % (path, name))
        elif float(value) != float(limits[name]):
            bad.append("%s: budget %s is %s, make bench holds it to %s" % (path, name, value, limits[name]))
    for name in limits:
        if name not in shown:
            bad.append("%s: make bench's budget %s is not in the table" % (path, name))
    return bad


# ---- every check must be able to fail -----------------------------------------

def mutate(docs, path, old, new):
    d = docs.copy()
    if path not in d.text or old not in d.text[path]:
        return None
    d.text[path] = d.text[path].replace(old, new, 1)
    return d


def self_test(docs, run, firmware=True):
    """Mutations of the documents, each of which one check must refuse."""
    cases = [
        ("links", "README.md", "](docs/games.md)", "](docs/no-such-file.md)"),
        ("links", "README.md", "](docs/play.md#the-review)", "](docs/play.md#the-reviews)"),
        ("links", "docs/games.md", "](#misère-play)", "](#misere-play)"),
        ("make", "README.md", "make play ", "make plya "),
        ("protocol", "docs/protocol.md", "| `FRAME` |", "| `FRAMES` |"),
        ("protocol", "docs/protocol.md", "| `SAVE` | `OK SAVE` |", "| `SAVED` | `OK SAVE` |"),
        ("protocol", "docs/protocol.md", "`ERR MOVE TURN`", "`ERR MOVE TURNS`"),
        ("protocol", "docs/protocol.md", "| `ERR BUTTON` |", "| `ERR BUTTONS` |"),
        ("games", "README.md", " games in all", "1 games in all"),
        ("budgets", "docs/testing.md", "| `stack` | 384 |", "| `stack` | 512 |"),
        ("rows", "docs/protocol.md", "| the command list |", "| the command list" + " and more" * 40 + " |"),
    ]
    # the first play link of the lessons, mutated: a wrong depth is a
    # broken link, a command the page refuses, one the firmware refuses
    plays = play_links(docs)
    if plays:
        path, _, target, frag = plays[0]
        cases += [
            ("links", path, "](%s)" % target, "](%s)" % target[3:]),
            ("play", path, "](%s)" % target, "](%s)" % target.replace("#", "#MOVE%200%201;", 1)),
        ]
        if firmware:
            # the firmware's refusals need the simulator (--games N runs without)
            cases += [
                ("play", path, "](%s)" % target, "](%s)" % target.replace("#", "#GAME%20NO%20SUCH%20GAME;", 1)),
                ("play", path, "](%s)" % target, "](%s)" % target.replace("#", "#SET%20LEVEL%209;", 1)),
            ]
    else:
        cases.append(("play", "docs/course/README.md", "no play link", "to mutate"))
    bad = []
    for check, path, old, new in cases:
        d = mutate(docs, path, old, new)
        if d is None:
            bad.append("self-test: %s: %r not found to mutate" % (path, old))
        elif not run[check](d):
            bad.append("self-test: the %s check passed %s with %r made %r" % (check, path, old, new))
    # the slug rules themselves, non-ASCII included
    for heading, slug in (("Misère play", "misère-play"), ("tools/nimlink", "toolsnimlink"),
                          ("The texts' worked examples", "the-texts-worked-examples"),
                          ("`GAME OCTAL` and *you*", "game-octal-and-you"), ("สถานะ P", "สถานะ-p"),
                          ("繁體中文 (Traditional)", "繁體中文-traditional")):
        if slug_base(heading) != slug:
            bad.append("self-test: heading %r gives #%s, GitHub gives #%s" % (heading, slug_base(heading), slug))
    return bad


def ver_games(nimsim, elf):
    """GAMES from the firmware's own VER reply, on the simulated chip."""
    with tempfile.TemporaryDirectory() as tmp:
        script, out = os.path.join(tmp, "ver.nims"), os.path.join(tmp, "uart.txt")
        with open(script, "w") as f:
            f.write("send VER\nexpect-uart RX\n")
        r = subprocess.run([nimsim, "--script", script, "--uart-out", out, elf],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=120)
        text = open(out).read() if os.path.exists(out) else ""
    m = re.search(r"OK VER .*?GAMES (\d+)", text)
    if r.returncode != 0 or not m:
        sys.exit("check_docs: no VER reply from %s %s (exit %d): %s" % (nimsim, elf, r.returncode, (r.stdout + text)[-300:]))
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--games", type=int, help="VER's GAMES, if known (else run --nimsim on --elf)")
    ap.add_argument("--nimsim", default="build/nimsim")
    ap.add_argument("--elf", default="build/nim.elf")
    ap.add_argument("--write-games", action="store_true",
                    help="write VER's GAMES into every quoted count (make docs-count), check nothing")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    games = a.games if a.games is not None else ver_games(a.nimsim, a.elf)
    docs = Docs(root)
    if a.write_games:
        changed = write_games(docs, games)
        print("docs: GAMES %d written in %s" % (games, ", ".join(changed) if changed else "no file (all were)"))
        return
    targets = make_targets(root)
    commands, reasons = firmware_words(root)
    limits = bench_limits(root)
    answers = nimsim_answers(a.nimsim, a.elf) if os.path.exists(a.nimsim) and os.path.exists(a.elf) else None
    run = {
        "links": check_links,
        "play": lambda d: check_play(d, answers),
        "make": lambda d: check_make(d, targets),
        "protocol": lambda d: check_protocol(d, commands, reasons),
        "games": lambda d: check_games(d, games),
        "budgets": lambda d: check_budgets(d, limits),
        "rows": check_rows,
    }
    bad = []
    for name, check in run.items():
        found = check(docs)
        print("docs: %-8s %s" % (name, "ok" if not found else "%d failures" % len(found)))
        bad += found
    found = self_test(docs, run, firmware=answers is not None)
    print("docs: %-8s %s" % ("self", "ok: every check fails on a mutated copy" if not found else "%d failures" % len(found)))
    bad += found
    for line in bad:
        print("docs: FAIL " + line)
    print("docs: %d files, %d links (%d play links%s), %d make targets named, %d commands, %d error words, VER GAMES %d" % (
        len(docs.text), sum(len(links(t)) for t in docs.text.values()), len(play_links(docs)),
        "" if answers else ", not run: no nimsim", len(make_names(docs)), len(commands), len(reasons), games))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
