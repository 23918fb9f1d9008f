"""test_commands.py: two parts of test_link.py (which runs them).

  names   GAME takes a game's whole name only (issue 20, item 5): every
          game's name in three cases, the form words in either order, every
          prefix of every rule's name, garbage and over-long names; a
          refused name gets ERR GAME NAME after the '#' line that lists the
          rules whose names begin with what was typed, and changes nothing
  nogame  every command of HELP's table, with and without arguments, with
          no game on (issue 24): right after power-on, in the last
          position of a game and on the end screen; each gets a clear OK or
          ERR (HINT and GRUNDY answer NOGAME as AI does, never about an
          empty position), and the toy never restarts"""
import os
import re
import subprocess
import time


def game_list(link):
    """[(number, whole name)] from GAME <i>, and the rules' names in order
    (the SUMs, named by their columns' rules, are test_sum's)."""
    games = []
    # your own game (the list's last four) is played in misere columns
    # only for a code whose misere the chip proves, and in one heap only
    # for a code that never splits: 0.03* is both
    link.cmd("GAME OCTAL 0.03*")
    numbers = link.game_numbers()
    assert len(numbers) == link.games, "SCORES answers %d numbers, VER says %d games" % (len(numbers), link.games)
    for i in numbers:
        r = link.cmd("GAME %d" % i)
        if not r.split(" ", 3)[3].startswith("SUM"):
            games.append((i, r.split(" ", 3)[3]))
    rules = []
    for _, name in games:
        # your own game is named by its code (OCTAL 0.6): its rule's name
        # is OCTAL (a code after it: test_octal)
        rule = re.sub(r"( ONE| MISERE| BINARY)+$", "", re.sub(r"^OCTAL .*", "OCTAL", name))
        if rule not in rules:
            rules.append(rule)
    # in the order the '#' lines list them: the engine's (build/grundy
    # --list's), your own game last; the numbers' order is the ids'
    grundy = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "grundy")
    order = [" ".join(l.split()[1:-1]) for l in subprocess.run([grundy, "--list"], capture_output=True, text=True,
                                                                 check=True).stdout.splitlines()]
    rules.sort(key=lambda r: order.index(r) if r in order else len(order))
    return games, rules


def mixed(s):
    return "".join(c.lower() if k % 2 else c for k, c in enumerate(s))


