#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""course_session.py: a lesson's browser links and PC-link session, for
check_course.py: the HINT replies a link's position allows (by the engine),
and the "Over the PC link" session run on the firmware in the simulator."""
import os
import re
import subprocess
import tempfile

from course_claims import MODE, SUM, nums, parse_game
from course_blocks import play_links

def hints(engine, game, pos, after):
    """The HINT replies ("<col> <to>") of a move from pos that leaves after."""
    if len(pos) == 1 and game[1] & MODE["ONE"]:
        return ["0 %d" % after[0]]
    if engine.rules[game[0]] == "EMPTY AND DIVIDE" and not game[1] & SUM:
        # box c emptied, k counters of the other box put in it
        return [h for c in (0, 1) for h in ["%d %d" % (c, after[c])]
                if after[0] + after[1] == pos[1 - c]]
    return ["%d %d" % (c, after[c]) for c in range(len(pos)) if after[c] != pos[c]]


def link_answers(engine, docs):
    """For a test of the page: every play-it link of every lesson, with
    the engine's outcome of its position and every winning move, as the
    columns a move changes and their values after it."""
    out = []
    for rel in sorted(p for p in docs if re.search(r"/\d\d-[^/]*\.md$", p)):
        for frag in play_links(docs[rel]):
            game, pos = None, None
            for cmd in frag.split(";"):
                word, _, arg = cmd.strip().partition(" ")
                if word.upper() == "GAME":
                    game = parse_game(engine, arg)
                elif word.upper() == "POS":
                    pos = nums(arg)
            item = {"lesson": rel, "fragment": frag, "pos": pos}
            if isinstance(game, tuple) and pos is not None:
                r = engine.query(game, pos)
                if not isinstance(r, str):
                    item["outcome"] = r[0]
                    item["hints"] = sorted(set(h for w in set(r[3]) for h in hints(engine, game, pos, w)))
            out.append(item)
    return out


LINK_CMDS = ("GAME", "POS", "MOVE", "GRUNDY", "HINT", "NEW", "AI", "SET")


def transcript(text):
    """The PC-link session a lesson's "Over the PC link" item shows: a
    list of [command, [replies or parts of replies it quotes]]."""
    m = re.search(r"\*\*Over the PC link:?\*\*(.*?)(?=\n- \*\*|\n\n)", text, re.S)
    if not m:
        return []
    out = []
    for span in re.findall(r"`([^`]+)`", m.group(1)):
        span = " ".join(span.split())
        if "<" in span or "..." in span:
            continue
        if span.split()[0] in LINK_CMDS:
            out.append([span, []])
        elif out:
            out[-1][1].append(span)
    return out


def run_session(nimsim, elf, cmds):
    """The firmware's reply line to each command, on the simulated chip."""
    with tempfile.TemporaryDirectory() as tmp:
        script, uart = os.path.join(tmp, "s.nims"), os.path.join(tmp, "uart.txt")
        with open(script, "w") as f:
            f.write("wait 50ms\n")
            for c in cmds:
                f.write("send %s\nwait %s\n" % (c, "700ms" if c.startswith("GAME OCTAL") else "60ms"))
        r = subprocess.run([nimsim, "--script", script, "--uart-out", uart, elf],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=300)
        text = open(uart, errors="replace").read() if os.path.exists(uart) else ""
    if r.returncode:
        raise RuntimeError("nimsim failed (exit %d): %s" % (r.returncode, r.stdout[-300:]))
    return [l.strip() for l in text.splitlines() if l.startswith(("OK", "ERR"))]


def check_sessions(nimsim, elf, docs):
    """Every English lesson's PC-link session, run on the firmware: every
    command answered OK (or the ERR the lesson quotes), and every reply
    the lesson quotes is the reply (a quote that is not a whole OK or ERR
    line is a part of it)."""
    bad, n = [], 0
    for rel in sorted(p for p in docs if re.match(r"docs/course/en/\d\d-", p)):
        session = transcript(docs[rel])
        if not session:
            bad.append("%s: no PC-link session (\"**Over the PC link:**\" with its commands)" % rel)
            continue
        replies = run_session(nimsim, elf, [c for c, _ in session])
        if len(replies) != len(session):
            bad.append("%s: %d commands, %d replies from the firmware" % (rel, len(session), len(replies)))
            continue
        for (cmd, quotes), reply in zip(session, replies):
            n += 1
            if not reply.startswith("OK") and not any(q.startswith("ERR") for q in quotes):
                bad.append("%s: `%s` answered %s" % (rel, cmd, reply))
            for q in quotes:
                if (q != reply) if q.startswith(("OK", "ERR")) else (q not in reply):
                    bad.append("%s: `%s` quoted as `%s`, the firmware answers `%s`" % (rel, cmd, q, reply))
    return bad, n
