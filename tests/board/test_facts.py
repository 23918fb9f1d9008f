#!/usr/bin/env python3
"""test_facts.py - make test-board: the figures from outside and the power
path, each check also on mutated copies of the data that it must refuse.

  sources   every figure from outside names a source that holds what its
            kind needs (tools/board/facts.py); board/README.md's "Before
            you order" list is the data's
  power     the power model (tools/board/power.py): both chips above the
            brown-out's maximum and under 5.5 V from the cells and from the
            cable at both ends of a USB port, RSET from the data sheet's
            table, the cable never reaching the cells, no part over its
            rating
  printed   the figures that board/README.md, board/bom.md and
            docs/performance.md print outside the generated tables are the
            model's, within 5 %"""
import copy
import os
import re
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_board as tb  # noqa: E402  (its check(), its path to tools/board)
import board_data  # noqa: E402
import facts  # noqa: E402
import power  # noqa: E402

ROOT, check, part = tb.ROOT, tb.check, tb.part


def load(data):
    try:
        return board_data.load(data=data), None
    except board_data.BoardError as e:
        return None, str(e)


def mutated(data, mutate):
    d = copy.deepcopy(data)
    mutate(d)
    return d


def set_nets(ref, nets):
    return lambda d: part(d, ref)["nets"].update(nets)


def set_value(ref, value):
    return lambda d: part(d, ref).update(value=value)


def printed(b, text_of):
    """[(file, what, printed, model)] of the figures printed in prose."""
    s, p = power.Supply(b), b.power
    c_lo = s.cable(p["usb_min_v"])
    rules = [
        ("board/README.md", r"RSET R2 = ([\d.]+) k", "RSET, kohm", s.rset_kohm),
        ("board/README.md", r"about ([\d.]+) mA a segment", "segment current, mA", s.iseg),
        ("board/README.md", r"about ([\d.]+) mA with every lamp lit", "display, every lamp lit, mA",
         s.display_all_ma),
        ("board/README.md", r"cut-off at ([\d.]+) V at the module's input", "cut-off, V", s.vin_off),
        ("board/README.md", r"a restart at ([\d.]+) V", "restart, V", s.vin_on),
        ("board/README.md", r"at least ([\d.]+) V at the regulator's input from a 4\.75 V port",
         "cable at 4.75 V, regulator input, V", c_lo["vin"]),
        ("board/README.md", r"draws at most ([\d.]+) mA from the port", "cable at 4.75 V, mA", c_lo["usb_ma"]),
        ("board/README.md", r"at most ([\d.]+) mA from the cells", "worst case from the cells, mA", s.worst_ma()),
        ("board/README.md", r"R2 \(([\d.]+) k\)", "RSET in the fault list, kohm", s.rset_kohm),
        ("board/README.md", r"the cells are then at ([\d.]+) V", "pack at the cut-off, V", s.cutoff_pack()),
        ("board/README.md", r"\(([\d.]+) V a cell\) with every lamp lit", "a cell at the cut-off, V",
         s.cutoff_pack() / 4),
        ("board/README.md", r"no drop at all \(([\d.]+) V a cell\)", "a cell at the cut-off, no drop, V",
         s.vin_off / 4),
        ("board/README.md", r"through D2 \(([\d.]+) V at the module\)", "cable at 4.75 V, regulator input, V",
         c_lo["vin"]),
    ]
    out = []
    for path, rx, what, model in rules:
        found = re.findall(rx.replace(" ", r"\s+"), text_of(path))
        out.append((path, what, [float(x) for x in found], model))
    return out


def printed_problems(b, text_of):
    bad = []
    for path, what, values, model in printed(b, text_of):
        if not values:
            bad.append("%s does not print the %s (%.3g in the model)" % (path, what, model))
        for v in values:
            if abs(v - model) > 0.05 * abs(model):
                bad.append("%s prints %s %.3g, the model %.3g (over 5 %%)" % (path, what, v, model))
    return bad


def perf_rows_problems(b, doc):
    """docs/performance.md's handheld battery rows are power.bench's over the
    supply currents that the same file prints."""
    text = open(os.path.join(ROOT, doc)).read()
    figs = []
    for m in re.finditer(r"^\| (playing|menu|off) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$", text, re.M):
        figs.append("bench current state=%s mcu_ma=%s display_ma=%s piezo_ma=%s led_usb_ma=%s"
                    % m.groups())
    path = os.path.join(ROOT, "build", "tests", "board", "perf.figs")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(figs) + "\n")
    bad = []
    for line in power.bench(b, path).splitlines():
        kv = dict(x.split("=", 1) for x in line.split()[2:])
        m = re.search(r"^\| %s \| [\d,]+ \| handheld \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$"
                      % re.escape(kv["cells"]), text, re.M)
        if not m:
            bad.append("%s has no handheld row for %s" % (doc, kv["cells"]))
            continue
        for got, key in zip(m.groups(), ("play_h", "menu_h", "off_days", "play_ma", "off_ma")):
            if abs(float(got) - float(kv[key])) > 0.05 * float(kv[key]):
                bad.append("%s: handheld %s %s is %s, the model %s" % (doc, kv["cells"], key, got, kv[key]))
    return bad


