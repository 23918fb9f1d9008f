#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_course.py: every number of the course checked by the toy's engine
(make test-docs).

The lessons (docs/course/<lang>/NN-slug.md) hold their numbers in fenced
```check blocks, one claim a line (docs/course/README.md, "The checked
blocks", gives the format). Each claim is put to the toy's own engine,
tests/docs/course_engine (firmware/engine built for the host), or, for a
sequence past the board, to build/grundy (the generator that writes the
engine's tables): never to a second copy of the answers. Also:
  - every English lesson has at least one checked block and one "play it"
    link; every link's fragment (`index.html#GAME ...;POS ...`) uses only
    GAME, POS, NEW and SET, names a game the engine plays, and a POS the
    engine accepts in that game;
  - every other language folder's lessons each have an English lesson of
    the same name with exactly the same checked blocks and link fragments.
  - with --nimsim and --elf, every English lesson's "Over the PC link"
    session is sent to the firmware on the simulated chip: each command is
    answered OK (or with the ERR the lesson quotes), and each reply the
    lesson quotes is the firmware's.
Then the self-test: every claim is changed in a copy (a number, a P for an
N, one winning move left out), and each changed claim must fail; a changed
block in a translation and a changed link must fail too.

usage: check_course.py --engine ENGINE --grundy GRUNDY [--nimsim NIMSIM --elf ELF]
                       [--root DIR] [--links]
Prints one line per failure and a summary; exit 0 when everything holds.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

MODE = {"ONE": 1, "MISERE": 2, "BINARY": 4}
SUM = 8
LINK_WORDS = ("GAME", "POS", "NEW", "SET")


