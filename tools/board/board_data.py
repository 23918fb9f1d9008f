#!/usr/bin/env python3
"""board_data.py - the handheld's electrical description, loaded.

Everything about the board (the netlist, the schematic drawing, the BOM, the
pick-and-place, the KiCad board, the case, the checks) reads it through this
module, so the board is written down once: board/handheld/handheld.toml, plus
the MCU's firmware pins from board/nano.h.

    import board_data
    b = board_data.load()              # or load(toml_path, nano_h_path)
    b.parts["U1"].nets["17"]           # -> "SPI_MOSI"
    b.pad_xy("U1", "17")               # -> (x, y) in mm, board coordinates
    b.nets["SPI_MOSI"]                 # -> [("J2", "4"), ("U1", "17"), ("U2", "1")]

Schema (fields are only ever ADDED, never renamed):

Board (load() returns one)
    name, title, rev           "nim-handheld", "Nim handheld", "A"
    width, height              board size, mm; the outline is the rectangle
                               (0, 0)-(width, height) with corners rounded
    corner_radius, thickness   mm
    grid                       placement grid, mm (1.27)
    track, clearance, power_track   design rules, mm
    power_nets                 the supply nets (routed with power_track)
    library, library_dir       our footprint library's nickname and folder
    holes                      [Hole]: ref, x, y, drill, footprint (mounting)
    hole_screw                 the screw the holes take
    parts                      {ref: Part}, in the file's order
    extras                     [Extra]: bought, not placed (holder, sockets,
                               cells): ref, value, mpn, second_source, qty,
                               price
    chips                      {chip name: Chip}
    nets                       {net: [(ref, pin), ...]} sorted
    signals                    {firmware signal: Signal} from board/nano.h
    footprint_dims             {our footprint name: {dimension: value}}
    power                      {key: value}: the [power] table as written (the
                               supply model of tools/board/power.py)
    data                       the parsed handheld.toml, as read (the sources
                               check of tools/board/facts.py walks it)
    ratings                    {ref: {key: value}}: the [rating.REF] tables,
                               the parts' ratings power.py checks against
    decoupling                 [Decoupling]: chip, pin, cap, max_mm (the
                               capacitor's pad on the pin's net at most
                               max_mm from the pin)
    outline()                  [(x, y)] corners of the outline (no rounding)
    pad_xy(ref, pin)           absolute pad centre, mm
    pads(ref)                  [Pad] of the part, absolute positions
    center(ref)                mean of the part's pads: the middle of a
                               button, the matrix, the header (for the case)

Part
    ref, value, footprint ("Lib:Name"), fp_lib, fp_name, mpn, second_source
    price                      US dollars a piece, one-off (an estimate)
    x, y, rot, side            footprint origin (mm), degrees CCW, "F"/"B"
    height                     mm above the board as soldered (the case's
                               lid clears it), or None
    chip                       name of its Chip, or None
    group                      its block on the schematic ("MCU", "Power" ...)
    nets                       {pin number (str): net}; missing = unconnected
    pin_names                  {pin number (str): name} (chips, headers)
    from_nano_h                {pin number (str): signal} set from board/nano.h

Chip
    name, pins [names], power, ground, must_connect, nc (pin numbers), rail
    pin_number(name)           "PB3" -> 17 (a name before or after a "/")

Signal (board/nano.h; UART and MISO are the chip's fixed USART0/SPI pins)
    name ("SPI_MOSI", "BTN_UP", "PIEZO", "UART_RX" ...), port ("B"), bit (3)
    net                        the net name (= name)

Pad
    ref, pin, x, y (absolute), w, h, drill, shape, net

Errors in the data raise BoardError with a line that names the part, the pin
or the file; the command line prints it and exits 1:
    tools/board/board_data.py [--toml FILE] [--nano FILE]   (a summary)
"""
import math
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TOML = os.path.join(ROOT, "board", "handheld", "handheld.toml")
DEFAULT_NANO = os.path.join(ROOT, "board", "nano.h")
KICAD_FOOTPRINTS = os.environ.get("KICAD_FOOTPRINTS", "/usr/share/kicad/footprints")

