#!/usr/bin/env python3
"""check_wokwi.py WOKWI_DIR BOARD_DEFS - the Wokwi projects (WOKWI_DIR with
1 module, WOKWI_DIR/m4 with 4) against the board header: every part and
pin exists, every wire is one the board has, every wire the board has is
there. Wokwi itself runs only in its cloud, so the files are checked here.
It checks mutated copies too, to show that a wrong wire is caught."""
import copy
import json
import sys
import tomllib
from pathlib import Path

# Pins of each part, from wokwi-elements (arduino-nano-element.ts,
# pushbutton-element.ts, buzzer-element.ts) and Wokwi's part reference for
# the MAX7219 matrix (its supply pin is "V+", as the picture names it).
PINS = {
    "wokwi-arduino-nano": {str(n) for n in range(14)} | {f"A{n}" for n in range(8)} | {
        "GND.1", "GND.2", "GND.3", "5V", "5V.2", "3.3V", "AREF", "VIN", "RESET", "RESET.2",
        "RESET.3", "12.2", "13.2", "11.2"},
    "wokwi-max7219-matrix": {"V+", "GND", "DIN", "CS", "CLK", "V+.2", "GND.2", "DOUT", "CS.2", "CLK.2"},
    "wokwi-pushbutton": {"1.l", "2.l", "1.r", "2.r"},
    "wokwi-buzzer": {"1", "2"},
}
# Pins joined inside a part (same net whatever the wires do).
INSIDE = {
    "wokwi-arduino-nano": [("GND.1", "GND.2", "GND.3"), ("5V", "5V.2"), ("11", "11.2"),
                           ("12", "12.2"), ("13", "13.2")],
    "wokwi-pushbutton": [("1.l", "1.r"), ("2.l", "2.r")],
}
BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"]


def board_defs(path):
    d = {}
    for line in Path(path).read_text().splitlines():
        p = line.split(None, 2)
        if len(p) == 3 and p[0] == "#define":
            v = p[2].strip()
            if v.startswith("'"):
                v = v.strip("'")
            elif v.startswith('"'):
                v = v.strip('"')
            else:
                try:
                    v = int(v.rstrip("UL"), 0)
                except ValueError:
                    pass
            d[p[1]] = v
    return d


def nano_pin(port, bit):
    """Arduino Nano pin name of an ATmega328P port bit."""
    return {"D": str(bit), "B": str(8 + bit), "C": f"A{bit}"}[port]


