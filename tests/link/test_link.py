#!/usr/bin/python3
"""test_link.py B B4 [--write-readme]

The PC link end to end on the real firmware (B/nim.elf: 8 columns, B4/nim.elf:
32 columns) in the simulator, and tools/nimlink as a user runs it:

  defects   issue 12's reproductions, fed in one go (nimsim --uart-in):
            the burst that lost POS and GRUNDY, a GAME followed by 40 blank
            lines, and lines lost on purpose (a host that ignores the
            streaming rule) each answered by exactly one ERR OVERRUN
  oneheap   GRUNDY in every one-heap game against build/grundy's values,
            and never a sum that contradicts P/N
  binary    every BINARY game: its name (GAME NAME BINARY [MISERE]), heaps
            0..255 set, 256 refused, GRUNDY = build/grundy's values, the
            hint and the machine's move legal and to a P-position
  pos32     every column value of NIM and KAYLES set on 32 columns (hex
            form) and read back; ERR POS OVER means "no move", not "game over"
  nimlink   tools/nimlink on nimsim --pty: a game against the machine, the
            reference texts' worked examples, the GRUNDY table, dump and
            restore across a power cycle (also once the wear limit's
            burst is spent: SAVE, ERR SAVE WAIT), and its errors (missing
            port, busy port, no answer, wrong baud rate)
  pyserial  tools/nimlink under a Python without pyserial (a venv, or
            Debian's without its site packages): --help works; a command
            names the interpreter and how to give it pyserial
  names     GAME takes whole names only (test_commands.py), 8 and 32 columns
  reader    GAME and GAME SUM read rule names alike (test_reader.py): every
            name, range's move and prefix, 8 columns
  sum       GAME SUM (test_commands.py): each refusal its own ERR line, the
            notes' G(3)+G(5)+G(7) on 9 10 14, STATE and LOG, 8 and 32 columns
  nogame    every command with no game on (test_commands.py)
  ed        EMPTY AND DIVIDE (test_commands.py), 8 and 32 columns
  readme    docs/protocol.md's example session and VER line, replayed (with
            --write-readme: rewritten from the replay)"""
import fcntl
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NIMLINK = os.path.join(ROOT, "tools", "nimlink")
_loader = importlib.machinery.SourceFileLoader("nimlink", NIMLINK)
_spec = importlib.util.spec_from_loader("nimlink", _loader)
nimlink = importlib.util.module_from_spec(_spec)
_loader.exec_module(nimlink)
sys.path.insert(0, HERE)
import test_commands  # noqa: E402  (after nimlink: it drives the toy through it)
import test_reader  # noqa: E402

failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("link: FAIL " + what, flush=True)
    return cond


def uart_in(b, data, cycles=60_000_000):
    """Feed data in one go at line speed (no flow control), return the replies."""
    with tempfile.NamedTemporaryFile("wb", suffix=".txt") as f:
        f.write(data.encode("latin-1"))
        f.flush()
        out = subprocess.run([os.path.join(b, "nimsim"), "--uart-in", f.name, "--uart-out", "-",
                              "--max-cycles", str(cycles), os.path.join(b, "nim.elf")],
                             capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l.startswith("OK") or l.startswith("ERR")]


