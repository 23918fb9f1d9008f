#!/usr/bin/env python3
"""power.py table | bench FIGS | check - the handheld's supply, from the
board data ([power] and [rating.*] in handheld.toml, the parts' values and
nets) and the simulator's current model (sim/current.c):

  table        board/README.md's power tables (markdown): the voltages from
               fresh cells to the cut-off, the currents, the cable's two
               ends, the worst-case currents against each part's rating
  bench FIGS   make bench's handheld row: from the "bench current" lines
               of FIGS (the firmware's supply current at 5 V with the
               modules' RSET, sim/current.c), this board's RSET, regulator
               and cells give "bench battery ... board=handheld ..."
  check        the problems() below, one a line; exit 1 if any

The model, worst case throughout: a diode drops its data sheet's maximum
forward voltage, the fuse its resistance after a trip. The regulator
sleeps when EN, VIN x R / (R + 100k), falls under 0.70 V and runs again
over 0.80 V (its product page), so it stops at VIN = 0.70 x (100k + R) / R
and restarts 14 % higher. The segment current is the MAX7219 data sheet's
RSET table, interpolated at the matrix's forward voltage (columns) and in
1/RSET between its rows (the current is 100 x the current into ISET)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402

CURRENT_C = os.path.join(board_data.ROOT, "sim", "current.c")
E96 = [100, 102, 105, 107, 110, 113, 115, 118, 121, 124, 127, 130, 133, 137, 140, 143, 147, 150, 154, 158,
       162, 165, 169, 174, 178, 182, 187, 191, 196, 200, 205, 210, 215, 221, 226, 232, 237, 243, 249, 255,
       261, 267, 274, 280, 287, 294, 301, 309, 316, 324, 332, 340, 348, 357, 365, 374, 383, 392, 402, 412,
       422, 432, 442, 453, 464, 475, 487, 499, 511, 523, 536, 549, 562, 576, 590, 604, 619, 634, 649, 665,
       681, 698, 715, 732, 750, 768, 787, 806, 825, 845, 866, 887, 909, 931, 953, 976]


def ohms(value):
    """'22k' -> 22000.0, '100' -> 100.0, '4k7' -> 4700.0"""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([kM]?)(\d*)", value)
    if not m:
        raise board_data.BoardError("resistor value %r is not like 22k, 4k7 or 100" % value)
    mult = {"": 1, "k": 1e3, "M": 1e6}[m.group(2)]
    return float(m.group(1) + ("." + m.group(3) if m.group(3) else "")) * mult


def e96_nearest(kohm):
    """The E96 value (kohm) nearest to kohm, by ratio."""
    decade = 10 ** int(f"{kohm:e}".split("e")[1])
    cands = [v * decade / 100 for v in E96] + [1000 * decade / 100]
    return min(cands, key=lambda v: abs(v / kohm - 1))


def sim_constants():
    """The figures of sim/current.c this model shares: {NAME: float}."""
    text = open(CURRENT_C).read()
    out = {}
    for m in re.finditer(r"#define (\w+) \(?([\d.]+(?:e-?\d+)?)(?: \* ([\d.]+))?\)?", text):
        v = float(m.group(2)) * (float(m.group(3)) if m.group(3) else 1)
        out[m.group(1)] = v
    m = re.search(r"rset_kohm = ([\d.]+)", text)
    out["SIM_RSET_KOHM"] = float(m.group(1))
    return out


def _interp(x, xs, ys):
    for x0, x1, y0, y1 in zip(xs, xs[1:], ys, ys[1:]):
        if min(x0, x1) <= x <= max(x0, x1):
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    raise board_data.BoardError("%.3g is outside the table (%.3g-%.3g)" % (x, min(xs), max(xs)))


def rset_column(table, vf):
    """[(iseg mA, RSET kohm)] of the RSET table at an LED forward voltage vf."""
    return [(i, _interp(vf, table["vled"], row)) for i, row in zip(table["iseg_ma"], table["kohm"])]


def iseg_ma(table, vf, kohm):
    """Peak segment current for RSET kohm: linear in 1/RSET between rows,
    and as 1/RSET beyond the table's ends (100 x the current into ISET)."""
    col = sorted(rset_column(table, vf), key=lambda ir: ir[1])
    if kohm < col[0][1] or kohm > col[-1][1]:
        i, r = col[0] if kohm < col[0][1] else col[-1]
        return i * r / kohm
    return _interp(1 / kohm, [1 / r for _, r in col], [i for i, _ in col])