class Engine:
    """The host engine, one query a line."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  universal_newlines=True, bufsize=1)
        self.cache = {}
        self.rules = self.ask("rules").split(" ", 2)[2].split("|")
        self.own_code = None

    def ask(self, line):
        if line in self.cache:
            return self.cache[line]
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline().strip()
        if not reply:
            raise RuntimeError("the engine gave no answer to %r" % line)
        if not line.startswith("own "):
            self.cache[line] = reply
        return reply

    def own(self, code):
        if self.own_code != code:
            r = self.ask("own " + code)
            if not r.startswith("OK"):
                return r
            self.own_code = code
            self.cache = {}
        return "OK"

    def query(self, game, pos):
        """(P/N, nim-sum, [values], [positions after each winning move]) or
        an error string."""
        rule, mode, rules, code = game
        if code is not None:
            r = self.own(code)
            if r != "OK":
                return r
        line = "q %s %d %s" % ("own" if code is not None else rule, mode, " ".join(map(str, pos)))
        if rules:
            line += " / " + " ".join(map(str, rules))
        r = self.ask(line).split()
        if r[0] != "OK":
            return " ".join(r)
        wins = [tuple(int(v) for v in w.split(",")) for w in r[4:]]
        return r[1], int(r[2]), [int(v) for v in r[3].split(",")], wins


def rule_number(engine, words):
    """A rule named as the PC link takes it: its whole name, or a range
    ('TAKE 1-3') without its nickname."""
    name = " ".join(words).upper()
    for i, r in enumerate(engine.rules):
        if r == name or (re.fullmatch(r"TAKE 1-\d", name) and r.startswith(name + " ")):
            return i
    return None


def parse_game(engine, text):
    """A game as GAME over the link names it: (rule, mode, sum rules, own
    code), or a string saying why not."""
    words = text.upper().split()
    mode = 0
    while words and words[-1] in MODE:
        mode |= MODE[words.pop()]
    if not words:
        return "no game named"
    if words[0] == "SUM":
        rules = []
        for part in " ".join(words[1:]).split("+"):
            r = rule_number(engine, part.split())
            if r is None:
                return "no rule %r" % part.strip()
            rules.append(r)
        if len(rules) < 2:
            return "a SUM has two columns or more"
        return (0, mode | SUM, rules, None)
    if words[0] == "OCTAL":
        if len(words) != 2:
            return "OCTAL takes one code"
        return (0, mode, None, words[1])
    r = rule_number(engine, words)
    if r is None:
        return "no game %r" % text
    return (r, mode, None, None)


def nums(text):
    return [int(v) for v in text.replace(",", " ").split()]


def span(text):
    m = re.fullmatch(r"\s*(\d+)\.\.(\d+)\s*", text)
    if not m:
        raise ValueError("not a range a..b: %r" % text)
    return range(int(m.group(1)), int(m.group(2)) + 1)


class Grundy:
    """build/grundy's sequences: a rule's values past the board."""

    def __init__(self, path):
        self.path, self.cache = path, {}

    def seq(self, name, n):
        key = (name, n)
        if key not in self.cache:
            out = subprocess.run([self.path, name, str(n)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, universal_newlines=True)
            self.cache[key] = None if out.returncode else [int(v) for v in out.stdout.split()]
        if self.cache[key] is None:
            raise ValueError("build/grundy does not know %r" % name)
        return self.cache[key]


def _quotient(self, name):
    out = subprocess.run([self.path, "--misere", name], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True)
    m = re.search(r"misere quotient: (\d+) elements", out.stdout)
    if out.returncode or not m:
        raise ValueError("build/grundy --misere %s gives no quotient" % name)
    return int(m.group(1))


Grundy.quotient = _quotient


def period_of(g):
    """(p, n0): the smallest period p the sequence shows with at least three
    periods after its start, and the first n0 from which g(n + p) = g(n)."""
    n = len(g)
    for p in range(1, n // 4):
        n0 = n - p
        while n0 > 0 and g[n0 - 1] == g[n0 - 1 + p]:
            n0 -= 1
        if n0 + 3 * p <= n - p:
            return p, n0
    return None


GAMELESS = ("sequence", "period", "codes", "quotient", "ownmisere")
_gameless = {}


def check_claim(engine, grundy, game, claim):
    """None if the claim holds, else why not. (A claim that needs no game
    is answered once: the self-test asks the long counts again.)"""
    if claim.split(" ")[0] in GAMELESS:
        if claim not in _gameless:
            _gameless[claim] = _check_claim(engine, grundy, game, claim)
        return _gameless[claim]
    return _check_claim(engine, grundy, game, claim)


def _check_claim(engine, grundy, game, claim):
    word, _, rest = claim.partition(" ")
    if word in ("P", "N"):
        r = engine.query(game, nums(rest))
        if isinstance(r, str):
            return "the engine refuses the position: " + r
        return None if r[0] == word else "the engine says %s" % r[0]
    if word in ("values", "nimsum"):
        pos, _, want = rest.partition("=")
        r = engine.query(game, nums(pos))
        if isinstance(r, str):
            return "the engine refuses the position: " + r
        got = r[2] if word == "values" else [r[1]]
        return None if got == nums(want) else "the engine says %s" % " ".join(map(str, got))
    if word == "moves":
        pos, _, want = rest.partition("->")
        r = engine.query(game, nums(pos))
        if isinstance(r, str):
            return "the engine refuses the position: " + r
        want = [] if want.strip() == "none" else [tuple(nums(w)) for w in want.split("|")]
        got = sorted(set(r[3]))  # two moves that leave one position count once
        if got == sorted(want) and len(set(want)) == len(want):
            return None
        return "the engine's winning moves: %s" % (
            " | ".join(" ".join(map(str, w)) for w in got) or "none")
    if word in ("table", "ppos"):
        rng, _, want = rest.partition("=")
        got = []
        for s in span(rng):
            r = engine.query(game, [s])
            if isinstance(r, str):
                return "the engine refuses %d: %s" % (s, r)
            if word == "table":
                got.append(r[2][0])
            elif r[0] == "P":
                got.append(s)
        want = [] if want.strip() == "none" else nums(want)
        return None if got == want else "the engine says %s" % (" ".join(map(str, got)) or "none")
    if word == "ppairs":
        # two columns (EMPTY AND DIVIDE's boxes): every P-position a, b
        # with a and b in the range
        rng, _, want = rest.partition("=")
        got = []
        for a in span(rng):
            for b in span(rng):
                r = engine.query(game, [a, b])
                if isinstance(r, str):
                    return "the engine refuses %d %d: %s" % (a, b, r)
                if r[0] == "P":
                    got.append((a, b))
        want = [] if want.strip() == "none" else [tuple(nums(w)) for w in want.split("|")]
        return None if got == want else "the engine says %s" % (
            " | ".join("%d %d" % w for w in got) or "none")
    if word == "misjudged":
        # misere play: the single columns where misere Nim's rule on the
        # column's (normal-play) value says the wrong outcome
        if not game[1] & MODE["MISERE"]:
            return "misjudged is a claim of a misere game"
        rng, _, want = rest.partition("=")
        normal = (game[0], game[1] & ~MODE["MISERE"], game[2], game[3])
        bad = total = 0
        for s in span(rng):
            r = engine.query(game, [s])
            if isinstance(r, str):
                continue
            v = engine.query(normal, [s])[2][0]
            total += 1
            bad += (r[0] == "P") != (v == 1)
        got = "%d of %d" % (bad, total)
        return None if got == " ".join(want.split()) else "the engine says %s" % got
    if word == "sequence":
        m = re.fullmatch(r"(.+?) (\d+)\.\.(\d+) = ([\d ]+)", rest)
        if not m:
            return "not sequence NAME a..b = values"
        a, b = int(m.group(2)), int(m.group(3))
        g = grundy.seq(m.group(1), b + 1)
        return None if g[a:b + 1] == nums(m.group(4)) else \
            "build/grundy says %s" % " ".join(map(str, g[a:b + 1]))
    if word == "period":
        m = re.fullmatch(r"(.+?) = (?:(\d+) from (\d+)|none)", rest)
        if not m:
            return "not period NAME = p from n (or = none)"
        got = period_of(grundy.seq(m.group(1), 1000))
        want = (int(m.group(2)), int(m.group(3))) if m.group(2) else None
        return None if got == want else \
            "build/grundy's first 1000 values say %s" % ("period %d from %d" % got if got else "none")
    if word == "quotient":
        # the misere quotient the generator finds and proves for the rule
        m = re.fullmatch(r"(.+?) = (\d+) elements", rest)
        if not m:
            return "not quotient NAME = n elements"
        got = grundy.quotient(m.group(1))
        return None if got == int(m.group(2)) else "build/grundy --misere says %s elements" % got
    if word == "ownmisere":
        # the codes of a..b digits, last digit not 0, with and without
        # repeat, whose misere play the chip proves and plays, and why it
        # refuses the others (GAME OCTAL ... MISERE)
        m = re.fullmatch(r"(\d+\.\.\d+) = heap (\d+) of (\d+) splits (\d+) of (\d+) "
                         r"wild (\d+) values (\d+) column (\d+)", rest)
        if not m:
            return "not ownmisere a..b = heap p of n splits p of n wild w values v column c"
        c = dict.fromkeys(("hp", "hn", "sp", "sn", "1", "2", "3", "4"), 0)
        for d in span(m.group(1)):
            for i in range(8 ** d):
                digits = "".join(str(i // 8 ** k % 8) for k in reversed(range(d)))
                if digits.endswith("0"):
                    continue
                for rep in ("", "*"):
                    code = "0." + digits + rep
                    kind = engine.ask("own " + code)
                    engine.own_code = code
                    engine.cache = {}
                    h = "h" if kind == "OK HEAP" else "s"
                    c[h + "n"] += 1
                    r = engine.ask("q own %d 0" % MODE["MISERE"])
                    if r.startswith("OK"):
                        c[h + "p"] += 1
                    elif r.startswith("ERR OWN "):
                        c[r.split()[2]] += 1
        engine.cache = {}
        got = [c[k] for k in ("hp", "hn", "sp", "sn", "1", "2", "3")]
        want = [int(m.group(i)) for i in range(2, 9)]
        return None if got == want and not c["4"] else \
            "the engine: heap %d of %d splits %d of %d wild %d values %d column %d" % tuple(got)
    if word == "codes":
        # the octal codes of a..b digits, with and without repeat, that the
        # engine takes (GAME OCTAL): all, those that never split, those that
        # do, those whose last digit is 0
        m = re.fullmatch(r"(\d+\.\.\d+) = (\d+) heap (\d+) splits (\d+) last0 (\d+)", rest)
        if not m:
            return "not codes a..b = n heap h splits s last0 z"
        counts = [0, 0, 0, 0]
        for d in span(m.group(1)):
            for i in range(8 ** d):
                digits = "".join(str(i // 8 ** k % 8) for k in reversed(range(d)))
                for rep in ("", "*"):
                    code = "0." + digits + rep
                    r = engine.ask("own " + code)
                    engine.own_code = code if r.startswith("OK") else engine.own_code
                    if not r.startswith("OK"):
                        continue
                    counts[0] += 1
                    counts[1 if r == "OK HEAP" else 2] += 1
                    counts[3] += digits.endswith("0")
        engine.cache = {}
        want = [int(m.group(i)) for i in (2, 3, 4, 5)]
        return None if counts == want else "the engine takes %d: heap %d splits %d last0 %d" % tuple(counts)
    return "unknown claim %r" % word


def blocks(text):
    """The ```check blocks of a lesson: a list of (line number, lines)."""
    out, cur, start = [], None, 0
    for n, line in enumerate(text.split("\n"), 1):
        if cur is None:
            if line.strip() == "```check":
                cur, start = [], n
        elif line.strip() == "```":
            out.append((start, cur))
            cur = None
        else:
            cur.append(line.strip())
    if cur is not None:
        out.append((start, cur + ["(the block is not closed)"]))
    return out