def main():
    with open(board_data.DEFAULT_TOML, "rb") as f:
        data = tomllib.load(f)
    b = board_data.load()
    s = power.Supply(b)
    readme = lambda path: open(os.path.join(ROOT, path)).read()

    # ---- the real board passes ---------------------------------------------
    for p in facts.problems(data):
        check(False, "sources: %s" % p)
    check(len(facts.figures(data)) > 60, "the sources check sees the figures (%d)" % len(facts.figures(data)))
    for p in power.problems(b):
        check(False, "power: %s" % p)
    for p in printed_problems(b, readme) + perf_rows_problems(b, "docs/performance.md"):
        check(False, "printed: %s" % p)
    print("test-board: RSET %s: %.1f mA a segment, %.0f mA every lamp lit; worst case %.0f mA from the cells "
          "at the cut-off, %.0f mA from a 4.75 V port" % (b.parts["R2"].value, s.iseg, s.display_all_ma,
                                                         s.worst_ma(), s.cable(4.75)["usb_ma"]))

    # ---- the sources check refuses ------------------------------------------
    src_mutations = [
        ("a figure without a source", lambda d: d["power"]["source"].pop("en_off_v")),
        ("a footprint dimension without a source",
         lambda d: d["footprint"]["LED_Matrix_8x8_32mm_1088AS"]["source"].pop("row_spacing")),
        ("a new figure no one sourced", lambda d: d["power"].update(esr_ohm=0.1)),
        ("a chip's pin order without a source", lambda d: d["chip"]["S9V11F5"].pop("source")),
        ("a rating without a source", lambda d: d["rating"]["F1"].pop("source")),
        ("a source name that does not exist", lambda d: d["power"]["source"].update(bod_v="atmel")),
        ("a secondary source with one document",
         lambda d: d["source"]["matrix-drawing"].update(kind="secondary")),
        ("a primary source with no document", lambda d: d["source"]["1n5817"].update(refs=[])),
        ("an unverified source without a check", lambda d: d["source"]["matrix-vf"].pop("check")),
        ("a kind that is not one", lambda d: d["source"]["usb2"].update(kind="datasheet")),
    ]
    for what, mutate in src_mutations:
        check(len(facts.problems(mutated(data, mutate))) > 0, "sources catches: %s" % what)
    d = mutated(data, lambda d: d["source"]["matrix-vf"].update(check="measure it"))
    check(facts.before(d) != facts.before(data), "the Before you order list follows the data")

    # ---- the power model refuses ---------------------------------------------
    pw_mutations = [
        ("the cable straight onto the chips through D2 (4.75 V port: under the brown-out)",
         set_nets("D2", {"1": "+5V"})),
        ("a cable diode of 0.6 V: a 4.75 V port no longer starts the regulator",
         lambda d: d["rating"]["D2"].update(vf_max_v=0.6)),
        ("D2 turned round: the cells feed the port", set_nets("D2", {"1": "VUSB", "2": "VIN"})),
        ("D2 into the cells' side of D1: the cable charges the cells", set_nets("D2", {"1": "VBAT_SW"})),
        ("RSET 24k, not the table's 28.0k for 20 mA", set_value("R2", "24k")),
        ("the matrix's LEDs at 2.5 V and RSET kept", lambda d: d["power"].update(led_vf_v=2.5)),
        ("a cut-off that restarts out of reach of a 4.75 V port (R5 22k)", set_value("R5", "22k")),
        ("a fuse that holds under 1.5 x the worst case", lambda d: d["rating"]["F1"].update(hold_a=0.3)),
        ("a switch of 0.1 A a pole", lambda d: d["rating"]["SW7"].update(pole_a=0.1)),
        ("a fuse whose resistance lets the cut-off restart itself",
         lambda d: d["rating"]["F1"].update(r1_max_ohm=1.2)),
        ("a 1N4148-like cable diode of 0.1 A", lambda d: d["rating"]["D2"].update(if_avg_a=0.1)),
        ("a port of 100 mA", lambda d: d["power"].update(usb_port_ma=100.0)),
        ("a 5.6 V output", lambda d: d["power"].update(vout=5.6)),
        ("a regulator rated to 5.5 V in: fresh cells with the cable over it",
         lambda d: d["power"].update(vin_max_v=5.5)),
        ("a brown-out maximum over the output", lambda d: d["power"].update(bod_max_v=5.0)),
    ]
    for what, mutate in pw_mutations:
        mb, err = load(mutated(data, mutate))
        check(mb is not None and len(power.problems(mb)) > 0, "power catches: %s%s"
              % (what, " (%s)" % err if err else ""))

    # ---- printed figures -------------------------------------------------------
    texts = {}

    def doctored(path, value):
        """The file with its segment current replaced by value."""
        text = readme(path)
        m = re.search(r"about\s+([\d.]+)\s+mA\s+a\s+segment", text)
        texts[path] = text[:m.start(1)] + value + text[m.end(1):]
        return lambda p: texts[p] if p in texts else readme(p)

    check(printed_problems(b, doctored("board/README.md", "23")),
          "printed catches: the README's segment current 15 % off")
    texts.clear()
    check(not printed_problems(b, doctored("board/README.md", "%.1f" % (s.iseg * 1.04))),
          "printed lets a figure 4 % off pass (the rule is 5 %)")
    mb, _ = load(mutated(data, set_value("R2", "30k")))
    check(printed_problems(mb, readme), "printed catches: R2 changed in the data, the README not")
    mb, _ = load(mutated(data, set_value("R2", "15k")))
    check(perf_rows_problems(mb, "docs/performance.md"),
          "printed catches: R2 changed, docs/performance.md's handheld rows not")

    print("test-board facts: %d passed, %d failed (%d figures, %d sources, %d mutations)"
          % (tb.passed, tb.failed, len(facts.figures(data)), len(data.get("source", {})),
             len(src_mutations) + len(pw_mutations)))
    return 1 if tb.failed else 0


if __name__ == "__main__":
    sys.exit(main())
