"""pcb_silk: put every reference, value and label where DRC finds it clean.

A bitmap of the top silkscreen (0.1 mm cells) holds what a new text must
keep clear of: pads (the mask opening and a gap), every footprint's silk
drawing, the board edge and the texts placed so far. Each text tries its
candidate spots in order and takes the first that is clear.
"""
import math
import numpy as np
import pcbnew

from pcb_build import ORIGIN
from pcb_layout import LayoutError, layout_bbox
from pcb_tracks import tracks_inside_dist

CELL = 0.1          # bitmap resolution, mm
GAP = 0.25          # silk to pad / silk to silk, mm
EDGE = 0.6          # silk to the board edge, mm
LABEL_SIZE = 0.8    # header pin names, mm
TITLE_SIZE = 2.0


def silk_mm(p):
    return pcbnew.ToMM(p.x) - ORIGIN[0], pcbnew.ToMM(p.y) - ORIGIN[1]


class SilkMap:
    """Busy cells of the top silkscreen; the board's edge band starts busy."""

    def __init__(self, lay):
        _, _, x1, y1 = layout_bbox(lay)
        self.w, self.h = int(x1 / CELL) + 1, int(y1 / CELL) + 1
        ys, xs = np.mgrid[0:self.h, 0:self.w] * CELL
        self.busy = tracks_inside_dist(lay)(xs, ys) < EDGE

    def box(self, x0, y0, x1, y1):
        i0, j0 = max(0, int(x0 / CELL)), max(0, int(y0 / CELL))
        i1, j1 = min(self.w, int(math.ceil(x1 / CELL)) + 1), min(self.h, int(math.ceil(y1 / CELL)) + 1)
        return slice(j0, j1), slice(i0, i1), (x0 < 0 or y0 < 0 or i1 >= self.w or j1 >= self.h)

    def mark(self, x0, y0, x1, y1):
        sy, sx, _ = self.box(x0, y0, x1, y1)
        self.busy[sy, sx] = True

    def free(self, x0, y0, x1, y1):
        sy, sx, off = self.box(x0, y0, x1, y1)
        return not off and not self.busy[sy, sx].any()

    def mark_points(self, pts, half):
        for x, y in pts:
            self.mark(x - half, y - half, x + half, y + half)


def silk_shape_points(g):
    """Points every ~0.1 mm along a silk drawing."""
    s = g.GetShape()
    if s == pcbnew.SHAPE_T_CIRCLE:
        cx, cy = silk_mm(g.GetCenter())
        r = pcbnew.ToMM(g.GetRadius())
        n = max(8, int(2 * math.pi * r / CELL))
        return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n)]
    if s == pcbnew.SHAPE_T_ARC:
        cx, cy = silk_mm(g.GetCenter())
        sx, sy = silk_mm(g.GetStart())
        r = math.hypot(sx - cx, sy - cy)
        a0, span = math.atan2(sy - cy, sx - cx), math.radians(g.GetArcAngle() / 10)
        n = max(4, int(abs(span) * r / CELL))
        return [(cx + r * math.cos(a0 + span * k / n), cy + r * math.sin(a0 + span * k / n)) for k in range(n + 1)]
    if s == pcbnew.SHAPE_T_RECT:
        pts = [silk_mm(p) for p in g.GetRectCorners()]
    elif s == pcbnew.SHAPE_T_POLY:
        pts = [silk_mm(g.GetPolyShape().CVertex(i)) for i in range(g.GetPolyShape().TotalVertices())]
    else:
        pts = [silk_mm(g.GetStart()), silk_mm(g.GetEnd())]
    out = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + (pts[:1] if len(pts) > 2 else [])):
        n = max(1, int(math.hypot(bx - ax, by - ay) / CELL))
        out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
    return out


def silk_obstacles(board, smap):
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            bb = pad.GetBoundingBox()
            x0, y0 = silk_mm(bb.GetOrigin())
            x1, y1 = silk_mm(bb.GetEnd())
            smap.mark(x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP)
        for g in fp.GraphicalItems():
            if g.GetLayer() == pcbnew.F_SilkS and g.GetClass() == "MGRAPHIC":
                smap.mark_points(silk_shape_points(g), pcbnew.ToMM(g.GetWidth()) / 2 + GAP)


def silk_text_box(text):
    bb = text.GetBoundingBox()
    x0, y0 = silk_mm(bb.GetOrigin())
    x1, y1 = silk_mm(bb.GetEnd())
    return x0, y0, x1, y1


def silk_try(smap, text, spots):
    """Move text to the first clear (x, y, degrees) spot; False if none."""
    for x, y, deg in spots:
        text.SetTextAngle(deg * 10)
        text.SetPosition(pcbnew.wxPointMM(ORIGIN[0] + x, ORIGIN[1] + y))
        x0, y0, x1, y1 = silk_text_box(text)
        if smap.free(x0, y0, x1, y1):
            smap.mark(x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP)
            return True
    return False


def silk_fp_box(fp):
    """Bounding box of a footprint's pads and silk, board mm."""
    bb = fp.GetBoundingBox(False, False)
    x0, y0 = silk_mm(bb.GetOrigin())
    x1, y1 = silk_mm(bb.GetEnd())
    return x0, y0, x1, y1