class Sim:
    """The firmware in the simulator with its UART on a pipe (link_pipe),
    through nimlink's Link."""

    def __init__(self, b):
        self.proc = subprocess.Popen([os.path.join(b, "link", "link_pipe"), os.path.join(b, "nim.elf")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lines = []
        self.link = nimlink.Link("link_pipe", timeout=10.0, transport=nimlink.PipeTransport(self.proc))
        self.link.on_line = self.lines.append
        self.link.hello()

    def close(self):
        self.link.close()
        self.proc.terminate()
        self.proc.wait(5)


# ---- defects ----------------------------------------------------------------------

def test_defects(b):
    r = uart_in(b, "VER\nHELP\nSET LEVEL 2\nGAME 0\nPOS 3 4 5\nGRUNDY\n")
    check(len(r) == 6 and r[3] == "OK GAME 0 NIM" and r[4] == "OK POS" and r[5] == "OK GRUNDY 3 4 5 SUM 2 N",
          "defect 1: the issue's burst, every line its reply: %r" % r)
    r = uart_in(b, "GAME 0\n" + "\n" * 40 + "VER\n")
    check(len(r) == 2 and r[0] == "OK GAME 0 NIM" and r[1].startswith("OK VER"),
          "defect 1: GAME 0, 40 blank lines, VER: exactly two replies: %r" % r)
    # A host that ignores the rule: STATE's long reply holds the main loop
    # while 60 more lines pour in; every line still gets exactly one reply.
    r = uart_in(b, "STATE\n" + "SCORES 0\n" * 60 + "VER\n")
    lost = sum(1 for x in r if x == "ERR OVERRUN")
    check(len(r) == 62 and r[0].startswith("OK STATE") and lost > 0
          and (r[-1].startswith("OK VER") or r[-1] == "ERR OVERRUN")
          and all(x.startswith("OK SCORES 0 ") or x == "ERR OVERRUN" for x in r[1:-1]),
          "lost lines: %d replies for 62 lines (%d ERR OVERRUN)" % (len(r), lost))
    r = uart_in(b, "STATE\n" * 3 + "\n" * 200 + "VER\n")
    lost = sum(1 for x in r if x == "ERR OVERRUN")
    # (the three replies hold the main loop longer than the rest takes to
    # arrive: VER is lost too, and answered ERR OVERRUN like the blank lines)
    check(all(x.startswith("OK STATE") for x in r[:3]) and 0 < lost <= 201 and len(r) == 3 + lost
          and all(x == "ERR OVERRUN" for x in r[3:]), "lost lines, blank or not, answer ERR OVERRUN: %r" % r[:5])
    print("link: defects: burst, blank lines, %d lost blank lines each one ERR OVERRUN" % lost, flush=True)


# ---- one-heap GRUNDY ----------------------------------------------------------------

def rule_ids():
    """Each rule's id (rules.h's second field) by its number (the first,
    STATE's RULE)."""
    with open(os.path.join(ROOT, "firmware", "engine", "rules.h")) as f:
        return {int(n): i for n, i in re.findall(r"^\s*X\(\s*(\d+),\s*(\w+),", f.read(), re.M)}


def grundy_seq(rule, n):
    """build/grundy's values of rule (its number, as STATE's RULE) for heaps 0 .. n - 1."""
    out = subprocess.run([os.path.join(ROOT, "build", "grundy"), rule_ids()[rule], str(n)],
                         capture_output=True, text=True, check=True).stdout.split()
    return [int(x) for x in out]


def games_in_mode(link, bit):
    """Each game of the list whose mode has bit, chosen in turn: (number, mode, rule's number)."""
    for i in link.game_numbers():
        link.cmd("GAME %d" % i)
        st = nimlink.state(link)
        mode, rule = int(st["MODE"]), int(st["RULE"])
        if mode & bit and not mode & 8:     # a SUM's columns have their own rules: test_sum
            yield i, mode, rule


def test_oneheap(b, heaps):
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        cells = link.cols * 8
        games = 0
        for i, mode, rule in games_in_mode(link, 1):
            games += 1
            seq = grundy_seq(rule, cells + 1)
            hs = [h for h in heaps(cells)]
            lines = []
            for h in hs:
                lines += ["POS %d" % h, "GRUNDY"]
            res = link.stream(lines)
            for k, h in enumerate(hs):
                p, g = res[2 * k][1], res[2 * k + 1][1]
                if p == "ERR POS OVER":
                    continue            # no move from this heap
                f = g.split()
                if mode & 2:
                    ok = f[:3] == ["OK", "GRUNDY", str(seq[h])] and f[3] == "MISERE" and len(f) == 5
                else:
                    ok = f == ["OK", "GRUNDY", str(seq[h]), "SUM", str(seq[h]), "P" if seq[h] == 0 else "N"]
                if not check(ok, "game %d rule %d mode %d heap %d: %r (g = %d)" % (i, rule, mode, h, g, seq[h])):
                    break
        print("link: oneheap: %d columns, %d one-heap games, GRUNDY = build/grundy's value, P iff 0"
              % (link.cols, games), flush=True)
    finally:
        sim.close()


def test_binary(b):
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        link.cmd("SET OPP 1")
        games = 0
        ed = next(n for n, i in rule_ids().items() if i == "ED")     # two boxes, not heaps: test_commands.test_ed
        for i, mode, rule in games_in_mode(link, 4):
            if rule == ed:
                continue
            games += 1
            name = link.cmd("GAME %d" % i)
            check(name.endswith(" BINARY" + (" MISERE" if mode & 2 else "")), "game %d: %r" % (i, name))
            words = name.split(None, 3)[3]
            check(link.cmd("GAME " + words) == name, "GAME %s: %r" % (words, link.cmd("GAME " + words)))
            seq = grundy_seq(rule, 256)
            check(link.cmd("POS 256 1") == "ERR POS ARGS" and link.cmd("POS 255 254 0") == "OK POS",
                  "game %d: heaps over 255 refused, up to 255 taken" % i)
            heaps = [(255, 254, 0), (200, 13, 99), (13, 12, 8), (64, 65, 66, 67), (129, 3), (77,)]
            for h in heaps:
                r = link.stream(["POS " + " ".join(map(str, h)), "GRUNDY", "HINT", "AI"])
                g, hint, ai = r[1][1].split(), r[2][1].split(), r[3][1].split()
                vals = [seq[x] for x in h]
                check(g[2:2 + len(h)] == [str(v) for v in vals], "game %d %s: %s, build/grundy %s" % (i, h, g, vals))
                for reply in (hint, ai):
                    if reply[:2] in (["OK", "HINT"], ["OK", "AI"]) and reply[2] != "NONE":
                        c, to = int(reply[2]), int(reply[3])
                        check(c < len(h) and to < h[c], "game %d %s: %s" % (i, h, reply))
                if not mode & 2 and hint[:2] == ["OK", "HINT"] and hint[2] != "NONE":
                    c, to = int(hint[2]), int(hint[3])
                    x = 0
                    for k, v in enumerate(vals):
                        x ^= seq[to] if k == c else v
                    check(x == 0, "game %d %s: hint %s leaves nim-sum %d" % (i, h, hint, x))
        check(games > 0 and games % 2 == 0, "BINARY games listed: %d" % games)
        print("link: binary: %d columns, %d BINARY games, heaps 0..255, GRUNDY = build/grundy's values"
              % (link.cols, games), flush=True)
    finally:
        sim.close()


# ---- every position on 32 columns --------------------------------------------------------

def test_pos32(b):
    sim = Sim(b)
    link = sim.link
    try:
        check(link.cols == 32, "the 32-column build says COLS %d" % link.cols)
        link.cmd("SET OFF 4")
        link.cmd("SET OPP 1")
        check(link.cmd("GAME NIM") == "OK GAME 0 NIM", "GAME NIM")
        for k in range(9):
            v = [(c + k) % 9 for c in range(32)]
            line = nimlink.pos_line(link, v)
            check(len(line) <= link.line_max, "POS line %d chars over LINE" % len(line))
            check(link.cmd(line) == "OK POS", line)
            check(nimlink.state(link)["POS"] == ",".join(map(str, v)), "NIM read back %s" % v)
        check(link.cmd("POS " + " ".join(["8"] * 32)) == "OK POS", "32 heights in decimal")
        link.cmd("GAME KAYLES")
        for k in range(8):
            v = [k * 32 + c for c in range(32)]
            r = link.cmd("POS =" + "".join("%02X" % x for x in v))
            if v == [0] * 32:
                continue
            check(r == "OK POS", "KAYLES masks %d..%d: %s" % (v[0], v[-1], r))
            check(nimlink.state(link)["POS"] == ",".join(map(str, v)), "KAYLES read back %d.." % v[0])
        check(link.cmd("POS " + " ".join(["255"] * 28)) == "ERR LONG", "decimal 28 x 255 is over LINE: ERR LONG")
        # ERR POS OVER: this position has no move (not "the game is over")
        link.cmd("GAME NIM")
        check(link.cmd("POS 0 0 0") == "ERR POS OVER", "POS 0 0 0 has no move")
        link.cmd("POS 0 0 1")
        link.cmd("MOVE 2 0")        # the game ends
        time.sleep(1.2)
        st = nimlink.state(link)
        check(st["SCR"] == "END", "the game is over: %s" % st["SCR"])
        check(link.cmd("POS 3 4 5") == "OK POS", "POS after the game is over starts play again")
        print("link: pos32: every NIM height and KAYLES mask set and read back on 32 columns", flush=True)
    finally:
        sim.close()


# ---- nimlink, the program ------------------------------------------------------------------

def run_nimlink(args, timeout=60, **kw):
    p = subprocess.run([NIMLINK] + args, capture_output=True, text=True, timeout=timeout, **kw)
    return p.returncode, p.stdout, p.stderr


def fake_port(answer=None):
    """A pty nobody answers, or one that answers garbage (a wrong baud rate)."""
    master, slave = os.openpty()
    path = os.ttyname(slave)
    stop = []

    def serve():
        while not stop:
            try:
                data = os.read(master, 256)
            except OSError:
                return
            if answer and data:
                os.write(master, answer)
    t = threading.Thread(target=serve, daemon=True)
    t.start()
    return path, master, slave, stop


def test_nimlink(b):
    elf = os.path.join(b, "nim.elf")
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; SET LEVEL 2; GAME NIM; play 1"])
    check(rc == 0 and "game over: you won" in out and "LOG END H" in out,
          "nimlink play: rc %d, %s %s" % (rc, out[-300:], err))
    moves = len(re.findall(r"^LOG MOVE M ", out, re.M))
    check(moves >= 2, "the machine moved %d times" % moves)
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; examples"])
    check(rc == 0 and out.count("LOG END H1: player 1 won") == 2 and "MISMATCH" not in out,
          "nimlink examples: rc %d %s" % (rc, out[-400:]))
    rc, out, err = run_nimlink(["--sim", elf, "grundy 3 4 5"])
    want = ["OK GRUNDY 3 4 5 SUM 2 N", "NIM, position 3 4 5", "  A       3 = 011", "  B       4 = 100",
            "  C       5 = 101", "  nim-sum    010   (= 2: N, the player to move wins)",
            "              ^  the leftmost 1 of the nim-sum", "  change column A: 011 XOR 010 = 001 (HINT 0 1)"]
    got = [l for l in out.splitlines() if not l.startswith("LOG")]
    check(rc == 0 and got == want, "nimlink grundy 3 4 5:\n%s" % out)
    rc, out, err = run_nimlink(["--sim", elf, "--quiet-log", "grundy 0 0 0"])
    check(rc == 1 and "ERR POS OVER" in out, "nimlink grundy 0 0 0: rc %d %s" % (rc, out))
    # review (issue 22): 3-4-5, the 5 taken to 4 (nim-sum 3: the machine's),
    # the texts' table before it and what the move did; KAYLES misere: P/N
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; SET LEVEL 2; GAME NIM; POS 3 4 5; MOVE 2 4; review"])
    want = ["OK REVIEW 1 2 4 BEST 0 1", "OK REVIEW POS 3 4 5", "NIM, move 1: column C from 5 to 4 (a mistake)",
            "before the move:", "  A       3 = 011", "  B       4 = 100", "  C       5 = 101",
            "  nim-sum    010   (= 2: N, the player to move wins)",
            "              ^  the leftmost 1 of the nim-sum", "  change column A: 011 XOR 010 = 001 (HINT 0 1)",
            "  the move: C 101 -> 100, the nim-sum 010 -> 011 (= 3: N, the opponent wins)"]
    got = [l for l in out.splitlines() if l.startswith(("OK REVIEW", "NIM,", "before", "  "))]
    check(rc == 0 and got == want, "nimlink review on 3 4 5:\n%s" % out)
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; SET LEVEL 2; GAME KAYLES MISERE; POS 7; MOVE 0 6; review"])
    check(rc == 0 and "OK REVIEW 1 0 6 BEST 0 " in out and "a P-position for the opponent" in out
          and not re.search(r"^  A +\d+ = ", out, re.M), "nimlink review, KAYLES misere:\n%s" % out)

    # EMPTY AND DIVIDE is not a sum of columns: the notes' invariant, no
    # binary table; REVIEW POS, typed, goes to the toy as it is
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; SET LEVEL 2; GAME EMPTY AND DIVIDE; POS 3 4; MOVE 0 2; "
                                "review; REVIEW POS"])
    want = ["OK REVIEW 1 0 2 BEST 0 1", "OK REVIEW POS 3 4",
            "EMPTY AND DIVIDE, move 1: box A emptied, box B's 4 divided as 2 + 2 (a mistake)",
            "  P-positions: both boxes odd",
            "  before the move: boxes 3 and 4: an N-position, the player to move wins",
            "  the move left 2 and 2: an N-position, the opponent wins with perfect play",
            "  the winning move: empty box A, divide box B's 4 as 1 + 3: a P-position, the opponent loses (BEST 0 1)",
            "OK REVIEW POS 3 4"]
    got = [l for l in out.splitlines() if l.startswith(("OK REVIEW", "EMPTY", "  ", "nimlink"))]
    check(rc == 0 and got == want, "nimlink review, EMPTY AND DIVIDE:\n%s" % out)
    rc, out, err = run_nimlink(["--sim", elf, "SET OFF 4; SET LEVEL 2; GAME EMPTY AND DIVIDE BINARY MISERE; "
                                "POS 9 7; MOVE 1 3; review"])
    check(rc == 0 and "box B emptied, box A's 9 divided as 6 + 3" in out
          and "divide box B's 7 as 2 + 5: a P-position" in out and "nim-sum" not in out,
          "nimlink review, EMPTY AND DIVIDE BINARY MISERE:\n%s" % out)

    with tempfile.TemporaryDirectory() as d:
        e1, e2 = os.path.join(d, "a.bin"), os.path.join(d, "b.bin")
        f1, f2, f3 = (os.path.join(d, x) for x in ("1.json", "2.json", "3.json"))
        rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e1,
                                    "SET BRIGHT 5; SET LEVEL 0; SCORES 0 3 4; SCORES 1 0 9; SCORES 5 255 1; dump " + f1])
        check(rc == 0, "dump: %s %s" % (out, err))
        rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e2, "restore %s; dump %s" % (f1, f2)])
        check(rc == 0 and "0 refused" in out, "restore: %s %s" % (out, err))
        time.sleep(0.3)
        rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e2, "dump " + f3])   # a power cycle later
        d1, d2, d3 = (json.load(open(f)) for f in (f1, f2, f3))
        check(d1 == d2 == d3 and d1["settings"]["BRIGHT"] == 5 and d1["scores"]["0"] == [3, 4]
              and d1["scores"]["1"] == [0, 9] and d1["scores"]["5"] == [255, 1],
              "dump, restore on a blank toy, power cycle: %r %r" % (d1, d3))
        # scores by game number: one no game has is refused, and said so
        with open(f3, "w") as f:
            json.dump(dict(d1, scores=dict(d1["scores"], **{"127": [1, 2]})), f)
        rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e2, "restore " + f3])
        check("SCORES 127 1 2 -> ERR SCORES NUMBER" in out and "1 refused" in out, "restore, an unknown number: %s" % out)
        test_restore_burst(elf, d, f1, d1)

    rc, out, err = run_nimlink(["--port", "/dev/nonexistent-nimlink", "VER"])
    check(rc == 2 and "no such port" in err, "missing port: %d %s" % (rc, err))
    path, master, slave, stop = fake_port()
    held = os.open(path, os.O_RDWR | os.O_NOCTTY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    rc, out, err = run_nimlink(["--port", path, "VER"])
    check(rc == 2 and "busy" in err, "busy port: %d %s" % (rc, err))
    os.close(held)
    rc, out, err = run_nimlink(["--port", path, "--timeout", "0.5", "VER"])
    check(rc == 2 and "nothing came back" in err, "no answer: %d %s" % (rc, err))
    stop.append(1)
    path, master, slave, stop = fake_port(b"\xe0\x00\xfe\x80\x1c\xf8\n")
    rc, out, err = run_nimlink(["--port", path, "--timeout", "0.5", "VER"])
    check(rc == 2 and "wrong baud rate" in err, "wrong baud rate: %d %s" % (rc, err))
    stop.append(1)
    path, master, slave, stop = fake_port(b"\xe0\x00\xfe\x80\x1c\xf8")      # not even a line end
    rc, out, err = run_nimlink(["--port", path, "--timeout", "0.5", "VER"])
    check(rc == 2 and "wrong baud rate" in err, "wrong baud rate, no line end: %d %s" % (rc, err))
    stop.append(1)
    print("link: nimlink: a game won against the machine, the worked examples, the GRUNDY table, the review, "
          "dump/restore over a power cycle, four link errors", flush=True)


class SimPty:
    """nimsim --pty --realtime on an EEPROM file, talked to in-process
    (nimlink's start_sim and Link); close() cuts the power."""

    def __init__(self, elf, eeprom, extra=()):
        import argparse
        self.proc, port = nimlink.start_sim(argparse.Namespace(nimsim=None, sim=elf, sim_eeprom=eeprom), extra)
        self.link = nimlink.Link(port, timeout=3.0)
        self.link.hello()

    def saving(self):
        return " SAVE=1" in self.link.cmd("STATE")

    def settle(self, limit):
        """True once STATE says SAVE=0 within limit seconds."""
        deadline = time.monotonic() + limit
        while self.saving():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def close(self):
        self.link.close()
        self.proc.terminate()
        self.proc.wait(5)


def test_restore_burst(elf, d, f1, d1):
    """nimlink restore once the settings' burst of saves is spent: its SAVE
    writes them at once (they survive a power cut right after); a second
    SAVE within 10 minutes is refused and restore says so plainly; a SAVE
    with nothing waiting writes nothing and does not count."""
    e, log = os.path.join(d, "burst.bin"), os.path.join(d, "burst.log")
    sim = SimPty(elf, e)
    try:
        check(sim.link.cmd("SAVE") == "OK SAVE", "SAVE with nothing waiting")
        sets = 0
        while sets < 12:
            sets += 1
            check(sim.link.cmd("SET BRIGHT %d" % (sets % 8 + 1)).startswith("OK"), "SET BRIGHT")
            if not sim.settle(2.0):
                break
        check(sim.saving(), "the burst not spent after %d SETs" % sets)
        outs = []
        r = nimlink.run_line(sim.link, "restore " + f1, outs.append)
        check(r == "OK" and not sim.saving(), "restore past the burst: %r %r" % (r, outs))
        check(sim.link.cmd("SET BRIGHT 3") == "OK SET BRIGHT 3" and sim.saving(), "a SET after it waits")
        check(sim.link.cmd("SAVE") == "ERR SAVE WAIT", "a second SAVE within 10 minutes")
        outs = []
        r = nimlink.run_line(sim.link, "restore " + f1, outs.append)
        text = "\n".join(outs)
        check(r == "ERR SAVE WAIT" and "keep it powered" in text and "15 minutes" in text,
              "restore refused SAVE: %r %r" % (r, outs))
    finally:
        sim.close()
    f4 = os.path.join(d, "4.json")
    rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e, "dump " + f4])    # the power cut
    check(rc == 0 and json.load(open(f4)) == d1, "restored past the burst, a power cut: %s %s" % (out, err))
    sim = SimPty(elf, e, ["--eeprom-log", log])
    try:
        check(sim.link.cmd("SAVE") == "OK SAVE" and not sim.saving(), "SAVE with nothing waiting, again")
    finally:
        sim.close()
    writes = open(log).read().splitlines()
    check(not writes, "SAVE with nothing waiting wrote %d EEPROM bytes" % len(writes))
    rc, out, err = run_nimlink(["--sim", elf, "--sim-eeprom", e, "restore %s" % f1])
    check(rc == 0 and "0 refused" in out, "restore on a fresh power-on (burst unspent): %s %s" % (out, err))
    print("link: restore past the wear limit's burst (%d SETs): SAVE writes it, a power cut keeps it; "
          "SAVE again within 10 minutes: ERR SAVE WAIT; SAVE with nothing waiting: no write" % sets, flush=True)


