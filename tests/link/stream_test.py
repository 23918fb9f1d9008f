#!/usr/bin/python3
"""stream_test.py ELF [LINES] [SEED]

The streaming rule under load: tools/nimlink's Link streams LINES (default
2500) mixed PC-link lines to the real firmware in the simulator
(tests/link/link_pipe: the UART on a pipe, the bytes back to back at line
speed), keeping RX bytes of unanswered lines in flight as VER allows.
Good and bad commands, blank lines, CRLF, tabs, lower case, over-long and
binary lines, NIM and KAYLES games played by MOVE and AI in two-player
mode. A model of the toy predicts each reply; every line must get exactly
its own reply, in order (a lost line shifts every later reply, two merged
lines answer as one bad line: both fail), and no ERR OVERRUN may appear.

The stall seen here once (seed 212, about one run in 30, after ~1,550
lines; UCSR0A read TXC0 set and UDRE0 clear, then a watchdog restart) was
the firmware's, not simavr's: the main loop read the UART until its ring
was empty, and when this host answered fast enough the ring never was, so
the watchdog went unfed (sim/README.md, "The UART stall"; link_flood.c and
flood.mjs reproduce it on both simulators). UDRE0 clear was only the
transmitter busy. make test runs seeds 12 and 13."""
import importlib.machinery
import importlib.util
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
_loader = importlib.machinery.SourceFileLoader("nimlink", os.path.join(ROOT, "tools", "nimlink"))
_spec = importlib.util.spec_from_loader("nimlink", _loader)
nimlink = importlib.util.module_from_spec(_spec)
_loader.exec_module(nimlink)
PIPE = None     # link_pipe, next to the ELF's build (main)


class Model:
    """What the toy must answer, line by line (two players, NIM or KAYLES)."""

    def __init__(self, link, rng):
        self.link, self.rng = link, rng
        self.cols = link.cols
        self.game = "NIM"
        self.pos = [3, 4, 5]
        self.turn = 0
        self.kayles_index = None
        self.moves = 0
        self.numbers = link.game_numbers()     # the games' numbers: ids, with gaps (docs/protocol.md)

    def start(self, game):
        self.game = game
        self.pos = [3, 4, 5] if game == "NIM" else [7, 15, 31]
        self.turn = 0

    def random_pos(self):
        n = self.rng.randint(2, self.cols)
        if self.game == "NIM":
            return [self.rng.randint(1, 8) for _ in range(n)]
        return [self.rng.randint(1, 255) for _ in range(n)]

    def legal_moves(self):
        out = []
        for c, v in enumerate(self.pos):
            if self.game == "NIM":
                out += [(c, t) for t in range(v)]
            else:
                for b in range(8):
                    if v >> b & 1:
                        out.append((c, v & ~(1 << b)))
                        if b < 7 and v >> (b + 1) & 1:
                            out.append((c, v & ~(3 << b)))
        # never the move that ends the game: the model keeps it going
        return [(c, t) for c, t in out if sum(self.pos) - self.pos[c] + t > 0]

    def apply(self, c, t):
        self.pos[c] = t
        self.turn ^= 1
        self.moves += 1

    # Each generator returns (line, check) where check(reply) -> error text or None.
    def next_line(self):
        r = self.rng.random()
        exact = lambda want: (lambda got: None if got == want else "want %r" % want)
        prefix = lambda want: (lambda got: None if got.startswith(want) else "want %r..." % want)
        if r < 0.06:
            return "VER", prefix("OK VER NIM ")
        if r < 0.09:
            return "HELP", prefix("OK HELP VER GAME")
        if r < 0.13:
            return "FRAME", lambda got: None if re.fullmatch(r"OK FRAME [0-9A-F]{%d}" % (2 * self.cols), got) \
                else "want a frame of %d columns" % self.cols
        if r < 0.16:
            pos, turn = ",".join(map(str, self.pos)), self.turn
            return "STATE", lambda got: None if " POS=%s " % pos in got and " TURN=%d " % turn in got \
                else "want POS=%s TURN=%d" % (pos, turn)
        if r < 0.24:
            if self.game == "NIM":
                s = 0
                for v in self.pos:
                    s ^= v
                return "GRUNDY", exact("OK GRUNDY %s SUM %d %s" % (" ".join(map(str, self.pos)), s, "P" if s == 0 else "N"))
            return "GRUNDY", prefix("OK GRUNDY ")
        if r < 0.28:
            return "HINT", self.check_hint()
        if r < 0.32:
            i = self.rng.choice(self.numbers)
            return "SCORES %d" % i, prefix("OK SCORES %d W " % i)
        if r < 0.36:
            v = self.rng.randrange(16)
            return "SET BRIGHT %d" % v, exact("OK SET BRIGHT %d" % v)
        if r < 0.46:
            p = self.random_pos()
            self.pos, self.turn = p, 0
            line = nimlink.pos_line(self.link, p)
            if self.rng.random() < 0.3 and len(p) * 2 + 5 <= self.link.line_max:
                line = "POS =" + "".join("%02X" % v for v in p)
            return line, exact("OK POS")
        if r < 0.62:
            moves = self.legal_moves()
            if not moves:
                return "VER", prefix("OK VER")
            c, t = self.rng.choice(moves)
            self.apply(c, t)
            return "MOVE %d %d" % (c, t), exact("OK MOVE %d %d" % (c, t))
        if r < 0.66:
            c = self.rng.randrange(len(self.pos))
            return "MOVE %d %d" % (c, self.pos[c]), exact("ERR MOVE ILLEGAL")    # no change
        if r < 0.68:
            return "MOVE %d 0" % len(self.pos), exact("ERR MOVE COL")
        if r < 0.72:
            if sum(1 for v in self.pos if v) < 2 or self.game != "NIM":
                return "SET SOUND 0", exact("OK SET SOUND 0")
            return "AI", self.check_ai()
        if r < 0.74:
            g = self.rng.choice(["NIM", "KAYLES"])
            self.start(g)
            return "GAME %s" % g, prefix("OK GAME ") if g == "KAYLES" else exact("OK GAME 0 NIM")
        if r < 0.77:
            return "FOO%d" % self.rng.randrange(100), exact("ERR UNKNOWN")
        if r < 0.79:
            return "VER 1", exact("ERR ARGS")
        if r < 0.81:
            n = self.rng.randint(self.link.line_max + 1, self.link.window - 2)
            return "X" * n, exact("ERR LONG")
        if r < 0.83:
            return "VER\x80", exact("ERR BINARY")
        if r < 0.87:
            return "ver\r", prefix("OK VER NIM ")      # CRLF, lower case
        if r < 0.90:
            return "set\tbright 3", exact("OK SET BRIGHT 3")
        if r < 0.95:
            return "", None                               # blank: no reply
        return "SCORES", prefix("OK SCORES ")

    def check_hint(self):
        pos, game = list(self.pos), self.game

        def check(got):
            f = got.split()
            if game != "NIM":
                return None if got.startswith("OK HINT") else "want OK HINT"
            s = 0
            for v in pos:
                s ^= v
            if s == 0:
                return None if got == "OK HINT NONE" else "want OK HINT NONE at %s" % pos
            if len(f) != 4 or f[:2] != ["OK", "HINT"]:
                return "want OK HINT c t"
            c, t = int(f[2]), int(f[3])
            if c >= len(pos) or t >= pos[c] or s ^ pos[c] ^ t:
                return "hint %d %d does not win from %s" % (c, t, pos)
            return None
        return check

    def check_ai(self):
        pos = list(self.pos)
        model = self

        def check(got):
            f = got.split()
            if len(f) != 4 or f[:2] != ["OK", "AI"]:
                return "want OK AI c t"
            c, t = int(f[2]), int(f[3])
            if c >= len(pos) or t >= pos[c]:
                return "AI move %d %d is not legal from %s" % (c, t, pos)
            return None
        # The reply decides the position: the check applies it (in order).
        return lambda got: (check(got) or model.apply_ai(got))

    def apply_ai(self, got):
        f = got.split()
        self.apply(int(f[2]), int(f[3]))
        return None


