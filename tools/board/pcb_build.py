"""pcb_build: a layout dict (pcb_layout) as a pcbnew BOARD, unrouted.

Footprints come from Debian's kicad-footprints and the layout's own
libraries; every pad named in a net gets that net; the outline goes on
Edge.Cuts and the mounting holes are KiCad's MountingHole footprints.
"""
import os
import pcbnew
from board_data import KICAD_FOOTPRINTS as SYSTEM_LIBS  # the data side's library, $KICAD_FOOTPRINTS too
from pcb_layout import LayoutError, layout_bbox
# The board sits at this offset on the drawing sheet (KiCad's A4 page), so
# that the file opens with the board in view.
ORIGIN = (50.0, 40.0)
# MountingHole footprints by drill (mm): the screw each one takes.
HOLE_FOOTPRINTS = {2.2: "MountingHole_2.2mm_M2", 2.7: "MountingHole_2.7mm_M2.5",
                   3.2: "MountingHole_3.2mm_M3", 4.3: "MountingHole_4.3mm_M4"}
EDGE_WIDTH = 0.1
POWER_CLASS = "Power"


def build_point(x, y):
    """A layout point (mm, board-relative) as KiCad's wxPoint."""
    return pcbnew.wxPointMM(ORIGIN[0] + x, ORIGIN[1] + y)


def build_footprint(lay, name):
    """Load 'Lib:Name' from the layout's libraries or Debian's."""
    lib, fp_name = name.split(":", 1)
    path = lay.get("libs", {}).get(lib) or os.path.join(SYSTEM_LIBS, lib + ".pretty")
    if not os.path.isfile(os.path.join(path, fp_name + ".kicad_mod")):
        raise LayoutError(f"footprint {name}: no {fp_name}.kicad_mod in {path}")
    fp = pcbnew.FootprintLoad(path, fp_name)
    if fp is None:
        raise LayoutError(f"footprint {name}: KiCad could not read it")
    fp.SetFPID(pcbnew.LIB_ID(lib, fp_name))
    return fp


def build_place(board, lay, part):
    fp = build_footprint(lay, part["footprint"])
    fp.SetReference(part["ref"])
    fp.SetValue(str(part["value"]))
    # Values go on the silkscreen too: a builder reads them off the board.
    fp.Value().SetLayer(pcbnew.F_SilkS)
    fp.SetPosition(build_point(part["x"], part["y"]))
    fp.SetOrientationDegrees(part.get("rot", 0))
    if part.get("side", "F") == "B":
        fp.Flip(fp.GetPosition(), False)
    board.Add(fp)
    return fp


def build_nets(board, lay, fps):
    for code, name in enumerate(sorted(lay["nets"]), start=1):
        net = pcbnew.NETINFO_ITEM(board, name, code)
        board.Add(net)
        for ref, pad_name in lay["nets"][name]:
            pads = [p for p in fps[ref].Pads() if p.GetName() == str(pad_name)]
            if not pads:
                raise LayoutError(f"net {name}: {ref} ({fps[ref].GetFPID().GetLibItemName()}) has no pad {pad_name}")
            for pad in pads:
                pad.SetNet(net)


def build_edge(board, shape, *pts):
    item = pcbnew.PCB_SHAPE(board)
    item.SetShape(shape)
    item.SetLayer(pcbnew.Edge_Cuts)
    item.SetWidth(pcbnew.FromMM(EDGE_WIDTH))
    if shape == pcbnew.SHAPE_T_ARC:
        item.SetArcGeometry(*[build_point(*p) for p in pts])
    else:
        item.SetStart(build_point(*pts[0]))
        item.SetEnd(build_point(*pts[1]))
    board.Add(item)