# Firmware signals that board/nano.h places: (signal, port macro, bit macro).
NANO_SIGNALS = [
    ("SPI_MOSI", "BOARD_SPI_PORT", "BOARD_SPI_MOSI"),
    ("SPI_SCK", "BOARD_SPI_PORT", "BOARD_SPI_SCK"),
    ("SPI_CS", "BOARD_SPI_PORT", "BOARD_SPI_CS"),
    ("BTN_UP", "BOARD_BTN_PORT", "BOARD_BTN_UP"),
    ("BTN_DOWN", "BOARD_BTN_PORT", "BOARD_BTN_DOWN"),
    ("BTN_LEFT", "BOARD_BTN_PORT", "BOARD_BTN_LEFT"),
    ("BTN_RIGHT", "BOARD_BTN_PORT", "BOARD_BTN_RIGHT"),
    ("BTN_A", "BOARD_BTN_PORT", "BOARD_BTN_A"),
    ("BTN_B", "BOARD_BTN_PORT", "BOARD_BTN_B"),
    ("PIEZO", "BOARD_PIEZO_PORT", "BOARD_PIEZO_PIN"),
]
# nano.h says "PC link on USART0": the ATmega328P's USART0 is fixed to PD0
# (RXD) and PD1 (TXD) (datasheet, pin configurations).
FIXED_SIGNALS = [("UART_RX", "D", 0), ("UART_TX", "D", 1)]
# The part that carries the MCU.
MCU_REF = "U1"


class BoardError(Exception):
    """Bad board data: the message names the file, the part and the pin."""


class Chip:
    def __init__(self, name, d):
        self.name = name
        self.pins = list(d.get("pins", []))
        self.power = [int(p) for p in d.get("power", [])]
        self.ground = [int(p) for p in d.get("ground", [])]
        self.must_connect = [int(p) for p in d.get("must_connect", [])]
        self.nc = [int(p) for p in d.get("nc", [])]
        self.rail = d.get("rail")
        self.cathodes = d.get("cathodes")

    def pin_number(self, name):
        """Pin number (1-based) of a pin name, or of one of its "/" aliases."""
        for i, full in enumerate(self.pins):
            if name == full or name in full.split("/"):
                return i + 1
        raise BoardError("chip %s has no pin named %s" % (self.name, name))


class Part:
    def __init__(self, d, chips, where):
        for key in ("ref", "value", "footprint", "x", "y"):
            if key not in d:
                raise BoardError("%s: a part without '%s' (%r)" % (where, key, d.get("ref", "?")))
        self.ref = d["ref"]
        self.value = d["value"]
        self.footprint = d["footprint"]
        if ":" not in self.footprint:
            raise BoardError("%s: %s: footprint %r is not Lib:Name" % (where, self.ref, self.footprint))
        self.fp_lib, self.fp_name = self.footprint.split(":", 1)
        self.mpn = d.get("mpn", "")
        self.second_source = d.get("second_source", "")
        self.price = float(d.get("price", 0))
        self.x, self.y = float(d["x"]), float(d["y"])
        self.rot = float(d.get("rot", 0)) % 360
        self.side = d.get("side", "F")
        self.height = float(d["height"]) if "height" in d else None
        if self.side not in ("F", "B"):
            raise BoardError("%s: %s: side %r is not F or B" % (where, self.ref, self.side))
        self.chip = d.get("chip")
        self.group = d.get("group", "Other")
        if self.chip is not None and self.chip not in chips:
            raise BoardError("%s: %s: unknown chip %r" % (where, self.ref, self.chip))
        self.nets = {}
        for pin, net in d.get("nets", {}).items():
            if not isinstance(net, str) or not net:
                raise BoardError("%s: %s pin %s: net %r is not a name" % (where, self.ref, pin, net))
            self.nets[str(pin)] = net
        names = chips[self.chip].pins if self.chip else d.get("pin_names", [])
        self.pin_names = {str(i + 1): n for i, n in enumerate(names)}
        self.nets_from = d.get("nets_from")
        self.from_nano_h = {}


class Extra:
    def __init__(self, d):
        self.ref = d["ref"]
        self.value = d["value"]
        self.mpn = d.get("mpn", "")
        self.second_source = d.get("second_source", "")
        self.qty = int(d.get("qty", 1))
        self.price = float(d.get("price", 0))


class Hole:
    def __init__(self, d, spec):
        self.ref = d["ref"]
        self.x, self.y = float(d["x"]), float(d["y"])
        self.drill = float(d.get("drill", spec.get("drill", 3.2)))
        self.footprint = d.get("footprint", spec.get("footprint"))


class Decoupling:
    def __init__(self, d):
        self.chip, self.pin, self.cap = d["chip"], str(d["pin"]), d["cap"]
        self.max_mm = float(d["max_mm"])


class Signal:
    def __init__(self, name, port, bit):
        self.name = self.net = name
        self.port, self.bit = port, bit

    @property
    def pin_name(self):
        return "P%s%d" % (self.port, self.bit)


class Pad:
    def __init__(self, ref, pin, x, y, w, h, drill, shape, net):
        self.ref, self.pin, self.x, self.y = ref, pin, x, y
        self.w, self.h, self.drill, self.shape, self.net = w, h, drill, shape, net