def silk_spots(fp, step=0.4, rings=16):
    """Candidate centres around a footprint: above, below, left, right,
    moving outwards and sideways, then inside it (a socket's middle)."""
    x0, y0, x1, y1 = silk_fp_box(fp)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tall = (y1 - y0) > (x1 - x0) * 1.5
    spots = []
    for k in range(rings):
        d = 0.9 + k * step
        for f in (0, -0.25, 0.25, -0.5, 0.5):
            spots += [(cx + f * (x1 - x0), y0 - d, 0), (cx + f * (x1 - x0), y1 + d, 0),
                      (x0 - d, cy + f * (y1 - y0), 90), (x1 + d, cy + f * (y1 - y0), 90)]
    inside = []
    for k in range(-6, 7):
        inside += [(cx + k * 0.6, cy, 90), (cx, cy + k * 0.6, 0)] if tall else \
                  [(cx, cy + k * 0.6, 0), (cx + k * 0.6, cy, 90)]
    return inside + spots if tall else spots + inside


def silk_label(board, text):
    t = pcbnew.PCB_TEXT(board)
    t.SetText(text)
    t.SetLayer(pcbnew.F_SilkS)
    t.SetTextSize(pcbnew.wxSizeMM(LABEL_SIZE, LABEL_SIZE))
    t.SetTextThickness(pcbnew.FromMM(0.12))
    return t


def silk_pin_labels(board, smap, fp, labels):
    """Header pin names: a one-row header gets each name beside its pad
    (across the row); a two-row header, whose inner side has no room, gets
    one line per pair of pads beside the pair ("MISO VCC": the pads' order)."""
    pads = {p.GetName(): p for p in fp.Pads()}
    pos = {n: silk_mm(p.GetPosition()) for n, p in pads.items()}
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    along_x = (max(xs) - min(xs)) >= (max(ys) - min(ys))
    rows = {}
    for lab in labels:
        if str(lab["pin"]) not in pads:
            raise LayoutError(f"{fp.GetReference()}: no pad {lab['pin']} for the label {lab['text']}")
        px, py = pos[str(lab["pin"])]
        rows.setdefault(round(px if along_x else py, 2), []).append((py if along_x else px, lab["text"]))
    lo, hi = (min(ys), max(ys)) if along_x else (min(xs), max(xs))
    pad_r = max(pcbnew.ToMM(p.GetSize().x) for p in pads.values()) / 2
    for key, items in sorted(rows.items()):
        items.sort()
        text = " ".join(t for _, t in items)
        t = silk_label(board, text)
        half = len(text) * LABEL_SIZE * 0.45 + pad_r + 0.4
        if along_x:
            spots = [(key, hi + half + k * 0.2, 90) for k in range(8)] + \
                    [(key, lo - half - k * 0.2, 90) for k in range(8)]
        else:
            spots = [(hi + half + k * 0.2, key, 0) for k in range(8)] + \
                    [(lo - half - k * 0.2, key, 0) for k in range(8)]
        if not silk_try(smap, t, spots):
            raise LayoutError(f"{fp.GetReference()}: no room for the pin label '{text}'")
        board.Add(t)


def silk_title(board, smap, lay):
    """The project's name and revision in the largest clear spot found
    scanning from the bottom middle of the board outwards."""
    t = pcbnew.PCB_TEXT(board)
    t.SetText(f"{lay['name']}  {lay['rev']}")
    t.SetLayer(pcbnew.F_SilkS)
    t.SetTextSize(pcbnew.wxSizeMM(TITLE_SIZE, TITLE_SIZE))
    t.SetTextThickness(pcbnew.FromMM(0.3))
    x0, y0, x1, y1 = layout_bbox(lay)
    spots = sorted(((float(x), float(y), 0) for x in np.arange(x0 + 5, x1 - 5, 1.0)
                    for y in np.arange(y0 + 3, y1 - 3, 1.0)),
                   key=lambda s: (abs(s[0] - (x0 + x1) / 2) + 3 * (y1 - s[1]), s))
    if not silk_try(smap, t, spots):
        raise LayoutError("no room on the silkscreen for the board's name")
    board.Add(t)


def silk_place(board, lay):
    """Place the header labels (their spots are few), every footprint's
    reference and value, then the title; raise LayoutError naming a text that finds no room."""
    smap = SilkMap(lay)
    silk_obstacles(board, smap)
    by_ref = {p["ref"]: p for p in lay["parts"]}
    for fp in sorted(board.GetFootprints(), key=lambda f: f.GetReference()):
        labels = by_ref.get(fp.GetReference(), {}).get("pin_labels", [])
        if labels:
            silk_pin_labels(board, smap, fp, labels)
    fps = sorted(board.GetFootprints(), key=lambda f: -(silk_fp_box(f)[2] - silk_fp_box(f)[0])
                 * (silk_fp_box(f)[3] - silk_fp_box(f)[1]))
    for fp in fps:
        for text in (fp.Reference(), fp.Value()):
            if text.GetLayer() != pcbnew.F_SilkS:
                continue
            if silk_try(smap, text, silk_spots(fp)):
                continue
            # A crowded corner: the same spots in a smaller font.
            text.SetTextSize(pcbnew.wxSizeMM(LABEL_SIZE, LABEL_SIZE))
            text.SetTextThickness(pcbnew.FromMM(0.12))
            if not silk_try(smap, text, silk_spots(fp)):
                raise LayoutError(f"{fp.GetReference()}: no room on the silkscreen for '{text.GetText()}'")
    silk_title(board, smap, lay)
