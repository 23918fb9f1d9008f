#!/usr/bin/env python3
"""schematic.py OUT.svg - the handheld's schematic drawing, from the board
data: one panel a group (MCU, Display, Power ...), in each a block a part
with its pins (number and name) and, at each pin, the label of its net.
Pins on the same net are connected: the labels say so, as on a KiCad sheet
with global labels. Chips are drawn as their packages (pin 1 top left,
counter-clockwise), so the drawing also helps to check a soldered board.
Deterministic: the same data gives the same bytes."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402
from board_files import pin_key, ref_key  # noqa: E402

CH = 6.6            # width of a character of the 11 px monospace font
ROW = 16            # pin pitch on the drawing
STUB = 14           # pin line outside the box
PAD = 10            # space around blocks
GROUPS = ["MCU", "Display", "Game pad", "Power", "Sound", "Connectors", "Other"]
COLOURS = {"GND": "#333333", "+5V": "#c0392b", "VIN": "#c0392b", "BAT_IN": "#c0392b", "VBAT": "#c0392b",
           "VBAT_SW": "#c0392b", "VUSB": "#c0392b"}
SIGNAL = "#1f5fa8"


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def text(x, y, s, size=11, anchor="start", colour="#000", weight="normal"):
    return ('<text x="%.1f" y="%.1f" font-size="%d" text-anchor="%s" fill="%s" font-weight="%s">%s</text>'
            % (x, y, size, anchor, colour, weight, esc(s)))


def part_pins(p, pads):
    """The part's pins in drawing order: the pin numbers its footprint has."""
    pins = sorted({pad.pin for pad in pads if pad.pin}, key=pin_key)
    return pins


def sides(p, pins):
    """(left pins top to bottom, right pins top to bottom): a package's
    order for chips, one each side for two-pin parts, else half and half."""
    if len(pins) == 2:
        return [pins[0]], [pins[1]]
    half = (len(pins) + 1) // 2
    return pins[:half], list(reversed(pins[half:]))


def label_w(net):
    return (len(net) + 2) * CH if net else 3 * CH


class Block:
    def __init__(self, b, ref):
        self.p = b.parts[ref]
        self.ref = ref
        pins = part_pins(self.p, b.pads(ref))
        self.left, self.right = sides(self.p, pins)
        name = lambda pin: self.p.pin_names.get(pin, "")
        self.inner = max([len(name(x)) for x in pins] + [0]) * CH
        box_w = max(2 * self.inner + 4 * CH + 16, (len(self.p.value) + 2) * CH, 6 * CH)
        if len(pins) == 2:
            names = len(name(pins[0])) + len(name(pins[1]))
            box_w = max((len(self.p.value) + 2) * CH, 8 * CH, (names + 3) * CH + 8)
        self.box_w = box_w
        self.lw = max([label_w(self.p.nets.get(x)) for x in self.left] + [0]) + STUB
        self.rw = max([label_w(self.p.nets.get(x)) for x in self.right] + [0]) + STUB
        self.rows = max(len(self.left), len(self.right))
        self.w = self.lw + box_w + self.rw
        self.h = 18 + self.rows * ROW + 8

    def svg(self, x0, y0):
        p, out = self.p, []
        bx, by = x0 + self.lw, y0 + 18
        bh = self.rows * ROW + 4
        out.append(text(bx, y0 + 12, "%s  %s" % (self.ref, p.value), 11, weight="bold"))
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#fffbe6" stroke="#8a6d00"/>'
                   % (bx, by, self.box_w, bh))
        for side, pins in (("L", self.left), ("R", self.right)):
            for i, pin in enumerate(pins):
                y = by + 4 + ROW * i + ROW / 2
                net = p.nets.get(pin)
                name = p.pin_names.get(pin, "")
                if side == "L":
                    x_edge, x_out = bx, bx - STUB
                    out.append(text(x_edge - 2, y - 3, pin, 8, "end", "#666"))
                    if name:
                        out.append(text(x_edge + 4, y + 4, name))
                else:
                    x_edge, x_out = bx + self.box_w, bx + self.box_w + STUB
                    out.append(text(x_edge + 2, y - 3, pin, 8, "start", "#666"))
                    if name:
                        out.append(text(x_edge - 4, y + 4, name, anchor="end"))
                out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#8a6d00"/>'
                           % (x_edge, y, x_out, y))
                out.append(self.flag(x_out, y, net, side))
        return "\n".join(out)

    @staticmethod
    def flag(x, y, net, side):
        if not net:
            d = 4
            return ('<path d="M%.1f %.1f l%d %d m0 %d l%d %d" stroke="#999"/>'
                    % (x - d, y - d, 2 * d, 2 * d, -2 * d, -2 * d, 2 * d))
        colour = COLOURS.get(net, SIGNAL)
        w = label_w(net)
        x0 = x - w if side == "L" else x
        return ('<rect x="%.1f" y="%.1f" width="%.1f" height="15" rx="7" fill="white" stroke="%s"/>'
                % (x0, y - 7.5, w, colour) +
                text(x0 + w / 2, y + 3.5, net, 11, "middle", colour))