def play_links(text):
    """The fragments of the lesson's links to the page, decoded."""
    return [urllib.parse.unquote(m) for m in re.findall(r"index\.html#([^)\s\"'>]+)", text)]


def check_lesson(engine, grundy, rel, text):
    """Failures of one lesson's blocks and links; and its claim count."""
    bad, count = [], 0
    for start, lines in blocks(text):
        game = None
        for i, claim in enumerate(lines):
            where = "%s:%d" % (rel, start + 1 + i)
            if not claim:
                continue
            if claim.startswith("game "):
                game = parse_game(engine, claim[5:])
                if isinstance(game, str):
                    bad.append("%s: %s" % (where, game))
                    game = None
                continue
            count += 1
            if game is None and claim.split()[0] not in GAMELESS:
                bad.append("%s: %r: no game line before it" % (where, claim))
                continue
            try:
                why = check_claim(engine, grundy, game, claim)
            except (ValueError, IndexError) as e:
                why = str(e)
            if why:
                bad.append("%s: %r: %s" % (where, claim, why))
    for frag in play_links(text):
        game = None
        for cmd in frag.split(";"):
            word, _, arg = cmd.strip().partition(" ")
            if word.upper() not in LINK_WORDS:
                bad.append("%s: link #%s: %r is not a link command (%s)" % (rel, frag, word, ", ".join(LINK_WORDS)))
            elif word.upper() == "GAME":
                game = parse_game(engine, arg)
                if isinstance(game, str):
                    bad.append("%s: link #%s: %s" % (rel, frag, game))
                    game = None
            elif word.upper() == "POS" and game is not None:
                r = engine.query(game, nums(arg))
                if isinstance(r, str):
                    bad.append("%s: link #%s: the engine refuses the position: %s" % (rel, frag, r))
    return bad, count


