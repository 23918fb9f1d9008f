#!/usr/bin/python3
"""pcb_render.py BOARD.kicad_pcb OUTDIR: top and bottom pictures.

pcbnew plots each layer as a black SVG; we colour the layers as a made
board looks (green solder mask, copper under it a lighter green, bare pads
gold, white silkscreen, dark holes), stack them cropped to the board (the
bottom mirrored, as seen when the board is turned over) and rsvg-convert
makes PNGs: OUTDIR/board-top.png and board-bottom.png.
"""
import os
import re
import subprocess
import sys
import tempfile

import pcbnew

SUBSTRATE = "#1d5e2f"       # solder mask over bare laminate
COPPER = "#3f9a4e"          # copper seen through the mask
PADS = "#d8b45a"            # bare, tinned pads (mask openings)
SILK = "#f4f4f0"
HOLE = "#202020"
EDGE = "#0c2a14"
WIDTH_PX = 1800
SIDES = {"top": (pcbnew.F_Cu, pcbnew.F_Mask, pcbnew.F_SilkS),
         "bottom": (pcbnew.B_Cu, pcbnew.B_Mask, pcbnew.B_SilkS)}


def render_layer_svg(pc, layer, name):
    """The inner drawing of one layer's SVG plot, all black."""
    pc.SetLayer(layer)
    pc.OpenPlotfile(name, pcbnew.PLOT_FORMAT_SVG, name)
    pc.PlotLayer()
    path = pc.GetPlotFileName()
    pc.ClosePlot()
    text = open(path).read()
    start = text.index("<g", text.index("</desc>"))
    return text[start:text.rindex("</svg>")]


def render_colour(body, colour):
    # KiCad adds each text again as an invisible <text> (for searching);
    # a renderer would try to draw it with a font 1e6 units high.
    body = re.sub(r"<text\b.*?</text>", "", body, flags=re.S)
    return re.sub(r"#000000", colour, body)


def render_holes(board):
    out = []
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetDrillSize().x > 0:
                p = pad.GetPosition()
                out.append(f'<circle cx="{p.x}" cy="{p.y}" r="{pad.GetDrillSize().x // 2}"/>')
    for t in board.GetTracks():
        if t.GetClass() == "PCB_VIA":
            p = t.GetPosition()
            out.append(f'<circle cx="{p.x}" cy="{p.y}" r="{t.GetDrillValue() // 2}"/>')
    return f'<g style="fill:{HOLE};stroke:none">' + "".join(out) + "</g>"


def render_side(board, pc, side):
    """An SVG of one side, cropped to the board's outline."""
    bb = board.GetBoardEdgesBoundingBox()
    x0, y0, w, h = bb.GetX(), bb.GetY(), bb.GetWidth(), bb.GetHeight()
    cu, mask, silk = SIDES[side]
    # The substrate's corners: the outline's arcs (a rounded rectangle).
    r = max([d.GetRadius() for d in board.GetDrawings()
             if d.GetLayer() == pcbnew.Edge_Cuts and d.GetShape() == pcbnew.SHAPE_T_ARC] or [0])
    layers = [render_colour(render_layer_svg(pc, cu, f"{side}-cu"), COPPER),
              render_colour(render_layer_svg(pc, mask, f"{side}-mask"), PADS),
              render_colour(render_layer_svg(pc, silk, f"{side}-silk"), SILK),
              render_holes(board),
              render_colour(render_layer_svg(pc, pcbnew.Edge_Cuts, f"{side}-edge"), EDGE)]
    flip = f'transform="translate({2 * x0 + w} 0) scale(-1 1)"' if side == "bottom" else ""
    pad = pcbnew.FromMM(1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH_PX}" height="{WIDTH_PX * (h + 2 * pad) // (w + 2 * pad)}" '
            f'viewBox="{x0 - pad} {y0 - pad} {w + 2 * pad} {h + 2 * pad}">'
            f'<rect x="{x0 - pad}" y="{y0 - pad}" width="{w + 2 * pad}" height="{h + 2 * pad}" fill="#ffffff"/>'
            f'<g {flip}><rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="{r}" fill="{SUBSTRATE}"/>'
            + "".join(layers) + "</g></svg>")


def render_all(board_path, outdir):
    board = pcbnew.LoadBoard(board_path)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        pc = pcbnew.PLOT_CONTROLLER(board)
        po = pc.GetPlotOptions()
        po.SetOutputDirectory(tmp)
        po.SetPlotFrameRef(False)
        po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
        pc.SetColorMode(False)
        for side in SIDES:
            svg = os.path.join(tmp, f"{side}.svg")
            with open(svg, "w") as f:
                f.write(render_side(board, pc, side))
            png = os.path.join(outdir, f"board-{side}.png")
            subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
            written.append(png)
    return written


def main(argv):
    if len(argv) != 2 or not os.path.isfile(argv[0]):
        print("usage: pcb_render.py BOARD.kicad_pcb OUTDIR (the board must exist)", file=sys.stderr)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    for p in render_all(argv[0], os.path.abspath(argv[1])):
        print(f"render: wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
