"""nimlink_teach.py - what tools/nimlink shows the way the reference texts
teach: the binary table of a position (GRUNDY) and the review of a lost
game's mistake (REVIEW), for sums of columns, one heap, misere play and
EMPTY AND DIVIDE."""
import os
import subprocess

def state(link):
    r = link.cmd("STATE")
    return dict(kv.split("=", 1) for kv in r.split()[2:] if "=" in kv)


def pos_line(link, values):
    """POS in decimal, or in the compact hex form when that would not fit."""
    line = "POS " + " ".join(str(v) for v in values)
    if len(line) <= link.line_max or len(values) == 1:
        return line
    return "POS =" + "".join("%02X" % v for v in values)


def binary_table(values, total, p_or_n, hint, one_heap=False, misere=False):
    """The reference texts' table: each value in binary, the nim-sum row and
    the column (bit) the winning move changes."""
    width = max(3, max([total] + list(values)).bit_length())
    names = [chr(ord("A") + i) if i < 26 else "c%d" % i for i in range(len(values))]
    rows = []
    for name, v in zip(names, values):
        rows.append("  %-4s %4d = %s" % (name, v, format(v, "0%db" % width)))
    if misere:
        if not one_heap:
            rows.append("  %-9s  %s" % ("nim-sum", format(total, "0%db" % width)))
        rows.append("  misere play: the sum alone does not decide; the toy says %s (%s)"
                    % (p_or_n, "the player to move loses" if p_or_n == "P" else "the player to move wins"))
    else:
        rows.append("  %-9s  %s   (= %d: %s)" % ("nim-sum", format(total, "0%db" % width), total,
                    "P, the player to move loses" if p_or_n == "P" else "N, the player to move wins"))
    if total and not misere:
        bit = total.bit_length() - 1
        rows.append("  %-9s  %s^  the leftmost 1 of the nim-sum" % ("", " " * (width - 1 - bit)))
    if hint:
        col, to = hint
        if one_heap:
            rows.append("  winning move: leave %d (HINT 0 %d)" % (to, to))
        elif misere or col >= len(values):
            rows.append("  winning move: column %s to %d (HINT %d %d)" % (names[col], to, col, to))
        else:
            v = values[col]
            rows.append("  change column %s: %s XOR %s = %s (HINT %d %d)"
                        % (names[col], format(v, "0%db" % width), format(total, "0%db" % width),
                           format(v ^ total, "0%db" % width), col, to))
    elif not misere:
        rows.append("  no winning move (HINT NONE)")
    return "\n".join(rows)


def do_grundy(link, args, out):
    if args:
        r = link.cmd(pos_line(link, [int(a, 0) for a in args]))
        if not r.startswith("OK"):
            out(r)
            return r
    r = link.cmd("GRUNDY")
    out(r)
    if not r.startswith("OK"):
        return r
    f = r.split()[2:]
    p_or_n = f[-1]
    misere = "MISERE" in f
    values = []
    for x in f:
        if not x.isdigit():
            break
        values.append(int(x))
    total = int(f[f.index("SUM") + 1]) if "SUM" in f else 0
    h = link.cmd("HINT").split()
    hint = None if h[2] == "NONE" else (int(h[2]), int(h[3]))
    st = state(link)
    one_heap = int(st.get("MODE", "0")) & 1
    misere = misere or bool(int(st.get("MODE", "0")) & 2)
    name = link.cmd("GAME")
    out("%s, position %s" % (" ".join(name.split()[3:]), st.get("POS", "?").replace(",", " ")))
    out(binary_table(values, total, p_or_n, hint, one_heap, misere))
    return r


def grundy_values(rule, heaps):
    """The rule's Grundy values of heaps, from build/grundy (the toy's own
    generator; $NIMLINK_GRUNDY for another path); NIM's is the heap. None
    when it cannot say (not built, or not a heap rule)."""
    if rule == "NIM":
        return list(heaps)
    tool = os.environ.get("NIMLINK_GRUNDY") or os.path.join(
        os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "build", "grundy")
    try:
        names = subprocess.run([tool, "--list"], capture_output=True, text=True).stdout.splitlines()
        code = next(l.split()[0] for l in names if " ".join(l.split()[1:]).startswith(rule + " ")
                    or " ".join(l.split()[1:-1]) == rule)
        seq = subprocess.run([tool, code, str(max(heaps) + 1)], capture_output=True, text=True).stdout.split()
        return [int(seq[h]) for h in heaps]
    except (OSError, StopIteration, ValueError, IndexError):
        return None


def ed_cold(box, misere):
    """EMPTY AND DIVIDE: a box no division of which leaves a P-position
    (docs/games.md#misère-play): odd in normal play, 1 or 3k + 2 in misere."""
    return box % 2 == 1 if not misere else box == 1 or box % 3 == 2


def ed_is_p(m, n, misere):
    return ed_cold(m, misere) and ed_cold(n, misere) and not (misere and (m, n) == (1, 1))


