#!/usr/bin/env python3
"""reply_stats.py KIND UART < marks - figures from an on-target bench program.

Reads the simulator's marks ("<cycle> <value>" lines, contract 3) on stdin
and the program's UART output, and prints "bench ..." lines. Every interval
is the cycles between a start and an end marker minus the cost of an empty
marker pair (the 0xF0 calibration block), so a figure is the call's own cost.

KIND 1 or 4 (reply.c, MODULES=1/4): per game
    bench reply game=NAME cols=N positions=n worst_cycles=w mean_cycles=m
    bench reply_random game=NAME cols=N positions=n worst_cycles=w mean_cycles=m
and the whole run's simulated cycles (to its last marker; bench.mk sizes
make bench's simulator cap from make test's sample by it)
    bench reply_run cols=N games=g cycles=c
KIND octal1 or octal4 (octal.c, MODULES=1/4): a typed-in code set on the
chip, worst over every code of 1-4 digits, codes that split (pins) and
those that do not (heaps)
    bench octal_set cols=N kind=heap|split codes=n heaps=h worst_cycles=w code=C mean_cycles=m
and the proof of its misere play, worst over the same codes, with the verdicts
    bench octal_misere cols=N kind=heap|split codes=n worst_cycles=w code=C mean_cycles=m played=p wild=w values=v moves=m
and one heap of the codes that never split, its P-positions and GRUNDY of the biggest heap
    bench octal_heap cols=N codes=n worst_cycles=w code=C mean_cycles=m grundy_worst_cycles=g grundy_code=C
KIND baseline (baseline.c): per pin count k, and the headline
    bench baseline_pins game=KAYLES cols=8 pins=k positions=n worst_cycles=w table_worst_cycles=t
    bench baseline game=KAYLES cols=8 pins=k worst_cycles=w table_worst_cycles=t ratio=r
Exits 1 if the program did not finish or a count does not match."""
import sys

CAL, GAME = 0xF0, 0x80
PAIRS = {1: 2, 3: 4, 5: 6, 7: 8}          # start marker -> end marker


