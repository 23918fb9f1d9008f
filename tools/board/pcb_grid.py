"""pcb_grid: the routing grid, and which net may use each of its points.

For each copper layer and each kind of copper a route can lay there (a
signal track, a power track, a via) an array says, per grid point, who may
put that copper there: -1 anyone, a net code only that net (it is near
that net's copper, nobody else's), -2 nobody (near two nets, a board edge,
a hole or a pad on no net). A point is marked when the new copper would
come closer than the clearance (plus MARGIN, which covers the corners a
straight track between two legal points can cut) to existing copper.
"""
import math
import numpy as np

FREE, BLOCKED = -1, -2
LAYERS = 2
# Extra distance kept at grid points: a straight step between two free
# points may pass up to ~0.1 mm nearer to a corner than either end.
MARGIN = 0.12


def grid_dist_seg(px, py, ax, ay, bx, by):
    """Distance of points (arrays) from the segment a-b."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll == 0:
        return np.hypot(px - ax, py - ay)
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / ll, 0.0, 1.0)
    return np.hypot(px - ax - t * dx, py - ay - t * dy)


def grid_dist(shape, px, py):
    """Signed distance of points from a copper shape (negative inside).
    shape: ("seg", ax, ay, bx, by, r) or ("rect", cx, cy, hw, hh, deg)."""
    if shape[0] == "seg":
        _, ax, ay, bx, by, r = shape
        return grid_dist_seg(px, py, ax, ay, bx, by) - r
    _, cx, cy, hw, hh, deg = shape
    a = math.radians(deg)
    u = (px - cx) * math.cos(a) - (py - cy) * math.sin(a)
    v = (px - cx) * math.sin(a) + (py - cy) * math.cos(a)
    du, dv = np.abs(u) - hw, np.abs(v) - hh
    out = np.hypot(np.maximum(du, 0), np.maximum(dv, 0))
    return np.where((du <= 0) & (dv <= 0), np.maximum(du, dv), out)


def grid_extent(shape):
    """Half-size of a square around the shape's centre that holds it."""
    if shape[0] == "seg":
        _, ax, ay, bx, by, r = shape
        return (ax + bx) / 2, (ay + by) / 2, math.hypot(bx - ax, by - ay) / 2 + r
    _, cx, cy, hw, hh, _ = shape
    return cx, cy, math.hypot(hw, hh)


class Grid:
    """Grid points every `pitch` mm over (0, 0)-(width, height)."""

    def __init__(self, width, height, pitch, clearance, halfwidths):
        self.pitch, self.clearance = pitch, clearance
        self.w = int(width / pitch) + 1
        self.h = int(height / pitch) + 1
        self.halfwidths = halfwidths            # {"signal": mm, "power": mm, "via": mm}
        self.own = {(layer, k): np.full((self.h, self.w), FREE, np.int32)
                    for layer in range(LAYERS) for k in halfwidths}
        self.no_via = np.zeros((self.h, self.w), bool)
        ys, xs = np.mgrid[0:self.h, 0:self.w]
        self.px, self.py = xs * pitch, ys * pitch

    def window(self, cx, cy, reach):
        """Index slices of the grid points within reach of (cx, cy)."""
        p = self.pitch
        x0, x1 = max(0, int((cx - reach) / p)), min(self.w, int((cx + reach) / p) + 2)
        y0, y1 = max(0, int((cy - reach) / p)), min(self.h, int((cy + reach) / p) + 2)
        return slice(y0, y1), slice(x0, x1)

    def mark(self, shape, net, layers, extra=0.0):
        """Copper of `net` (BLOCKED: of no net) on the given layers."""
        cx, cy, ext = grid_extent(shape)
        reach = ext + max(self.halfwidths.values()) + self.clearance + extra + MARGIN + self.pitch
        sy, sx = self.window(cx, cy, reach)
        d = grid_dist(shape, self.px[sy, sx], self.py[sy, sx])
        for layer in layers:
            for kind, hw in self.halfwidths.items():
                near = d < hw + self.clearance + extra + MARGIN
                own = self.own[(layer, kind)][sy, sx]
                if net == BLOCKED:
                    own[near] = BLOCKED
                else:
                    own[near & (own == FREE)] = net
                    own[near & (own != net)] = BLOCKED

    def mark_hole(self, x, y, radius, hole_gap, via_drill_r):
        """A drilled hole: no via whose hole comes nearer than hole_gap."""
        sy, sx = self.window(x, y, radius + hole_gap + via_drill_r + MARGIN + self.pitch)
        d = np.hypot(self.px[sy, sx] - x, self.py[sy, sx] - y)
        self.no_via[sy, sx] |= d < radius + hole_gap + via_drill_r + MARGIN

    def mark_edge(self, inside_dist, edge_gap):
        """Keep every copper kind edge_gap inside the outline.
        inside_dist(px, py): distance of points inside the board from its
        edge (negative outside)."""
        d = inside_dist(self.px, self.py)
        for (layer, kind), own in self.own.items():
            own[d < self.halfwidths[kind] + edge_gap + MARGIN] = BLOCKED

    def allowed(self, net, kind):
        """bytes over every (layer, y, x): 1 where net may lay kind there."""
        parts = [((self.own[(layer, kind)] == FREE) | (self.own[(layer, kind)] == net)).ravel()
                 for layer in range(LAYERS)]
        return np.concatenate(parts).astype(np.uint8).tobytes()

    def via_allowed(self, net):
        ok = ~self.no_via
        for layer in range(LAYERS):
            own = self.own[(layer, "via")]
            ok &= (own == FREE) | (own == net)
        return ok.ravel().astype(np.uint8).tobytes()

    def point(self, idx):
        """(layer, x mm, y mm) of a node index."""
        layer, rest = divmod(idx, self.w * self.h)
        y, x = divmod(rest, self.w)
        return layer, x * self.pitch, y * self.pitch

    def node(self, layer, x, y):
        """Node index of the grid point nearest (x, y) mm."""
        return layer * self.w * self.h + int(round(y / self.pitch)) * self.w + int(round(x / self.pitch))
