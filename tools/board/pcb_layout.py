"""pcb_layout: the one form of a board that the PCB tools read.

A layout is a plain dict (millimetres, y down, origin at the board's top
left corner):
  name, rev        strings printed on the silkscreen ("Nim toy", "rev A")
  outline          [(x, y), ...] closed polygon of the board edge
  corner_radius    mm, rounds a rectangular outline's corners (optional)
  holes            [{"ref", "x", "y", "drill", "footprint"}] mounting holes
  libs             {"Nickname": "path/to/Lib.pretty"} our own footprints
  parts            [{"ref", "value", "footprint": "Lib:Name", "x", "y",
                     "rot" (degrees CCW), "side" ("F"/"B"),
                     "pin_labels": [{"text", "pin"}]}]
                   pin_labels: silkscreen names beside a header's pads
  nets             {"NAME": [("REF", "pad"), ...]}
  power            ["GND", ...] the nets routed with wide tracks
  rules            {"track", "clearance", "power_track"} mm (optional)
The board engineer's data is turned into this form by pcb_source (one
adapter), so everything after it is independent of the data's schema.
"""


class LayoutError(Exception):
    """A layout that cannot be built: the message names the part or net."""


def layout_check(lay):
    """Raise LayoutError on the first thing that would make a bad board."""
    for key in ("name", "rev", "outline", "parts", "nets"):
        if key not in lay:
            raise LayoutError(f"layout has no '{key}'")
    if len(lay["outline"]) < 3:
        raise LayoutError("outline needs at least 3 corners")
    refs = {}
    for p in lay["parts"]:
        for key in ("ref", "value", "footprint", "x", "y"):
            if key not in p:
                raise LayoutError(f"part {p.get('ref', '?')} has no '{key}'")
        if p["ref"] in refs:
            raise LayoutError(f"part {p['ref']} appears twice")
        if ":" not in p["footprint"]:
            raise LayoutError(f"part {p['ref']}: footprint '{p['footprint']}' is not Lib:Name")
        refs[p["ref"]] = p
    seen = {}
    for net, pins in lay["nets"].items():
        for ref, pad in pins:
            if ref not in refs:
                raise LayoutError(f"net {net}: no part {ref}")
            key = (ref, str(pad))
            if key in seen and seen[key] != net:
                raise LayoutError(f"pad {ref}.{pad} is on nets {seen[key]} and {net}")
            seen[key] = net
    for net in lay.get("power", []):
        if net not in lay["nets"]:
            raise LayoutError(f"power net {net} has no pins")
    return lay


def layout_bbox(lay):
    """(xmin, ymin, xmax, ymax) of the outline."""
    xs = [x for x, _ in lay["outline"]]
    ys = [y for _, y in lay["outline"]]
    return min(xs), min(ys), max(xs), max(ys)