def rset_for(table, vf, ma):
    """The RSET (kohm) the table gives for ma at vf."""
    col = rset_column(table, vf)
    return 1 / _interp(ma, [i for i, _ in col], [1 / r for _, r in col])


class Supply:
    def __init__(self, b):
        p = b.power
        self.b, self.p, self.sim = b, p, sim_constants()
        self.rating = b.ratings
        r = ohms(b.parts[p["en_resistor"]].value) / 1e3
        k = (p["en_pullup_kohm"] + r) / r
        self.en_kohm = p["en_pullup_kohm"] + r
        self.vin_off = p["en_off_v"] * k
        self.vin_on = p["en_on_v"] * k
        self.rset_kohm = ohms(b.parts[p["rset"]].value) / 1e3
        self.cells = p.get("cells", [])
        self.iseg = iseg_ma(p["rset_table"], p["led_vf_v"], self.rset_kohm)
        sim = self.sim
        self.display_all_ma = sim["DISP_OPERATING_MA"] + self.iseg * 8 * 31 / 32
        self.load_max_ma = self.display_all_ma + sim["MCU_ACTIVE_MA"]
        self.vf = {ref: self.rating[ref]["vf_max_v"] for ref in (p["diode"], p["cable_diode"])}
        self.fuse_ohm = self.rating[p["fuse"]]["r1_max_ohm"]

    def input_ma(self, ma_5v, vin):
        """The regulator's input current (and the divider's) for ma_5v at the chips."""
        p = self.p
        return ma_5v * p["vout"] / (p["efficiency"] * vin) + p["quiescent_ma"] + vin / self.en_kohm

    def drop(self, ma):
        """Cells to the regulator's input: the fuse and D1, at ma."""
        return self.vf[self.p["diode"]] + self.fuse_ohm * ma / 1000

    def worst_ma(self):
        """From the cells at the cut-off with every lamp lit: the most they give."""
        return self.input_ma(self.load_max_ma, self.vin_off)

    def cutoff_pack(self):
        """The pack voltage at which the regulator stops, every lamp lit."""
        return self.vin_off + self.drop(self.worst_ma())

    def pack(self, cells, pct):
        """Pack voltage at pct per cent discharged (the curve, linear between points)."""
        pts = cells["curve"]
        for (p0, v0), (p1, v1) in zip(pts, pts[1:]):
            if p0 <= pct <= p1:
                return cells["count"] * (v0 + (v1 - v0) * (pct - p0) / (p1 - p0))
        return cells["count"] * pts[-1][1]

    def cutoff_pct(self, cells):
        """Per cent discharged when the pack under load reaches the cut-off."""
        want = self.cutoff_pack() / cells["count"]
        pts = cells["curve"]
        for (p0, v0), (p1, v1) in zip(pts, pts[1:]):
            if v1 <= want <= v0:
                return p0 + (p1 - p0) * (v0 - want) / (v0 - v1)
        return 100.0

    def vin_of_pack(self, vpack, ma_5v):
        """The regulator's input from a pack at vpack with ma_5v at the chips."""
        vin = vpack - self.drop(0)
        for _ in range(20):
            vin = vpack - self.drop(self.input_ma(ma_5v, vin))
        return vin

    def battery_ma(self, ma_5v, vpack):
        """Battery current for a load of ma_5v at the chips."""
        return self.input_ma(ma_5v, self.vin_of_pack(vpack, ma_5v))

    def display_ma(self, sim_display_ma):
        """The display's current with this board's segment current instead of
        the simulator's (the modules' RSET, sim/current.c)."""
        base, sim = self.sim["DISP_OPERATING_MA"], self.sim
        if sim_display_ma <= base:
            return sim_display_ma
        return base + (sim_display_ma - base) * self.iseg / (sim["DISP_ISEG_MA_KOHM"] / sim["SIM_RSET_KOHM"])

    # ---- the cable: the serial header's VCC --------------------------------
    def cable(self, v):
        """{'path', 'vin', 'chips', 'usb_ma', 'starts'} from a port at v volts:
        where the cable's diode leads (the regulator's input, or the rail)."""
        p, b = self.p, self.b
        d = b.parts[p["cable_diode"]]
        k = [pin for pin, n in d.pin_names.items() if n == "K"][0]
        a = [pin for pin, n in d.pin_names.items() if n == "A"][0]
        if d.nets.get(a) != p["cable_net"]:
            return {"path": "none", "vin": 0, "chips": 0, "usb_ma": 0, "starts": False}
        vf, out = self.vf[p["cable_diode"]], {"path": d.nets.get(k)}
        if out["path"] == p["input_net"]:
            vin = v - vf
            out.update(vin=vin, chips=p["vout"] if vin >= self.vin_off else 0.0,
                       usb_ma=self.input_ma(self.load_max_ma, vin), starts=vin >= self.vin_on)
        elif out["path"] == p["rail_net"]:
            # straight onto the chips: at full current the drop is the
            # diode's; with nothing drawn, the port's own voltage
            out.update(vin=0.0, chips=v - vf, chips_idle=v, usb_ma=self.load_max_ma, starts=True)
        else:
            out.update(vin=0.0, chips=0.0, usb_ma=0.0, starts=False)
        return out


