"""pcb_tracks: between pcbnew's board and our router (pcb_route).

problem_from_board reads the placed pads into the router's terms;
tracks_add writes the routes back as PCB_TRACKs and PCB_VIAs.
"""
import numpy as np
import pcbnew

from pcb_build import ORIGIN
from pcb_layout import layout_bbox
from pcb_route import Pad, Problem, Rules

LAYER_IDS = (pcbnew.F_Cu, pcbnew.B_Cu)


def tracks_rules(lay):
    r = lay.get("rules", {})
    return Rules(track=r.get("track", 0.25), power_track=r.get("power_track", 0.5),
                 clearance=r.get("clearance", 0.2))


def tracks_inside_dist(lay):
    """Distance of points from the edge of the (rounded) rectangle outline,
    positive inside: the router keeps copper away from it."""
    x0, y0, x1, y1 = layout_bbox(lay)
    r = lay.get("corner_radius", 0)
    mx, my, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2

    def inside(px, py):
        qx = np.abs(px - mx) - (hw - r)
        qy = np.abs(py - my) - (hh - r)
        out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
        return -out
    return inside


def tracks_pad_shape(pad, x, y):
    sx, sy = pcbnew.ToMM(pad.GetSize().x), pcbnew.ToMM(pad.GetSize().y)
    deg = pad.GetOrientationDegrees()
    shape = pad.GetShape()
    if shape == pcbnew.PAD_SHAPE_CIRCLE or (shape == pcbnew.PAD_SHAPE_OVAL and sx == sy):
        return ("seg", x, y, x, y, sx / 2)
    if shape == pcbnew.PAD_SHAPE_OVAL:
        a = np.radians(deg)
        c, s = np.cos(a), np.sin(a)
        if sx > sy:
            half, r, ux, uy = (sx - sy) / 2, sy / 2, c, -s
        else:
            half, r, ux, uy = (sy - sx) / 2, sx / 2, s, c
        return ("seg", x - half * ux, y - half * uy, x + half * ux, y + half * uy, r)
    # Rectangles, rounded rectangles and the rest: their bounding rectangle.
    return ("rect", x, y, sx / 2, sy / 2, deg)


def problem_from_board(board, lay):
    """The routing problem of a built board (pcb_build) and its layout."""
    pads = []
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            x = pcbnew.ToMM(pad.GetPosition().x) - ORIGIN[0]
            y = pcbnew.ToMM(pad.GetPosition().y) - ORIGIN[1]
            plated = pad.GetAttribute() != pcbnew.PAD_ATTRIB_NPTH
            drill = pcbnew.ToMM(pad.GetDrillSize().x)
            pads.append(Pad(fp.GetReference(), pad.GetName(), round(x, 4), round(y, 4),
                            tracks_pad_shape(pad, x, y), pad.GetNetCode(), drill, plated))
    nets = {n.GetNetCode(): n.GetNetname() for n in board.GetNetInfo().NetsByNetcode().values()
            if n.GetNetCode() > 0}
    power = {c for c, name in nets.items() if name in lay.get("power", [])}
    x0, y0, x1, y1 = layout_bbox(lay)
    return Problem(x1, y1, tracks_inside_dist(lay), pads, nets, power, tracks_rules(lay))


def tracks_add(board, pb, routes):
    """Write {code: (segments, vias)} onto the board."""
    nets = board.GetNetInfo().NetsByNetcode()
    r = pb.rules
    for code in sorted(routes):
        segs, vias = routes[code]
        for layer, ax, ay, bx, by, width in segs:
            t = pcbnew.PCB_TRACK(board)
            t.SetStart(pcbnew.wxPointMM(ORIGIN[0] + ax, ORIGIN[1] + ay))
            t.SetEnd(pcbnew.wxPointMM(ORIGIN[0] + bx, ORIGIN[1] + by))
            t.SetWidth(pcbnew.FromMM(width))
            t.SetLayer(LAYER_IDS[layer])
            t.SetNet(nets[code])
            board.Add(t)
        for x, y in vias:
            v = pcbnew.PCB_VIA(board)
            v.SetPosition(pcbnew.wxPointMM(ORIGIN[0] + x, ORIGIN[1] + y))
            v.SetViaType(pcbnew.VIATYPE_THROUGH)
            v.SetLayerPair(pcbnew.F_Cu, pcbnew.B_Cu)
            v.SetWidth(pcbnew.FromMM(r.via))
            v.SetDrill(pcbnew.FromMM(r.via_drill))
            v.SetNet(nets[code])
            board.Add(v)
