#!/usr/bin/env python3
"""board_files.py OUTDIR - the handheld's files that need no KiCad, from the
board data (board_data.load()):

    OUTDIR/<name>.net        the netlist, KiCad's s-expression format (pcbnew
                             reads it; every net with its pads and pin names)
    OUTDIR/<name>-bom.csv    the bill of materials, grouped: references,
                             quantity, value, footprint, manufacturer part
                             number, second source, unit price (estimate);
                             parts bought but not placed (the holder, the
                             sockets, the cells) too
    OUTDIR/<name>-pos.csv    pick-and-place: reference, value, footprint, x,
                             y (mm, origin the board's bottom-left corner, y
                             up, as fabs read it), rotation, side

No dates, no paths of this machine: two runs give the same bytes.
board_files.py --summary prints board/README.md's figures table."""
import csv
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402


def ref_key(ref):
    """U2 before U10: the letters, then the number."""
    m = re.match(r"([A-Za-z]+)(\d*)", ref)
    return (m.group(1), int(m.group(2) or 0), ref)


def pin_key(pin):
    return (0, int(pin), "") if pin.isdigit() else (1, 0, pin)


def q(s):
    """A KiCad s-expression string."""
    return '"%s"' % str(s).replace("\\", "\\\\").replace('"', '\\"')


def netlist_text(b):
    out = ["(export (version \"E\")",
           "  (design",
           "    (source %s)" % q("board/handheld/handheld.toml + board/nano.h"),
           "    (tool %s)" % q("tools/board/board_files.py"),
           "    (sheet (number \"1\") (name \"/\") (tstamps \"/\")",
           "      (title_block (title %s) (company \"\") (rev %s))))" % (q(b.title), q(b.rev)),
           "  (components"]
    for ref in sorted(b.parts, key=ref_key):
        p = b.parts[ref]
        out.append("    (comp (ref %s)" % q(ref))
        out.append("      (value %s)" % q(p.value))
        out.append("      (footprint %s)" % q(p.footprint))
        out.append("      (fields (field (name \"MPN\") %s) (field (name \"Second source\") %s))"
                   % (q(p.mpn), q(p.second_source)))
        out.append("      (libsource (lib \"nim_handheld\") (part %s) (description \"\"))"
                   % q(p.chip or p.value))
        out.append("      (sheetpath (names \"/\") (tstamps \"/\"))")
        out.append("      (tstamps %s))" % q(ref))
    out.append("  )")
    out.append("  (nets")
    for code, net in enumerate(b.nets, 1):
        out.append("    (net (code %s) (name %s)" % (q(code), q(net)))
        for ref, pin in sorted(b.nets[net], key=lambda rp: (ref_key(rp[0]), pin_key(rp[1]))):
            func = b.parts[ref].pin_names.get(pin)
            extra = " (pinfunction %s)" % q(func) if func else ""
            out.append("      (node (ref %s) (pin %s)%s)" % (q(ref), q(pin), extra))
        out[-1] += ")"
    out.append("  )")
    out.append(")")
    return "\n".join(out) + "\n"


def csv_text(rows):
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    for r in rows:
        w.writerow(r)
    return f.getvalue()


def bom_rows(b):
    """Placed parts grouped by what is bought (footprint, part numbers), the
    values of a group joined (the six buttons: UP/DOWN/...), then the
    extras."""
    groups = {}
    for ref in sorted(b.parts, key=ref_key):
        p = b.parts[ref]
        groups.setdefault((p.footprint, p.mpn, p.second_source), []).append(ref)
    rows = [["References", "Qty", "Value", "Footprint", "Manufacturer part number", "Second source",
             "Unit price USD (estimate)"]]
    for key in sorted(groups, key=lambda k: ref_key(groups[k][0])):
        fp, mpn, second = key
        refs = groups[key]
        values = []
        for r in refs:
            if b.parts[r].value not in values:
                values.append(b.parts[r].value)
        rows.append([" ".join(refs), len(refs), "/".join(values), fp, mpn, second,
                     "%.2f" % b.parts[refs[0]].price])
    for e in b.extras:
        rows.append([e.ref, e.qty, e.value, "(not on the board)", e.mpn, e.second_source, "%.2f" % e.price])
    return rows


def summary(b):
    """board/README.md's figures (markdown lines), generated: the test
    checks that the README shows these."""
    pads = [p for ref in b.parts for p in b.pads(ref)]
    parts_usd = sum(p.price for p in b.parts.values())
    extras_usd = sum(e.price * e.qty for e in b.extras if not e.ref.startswith("BAT"))
    cells_usd = sum(e.price * e.qty for e in b.extras if e.ref.startswith("BAT"))
    return "\n".join([
        "| figure | value |", "|---|---|",
        "| board | %g x %g mm, %g mm thick, 2 layers, corners r %g mm, %d M3 holes |"
        % (b.width, b.height, b.thickness, b.corner_radius, len(b.holes)),
        "| parts on the board | %d (%d through-hole pads) |" % (len(b.parts), len(pads)),
        "| bought besides | %s |" % ", ".join("%d x %s" % (e.qty, e.value) for e in b.extras),
        "| nets | %d |" % len(b.nets),
        "| parts, estimate | US$ %.2f on the board + US$ %.2f holder and sockets + US$ %.2f cells |"
        % (parts_usd, extras_usd, cells_usd)]) + "\n"


def pos_rows(b):
    rows = [["Ref", "Val", "Package", "PosX", "PosY", "Rot", "Side"]]
    for ref in sorted(b.parts, key=ref_key):
        p = b.parts[ref]
        rows.append([ref, p.value, p.fp_name, "%.4f" % p.x, "%.4f" % (b.height - p.y),
                     "%.1f" % p.rot, "top" if p.side == "F" else "bottom"])
    return rows


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    print("board-files: %s" % os.path.relpath(path, board_data.ROOT))


def main(argv):
    if argv == ["--summary"]:
        sys.stdout.write(summary(board_data.load()))
        return 0
    if len(argv) != 1:
        print("usage: board_files.py OUTDIR | --summary", file=sys.stderr)
        return 2
    try:
        b = board_data.load()
    except board_data.BoardError as e:
        print("board-files: %s" % e, file=sys.stderr)
        return 1
    out = argv[0]
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, b.name + ".net"), netlist_text(b))
    write(os.path.join(out, b.name + "-bom.csv"), csv_text(bom_rows(b)))
    write(os.path.join(out, b.name + "-pos.csv"), csv_text(pos_rows(b)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
