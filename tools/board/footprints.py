#!/usr/bin/env python3
"""footprints.py [OUTDIR] - writes our KiCad footprints (the ones Debian's
kicad-footprints has none of) from the dimension data in handheld.toml's
[footprint.*] tables: the 1088AS matrix from its drawing, the S7V8F5
regulator module. Without OUTDIR, into the board's library_dir. The same
data gives the same bytes (no time stamps)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402


def num(v):
    """A coordinate as KiCad writes it: no trailing zeros, no -0."""
    s = ("%.4f" % v).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def rect_lines(x0, y0, x1, y1, layer, width):
    pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return ["  (fp_line (start %s %s) (end %s %s) (layer \"%s\") (width %s))"
            % (num(a[0]), num(a[1]), num(b[0]), num(b[1]), layer, num(width))
            for a, b in zip(pts, pts[1:] + pts[:1])]


def pad_line(pin, x, y, size, drill, first):
    shape = "rect" if first else "circle"
    return ("  (pad \"%s\" thru_hole %s (at %s %s) (size %s %s) (drill %s) (layers *.Cu *.Mask))"
            % (pin, shape, num(x), num(y), num(size), num(size), num(drill)))


def header(name, d, ref_y, val_y):
    return ["(footprint \"%s\" (version 20211014) (generator board_footprints)" % name,
            "  (layer \"F.Cu\")",
            "  (descr \"%s\")" % d["description"],
            "  (tags \"THT generated from handheld.toml\")",
            "  (attr through_hole)",
            "  (fp_text reference \"REF**\" (at 0 %s) (layer \"F.SilkS\")" % num(ref_y),
            "    (effects (font (size 1 1) (thickness 0.15))))",
            "  (fp_text value \"%s\" (at 0 %s) (layer \"F.Fab\")" % (name, num(val_y)),
            "    (effects (font (size 1 1) (thickness 0.15))))"]


def body_lines(x0, y0, x1, y1):
    out = rect_lines(x0, y0, x1, y1, "F.Fab", 0.1)
    out += rect_lines(x0 - 0.12, y0 - 0.12, x1 + 0.12, y1 + 0.12, "F.SilkS", 0.12)
    out += rect_lines(x0 - 0.25, y0 - 0.25, x1 + 0.25, y1 + 0.25, "F.CrtYd", 0.05)
    return out


def matrix_mod(name, d):
    """Two rows of per_row pins: 1..n left to right at y=0 (pin 1 the
    origin), n+1..2n right to left at second_row_dy; body centred on them."""
    n, pitch = int(d["per_row"]), float(d["pitch"])
    dy = float(d["second_row_dy"])
    cx, cy = (n - 1) * pitch / 2, dy / 2
    x0, x1 = cx - d["body_w"] / 2, cx + d["body_w"] / 2
    y0, y1 = cy - d["body_h"] / 2, cy + d["body_h"] / 2
    out = header(name, d, y0 - 1.5, y1 + 1.5)
    out += body_lines(x0, y0, x1, y1)
    # The 64 lamps, for the render and the builder: 8 x 8 at body/8.
    step = d["body_w"] / 8
    for r in range(8):
        for c in range(8):
            x, y = x0 + step * (c + 0.5), y0 + step * (r + 0.5)
            out.append("  (fp_circle (center %s %s) (end %s %s) (layer \"F.Fab\") (width 0.1) (fill none))"
                       % (num(x), num(y), num(x + 1.5), num(y)))
    # pin 1 mark on the silk, outside the body, below pin 1
    out.append("  (fp_line (start -1 %s) (end 1 %s) (layer \"F.SilkS\") (width 0.12))"
               % (num(y1 + 0.6), num(y1 + 0.6)))
    for i in range(n):
        out.append(pad_line(i + 1, i * pitch, 0, d["pad"], d["drill"], i == 0))
    for i in range(n):
        out.append(pad_line(n + i + 1, (n - 1 - i) * pitch, dy, d["pad"], d["drill"], False))
    return out


def module_mod(name, d):
    """One row of per_row pins from pin 1 at the origin; the module's board
    as the body, from body_x0/body_y0."""
    n, pitch = int(d["per_row"]), float(d["pitch"])
    x0, y0 = d["body_x0"], d["body_y0"]
    x1, y1 = x0 + d["body_w"], y0 + d["body_h"]
    out = header(name, d, y0 - 1.5, y1 + 1.5)
    out += body_lines(x0, y0, x1, y1)
    for i in range(n):
        out.append(pad_line(i + 1, i * pitch, 0, d["pad"], d["drill"], i == 0))
    return out


def footprint_text(name, d):
    lines = matrix_mod(name, d) if "second_row_dy" in d else module_mod(name, d)
    return "\n".join(lines + [")"]) + "\n"


def write_all(board, outdir):
    os.makedirs(outdir, exist_ok=True)
    written = []
    for name in sorted(board.footprint_dims):
        path = os.path.join(outdir, name + ".kicad_mod")
        with open(path, "w") as f:
            f.write(footprint_text(name, board.footprint_dims[name]))
        written.append(path)
    return written


def main(argv):
    try:
        b = board_data.load()
        out = argv[0] if argv else os.path.join(board_data.ROOT, b.library_dir)
        for p in write_all(b, out):
            print("footprint %s" % os.path.relpath(p, board_data.ROOT))
    except (board_data.BoardError, KeyError) as e:
        print("board-footprints: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