def test_names(b, check, Sim):
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        games, rules = game_list(link)

        def refused(line, want_info):
            """line is refused with want_info's '#' line and changes no game."""
            before = link.cmd("GAME")
            (_, r, info), = link.stream([line])
            after = link.cmd("GAME")
            return check(r == "ERR GAME NAME" and info == [want_info] and after == before,
                         "%r: %r %r (want %r), GAME %r -> %r" % (line, r, info, want_info, before, after))

        def begun(typed):
            got = [n for n in rules if n.startswith(typed)]
            return "# GAMES: " + (", ".join(got) if got else "NONE")

        # Every game by its whole name, in three cases.
        lines, want = [], []
        for i, name in games:
            for n in (name, name.lower(), mixed(name)):
                lines.append("GAME " + n)
                want.append("OK GAME %d %s" % (i, name))
        got = link.stream(lines)
        bad = [(l, r, info) for (l, r, info), w in zip(got, want) if r != w or info]
        check(not bad, "whole names: %d of %d wrong, e.g. %r" % (len(bad), len(lines), bad[:3]))
        # The form words in the other order, and a number alone.
        for i, name in games:
            if name.endswith(" ONE MISERE"):
                r = link.cmd("GAME " + name[:-len("ONE MISERE")] + "MISERE ONE")
                check(r == "OK GAME %d %s" % (i, name), "form words swapped: %s: %r" % (name, r))
                break
        check(link.cmd("GAME 0") == "OK GAME 0 " + games[0][1], "GAME 0")
        # A number no game has: refused as a number (no '#' line), nothing changed.
        before = link.cmd("GAME")
        for n in ("99", "127", "255", "256", "300", "0X7F"):
            (_, r, info), = link.stream(["GAME " + n])
            check(r == "ERR GAME NUMBER" and not info and link.cmd("GAME") == before, "GAME %s: %r %r" % (n, r, info))
        check(link.cmd("GAME 0X80") == "OK GAME 128 NIM BINARY", "GAME 0X80")
        # Every prefix of every rule's name (the form words after some), the
        # issue's examples among them.
        n = 0
        for rule in rules:
            for k in range(1, len(rule)):
                typed = rule[:k].rstrip()
                if typed in rules or re.fullmatch(r".*\d-\d+", typed):
                    continue    # a whole name itself, or a range's move (TAKE 1-3: test_reader)
                forms = " MISERE" if k % 3 == 0 else " ONE" if k % 3 == 1 else ""
                refused("GAME " + mixed(rule[:k]) + forms, begun(typed))
                n += 1
        refused("GAME TAKE 1 3", "# GAMES: TAKE 1 3 OR 4")
        refused("GAME TAKE 1 2", "# GAMES: TAKE 1 2 OR 4, TAKE 1 2 5 OR 8")
        refused("GAME take 1 2 misere", "# GAMES: TAKE 1 2 OR 4, TAKE 1 2 5 OR 8")
        refused("GAME TAKE 1-3 DR", "# GAMES: TAKE 1-3 DR NIM")
        # TAKE 1 is a rule with no game: never listed, never chosen.
        check("TAKE 1" not in rules, "TAKE 1 is listed")
        refused("GAME TAKE 1", begun("TAKE 1"))
        # A whole name in a form it is not played in: the forms it is.
        nim_forms = ", ".join(n for _, n in games if re.sub(r"( ONE| MISERE| BINARY)+$", "", n) == "NIM")
        refused("GAME NIM ONE", "# GAMES: " + nim_forms)
        refused("GAME MISERE NIM", "# GAMES: " + nim_forms)      # the name goes first
        # Garbage: no rule begins so.
        for g in ("FOO", "NIMX", "NIM NIM", "NIM MISERE X", "X NIM", "TAKE 1-9", "TAKE  1  2  OR  5", "!?#",
                  "-", "0X", "0 MISERE", "1 2", "KAYLES KAYLES"):
            refused("GAME " + g, "# GAMES: NONE")
        link.cmd("GAME 0")      # the '#' lists below end with the rules, not a SUM's name
        refused("GAME ONE", "# GAMES: " + ", ".join(rules))     # nothing typed: every rule begins so
        refused("GAME MISERE", "# GAMES: " + ", ".join(rules))
        # Over-long names: each whole name and one more word or letter, a
        # name longer than any, and as many words as a line holds.
        for rule in rules:
            if rule != "OCTAL":     # a code follows it (X: ERR GAME CODE, test_octal)
                refused("GAME %s X" % rule, "# GAMES: NONE")
            refused("GAME %sX MISERE" % rule, "# GAMES: NONE")
        refused("GAME " + "A" * 40, "# GAMES: NONE")
        refused("GAME " + "TAKE " * 11 + "1", "# GAMES: NONE")
        refused("GAME DAWSON KAYLES DAWSON KAYLES DAWSON KAYLES DAWSON", "# GAMES: NONE")
        # Spaces between the words count once, as everywhere in a line.
        check(link.cmd("GAME  take   1  3  or  4   misere") == "OK GAME %d TAKE 1 3 OR 4 MISERE"
              % next(i for i, n in games if n == "TAKE 1 3 OR 4 MISERE"), "extra spaces between name words")
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: names: %d games by whole name in 3 cases, %d prefixes refused with the games they begin"
              % (len(games), n), flush=True)
    finally:
        sim.close()


