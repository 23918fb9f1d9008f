"""nimlink_link.py - the PC link's transport for tools/nimlink: a serial
port (pyserial) or a pipe to the simulator, the line reader with LOG lines
as they come, and the streaming of commands (at most RX bytes in flight).
docs/protocol.md."""
import os
import queue
import re
import select
import sys
import threading
import time

try:
    import serial
except ImportError:
    serial = None       # --help and the tests' pipe work without it; a port does not

DEBIAN_PYTHON = "/usr/bin/python3"


def serial_missing():
    """What to do when the running interpreter cannot import pyserial: it
    may not be Debian's (a venv, or pyenv's python3 first on PATH), and
    then it cannot see Debian's python3-serial."""
    exe = sys.executable or "python3"
    text = "needs pyserial, which %s (Python %d.%d) cannot import: " % ((exe,) + sys.version_info[:2])
    if sys.prefix == sys.base_prefix == "/usr":     # Debian's own, not a venv made from it
        return text + "apt-get install python3-serial (make deps)"
    return text + ("install it for this interpreter (%s -m pip install pyserial), or run nimlink "
                   "with Debian's Python, which make deps gives python3-serial: %s %s ..."
                   % (exe, DEBIAN_PYTHON, sys.argv[0] or "tools/nimlink"))


# What a port raises when it cannot open, and when it fails or goes away.
OPEN_ERROR = serial.SerialException if serial else OSError
PORT_ERRORS = (OPEN_ERROR, OSError, TypeError)



class LinkError(Exception):
    """The link failed: the message says why and what to try."""


