#!/usr/bin/env python3
"""test_board.py LEDMAP - make test-board: the handheld's description
checked without KiCad.

  firmware   every firmware pin of board/nano.h (SPI MOSI/SCK/CS, the six
             buttons, the piezo, UART RX/TX) on the right DIP-28 pin of the
             ATmega328P-PU (the datasheet's pinout, computed here on its
             own) and, through its net, on the right pin of the right part
  erc        tools/board/erc.py's rules: nets, pads, rails, decoupling,
             floating pins, buttons, placement
  ledmap     for every lamp, the MAX7219 DIG/SEG pins wired to it through
             the 1088AS pinout and the matrix's placement give the (row,
             column) that the simulator's model (LEDMAP, built from
             sim/max7219.c by tests/board/ledmap.c) lights
  files      the generated files are the same bytes twice; the committed
             footprints are what tools/board/footprints.py makes

Each check also runs on mutated copies of the data (or of board/nano.h)
and must fail there: a check that cannot fail is no check."""
import copy
import csv
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "board"))
import board_data  # noqa: E402
import board_files  # noqa: E402
import erc  # noqa: E402
import facts  # noqa: E402
import footprints  # noqa: E402
import power  # noqa: E402
import schematic  # noqa: E402

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL %s" % what)


def dip28_pin(port, bit):
    """ATmega328P, 28-pin PDIP pinout (datasheet, Pin Configurations)."""
    if port == "D":
        return 2 + bit if bit <= 4 else 6 + bit
    if port == "B":
        return 14 + bit if bit <= 5 else 3 + bit
    if port == "C":
        return 23 + bit if bit <= 5 else 1
    raise ValueError(port)


# The hardware each firmware pin needs (the firmware drives SPI, USART0
# and Timer1's OC1A; the buttons share PCINT2, port D): the function must
# be a name of the pin it lands on.
HARDWARE = {"SPI_MOSI": "MOSI", "SPI_SCK": "SCK", "SPI_CS": "SS", "UART_RX": "RXD",
            "UART_TX": "TXD", "PIEZO": "OC1A"}

# What each firmware net must reach besides the MCU: (part, pin name), a
# part found by its value where it has no pin names (the buttons).
ENDPOINTS = {
    "SPI_MOSI": [("U2", "DIN"), ("J2", "MOSI")],
    "SPI_SCK": [("U2", "CLK"), ("J2", "SCK")],
    "SPI_CS": [("U2", "LOAD")],
    "UART_RX": [("J1", "TXD")],      # the cable's TXD drives the MCU's RXD
    "UART_TX": [("J1", "RXD")],
    "BTN_UP": [("=UP", "1")], "BTN_DOWN": [("=DOWN", "1")], "BTN_LEFT": [("=LEFT", "1")],
    "BTN_RIGHT": [("=RIGHT", "1")], "BTN_A": [("=A", "1")], "BTN_B": [("=B", "1")],
    "PIEZO": [("R3", "1")],
}


def on_net(b, net, ref, pin_name):
    if ref.startswith("="):
        refs = [r for r, p in b.parts.items() if p.value == ref[1:]]
        return any((r, pin_name) in b.nets.get(net, []) for r in refs)
    p = b.parts.get(ref)
    if p is None:
        return False
    return any(p.pin_names.get(pin, pin) == pin_name for r, pin in b.nets.get(net, []) if r == ref)


