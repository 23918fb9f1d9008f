#!/usr/bin/python3
"""pcb_check.py BOARD.kicad_pcb FABDIR: the checks make board-check runs.

1. KiCad's DRC (pcbnew.WriteDRCReport): 0 violations, 0 unconnected pads,
   0 footprint errors.
2. Every Gerber the job file lists is read back by our reader (pcb_gerber):
   well-formed, apertures defined before use, M02 at the end; the outline
   (Edge.Cuts) closed.
3. The Excellon files' holes equal the board's through-holes: count per
   diameter, plated and non-plated apart, against pcbnew's pads and vias.
Prints one line per check; exit 1 when any fails.
"""
import json
import os
import re
import sys
from collections import Counter

import pcbnew

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pcb_gerber import GerberError, excellon_read, gerber_closed, gerber_read  # noqa: E402

DRC_LINES = {"violations": r"\*\* Found (\d+) DRC violations \*\*",
             "unconnected": r"\*\* Found (\d+) unconnected pads \*\*",
             "footprint": r"\*\* Found (\d+) Footprint errors \*\*"}


def check_drc(board, report):
    """{violations, unconnected, footprint} counts of KiCad's DRC report."""
    if not pcbnew.WriteDRCReport(board, report, pcbnew.EDA_UNITS_MILLIMETRES, True):
        raise RuntimeError(f"KiCad could not write {report}")
    text = open(report).read()
    out = {}
    for key, rx in DRC_LINES.items():
        m = re.search(rx, text)
        if not m:
            raise RuntimeError(f"{report}: no line '{rx}'")
        out[key] = int(m.group(1))
    return out


def check_gerbers(fabdir, job):
    """Problems found in the Gerbers the job file lists ([] when none)."""
    try:
        with open(job) as f:
            files = [a["Path"] for a in json.load(f)["FilesAttributes"]]
    except (OSError, ValueError, KeyError) as e:
        return [], [f"{os.path.basename(job)}: cannot read the job file's list ({e})"]
    problems = []
    for name in files:
        try:
            st = gerber_read(open(os.path.join(fabdir, name)).read())
        except (OSError, GerberError) as e:
            problems.append(f"{name}: {e}")
            continue
        if "Edge_Cuts" in name and not gerber_closed(st):
            problems.append(f"{name}: the outline is not closed")
    return files, problems


def check_board_holes(board):
    """{"PTH"/"NPTH": {diameter: count}} of the board's pads and vias."""
    holes = {"PTH": Counter(), "NPTH": Counter()}
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetDrillSize().x > 0:
                kind = "NPTH" if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH else "PTH"
                holes[kind][round(pcbnew.ToMM(pad.GetDrillSize().x), 3)] += 1
    for t in board.GetTracks():
        if t.GetClass() == "PCB_VIA":
            holes["PTH"][round(pcbnew.ToMM(t.GetDrillValue()), 3)] += 1
    return {k: dict(v) for k, v in holes.items()}


def check_drill(board, fabdir, base):
    """Problems where the Excellon files and the board's holes differ."""
    want = check_board_holes(board)
    problems = []
    for kind in ("PTH", "NPTH"):
        path = os.path.join(fabdir, f"{base}-{kind}.drl")
        try:
            got = excellon_read(open(path).read())
        except (OSError, GerberError) as e:
            problems.append(f"{os.path.basename(path)}: {e}")
            continue
        if got != want[kind]:
            problems.append(f"{os.path.basename(path)}: holes {got} but the board has {want[kind]}")
    return want, problems


def check_all(board_path, fabdir):
    """Run the three checks, print a line each; True when all pass."""
    board = pcbnew.LoadBoard(board_path)
    base = os.path.splitext(os.path.basename(board_path))[0]
    ok = True
    drc = check_drc(board, os.path.join(fabdir, base + "-drc.rpt"))
    good = all(v == 0 for v in drc.values())
    ok &= good
    print(f"check: DRC {drc['violations']} violations, {drc['unconnected']} unconnected pads, "
          f"{drc['footprint']} footprint errors: {'ok' if good else 'FAIL (see ' + base + '-drc.rpt)'}")
    files, problems = check_gerbers(fabdir, os.path.join(fabdir, base + "-job.gbrjob"))
    ok &= not problems
    print(f"check: {len(files)} Gerbers read back: " + ("ok" if not problems else "FAIL"))
    want, dproblems = check_drill(board, fabdir, base)
    ok &= not dproblems
    n = sum(sum(v.values()) for v in want.values())
    print(f"check: drill files hold the board's {n} holes: " + ("ok" if not dproblems else "FAIL"))
    for p in problems + dproblems:
        print(f"check:   {p}")
    return ok


def main(argv):
    if len(argv) != 2:
        print("usage: pcb_check.py BOARD.kicad_pcb FABDIR", file=sys.stderr)
        return 2
    if not os.path.isfile(argv[0]):
        print(f"check: {argv[0]}: no such file (make board first)", file=sys.stderr)
        return 1
    return 0 if check_all(argv[0], argv[1]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