def nano_defines(path):
    """The #define NAME VALUE lines of a C header: {NAME: 'VALUE'}."""
    try:
        text = open(path).read()
    except OSError as e:
        raise BoardError("%s: cannot read (%s)" % (path, e.strerror))
    defs = {}
    for m in re.finditer(r"^\s*#\s*define\s+(\w+)\s+([^\s/]+)", text, re.M):
        defs[m.group(1)] = m.group(2)
    return defs


def nano_signals(path, defs):
    """{signal: Signal} for the firmware pins board/nano.h (path, read into
    defs by nano_defines) places."""
    out = {}
    for name, port_macro, bit_macro in NANO_SIGNALS:
        if port_macro not in defs or bit_macro not in defs:
            raise BoardError("%s: %s or %s not defined" % (path, port_macro, bit_macro))
        port = defs[port_macro]
        if not re.fullmatch(r"'[A-D]'", port):
            raise BoardError("%s: %s is %s, not a port letter 'A'..'D'" % (path, port_macro, port))
        if not re.fullmatch(r"[0-7]", defs[bit_macro]):
            raise BoardError("%s: %s is %s, not a bit 0..7" % (path, bit_macro, defs[bit_macro]))
        out[name] = Signal(name, port[1], int(defs[bit_macro]))
    for name, port, bit in FIXED_SIGNALS:
        out[name] = Signal(name, port, bit)
    return out


_PAD_RE = re.compile(r'\(pad\s+"([^"]*)"\s+(\w+)\s+(\w+)\s+\(at\s+([-\d.]+)\s+([-\d.]+)(?:\s+[-\d.]+)?\)'
                     r'\s+\(size\s+([-\d.]+)\s+([-\d.]+)\)(?:\s+\(drill\s+(?:oval\s+)?([-\d.]+))?')
_FP_CACHE = {}


def footprint_path(lib, name, board=None):
    if board is not None and lib == board.library:
        return os.path.join(ROOT, board.library_dir, name + ".kicad_mod")
    return os.path.join(KICAD_FOOTPRINTS, lib + ".pretty", name + ".kicad_mod")


def footprint_pads(path):
    """[(pin, x, y, w, h, drill, shape)] of a .kicad_mod, footprint coordinates."""
    if path not in _FP_CACHE:
        try:
            text = open(path).read()
        except OSError:
            raise BoardError("footprint %s not found (Debian's kicad-footprints, or make board-footprints)"
                             % os.path.relpath(path, ROOT) if path.startswith(ROOT) else path)
        pads = []
        for m in _PAD_RE.finditer(text):
            pin, _kind, shape, x, y, w, h, drill = m.groups()
            pads.append((pin, float(x), float(y), float(w), float(h), float(drill or 0), shape))
        _FP_CACHE[path] = pads
    return _FP_CACHE[path]


def place(x0, y0, rot, lx, ly, side="F"):
    """Board position of a footprint point: KiCad rotates counter-clockwise
    on screen (y down), and a bottom-side part is mirrored in x first."""
    if side == "B":
        lx = -lx
    a = math.radians(rot)
    c, s = math.cos(a), math.sin(a)
    return (round(x0 + lx * c + ly * s, 4), round(y0 - lx * s + ly * c, 4))


class Board:
    def pads(self, ref):
        p = self.parts[ref]
        out = []
        for pin, lx, ly, w, h, drill, shape in footprint_pads(footprint_path(p.fp_lib, p.fp_name, self)):
            x, y = place(p.x, p.y, p.rot, lx, ly, p.side)
            out.append(Pad(ref, pin, x, y, w, h, drill, shape, p.nets.get(pin)))
        return out

    def pad_xy(self, ref, pin):
        for pad in self.pads(ref):
            if pad.pin == str(pin):
                return (pad.x, pad.y)
        raise BoardError("%s has no pad %s in %s" % (ref, pin, self.parts[ref].footprint))

    def center(self, ref):
        ps = [p for p in self.pads(ref) if p.pin]
        return (round(sum(p.x for p in ps) / len(ps), 3), round(sum(p.y for p in ps) / len(ps), 3))

    def outline(self):
        return [(0.0, 0.0), (self.width, 0.0), (self.width, self.height), (0.0, self.height)]


def _nets_of(parts):
    nets = {}
    for p in parts.values():
        for pin, net in p.nets.items():
            nets.setdefault(net, []).append((p.ref, pin))
    return {n: sorted(v, key=lambda rp: (rp[0], int(rp[1]) if rp[1].isdigit() else 0, rp[1]))
            for n, v in sorted(nets.items())}