def firmware_problems(b):
    out = []
    mcu = b.parts["U1"]
    for name, sig in b.signals.items():
        want = str(dip28_pin(sig.port, sig.bit))
        got = [pin for pin, net in mcu.nets.items() if net == sig.net]
        if got != [want]:
            out.append("%s (P%s%d) is on U1 pin %s, the DIP-28 has it on pin %s"
                       % (name, sig.port, sig.bit, "/".join(got) or "none", want))
        names = mcu.pin_names.get(want, "").split("/")
        if name in HARDWARE and HARDWARE[name] not in names:
            out.append("%s is on %s, not on the chip's %s" % (name, "/".join(names), HARDWARE[name]))
        if name.startswith("BTN_") and sig.port != "D":
            out.append("%s is on port %s: the buttons share PCINT2, port D" % (name, sig.port))
        for ref, pin_name in ENDPOINTS.get(name, []):
            if not on_net(b, sig.net, ref, pin_name):
                out.append("%s does not reach %s %s" % (sig.net, ref.lstrip("="), pin_name))
    # the piezo behind its resistor; MISO and RESET for the ISP header
    r3 = b.parts["R3"].nets.get("2")
    if not any(ref == "LS1" for ref, _ in b.nets.get(r3, [])):
        out.append("the piezo resistor R3 does not lead to LS1")
    if mcu.nets.get(str(dip28_pin("B", 4))) != "SPI_MISO" or not on_net(b, "SPI_MISO", "J2", "MISO"):
        out.append("MISO (PB4) does not reach the ISP header")
    if mcu.nets.get("1") != "RESET" or not on_net(b, "RESET", "J2", "RESET"):
        out.append("RESET (PC6, pin 1) does not reach the ISP header")
    return out


SEG_OF_BIT = ["SEG_G", "SEG_F", "SEG_E", "SEG_D", "SEG_C", "SEG_B", "SEG_A", "SEG_DP"]


def board_ledmap(b):
    """{(digit register, bit): (col, row from the top)} from the wiring: the
    MAX7219's DIG/SEG pin -> net -> the matrix's pin -> its row/column line
    -> the lamp's place on the board, through the part's rotation."""
    drv, mat = b.parts["U2"], b.parts["U3"]
    chip_pin = {n: pin for pin, n in drv.pin_names.items()}
    line_of_net = {net: mat.pin_names[pin] for pin, net in mat.nets.items()}
    cathode = b.chips[mat.chip].cathodes
    lamps = {}
    for d in range(1, 9):
        for bit in range(8):
            dig = line_of_net.get(drv.nets.get(chip_pin["DIG%d" % (d - 1)]))
            seg = line_of_net.get(drv.nets.get(chip_pin[SEG_OF_BIT[bit]]))
            if not dig or not seg or dig[0] != cathode or seg[0] == cathode:
                lamps[(d, bit)] = None
                continue
            row, col = (int(dig[1]), int(seg[1])) if cathode == "R" else (int(seg[1]), int(dig[1]))
            # the lamp in the part's frame (x right by column, y down by row)
            lamps[(d, bit)] = board_data.place(0, 0, mat.rot, col, row, mat.side)
    pts = [v for v in lamps.values() if v]
    xs, ys = sorted({round(x, 3) for x, _ in pts}), sorted({round(y, 3) for _, y in pts})
    return {k: (xs.index(round(v[0], 3)), ys.index(round(v[1], 3))) if v and len(xs) == 8 == len(ys) else None
            for k, v in lamps.items()}


def ledmap_problems(b, sim):
    got, out = board_ledmap(b), []
    for key, want in sorted(sim.items()):
        if got.get(key) != want:
            out.append("digit %d bit %d lights (col, row) %s on the board, %s in the simulator"
                       % (key[0], key[1], got.get(key), want))
    return out


def power_problems(b):
    """The supply keeps both chips in their ratings from the cells and from
    the cable, the parts within theirs (tools/board/power.py)."""
    return power.problems(b)


def readme_problems(b):
    """board/README.md shows the generated tables, as generated."""
    text = open(os.path.join(ROOT, "board", "README.md")).read()
    out = []
    for tag, want in (("summary", board_files.summary(b)), ("power table", power.table(b)),
                      ("before you order", facts.before(b.data))):
        start = text.find("-->\n", text.find("<!-- %s:" % tag))
        end = text.find("<!-- end %s -->" % tag)
        if start < 0 or end < 0 or text[start + 4:end] != want:
            out.append("board/README.md's %s is not what the data gives (regenerate it)" % tag)
    return out


