#!/usr/bin/python3
"""test_examples.py BUILD_DIR... - `nimlink examples` on the real firmware
(BUILD_DIR/nim.elf under BUILD_DIR/link/link_pipe, the UART on a pipe: no
pty to drop a reply), once per build (8 and 32 columns):

- every example agrees with its text (no MISMATCH, the command answers OK);
- the lines it prints carry the texts' own printed numbers, written out
  here a second time from the texts, so a figure changed in
  tools/nimlink_examples.py to suit the toy fails here;
- a figure planted wrong makes `examples` fail, where it is wrong."""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NIMLINK = os.path.join(ROOT, "tools", "nimlink")
_loader = importlib.machinery.SourceFileLoader("nimlink", NIMLINK)
_spec = importlib.util.spec_from_loader("nimlink", _loader)
nimlink = importlib.util.module_from_spec(_spec)
_loader.exec_module(nimlink)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import nimlink_examples  # noqa: E402
GRUNDY = os.path.join(ROOT, "build", "grundy")


def row(fmt, xs):
    return " ".join(fmt % x for x in xs)


# Lines `examples` must print, each from the figures a text prints.
WANT = [
    # "NIM GAME: Trò chơi toán học về chiến lược": "3 4 5 (0102) = 210, 1 4 5 (0002) = 010,
    # 1 4 3 (1102) = 610, 1 2 3 (0002) = 010, 1 2 2 (0012) = 110, 0 2 2 (0002) = 010,
    # 0 2 1 (0112) = 310, 0 0 1 (0102) = 110" (the misère game; 0 0 1's digits are misprinted, its 1 is right)
    "  1 4 3    6=110     OK GRUNDY 1 4 3 SUM 6 N",
    "  1 2 2    1=001     OK GRUNDY 1 2 2 SUM 1 N",
    "  0 2 1    3=011     OK GRUNDY 0 2 1 SUM 3 N",
    "  0 0 1    1=001     OK GRUNDY 0 0 1 ONES 1 P",
    # the same article: "A X = 3 2 = 1, B X = 4 2 = 6, C X = 5 2 = 7"; Nim Sum 2 (010)
    "  A  3  011   A X = 1", "  B  4  100   B X = 6", "  C  5  101   C X = 7", "  Nim Sum  2  010",
    # "Nim Game (典型玩法)": 3 4 5, 1 4 5, 1 4 2, 1 3 2, 1 0 2, 1 0 1, 0 0 1, 0 0 0, "A 贏了" (A won)
    "    B takes 3 from B, leaves 1 0 2: OK MOVE 1 0", "  LOG END H1: A won",
    # the article's games: "Nam lấy 2 ở A và để lại 1 4 5", "Nam lấy hết B" (misère), "Nam lấy hết C và thắng"
    "    Nam takes 2 from A, leaves 1 4 5: OK MOVE 0 1", "    Nam takes 2 from B, leaves 0 0 1: OK MOVE 1 0",
    # Hồ Hữu Sơn, "Trò chơi Trừ dần", S = {1, 3, 4}: "P N P N N N N P N P N N N N P N P" for 0..16
    "  toy  " + row("%2s", "P N P N N N N P N P N N N N P N P".split()),
    # the same notes: "3 ⊕ 5 ⊕ 8 = 14"; "g3(9) ⊕ g5(10) ⊕ g7(14) = 1 ⊕ 4 ⊕ 6", "g7(13) = 5"
    "  3 xor 5 xor 8 = 14: OK GRUNDY 3 5 8 SUM 14 N",
    "  g3(9) = 1 (TAKE 1-3 ONE, heap 9: 1)", "  g5(10) = 4 (TAKE 1-5 ONE, heap 10: 4)",
    "  g7(14) = 6 (TAKE 1-7 ONE, heap 14: 6)", "  g7(13) = 5 (TAKE 1-7 ONE, heap 13: 5)",
    # ... "g = 1 ⊕ 4 ⊕ 6 = 3", the winning move: pile 3 from 14 to 13
    "  G(3) + G(5) + G(7) on 9 10 14: g = 1 xor 4 xor 6 = 3 (SUM ... BINARY: OK GRUNDY 1 4 6 SUM 3 N)",
    "  the winning move: pile 3 from 14 to 13 (HINT 2 13): OK GRUNDY 1 4 5 SUM 0 P",
    # Kayles: "4 | 3, 2, (1, 2), (1, 1) | 3, 2, 1⊕2 = 3, 1⊕1 = 0 | 1" and
    # "5 | 4, 3, (3, 1), (2, 2), (1, 2) | 1, 3, 3⊕1 = 2, 2⊕2 = 0, 1⊕2 = 3 | 4"
    "  4  3, 2, (1, 2), (1, 1)            3, 2, 3, 0      1",
    "  5  4, 3, (3, 1), (2, 2), (1, 2)    1, 3, 2, 0, 3   4",
    # "Khi x ≥ 72 ... chu kì 12": g(72..83) = 4 1 2 8 1 4 7 2 1 8 2 7
    "  g(x) " + row("%2d", [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]),
    # Treblecross: g(-1..9) = 0 0 1 1 2 0 3 1 1 0 3; "3, 0, 0, 0, 1, 0, 1, 0, 0 nên g(11) = 2"
    "  g(a) " + row("%3d", [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]),
    "  g(a) xor g(b), a + b = 8: 3, 0, 0, 0, 1, 0, 1, 0, 0, so g(11) = 2 (build/grundy: 2)",
    # Mock Turtles: "1 2 4 7 8 11 13 14 16 19 21 22 25 26 28" for x = 0..14
    "  toy  " + row("%2d", [1, 2, 4, 7, 8, 11, 13, 14]) + "   (a column has 8 coins)",
    "  gen  " + row("%2d", [16, 19, 21, 22, 25, 26, 28]).rjust(43) + "   (build/grundy)",
    # Twins: "Nếu ta đánh số các đồng xu từ 1 thì hàm g(x) = x" (coins numbered from 1: g(x) = x)
    "  text " + row("%2d", range(1, 15)),
    "  toy  " + row("%2d", range(1, 8)) + "   (a column has 8 coins)",
    "  gen  " + row("%2d", range(8, 15)).rjust(40) + "   (build/grundy)",
    "  from x = 1..7 to each a = 0..x-1: 28 of 28 moves OK",
    # "the game of Nim" (Thai): (1,1,1), (1,1,2), (1,1,3), (1,2,2) are N, to (0,1,1), (1,1,0),
    # (1,1,0), (0,2,2), which are P; (1,2,3) is P
    "  1 1 3 N -> 1 1 0 P (OK MOVE 2 0)", "  1 2 2 N -> 0 2 2 P (OK MOVE 0 0)",
    "  1 2 3: OK GRUNDY 1 2 3 SUM 0 P",
    # the Thai article: 13 12 8, "nim-sum 9", the winning moves 13 to 4, 12 to 5, 8 to 1
    "  nim-sum 9  00001001: OK GRUNDY 13 12 8 SUM 9 N",
    "  13 to 4: OK MOVE 0 4, then OK GRUNDY 4 12 8 SUM 0 P",
    "  12 to 5: OK MOVE 1 5, then OK GRUNDY 13 5 8 SUM 0 P",
    "  8 to 1: OK MOVE 2 1, then OK GRUNDY 13 12 1 SUM 0 P",
    # the Vietnamese blog's xor tables: 13 14 6 7 2 (x = 0), 12 14 6 3 2 (x = 5)
    "  nim-sum 0  00000000: OK GRUNDY 13 14 6 7 2 SUM 0 P",
    "  nim-sum 5  00000101: OK GRUNDY 12 14 6 3 2 SUM 5 N",
    # Ho Huu Son's notes: "14 xor 55 = 57"; Bouton: (5, 7, 9) N, sum 11; (4, 12, 8) P
    "  nim-sum 57  00111001: OK GRUNDY 14 55 SUM 57 N",
    "  nim-sum 11  00001011: OK GRUNDY 5 7 9 SUM 11 N",
    "  nim-sum 0  00000000: OK GRUNDY 4 12 8 SUM 0 P",
    # Ho Huu Son's notes, Empty and Divide: P exactly when both boxes are
    # odd, (1, 1) (the end) among them; every move from P reaches N
    "  %3d " % 1 + row("%2s", ["P", "N"] * 6),
    "  %3d " % 2 + row("%2s", ["N"] * 12),
    "  %3d " % 11 + row("%2s", ["P", "N"] * 6),
    "  HINT: the text's move in each of 143 positions; every move from P (360 of them) reaches N: yes",
    "examples: every one agrees",
]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("examples: FAIL " + what, flush=True)
    return cond