def hints(engine, game, pos, after):
    """The HINT replies ("<col> <to>") of a move from pos that leaves after."""
    if len(pos) == 1 and game[1] & MODE["ONE"]:
        return ["0 %d" % after[0]]
    if engine.rules[game[0]] == "EMPTY AND DIVIDE" and not game[1] & SUM:
        # box c emptied, k counters of the other box put in it
        return [h for c in (0, 1) for h in ["%d %d" % (c, after[c])]
                if after[0] + after[1] == pos[1 - c]]
    return ["%d %d" % (c, after[c]) for c in range(len(pos)) if after[c] != pos[c]]


def link_answers(engine, docs):
    """For a test of the page: every play-it link of every lesson, with
    the engine's outcome of its position and every winning move, as the
    columns a move changes and their values after it."""
    out = []
    for rel in sorted(p for p in docs if re.search(r"/\d\d-[^/]*\.md$", p)):
        for frag in play_links(docs[rel]):
            game, pos = None, None
            for cmd in frag.split(";"):
                word, _, arg = cmd.strip().partition(" ")
                if word.upper() == "GAME":
                    game = parse_game(engine, arg)
                elif word.upper() == "POS":
                    pos = nums(arg)
            item = {"lesson": rel, "fragment": frag, "pos": pos}
            if isinstance(game, tuple) and pos is not None:
                r = engine.query(game, pos)
                if not isinstance(r, str):
                    item["outcome"] = r[0]
                    item["hints"] = sorted(set(h for w in set(r[3]) for h in hints(engine, game, pos, w)))
            out.append(item)
    return out


