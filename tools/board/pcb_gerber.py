"""pcb_gerber: our own reader of the Gerber (RS-274X) and Excellon files
we send to a PCB maker, strict enough to catch a broken file.

gerber_read checks what a maker's tool relies on: the format (%FS...%) and
unit (%MO..%) given before the first coordinate, every aperture defined
(%AD%) before it is selected, draws and flashes made with an aperture
selected (or inside a region), and the file ending with M02 and nothing
after it. It returns the drawn segments, so that the outline can be checked
to be closed (gerber_closed). excellon_read returns the holes per tool.
"""
import re
from collections import Counter


class GerberError(Exception):
    """A malformed file: the message says where and what."""


COORD_RE = re.compile(r"([XYIJ])([+-]?\d+)")


def gerber_tokens(text):
    """(kind, body, line) for each command: kind "ext" for %...% blocks,
    "macro" for the primitives of an aperture macro, "word" otherwise."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c in "\r\n \t":
            line += c == "\n"
            i += 1
            continue
        if c == "%":
            j = text.find("%", i + 1)
            if j < 0:
                raise GerberError(f"line {line}: '%' block never closed")
            bodies = [b for b in text[i + 1:j].replace("\n", "").replace("\r", "").split("*") if b]
            for k, body in enumerate(bodies):
                # An aperture macro's primitives follow its name in its block.
                yield ("ext" if k == 0 or not bodies[0].startswith("AM") else "macro"), body, line
            line += text.count("\n", i, j)
            i = j + 1
            continue
        j = text.find("*", i)
        if j < 0:
            raise GerberError(f"line {line}: command '{text[i:i + 20].strip()}' has no '*' (truncated?)")
        yield "word", text[i:j].strip(), line
        line += text.count("\n", i, j)
        i = j + 1


class GerberState:
    def __init__(self):
        self.fmt = None            # (integer digits, decimal digits)
        self.unit = None
        self.apertures = {}
        self.macros = set()
        self.current = None
        self.region = False
        self.x = self.y = 0.0
        self.segments = []         # ((x0, y0), (x1, y1)) of every D01
        self.flashes = 0
        self.ended = False


def gerber_ext(st, body, line):
    if body.startswith("FS"):
        m = re.fullmatch(r"FSLA(?:X(\d)(\d)Y(\d)(\d))", body)
        if not m or m.group(1, 2) != m.group(3, 4):
            raise GerberError(f"line {line}: format '{body}' is not FSLAXnmYnm")
        st.fmt = (int(m.group(1)), int(m.group(2)))
    elif body.startswith("MO"):
        if body not in ("MOMM", "MOIN"):
            raise GerberError(f"line {line}: unit '{body}'")
        st.unit = body[2:]
    elif body.startswith("AD"):
        m = re.fullmatch(r"ADD(\d+)([A-Za-z_$.][\w.$]*)(?:,([\d.X+-]+))?", body)
        if not m:
            raise GerberError(f"line {line}: aperture definition '{body}'")
        name = m.group(2)
        if name not in ("C", "R", "O", "P") and name not in st.macros:
            raise GerberError(f"line {line}: aperture D{m.group(1)} uses undefined macro {name}")
        st.apertures[int(m.group(1))] = (name, m.group(3))
    elif body.startswith("AM"):
        st.macros.add(body[2:])
    elif body[:2] in ("TF", "TA", "TO", "TD", "LP", "LM", "LR", "LS", "SR", "IP", "OF", "SF", "IN", "LN"):
        pass
    else:
        raise GerberError(f"line {line}: unknown extended command '{body}'")


def gerber_word(st, body, line):
    if st.ended:
        raise GerberError(f"line {line}: '{body}' after M02")
    if body.startswith("G04") or body == "":
        return
    if body == "M02":
        st.ended = True
        return
    if body in ("G36", "G37"):
        st.region = body == "G36"
        return
    m = re.fullmatch(r"(G0?[123]|G7[45])?((?:[XYIJ][+-]?\d+)*)(D0*\d+)?", body)
    if not m:
        raise GerberError(f"line {line}: unknown command '{body}'")
    g, coords, d = m.groups()
    if d is not None and int(d[1:]) >= 10:
        if coords:
            raise GerberError(f"line {line}: '{body}' selects an aperture with coordinates")
        if int(d[1:]) not in st.apertures:
            raise GerberError(f"line {line}: aperture {d} selected before it is defined")
        st.current = int(d[1:])
        return
    if coords:
        if st.fmt is None or st.unit is None:
            raise GerberError(f"line {line}: a coordinate before the format (%FS) and unit (%MO)")
        scale = 10 ** st.fmt[1]
        vals = {k: int(v) / scale for k, v in COORD_RE.findall(coords)}
        x, y = vals.get("X", st.x), vals.get("Y", st.y)
        op = int(d[1:]) if d else 1
        if op in (1, 3) and st.current is None and not st.region:
            raise GerberError(f"line {line}: D0{op} with no aperture selected")
        if op == 1:
            st.segments.append(((st.x, st.y), (x, y)))
        elif op == 3:
            st.flashes += 1
        st.x, st.y = x, y


def gerber_read(text):
    """The GerberState of a well-formed file; GerberError otherwise."""
    st = GerberState()
    for kind, body, line in gerber_tokens(text):
        if kind == "macro":
            # Primitive 0 is a comment; the others are numbers and $n terms.
            if not body.startswith("0 ") and not re.fullmatch(r"[\d$.+\-/xX(),=]+", body):
                raise GerberError(f"line {line}: aperture macro primitive '{body}'")
            continue
        if kind == "ext":
            if st.ended:
                raise GerberError(f"line {line}: '%{body}%' after M02")
            gerber_ext(st, body, line)
        else:
            gerber_word(st, body, line)
    if not st.ended:
        raise GerberError("no M02 at the end (truncated?)")
    if st.fmt is None:
        raise GerberError("no format specification (%FS...%)")
    return st


def gerber_closed(st, tol=0.002):
    """True when the drawn segments form closed loops: every end point is
    shared by exactly two segment ends (arcs count by their end points)."""
    ends = Counter()
    for a, b in st.segments:
        if a == b:
            continue
        for p in (a, b):
            ends[(round(p[0] / tol), round(p[1] / tol))] += 1
    return bool(ends) and all(n == 2 for n in ends.values())


def excellon_read(text):
    """{(diameter mm rounded to 0.001): hole count} of an Excellon file."""
    lines = [ln.strip() for ln in text.splitlines()]
    if not lines or lines[0] != "M48":
        raise GerberError("Excellon file does not start with M48")
    tools, holes, current, in_header, metric = {}, Counter(), None, True, None
    for n, ln in enumerate(lines[1:], start=2):
        if not ln or ln.startswith(";"):
            continue
        if in_header:
            m = re.fullmatch(r"T(\d+)C([\d.]+)", ln)
            if m:
                tools[int(m.group(1))] = float(m.group(2))
            elif ln in ("METRIC", "INCH") or ln.startswith(("METRIC,", "INCH,")):
                metric = ln.startswith("METRIC")
            elif ln in ("%", "M95"):
                in_header = False
            continue
        m = re.fullmatch(r"T(\d+)", ln)
        if m:
            if int(m.group(1)) not in tools and int(m.group(1)) != 0:
                raise GerberError(f"line {n}: tool T{m.group(1)} is not defined")
            current = int(m.group(1))
        elif re.fullmatch(r"X[+-]?[\d.]+Y[+-]?[\d.]+", ln):
            if not current:
                raise GerberError(f"line {n}: a hole with no tool selected")
            holes[round(tools[current] * (1 if metric else 25.4), 3)] += 1
        elif ln == "M30":
            return dict(holes)
        elif ln not in ("G90", "G05", "M71", "M72", "FMAT,2"):
            raise GerberError(f"line {n}: unknown Excellon command '{ln}'")
    raise GerberError("no M30 at the end (truncated?)")
