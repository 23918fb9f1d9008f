#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""course_blocks.py: reading a lesson: its ```check blocks and the
fragments of its links to the browser page."""
import re
import urllib.parse

def blocks(text):
    """The ```check blocks of a lesson: a list of (line number, lines)."""
    out, cur, start = [], None, 0
    for n, line in enumerate(text.split("\n"), 1):
        if cur is None:
            if line.strip() == "```check":
                cur, start = [], n
        elif line.strip() == "```":
            out.append((start, cur))
            cur = None
        else:
            cur.append(line.strip())
    if cur is not None:
        out.append((start, cur + ["(the block is not closed)"]))
    return out


def play_links(text):
    """The fragments of the lesson's links to the page, decoded."""
    return [urllib.parse.unquote(m) for m in re.findall(r"index\.html#([^)\s\"'>]+)", text)]