def build_outline(board, lay):
    """Edge.Cuts: the outline polygon, its corners rounded by corner_radius
    (a rectangle's corners: the only outline with rounding we draw)."""
    pts, r = lay["outline"], lay.get("corner_radius", 0)
    if r and len(pts) != 4:
        raise LayoutError("corner_radius needs a rectangular outline")
    if not r:
        for i, p in enumerate(pts):
            build_edge(board, pcbnew.SHAPE_T_SEGMENT, p, pts[(i + 1) % len(pts)])
        return
    x0, y0, x1, y1 = layout_bbox(lay)
    k = r * (1 - 0.5 ** 0.5)
    build_edge(board, pcbnew.SHAPE_T_SEGMENT, (x0 + r, y0), (x1 - r, y0))
    build_edge(board, pcbnew.SHAPE_T_SEGMENT, (x1, y0 + r), (x1, y1 - r))
    build_edge(board, pcbnew.SHAPE_T_SEGMENT, (x1 - r, y1), (x0 + r, y1))
    build_edge(board, pcbnew.SHAPE_T_SEGMENT, (x0, y1 - r), (x0, y0 + r))
    build_edge(board, pcbnew.SHAPE_T_ARC, (x1 - r, y0), (x1 - k, y0 + k), (x1, y0 + r))
    build_edge(board, pcbnew.SHAPE_T_ARC, (x1, y1 - r), (x1 - k, y1 - k), (x1 - r, y1))
    build_edge(board, pcbnew.SHAPE_T_ARC, (x0 + r, y1), (x0 + k, y1 - k), (x0, y1 - r))
    build_edge(board, pcbnew.SHAPE_T_ARC, (x0, y0 + r), (x0 + k, y0 + k), (x0 + r, y0))


def build_holes(board, lay):
    for i, h in enumerate(lay.get("holes", []), start=1):
        name = h.get("footprint") or HOLE_FOOTPRINTS.get(round(h["drill"], 1))
        if name is None:
            raise LayoutError(f"mounting hole {i}: no footprint for a {h['drill']} mm drill "
                              f"(have {sorted(HOLE_FOOTPRINTS)})")
        if ":" not in name:
            name = "MountingHole:" + name
        build_place(board, lay, {"ref": h.get("ref", f"H{i}"), "value": name.split("_")[-1],
                                 "footprint": name, "x": h["x"], "y": h["y"]})


def build_rules(board, lay, edge_gap):
    """The data's design rules as KiCad's (saved in the .kicad_pro beside
    the board), so that KiCad's DRC checks the board against them, and a
    Power net class with the wide track for whoever edits it in KiCad."""
    r = lay.get("rules", {})
    ds = board.GetDesignSettings()
    ds.m_CopperEdgeClearance = pcbnew.FromMM(edge_gap)
    ds.m_TrackMinWidth = pcbnew.FromMM(r.get("track", 0.25))
    classes = ds.GetNetClasses()
    default = classes.GetDefault()
    default.SetClearance(pcbnew.FromMM(r.get("clearance", 0.2)))
    default.SetTrackWidth(pcbnew.FromMM(r.get("track", 0.25)))
    power = pcbnew.NETCLASSPTR(POWER_CLASS)
    power.SetClearance(pcbnew.FromMM(r.get("clearance", 0.2)))
    power.SetTrackWidth(pcbnew.FromMM(r.get("power_track", 0.5)))
    classes.Add(power)


def build_board(lay, edge_gap=0.5):
    """The unrouted BOARD for a checked layout; footprints by reference."""
    board = pcbnew.BOARD()
    tb = board.GetTitleBlock()
    tb.SetTitle(lay.get("title", lay["name"]))
    tb.SetRevision(lay["rev"].replace("rev ", ""))
    tb.SetCompany(lay["name"])
    fps = {}
    for part in sorted(lay["parts"], key=lambda p: p["ref"]):
        fps[part["ref"]] = build_place(board, lay, part)
    build_holes(board, lay)
    build_nets(board, lay, fps)
    build_outline(board, lay)
    build_rules(board, lay, edge_gap)
    return board, fps