def both(s, vpack, vport):
    """Cells at vpack and the cable at vport together: (the module's input,
    which one feeds it, the reverse voltage on the other one's diode)."""
    p = s.p
    vc = s.vin_of_pack(vpack, s.load_max_ma)
    vu = vport - s.vf[p["cable_diode"]]
    if vc >= vu:
        return vc, "cells", vc - vport
    return vu, "cable", vu - vpack


def reaches(b, start, goal):
    """Can current flow from net start to net goal? Through a diode only from
    its anode to its cathode; through a fuse, a switch or a resistor both
    ways; never through a capacitor, a chip, a connector or ground."""
    seen, todo = {start}, [start]
    while todo:
        net = todo.pop()
        if net == goal:
            return True
        for ref, pin in b.nets.get(net, []):
            p = b.parts[ref]
            name = p.pin_names.get(pin, "")
            if ref[0] == "D" and name != "A":
                continue
            if ref[0] not in "DFR" and not ref.startswith("SW"):
                continue
            for other, n in p.nets.items():
                if other == pin or n == "GND" or n in seen:
                    continue
                if ref[0] == "D" and p.pin_names.get(other) != "K":
                    continue
                seen.add(n)
                todo.append(n)
    return False


def problems(b):
    """The supply keeps both chips in their ratings from the cells and from
    the cable, and no part carries more than its rating."""
    s, p, r, out = Supply(b), b.power, b.ratings, []
    if not (max(p["display_min_v"], p["bod_max_v"]) < p["vout"] <= p["display_max_v"]):
        out.append("%.2f V at the chips is not above the brown-out's %.1f V maximum and within %.1f-%.1f V"
                   % (p["vout"], p["bod_max_v"], p["display_min_v"], p["display_max_v"]))
    want = e96_nearest(rset_for(p["rset_table"], p["led_vf_v"], p["iseg_target_ma"]))
    if abs(s.rset_kohm - want) > 1e-6:
        out.append("RSET %s is %.1f kohm; the table asks %.1f kohm (E96) for %.0f mA at %.1f V"
                   % (p["rset"], s.rset_kohm, want, p["iseg_target_ma"], p["led_vf_v"]))
    for cells in s.cells:
        per_cell = s.cutoff_pack() / cells["count"]
        if "NiMH" in cells["name"] and per_cell < 1.0:
            out.append("%s: the cut-off at %.2f V a cell over-discharges them" % (cells["name"], per_cell))
        if s.cutoff_pct(cells) < 80:
            out.append("%s: the cut-off comes at %d %% of the charge" % (cells["name"], s.cutoff_pct(cells)))
    if s.vin_on < s.vin_off + s.drop(s.worst_ma()):
        out.append("restart %.2f V: the drops vanishing when the load stops restart it (%.2f V)"
                   % (s.vin_on, s.vin_off + s.drop(s.worst_ma())))
    for v in (p["usb_min_v"], p["usb_max_v"]):
        c = s.cable(v)
        if c["path"] == p["input_net"]:
            if not c["starts"]:
                out.append("the cable at %.2f V gives %.2f V at the regulator, under its restart %.2f V"
                           % (v, c["vin"], s.vin_on))
            if c["vin"] > p["vin_max_v"]:
                out.append("the cable at %.2f V puts %.2f V on the regulator" % (v, c["vin"]))
        if not (p["bod_max_v"] < c["chips"] <= p["display_max_v"]) or \
                c.get("chips_idle", c["chips"]) > p["display_max_v"]:
            out.append("the cable at %.2f V leaves the chips at %.2f V (%s), outside %.1f-%.1f V"
                       % (v, c["chips"], c["path"], p["bod_max_v"], p["display_max_v"]))
        if c["usb_ma"] > p["usb_port_ma"]:
            out.append("the cable at %.2f V draws %.0f mA, over a port's %.0f mA" % (v, c["usb_ma"], p["usb_port_ma"]))
    fresh = max(s.pack(c, 0) for c in s.cells)
    for vpack in (fresh, s.cutoff_pack()):
        for vport in (p["usb_min_v"], p["usb_max_v"]):
            vin, feeder, rev = both(s, vpack, vport)
            if not (s.vin_off <= vin <= p["vin_max_v"]):
                out.append("cells at %.2f V and the cable at %.2f V: %.2f V at the regulator" % (vpack, vport, vin))
    cells_net = b.parts["J3"].nets.get("1")
    if reaches(b, p["cable_net"], cells_net):
        out.append("the cable (%s) reaches the cells (%s): it would charge them" % (p["cable_net"], cells_net))
    if reaches(b, cells_net, p["cable_net"]):
        out.append("the cells (%s) reach the cable (%s): they would feed the port" % (cells_net, p["cable_net"]))
    out += rating_problems(s, p, r)
    return out


