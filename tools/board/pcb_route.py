"""pcb_route: our own two-layer maze router, sized to this board.

Each net is grown as a tree: A* search from everything the net already has
(its first pad, then its tracks) to its nearest unconnected pad, over a grid
(pcb_grid) whose points say which net may use them. Moves: the 8 grid
directions on a layer (F prefers horizontal, B vertical: a step against a
layer's direction costs double) and a via between layers. A net that cannot
be finished is moved to the front and every net is routed again (rip-up and
retry in a new net order), up to PASSES times.
"""
import heapq
import math

import numpy as np
from pcb_grid import Grid, BLOCKED, grid_dist, grid_extent

STEP, DIAG, WRONG, VIA, BEND = 10, 14, 20, 60, 6
PASSES = 12
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
NDIR = len(DIRS) + 1


class Rules:
    """Design rules in mm (the board data's; vias as KiCad's default)."""

    def __init__(self, track=0.25, power_track=0.5, clearance=0.2, via=0.8, via_drill=0.4,
                 hole_gap=0.25, edge_gap=0.5, pitch=0.635):
        self.track, self.power_track, self.clearance = track, power_track, clearance
        self.via, self.via_drill, self.hole_gap = via, via_drill, hole_gap
        self.edge_gap, self.pitch = edge_gap, pitch


class Pad:
    """A pad as the router sees it: its copper shape, net code, hole."""

    def __init__(self, ref, name, x, y, shape, net, drill, plated):
        self.ref, self.name, self.x, self.y = ref, name, x, y
        self.shape, self.net, self.drill, self.plated = shape, net, drill, plated


class Problem:
    """What to route: outline distance function, pads, nets (code: name),
    the power nets' codes, the rules."""

    def __init__(self, width, height, inside_dist, pads, nets, power, rules):
        self.width, self.height, self.inside_dist = width, height, inside_dist
        self.pads, self.nets, self.power, self.rules = pads, nets, power, rules


def route_fresh_grid(pb):
    r = pb.rules
    halves = {"signal": r.track / 2, "power": r.power_track / 2, "via": r.via / 2}
    g = Grid(pb.width, pb.height, r.pitch, r.clearance, halves)
    g.mark_edge(pb.inside_dist, r.edge_gap)
    for p in pb.pads:
        if p.plated:
            g.mark(p.shape, p.net if p.net else BLOCKED, (0, 1))
        else:
            # A bare hole: copper keeps the hole clearance from its wall.
            g.mark(("seg", p.x, p.y, p.x, p.y, p.drill / 2), BLOCKED, (0, 1), extra=r.hole_gap)
        if p.drill:
            g.mark_hole(p.x, p.y, p.drill / 2, r.hole_gap, r.via_drill / 2)
    return g


def route_terminals(g, pad, allowed):
    """Grid nodes inside the pad's copper on both layers, usable by its net;
    the node nearest the centre when no grid point falls inside."""
    cx, cy, ext = grid_extent(pad.shape)
    sy, sx = g.window(cx, cy, ext)
    d = grid_dist(pad.shape, g.px[sy, sx], g.py[sy, sx])
    ys, xs = np.nonzero(d < -0.05)
    out = []
    for layer in (0, 1):
        for y, x in zip(ys + sy.start, xs + sx.start):
            i = layer * g.w * g.h + int(y) * g.w + int(x)
            if allowed[i]:
                out.append(i)
        if not out:
            i = g.node(layer, pad.x, pad.y)
            if allowed[i]:
                out.append(i)
    return out


