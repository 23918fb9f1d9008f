#!/usr/bin/env python3
"""clicks.py VCD N HZ - the piezo pin as the VCD of nimsim --vcd recorded it:
every burst of toggles (a tone) at HZ must be there N times, all of the same
length (within one timer step), and at least 6 periods long (audible on a
real piezo). Prints the bursts it found; exit 1 on a violation."""
import sys


def tones(path, sym="$", gap_ms=2.0):
    """(start ms, length ms, half periods, Hz) of each burst of pin edges."""
    t, level, edges = 0.0, None, []
    scale = 1e-8 * 1e3                      # $timescale 10ns, in ms
    for line in open(path):
        if line.startswith("#"):
            t = int(line[1:]) * scale
        elif line.strip() in ("0" + sym, "1" + sym):
            v = line.strip()[0]
            if v != level:                  # simavr writes a level twice
                edges.append(t)
                level = v
    out, cur = [], []
    for e in edges:
        if cur and e - cur[-1] > gap_ms:
            out.append(cur)
            cur = []
        cur.append(e)
    if cur:
        out.append(cur)
    res = []
    for b in out:
        if len(b) < 3:
            continue
        half = (b[-1] - b[0]) / (len(b) - 1)
        res.append((b[0], b[-1] - b[0] + half, len(b), 1.0 / (2 * half) * 1e3))
    return res


def main():
    path, n, hz = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    found = [t for t in tones(path) if abs(t[3] - hz) < hz * 0.05]
    for t in found:
        print("click at %.3f ms: %.3f ms, %d half periods, %.0f Hz" % t)
    lens = [t[1] for t in found]
    bad = []
    if len(found) != n:
        bad.append("%d clicks at %.0f Hz, wanted %d" % (len(found), hz, n))
    if lens and max(lens) - min(lens) > 0.05:
        bad.append("click lengths differ: %.3f .. %.3f ms" % (min(lens), max(lens)))
    if lens and min(lens) < 6 * 1e3 / hz:
        bad.append("a click of %.3f ms is under 6 periods" % min(lens))
    for b in bad:
        print("FAILED: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