LINK_CMDS = ("GAME", "POS", "MOVE", "GRUNDY", "HINT", "NEW", "AI", "SET")


def transcript(text):
    """The PC-link session a lesson's "Over the PC link" item shows: a
    list of [command, [replies or parts of replies it quotes]]."""
    m = re.search(r"\*\*Over the PC link:?\*\*(.*?)(?=\n- \*\*|\n\n)", text, re.S)
    if not m:
        return []
    out = []
    for span in re.findall(r"`([^`]+)`", m.group(1)):
        span = " ".join(span.split())
        if "<" in span or "..." in span:
            continue
        if span.split()[0] in LINK_CMDS:
            out.append([span, []])
        elif out:
            out[-1][1].append(span)
    return out


def run_session(nimsim, elf, cmds):
    """The firmware's reply line to each command, on the simulated chip."""
    with tempfile.TemporaryDirectory() as tmp:
        script, uart = os.path.join(tmp, "s.nims"), os.path.join(tmp, "uart.txt")
        with open(script, "w") as f:
            f.write("wait 50ms\n")
            for c in cmds:
                f.write("send %s\nwait %s\n" % (c, "700ms" if c.startswith("GAME OCTAL") else "60ms"))
        r = subprocess.run([nimsim, "--script", script, "--uart-out", uart, elf],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=300)
        text = open(uart, errors="replace").read() if os.path.exists(uart) else ""
    if r.returncode:
        raise RuntimeError("nimsim failed (exit %d): %s" % (r.returncode, r.stdout[-300:]))
    return [l.strip() for l in text.splitlines() if l.startswith(("OK", "ERR"))]


def check_sessions(nimsim, elf, docs):
    """Every English lesson's PC-link session, run on the firmware: every
    command answered OK (or the ERR the lesson quotes), and every reply
    the lesson quotes is the reply (a quote that is not a whole OK or ERR
    line is a part of it)."""
    bad, n = [], 0
    for rel in sorted(p for p in docs if re.match(r"docs/course/en/\d\d-", p)):
        session = transcript(docs[rel])
        if not session:
            bad.append("%s: no PC-link session (\"**Over the PC link:**\" with its commands)" % rel)
            continue
        replies = run_session(nimsim, elf, [c for c, _ in session])
        if len(replies) != len(session):
            bad.append("%s: %d commands, %d replies from the firmware" % (rel, len(session), len(replies)))
            continue
        for (cmd, quotes), reply in zip(session, replies):
            n += 1
            if not reply.startswith("OK") and not any(q.startswith("ERR") for q in quotes):
                bad.append("%s: `%s` answered %s" % (rel, cmd, reply))
            for q in quotes:
                if (q != reply) if q.startswith(("OK", "ERR")) else (q not in reply):
                    bad.append("%s: `%s` quoted as `%s`, the firmware answers `%s`" % (rel, cmd, q, reply))
    return bad, n


def lessons(docs, lang):
    return {os.path.basename(p): docs[p] for p in sorted(docs)
            if p.startswith("docs/course/%s/" % lang) and re.match(r"\d\d-.*\.md$", os.path.basename(p))}