def test_pyserial():
    with tempfile.TemporaryDirectory() as d:
        venv = os.path.join(d, "venv")
        subprocess.run(["/usr/bin/python3", "-m", "venv", "--without-pip", venv], check=True)
        py = os.path.join(venv, "bin", "python3")
        p = subprocess.run([py, NIMLINK, "--help"], capture_output=True, text=True, timeout=30)
        check(p.returncode == 0 and "usage: nimlink" in p.stdout and "pip install pyserial" in p.stdout,
              "--help without pyserial: rc %d %s %s" % (p.returncode, p.stdout[-200:], p.stderr))
        p = subprocess.run([py, NIMLINK, "--sim", os.devnull, "VER"], capture_output=True, text=True, timeout=30)
        check(p.returncode == 2 and "%s (Python " % py in p.stderr and "%s -m pip install pyserial" % py in p.stderr
              and "/usr/bin/python3 " in p.stderr and "Traceback" not in p.stderr,
              "a venv without pyserial: rc %d %s" % (p.returncode, p.stderr))
    p = subprocess.run(["/usr/bin/python3", "-S", NIMLINK, "VER"], capture_output=True, text=True, timeout=30)
    check(p.returncode == 2 and "/usr/bin/python3 (Python " in p.stderr and "apt-get install python3-serial" in p.stderr,
          "Debian's Python without pyserial: rc %d %s" % (p.returncode, p.stderr))
    print("link: pyserial: --help without it; the message names the interpreter and the remedy", flush=True)