def run(elf, nlines, seed):
    rng = random.Random(seed)
    proc = subprocess.Popen([PIPE, elf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    logs = []
    try:
        link = nimlink.Link("link_pipe", timeout=10.0, on_log=logs.append,
                            transport=nimlink.PipeTransport(proc))
        link.hello()
        setup = ["SET OFF 4", "SET OPP 1", "SET FIRST 0", "SET START 0", "SET LEVEL 2", "GAME NIM"]
        for line, reply, _ in link.stream(setup):
            if not reply.startswith("OK"):
                sys.exit("stream: setup %s -> %s" % (line, reply))
        model = Model(link, rng)
        # AI replies change the position: generate in chunks that stop at an
        # AI line, so the next lines are made from the position it left.
        t0 = time.monotonic()
        sent = answered = blank = 0
        nbytes = 0
        failures = []
        while sent < nlines:
            chunk, checks = [], []
            while sent < nlines:
                line, check = model.next_line()
                chunk.append(line)
                sent += 1
                nbytes += len(line) + 1
                if check is None:
                    blank += 1
                    continue
                checks.append((line, check))
                if line == "AI":
                    break
            try:
                results = link.stream(chunk)
            except nimlink.LinkError as e:
                print("stream: FAIL %s; sent so far %d lines; last lines %r; last LOG lines %r"
                      % (e, sent, chunk[-8:], logs[-3:]))
                if os.environ.get("NUDGE"):
                    link.ser.write(b"\n")
                    time.sleep(1)
                    got = []
                    while not link.replies.empty():
                        got.append(link.replies.get())
                    print("after a nudge: %r" % got)
                print("stream: received %d bytes, %d not text; the last: %r; the simulator %s"
                      % (link.received, link.garbage, link.tail[-300:],
                         "runs" if proc.poll() is None else "exited %s" % proc.poll()))
                raise SystemExit(1)
            if len(results) != len(checks):
                failures.append("%d replies for %d lines" % (len(results), len(checks)))
            for (line, check), (sent_line, reply, _) in zip(checks, results):
                answered += 1
                why = check(reply)
                if why or sent_line != line:
                    failures.append("%r -> %r: %s" % (line, reply, why))
                if "OVERRUN" in reply:
                    failures.append("%r -> %r: a line was lost" % (line, reply))
            if len(failures) > 5:
                break
        dt = time.monotonic() - t0
        link.close()
    finally:
        proc.terminate()
        proc.wait(5)
    moves = sum(1 for l in logs if l.startswith("LOG MOVE"))
    print("stream: %d columns, %d lines (%d blank, %d answered, %d bytes) in %.1f s, window %d bytes, "
          "%d moves logged (model %d), %d failures"
          % (link.cols, sent, blank, answered, nbytes, dt, link.window, moves, model.moves, len(failures)))
    if moves != model.moves:
        failures.append("LOG MOVE lines %d, moves made %d" % (moves, model.moves))
    for f in failures[:10]:
        print("stream: FAIL " + f)
    return not failures


if __name__ == "__main__":
    elf = sys.argv[1]
    PIPE = os.path.join(os.path.dirname(os.path.abspath(elf)), "link", "link_pipe")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2500
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    sys.exit(0 if run(elf, n, seed) else 1)