def nets(diagram):
    """Union-find over the wires and the parts' own joins: pin -> net id."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(a, b):
        parent[find(a)] = find(b)

    for part in diagram["parts"]:
        for group in INSIDE.get(part["type"], []):
            for pin in group[1:]:
                join(f'{part["id"]}:{group[0]}', f'{part["id"]}:{pin}')
    for c in diagram["connections"]:
        join(c[0], c[1])
    return find


def check(diagram, toml, d, modules):
    """Returns a list of problems (empty: the project matches the board)."""
    bad = []
    parts = {}
    for p in diagram.get("parts", []):
        if p["id"] in parts:
            bad.append(f'part id {p["id"]} twice')
        if p["type"] not in PINS:
            bad.append(f'part {p["id"]}: unknown type {p["type"]}')
        parts[p["id"]] = p
    for c in diagram.get("connections", []):
        if len(c) < 2:
            bad.append(f"connection {c}: needs two ends")
            continue
        for end in c[:2]:
            pid, _, pin = end.partition(":")
            if pid not in parts:
                bad.append(f"wire {c[0]} - {c[1]}: no part {pid}")
            elif pin not in PINS.get(parts[pid]["type"], ()):
                bad.append(f"wire {c[0]} - {c[1]}: {parts[pid]['type']} has no pin {pin}")
    if bad:
        return bad
    by_type = {}
    for p in parts.values():
        by_type.setdefault(p["type"], []).append(p)
    for t, n in (("wokwi-arduino-nano", 1), ("wokwi-max7219-matrix", 1), ("wokwi-buzzer", 1),
                 ("wokwi-pushbutton", len(BUTTONS))):
        if len(by_type.get(t, [])) != n:
            bad.append(f"{t}: {len(by_type.get(t, []))} parts, the board has {n}")
    if bad:
        return bad
    nano = by_type["wokwi-arduino-nano"][0]["id"]
    matrix = by_type["wokwi-max7219-matrix"][0]
    piezo = by_type["wokwi-buzzer"][0]["id"]
    find = nets(diagram)
    net = lambda pid, pin: find(f"{pid}:{pin}")
    gnd = net(nano, "GND.1")

    # Every wire the board has: (end, end) pairs that must share a net.
    want = [
        ((nano, nano_pin(d["BOARD_SPI_PORT"], d["BOARD_SPI_MOSI"])), (matrix["id"], "DIN")),
        ((nano, nano_pin(d["BOARD_SPI_PORT"], d["BOARD_SPI_SCK"])), (matrix["id"], "CLK")),
        ((nano, nano_pin(d["BOARD_SPI_PORT"], d["BOARD_SPI_CS"])), (matrix["id"], "CS")),
        ((nano, "5V"), (matrix["id"], "V+")),
        ((nano, "GND.1"), (matrix["id"], "GND")),
        ((nano, nano_pin(d["BOARD_PIEZO_PORT"], d["BOARD_PIEZO_PIN"])), (piezo, "2")),
        ((nano, "GND.1"), (piezo, "1")),
    ]
    labels = {}
    for b in by_type["wokwi-pushbutton"]:
        labels.setdefault(b["attrs"].get("label", ""), []).append(b)
    for name in BUTTONS:
        found = labels.get(name, [])
        if len(found) != 1:
            bad.append(f"button {name}: {len(found)} pushbuttons labelled so")
            continue
        b = found[0]
        if b["attrs"].get("bounce") == "0":
            bad.append(f"button {name}: bounce off (the real button bounces; the firmware debounces)")
        if not b["attrs"].get("key"):
            bad.append(f"button {name}: no keyboard key")
        pin = nano_pin(d["BOARD_BTN_PORT"], d[f"BOARD_BTN_{name}"])
        # one contact to the pin, the other to GND (active low, pull-up)
        ends = [("1.l", "2.l"), ("2.l", "1.l")]
        if not any(net(nano, pin) == net(b["id"], x) and gnd == net(b["id"], y) for x, y in ends):
            bad.append(f"button {name}: not between nano:{pin} and GND")
        else:
            x, y = next((x, y) for x, y in ends if net(nano, pin) == net(b["id"], x))
            want += [((nano, pin), (b["id"], x)), ((nano, "GND.1"), (b["id"], y))]
    for (p1, q1), (p2, q2) in want:
        if net(p1, q1) != net(p2, q2):
            bad.append(f"missing wire: {p1}:{q1} - {p2}:{q2}")
    # No other joins: each signal net holds exactly the pins the board puts on it.
    allowed = {}
    for (p1, q1), (p2, q2) in want:
        allowed.setdefault(net(p1, q1), set()).update({f"{p1}:{q1}", f"{p2}:{q2}"})
    for c in diagram["connections"]:
        for end in c[:2]:
            n = find(end)
            pid, _, pin = end.partition(":")
            inside = any(pin in g and any(f"{pid}:{o}" in allowed.get(n, ()) for o in g)
                         for g in INSIDE.get(parts[pid]["type"], []))
            if end not in allowed.get(n, ()) and not inside:
                bad.append(f"wire {c[0]} - {c[1]}: {end} is on no wire of the board")
    signal_nets = [net(nano, nano_pin(d["BOARD_SPI_PORT"], d[k])) for k in
                   ("BOARD_SPI_MOSI", "BOARD_SPI_SCK", "BOARD_SPI_CS")]
    signal_nets += [net(nano, nano_pin(d["BOARD_BTN_PORT"], d[f"BOARD_BTN_{n}"])) for n in BUTTONS]
    signal_nets += [net(nano, nano_pin(d["BOARD_PIEZO_PORT"], d["BOARD_PIEZO_PIN"])), gnd, net(nano, "5V")]
    if len(set(signal_nets)) != len(signal_nets):
        bad.append("two of the board's signals (or a signal and GND/5V) are shorted together")
    a = matrix["attrs"]
    if a.get("chain", "1") != str(modules):
        bad.append(f'matrix: chain {a.get("chain", "1")}, the build has {modules} modules')
    # fc16: digit register 1 is the top row, data bit 7 the leftmost lamp
    # (board/nano.h); "parola" would mirror every module.
    if a.get("layout") != "fc16":
        bad.append(f'matrix: layout {a.get("layout", "parola")}, the board\'s modules are "fc16"')
    w = toml.get("wokwi", {})
    hexdir = "build" if modules == 1 else f"build/m{modules}"
    if w.get("version") != 1:
        bad.append("wokwi.toml: [wokwi] version must be 1")
    for k, f in (("firmware", "nim.hex"), ("elf", "nim.elf")):
        if not str(w.get(k, "")).endswith(f"{hexdir}/{f}"):
            bad.append(f"wokwi.toml: {k} = {w.get(k)!r}, the build writes {hexdir}/{f}")
    return bad


def mutants(diagram):
    """Wrong copies the check must reject: each names what is wrong."""
    for i, c in enumerate(diagram["connections"]):
        if c[0].startswith("nano:") and c[0][5:].isdigit():
            m = copy.deepcopy(diagram)
            pin = int(c[0][5:])
            m["connections"][i][0] = f"nano:{pin + 1 if pin < 13 else pin - 1}"
            yield f"{c[0]} moved to {m['connections'][i][0]}", m
    m = copy.deepcopy(diagram)
    m["connections"].pop()
    yield "a wire removed", m
    m = copy.deepcopy(diagram)
    m["connections"].append(["nano:8", "btn_up:1.r", "gray", []])
    yield "an extra wire", m
    m = copy.deepcopy(diagram)
    m["connections"][0][1] = m["connections"][0][1].split(":")[0] + ":VCC"
    yield "a pin the part does not have", m


def main():
    wokwi, defs = Path(sys.argv[1]), sys.argv[2]
    d = board_defs(defs)
    passed = failed = 0
    for sub, modules in (("", 1), ("m4", 4)):
        folder = wokwi / sub
        diagram = json.loads((folder / "diagram.json").read_text())
        toml = tomllib.loads((folder / "wokwi.toml").read_text())
        bad = check(diagram, toml, d, modules)
        if bad:
            failed += 1
            print(f"wokwi FAIL {folder}:")
            for b in bad:
                print(f"    {b}")
        else:
            passed += 1
            print(f"wokwi PASS {folder}: {len(diagram['parts'])} parts, "
                  f"{len(diagram['connections'])} wires match board/{d.get('BOARD_NAME', '?')}.h, chain {modules}")
        caught = [(what, check(m, toml, d, modules)) for what, m in mutants(diagram)]
        missed = [what for what, bad in caught if not bad]
        if missed:
            failed += 1
            print(f"wokwi FAIL {folder}: the check missed: {', '.join(missed)}")
        else:
            passed += 1
            print(f"wokwi PASS {folder}: all {len(caught)} wrong copies rejected")
    print(f"wokwi: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