def rating_problems(s, p, r):
    out, worst = [], s.worst_ma()
    fresh = max(s.pack(c, 0) for c in s.cells)
    usb = s.cable(p["usb_min_v"])["usb_ma"]
    sw, fu = r[p["switch"]], r[p["fuse"]]
    for ref, ma in ((p["diode"], worst), (p["cable_diode"], usb)):
        if ma > 1000 * r[ref]["if_avg_a"]:
            out.append("%s carries %.0f mA, over its %.1f A" % (ref, ma, r[ref]["if_avg_a"]))
        if fresh > r[ref]["vrrm_v"]:
            out.append("%s blocks %.1f V, over its %.0f V" % (ref, fresh, r[ref]["vrrm_v"]))
    if worst > 1000 * sw["pole_a"] * sw["poles"]:
        out.append("%s carries %.0f mA, over its %d x %.1f A" % (p["switch"], worst, sw["poles"], sw["pole_a"]))
    if 1000 * fu["hold_a"] < p["fuse_margin"] * worst:
        out.append("%s holds %.2f A, under %.1f x the worst case %.0f mA" % (p["fuse"], fu["hold_a"], p["fuse_margin"], worst))
    if fu["vmax_v"] < fresh:
        out.append("%s is rated %.0f V, under the fresh pack's %.1f V" % (p["fuse"], fu["vmax_v"], fresh))
    if s.load_max_ma > 1000 * r[p["regulator"]]["iout_a"]:
        out.append("%s gives %.0f mA, over its %.1f A" % (p["regulator"], s.load_max_ma, r[p["regulator"]]["iout_a"]))
    if fresh > p["vin_max_v"]:
        out.append("a fresh pack's %.1f V is over the regulator's %.0f V" % (fresh, p["vin_max_v"]))
    return out