def review_ed(out, name, k, who, before, move, best, misere):
    """The review of an EMPTY AND DIVIDE game: not a sum of columns, so no
    binary table; the notes' invariant (both boxes odd; misere: both 1 or
    3k + 2, not (1, 1)) before the move, after it and after the best one.
    MOVE c k empties box c and puts k of the other box's counters in it."""
    names = "AB"
    rule = ("both boxes 1 or 3k + 2 (1, 2, 5, 8, ...), but not (1, 1)" if misere else "both boxes odd")

    def after(c, share):
        s = before[1 - c]
        return (share, s - share) if c == 0 else (s - share, share)

    def judged(mn):
        return "a P-position" if ed_is_p(mn[0], mn[1], misere) else "an N-position"

    (c, share), (bc, bshare) = move, best
    got, good = after(c, share), after(bc, bshare)
    s = before[1 - c]
    out("%s, move %d%s: box %s emptied, box %s's %d divided as %d + %d (a mistake)"
        % (name, k, who, names[c], names[1 - c], s, got[0], got[1]))
    out("  P-positions: %s" % rule)
    out("  before the move: boxes %d and %d: %s, the player to move wins" % (before[0], before[1], judged(before)))
    out("  the move left %d and %d: %s, the opponent wins with perfect play" % (got[0], got[1], judged(got)))
    out("  the winning move: empty box %s, divide box %s's %d as %d + %d: %s, the opponent loses (BEST %d %d)"
        % (names[bc], names[1 - bc], before[1 - bc], good[0], good[1], judged(good), bc, bshare))


def do_review(link, args, out):
    """REVIEW in the reference texts' way: the binary table of the position
    before the mistake, the nim-sum, what the move did to it, and the move
    that makes the nim-sum 0; misere play and the rules whose values the
    tool cannot read (KAYLES and the other pin, cell and coin rules) get
    the P/N judgement instead."""
    r = link.cmd("REVIEW" + ("" if not args else " " + args[0].upper()))
    out(r)
    f = r.split()[2:]
    if not r.startswith("OK") or f[0] == "NONE":
        if r.startswith("OK"):
            out("no mistake noted: no move from a won position (N) left the opponent a won position")
        return r
    k, col, to, bcol, bto = int(f[0]), int(f[1]), int(f[2]), int(f[4]), int(f[5])
    pos = link.cmd("REVIEW POS")
    out(pos)
    before = [int(x) for x in pos.split()[3:]]
    st = state(link)
    mode = int(st.get("MODE", "0"))
    one, misere, binary = mode & 1, mode & 2, mode & 4
    name = " ".join(link.cmd("GAME").split()[3:])
    rule = " ".join(w for w in name.split() if w not in ("ONE", "BINARY", "MISERE"))
    who = (" by player " + f[6][1]) if len(f) > 6 else ""
    if rule == "EMPTY AND DIVIDE":
        review_ed(out, name, k, who, before, (col, to), (bcol, bto), misere)
        return r
    names = [chr(ord("A") + i) if i < 26 else "c%d" % i for i in range(len(before))]
    if one:
        out("%s, move %d%s: the heap of %d left at %d (a mistake)" % (name, k, who, before[0], to))
    else:
        out("%s, move %d%s: column %s from %d to %d (a mistake)" % (name, k, who, names[col], before[col], to))
    after = list(before)
    after[0 if one else col] = to
    vals = None if misere or not (one or binary or rule == "NIM" or grundy_values(rule, [0]) is not None) \
        else grundy_values(rule, before + after)
    if vals is None:
        out("  before the move: an N-position, the player to move could win%s"
            % (" (misere play: the nim-sum alone does not decide)" if misere else ""))
        out("  the move left an N-position for the opponent: now they win with perfect play")
        if one:
            out("  the winning move: leave %d, a P-position for the opponent (REVIEW BEST 0 %d)" % (bto, bto))
        else:
            out("  the winning move: column %s to %d, a P-position for the opponent (BEST %d %d)"
                % (names[bcol], bto, bcol, bto))
        return r
    n = len(before)
    gb, ga = vals[:n], vals[n:]
    total = 0
    for v in gb:
        total ^= v
    out("before the move:")
    if one:
        out(binary_table(gb, total, "N", (bcol, bto), one_heap=True))
    else:
        out(binary_table(gb, total, "N", (bcol, bto)))
    t2 = 0
    for v in ga:
        t2 ^= v
    width = max(3, max([total, t2] + gb + ga).bit_length())
    c = 0 if one else col
    out("  the move: %s %s -> %s, the nim-sum %s -> %s (= %d: N, the opponent wins)"
        % ("the heap" if one else names[col], format(gb[c], "0%db" % width), format(ga[c], "0%db" % width),
           format(total, "0%db" % width), format(t2, "0%db" % width), t2))
    return r