# Each command of HELP's table with and without arguments, none of which
# starts a game, and the reply it gets with no game on ({game}: the game's
# number and name).
NOGAME = [
    ("HELP", r"OK HELP VER .*"), ("HELP 1", "ERR ARGS"), ("VER", r"OK VER NIM .*"), ("VER X", "ERR ARGS"),
    ("GAME", "OK GAME {game}"), ("GAME FOO", "ERR GAME NAME"), ("GAME TAKE 1 2", "ERR GAME NAME"),
    ("NEW 1", "ERR ARGS"), ("POS", "ERR POS ARGS"), ("POS X", "ERR POS ARGS"), ("POS 0 0 0", "ERR POS OVER"),
    ("POS 9 1", "ERR POS HEIGHT"), ("MOVE", "ERR MOVE ARGS"), ("MOVE 0", "ERR MOVE ARGS"),
    ("MOVE 0 1", "ERR MOVE NOGAME"), ("MOVE 0 0", "ERR MOVE NOGAME"), ("MOVE 0 1 2", "ERR MOVE ARGS"),
    ("AI", "ERR AI NOGAME"), ("AI 1", "ERR ARGS"), ("HINT", "ERR HINT NOGAME"), ("HINT 0", "ERR ARGS"),
    ("GRUNDY", "ERR GRUNDY NOGAME"), ("GRUNDY 0", "ERR ARGS"), ("PRESS", "ERR BUTTON"),
    ("PRESS X", "ERR BUTTON"), ("PRESS B", "OK PRESS B"), ("RELEASE", "ERR BUTTON"), ("RELEASE B", "OK RELEASE B"),
    ("RELEASE UP 1", "ERR BUTTON"), ("FRAME", "OK FRAME [0-9A-F]+"), ("FRAME 1", "ERR ARGS"),
    ("SCORES", r"OK SCORES \d+ W \d+ L \d+"), ("SCORES 0", r"OK SCORES 0 W \d+ L \d+"), ("SCORES X", "ERR ARGS"),
    ("SCORES 0 1", "ERR ARGS"), ("SCORES 99", "ERR SCORES NUMBER"), ("SCORES 99 1 1", "ERR SCORES NUMBER"),
    ("SCORES 4096", "ERR ARGS"), ("SET GAME 99", "ERR SET VALUE"), ("STATE", r"OK STATE SCR=(INTRO|MENU|PLAY|END) PH=\w+ .* INGAME=0 .*"),
    ("STATE 1", "ERR ARGS"), ("SET", "ERR SET ITEM"), ("SET FOO 1", "ERR SET ITEM"),
    ("SET BRIGHT", "ERR SET VALUE"), ("SET BRIGHT 7", "OK SET BRIGHT 7"),
    ("SAVE", "OK SAVE|ERR SAVE WAIT"), ("SAVE 1", "ERR ARGS"),
    # no mistake after power-on, nor in the probe's game (POS 1, taken: won)
    ("REVIEW", "OK REVIEW NONE"), ("REVIEW NEXT", "OK REVIEW NONE"), ("REVIEW POS", "OK REVIEW NONE"),
    ("REVIEW 1", "OK REVIEW NONE"), ("REVIEW 0", "ERR REVIEW ARGS"), ("REVIEW X", "ERR REVIEW ARGS"),
    ("REVIEW NEXT 1", "ERR REVIEW ARGS"), ("REVIEW 256", "ERR REVIEW ARGS"),
    # TEST alone starts the board test (tests/e2e/bringup.nims): here only refused
    ("TEST X", "ERR TEST ARGS"), ("TEST END", "ERR TEST ARGS"), ("TEST 1", "ERR TEST ARGS"),
]
# Lines that start a game from any state: each must answer OK.
STARTS = [("NEW", "OK NEW {game}"), ("GAME NIM", "OK GAME 0 NIM"), ("GAME 0", "OK GAME 0 NIM"),
          ("POS 3 4 5", "OK POS"), ("POS =010203", "OK POS")]


