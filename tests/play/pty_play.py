#!/usr/bin/env python3
"""pty_play.py COLSxROWS legacy|kitty MAKE-ARGS...: drives `make play` in a
real pty of that size, with a small terminal emulator of our own (cursor
moves, line erase, UTF-8; the replies a terminal gives: DA, and in kitty
mode the keyboard protocol's flags). Checks, printing one line each:
  - the key help is whole on screen, and the UART log's first line sits
    right under its heading;
  - quick taps count one by one: 4 RIGHT 100 ms apart move the cursor 4
    columns, 3 DOWN 100 ms apart take 3 stones (read by the PC link's
    STATE, typed at the toy's ':' prompt and shown in the UART log);
    in kitty mode each tap is a press and a release event;
  - the menu key (m; kitty: x held 1 s, then released) opens the menu;
  - q quits: exit status 0, key flags popped, main screen back.
Exit 0 when every check held."""
import os, re, select, signal, struct, sys, time, fcntl, termios

size, mode, args = sys.argv[1], sys.argv[2], sys.argv[3:]
COLS, ROWS = (int(v) for v in size.split("x"))
KITTY = mode == "kitty"
NCOLS = 8 * int(next((a.split("=")[1] for a in args if a.startswith("MODULES=")), "1"))
fails = 0


def check(ok, what, detail=""):
    global fails
    print(("  ok   " if ok else "  FAIL ") + what)
    if not ok:
        fails += 1
        if detail:
            print("\n".join("       | " + l for l in detail.splitlines()))


class Screen:
    def __init__(self):
        self.g = [[" "] * COLS for _ in range(ROWS)]
        self.r = self.c = 0
        self.buf = b""
        self.raw = b""
        self.replies = b""
        self.pushed = []

    def feed(self, data):
        self.raw += data
        self.buf += data
        b = self.buf
        i = 0
        while i < len(b):
            ch = b[i]
            if ch == 0x1B:
                if i + 1 >= len(b):
                    break
                if b[i + 1] == ord("["):
                    j = i + 2
                    while j < len(b) and not (0x40 <= b[j] <= 0x7E):
                        j += 1
                    if j >= len(b):
                        break
                    self.csi(b[i + 2:j].decode("ascii", "replace"), chr(b[j]))
                    i = j + 1
                    continue
                i += 2
                continue
            if ch == 0x0D:
                self.c = 0
            elif ch == 0x0A:
                self.r = min(self.r + 1, ROWS - 1)
            elif ch >= 0x20:
                n = 1 if ch < 0x80 else 2 if ch >= 0xC0 and ch < 0xE0 else 3 if ch < 0xF0 else 4
                if i + n > len(b):
                    break
                if self.c < COLS:
                    self.g[self.r][self.c] = b[i:i + n].decode("utf-8", "replace")
                self.c = min(self.c + 1, COLS - 1) if self.c < COLS - 1 else COLS  # no autowrap (?7l)
                i += n
                continue
            i += 1
        self.buf = b[i:]

    def csi(self, p, f):
        if f == "H":
            v = [int(x) if x else 1 for x in p.split(";")] if p else [1, 1]
            self.r, self.c = min(v[0], ROWS) - 1, min(v[1] if len(v) > 1 else 1, COLS) - 1
        elif f == "K":
            for c in range(self.c, COLS):
                self.g[self.r][c] = " "
        elif f == "J" and p == "2":
            self.g = [[" "] * COLS for _ in range(ROWS)]
        elif f == "c" and not p.startswith("?"):
            self.replies += b"\x1b[?62;22c"                     # DA1: a VT220-ish terminal
        elif f == "u" and p == "?":
            if KITTY:
                self.replies += b"\x1b[?0u"
        elif f == "u" and p.startswith(">"):
            self.pushed.append(int(p[1:] or 0))
        elif f == "u" and p.startswith("<"):
            self.pushed and self.pushed.pop()

    def rows(self):
        return ["".join(r).rstrip() for r in self.g]

    def text(self):
        return "\n".join(self.rows())


pid, fd = os.forkpty()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    os.environ["TERM"] = "xterm-256color"
    os.execvp("make", ["make", "--no-print-directory", "play"] + args)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
scr = Screen()
status = None


def pump(secs):
    global status
    end = time.time() + secs
    while True:
        left = end - time.time()
        if left <= 0:
            return
        r, _, _ = select.select([fd], [], [], min(left, 0.02))
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                return
            scr.feed(data)
            if scr.replies:
                os.write(fd, scr.replies)
                scr.replies = b""


def wait_for(pred, secs):
    end = time.time() + secs
    while time.time() < end:
        pump(0.05)
        if pred():
            return True
    return False


def log_text():
    rows = scr.rows()
    head = next((i for i, l in enumerate(rows) if l.strip().startswith("UART")), None)
    # the log is drawn from column 3, wrapped at COLS - 3 characters
    full = ["".join(r) for r in scr.g]
    return "".join(r[2:COLS - 1] for r in full[head + 1:]) if head is not None else ""


def colon():
    """':' as the terminal sends it: kitty, shift+';' with its shifted key."""
    os.write(fd, b"\x1b[59:58;2u\x1b[59:58;2:3u" if KITTY else b":")