def route_search(g, sources, targets, goal_xy, allowed, via_ok, cost_dir):
    """A* from any source node to any target node; the node path or None.
    A search state is a node and the direction it was entered by (NDIR:
    none, or a via), so that each bend costs BEND: straight runs win over
    staircases of equal length."""
    w, n = g.w, g.w * g.h
    p = g.pitch
    gx, gy = goal_xy[0] / p, goal_xy[1] / p

    def h(i):
        rest = i % n
        dy, dx = abs(rest // w - gy), abs(rest % w - gx)
        return int(STEP * max(dx, dy) + (DIAG - STEP) * min(dx, dy))

    best, parent, heap = {}, {}, []
    for s in sources:
        key = s * NDIR + NDIR - 1
        best[key] = 0
        parent[key] = -1
        heapq.heappush(heap, (h(s), 0, key))
    moves = [[(dy * w + dx, dx, dy, k, cost_dir[layer][k]) for k, (dx, dy) in enumerate(DIRS)]
             for layer in (0, 1)]
    while heap:
        f, cost, key = heapq.heappop(heap)
        if cost > best.get(key, 1 << 60):
            continue
        i, came = divmod(key, NDIR)
        if i in targets:
            path = [key]
            while parent[path[-1]] >= 0:
                path.append(parent[path[-1]])
            return [k // NDIR for k in reversed(path)]
        layer = i // n
        steps = [(i + off, k, c + (BEND if came != k and came < NDIR - 1 else 0))
                 for off, dx, dy, k, c in moves[layer]
                 if allowed[i + off] and not (dx and dy and not (allowed[i + dx] and allowed[i + dy * w]))]
        rest = i % n
        if via_ok[rest] and allowed[rest + (1 - layer) * n]:
            steps.append((rest + (1 - layer) * n, NDIR - 1, VIA))
        for j, k, c in steps:
            nkey, nc = j * NDIR + k, cost + c
            if nc < best.get(nkey, 1 << 60):
                best[nkey] = nc
                parent[nkey] = key
                heapq.heappush(heap, (nc + h(j), nc, nkey))
    return None


# Step costs by layer and direction: F (0) runs horizontal, B (1) vertical.
COST_DIR = [[STEP, STEP, WRONG, WRONG, DIAG, DIAG, DIAG, DIAG],
            [WRONG, WRONG, STEP, STEP, DIAG, DIAG, DIAG, DIAG]]


def route_net(g, pb, code):
    """Paths (node lists) joining every pad of net `code`, or None."""
    kind = "power" if code in pb.power else "signal"
    allowed = g.allowed(code, kind)
    via_ok = g.via_allowed(code)
    pads = sorted((p for p in pb.pads if p.net == code), key=lambda p: (p.x, p.y))
    terms = [route_terminals(g, p, allowed) for p in pads]
    if any(not t for t in terms):
        return None
    tree, done, paths = set(terms[0]), [pads[0]], []
    todo = list(range(1, len(pads)))
    while todo:
        k = min(todo, key=lambda k: min(math.hypot(pads[k].x - d.x, pads[k].y - d.y) for d in done))
        path = route_search(g, tree, set(terms[k]), (pads[k].x, pads[k].y), allowed, via_ok, COST_DIR)
        if path is None:
            return None
        paths.append(path)
        tree.update(path)
        tree.update(terms[k])
        done.append(pads[k])
        todo.remove(k)
    return paths


def route_polylines(g, path):
    """A node path as per-layer polylines (corners only) and via points."""
    pts = [g.point(i) for i in path]
    lines, vias, cur = [], [], [pts[0]]
    for b in pts[1:]:
        if b[0] != cur[-1][0]:
            vias.append((b[1], b[2]))
            lines.append(cur)
            cur = [b]
        else:
            cur.append(b)
    lines.append(cur)
    out = []
    for line in lines:
        if len(line) < 2:
            continue
        keep = [line[0]]
        for a, m, b in zip(line, line[1:], line[2:]):
            d0 = (round((m[1] - a[1]) / g.pitch), round((m[2] - a[2]) / g.pitch))
            d1 = (round((b[1] - m[1]) / g.pitch), round((b[2] - m[2]) / g.pitch))
            if d0 != d1:
                keep.append(m)
        keep.append(line[-1])
        out.append(keep)
    return out, vias


def route_copper(g, pb, code, paths):
    """Segments [(layer, ax, ay, bx, by, width)] and vias [(x, y)] of paths,
    with a stub from the centre of each pad a track ends in."""
    width = pb.rules.power_track if code in pb.power else pb.rules.track
    segs, vias = [], []
    for path in paths:
        lines, vs = route_polylines(g, path)
        vias += vs
        for line in lines:
            segs += [(a[0], a[1], a[2], b[1], b[2], width) for a, b in zip(line, line[1:])]
    ends = {(s[0], s[1], s[2]) for s in segs} | {(s[0], s[3], s[4]) for s in segs}
    ends |= {(layer, x, y) for x, y in vias for layer in (0, 1)}
    for p in pb.pads:
        if p.net != code:
            continue
        for layer, x, y in sorted(ends):
            inside = grid_dist(p.shape, np.array([x]), np.array([y]))[0] < 0
            if inside and math.hypot(x - p.x, y - p.y) > 1e-6:
                segs.append((layer, p.x, p.y, x, y, width))
    return segs, sorted(set(vias))


def route_mark(g, pb, code, segs, vias):
    r = pb.rules
    for layer, ax, ay, bx, by, width in segs:
        g.mark(("seg", ax, ay, bx, by, width / 2), code, (layer,))
    for x, y in vias:
        g.mark(("seg", x, y, x, y, r.via / 2), code, (0, 1))
        g.mark_hole(x, y, r.via_drill / 2, r.hole_gap, r.via_drill / 2)


def route_order(pb):
    """Power nets first (they need the wide channels), then the rest by the
    size of their pads' bounding box, short nets first."""
    def span(code):
        ps = [p for p in pb.pads if p.net == code]
        return (max(p.x for p in ps) - min(p.x for p in ps)) + (max(p.y for p in ps) - min(p.y for p in ps))
    codes = [c for c in pb.nets if sum(1 for p in pb.pads if p.net == c) > 1]
    return sorted(codes, key=lambda c: (c not in pb.power, span(c), pb.nets[c]))


def route_board(pb, log=print):
    """{code: (segments, vias)} for every net, and the names of the nets that
    could not be routed (empty when the board is done)."""
    order = route_order(pb)
    best = None
    for attempt in range(1, PASSES + 1):
        g = route_fresh_grid(pb)
        result, failed = {}, []
        for code in order:
            paths = route_net(g, pb, code)
            if paths is None:
                failed.append(code)
                continue
            segs, vias = route_copper(g, pb, code, paths)
            route_mark(g, pb, code, segs, vias)
            result[code] = (segs, vias)
        log(f"route: pass {attempt}: {len(result)} nets routed, {len(failed)} failed"
            + (": " + " ".join(pb.nets[c] for c in failed) if failed else ""))
        if best is None or len(failed) < len(best[1]):
            best = (result, failed)
        if not failed:
            break
        order = failed + [c for c in order if c not in failed]
    return best[0], [pb.nets[c] for c in best[1]]
