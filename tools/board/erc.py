#!/usr/bin/env python3
"""erc.py - the handheld's electrical rules check, our own (no KiCad): each
check takes a Board (board_data.load()) and returns a list of problems, one
line each, empty when the rule holds. tests/board/test_board.py runs them
all on the real data and on mutated copies (each must catch its mutation).

    nets          every net has at least two pins
    pads          every connected pin is a pad of its footprint; no two
                  pads of different nets (or of a net and no net) closer
                  than the board's clearance (a pad on two nets: a short)
    rails         every supply pin of every chip on its rail, every ground
                  pin on GND
    decoupling    every supply pin has its capacitor, between the pin's net
                  and GND, its pad at most max_mm from the pin
    floating      every pin that must not float is on a net with a driver
                  or a pull (a net of at least two pins)
    buttons       active-low buttons (board/nano.h) switch to GND
    placement     part origins on the board's grid, pads inside the outline
                  by 1 mm, holes inside, courtyards apart
    data          the power nets exist and hold every rail; every part has
                  its height (the case)

Command line: tools/board/erc.py prints the problems and exits 1 if any."""
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402

GROUND = "GND"
EDGE_MM = 1.0


def check_nets(b):
    out = []
    for net, nodes in b.nets.items():
        if len(set(nodes)) < 2:
            out.append("net %s has only %s" % (net, ", ".join("%s.%s" % n for n in nodes)))
    return out


def pad_box(pad, rot):
    """The pad's copper as an axis-aligned box (x0, y0, x1, y1); the part's
    rotation is a multiple of 90 degrees here."""
    w, h = (pad.h, pad.w) if round(rot) % 180 == 90 else (pad.w, pad.h)
    return (pad.x - w / 2, pad.y - h / 2, pad.x + w / 2, pad.y + h / 2)


def box_gap(a, c):
    dx = max(c[0] - a[2], a[0] - c[2], 0)
    dy = max(c[1] - a[3], a[1] - c[3], 0)
    return math.hypot(dx, dy)


def check_pads(b):
    out, pads = [], []
    for ref, p in b.parts.items():
        try:
            fp_pads = b.pads(ref)
        except board_data.BoardError as e:
            out.append(str(e))
            continue
        names = {pad.pin for pad in fp_pads}
        for pin in p.nets:
            if pin not in names:
                out.append("%s pin %s (net %s) is not a pad of %s" % (ref, pin, p.nets[pin], p.footprint))
        pads += [(pad, pad_box(pad, p.rot)) for pad in fp_pads]
    for i, (pa, ba) in enumerate(pads):
        for pc, bc in pads[i + 1:]:
            if pa.ref == pc.ref or (pa.net is not None and pa.net == pc.net):
                continue
            gap = box_gap(ba, bc)
            if gap < b.clearance:
                out.append("%s.%s (%s) and %s.%s (%s) are %.2f mm apart (clearance %.2f)"
                           % (pa.ref, pa.pin, pa.net, pc.ref, pc.pin, pc.net, gap, b.clearance))
    return out


def chip_parts(b):
    return [(ref, p, b.chips[p.chip]) for ref, p in b.parts.items() if p.chip]


def check_rails(b):
    out = []
    for ref, p, chip in chip_parts(b):
        for pin in chip.power:
            net = p.nets.get(str(pin))
            if net != chip.rail:
                out.append("%s pin %d (%s) is on %s, not on its rail %s"
                           % (ref, pin, chip.pins[pin - 1], net, chip.rail))
        for pin in chip.ground:
            net = p.nets.get(str(pin))
            if net != GROUND:
                out.append("%s pin %d (%s) is on %s, not on %s" % (ref, pin, chip.pins[pin - 1], net, GROUND))
    return out


def check_decoupling(b):
    out, covered = [], set()
    for rule in b.decoupling:
        where = "decoupling %s pin %s by %s" % (rule.chip, rule.pin, rule.cap)
        if rule.chip not in b.parts or rule.cap not in b.parts:
            out.append("%s: no such part" % where)
            continue
        net = b.parts[rule.chip].nets.get(rule.pin)
        cap = b.parts[rule.cap]
        if sorted(cap.nets.values()) != sorted([net, GROUND]):
            out.append("%s: the capacitor is on %s, not between %s and %s"
                       % (where, "/".join(sorted(cap.nets.values())), net, GROUND))
            continue
        px, py = b.pad_xy(rule.chip, rule.pin)
        cpin = [pin for pin, n in cap.nets.items() if n == net][0]
        cx, cy = b.pad_xy(rule.cap, cpin)
        d = math.hypot(px - cx, py - cy)
        if d > rule.max_mm:
            out.append("%s: %.2f mm from the pin, more than %.1f mm" % (where, d, rule.max_mm))
        covered.add((rule.chip, rule.pin))
    for ref, p, chip in chip_parts(b):
        for pin in chip.power:
            if (ref, str(pin)) not in covered:
                out.append("%s pin %d (%s) has no decoupling capacitor" % (ref, pin, chip.pins[pin - 1]))
    return out


def check_floating(b):
    out = []
    for ref, p, chip in chip_parts(b):
        for pin in chip.must_connect:
            net = p.nets.get(str(pin))
            if net is None:
                out.append("%s pin %d (%s) must not float and is unconnected" % (ref, pin, chip.pins[pin - 1]))
            elif len(b.nets.get(net, [])) < 2:
                out.append("%s pin %d (%s) is alone on %s" % (ref, pin, chip.pins[pin - 1], net))
    return out