def fmt(v):
    return "%.2f" % v


def table(b):
    s, p, r, sim = Supply(b), b.power, b.ratings, sim_constants()
    lines = ["| cells | state | pack | regulator input | at the chips |",
             "|---|---|---|---|---|"]
    for cells in s.cells:
        cut = s.cutoff_pct(cells)
        points = [("fresh", 0), ("half", 50), ("%d %% used" % round(cut * 0.9), cut * 0.9),
                  ("cut-off (%d %% used)" % round(cut), cut)]
        for name, pct in points:
            v = s.pack(cells, pct)
            vin = s.vin_of_pack(v, s.load_max_ma) if pct < cut else s.vin_off
            lines.append("| %s | %s | %s V (%s V a cell) | %s V | %s V |"
                         % (cells["name"], name, fmt(v), fmt(v / cells["count"]), fmt(vin), fmt(p["vout"])))
        lines.append("| %s | after the cut-off | under %s V | under %s V | 0 V (off) |"
                     % (cells["name"], fmt(s.cutoff_pack()), fmt(s.vin_off)))
    off = sim["DISP_SHUTDOWN_MA"] + sim["MCU_PD_MA"]
    vnom = s.cells[0]["count"] * 1.2
    worst = s.worst_ma()
    lines += ["",
              "| current | figure |", "|---|---|",
              "| segment current (RSET %s kohm, ISET to V+, LEDs at %.1f V) | %.1f mA peak, 8 segments a digit, 1/8 duty |"
              % (fmt(s.rset_kohm).rstrip("0").rstrip("."), p["led_vf_v"], s.iseg),
              "| display, every lamp lit, intensity 15 | %.0f mA at 5 V |" % s.display_all_ma,
              "| display and MCU, every lamp lit | %.0f mA at 5 V |" % s.load_max_ma,
              "| regulator quiescent (no load) | under %s mA (product page; measure yours) |" % p["quiescent_ma"],
              "| low-battery divider (100 kohm + %s) | %.0f uA at %s V |"
              % (b.parts[p["en_resistor"]].value, 1000 * vnom / s.en_kohm, fmt(vnom)),
              "| power switch off | 0 uA: the switch opens the battery; D1 keeps the cable out of the cells |",
              "| auto-off (MCU power-down, MAX7219 shut down) | %.2f mA at the battery (%.3f mA at 5 V) |"
              % (s.battery_ma(off, vnom), off),
              "| after the cut-off, switch on | %.0f uA (the module asleep, the divider) |"
              % (1000 * s.vin_off / s.en_kohm),
              "| cut-off / restart at the regulator input | %s V / %s V |" % (fmt(s.vin_off), fmt(s.vin_on)),
              "", "| cable (serial header VCC) | port | regulator input | at the chips | from the port |",
              "|---|---|---|---|---|"]
    for v in (p["usb_min_v"], p["usb_max_v"]):
        c = s.cable(v)
        lines.append("| through %s to %s, every lamp lit | %s V | %s V or more | %s V | %.0f mA |"
                     % (p["cable_diode"], c["path"], fmt(v), fmt(c["vin"]), fmt(c["chips"]), c["usb_ma"]))
    fresh = max(s.pack(c, 0) for c in s.cells)
    lines += ["", "| cells and cable (%s V port), every lamp lit | pack | regulator input | fed by | "
              "at the chips | the other diode blocks |" % fmt(p["usb_max_v"]), "|---|---|---|---|---|---|"]
    for vpack, state in ((fresh, "fresh"), (s.cutoff_pack(), "at the cut-off")):
        vin, feeder, rev = both(s, vpack, p["usb_max_v"])
        lines.append("| cells %s | %s V | %s V | the %s | %s V | %s V |"
                     % (state, fmt(vpack), fmt(vin), feeder, fmt(p["vout"]), fmt(rev)))
    sw, fu, d1 = r[p["switch"]], r[p["fuse"]], r[p["diode"]]
    usb = s.cable(p["usb_min_v"])["usb_ma"]
    lines += ["", "| worst case | current | rating |", "|---|---|---|",
              "| cells at the cut-off (%s V in), every lamp lit: %s, %s, %s | %.0f mA | fuse hold %.2f A (trip %.2f A); "
              "switch %d x %.1f A; diode %.1f A |"
              % (fmt(s.vin_off), p["fuse"], p["switch"], p["diode"], worst, fu["hold_a"], fu["trip_a"],
                 sw["poles"], sw["pole_a"], d1["if_avg_a"]),
              "| regulator output, every lamp lit | %.0f mA | %.1f A |" % (s.load_max_ma, r[p["regulator"]]["iout_a"]),
              "| cable at %s V, every lamp lit: %s and the port | %.0f mA | diode %.1f A; port %.0f mA |"
              % (fmt(p["usb_min_v"]), p["cable_diode"], usb, r[p["cable_diode"]]["if_avg_a"], p["usb_port_ma"])]
    return "\n".join(lines) + "\n"