def test_nogame(b, check, Sim):
    sim = Sim(b)
    link = sim.link
    help_words = None
    try:
        def probe(where):
            nonlocal help_words
            game = link.cmd("GAME")[len("OK GAME "):]
            got = link.stream([l for l, _ in NOGAME])
            for (line, want), (_, r, _) in zip(NOGAME, got):
                want = want.replace("{game}", game)
                check(re.fullmatch(want, r) is not None, "%s: %r got %r, not %r" % (where, line, r, want))
                if line == "HELP":
                    help_words = r.split()[1:]
            state = link.cmd("STATE")
            return state

        state = probe("after power-on")
        check(" SCR=INTRO " in state and " INGAME=0 " in state, "after power-on: %r" % state)
        # Every command of the table is among the lines sent.
        sent = {l.split()[0] for l, _ in NOGAME}
        check(help_words and set(help_words) - {"NEW"} <= sent, "commands not probed: %s"
              % sorted(set(help_words or []) - sent - {"NEW"}))

        def end_game(where):
            """A game played to its end by MOVE, then the probe in its last
            position and on the end screen."""
            for line in ("SET OPP 1", "GAME NIM", "POS 1", "MOVE 0 0"):
                r = link.cmd(line)
                check(r.startswith("OK"), "%s: %r got %r" % (where, line, r))
            state = probe(where + ", in the last position")
            check(" PH=OVER " in state, "%s, in the last position: %r" % (where, state))
            deadline = time.monotonic() + 10
            while " SCR=END " not in state and time.monotonic() < deadline:
                time.sleep(0.2)
                state = link.cmd("STATE")
            check(" SCR=END " in state, "%s: no end screen: %r" % (where, state))
            probe(where + ", on the end screen")

        end_game("after a game")
        # Each line that starts a game does so from no game (after an end),
        # and HINT and GRUNDY then answer about it.
        for line, want in STARTS:
            game = link.cmd("GAME")[len("OK GAME "):]
            r = link.cmd(line)
            check(r == want.replace("{game}", game), "no game, %r got %r" % (line, r))
            for q, w in (("GRUNDY", r"OK GRUNDY( \d+)+ SUM \d+ [PN]"), ("HINT", r"OK HINT (\d+ \d+|NONE)")):
                r = link.cmd(q)
                check(re.fullmatch(w, r) is not None, "after %r: %r got %r" % (line, q, r))
            end_game("after %r and its game" % line)
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: nogame: %d lines (every command, with and without arguments) after power-on and at a "
              "game's end, %d ways to start a game" % (len(NOGAME), len(STARTS)), flush=True)
    finally:
        sim.close()


# ---- EMPTY AND DIVIDE ---------------------------------------------------------------

def ed_moves(m, n):
    """The rule's moves from (m, n) as MOVE's (c, k): empty box c, divide
    the other box into k (now in box c) and the rest; the position after."""
    for c, s in ((0, n), (1, m)):
        for k in range(1, s):
            yield (c, k), ((k, s - k) if c == 0 else (s - k, k))


def ed_solve(top):
    """The brute force over the move graph, from the rule's wording: P in
    normal and misere play (the last mover loses; (1, 1) has no move) and
    the Grundy value, for every position up to top x top."""
    p, g = [{}, {}], {}
    for t in range(2, 2 * top + 1):
        for m in range(max(1, t - top), min(top, t - 1) + 1):
            n = t - m
            after = [to for _, to in ed_moves(m, n)]
            p[0][m, n] = not any(p[0][x] for x in after)
            p[1][m, n] = bool(after) and not any(p[1][x] for x in after)
            seen = {g[x] for x in after}
            g[m, n] = next(v for v in range(len(seen) + 1) if v not in seen)
    return p, g