def state(field, secs=3):
    """Types STATE at the ':' prompt; returns FIELD of the reply. The reply
    is new when the log has changed and ends with a whole reply (the log
    may be too short to keep the older ones)."""
    pump(0.1)
    before = log_text()
    def last():
        t = log_text()
        return re.match(r"OK STATE (.*MENU=\d+(?: [A-Z]+=\S+)*)\s*$", t[t.rfind("OK STATE"):])
    colon()
    pump(0.15)
    for ch in "state\r":
        os.write(fd, typed(ch))
        pump(0.02)
    if not wait_for(lambda: log_text() != before and last(), secs):
        return None
    pump(0.1)
    m = last()
    v = re.search(r"\b" + field + r"=([^ ]*)", m.group(1)) if m else None
    return v.group(1) if v else None


def typed(text):
    """Text as the terminal sends it; kitty: every key a press and a release
    event (letters as their lower-case key, shift and the shifted key)."""
    if not KITTY:
        return text.encode()
    out = ""
    for ch in text:
        if ch == "\r":
            k = "13"
        elif ch.isupper():
            k = "%d:%d;2" % (ord(ch.lower()), ord(ch))
        else:
            k = str(ord(ch))
        rel = k + (":3" if ";" in k else ";1:3")
        out += "\x1b[%su\x1b[%su" % (k, rel)
    return out.encode()


def command(line):
    colon()
    pump(0.15)
    os.write(fd, typed(line + "\r"))
    pump(0.4)


ARROW = {"UP": "A", "DOWN": "B", "RIGHT": "C", "LEFT": "D"}


def tap(key):
    """A quick tap: legacy, one key; kitty, press and release at once."""
    if KITTY:
        if key in ARROW:
            os.write(fd, ("\x1b[1;1:1%s\x1b[1;1:3%s" % (ARROW[key], ARROW[key])).encode())
        else:
            os.write(fd, ("\x1b[%d;1:1u\x1b[%d;1:3u" % (ord(key), ord(key))).encode())
    else:
        os.write(fd, ("\x1b[" + ARROW[key]).encode() if key in ARROW else key.encode())


try:
    # --- the screen -----------------------------------------------------------
    ok = wait_for(lambda: "LOG BOOT" in scr.text(), 20)
    check(ok, "make play draws the toy at %dx%d and the firmware boots (LOG BOOT)" % (COLS, ROWS), scr.text())
    pump(0.5)
    rows = scr.rows()
    want = ["UP   DOWN   LEFT   RIGHT   A   B",
            "arrows = UP DOWN LEFT RIGHT   z = A (choose, move)   x = B (hint, teach)",
            "m = hold B (menu)   : = a PC link command   q = quit"]
    missing = [w for w in want if not any(r.strip() == w for r in rows)]
    check(not missing, "the key help is whole on screen (%d rows)" % len(want), scr.text())
    head = next((i for i, l in enumerate(rows) if l.strip().startswith("UART")), -1)
    check(head >= 0 and head + 1 < ROWS and rows[head + 1].strip().startswith("LOG BOOT"),
          "the UART log's first line is right under its heading", scr.text())
    if KITTY:
        check(scr.pushed == [15], "kitty keyboard flags pushed: disambiguate, event types, alternate keys, all keys (15)",
              str(scr.pushed))
        check("press and release (kitty protocol)" in scr.text(), "the status says keys are pressed and released")
    else:
        check(scr.pushed == [], "no key flags pushed where the terminal did not answer the query")
        check("each key press is a tap" in scr.text(), "the status says each key press is a tap")

    # --- taps -------------------------------------------------------------------
    command("NEW")
    command("POS " + " ".join(str(1 + i % 8) for i in range(NCOLS)))
    c0 = state("CUR")
    for _ in range(4):
        tap("RIGHT")
        pump(0.1)
    pump(0.5)
    c1 = state("CUR")
    cols = lambda c: int(c.split(",")[0]) if c else -1
    check(c0 is not None and c1 is not None and (cols(c1) - cols(c0)) % NCOLS == 4,
          "4 RIGHT taps 100 ms apart move the cursor 4 columns (CUR %s -> %s)" % (c0, c1), log_text()[-400:])
    for _ in range(3):
        tap("DOWN")
        pump(0.1)
    pump(0.5)
    pend = state("PEND")
    check(pend == "3", "3 DOWN taps 100 ms apart take 3 stones (PEND=%s)" % pend)

    # --- the menu ---------------------------------------------------------------
    if KITTY:
        os.write(fd, b"\x1b[120;1:1u")                # x pressed ...
        for _ in range(10):
            pump(0.05)
            os.write(fd, b"\x1b[120;1:2u")            # ... repeating ...
            pump(0.05)
        os.write(fd, b"\x1b[120;1:3u")                # ... released after 1 s
        pump(0.3)
        scr_now = state("SCR")
        check(scr_now == "MENU", "x held 1 s (press, repeats, release) opens the menu (SCR=%s)" % scr_now)
        command("NEW")
    os.write(fd, b"m")
    pump(1.3)
    scr_now = state("SCR")
    check(scr_now == "MENU", "the menu key m (hold B) opens the menu (SCR=%s)" % scr_now, log_text()[-300:])

    # --- q ------------------------------------------------------------------------
    os.write(fd, b"\x1b[113u" if KITTY else b"q")
    end = time.time() + 5
    while time.time() < end and status is None:
        pump(0.05)
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(st)
    tail = scr.raw[-200:]
    check(status == 0 and b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail and scr.pushed == [],
          "q quits: exit 0, key flags popped, cursor and main screen back (status %s)" % status, repr(tail))
finally:
    if status is None:
        os.kill(pid, signal.SIGTERM)
        time.sleep(0.5)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
sys.exit(1 if fails else 0)