def bench(b, figs):
    s = Supply(b)
    cur = {}
    for line in open(figs):
        f = line.split()
        if len(f) > 2 and f[0] == "bench" and f[1] == "current":
            kv = dict(x.split("=", 1) for x in f[2:] if "=" in x)
            cur[kv["state"]] = (float(kv["mcu_ma"]) + s.display_ma(float(kv["display_ma"])) + float(kv["piezo_ma"]))
    if not all(k in cur for k in ("playing", "menu", "off")):
        raise board_data.BoardError("%s: no bench current lines for playing, menu and off" % figs)
    out = []
    for cells in s.cells:
        vnom = cells["count"] * 1.2 if cells["curve"][0][1] < 1.5 else cells["count"] * 1.25
        ma = {k: s.battery_ma(v, vnom) for k, v in cur.items()}
        usable = cells["mah"] * s.cutoff_pct(cells) / 100
        out.append("bench battery cells=%s mah=%d board=handheld play_h=%.1f menu_h=%.1f off_days=%.1f "
                   "play_ma=%.2f off_ma=%.4f" % (re.sub(r"[^A-Za-z0-9.-]+", "-", cells["name"]).strip("-"),
                                                  cells["mah"], usable / ma["playing"], usable / ma["menu"],
                                                  usable / ma["off"] / 24, ma["playing"], ma["off"]))
    return "\n".join(out) + "\n"


def main(argv):
    try:
        b = board_data.load()
        if argv[:1] == ["table"]:
            sys.stdout.write(table(b))
        elif argv[:1] == ["bench"] and len(argv) == 2:
            sys.stdout.write(bench(b, argv[1]))
        elif argv[:1] == ["check"]:
            bad = problems(b)
            for line in bad:
                print("board-power: %s" % line)
            return 1 if bad else 0
        else:
            print("usage: power.py table | bench FIGS | check", file=sys.stderr)
            return 2
    except (board_data.BoardError, KeyError, OSError) as e:
        print("board-power: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