def check_buttons(b):
    active_low = b.nano_defines.get("BOARD_BTN_ACTIVE_LOW") == "1"
    out = []
    for name, sig in b.signals.items():
        if not name.startswith("BTN_"):
            continue
        switches = [ref for ref, _ in b.nets.get(sig.net, []) if ref.startswith("SW")]
        if len(switches) != 1:
            out.append("%s reaches %d switches, not 1" % (sig.net, len(switches)))
            continue
        other = {n for pin, n in b.parts[switches[0]].nets.items() if n != sig.net}
        want = GROUND if active_low else "+5V"
        if other != {want}:
            out.append("%s's other side is %s, not %s (BOARD_BTN_ACTIVE_LOW %s)"
                       % (switches[0], "/".join(sorted(other)) or "unconnected", want, int(active_low)))
    return out


_CRT = re.compile(r'\((fp_line|fp_rect) \(start ([-\d.]+) ([-\d.]+)\) \(end ([-\d.]+) ([-\d.]+)\)'
                  r' \(layer "F\.CrtYd"\)|\(fp_circle \(center ([-\d.]+) ([-\d.]+)\) \(end ([-\d.]+) ([-\d.]+)\)'
                  r' \(layer "F\.CrtYd"\)')


def courtyard(b, ref):
    """The part's courtyard as a box on the board (the corners of its lines
    and circles), or None if its footprint has none."""
    p = b.parts[ref]
    text = open(board_data.footprint_path(p.fp_lib, p.fp_name, b)).read()
    pts = []
    for m in _CRT.finditer(text):
        if m.group(1):
            x0, y0, x1, y1 = map(float, m.group(2, 3, 4, 5))
            pts += [(x0, y0), (x1, y1)]
        else:
            cx, cy, ex, ey = map(float, m.group(6, 7, 8, 9))
            r = math.hypot(ex - cx, ey - cy)
            pts += [(cx - r, cy - r), (cx + r, cy + r), (cx - r, cy + r), (cx + r, cy - r)]
    if not pts:
        return None
    xy = [board_data.place(p.x, p.y, p.rot, x, y, p.side) for x, y in pts]
    return (min(x for x, _ in xy), min(y for _, y in xy), max(x for x, _ in xy), max(y for _, y in xy))


def on_grid(v, grid):
    return abs(v / grid - round(v / grid)) < 1e-6


def check_placement(b):
    out = []
    for ref, p in b.parts.items():
        if not (on_grid(p.x, b.grid) and on_grid(p.y, b.grid)):
            out.append("%s at (%.3f, %.3f) is off the %.2f mm grid" % (ref, p.x, p.y, b.grid))
        for pad in b.pads(ref):
            r = max(pad.w, pad.h) / 2
            if not (EDGE_MM + r <= pad.x <= b.width - EDGE_MM - r and EDGE_MM + r <= pad.y <= b.height - EDGE_MM - r):
                out.append("%s pad %s at (%.2f, %.2f) is within %.1f mm of the edge" % (ref, pad.pin, pad.x, pad.y, EDGE_MM))
    for h in b.holes:
        if not (h.drill <= h.x <= b.width - h.drill and h.drill <= h.y <= b.height - h.drill):
            out.append("hole %s at (%.2f, %.2f) is not inside the board" % (h.ref, h.x, h.y))
    boxes = [(ref, courtyard(b, ref)) for ref in b.parts]
    boxes = [(ref, c) for ref, c in boxes if c]
    for i, (ra, a) in enumerate(boxes):
        for rc, c in boxes[i + 1:]:
            if a[0] < c[2] and c[0] < a[2] and a[1] < c[3] and c[1] < a[3]:
                out.append("the courtyards of %s and %s overlap" % (ra, rc))
        for h in b.holes:
            if a[0] - h.drill / 2 < h.x < a[2] + h.drill / 2 and a[1] - h.drill / 2 < h.y < a[3] + h.drill / 2:
                out.append("hole %s is inside %s's courtyard" % (h.ref, ra))
    return out


def check_data(b):
    """What the PCB and the case read besides the nets: every supply net
    named in power_nets exists and is one, every part has its height."""
    out = ["power net %s is no net of the board" % n for n in b.power_nets if n not in b.nets]
    for rail in {c.rail for c in b.chips.values() if c.rail} | {GROUND}:
        if rail not in b.power_nets:
            out.append("the rail %s is not among the power nets" % rail)
    out += ["%s has no height (the case's lid must clear it)" % ref
            for ref, p in b.parts.items() if p.height is None or p.height <= 0]
    return out


CHECKS = [("nets", check_nets), ("pads", check_pads), ("rails", check_rails),
          ("decoupling", check_decoupling), ("floating", check_floating),
          ("buttons", check_buttons), ("placement", check_placement), ("data", check_data)]


def run_all(b):
    """[(check name, [problems])]"""
    return [(name, fn(b)) for name, fn in CHECKS]


def main():
    try:
        results = run_all(board_data.load())
    except board_data.BoardError as e:
        print("board-erc: %s" % e, file=sys.stderr)
        return 1
    bad = 0
    for name, problems in results:
        for p in problems:
            print("erc %s: %s" % (name, p))
        bad += len(problems)
    print("erc: %d problems in %d checks" % (bad, len(results)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
