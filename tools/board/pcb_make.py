#!/usr/bin/python3
"""pcb_make.py [--test-board | --toml FILE] [--out DIR]: the routed KiCad board.

Reads the handheld's data (board_data via pcb_source; --test-board: the
synthetic board of pcb_testboard), places the footprints, the silkscreen,
routes every net with our router, pours ground on both layers and
saves DIR/<name>.kicad_pcb (the data's board name: nim-handheld;
DIR/pcb-test.kicad_pcb for the test board) with fixed UUIDs. Exit 1 with
one line on bad data or a net the router cannot finish.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_data  # noqa: E402
from pcb_build import POWER_CLASS, build_board  # noqa: E402
from pcb_layout import LayoutError  # noqa: E402
from pcb_pour import pour_add  # noqa: E402
from pcb_route import route_board  # noqa: E402
from pcb_save import save_board  # noqa: E402
from pcb_silk import silk_place  # noqa: E402
from pcb_source import source_layout  # noqa: E402
from pcb_testboard import testboard_layout  # noqa: E402
from pcb_tracks import problem_from_board, tracks_add, tracks_rules  # noqa: E402

TEST_FILE = "pcb-test.kicad_pcb"


def make_board(lay, path):
    """Build, label, route and save the layout; the names of unrouted nets."""
    board, _ = build_board(lay, tracks_rules(lay).edge_gap)
    silk_place(board, lay)
    pb = problem_from_board(board, lay)
    routes, failed = route_board(pb)
    tracks_add(board, pb, routes)
    board = save_board(board, path, (POWER_CLASS, lay.get("power", [])))
    # Filled on the board as loaded back: ZONE_FILLER crashes (SIGSEGV) on
    # a board built in memory, whose connectivity KiCad has not built.
    if pour_add(board, lay):
        save_board(board, path)
    return failed


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--test-board", action="store_true", help="the synthetic test board")
    ap.add_argument("--out", default="build/board")
    ap.add_argument("--toml", default=None, help="the board data (default board/handheld/handheld.toml)")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    try:
        lay = testboard_layout() if a.test_board else source_layout(a.toml)
        path = os.path.join(a.out, TEST_FILE if a.test_board else lay["file"] + ".kicad_pcb")
        failed = make_board(lay, path)
    except (LayoutError, board_data.BoardError) as e:
        print(f"pcb: {e}", file=sys.stderr)
        return 1
    if failed:
        # Kept for a look in KiCad, under another name, so that make does
        # not take a half-routed board for a finished one.
        partial = path.replace(".kicad_pcb", "-partial.kicad_pcb")
        os.replace(path, partial)
        print(f"pcb: the router could not finish {' '.join(failed)} (the rest: {partial})", file=sys.stderr)
        return 1
    print(f"pcb: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
