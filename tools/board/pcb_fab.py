#!/usr/bin/python3
"""pcb_fab.py BOARD.kicad_pcb OUTDIR [EXTRA.csv ...]: fabrication files.

Writes the Gerbers (copper, mask, silk of both sides and the edge, Protel
names as most PCB makers ask), the Gerber job file, the Excellon drill files
(plated and non-plated holes apart) and one zip with all of them and the
extra files (the BOM and pick-and-place CSVs). Coordinates are from the
board's bottom left corner, as in the pick-and-place. KiCad stamps each file with
the time it was written; those lines are fixed, so two runs give the same
bytes.
"""
import os
import re
import sys
import zipfile

import pcbnew

# (layer, file suffix, job file description)
LAYERS = [(pcbnew.F_Cu, "F_Cu", "Top copper"), (pcbnew.B_Cu, "B_Cu", "Bottom copper"),
          (pcbnew.F_Mask, "F_Mask", "Top solder mask"), (pcbnew.B_Mask, "B_Mask", "Bottom solder mask"),
          (pcbnew.F_SilkS, "F_Silkscreen", "Top silkscreen"), (pcbnew.B_SilkS, "B_Silkscreen", "Bottom silkscreen"),
          (pcbnew.Edge_Cuts, "Edge_Cuts", "Board outline")]
# A fixed stamp in place of the time of writing (the board's revision date
# is what matters to a maker, and it is in the data, not the clock).
STAMP = "2026-01-01T00:00:00"
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def fab_fix_stamps(path):
    """Replace KiCad's time stamps in a written file by STAMP."""
    with open(path) as f:
        text = f.read()
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:?\d\d", STAMP + "+00:00", text)
    text = re.sub(r"(CreationDate,)[^*]*\*", r"\g<1>" + STAMP + "+00:00*", text)
    text = re.sub(r"(G04 Created by KiCad[^\n]*) date [^*\n]*\*", r"\1*", text)
    text = re.sub(r"(; DRILL file [^\n]*) date [^\n]*", r"\1", text)
    text = re.sub(r'("CreationDate": *)"[^"]*"', r'\1"' + STAMP + '+00:00"', text)
    with open(path, "w") as f:
        f.write(text)


def fab_origin(board):
    """The outline's bottom left corner: the origin of the Gerbers and the
    drill files, the same as the pick-and-place's (board_files.py: x right,
    y up from there)."""
    pts = [p for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts
           for p in (d.GetStart(), d.GetEnd())]
    return pcbnew.wxPoint(min(p.x for p in pts), max(p.y for p in pts))


def fab_gerbers(board, outdir):
    """Plot the Gerbers and their job file; the list of written files."""
    board.GetDesignSettings().SetAuxOrigin(fab_origin(board))
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(outdir)
    po.SetPlotFrameRef(False)
    po.SetUseAuxOrigin(True)
    po.SetUseGerberProtelExtensions(True)
    po.SetUseGerberX2format(True)
    po.SetIncludeGerberNetlistInfo(False)
    po.SetCreateGerberJobFile(False)
    po.SetSubtractMaskFromSilk(True)
    po.SetExcludeEdgeLayer(True)
    po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
    job = pcbnew.GERBER_JOBFILE_WRITER(board)
    written = []
    for layer, suffix, desc in LAYERS:
        pc.SetLayer(layer)
        pc.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, desc)
        pc.PlotLayer()
        path = pc.GetPlotFileName()
        pc.ClosePlot()
        job.AddGbrFile(layer, os.path.basename(path))
        written.append(path)
    base = os.path.splitext(os.path.basename(board.GetFileName()))[0]
    job_path = os.path.join(outdir, base + "-job.gbrjob")
    job.CreateJobFile(job_path)
    written.append(job_path)
    return written


def fab_drill(board, outdir):
    """Excellon files, plated (PTH) and non-plated (NPTH) holes apart."""
    w = pcbnew.EXCELLON_WRITER(board)
    w.SetOptions(False, False, fab_origin(board), False)
    w.SetFormat(True)
    w.CreateDrillandMapFilesSet(outdir, True, False)
    base = os.path.splitext(os.path.basename(board.GetFileName()))[0]
    return [os.path.join(outdir, f"{base}-{kind}.drl") for kind in ("PTH", "NPTH")]


def fab_zip(path, files):
    """One zip, members sorted and dated ZIP_TIME, so it is reproducible."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(files, key=os.path.basename):
            info = zipfile.ZipInfo(os.path.basename(f), ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(f, "rb") as src:
                z.writestr(info, src.read())


def fab_all(board_path, outdir, extras):
    # KiCad takes a relative output directory as relative to the board file.
    outdir = os.path.abspath(outdir)
    board = pcbnew.LoadBoard(board_path)
    files = fab_gerbers(board, outdir) + fab_drill(board, outdir)
    for f in files:
        fab_fix_stamps(f)
    base = os.path.splitext(os.path.basename(board_path))[0]
    zpath = os.path.join(outdir, base + "-fab.zip")
    fab_zip(zpath, files + extras)
    return files, zpath


def main(argv):
    if len(argv) < 2:
        print("usage: pcb_fab.py BOARD.kicad_pcb OUTDIR [EXTRA ...]", file=sys.stderr)
        return 2
    for f in [argv[0]] + argv[2:]:
        if not os.path.isfile(f):
            print(f"fab: {f}: no such file", file=sys.stderr)
            return 1
    files, zpath = fab_all(argv[0], argv[1], argv[2:])
    print(f"fab: {len(files)} files and {zpath}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