def translation_diffs(en, rel, name, text):
    """How a translated lesson differs from the English one where it must
    not: its name, its checked blocks, its play-it links."""
    if name not in en:
        return ["%s: no English lesson of that name" % rel]
    bad = []
    if [b for _, b in blocks(text)] != [b for _, b in blocks(en[name])]:
        bad.append("%s: its checked blocks differ from the English lesson's" % rel)
    if play_links(text) != play_links(en[name]):
        bad.append("%s: its play-it links differ from the English lesson's" % rel)
    return bad


def check_all(engine, grundy, docs):
    bad, count = [], 0
    en = lessons(docs, "en")
    if not en:
        bad.append("docs/course/en: no lessons")
    for name, text in en.items():
        rel = "docs/course/en/" + name
        b, c = check_lesson(engine, grundy, rel, text)
        bad += b
        count += c
        if not blocks(text):
            bad.append("%s: no checked block" % rel)
        if not play_links(text):
            bad.append("%s: no play-it link to the page" % rel)
    index = docs.get("docs/course/en/README.md", "")
    for name in en:
        if "](%s)" % name not in index:
            bad.append("docs/course/en/README.md: the index does not link %s" % name)
    for rel in REFERENCE:
        if rel in docs:
            b, c = check_lesson(engine, grundy, rel, docs[rel])
            bad += b
            count += c
    langs = sorted({p.split("/")[2] for p in docs if p.count("/") == 3} - {"en"})
    for lang in langs:
        for name, text in lessons(docs, lang).items():
            rel = "docs/course/%s/%s" % (lang, name)
            bad += translation_diffs(en, rel, name, text)
    return bad, count, langs


# Documents outside the course whose checked blocks are checked too (no
# translation of them is compared).
REFERENCE = ["docs/games.md"]


def read_docs(root):
    docs = {}
    for rel in REFERENCE:
        p = os.path.join(root, rel)
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                docs[rel] = f.read()
    for p in glob.glob(os.path.join(root, "docs/course/*/*.md")):
        with open(p, encoding="utf-8") as f:
            docs[os.path.relpath(p, root).replace(os.sep, "/")] = f.read()
    return docs


def mutations(docs):
    """(what, changed docs, file) for every claim of every English lesson,
    one translated block and one link."""
    out = []
    for rel in sorted(p for p in docs if p.startswith("docs/course/en/")) + [r for r in REFERENCE if r in docs]:
        text = docs[rel]
        lines = text.split("\n")
        for start, blk in blocks(text):
            for i, claim in enumerate(blk):
                word = claim.split(" ")[0]
                if not claim or word == "game":
                    continue
                n = start + i  # index of the claim's line
                line = lines[n]
                if word in ("P", "N"):
                    new = line.replace(word, "N" if word == "P" else "P", 1)
                elif word in ("moves", "ppairs") and "|" in line:
                    new = line[:line.rindex("|")].rstrip()
                elif word == "moves" and line.rstrip().endswith("none"):
                    new = re.sub(r"(\d+)(\s*->)", lambda m: str(int(m.group(1)) + 1) + m.group(2), line, 1)
                elif line.rstrip().endswith("none"):
                    new = line.rstrip()[:-4] + ("1 from 0" if word == "period" else "1")
                else:
                    m = list(re.finditer(r"\d+", line))[-1]
                    new = line[:m.start()] + str(int(m.group()) + 1) + line[m.end():]
                changed = dict(docs)
                changed[rel] = "\n".join(lines[:n] + [new] + lines[n + 1:])
                out.append(("%s:%d %r -> %r" % (rel, n + 1, line.strip(), new.strip()), changed, rel))
        for frag in play_links(text)[:1]:
            m = re.search(r"POS ([\d ]+)", frag)
            if m:
                changed = dict(docs)
                enc = urllib.parse.quote(frag, safe=";#")
                raw = text.find("index.html#" + frag) >= 0 and frag or enc
                changed[rel] = text.replace(raw, raw.replace("POS ", "POS 999 ", 1).replace("POS%20", "POS%20999%20", 1), 1)
                out.append(("%s: a link's POS made illegal" % rel, changed, rel))
    translated = sorted(p for p in docs if not p.startswith("docs/course/en/") and re.search(r"/\d\d-", p))
    if not translated:
        # no translation yet: a copy of the first English lesson stands in
        first = min(p for p in docs if re.match(r"docs/course/en/\d\d-", p))
        rel = first.replace("/en/", "/xx/")
        docs = dict(docs)
        docs[rel] = docs[first]
        translated = [rel]
    for rel in translated:
        text = docs[rel]
        m = re.search(r"```check\n(?:.*\n)*?.*?(\d+)", text)
        if m:
            changed = dict(docs)
            changed[rel] = text[:m.start(1)] + str(int(m.group(1)) + 1) + text[m.end(1):]
            out.append(("%s: a number of a translated block" % rel, changed, rel))
            break
    return out


