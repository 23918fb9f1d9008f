"""nimlink's `examples`: every worked example of the five reference texts
that the toy can play today, played or reproduced through the toy's PC link
and printed as the text lays it out. The figures below are the texts' own
printed numbers; a line starting MISMATCH says where the toy disagrees.
Tables that go past what a column holds come from build/grundy, and say so.
Examples that need games the toy does not have yet are listed with the
reason (issue 20)."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from nimlink_texts import (  # noqa: E402 (the texts' figures: test_examples plants them here)
    SETTINGS, BLOG, ARTICLE, NOTES, LESSON, THAI, NOT_YET, THAI_HEAPS, THAI_SUM, THAI_WINS,
    BLOG_TABLES, NOTES_BINARY, ARTICLE_NORMAL, ARTICLE_MISERE, ARTICLE_MISERE_SUMS, LESSON_GAME,
    S134_PN, KAYLES_ROWS, KAYLES_PERIOD_FROM, KAYLES_PERIOD, TREBLE_G, TREBLE_XORS, TREBLE_G11,
    TURTLES_G, TWINS_G, ED_TOP, ed_text_p, SUM_PARTS, SUM_G, SUM_MOVE, take_name, heap_list, cachdi,
    at_most_half, runs, free_cells)


class Examples:
    def __init__(self, link, out, error, grundy):
        self.link, self.out, self.error, self.grundy = link, out, error, grundy
        self.bad = 0

    def cmd(self, line, want="OK"):
        r = self.link.cmd(line)
        if want and not r.startswith(want):
            raise self.error("%s: %s" % (line, r))
        return r

    def batch(self, lines):
        return [r for _, r, _ in self.link.stream(lines)]

    def check(self, cond, what):
        if not cond:
            self.out("  MISMATCH: " + what)
            self.bad += 1
        return cond

    def game(self, name):
        self.cmd("GAME " + name)

    def values(self, reply):
        """GRUNDY's column values and its last word (P or N)."""
        f = reply.split()[2:]
        vals = []
        for x in f:
            if not x.isdigit():
                break
            vals.append(int(x))
        return vals, f[-1]

    def column_value(self, mask, filler=1):
        """One column's value, beside a filler column so the position is never over."""
        return self.values(self.batch(["POS %d %d" % (mask, filler), "GRUNDY"])[1])[0][0]

    def from_grundy(self, rule, n):
        if not self.grundy or not os.path.exists(self.grundy):
            self.out("  (past the toy: needs build/grundy, make build/grundy; not checked)")
            return None
        r = subprocess.run([self.grundy, rule, str(n)], capture_output=True, text=True)
        return [int(x) for x in r.stdout.split()]

    # ---- the games played move by move ---------------------------------------------------
    def play(self, title, game, seq, names, winner, sums=None):
        """Two players through the toy; the first (the texts' winner, called
        `winner` at the end) must be in an N-position before each of its
        moves and leave a P-position."""
        self.out("== %s: %s on %s, %s (player 1) moves first" % (title, game, heap_list(seq[0]), names[0]))
        ends = []
        self.link.on_log_extra = lambda line: ends.append(line) if line.startswith("LOG END") else None
        for line in ("SET OPP 1", "GAME " + game, "POS " + heap_list(seq[0])):
            self.cmd(line)
        self.out("  %-8s %-9s %s" % ("A B C", "nim-sum", "the toy"))
        for k in range(1, len(seq)):
            a, b = seq[k - 1], seq[k]
            col = next(c for c in range(3) if a[c] != b[c])
            g = self.cmd("GRUNDY")
            vals, pn = self.values(g)
            x = vals[0] ^ vals[1] ^ vals[2]
            self.out("  %-8s %-9s %s" % (heap_list(a), "%d=%s" % (x, format(x, "03b")), g))
            if sums:
                self.check(x == sums[k - 1], "the text prints the nim-sum %d at %s" % (sums[k - 1], heap_list(a)))
            mover = names[(k - 1) % 2]
            if k % 2:
                self.check(pn == "N", "the text's winner %s is to move at %s, the toy says P" % (mover, heap_list(a)))
            r = self.cmd("MOVE %d %d" % (col, b[col]), want=None)
            self.out("    %s takes %d from %s, leaves %s: %s" % (mover, a[col] - b[col], "ABC"[col], heap_list(b), r))
            if not self.check(r.startswith("OK"), "the toy refuses the text's move"):
                break
            if k % 2 and any(b):
                self.check(self.cmd("GRUNDY").endswith(" P"), "the toy does not call %s P" % heap_list(b))
        self.cmd("STATE")           # the LOG END line comes before this reply
        who = ends[0].split()[2] if ends else "?"
        self.out("  %s: %s won" % (ends[0] if ends else "no LOG END", winner if who == "H1" else who))
        self.check(who == "H1", "%s, the text's winner, did not win" % names[0])
        self.link.on_log_extra = None

    def hint_is(self, game, pos, want, why):
        self.game(game)
        self.cmd("POS " + heap_list(pos))
        h = self.cmd("HINT")
        self.out("  %s at %s: %s; %s" % (game, heap_list(pos), h, why))
        self.check(h == "OK HINT %d %d" % want, "the text's move is column %d to %d" % want)

    def binary_table(self, title, heaps, want_sum, want_pn=None):
        """A position of NIM BINARY as the texts' tables: each heap in binary, the nim-sum."""
        self.out("== %s: %s in binary (NIM BINARY)" % (title, heap_list(heaps)))
        self.game("NIM BINARY")
        self.cmd("POS " + heap_list(heaps))
        g = self.cmd("GRUNDY")
        vals, pn = self.values(g)
        x = 0
        for v in vals:
            x ^= v
            self.out("  %3d  %s" % (v, format(v, "08b")))
        self.out("  nim-sum %d  %s: %s" % (x, format(x, "08b"), g))
        self.check(vals == list(heaps) and x == want_sum and (want_pn or ("P" if not x else "N")) == pn,
                   "the text: %s has nim-sum %d" % (heap_list(heaps), want_sum))

    def binary(self):
        self.binary_table(THAI, THAI_HEAPS, THAI_SUM)
        for col, to in THAI_WINS:
            after = list(THAI_HEAPS)
            after[col] = to
            r = self.batch(["POS " + heap_list(THAI_HEAPS), "MOVE %d %d" % (col, to), "POS " + heap_list(after),
                            "GRUNDY"])
            self.out("  %d to %d: %s, then %s" % (THAI_HEAPS[col], to, r[1], r[3]))
            self.check(r[1] == "OK MOVE %d %d" % (col, to) and r[3].endswith(" SUM 0 P"),
                       "the text: %d to %d wins" % (THAI_HEAPS[col], to))
        h = self.batch(["POS " + heap_list(THAI_HEAPS), "HINT"])[1]
        self.out("  the toy's hint: %s" % h)
        self.check(h in ["OK HINT %d %d" % w for w in THAI_WINS], "the hint is one of the text's moves")
        for heaps, x in BLOG_TABLES:
            self.binary_table(BLOG, heaps, x)
        for heaps, x, pn in NOTES_BINARY:
            self.binary_table(NOTES, heaps, x, pn)

    # ---- each text ------------------------------------------------------------------------
    def blog(self):
        self.out("== %s: the machine in a lost position (procedure CachDi)" % BLOG)
        self.out("  x = 0: take one stone from the biggest heap (the first of them), wait for a slip")
        self.cmd("SET LEVEL 2")
        self.game("NIM")
        for pos in [(1, 2, 3), (1, 4, 5), (0, 2, 2), (2, 2, 0), (1, 3, 2), (0, 1, 1), (4, 8, 8, 4), (7, 6, 1)]:
            self.cmd("POS " + heap_list(pos))
            r = self.cmd("AI")
            d, to = cachdi(list(pos))
            self.out("  %-10s CachDi: heap %d to %d   the toy: %s" % (heap_list(pos), d, to, r))
            self.check(r == "OK AI %d %d" % (d, to), "CachDi takes heap %d to %d" % (d, to))

    def article(self):
        self.out("== %s: 3 4 5 in binary" % ARTICLE)
        self.game("NIM")
        self.cmd("POS 3 4 5")
        vals, _ = self.values(self.cmd("GRUNDY"))
        x = vals[0] ^ vals[1] ^ vals[2]
        for name, v in zip("ABC", vals):
            self.out("  %s  %d  %s   %s X = %d" % (name, v, format(v, "03b"), name, v ^ x))
        self.out("  Nim Sum  %d  %s" % (x, format(x, "03b")))
        self.check(x == 2 and [v ^ x for v in vals] == [1, 6, 7], "the text: nim-sum 2, A X = 1, B X = 6, C X = 7")
        self.hint_is("NIM", (3, 4, 5), (0, 1), "only A goes down: take 2, leave 1")
        self.play(ARTICLE, "NIM", ARTICLE_NORMAL, ["Nam", "Bắc"], "player 1")
        self.hint_is("NIM MISERE", (0, 1, 2), (2, 0), "the text: in misere play Nam takes 2 from C, leaves 0 1 0")
        self.play(ARTICLE, "NIM MISERE", ARTICLE_MISERE, ["Nam", "Bắc"], "player 1", ARTICLE_MISERE_SUMS)
        self.hint_is("NIM", (0, 2, 1), (1, 1), "the text: in normal play Nam takes 1 from B, leaves 0 1 1")

    def lesson(self):
        self.play(LESSON, "NIM", LESSON_GAME, ["A", "B"], "A")
        self.out("  (the text says B takes 3 from the first heap; its numbers, played here, take the second)")

    def thai(self):
        self.out("== %s: small positions" % THAI)
        self.game("NIM")
        for k in range(1, 9):
            self.cmd("POS %d %d" % (k, k))
            r = self.cmd("GRUNDY")
            self.check(r.endswith(" P"), "(x1, x1) is P: %d %d" % (k, k))
        self.out("  (x1, x1) for x1 = 1..8: P on the toy")
        for a, b in [((1, 1, 1), (0, 1, 1)), ((1, 1, 2), (1, 1, 0)), ((1, 1, 3), (1, 1, 0)), ((1, 2, 2), (0, 2, 2))]:
            self.cmd("POS " + heap_list(a))
            g = self.cmd("GRUNDY")
            col = next(c for c in range(3) if a[c] != b[c])
            m = self.cmd("MOVE %d %d" % (col, b[col]), want=None)
            self.cmd("POS " + heap_list(b))
            after = self.cmd("GRUNDY")
            self.out("  %s %s -> %s %s (%s)" % (heap_list(a), g.split()[-1], heap_list(b), after.split()[-1], m))
            self.check(g.endswith(" N") and m.startswith("OK") and after.endswith(" P"),
                       "the text: %s is N, it moves to %s, which is P" % (heap_list(a), heap_list(b)))
        self.cmd("POS 1 2 3")
        g = self.cmd("GRUNDY")
        self.out("  1 2 3: %s" % g)
        self.check(g.endswith(" P"), "the text: (1, 2, 3) is P")

    def notes_take(self, cols):
        self.out("== %s: take 1 to M from C, the machine of LAYCO.PAS" % NOTES)
        self.out("  g(C) = C mod (M + 1); the machine takes C mod (M + 1), or 1 when that is 0 (P: it waits)")
        top = min(24, 8 * cols)
        self.cmd("SET LEVEL 2")
        for m in range(2, 8):
            self.game(take_name(m) + " ONE")
            got_g, got_take = [], []
            for c in range(1, top + 1):
                pos, g, ai = self.batch(["POS %d" % c, "GRUNDY", "AI"])
                val, pn = self.values(g)
                got_g.append(val[0])
                got_take.append(c - int(ai.split()[3]))
                want = c % (m + 1)
                self.check(val[0] == want and (pn == "P") == (want == 0) and got_take[-1] == (want or 1),
                           "M = %d, C = %d: %s, %s" % (m, c, g, ai))
            self.out("  M = %d  C 1..%d: g %s" % (m, top, " ".join(map(str, got_g))))
            self.out("  %12s machine takes %s" % ("", " ".join(map(str, got_take))))

    def notes_s134(self):
        self.out("== %s: subtraction set {1, 3, 4}, P and N up to 16" % NOTES)
        self.game("TAKE 1 3 OR 4 ONE")
        got = ["P" if self.cmd("POS 0", want=None) == "ERR POS OVER" else "?"]     # 0: the end, no move
        for i in range(1, 17):
            got.append(self.batch(["POS %d" % i, "GRUNDY"])[1].split()[-1])
        self.out("  i    " + " ".join("%2d" % i for i in range(17)))
        self.out("  text " + " ".join("%2s" % x for x in S134_PN.split()))
        self.out("  toy  " + " ".join("%2s" % x for x in got))
        self.check(got == S134_PN.split(), "the P/N row differs")

    def notes_nim(self):
        self.out("== %s: nim-sums and G(3) + G(5) + G(7)" % NOTES)
        self.game("NIM")
        self.cmd("POS 3 5 8")
        g = self.cmd("GRUNDY")
        self.out("  3 xor 5 xor 8 = 14: %s" % g)
        self.check(" SUM 14 " in g, "the text: 3 xor 5 xor 8 = 14")
        for m, c, want in SUM_PARTS:
            self.game(take_name(m) + " ONE")
            self.cmd("POS %d" % c)
            v = self.values(self.cmd("GRUNDY"))[0][0]
            self.out("  g%d(%d) = %d (TAKE 1-%d ONE, heap %d: %d)" % (m, c, want, m, c, v))
            self.check(v == want, "the text: g%d(%d) = %d" % (m, c, want))
        # the theorem itself: the three games as one SUM, each column its rule
        self.game("SUM TAKE 1-3 + TAKE 1-5 + TAKE 1-7 BINARY")
        self.cmd("SET OPP 1")
        self.cmd("POS 9 10 14")
        g = self.cmd("GRUNDY")
        vals, pn = self.values(g)
        x = int(g.split()[-2])
        self.out("  G(3) + G(5) + G(7) on 9 10 14: g = %s = %d (SUM ... BINARY: %s)"
                 % (" xor ".join(map(str, vals)), x, g))
        self.check(vals == [w for _, _, w in SUM_PARTS[:3]] and x == SUM_G and pn == "N",
                   "the text: g = 1 xor 4 xor 6 = %d" % SUM_G)
        h = self.cmd("HINT").split()
        self.cmd("MOVE %d %d" % SUM_MOVE)
        after = self.cmd("GRUNDY")
        self.out("  the winning move: pile 3 from 14 to 13 (HINT %s %s): %s" % (h[2], h[3], after))
        self.check(h[2:] in (["2", "13"], ["0", "6"]) and after.endswith(" SUM 0 P"),
                   "the text: pile 3 from 14 to 13 wins (hint %s, then %s)" % (h[2:], after))

    def notes_kayles(self):
        self.out("== %s: Kayles, the positions one move away" % NOTES)
        self.game("KAYLES")
        self.cmd("SET OPP 1")
        self.out("  x  %-31s %-15s g(x)" % ("positions y", "g(y)"))
        for x, succ, gy, gx in KAYLES_ROWS:
            mask = (1 << x) - 1
            legal = set()
            for to in range(mask):
                if to & ~mask == 0:
                    self.cmd("POS %d 1" % mask)
                    if self.cmd("MOVE 0 %d" % to, want=None).startswith("OK"):
                        legal.add(tuple(sorted(runs(to))))
            text = {tuple(sorted(y)) if isinstance(y, tuple) else ((y,) if y else ()) for y in succ}
            self.check(legal == text, "x = %d: the toy's moves reach %s" % (x, sorted(legal)))
            toy_gy = [self.column_value(sum(((1 << n) - 1) << s for n, s in zip(y, (0, y[0] + 1)))
                                        if isinstance(y, tuple) else (1 << y) - 1) for y in succ]
            toy_gx = self.column_value(mask)
            self.out("  %d  %-31s %-15s %d" % (x, ", ".join(str(y) for y in succ), ", ".join(map(str, toy_gy)), toy_gx))
            self.check(toy_gy == gy and toy_gx == gx, "the text: g(y) %s, g(%d) = %d" % (gy, x, gx))
        self.out("  from %d on, period 12 (past the 8 pins of a column: build/grundy KAYLES)" % KAYLES_PERIOD_FROM)
        g = self.from_grundy("KAYLES", 300)
        if g:
            row = g[KAYLES_PERIOD_FROM:KAYLES_PERIOD_FROM + 12]
            self.out("  x    " + " ".join("%2d" % x for x in range(72, 84)))
            self.out("  g(x) " + " ".join("%2d" % v for v in row))
            self.check(row == KAYLES_PERIOD, "the text: g(72..83) = %s" % KAYLES_PERIOD)
            self.check(all(g[x] == g[x + 12] for x in range(KAYLES_PERIOD_FROM, 300 - 12)),
                       "g(x + 12) = g(x) from 72 to 299")

    def notes_treblecross(self):
        self.out("== %s: Treblecross (NO ADJACENT)" % NOTES)
        self.game("NO ADJACENT")
        # A column holding one free strip of n cells, n = 0..8 where 8 cells allow it.
        strip = {}
        for marks in range(256):
            if not marks & marks >> 1:
                r = runs(free_cells(marks))
                n = r[0] if len(r) == 1 else 0 if not r else None
                if n is not None and n not in strip:
                    strip[n] = marks
        seq = self.from_grundy("NO ADJACENT", 12)
        row, src = [0], ["-"]           # g(-1) = 0 by the text's convention
        for n in range(10):
            if n in strip:
                row.append(self.column_value(strip[n]))
                src.append("toy")
            elif seq:
                row.append(seq[n])
                src.append("gen")
            else:
                row.append(None)
                src.append("?")
        self.out("  a    " + " ".join("%3d" % a for a in range(-1, 10)))
        self.out("  g(a) " + " ".join("%3s" % v for v in row))
        self.out("  from " + " ".join("%3s" % s for s in src) + "   (gen: build/grundy, a column has 8 cells)")
        self.check(all(v is None or v == w for v, w in zip(row, TREBLE_G)), "the text: g(-1..9) = %s" % TREBLE_G)
        if seq:
            g = [0] + seq
            xors = [g[a + 1] ^ g[8 - a + 1] for a in range(-1, 8)]
            mex = next(k for k in range(12) if k not in xors)
            self.out("  g(a) xor g(b), a + b = 8: %s, so g(11) = %d (build/grundy: %d)"
                     % (", ".join(map(str, xors)), mex, seq[11]))
            self.check(xors == TREBLE_XORS and mex == seq[11] == TREBLE_G11,
                       "the text: %s, g(11) = %d" % (TREBLE_XORS, TREBLE_G11))

    def notes_half(self, cols):
        top = min(8 * cols, 255)        # the one-heap form's biggest heap
        self.out("== %s: AT MOST HALF, ATMOSTHALF.PAS against the toy (one heap, 2..%d)" % (NOTES, top))
        self.game("AT MOST HALF ONE")
        want = at_most_half(top)
        got = [0, 0]        # 0 and 1: no move (the toy refuses them as over)
        self.check(self.cmd("POS 1", want=None) == "ERR POS OVER", "a heap of 1 is dead")
        lines = []
        for n in range(2, top + 1):
            lines += ["POS %d" % n, "GRUNDY"]
        got += [self.values(r)[0][0] for r in self.batch(lines)[1::2]]
        self.out("  g(0..20) " + " ".join(map(str, got[:21])) + " ...")
        bad = [n for n in range(top + 1) if got[n] != want[n]]
        self.check(not bad, "ATMOSTHALF.PAS and the toy differ at %s" % bad[:8])

    def notes_turtles(self):
        self.out("== %s: Mock Turtles, one head at coin x" % NOTES)
        self.game("MOCK TURTLES")
        self.cmd("POS " + " ".join(str(1 << x) for x in range(8)))
        toy = self.values(self.cmd("GRUNDY"))[0]
        seq = self.from_grundy("MOCK TURTLES", 15) or []
        self.out("  x    " + " ".join("%2d" % x for x in range(15)))
        self.out("  text " + " ".join("%2d" % v for v in TURTLES_G))
        self.out("  toy  " + " ".join("%2d" % v for v in toy) + "   (a column has 8 coins)")
        self.out("  gen  " + " ".join("%2d" % v for v in seq[8:]).rjust(3 * 15 - 2) + "   (build/grundy)")
        self.check(toy == TURTLES_G[:8] and (not seq or seq == TURTLES_G), "the text: %s" % TURTLES_G)

    def notes_twins(self):
        """The toy's bottom coin is the text's position 0: turning it over
        with coin x leaves every one of the text's coins tails."""
        self.out("== %s: Twins, one head at coin x (coins from 1, the bottom coin is position 0)" % NOTES)
        self.game("TWINS")
        self.cmd("POS " + " ".join(str(1 << x) for x in range(1, 8)))
        toy = self.values(self.cmd("GRUNDY"))[0]
        seq = self.from_grundy("TWINS", 15) or []
        self.out("  x    " + " ".join("%2d" % x for x in range(1, 15)))
        self.out("  text " + " ".join("%2d" % v for v in TWINS_G))
        self.out("  toy  " + " ".join("%2d" % v for v in toy) + "   (a column has 8 coins)")
        self.out("  gen  " + " ".join("%2d" % v for v in seq[8:]).rjust(3 * 14 - 2) + "   (build/grundy)")
        self.check(toy == TWINS_G[:7] and (not seq or seq[1:] == TWINS_G), "the text: g(x) = %s" % TWINS_G)
        # "from x every position 0 .. x - 1 is one move away": each move made
        lines = []
        for x in range(1, 8):
            for a in range(x):
                lines += ["POS %d" % (1 << x), "MOVE 0 %d" % (1 << a)]
        ok = sum(r == "OK MOVE 0 %d" % (1 << a) for r, a in
                 zip(self.batch(lines)[1::2], [a for x in range(1, 8) for a in range(x)]))
        self.out("  from x = 1..7 to each a = 0..x-1: %d of %d moves OK" % (ok, len(lines) // 2))
        self.check(ok == len(lines) // 2, "a move from x to a < x refused")

    def notes_ed(self):
        """Every position up to ED_TOP x ED_TOP: GRUNDY's P/N, HINT's move
        in the text's form (the even box divided into two odd parts), and
        every move from a P-position to N (read from the same table: a
        move leaves (k, s - k), s the divided box)."""
        self.out("== %s: Empty and Divide, P = both boxes odd" % NOTES)
        self.game("EMPTY AND DIVIDE BINARY")
        boxes = [(m, n) for m in range(1, ED_TOP + 1) for n in range(1, ED_TOP + 1)]
        r = self.batch([x for m, n in boxes for x in ("POS %d %d" % (m, n), "GRUNDY", "HINT")])
        toy, hints = {}, 0
        for i, (m, n) in enumerate(boxes):
            pos, g, h = r[3 * i:3 * i + 3]
            if (m, n) == (1, 1):
                toy[m, n] = "P" if pos == "ERR POS OVER" else "?"   # the end: no move
                continue
            toy[m, n] = g.split()[-1]
            f = h.split()
            if toy[m, n] == "P":
                hints += self.check(f[2:] == ["NONE"], "(%d, %d) is P, yet HINT %s" % (m, n, h))
                continue
            c, k = int(f[2]), int(f[3])
            s = n if c == 0 else m
            hints += self.check(s % 2 == 0 and k % 2 == 1 and (s - k) % 2 == 1,
                                "(%d, %d): HINT %s does not divide the even box into odd parts" % (m, n, h))
        self.out("  m\\n " + " ".join("%2d" % n for n in range(1, ED_TOP + 1)) + "   (P: both odd; (1, 1): the end)")
        for m in range(1, ED_TOP + 1):
            self.out("  %3d " % m + " ".join("%2s" % toy[m, n] for n in range(1, ED_TOP + 1)))
        wrong = [mn for mn in boxes if toy[mn] != ("P" if ed_text_p(*mn) else "N")]
        self.check(not wrong, "the text: P exactly when both boxes are odd; the toy differs at %s" % wrong[:4])
        moves = [(k, s - k) for m, n in boxes if toy[m, n] == "P" for s in (m, n) for k in range(1, s)]
        self.out("  HINT: the text's move in each of %d positions; every move from P (%d of them) reaches N: %s"
                 % (hints, len(moves), "yes" if all(toy[x] == "N" for x in moves) else "no"))
        self.check(all(toy[x] == "N" for x in moves), "a move from a P-position reaches P")

    def run(self):
        cols = self.link.cols
        # The settings live in the toy's EEPROM: put the owner's back after.
        st = self.cmd("STATE").split()
        kept = next(f[4:] for f in st if f.startswith("SET=")).split(",")
        for line in ("SET OFF 4", "SET OPP 1"):
            self.cmd(line)
        self.blog()
        self.article()
        self.lesson()
        self.notes_take(cols)
        self.notes_s134()
        self.notes_nim()
        self.notes_kayles()
        self.notes_treblecross()
        self.notes_half(cols)
        self.notes_turtles()
        self.notes_twins()
        self.notes_ed()
        self.thai()
        self.binary()
        if NOT_YET:
            self.out("== not yet on the toy")
        for text, what, why in NOT_YET:
            self.out("  %s: %s; needs %s" % (text, what, why))
        self.out("examples: %s" % ("every one agrees" if not self.bad else "%d MISMATCH" % self.bad))
        self.batch(["SET %s %s" % kv for kv in zip(SETTINGS, kept)] + ["NEW"])
        return not self.bad


def examples_run(link, out, error, grundy=None):
    """Play every example; True when the toy agrees with every text."""
    if grundy is None:
        grundy = os.environ.get("NIMLINK_GRUNDY") or os.path.join(
            os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "build", "grundy")
    return Examples(link, out, error, grundy).run()
