#!/usr/bin/env python3
"""Send one line to a serial pty and wait for a reply line that starts with
an expected prefix. Usage: pty_talk.py PTY LINE PREFIX [TIMEOUT_S [BAUD]]
Prints every line received; exits 0 when the prefix is seen, 1 otherwise.
BAUD sets the port's rate, which a simulator with --baud-check holds the
chip's to."""
import os, select, sys, termios, time, tty

path, line, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
timeout = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
tty.setraw(fd)
attrs = termios.tcgetattr(fd)
attrs[3] &= ~termios.ECHO
if len(sys.argv) > 5:
    attrs[4] = attrs[5] = getattr(termios, "B" + sys.argv[5])
termios.tcsetattr(fd, termios.TCSANOW, attrs)
deadline = time.time() + timeout
buf = b""
next_send = 0.0
while time.time() < deadline:
    if time.time() >= next_send:  # the game may still be booting: ask again
        os.write(fd, line.encode() + b"\n")
        next_send = time.time() + 2.0
    r, _, _ = select.select([fd], [], [], 0.2)
    if fd in r:
        buf += os.read(fd, 4096)
        while b"\n" in buf:
            got, buf = buf.split(b"\n", 1)
            text = got.decode(errors="replace").strip()
            print("pty: " + text)
            if text.startswith(prefix):
                sys.exit(0)
print("pty: no line starting with %r within %.0f s" % (prefix, timeout))
sys.exit(1)