def test_ed(b, check, Sim):
    """EMPTY AND DIVIDE over the link: its four games (their numbers from
    its rule's), POS refusals, GRUNDY (the game's value; P/N), HINT and AI
    against the brute force on every position up to 8 x 8 and on BINARY
    positions up to 255, MOVE's refusals and a game played to its end."""
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        link.cmd("SET OPP 1")
        link.cmd("SET LEVEL 2")
        p, g = ed_solve(255)
        forms = ["", " MISERE", " BINARY", " BINARY MISERE"]
        numbers = []
        for f in forms:
            r = link.cmd("GAME EMPTY AND DIVIDE" + f)
            check(re.fullmatch(r"OK GAME \d+ EMPTY AND DIVIDE" + f, r) is not None, "GAME ED%s: %r" % (f, r))
            numbers.append(int(r.split()[2]))
        # its numbers are its ids (docs/protocol.md): 2 x its rule's number,
        # + 1 misere, + 128 BINARY
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "firmware", "engine",
                               "rules.h")) as f:
            num = int(re.search(r"^\s*X\(\s*(\d+),\s*ED,", f.read(), re.M).group(1))
        check(numbers == [2 * num, 2 * num + 1, 2 * num + 128, 2 * num + 129],
              "EMPTY AND DIVIDE's game numbers: %r, its rule's number %d" % (numbers, num))
        r = link.cmd("GAME EMPTY AND DIVIDE ONE")
        check(r == "ERR GAME NAME", "GAME EMPTY AND DIVIDE ONE: %r" % r)
        n_checked = 0
        for f, mis in zip(forms, (0, 1, 0, 1)):
            link.cmd("GAME EMPTY AND DIVIDE" + f)
            top = 255 if "BINARY" in f else 8
            refusals = [("POS 0 3", "ERR POS HEIGHT"), ("POS 3 0", "ERR POS HEIGHT"), ("POS 3", "ERR POS COLS"),
                        ("POS 3 4 5", "ERR POS COLS"), ("POS 256 1", "ERR POS ARGS")]
            if top == 8:
                refusals.append(("POS 9 1", "ERR POS HEIGHT"))
            got = link.stream([l for l, _ in refusals])
            for (line, want), (_, r, _) in zip(refusals, got):
                check(r == want, "ED%s: %r got %r, not %r" % (f, line, r, want))
            if top == 8:
                boxes = [(m, n) for m in range(1, 9) for n in range(1, 9)]
            else:
                boxes = [(255, 255), (255, 254), (1, 255), (128, 1), (200, 13), (13, 12), (2, 2), (1, 2), (5, 8),
                         (97, 64), (254, 254), (3, 3), (1, 1), (100, 101)]
            for m, n in boxes:
                res = link.stream(["POS %d %d" % (m, n), "GRUNDY", "HINT", "STATE"])
                pos, gr, hint, st = (x[1] for x in res)
                want_p = p[mis][m, n]
                over = m == 1 and n == 1
                if over:
                    check(pos == "ERR POS OVER", "ED%s (1, 1): %r" % (f, pos))
                    continue
                n_checked += 1
                want_g = "OK GRUNDY %d %s %s" % (g[m, n], "MISERE" if mis else "SUM %d" % g[m, n],
                                                  "P" if want_p else "N")
                check(pos == "OK POS" and gr == want_g, "ED%s (%d, %d): %r, want %r" % (f, m, n, gr, want_g))
                check(" POS=%d,%d " % (m, n) in st, "ED%s (%d, %d): STATE %r" % (f, m, n, st))
                moves = dict(ed_moves(m, n))
                if want_p:
                    check(hint == "OK HINT NONE", "ED%s (%d, %d) is P: %r" % (f, m, n, hint))
                else:
                    h = hint.split()
                    mv = (int(h[2]), int(h[3])) if len(h) == 4 else None
                    check(mv in moves and p[mis][moves[mv]], "ED%s (%d, %d): %r does not reach P" % (f, m, n, hint))
                a = link.cmd("AI").split()
                mv = (int(a[2]), int(a[3])) if len(a) == 4 and a[1] == "AI" else None
                check(mv in moves and (want_p or p[mis][moves[mv]]),
                      "ED%s (%d, %d): AI %r" % (f, m, n, " ".join(a)))
            # MOVE: refusals, then a legal one and what it leaves
            link.cmd("POS 5 4")
            bad = [("MOVE 0 0", "ERR MOVE ILLEGAL"), ("MOVE 0 4", "ERR MOVE ILLEGAL"),
                   ("MOVE 1 5", "ERR MOVE ILLEGAL"), ("MOVE 2 1", "ERR MOVE COL"), ("MOVE 0", "ERR MOVE ARGS")]
            got = link.stream([l for l, _ in bad] + ["MOVE 1 2", "STATE"])
            for (line, want), (_, r, _) in zip(bad, got):
                check(r == want, "ED%s (5, 4): %r got %r, not %r" % (f, line, r, want))
            check(got[-2][1] == "OK MOVE 1 2" and " POS=3,2 " in got[-1][1],
                  "ED%s (5, 4): MOVE 1 2 (empty box 1, 5 = 3 + 2): %r %r" % (f, got[-2][1], got[-1][1]))
        # A game played to its end by the machine on both sides, its moves
        # in the log as MOVE's form.
        link.cmd("GAME EMPTY AND DIVIDE BINARY")
        link.cmd("POS 200 13")
        first_line = len(sim.lines)
        pos, plies = (200, 13), 0
        while pos != (1, 1) and plies < 600:
            a = link.cmd("AI").split()
            mv = (int(a[2]), int(a[3])) if len(a) == 4 else None
            moves = dict(ed_moves(*pos))
            if not check(mv in moves, "a game from (200, 13): AI %r in %r" % (a, pos)):
                break
            pos = moves[mv]
            plies += 1
        time.sleep(0.3)
        link.cmd("VER")
        log_moves = [l for l in sim.lines[first_line:] if l.startswith("LOG MOVE ")]
        check(pos == (1, 1) and len(log_moves) == plies and plies % 2 == 1,
              "a game from (200, 13), an N-position, ends at (1, 1) after an odd number of moves: %r after %d,"
              " %d LOG MOVE lines" % (pos, plies, len(log_moves)))
        r = link.cmd("AI")
        check(r == "ERR AI OVER" or r == "ERR AI NOGAME", "AI after the end: %r" % r)
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: ed: 4 games, %d positions against the brute force (GRUNDY, HINT, AI), a game of %d moves"
              % (n_checked, plies), flush=True)
    finally:
        sim.close()