# ---- docs/protocol.md's example session -----------------------------------------------------

README = os.path.join(ROOT, "docs", "protocol.md")
# The version is the firmware's own (CHANGELOG.md); the document writes <version>.
unversioned = lambda t: re.sub(r"^OK VER NIM \S+ ", "OK VER NIM <version> ", t)
# Only game 0 (NIM): the other games' numbers belong to the menu's list.
SESSION = ["GAME NIM", "POS 3 4 5", "GRUNDY", "HINT", "MOVE 0 1", "MOVE 0 9", "POS 0 0 0", "SCORES 0",
           "FOO", ""]


def replay(b):
    """Each line of the session, then what came back until the toy is quiet
    (the machine's move comes 1.1 s after yours)."""
    sim = Sim(b)
    link = sim.link
    try:
        for l in ("SET OFF 4", "SET OPP 0", "SET FIRST 0", "SET LEVEL 2", "SET START 0"):
            link.cmd(l)
        ver = link.cmd("VER")
        time.sleep(0.2)
        out = []
        for line in SESSION:
            if not line:
                break
            del sim.lines[:]
            link.cmd(line)
            quiet_since, n = time.monotonic(), 0
            while time.monotonic() - quiet_since < (1.5 if line.startswith("MOVE") else 0.2):
                time.sleep(0.05)
                if len(sim.lines) != n:
                    n, quiet_since = len(sim.lines), time.monotonic()
            out.append("> " + line)
            out += sim.lines[:]
        return ver, out
    finally:
        sim.close()