def self_test(engine, grundy, docs):
    bad = []
    muts = mutations(docs)
    for what, changed, rel in muts:
        if rel.startswith("docs/course/en/") or rel in REFERENCE:
            found, _ = check_lesson(engine, grundy, rel, changed[rel])
            if not found:
                bad.append("self-test: a changed claim passed: %s" % what)
        else:
            en = lessons(changed, "en")
            name = os.path.basename(rel)
            if translation_diffs(en, rel, name, docs.get(rel, en.get(name, ""))):
                bad.append("self-test: %s as it stands (or the English lesson copied) differs" % rel)
            if not translation_diffs(en, rel, name, changed[rel]):
                bad.append("self-test: a changed translation passed: %s" % what)
    return bad, len(muts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--grundy", required=True)
    ap.add_argument("--root", default=".")
    ap.add_argument("--links", action="store_true",
                    help="print every lesson's play-it links as JSON (lesson, fragment, the position's "
                         "outcome and every HINT reply a winning move gives, by the engine) and stop")
    ap.add_argument("--nimsim", help="with --elf: run each lesson's PC-link session on the firmware")
    ap.add_argument("--elf")
    a = ap.parse_args()
    engine, grundy = Engine(a.engine), Grundy(a.grundy)
    docs = read_docs(a.root)
    if a.links:
        print("[\n" + ",\n".join(json.dumps(i, ensure_ascii=False) for i in link_answers(engine, docs)) + "\n]")
        return 0
    bad, count, langs = check_all(engine, grundy, docs)
    for b in bad:
        print(b)
    numbers = sum(len(re.findall(r"\d+|\b[PN]\b", l)) for rel, t in docs.items()
                  if rel.startswith("docs/course/en/") or rel in REFERENCE for _, blk in blocks(t) for l in blk
                  if not l.startswith("game "))
    print("course: %d claims (%d numbers and P/N) in %d English lessons and docs/games.md checked by the engine; "
          "translations: %s" % (count, numbers, len(lessons(docs, "en")),
                                ", ".join("%s %d" % (l, len(lessons(docs, l))) for l in langs) or "none"))
    if a.nimsim and a.elf:
        sbad, n = check_sessions(a.nimsim, a.elf, docs)
        for b in sbad:
            print(b)
        bad += sbad
        print("course: %d PC-link commands of the lessons run on the firmware%s" % (n, "" if sbad else ", every quoted reply its own"))
        # the self-test: a quoted reply changed must fail
        rel = "docs/course/en/01-nim.md"
        if rel in docs and "`OK GRUNDY 3 4 5 SUM 2 N`" in docs[rel]:
            changed = {rel: docs[rel].replace("`OK GRUNDY 3 4 5 SUM 2 N`", "`OK GRUNDY 3 4 5 SUM 3 N`")}
            if not check_sessions(a.nimsim, a.elf, changed)[0]:
                bad.append("self-test: a changed quoted reply passed")
                print(bad[-1])
    found, tried = self_test(engine, grundy, docs)
    for b in found:
        print(b)
    print("course: self  %s" % ("ok: all %d changed copies fail" % tried if not found else "%d of %d changed copies passed" % (len(found), tried)))
    return 1 if bad or found else 0


if __name__ == "__main__":
    sys.exit(main())
