"""pcb_pour: a ground pour on both copper layers, after the routing.

The ground net is routed as tracks like every other net (the board is
complete without the pour); the pour adds a low-impedance return for the
display's scan current and the piezo's edges and shields the signals.
KiCad's ZONE_FILLER fills it around everything else with thermal reliefs,
and drops islands that reach no ground pad.
"""
import pcbnew

from pcb_build import ORIGIN
from pcb_layout import layout_bbox

POUR_NET = "GND"
POUR_CLEARANCE = 0.3       # mm: over the 0.2 mm rule, so the pour never sets the limit
POUR_MIN_WIDTH = 0.25
THERMAL_GAP = 0.5
THERMAL_SPOKE = 0.5


def pour_add(board, lay):
    """Add and fill the pour; False when the board has no ground net."""
    net = board.FindNet(POUR_NET)
    if net is None:
        return False
    x0, y0, x1, y1 = layout_bbox(lay)
    for layer in (pcbnew.F_Cu, pcbnew.B_Cu):
        z = pcbnew.ZONE(board)
        z.SetLayer(layer)
        z.SetNet(net)
        outline = z.Outline()
        outline.NewOutline()
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            outline.Append(pcbnew.FromMM(ORIGIN[0] + x), pcbnew.FromMM(ORIGIN[1] + y))
        z.SetLocalClearance(pcbnew.FromMM(POUR_CLEARANCE))
        z.SetMinThickness(pcbnew.FromMM(POUR_MIN_WIDTH))
        z.SetThermalReliefGap(pcbnew.FromMM(THERMAL_GAP))
        z.SetThermalReliefSpokeWidth(pcbnew.FromMM(THERMAL_SPOKE))
        z.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        board.Add(z)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    return True
