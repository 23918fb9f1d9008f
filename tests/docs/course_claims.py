#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""course_claims.py: the claims of the course's checked blocks, each put to
the toy's engine (tests/docs/course_engine, firmware/engine built for the
host) or to build/grundy. Used by check_course.py; the format is
docs/course/en/README.md's "The checked blocks"."""
import re
import subprocess

MODE = {"ONE": 1, "MISERE": 2, "BINARY": 4}
SUM = 8


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
                         r"wild (\d+) values (\d+) column (\d+) stuck (\d+)", rest)
        if not m:
            return "not ownmisere a..b = heap p of n splits p of n wild w values v column c stuck s"
        c = dict.fromkeys(("hp", "hn", "sp", "sn", "1", "2", "3", "4", "6"), 0)
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
        got = [c[k] for k in ("hp", "hn", "sp", "sn", "1", "2", "3", "6")]
        want = [int(m.group(i)) for i in range(2, 10)]
        return None if got == want and not c["4"] else \
            "the engine: heap %d of %d splits %d of %d wild %d values %d column %d stuck %d" % tuple(got)
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
