#!/usr/bin/env python3
"""walk.py TRACE N - the board test's walk (firmware/app/ui/ui_check.c) as
the simulated MAX7219 showed it, from nimsim --trace: every frame of it,
in order, each for its time on the 16 ms tick. The trace must hold N walks;
each is:

  every lamp lit  for CHECK_LAMPS steps, counted from the clock of the
                  pass that started the test (power-on, the TEST line), which
                  it draws up to a tick later: up to a tick short (a pass held
                  longer, writing a long reply to the link, would start it
                  later: the scripts leave the link quiet before TEST); the
                  win jingle's four notes start from the tick before it on;
  each row alone  top first, BOARD_ROWS frames;
  each column     left first, as many frames as the trace's columns;

one step (1 << UI_CHECK_STEP_SHIFT ms) each, to within STEP_TOL_MS, with no
other frame between them. A frame is what the display shows once an update
(one SPI word a digit register) is done: changes closer than BURST_MS are
one update. And between each LOG TEST WALK and the next LOG TEST END (UART
bytes of the trace) no EEPROM write starts: the test saves nothing.

walk.py --mutants TRACE N also shows that each check can fail: the real
trace must pass and each planted fault (a column frame dropped, a row frame
late by a tick, a frame with a lamp dark, an EEPROM write inside the test,
a jingle note missing) must be refused. Exit 1 on a violation."""
import sys

F_CPU = 16_000_000
MS = F_CPU // 1000
STEP_MS = 128           # 1 << UI_CHECK_STEP_SHIFT (firmware/app/ui/ui.h)
LAMPS = 8               # CHECK_LAMPS (ui_check.c)
ROWS = 8
TICK_MS = 16            # HAL_TICK_MS
STEP_TOL_MS = 1.0
BURST_MS = 1.0
JINGLE_HZ = (523, 659, 784, 1047)   # sound.c's tune_win


def read(path):
    cols, frames, tones, ee, tx = 8, [], [], [], []
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "nimtrace":
            cols = 8 * int(f[3])
        elif f[0] == "frame":
            frames.append((int(f[1]), f[2]))
        elif f[0] == "tone":
            tones.append((int(f[1]), float(f[3])))
        elif f[0] == "eewrite":
            ee.append(int(f[1]))
        elif f[0] == "tx":
            tx.append((int(f[1]), int(f[2])))
    return cols, frames, tones, ee, tx


def updates(frames):
    """(start cycle, final picture) of each display update."""
    out = []
    for cyc, pic in frames:
        if out and cyc - out[-1][2] < BURST_MS * MS:
            out[-1][1], out[-1][2] = pic, cyc
        else:
            out.append([cyc, pic, cyc])
    return [(s, p) for s, p, _ in out]


def walk_pictures(cols):
    lit = "ff" * cols
    rows = ["%02x" % (0x80 >> r) * cols for r in range(ROWS)]
    columns = ["00" * c + "ff" + "00" * (cols - c - 1) for c in range(cols)]
    return lit, rows + columns


def log_spans(tx):
    """(cycle of LOG TEST WALK's end, cycle of the next LOG TEST END's end)."""
    text, at, spans, start = "", [], [], None
    for cyc, b in tx:
        text += chr(b)
        at.append(cyc)
        if text.endswith("LOG TEST WALK\n"):
            start = cyc
        elif text.endswith("LOG TEST END\n") and start is not None:
            spans.append((start, cyc))
            start = None
    if start is not None:
        spans.append((start, at[-1] if at else start))
    return spans


