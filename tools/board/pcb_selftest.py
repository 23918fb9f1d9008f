#!/usr/bin/python3
"""pcb_selftest.py BOARD.kicad_pcb FABDIR: each check of pcb_check fails
when it should. On copies in a temporary directory: a track removed (the
DRC's unconnected count goes up), a track laid across another net's pad
(its violation count goes up), a Gerber cut short, one selecting an
undefined aperture, one without its format line, an outline with a side
missing, a drill file with a hole missing. Exit 1 if any goes unnoticed.
"""
import os
import shutil
import sys
import tempfile

import pcbnew

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pcb_check import check_drc, check_drill  # noqa: E402
from pcb_gerber import GerberError, gerber_closed, gerber_read  # noqa: E402


def selftest_drc(board_path, tmp):
    """(name, caught) for the two DRC mutations."""
    out = []
    board = pcbnew.LoadBoard(board_path)
    base = check_drc(board, os.path.join(tmp, "base.rpt"))
    # Not a ground track: the ground pour would bridge the gap.
    track = next(t for t in board.GetTracks() if t.GetClass() == "PCB_TRACK" and t.GetNetname() != "GND"
                 and t.GetLength() > pcbnew.FromMM(2))
    board.Remove(track)
    cut = check_drc(board, os.path.join(tmp, "cut.rpt"))
    out.append((f"a track of {track.GetNetname()} removed: unconnected {base['unconnected']} -> "
                f"{cut['unconnected']}", cut["unconnected"] > base["unconnected"]))
    board = pcbnew.LoadBoard(board_path)
    pads = [p for fp in board.GetFootprints() for p in fp.Pads() if p.GetNetCode() > 0]
    a, b = pads[0], next(p for p in pads if p.GetNetCode() != pads[0].GetNetCode())
    short = pcbnew.PCB_TRACK(board)
    short.SetStart(a.GetPosition())
    short.SetEnd(b.GetPosition())
    short.SetWidth(pcbnew.FromMM(0.25))
    short.SetLayer(pcbnew.F_Cu)
    short.SetNet(a.GetNet())
    board.Add(short)
    bad = check_drc(board, os.path.join(tmp, "short.rpt"))
    out.append((f"a track from {a.GetParent().GetReference()}.{a.GetName()} to "
                f"{b.GetParent().GetReference()}.{b.GetName()}: violations {base['violations']} -> "
                f"{bad['violations']}", bad["violations"] > base["violations"]))
    return out


def selftest_rejects(text):
    try:
        gerber_read(text)
    except GerberError as e:
        return str(e)
    return None


def selftest_gerbers(fabdir, base):
    out = []
    cu = open(os.path.join(fabdir, base + "-F_Cu.gtl")).read()
    lines = cu.splitlines(keepends=True)
    cases = [("a Gerber cut short", "".join(lines[:len(lines) * 2 // 3])),
             ("a Gerber selecting an undefined aperture", cu.replace("G04 APERTURE END LIST*", "G04 APERTURE END LIST*\nD99*", 1)),
             ("a Gerber without its format line", "".join(ln for ln in lines if not ln.startswith("%FS")))]
    for name, text in cases:
        why = selftest_rejects(text)
        out.append((f"{name}: " + (why or "accepted"), why is not None))
    edge = open(os.path.join(fabdir, base + "-Edge_Cuts.gm1")).read().splitlines(keepends=True)
    draws = [i for i, ln in enumerate(edge) if ln.rstrip().endswith("D01*")]
    st = gerber_read("".join(ln for i, ln in enumerate(edge) if i != draws[0]))
    out.append(("an outline with a side missing: " + ("open" if not gerber_closed(st) else "closed"),
                not gerber_closed(st)))
    return out


def selftest_drill(board_path, fabdir, base, tmp):
    for kind in ("PTH", "NPTH"):
        shutil.copy(os.path.join(fabdir, f"{base}-{kind}.drl"), tmp)
    path = os.path.join(tmp, f"{base}-PTH.drl")
    lines = open(path).read().splitlines(keepends=True)
    hole = next(i for i, ln in enumerate(lines) if ln.startswith("X"))
    with open(path, "w") as f:
        f.write("".join(lines[:hole] + lines[hole + 1:]))
    _, problems = check_drill(pcbnew.LoadBoard(board_path), tmp, base)
    return [("a drill file with a hole missing: " + (problems[0] if problems else "accepted"), bool(problems))]


def main(argv):
    if len(argv) != 2:
        print("usage: pcb_selftest.py BOARD.kicad_pcb FABDIR", file=sys.stderr)
        return 2
    board_path, fabdir = argv
    base = os.path.splitext(os.path.basename(board_path))[0]
    with tempfile.TemporaryDirectory() as tmp:
        results = selftest_drc(board_path, tmp) + selftest_gerbers(fabdir, base) + \
            selftest_drill(board_path, fabdir, base, tmp)
    for name, caught in results:
        print(f"selftest: {'caught' if caught else 'MISSED'}: {name}")
    missed = sum(1 for _, c in results if not c)
    print(f"selftest: {len(results) - missed} of {len(results)} broken boards and files caught")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