def sexpr(text):
    """A KiCad s-expression file as nested lists of atoms (strings)."""
    tokens = re.findall(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()"]+', text)
    stack = [[]]
    for t in tokens:
        if t == "(":
            stack.append([])
        elif t == ")":
            if len(stack) < 2:
                raise ValueError("unbalanced )")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(t[1:-1].replace('\\"', '"') if t.startswith('"') else t)
    if len(stack) != 1:
        raise ValueError("unbalanced (")
    return stack[0]


def netlist_nets(text):
    """{net name: [(ref, pin)]} read back from the .net file."""
    (export,) = sexpr(text)
    nets = {}
    for sec in export[1:]:
        if isinstance(sec, list) and sec[0] == "nets":
            for net in sec[1:]:
                name = [x[1] for x in net[1:] if x[0] == "name"][0]
                nodes = [n for n in net[1:] if n[0] == "node"]
                nets[name] = sorted((dict((f[0], f[1]) for f in n[1:])["ref"],
                                     dict((f[0], f[1]) for f in n[1:])["pin"]) for n in nodes)
    return nets


def read_sim_map(path):
    text = subprocess.run([path], check=True, capture_output=True, text=True).stdout
    sim = {}
    for line in text.splitlines():
        d, bit, col, row = map(int, line.split())
        sim[(d, bit)] = (col, row)
    return sim


def load_mutated(data, mutate, nano_text=None):
    """(problems of every check on the mutated board, or [the loader's
    error]) ; nano_text replaces board/nano.h."""
    d = copy.deepcopy(data)
    mutate(d)
    nano = board_data.DEFAULT_NANO
    with tempfile.TemporaryDirectory() as tmp:
        if nano_text is not None:
            nano = os.path.join(tmp, "nano.h")
            with open(nano, "w") as f:
                f.write(nano_text)
        try:
            return board_data.load(data=d, nano_h=nano), None
        except board_data.BoardError as e:
            return None, str(e)


def part(d, ref):
    return [p for p in d["part"] if p["ref"] == ref][0]


def swap_nets(ref, a, c):
    def m(d):
        n = part(d, ref)["nets"]
        n[a], n[c] = n[c], n[a]
    return m


def set_field(ref, key, value):
    def m(d):
        part(d, ref)[key] = value
    return m


def set_net(ref, pin, net):
    def m(d):
        if net is None:
            del part(d, ref)["nets"][pin]
        else:
            part(d, ref)["nets"][pin] = net
    return m


def swap_mosi_miso(d):
    """The datasheet's pin table wrong (PB3 and PB4 swapped), and the MISO
    the data types moved along with it: only the DIP-28 check can tell."""
    d["chip"]["ATmega328P-PU"]["pins"][16:18] = ["PB4/MISO", "PB3/MOSI"]
    nets = part(d, "U1")["nets"]
    nets["17"] = nets.pop("18")


def main(argv):
    sim = read_sim_map(argv[0])
    with open(board_data.DEFAULT_TOML, "rb") as f:
        data = tomllib.load(f)
    nano_text = open(board_data.DEFAULT_NANO).read()
    b = board_data.load()

    # ---- the real board passes everything -------------------------------
    check(len(sim) == 64 and len(set(sim.values())) == 64, "the simulator's map has 64 distinct lamps")
    for p in firmware_problems(b):
        check(False, "firmware: %s" % p)
    check(len(b.signals) == 12, "nano.h gives 12 firmware pins (%d)" % len(b.signals))
    for name, problems in erc.run_all(b):
        check(not problems, "erc %s: %s" % (name, "; ".join(problems)))
    for p in ledmap_problems(b, sim):
        check(False, "ledmap: %s" % p)
    for p in power_problems(b) + readme_problems(b):
        check(False, "power: %s" % p)

    # ---- each check catches its mutation ---------------------------------
    fw = firmware_problems
    lm = lambda bb: ledmap_problems(bb, sim)
    e = dict(erc.CHECKS)
    mutations = [
        ("firmware", fw, "DIN and CLK swapped on the MAX7219", swap_nets("U2", "1", "13"), None),
        ("firmware", fw, "serial header TXD/RXD swapped", swap_nets("J1", "4", "5"), None),
        ("firmware", fw, "buttons A and B swapped",
         lambda d: (part(d, "SW5").update(value="B"), part(d, "SW6").update(value="A")), None),
        ("firmware", fw, "nano.h moves MOSI to PB0", lambda d: None,
         nano_text.replace("BOARD_SPI_MOSI 3", "BOARD_SPI_MOSI 0")),
        ("either", fw, "nano.h moves the buttons to port C", lambda d: None,
         nano_text.replace("BOARD_BTN_PORT 'D'", "BOARD_BTN_PORT 'C'")),
        ("firmware", fw, "the chip's pin table has MOSI and MISO swapped", swap_mosi_miso, None),
        ("loader", None, "nano.h puts BTN_UP on the UART's PD1", lambda d: None,
         nano_text.replace("BOARD_BTN_UP 2", "BOARD_BTN_UP 1")),
        ("loader", None, "the data puts a net on a pin nano.h uses", set_net("U1", "17", "AREF"), None),
        ("loader", None, "a position that is not a number", set_field("C1", "x", "left"), None),
        ("loader", None, "a footprint that is not Lib:Name", set_field("R1", "footprint", "R_Axial"), None),
        ("loader", None, "an unknown chip", set_field("U2", "chip", "MAX7221"), None),
        ("loader", None, "a footprint KiCad does not have",
         set_field("R3", "footprint", "Resistor_THT:R_Nothing"), None),
        ("loader", None, "an extra without a value", lambda d: d["extra"][0].pop("value"), None),
        ("loader", None, "nano.h without BOARD_PIEZO_PIN", lambda d: None,
         nano_text.replace("#define BOARD_PIEZO_PIN", "#define BOARD_PIEZO_PINX")),
        ("nets", e["nets"], "a button's pin unconnected", set_net("SW1", "1", None), None),
        ("pads", e["pads"], "a net on a pin the footprint has not", set_net("U3", "17", "DIG0"), None),
        ("pads", e["pads"], "C5 moved onto C4's pads", set_field("C5", "x", 78.74), None),
        ("rails", e["rails"], "MAX7219 V+ on VIN", set_net("U2", "19", "VIN"), None),
        ("rails", e["rails"], "MCU GND pin on +5V", set_net("U1", "22", "+5V"), None),
        ("decoupling", e["decoupling"], "C3 moved 10 mm away", set_field("C3", "x", 63.5), None),
        ("decoupling", e["decoupling"], "C6 between +5V and AREF", set_net("C6", "2", "AREF"), None),
        ("decoupling", e["decoupling"], "AVCC's rule dropped",
         lambda d: d["decoupling"].pop(1), None),
        ("floating", e["floating"], "ISET left open", set_net("U2", "18", None), None),
        ("buttons", e["buttons"], "LEFT switches to +5V", set_net("SW3", "2", "+5V"), None),
        ("placement", e["placement"], "SW1 off the grid", set_field("SW1", "x", 24.5), None),
        ("placement", e["placement"], "the piezo over the crystal", set_field("LS1", "x", 78.74), None),
        ("placement", e["placement"], "a pad at the edge", set_field("J3", "y", 1.27), None),
        ("data", e["data"], "a part without its height", lambda d: part(d, "Y1").pop("height"), None),
        ("data", e["data"], "+5V not among the power nets",
         lambda d: d["board"]["power_nets"].remove("+5V"), None),
        ("ledmap", lm, "DIG0 and DIG1 swapped", swap_nets("U2", "2", "11"), None),
        ("ledmap", lm, "SEG_A and SEG_B swapped", swap_nets("U2", "14", "16"), None),
        ("ledmap", lm, "the matrix turned by 90 degrees", set_field("U3", "rot", 90), None),
        ("ledmap", lm, "the matrix turned by 180 degrees", set_field("U3", "rot", 180), None),
        ("power", power_problems, "the cut-off resistor R5 at 33k: NiMH over-discharged",
         set_field("R5", "value", "33k"), None),
        ("power", power_problems, "a 5.5 V output: no margin", lambda d: d["power"].update(vout=5.6), None),
        ("readme", readme_problems, "R2 changed, the README's table not", set_field("R2", "value", "10k"), None),
        ("ledmap", lm, "a row-anode (1088BS) part", lambda d: d["chip"]["1088AS"].update(cathodes="C"), None),
    ]
    for kind, fn, what, mutate, nano in mutations:
        mb, err = load_mutated(data, mutate, nano)
        if kind == "loader" or (kind == "either" and err is not None):
            check(err is not None, "the loader rejects: %s" % what)
            continue
        if mb is None:
            check(False, "%s: %s: the loader failed (%s)" % (kind, what, err))
            continue
        check(len(fn(mb)) > 0, "%s catches: %s" % (kind, what))

    # ---- make bench's handheld rows: from the simulated currents ------------
    with tempfile.NamedTemporaryFile("w", suffix=".figs", delete=False) as f:
        f.write("bench current state=playing mcu_ma=3.0 display_ma=40.0 piezo_ma=0.0 led_usb_ma=15.0\n"
                "bench current state=menu mcu_ma=3.0 display_ma=60.0 piezo_ma=0.0 led_usb_ma=15.0\n"
                "bench current state=off mcu_ma=0.0003 display_ma=0.15 piezo_ma=0.0 led_usb_ma=15.0\n")
    try:
        rows = power.bench(b, f.name).splitlines()
        mb, _ = load_mutated(data, set_field("R2", "value", "10k"))
        rows10 = power.bench(mb, f.name).splitlines()
    finally:
        os.unlink(f.name)
    hours = lambda row: float(row.split("play_h=")[1].split()[0])
    check(len(rows) == len(b.power["cells"]) and all("board=handheld" in r for r in rows),
          "make bench gets a handheld row for each kind of cell")
    check(hours(rows[0]) > 1.5 * hours(rows10[0]), "RSET %s plays longer than 10k (%s vs %s h)"
          % (b.parts["R2"].value, hours(rows[0]), hours(rows10[0])))

    # ---- the generated files --------------------------------------------
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for run in ("a", "b"):
            d = os.path.join(tmp, run)
            os.makedirs(d)
            with open(os.devnull, "w") as null:
                old, sys.stdout = sys.stdout, null
                try:
                    board_files.main([d])
                    schematic.main([os.path.join(d, "s.svg")])
                    footprints.write_all(b, os.path.join(d, "fp"))
                finally:
                    sys.stdout = old
            outs.append(d)
        names = sorted(os.listdir(outs[0]))
        same = filecmp.cmpfiles(outs[0], outs[1], [n for n in names if n != "fp"], shallow=False)
        check(len(same[0]) == len(names) - 1, "two runs give the same files (%s differ)" % (same[1] + same[2]))
        lib = os.path.join(ROOT, b.library_dir)
        fps = sorted(os.listdir(os.path.join(outs[0], "fp")))
        same = filecmp.cmpfiles(lib, os.path.join(outs[0], "fp"), fps, shallow=False)
        check(len(same[0]) == len(fps) and sorted(os.listdir(lib)) == fps,
              "the committed footprints are the generated ones (make board-footprints): %s" % (same[1] + same[2]))
        with open(os.path.join(outs[0], b.name + "-bom.csv"), newline="") as f:
            bom_refs = [r for row in csv.DictReader(f) for r in row["References"].split()]
        check(sorted(bom_refs) == sorted(list(b.parts) + [e.ref for e in b.extras]),
              "every part and every bought extra is in the BOM, once")
        net = open(os.path.join(outs[0], b.name + ".net")).read()
        check(netlist_nets(net) == {n: sorted(v) for n, v in b.nets.items()},
              "the netlist read back has every net, each with its pins")
        broken = net.replace('(node (ref "U2") (pin "1") (pinfunction "DIN"))', "", 1)
        check(broken != net and netlist_nets(broken) != netlist_nets(net),
              "the netlist check sees a pin taken out")

    print("test-board: %d passed, %d failed (%d parts, %d nets, %d mutations)"
          % (passed, failed, len(b.parts), len(b.nets), len(mutations)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
