"""pcb_testboard: a small synthetic handheld for the PCB tools' own tests.

It has the real board's hard parts (a DIP-28 and a DIP-24 whose pins fan
out to a 16-pin matrix, six switches, power nets with many pads), so the
router and the checks are exercised without the board engineer's data.
"""
from pcb_layout import layout_check

MCU_PINS = {"VCC": [7, 20], "GND": [8, 22], "XTAL1": [9], "XTAL2": [10],
            "UP": [4], "DOWN": [5], "LEFT": [6], "RIGHT": [11], "BTN_A": [12],
            "BTN_B": [13], "PIEZO": [15], "LOAD": [16], "DIN": [17], "CLK": [19],
            "RESET": [1], "RXD": [2], "TXD": [3]}
MAX_PINS = {"DIN": [1], "LOAD": [12], "CLK": [13], "GND": [4, 9], "VCC": [19],
            "ISET": [18]}
MAX_DIG = [2, 11, 6, 7, 3, 10, 5, 8]          # DIG0..DIG7
MAX_SEG = [22, 14, 16, 20, 23, 21, 15, 17]    # DP, A..G


def testboard_layout():
    """The synthetic board as a layout dict (see pcb_layout)."""
    table = [("U1", "ATmega328P-PU", "Package_DIP:DIP-28_W7.62mm_Socket", 40, 40, 90),
             ("U2", "MAX7219CNG", "Package_DIP:DIP-24_W7.62mm_Socket", 44, 20, 90),
             ("DS1", "1088AS", "Connector_PinHeader_2.54mm:PinHeader_2x08_P2.54mm_Vertical", 60, 52, 90),
             ("Y1", "16MHz", "Crystal:Crystal_HC49-U_Vertical", 30, 52, 0),
             ("R1", "28k", "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal", 78, 12, 0),
             ("C1", "100n", "Capacitor_THT:C_Disc_D5.0mm_W2.5mm_P5.00mm", 78, 28, 0),
             ("BZ1", "Piezo", "Buzzer_Beeper:Buzzer_12x9.5RM7.6", 88, 40, 0),
             ("J1", "Serial", "Connector_PinHeader_2.54mm:PinHeader_1x06_P2.54mm_Vertical", 6, 20, 0)]
    parts = [{"ref": r, "value": v, "footprint": f, "x": x, "y": y, "rot": rot} for r, v, f, x, y, rot in table]
    parts[-1]["pin_labels"] = [{"text": t, "pin": str(i + 1)}
                               for i, t in enumerate(["GND", "CTS", "VCC", "TX", "RX", "DTR"])]
    sw = [("SW1", "UP", 12, 50), ("SW2", "DOWN", 12, 66), ("SW3", "LEFT", 4, 58),
          ("SW4", "RIGHT", 20, 58), ("SW5", "BTN_A", 92, 62), ("SW6", "BTN_B", 82, 56)]
    for ref, net, x, y in sw:
        parts.append({"ref": ref, "value": net.replace("BTN_", ""), "footprint": "Button_Switch_THT:SW_PUSH_6mm",
                      "x": x, "y": y, "rot": 0})
    nets = {}
    for net, pins in MCU_PINS.items():
        nets.setdefault(net, []).extend(("U1", str(p)) for p in pins)
    for net, pins in MAX_PINS.items():
        nets.setdefault(net, []).extend(("U2", str(p)) for p in pins)
    for i in range(8):
        nets[f"DIG{i}"] = [("U2", str(MAX_DIG[i])), ("DS1", str(2 * i + 1))]
        nets[f"SEG{i}"] = [("U2", str(MAX_SEG[i])), ("DS1", str(2 * i + 2))]
    nets["XTAL1"].append(("Y1", "1"))
    nets["XTAL2"].append(("Y1", "2"))
    nets["ISET"].append(("R1", "1"))
    nets["VCC"] += [("R1", "2"), ("C1", "1"), ("J1", "3")]
    nets["GND"] += [("C1", "2"), ("BZ1", "2"), ("J1", "1")] + [(r, "2") for r, *_ in sw]
    nets["PIEZO"].append(("BZ1", "1"))
    nets["RXD"].append(("J1", "4"))
    nets["TXD"].append(("J1", "5"))
    nets["RESET"].append(("J1", "6"))
    for ref, net, *_ in sw:
        nets[net].append((ref, "1"))
    return layout_check({
        "name": "Nim toy", "rev": "rev A", "outline": [(0, 0), (100, 0), (100, 75), (0, 75)],
        "holes": [{"x": 3.5, "y": 3.5, "drill": 3.2}, {"x": 96.5, "y": 3.5, "drill": 3.2},
                  {"x": 3.5, "y": 71.5, "drill": 3.2}, {"x": 96.5, "y": 71.5, "drill": 3.2}],
        "libs": {}, "parts": parts, "nets": nets, "power": ["GND", "VCC"],
        "texts": [],
    })
