"""pcb_source: the board engineer's data (board_data.load()) as a layout.

The one place that knows board_data's schema; the rest of the PCB tools
read the layout form of pcb_layout. Nets whose names say they carry the
supply get the wide power track.
"""
import os
import board_data
from pcb_layout import layout_check

# Supply nets by name: the rails and the battery side of the switch.
POWER_NETS = ("GND", "+5V", "VIN", "VBAT", "VBAT_SW", "VUSB")
PROJECT = "Nim toy"


def source_labels(part):
    """Pin names of a connector, for the silkscreen (polarity names of the
    capacitors and diodes are already drawn by their footprints)."""
    if part.chip or not part.pin_names or not part.fp_lib.startswith("Connector"):
        return []
    return [{"text": name, "pin": pin} for pin, name in sorted(part.pin_names.items(), key=lambda kv: int(kv[0]))]


def source_layout(toml_path=None, nano_h=None):
    """The handheld as a checked layout dict."""
    b = board_data.load(toml_path, nano_h)
    parts = [{"ref": p.ref, "value": p.value, "footprint": p.footprint, "x": p.x, "y": p.y,
              "rot": p.rot, "side": p.side, "pin_labels": source_labels(p)}
             for p in b.parts.values()]
    holes = [{"ref": h.ref, "x": h.x, "y": h.y, "drill": h.drill, "footprint": h.footprint}
             for h in b.holes]
    return layout_check({
        "name": PROJECT, "rev": "rev " + b.rev, "title": b.title, "file": b.name,
        "outline": b.outline(), "corner_radius": b.corner_radius,
        "holes": holes, "libs": {b.library: os.path.join(board_data.ROOT, b.library_dir)},
        "parts": parts, "nets": b.nets,
        "power": [n for n in POWER_NETS if n in b.nets],
        "rules": {"track": b.track, "clearance": b.clearance, "power_track": b.power_track},
        "texts": [],
    })