def panel_layout(blocks, width):
    """Flow the blocks into rows no wider than width: [(block, x, y)], height."""
    placed, x, y, row_h = [], PAD, 26, 0
    for blk in blocks:
        if x > PAD and x + blk.w > width - PAD:
            x, y, row_h = PAD, y + row_h + PAD, 0
        placed.append((blk, x, y))
        x += blk.w + 2 * PAD
        row_h = max(row_h, blk.h)
    return placed, y + row_h + PAD


def schematic_svg(b):
    by_group = {}
    for ref in sorted(b.parts, key=ref_key):
        g = b.parts[ref].group if b.parts[ref].group in GROUPS else "Other"
        by_group.setdefault(g, []).append(Block(b, ref))
    col_w, cols = 900, 2
    panels = []
    for g in GROUPS:
        if g in by_group:
            blocks = sorted(by_group[g], key=lambda blk: -blk.h)
            width = max(col_w, max(blk.w for blk in blocks) + 2 * PAD)
            placed, h = panel_layout(blocks, width)
            panels.append((g, placed, width, h))
    # two columns, each panel into the shorter one
    tops, out_panels = [60] * cols, []
    for g, placed, w, h in panels:
        c = tops.index(min(tops))
        out_panels.append((g, placed, 20 + c * (col_w + 20), tops[c], w, h))
        tops[c] += h + 20
    width = 20 + cols * (col_w + 20)
    height = max(tops) + 40
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans Mono, monospace">' % (width, height, width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           text(20, 32, "%s, rev %s: schematic" % (b.title, b.rev), 20, weight="bold"),
           text(20, 50, "Generated from board/handheld/handheld.toml and board/nano.h by "
                "tools/board/schematic.py. Pins with the same label are connected.", 12, colour="#555")]
    for g, placed, x0, y0, w, h in out_panels:
        out.append('<g transform="translate(%d,%d)">' % (x0, y0))
        out.append('<rect width="%d" height="%d" fill="none" stroke="#bbb" rx="6"/>' % (w, h))
        out.append(text(10, 18, g, 14, weight="bold", colour="#555"))
        for blk, x, y in placed:
            out.append(blk.svg(x, y))
        out.append("</g>")
    out.append(text(20, height - 14, "Nets: %d, parts on the board: %d. Power nets red, signals blue; "
                    "X = not connected." % (len(b.nets), len(b.parts)), 12, colour="#555"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 1:
        print("usage: schematic.py OUT.svg", file=sys.stderr)
        return 2
    try:
        b = board_data.load()
        svg = schematic_svg(b)
    except board_data.BoardError as e:
        print("board-schematic: %s" % e, file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(argv[0]) or ".", exist_ok=True)
    with open(argv[0], "w") as f:
        f.write(svg)
    print("board-files: %s" % os.path.relpath(argv[0], board_data.ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