def run(b, plant=None):
    """`examples` on BUILD_DIR b over link_pipe; plant: figures to change first."""
    proc = subprocess.Popen([os.path.join(b, "link", "link_pipe"), os.path.join(b, "nim.elf")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    lines = []
    saved = {k: getattr(nimlink_examples, k) for k in (plant or {})}
    try:
        made = []       # LOG lines go to the example's own watcher, once the link is made

        def on_log(line):
            if made and made[0].on_log_extra:
                made[0].on_log_extra(line)
        link = nimlink.Link("link_pipe", timeout=10.0, transport=nimlink.PipeTransport(proc), on_log=on_log)
        made.append(link)
        link.hello()
        for k, v in (plant or {}).items():
            setattr(nimlink_examples, k, v)
        os.environ["NIMLINK_GRUNDY"] = GRUNDY
        link.stream(["SET LEVEL 0", "SET START 2", "SET BRIGHT 3"])
        before = nimlink.state(link)["SET"]
        reply = nimlink.run_line(link, "examples", lines.append)
        after = nimlink.state(link)["SET"]
        check(after == before, "examples puts the settings back: %s, was %s" % (after, before))
        link.close()
    finally:
        for k, v in saved.items():
            setattr(nimlink_examples, k, v)
        proc.terminate()
        proc.wait(5)
    return reply, lines


def test_build(b):
    t = time.monotonic()
    reply, out = run(b)
    cols = "%s columns" % ("32" if "m4" in b else "8")
    check(reply == "OK", "%s: examples answers %s" % (cols, reply))
    check(not [l for l in out if "MISMATCH" in l], "%s: %s" % (cols, [l for l in out if "MISMATCH" in l]))
    for w in WANT:
        check(w in out, "%s: no line %r" % (cols, w))
    check(sum(1 for l in out if l == "  LOG END H1: player 1 won") == 2, "%s: the article's two games won" % cols)
    # every example is on the toy: no "not yet" section, no "needs" line
    not_yet = [l for l in out if l == "== not yet on the toy" or "; needs " in l]
    check(not not_yet, "%s: not yet on the toy: %s" % (cols, not_yet))
    print("examples: %s: %d lines, every text's figure agrees (%.1f s)" % (cols, len(out), time.monotonic() - t),
          flush=True)
    # Two figures planted wrong: each must be named, and the command fail.
    reply, out = run(b, {"TREBLE_G11": 3, "S134_PN": "P N P N N N N P N P N N N N P N N"})
    bad = [l for l in out if l.startswith("  MISMATCH: ")]
    check(reply == "ERR EXAMPLES" and len(bad) == 2 and "P/N" in bad[0] and "g(11) = 3" in bad[1],
          "%s: planted figures: %s %r" % (cols, reply, bad))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for b in sys.argv[1:]:
        test_build(b)
    print("examples: %s" % ("FAILED: %d" % len(failures) if failures else "passed"), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