def test_readme(b, write):
    ver, session = replay(b)
    text = open(README).read()
    m = re.search(r"(Example session.*?```\n)(.*?)(```)", text, re.S)
    v = re.search(r"\| `VER` \| `(OK VER[^`]*)` \|", text)
    if not check(m and v, "README.md has no example session or VER row"):
        return
    check("game already over" not in text, "README still says ERR POS OVER means 'game already over'")
    block = "\n".join(session) + "\n"
    if write:
        text = text[:m.start(2)] + block + text[m.end(2):]
        text = text.replace(v.group(1), unversioned(ver))
        open(README, "w").write(text)
        print("link: readme: example session and VER row rewritten from the firmware", flush=True)
        return
    check(m.group(2) == block, "README's example session differs from the firmware's; run "
          "tests/link/test_link.py B B4 --write-readme\n--- README\n%s--- firmware\n%s" % (m.group(2), block))
    games = lambda t: re.sub(r"GAMES \d+", "GAMES n", t)     # the menu's list grows elsewhere
    check(games(v.group(1)) == games(unversioned(ver)), "README's VER row %r, the firmware says %r" % (v.group(1), ver))
    print("link: readme: the example session (%d lines) and the VER row match the firmware" % len(session), flush=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    b, b4 = args[0], args[1]
    only = os.environ.get("LINK_ONLY", "")
    t0 = time.monotonic()
    if "--write-readme" in sys.argv:
        test_readme(b, True)
        return
    steps = [("defects", lambda: test_defects(b)),
             ("oneheap", lambda: test_oneheap(b, lambda n: range(0, n + 1))),
             ("oneheap32", lambda: test_oneheap(b4, lambda n: list(range(0, 40)) + list(range(n - 8, n + 1)))),
             ("binary", lambda: test_binary(b)),
             ("pos32", lambda: test_pos32(b4)),
             ("nimlink", lambda: test_nimlink(b)),
             ("pyserial", test_pyserial),
             ("names", lambda: test_commands.test_names(b, check, Sim)),
             ("names32", lambda: test_commands.test_names(b4, check, Sim)),
             ("reader", lambda: test_reader.test_reader(b, check, Sim, os.path.join(ROOT, "build", "grundy"))),
             ("nogame", lambda: test_commands.test_nogame(b, check, Sim)),
             ("ed", lambda: test_commands.test_ed(b, check, Sim)),
             ("ed32", lambda: test_commands.test_ed(b4, check, Sim)),
             ("sum", lambda: test_commands.test_sum(b, check, Sim)),
             ("sum32", lambda: test_commands.test_sum(b4, check, Sim)),
             ("octal", lambda: test_commands.test_octal(b, check, Sim, ROOT)),
             ("octal32", lambda: test_commands.test_octal(b4, check, Sim, ROOT)),
             ("readme", lambda: test_readme(b, False))]
    for name, fn in steps:
        if not only or name in only.split(","):
            fn()
    print("link: %d checks, %d failed, %.1f s" % (checks, len(failures), time.monotonic() - t0))
    print("%d passed, %d failed" % (checks - len(failures), len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
