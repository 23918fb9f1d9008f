#!/usr/bin/env python3
"""facts.py [before] - where the board's figures from outside come from.

Every figure that handheld.toml takes from a part's maker or from a
standard (the power model's thresholds and ratings, the RSET table, the
cells' curves, our footprints' dimensions, the chips' pin orders) names a
[source.NAME]: a string "source" for a whole table, or a "source" table
with a name per key. Keys listed in a table's "chosen" are the board's own
choices and need none.

  problems(data)   every figure without a source, an unknown source name,
                   a source short of what its kind needs (primary: one
                   document; secondary: two that agree; unverified: a
                   check), a source no figure names
  before(data)     board/README.md's "Before you order" list: the figures
                   that rest on less than a maker's document, and how to
                   check each on the part in hand

  facts.py before  prints that list (make test-board compares the README's)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402

KINDS = ("primary", "secondary", "unverified")
META = ("source", "chosen", "description", "name")


def _is_figure(v):
    return (isinstance(v, (int, float)) and not isinstance(v, bool)) or isinstance(v, list)


def _figures(table, where):
    """[(where.key, source name or None)] of a table's figures."""
    src, chosen, out = table.get("source"), table.get("chosen", []), []
    for key, v in table.items():
        if key in META or key in chosen or isinstance(v, dict) or not _is_figure(v):
            continue
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            continue
        name = src if isinstance(src, str) else (src or {}).get(key)
        out.append(("%s.%s" % (where, key), name))
    return out


def figures(data):
    """[(figure, source name or None)] of every table that holds figures
    from outside."""
    out = []
    power = data.get("power", {})
    out += _figures(power, "power")
    if "rset_table" in power:
        out += _figures(power["rset_table"], "power.rset_table")
    for i, cells in enumerate(power.get("cells", [])):
        out += _figures(cells, "power.cells[%d]" % i)
    for group in ("rating", "footprint", "chip"):
        for name, table in data.get(group, {}).items():
            out += _figures(table, "%s.%s" % (group, name))
    return out


def problems(data):
    srcs, out, used = data.get("source", {}), [], set()
    for fig, name in figures(data):
        if name is None:
            out.append("%s has no source" % fig)
        elif name not in srcs:
            out.append("%s names source %r, which handheld.toml does not have" % (fig, name))
        else:
            used.add(name)
    for name, s in sorted(srcs.items()):
        kind, refs, check = s.get("kind"), s.get("refs", []), s.get("check", "").strip()
        if kind not in KINDS:
            out.append("source %s: kind %r is not one of %s" % (name, kind, ", ".join(KINDS)))
            continue
        if any(not isinstance(r, str) or len(r.strip()) < 10 for r in refs):
            out.append("source %s: a reference that does not name a document" % name)
        need = {"primary": 1, "secondary": 2, "unverified": 0}[kind]
        if len(refs) < need:
            out.append("source %s is %s but names %d document(s), not %d" % (name, kind, len(refs), need))
        if kind != "primary" and not check:
            out.append("source %s is %s and says no check on the part in hand" % (name, kind))
        if name not in used:
            out.append("source %s: no figure names it" % name)
    return out


def before(data):
    """The "Before you order" list (markdown)."""
    srcs, figs = data.get("source", {}), figures(data)
    lines = []
    for name, s in sorted(srcs.items()):
        if s.get("kind") == "primary":
            continue
        which = sorted({f.rsplit(".", 1)[0] if f.startswith("chip.") else f for f, n in figs if n == name})
        refs = "; ".join(s.get("refs", [])) or "no published source found"
        lines.append("- **%s** (%s: %s). Figures: %s. Check: %s"
                     % (name, s["kind"], refs, ", ".join("`%s`" % w for w in which), s["check"].strip()))
    return "\n".join(lines) + "\n"


def main(argv):
    import tomllib
    try:
        with open(board_data.DEFAULT_TOML, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        print("board-facts: %s" % e, file=sys.stderr)
        return 1
    if argv[:1] == ["before"]:
        sys.stdout.write(before(data))
        return 0
    bad = problems(data)
    for p in bad:
        print("board-facts: %s" % p, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
