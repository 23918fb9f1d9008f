"""pcb_save: write a BOARD so that two runs give identical bytes.

KiCad gives every item a random UUID (tstamp) and sorts a footprint's
drawings by it on save. We replace each UUID by one derived from what the
item is (its text with the UUIDs blanked, within its top-level block), load
the file again and save it once more, so that the sort order follows the
fixed UUIDs too.
"""
import json
import os
import re
import uuid
import pcbnew

UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
NAMESPACE = uuid.UUID("6f1b0a52-1d7e-4c3b-9a51-4e696d746f79")   # "Nim toy"


def save_blocks(text):
    """Split a .kicad_pcb text into its top-level items (lines at depth 1)."""
    blocks, cur = [], []
    for line in text.splitlines(keepends=True):
        if (line.startswith("  (") or not line.startswith("  ")) and cur:
            blocks.append(cur)
            cur = []
        cur.append(line)
    blocks.append(cur)
    return blocks


def save_chunks(block):
    """A block cut before each of its items (lines at depth 2)."""
    chunks, cur = [], []
    for line in block[1:]:
        if line.startswith("    (") and cur:
            chunks.append(cur)
            cur = []
        cur.append(line)
    return [block[:1]] + chunks + [cur]


def save_fix_uuids(text):
    """The same text with every UUID derived from its item's content.

    Keys ignore the order of items inside a block, because the first save
    ordered them by random UUIDs."""
    out, block_seen = [], {}
    for block in save_blocks(text):
        chunks = save_chunks(block)
        keys = [UUID_RE.sub("-", "".join(c)) for c in chunks]
        bkey = "".join(sorted(keys))
        block_seen[bkey] = block_seen.get(bkey, 0) + 1
        base = f"{bkey}#{block_seen[bkey]}"
        seen = {}
        for chunk, key in zip(chunks, keys):
            seen[key] = seen.get(key, 0) + 1
            ids = iter(range(1 << 16))
            out.append(UUID_RE.sub(lambda m: str(uuid.uuid5(
                NAMESPACE, f"{base}|{key}#{seen[key]}|{next(ids)}")), "".join(chunk)))
    return "".join(out)


def save_net_class(path, name, nets):
    """Put nets in the net class `name` of the project file KiCad wrote
    beside the board (6.0's Python cannot add a net to a class)."""
    pro = os.path.splitext(path)[0] + ".kicad_pro"
    with open(pro) as f:
        data = json.load(f)
    for c in data["net_settings"]["classes"]:
        if c["name"] == name:
            c["nets"] = sorted(nets)
    with open(pro, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write("\n")


def save_board(board, path, net_class=None):
    """Save with fixed UUIDs; returns the board as loaded back from path.
    net_class: (class name, [nets]) written into the project file."""
    board.SetFileName(path)
    pcbnew.SaveBoard(path, board)
    if net_class:
        save_net_class(path, *net_class)
    for _ in range(2):
        with open(path) as f:
            text = save_fix_uuids(f.read())
        with open(path, "w") as f:
            f.write(text)
        board = pcbnew.LoadBoard(path)
        pcbnew.SaveBoard(path, board)
    return board