def fail(msg):
    print("reply_stats: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    kind, uart_path = sys.argv[1], sys.argv[2]
    # per section (game index or pin count) and pair start: [count, worst, sum]
    stats = {}
    cal = []
    octal_times = []
    section = None
    open_mark = None
    start = 0
    c = 0
    for line in sys.stdin:
        c, v = line.split()
        c = int(c)
        v = int(v)
        if v == CAL:
            section = "cal"
            continue
        if v >= GAME and v != CAL:
            section = v - GAME
            continue
        if v in PAIRS:
            open_mark, start = v, c
            continue
        if open_mark is None or PAIRS[open_mark] != v:
            fail("marker %d at cycle %d without its start" % (v, c))
        d = c - start
        if section == "cal":
            cal.append(d)
        elif kind.startswith("octal"):
            octal_times.append((open_mark, d))
        else:
            s = stats.setdefault((section, open_mark), [0, 0, 0])
            s[0] += 1
            s[1] = max(s[1], d)
            s[2] += d
        open_mark = None
    if not cal or min(cal) != max(cal):
        fail("calibration pairs missing or unequal: %s" % cal)
    over = cal[0]
    uart = open(uart_path, encoding="ascii", errors="replace").read().splitlines()

    def fig(key):
        n, w, s = stats.get(key, (0, 0, 0))
        return n, w - over if n else 0, (s - n * over) / n if n else 0.0

    if kind in ("1", "4"):
        cols = 8 * int(kind)
        games = [l.split() for l in uart if l.startswith("game ")]
        counts = [int(l.split()[1]) for l in uart if l.startswith("measured ")]
        if not uart or not uart[-1].startswith("end games=") or int(uart[-1][10:]) != len(games) \
                or len(counts) != len(games):
            fail("the program did not finish (UART: %s)" % (uart[-1:] or "nothing"))
        for g, want in zip(games, counts):
            idx = int(g[1])
            name = g[2].split("=", 1)[1]
            n, w, m = fig((idx, 1))
            if n != want:
                fail("game %s: %d replies measured, %d expected" % (name, n, want))
            print("bench reply game=%s cols=%d positions=%d worst_cycles=%d mean_cycles=%d"
                  % (name, cols, n, w, round(m)))
        for g in games:
            idx = int(g[1])
            name = g[2].split("=", 1)[1]
            n, w, m = fig((idx, 5))
            print("bench reply_random game=%s cols=%d positions=%d worst_cycles=%d mean_cycles=%d"
                  % (name, cols, n, w, round(m)))
        print("bench reply_run cols=%d games=%d cycles=%d" % (cols, len(games), c))
    elif kind in ("octal1", "octal4"):
        cols = 8 * int(kind[5:])
        # one interval per code, in the order of the UART's lines
        lines = [l.split() for l in uart if l.startswith("0.")]
        if not uart or not uart[-1].startswith("end codes=") or int(uart[-1][10:]) != len(lines):
            fail("the octal program did not finish (UART: %s)" % (uart[-1:] or "nothing"))
        times = [d - over for m, d in octal_times if m == 1]
        proofs = [d - over for m, d in octal_times if m == 5]
        if len(times) != len(lines) or len(proofs) != len(lines):
            fail("%d derivations and %d proofs measured, %d codes" % (len(times), len(proofs), len(lines)))
        for split in (False, True):
            if any(l[2] not in ("split", "heap") for l in lines):
                fail("a code with a move refused: %s" % [l for l in lines if l[2] not in ("split", "heap")][0])
            pick = [(t, l[0], int(l[1])) for t, l in zip(times, lines) if (l[2] == "split") == split]
            t, code, heaps = max(pick)
            print("bench octal_set cols=%d kind=%s codes=%d heaps=%d worst_cycles=%d code=%s mean_cycles=%d"
                  % (cols, "split" if split else "heap", len(pick), heaps, t, code,
                     round(sum(p[0] for p in pick) / len(pick))))
            pick = [(t, l[0], int(l[3])) for t, l in zip(proofs, lines) if (l[2] == "split") == split]
            t, code, _ = max(pick)
            why = [p[2] for p in pick]
            print("bench octal_misere cols=%d kind=%s codes=%d worst_cycles=%d code=%s mean_cycles=%d played=%d wild=%d "
                  "values=%d moves=%d" % (cols, "split" if split else "heap", len(pick), t, code,
                                          round(sum(p[0] for p in pick) / len(pick)), why.count(0), why.count(1),
                                          why.count(2), why.count(3)))
        # one heap of the codes that never split: its P-positions, GRUNDY
        heaps = [l for l in lines if l[2] == "heap"]
        derive = [d - over for m, d in octal_times if m == 7]
        grundy = [d - over for m, d in octal_times if m == 3]
        if len(derive) != len(heaps) or len(grundy) != len(heaps):
            fail("%d one-heap derivations and %d GRUNDYs measured, %d codes" % (len(derive), len(grundy), len(heaps)))
        t, code = max(zip(derive, (l[0] for l in heaps)))
        g, gcode = max(zip(grundy, (l[0] for l in heaps)))
        print("bench octal_heap cols=%d codes=%d worst_cycles=%d code=%s mean_cycles=%d grundy_worst_cycles=%d grundy_code=%s"
              % (cols, len(heaps), t, code, round(sum(derive) / len(derive)), g, gcode))
    elif kind == "baseline":
        lines = [l.split() for l in uart if l.strip()]
        total = sum(fig((k, 7))[0] for k in range(1, 9))
        if total == 0 or total != len(lines):
            fail("%d baseline positions measured, %d UART lines" % (total, len(lines)))
        for l in lines:
            if l[1][0] != l[1][1]:
                fail("search and tables disagree on %s: %s" % (l[0], l[1]))
        best = None
        for k in range(1, 9):
            n, w, _ = fig((k, 7))
            if not n:
                continue
            _, t, _ = fig((k, 1))
            print("bench baseline_pins game=KAYLES cols=8 pins=%d positions=%d worst_cycles=%d table_worst_cycles=%d"
                  % (k, n, w, t))
            best = (k, w, t)
        k, w, t = best
        print("bench baseline game=KAYLES cols=8 pins=%d worst_cycles=%d table_worst_cycles=%d ratio=%.0f"
              % (k, w, t, w / t))
    else:
        fail("unknown kind " + kind)


main()