def _load_board(b, d, data, where):
    """[board], the holes, the chips and our footprints' dimensions."""
    b.name, b.title, b.rev = d["name"], d["title"], d["rev"]
    b.width, b.height = float(d["width"]), float(d["height"])
    b.corner_radius = float(d.get("corner_radius", 0))
    b.thickness = float(d.get("thickness", 1.6))
    b.grid = float(d.get("grid", 1.27))
    b.track = float(d.get("track", 0.25))
    b.clearance = float(d.get("clearance", 0.2))
    b.power_track = float(d.get("power_track", b.track))
    b.power_nets = list(d.get("power_nets", []))
    b.library = d.get("library", "NimHandheld")
    b.library_dir = d.get("library_dir", "board/handheld/NimHandheld.pretty")
    spec = data.get("hole_spec", {})
    b.hole_screw = spec.get("screw", "")
    b.holes = [Hole(h, spec) for h in data.get("hole", [])]
    b.chips = {n: Chip(n, c) for n, c in data.get("chip", {}).items()}
    b.footprint_dims = dict(data.get("footprint", {}))


def load(toml_path=None, nano_h=None, data=None):
    """The Board of a handheld.toml (or of already-parsed data, for tests that
    mutate it), with U1's firmware pins from board/nano.h."""
    toml_path = toml_path or DEFAULT_TOML
    nano_h = nano_h or DEFAULT_NANO
    if data is None:
        try:
            with open(toml_path, "rb") as f:
                data = tomllib.load(f)
        except OSError as e:
            raise BoardError("%s: cannot read (%s)" % (toml_path, e.strerror))
        except tomllib.TOMLDecodeError as e:
            raise BoardError("%s: %s" % (toml_path, e))
    where = os.path.relpath(toml_path, ROOT) if os.path.isabs(toml_path) else toml_path
    b = Board()
    b.data = data
    d = data.get("board", {})
    for key in ("name", "title", "rev", "width", "height"):
        if key not in d:
            raise BoardError("%s: [board] has no '%s'" % (where, key))
    try:
        _load_board(b, d, data, where)
    except (TypeError, ValueError, AttributeError) as e:
        raise BoardError("%s: %s" % (where, e))
    b.parts = {}
    for pd in data.get("part", []):
        try:
            p = Part(pd, b.chips, where)
        except (TypeError, ValueError, AttributeError) as e:
            raise BoardError("%s: part %s: %s" % (where, pd.get("ref", "?"), e))
        if p.ref in b.parts:
            raise BoardError("%s: two parts named %s" % (where, p.ref))
        b.parts[p.ref] = p
        footprint_pads(footprint_path(p.fp_lib, p.fp_name, b))     # it exists
    b.power = dict(data.get("power", {}))
    b.ratings = {ref: dict(r) for ref, r in data.get("rating", {}).items()}
    for ref in b.ratings:
        if ref not in b.parts:
            raise BoardError("%s: [rating.%s]: no such part" % (where, ref))
    try:
        b.extras = [Extra(e) for e in data.get("extra", [])]
        b.decoupling = [Decoupling(d) for d in data.get("decoupling", [])]
    except KeyError as e:
        raise BoardError("%s: an [[extra]] or [[decoupling]] without %s" % (where, e))
    except (TypeError, ValueError) as e:
        raise BoardError("%s: an [[extra]] or [[decoupling]]: %s" % (where, e))
    # kept: the electrical rules check reads the buttons' active level too
    b.nano_defines = nano_defines(nano_h)
    b.signals = nano_signals(nano_h, b.nano_defines)
    mcu = b.parts.get(MCU_REF)
    if mcu is None or mcu.chip is None:
        raise BoardError("%s: no %s chip to carry the firmware pins" % (where, MCU_REF))
    chip = b.chips[mcu.chip]
    for sig in b.signals.values():
        pin = str(chip.pin_number(sig.pin_name))
        if pin in mcu.from_nano_h:
            raise BoardError("board/nano.h puts %s and %s both on %s (%s pin %s)"
                             % (mcu.from_nano_h[pin], sig.name, sig.pin_name, MCU_REF, pin))
        if pin in mcu.nets and mcu.nets[pin] != sig.net:
            raise BoardError("%s: %s pin %s (%s) is %s in the data but board/nano.h puts %s there"
                             % (where, MCU_REF, pin, sig.pin_name, mcu.nets[pin], sig.net))
        mcu.nets[pin] = sig.net
        mcu.from_nano_h[pin] = sig.name
    b.nets = _nets_of(b.parts)
    return b


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="load the handheld's data and print a summary")
    ap.add_argument("--toml", default=None)
    ap.add_argument("--nano", default=None)
    a = ap.parse_args(argv)
    try:
        b = load(a.toml, a.nano)
        pads = sum(len(b.pads(r)) for r in b.parts)
    except BoardError as e:
        print("board: %s" % e, file=sys.stderr)
        return 1
    print("%s rev %s: %.1f x %.1f mm, %d parts on the board (+%d bought), %d nets, %d pads, %d holes"
          % (b.title, b.rev, b.width, b.height, len(b.parts), sum(e.qty for e in b.extras),
             len(b.nets), pads, len(b.holes)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