def check(cols, frames, tones, ee, tx, n, quiet=False):
    bad = []
    ups = updates(frames)
    lit, walk = walk_pictures(cols)
    found = 0
    for i, (cyc, pic) in enumerate(ups):
        if pic != lit or i + 1 >= len(ups) or ups[i + 1][1] != walk[0]:
            continue        # (the title's columns also end all lit: no row follows)
        found += 1
        seq = ups[i:i + 2 + len(walk)]
        if len(seq) < 2 + len(walk):
            bad.append("walk %d: the trace ends inside it" % found)
            continue
        ms = [(seq[k + 1][0] - seq[k][0]) / MS for k in range(len(seq) - 1)]
        if not (LAMPS * STEP_MS - TICK_MS - STEP_TOL_MS <= ms[0] <= LAMPS * STEP_MS + STEP_TOL_MS):
            bad.append("walk %d: every lamp lit %.3f ms, wanted %d (up to a tick less)" % (found, ms[0], LAMPS * STEP_MS))
        for k, want in enumerate(walk):
            name = "row %d" % k if k < ROWS else "column %d" % (k - ROWS)
            if seq[1 + k][1] != want:
                bad.append("walk %d: %s shows %s, wanted %s" % (found, name, seq[1 + k][1], want))
            elif abs(ms[1 + k] - STEP_MS) > STEP_TOL_MS:
                bad.append("walk %d: %s lasts %.3f ms, wanted %d" % (found, name, ms[1 + k], STEP_MS))
        for hz in JINGLE_HZ:
            if not any(cyc - TICK_MS * MS <= t < seq[1][0] and abs(f - hz) < hz * 0.02 for t, f in tones):
                bad.append("walk %d: no %d Hz note while every lamp is lit" % (found, hz))
        if not quiet:
            print("walk %d at %.3f ms: every lamp %.3f ms, %d rows and %d columns, steps %.3f..%.3f ms"
                  % (found, cyc / MS, ms[0], ROWS, cols, min(ms[1:]), max(ms[1:])))
    if found != n:
        bad.append("%d walks on %d columns, wanted %d" % (found, cols, n))
    spans = log_spans(tx)
    if len(spans) != n:
        bad.append("%d LOG TEST WALK .. LOG TEST END spans, wanted %d" % (len(spans), n))
    for a, b in spans:
        inside = [c for c in ee if a <= c <= b]
        if inside:
            bad.append("an EEPROM write at %.3f ms inside the test (%.3f .. %.3f ms)" % (inside[0] / MS, a / MS, b / MS))
    return bad


def mutants(cols, frames, tones, ee, tx, n):
    """Planted faults, each a copy of the real trace that must be refused."""
    lit, walk = walk_pictures(cols)
    ups = updates(frames)
    first = next(i for i, (c, p) in enumerate(ups) if p == lit and i + 1 < len(ups) and ups[i + 1][1] == walk[0])
    col3 = ups[first + 1 + ROWS + 3][0]
    row2 = ups[first + 1 + 2][0]
    out = []
    out.append(("a column frame dropped", [f for f in frames if not col3 <= f[0] < col3 + BURST_MS * MS], tones, ee))
    out.append(("a row frame a tick late", [(c + TICK_MS * MS if row2 <= c < row2 + BURST_MS * MS else c, p)
                                           for c, p in frames], tones, ee))
    dark = [(c, p.replace("ff", "fe", 1)) if col3 <= c < col3 + BURST_MS * MS else (c, p) for c, p in frames]
    out.append(("a lamp dark in a column", dark, tones, ee))
    out.append(("an EEPROM write inside the test", frames, tones, ee + [col3]))
    out.append(("a jingle note missing", frames, [t for t in tones if abs(t[1] - 784) > 16], ee))
    ok = True
    for name, fr, to, e in out:
        bad = check(cols, fr, to, e, tx, n, quiet=True)
        print("mutant %s: %s" % (name, "refused (%s)" % bad[0] if bad else "PASSED: the check cannot fail"))
        ok = ok and bool(bad)
    return ok


def main():
    args = sys.argv[1:]
    mut = args[:1] == ["--mutants"]
    if mut:
        args = args[1:]
    path, n = args[0], int(args[1])
    data = read(path)
    bad = check(*data, n)
    for b in bad:
        print("FAILED: " + b)
    if bad:
        return 1
    if mut and not mutants(*data, n):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