# The SUM (issue 20 item 2): GAME SUM <rule> + <rule> ... [BINARY] [MISERE].
SUM_ERRORS = [
    ("GAME SUM NIM", "ERR GAME COLS"),                          # one column: no sum
    ("GAME SUM", "ERR GAME NAME"),                              # no rule named
    ("GAME SUM NIM + FOO", "ERR GAME NAME"),                    # no such rule
    ("GAME SUM NIM + TAKE 1 3", "ERR GAME NAME"),               # a part of a name
    ("GAME SUM NIM +", "ERR GAME NAME"),                        # '+' and no rule
    ("GAME SUM NIM + + NIM", "ERR GAME NAME"),
    ("GAME SUM NIM MISERE + NIM", "ERR GAME NAME"),             # the form words last
    ("GAME SUM NIM + KAYLES BINARY", "ERR GAME FORM"),          # BINARY: heap rules only
    ("GAME SUM NIM + NO ADJACENT BINARY MISERE", "ERR GAME FORM"),
    ("GAME SUM NIM + NIM ONE", "ERR GAME FORM"),                # a sum is columns
    ("GAME SUM NIM + KAYLES MISERE", "ERR GAME WILD"),          # a wild rule in misere play
    ("GAME SUM TWINS + NIM MISERE", "ERR GAME WILD"),
]