class PipeTransport:
    """A toy behind a child process's standard input and output, in place
    of a serial port (the tests' simulator, tests/link/link_pipe)."""

    in_waiting = 0

    def __init__(self, proc):
        self.proc, self.fd = proc, proc.stdout.fileno()

    def read(self, n):
        r, _, _ = select.select([self.fd], [], [], 0.05)
        if not r:
            return b""
        data = os.read(self.fd, 65536)
        if not data:
            raise OSError("the toy's process ended")
        return data

    def write(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def flush(self):
        pass

    def close(self):
        self.proc.stdin.close()


class Link:
    """One toy on one serial port: the line protocol with the streaming rule."""

    def __init__(self, port, baud=115200, timeout=3.0, on_log=None, transport=None):
        self.port, self.baud, self.timeout = port, baud, timeout
        self.on_log = on_log or (lambda line: None)
        self.window = 4             # until VER tells RX: one short line at a time
        self.line_max = 64
        self.ver = {}
        self.inflight = []          # [bytes counted, line] of lines sent, oldest first
        self.replies = queue.Queue()
        self.garbage = 0            # bytes that are not protocol text (wrong baud?)
        self.received = 0
        self.nontext = 0            # bytes no line of the protocol holds
        self.tail = b""             # the last bytes received (for a report)
        self.boots = 0
        self.info = []              # '#' lines before the next reply
        self.on_log_extra = None    # a command's own watcher of LOG lines
        self.on_line = None         # every text line, in the order it came (transcripts)
        if transport is None and serial is None:
            raise LinkError(serial_missing())
        try:
            self.ser = transport or serial.Serial(port, baud, timeout=0.05, exclusive=True)
        except OPEN_ERROR as e:
            raise LinkError(self._open_error(e)) from None
        self._stop = False
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    def _open_error(self, e):
        text, errno_ = str(e), getattr(e, "errno", None)
        if errno_ == 2 or "No such file" in text:
            return ("no such port %s: is the toy plugged in? (ls /dev/ttyUSB* /dev/ttyACM*)" % self.port)
        if errno_ == 16 or "busy" in text.lower() or "lock" in text.lower():
            return ("port %s is busy: another program has it open (a serial monitor, avrdude, "
                    "another nimlink); close it and try again" % self.port)
        if errno_ == 13 or "ermission" in text:
            return ("no permission for %s: add yourself to the dialout group "
                    "(sudo adduser $USER dialout, then log in again)" % self.port)
        return "cannot open %s: %s" % (self.port, text)

    # ---- reading: a thread splits lines; LOG lines go out at once ----------
    def _read_loop(self):
        buf = b""
        while not self._stop:
            try:
                data = self.ser.read(self.ser.in_waiting or 1)
            except PORT_ERRORS:
                self.replies.put(None)      # the port went away
                return
            if not data:
                continue
            self.received += len(data)
            self.nontext += sum(1 for b in data if (b < 32 or b > 126) and b not in (9, 10, 13))
            self.tail = (self.tail + data)[-400:]
            buf += data
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                self._line(raw.rstrip(b"\r"))

    def _line(self, raw):
        # A Nano's bootloader answers a byte or two when the port opens (it
        # resets the chip): noise before a line's text is dropped.
        m = re.search(rb"(OK|ERR|LOG |#)[ -~]*$", raw)
        if m and m.start():
            raw = raw[m.start():]
        if any(b < 32 or b > 126 for b in raw if b != 9):
            self.garbage += 1
            return
        line = raw.decode("ascii")
        if self.on_line and line:
            self.on_line(line)
        if line.startswith("LOG "):
            if line.startswith("LOG BOOT"):
                self.boots += 1
            self.on_log(line)
        elif line.startswith("#"):
            self.info.append(line)
        elif line.startswith("OK") or line.startswith("ERR"):
            self.replies.put(line)
        elif line:
            self.garbage += 1

    def close(self):
        self._stop = True
        self._reader.join(1.0)
        self.ser.close()

    # ---- writing: the streaming rule ---------------------------------------
    def _why_silent(self, what):
        if self.garbage or self.nontext:
            return ("%s: what came back is not protocol text (%d bytes): wrong baud rate? "
                    "(the toy talks at 115200 8N1; --baud %d was used)" % (what, self.nontext, self.baud))
        if not self.received:
            return ("%s: nothing came back from %s in %.0f s: is it the toy, with its firmware, powered "
                    "and awake? (after auto-off it does not listen: press a button)" % (what, self.port, self.timeout))
        return "%s: no reply within %.0f s" % (what, self.timeout)

    def _take_reply(self, deadline):
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LinkError(self._why_silent("no reply to %r" % self.inflight[0][1]))
            try:
                r = self.replies.get(timeout=min(left, 0.2))
            except queue.Empty:
                continue
            if r is None:
                raise LinkError("the port %s went away" % self.port)
            return r

    def stream(self, lines, on_reply=None):
        """Send lines following the streaming rule; return [(line, reply, info)]
        in order. Blank lines are sent too, counted with the next line."""
        out, pending, i = [], b"", 0
        sent_at = []
        while i < len(lines) or self.inflight:
            # send while the window has room
            while i < len(lines):
                line = lines[i]
                data = (line + "\n").encode("latin-1")
                if not line.strip():
                    pending += data
                    i += 1
                    continue
                if len(pending) + len(data) > self.window:
                    pending = b""       # blank lines do nothing: drop those that would not fit
                need = len(pending) + len(data)
                if need > self.window:
                    raise LinkError("line %r is longer than the toy's window (%d bytes)" % (line, self.window))
                if sum(n for n, _ in self.inflight) + need > self.window:
                    break
                self.ser.write(pending + data)
                self.inflight.append([need, line])
                sent_at.append(time.monotonic())
                pending = b""
                i += 1
            if not self.inflight:
                break
            reply = self._take_reply(sent_at[0] + self.timeout)
            n, line = self.inflight.pop(0)
            sent_at.pop(0)
            info, self.info = self.info, []
            out.append((line, reply, info))
            if on_reply:
                on_reply(line, reply, info)
        if pending:                     # trailing blank lines: harmless, but sent
            self.ser.write(pending)
        self.ser.flush()
        return out

    def cmd(self, line):
        return self.stream([line])[0][1]

    def hello(self, wait=4.0):
        """VER, asked again while the toy boots (opening the port resets a
        Nano: its bootloader runs first); sets the window from RX."""
        deadline = time.monotonic() + wait
        while True:
            self.ser.write(b"VER\n")
            self.inflight = [[4, "VER"]]
            try:
                r = self._take_reply(min(deadline, time.monotonic() + 1.0))
            except LinkError:
                if time.monotonic() >= deadline:
                    raise LinkError(self._why_silent("the toy does not answer VER")) from None
                continue
            if r.startswith("OK VER"):
                break
        time.sleep(0.1)                 # a second VER may have got through: drop its reply
        while not self.replies.empty():
            self.replies.get()
        f = r.split()
        self.ver = dict(zip(f[2::2], f[3::2]))      # NIM 2.0.0 BOARD nano COLS 8 ...
        self.line_max = int(self.ver.get("LINE", 64))
        self.window = int(self.ver.get("RX", 31))
        self.inflight = []
        return r

    @property
    def cols(self):
        return int(self.ver.get("COLS", 8))

    @property
    def games(self):
        return int(self.ver.get("GAMES", 1))

    def game_numbers(self):
        """The toy's game numbers (docs/protocol.md: each game's id, 0 to
        255, with gaps): the ones SCORES answers, which changes nothing."""
        return [int(r.split()[2]) for _, r, _ in self.stream(["SCORES %d" % i for i in range(256)])
                if r.startswith("OK")]


# ---- helpers on top of the protocol -------------------------------------------
