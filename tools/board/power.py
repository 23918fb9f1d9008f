#!/usr/bin/env python3
"""power.py table | bench FIGS - the handheld's supply, from the board data
([power] in handheld.toml, the parts' values) and the simulator's current
model (sim/current.c):

  table        board/README.md's power table (markdown): the voltage at the
               regulator's input and at the chips from fresh cells to the
               cut-off, for each kind of cell; then the currents (regulator
               quiescent, switched off, auto-off)
  bench FIGS   make bench's handheld row: from the "bench current" lines
               of FIGS (the firmware's supply current at 5 V with the
               modules' RSET, sim/current.c), this board's RSET, regulator
               and cells give "bench battery ... board=handheld ..."

The cut-off: the regulator sleeps when EN, VIN x R / (R + 100k), falls
under 0.70 V and runs again over 0.80 V (its product page), so it stops
at VIN = 0.70 x (100k + R) / R and restarts 14 % higher."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402

CURRENT_C = os.path.join(board_data.ROOT, "sim", "current.c")


def ohms(value):
    """'22k' -> 22000.0, '100' -> 100.0, '4k7' -> 4700.0"""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([kM]?)(\d*)", value)
    if not m:
        raise board_data.BoardError("resistor value %r is not like 22k, 4k7 or 100" % value)
    mult = {"": 1, "k": 1e3, "M": 1e6}[m.group(2)]
    return float(m.group(1) + ("." + m.group(3) if m.group(3) else "")) * mult


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


class Supply:
    def __init__(self, b):
        p = b.power
        self.p = p
        r = ohms(b.parts[p["en_resistor"]].value) / 1e3
        k = (p["en_pullup_kohm"] + r) / r
        self.en_kohm = p["en_pullup_kohm"] + r
        self.vin_off = p["en_off_v"] * k
        self.vin_on = p["en_on_v"] * k
        self.rset_kohm = ohms(b.parts[p["rset"]].value) / 1e3
        self.cells = p.get("cells", [])

    def pack(self, cells, pct):
        """Pack voltage at pct per cent discharged (the curve, linear between points)."""
        pts = cells["curve"]
        for (p0, v0), (p1, v1) in zip(pts, pts[1:]):
            if p0 <= pct <= p1:
                return cells["count"] * (v0 + (v1 - v0) * (pct - p0) / (p1 - p0))
        return cells["count"] * pts[-1][1]

    def cutoff_pack(self):
        """The pack voltage, under load, at which the regulator stops."""
        return self.vin_off + self.p["diode_drop_v"]

    def cutoff_pct(self, cells):
        """Per cent discharged when the pack under load reaches the cut-off
        (the curve is falling: the first point under it, interpolated)."""
        want = self.cutoff_pack() / cells["count"]
        pts = cells["curve"]
        for (p0, v0), (p1, v1) in zip(pts, pts[1:]):
            if v1 <= want <= v0:
                return p0 + (p1 - p0) * (v0 - want) / (v0 - v1)
        return 100.0

    def battery_ma(self, ma_5v, vpack):
        """Battery current for a load of ma_5v at the chips."""
        p = self.p
        vin = vpack - p["diode_drop_v"]
        return ma_5v * p["vout"] / (p["efficiency"] * vin) + p["quiescent_ma"] + vin / self.en_kohm

    def display_ma(self, sim_display_ma, sim):
        """The display's current with this board's RSET instead of the
        simulator's: the segment part scales as 1/RSET (sim/current.c)."""
        base = sim["DISP_OPERATING_MA"]
        if sim_display_ma <= base:
            return sim_display_ma
        return base + (sim_display_ma - base) * sim["SIM_RSET_KOHM"] / self.rset_kohm


def fmt(v):
    return "%.2f" % v


def table(b):
    s, p, sim = Supply(b), b.power, sim_constants()
    iseg = sim["DISP_ISEG_MA_KOHM"] / s.rset_kohm
    lines = ["| cells | state | pack | regulator input | at the chips |",
             "|---|---|---|---|---|"]
    for cells in s.cells:
        cut = s.cutoff_pct(cells)
        points = [("fresh", 0), ("half", 50), ("%d %% used" % round(cut * 0.9), cut * 0.9),
                  ("cut-off (%d %% used)" % round(cut), cut)]
        for name, pct in points:
            v = s.pack(cells, pct)
            vin = v - p["diode_drop_v"]
            lines.append("| %s | %s | %s V (%s V a cell) | %s V | %s V |"
                         % (cells["name"], name, fmt(v), fmt(v / cells["count"]), fmt(vin), fmt(p["vout"])))
        lines.append("| %s | after the cut-off | under %s V | under %s V | 0 V (off) |"
                     % (cells["name"], fmt(s.vin_off + p["diode_drop_v"]), fmt(s.vin_off)))
    off = sim["DISP_SHUTDOWN_MA"] + sim["MCU_PD_MA"]
    nimh = s.cells[0]
    vnom = nimh["count"] * 1.2
    lines += ["",
              "| current | figure |", "|---|---|",
              "| segment current (RSET %s kohm, ISET to V+) | %.1f mA peak, 8 segments a digit, 1/8 duty |"
              % (fmt(s.rset_kohm).rstrip("0").rstrip("."), iseg),
              "| display, every lamp lit, intensity 15 | %.0f mA at 5 V |"
              % (sim["DISP_OPERATING_MA"] + iseg * 8 * 31 / 32),
              "| regulator quiescent (no load) | under %s mA (product page; measure yours) |" % p["quiescent_ma"],
              "| low-battery divider (100 kohm + %s) | %.0f uA at %s V |"
              % (b.parts[p["en_resistor"]].value, 1000 * vnom / s.en_kohm, fmt(vnom)),
              "| power switch off | 0 uA: the switch opens the battery; D1 keeps USB out of the cells |",
              "| auto-off (MCU power-down, MAX7219 shut down) | %.2f mA at the battery (%.3f mA at 5 V) |"
              % (s.battery_ma(off, vnom), off),
              "| after the cut-off, switch on | %.0f uA (the module asleep, the divider) |"
              % (1000 * s.vin_off / s.en_kohm),
              "| cut-off / restart at the regulator input | %s V / %s V |" % (fmt(s.vin_off), fmt(s.vin_on))]
    return "\n".join(lines) + "\n"


def bench(b, figs):
    s, sim = Supply(b), sim_constants()
    cur = {}
    for line in open(figs):
        f = line.split()
        if len(f) > 2 and f[0] == "bench" and f[1] == "current":
            kv = dict(x.split("=", 1) for x in f[2:] if "=" in x)
            cur[kv["state"]] = (float(kv["mcu_ma"]) + s.display_ma(float(kv["display_ma"]), sim)
                                + float(kv["piezo_ma"]))
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
        else:
            print("usage: power.py table | bench FIGS", file=sys.stderr)
            return 2
    except (board_data.BoardError, KeyError, OSError) as e:
        print("board-power: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