def test_sum(b, check, Sim):
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        link.cmd("SET OPP 1")
        cols = link.cols
        before = link.cmd("GAME")
        for line, want in SUM_ERRORS:
            r = link.stream([line])[0][1]
            check(r == want and link.cmd("GAME") == before, "%r: %r, want %r" % (line, r, want))
        # as many columns as the board has, and one more (where a line holds them:
        # 64 characters, about 9 short names)
        too_many = "GAME SUM " + " + ".join(["NIM"] * (cols + 1))
        if len(too_many) <= 64:
            check(link.cmd(too_many) == "ERR GAME COLS", "%d columns accepted on %d" % (cols + 1, cols))
            r = link.cmd("GAME SUM " + " + ".join(["NIM"] * cols))
            check(r.endswith(" SUM " + " + ".join(["NIM"] * cols)), "%d columns: %r" % (cols, r))
        r = link.cmd("GAME SUM " + " + ".join(["TAKE 1-2"] * 5))
        check(r.endswith(" SUM " + " + ".join(["TAKE 1-2"] * 5)), "5 columns: %r" % r)
        # the notes' example, as the issue writes it
        r = link.cmd("GAME SUM TAKE 1-3 + TAKE 1-5 + TAKE 1-7 BINARY")
        m = re.match(r"OK GAME (\d+) SUM TAKE 1-3 DR NIM \+ TAKE 1-5 \+ TAKE 1-7 BINARY$", r)
        check(m is not None, "GAME SUM TAKE 1-3 + TAKE 1-5 + TAKE 1-7 BINARY: %r" % r)
        index = m.group(1) if m else "?"
        check(link.cmd("POS 9 10 14") == "OK POS", "POS 9 10 14")
        check(link.cmd("GRUNDY") == "OK GRUNDY 1 4 6 SUM 3 N", "GRUNDY: %r" % link.cmd("GRUNDY"))
        check(link.cmd("HINT") in ("OK HINT 2 13", "OK HINT 0 6"), "HINT: %r" % link.cmd("HINT"))
        st = link.cmd("STATE")
        check(" GAME=%s " % index in st and " MODE=12 " in st and " POS=9,10,14 RULES=6,10,14 " in st, "STATE: %r" % st)
        check(link.cmd("POS 9 10") == "ERR POS COLS", "POS with a column missing")
        check(link.cmd("MOVE 2 6") == "ERR MOVE ILLEGAL", "TAKE 1-7: 8 at once taken")
        check(link.cmd("MOVE 2 7") == "OK MOVE 2 7", "TAKE 1-7: 7 at once")
        check(link.cmd("MOVE 0 5") == "ERR MOVE ILLEGAL", "TAKE 1-3: 4 at once taken")
        # the whole name as GAME's reply gives it, back in: the same game
        name = link.cmd("GAME").split(" ", 3)[3]
        check(link.cmd("GAME " + name) == "OK GAME %s %s" % (index, name), "GAME %s" % name)
        check(any(l.startswith("LOG NEW %s " % index) and l.endswith(" RULES=6,10,14") for l in sim.lines),
              "LOG NEW says the sum's rules")
        # misere with tame rules: misere Nim on the values
        r = link.cmd("GAME SUM NIM + DAWSON KAYLES + MOCK TURTLES MISERE")
        check(r.endswith(" SUM NIM + DAWSON KAYLES + MOCK TURTLES MISERE"), "a tame misere sum: %r" % r)
        check(link.cmd("POS 1 0 0") == "OK POS" and link.cmd("GRUNDY") == "OK GRUNDY 1 0 0 ONES 1 P",
              "misere: one column worth 1 loses: %r" % link.cmd("GRUNDY"))
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: sum: %d refusals, %d columns, G(3)+G(5)+G(7) on 9 10 14" % (len(SUM_ERRORS) + 1, cols),
              flush=True)
    finally:
        sim.close()


# Your own game (issue 21): codes typed in as GAME OCTAL, their values
# derived on the chip. Every built-in rule's code (whose values must be
# the built-in tables') and codes worth trying, each on the heaps (or runs
# of pins) of 1..8: the chip's GRUNDY against build/grundy's sequence.
OCTAL_SAMPLE = ["0.6", "0.15", "0.007", "0.7", "0.4", "0.51", "0.71", "0.137*", "0.05", "0.7777*",
                "0.12", "0.26", "0.456", "0.3122", "0.64", "0.77777777"]


def test_octal(b, check, Sim, root):
    sim = Sim(b)
    link = sim.link
    grundy = os.path.join(root, "build", "grundy")
    listed = subprocess.run([grundy, "--list"], capture_output=True, text=True, check=True).stdout.splitlines()
    builtin = {}
    for line in listed:
        code = line.split()[-1]
        if code.startswith("0."):
            builtin[code] = " ".join(line.split()[1:-1])
    try:
        link.cmd("SET OFF 4")
        link.cmd("SET OPP 1")
        n = 0
        for code in list(builtin) + OCTAL_SAMPLE:
            r = link.cmd("GAME OCTAL " + code)
            check(re.match(r"OK GAME \d+ OCTAL %s$" % re.escape(code), r) is not None, "GAME OCTAL %s: %r" % (code, r))
            want = [int(x) for x in subprocess.run([grundy, code, "9"], capture_output=True, text=True,
                                                    check=True).stdout.split()][1:]
            pins = any(int(d) & 4 for d in code[2:].rstrip("*"))
            cols = [(1 << h) - 1 if pins else h for h in range(1, 9)]
            pos = "POS " + " ".join(str(c) for c in cols)
            check(link.cmd(pos) == "OK POS", "%s: %s" % (code, pos))
            got = link.cmd("GRUNDY").split()
            check(got[2:10] == [str(v) for v in want], "%s: GRUNDY %s, build/grundy %s" % (code, got, want))
            st = link.cmd("STATE")
            check(" RULE=2 " in st, "%s: %r" % (code, st))    # TAKE 1's number, as your own game's ids
            if not pins:
                # one heap (ONE, a code that never splits): the heap's value
                # by the mex rule, as build/grundy's, on heaps past a column's
                r = link.cmd("GAME OCTAL %s ONE" % code)
                check(re.match(r"OK GAME \d+ OCTAL %s ONE$" % re.escape(code), r) is not None,
                      "GAME OCTAL %s ONE: %r" % (code, r))
                seq = [int(x) for x in subprocess.run([grundy, code, "65"], capture_output=True, text=True,
                                                       check=True).stdout.split()]
                for h in (5, 13, 40, 64):
                    g = link.cmd("POS %d" % h) == "OK POS" and link.cmd("GRUNDY").split()
                    check(g and g[2] == str(seq[h]) and g[3] == "SUM",
                          "%s ONE heap %d: GRUNDY %r, build/grundy %d" % (code, h, g, seq[h]))
                link.cmd("GAME OCTAL " + code)
            if code in builtin and not pins:
                # the built-in rule on the same heaps: the same values
                link.cmd("GAME " + builtin[code])
                check(link.cmd(pos) == "OK POS" and link.cmd("GRUNDY").split()[2:10] == got[2:10],
                      "%s: %s's values differ" % (code, builtin[code]))
            n += 1
        for bad, why in (("0.8", "CODE"), ("0.000", "CODE"), ("0.123456701", "CODE"), ("0.", "CODE"),
                         ("0.3**", "CODE"), ("3", "CODE"), ("0.6 MISERE", "WILD"), ("0.137 MISERE", "FORM"),
                         ("0.3* MISERE", "FORM"), ("0.6 ONE", "FORM"), ("0.6 BINARY", "FORM"),
                         ("0.6 MISERE ONE", "FORM"), ("0.6 ONE MISERE", "FORM"), ("0.137* ONE", "FORM"),
                         ("0.6 ONE KAYLES", "ARGS"), ("0.6 KAYLES", "ARGS")):
            before = link.cmd("GAME")
            r = link.cmd("GAME OCTAL " + bad)
            check(r == "ERR GAME " + why and link.cmd("GAME") == before, "GAME OCTAL %s: %r" % (bad, r))
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: octal: %d codes, GRUNDY of heaps 1..8 = build/grundy's (one heap: 5 to 64), 15 refusals" % n,
              flush=True)
    finally:
        sim.close()
