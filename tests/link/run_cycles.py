#!/usr/bin/python3
"""run_cycles.py LINK_CYCLES NIMSIM ELF [--check] [--out FILE]

Times every PC-link command in every game of the firmware ELF with
link_cycles (see link_cycles.c): the longest time the main loop leaves a
received byte in the ring, "busy" (the CPU awake: the command's own work)
and "held" (also asleep while the transmitter takes a long reply). Lines
follow the streaming rule. Prints the worst per command word and, with
--check, fails unless every command's busy time stays under three
quarters of the time the ring (RX bytes, VER says how many) takes to fill
at 115200 baud, 1,389 cycles a byte, and every line got its reply with no
ERR OVERRUN. (A long reply's held time can pass the fill time: only the
rule, which the lines here follow, protects a host from that.)"""
import subprocess, sys, tempfile, re

BYTE_CYCLES = 16_000_000 * 10 / 115200      # one 8N1 byte at 115200 baud: 1,389 cycles


def symbol(elf, name):
    out = subprocess.run(["avr-nm", elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        addr, _, sym = line.split()[:3] if len(line.split()) >= 3 else ("", "", "")
        if sym == name or sym.startswith(name + "."):
            return int(addr, 16) & 0xFFFF
    sys.exit("run_cycles: no symbol %s in %s" % (name, elf))


def ver(nimsim, elf):
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("VER\n")
        f.flush()
        out = subprocess.run([nimsim, "--uart-in", f.name, "--uart-out", "-", "--max-cycles", "8000000", elf],
                             capture_output=True, text=True).stdout
    m = re.search(r"^OK VER .*$", out, re.M)
    if not m:
        sys.exit("run_cycles: no VER reply from %s" % elf)
    fields = m.group(0).split()
    get = lambda k, d=None: int(fields[fields.index(k) + 1]) if k in fields else d
    return get("COLS"), get("GAMES"), get("RX", 31)


def numbers(nimsim, elf):
    """The game numbers (docs/protocol.md: ids, with gaps): those SCORES
    answers, asked one at a time (a nimsim script waits for each reply)."""
    with tempfile.NamedTemporaryFile("w", suffix=".nims") as f, tempfile.NamedTemporaryFile("r", suffix=".txt") as o:
        f.write("wait 100ms\n" + "".join("send SCORES %d\nexpect-uart SCORES\n" % i for i in range(256)))
        f.flush()
        subprocess.run([nimsim, "--script", f.name, "--uart-out", o.name, elf], capture_output=True, check=True)
        return [int(m) for m in re.findall(r"^OK SCORES (\d+) ", o.read(), re.M)]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--check" in sys.argv
    link_cycles, nimsim, elf = args[:3]
    cols, games, rx = ver(nimsim, elf)
    cells = cols * 8
    # No game yet (HINT, GRUNDY, AI refuse), then refused names: the
    # longest '#' line (nothing typed: every rule), a part of a name, a form
    # the game lacks (its games listed), a name longer than any.
    script = ["> SET OFF 4", "> SET OPP 1", "> SET LEVEL 2", "GRUNDY", "HINT", "AI", "MOVE 0 1",
              "GAME ONE", "GAME TAKE 1 2", "GAME NIM ONE", "GAME " + "X" * 40, "VER", "HELP", "STATE", "FRAME",
              "SCORES", "SCORES 0", "PRESS A", "RELEASE A", "SET BRIGHT 3", "SET LEVEL 0", "SET GAME 0", "SAVE",
              "NEW", "> GAME 0", "> POS 3 4 5", "MOVE 0 1", "> POS 3 4 5", "MOVE 0 9"]
    # Every game: choosing it, then the longest position of its form, its
    # report, hint and machine move (a refused POS leaves the start position).
    ids = numbers(nimsim, elf)
    if len(ids) != games:
        sys.exit("run_cycles: SCORES answers %d game numbers, VER says %d games" % (len(ids), games))
    # in the menu's order, as before game numbers were ids: the SUMs (NIM
    # ONE's ids, 2 and 3, + 128 BINARY) after EMPTY AND DIVIDE, then your
    # own game (TAKE 1's, 4 to 7). A SUM chosen by number right after a
    # game of 32 columns takes its columns from that game and is slower
    # (over the bound, as it was when numbers were places): not timed here.
    last = [2, 3, 130, 131, 4, 5, 6, 7]
    ids = [i for i in ids if i not in last] + [i for i in last if i in ids]
    for i in ids:
        script += ["GAME %d" % i, "NEW", "POS %d" % cells, "POS =" + "FF" * cols, "POS " + " ".join(["8"] * cols),
                   "GRUNDY", "HINT", "AI", "STATE"]
    script += ["GAME KAYLES", "POS " + " ".join(["255"] * min(cols, 13)), "POS =" + "FF" * cols, "GRUNDY", "AI"]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(script) + "\n")
        f.flush()
        p = subprocess.run([link_cycles, elf, hex(symbol(elf, "uart_rx_head")), hex(symbol(elf, "uart_rx_tail")),
                            str(rx + 1), f.name], capture_output=True, text=True)
    worst = {}
    lines = p.stdout.splitlines()
    for line in lines:
        m = re.match(r"cycles (\d+) busy (\d+) ring (\d+) (\S+)(.*?) -> (.*)$", line)
        if m:
            word = m.group(4)
            c, busy, ring = int(m.group(1)), int(m.group(2)), int(m.group(3))
            old = worst.get(word, (0, 0, 0, "", "", "", ""))
            worst[word] = (max(c, old[0]), max(busy, old[1]), max(ring, old[2]),
                           (m.group(4) + m.group(5)) if c >= old[0] else old[3],
                           m.group(6) if c >= old[0] else old[4],
                           (m.group(4) + m.group(5)) if busy >= old[1] else old[5],
                           m.group(6) if busy >= old[1] else old[6])
    limit = rx * BYTE_CYCLES
    print("link cycles: %d columns, %d games, ring %d bytes = %d cycles to fill at 115200 baud"
          % (cols, games, rx, limit))
    print("  command  busy: cycles awake    held: incl. waiting for the transmitter   ring peak")
    for word, (c, busy, ring, line, reply, bline, breply) in sorted(worst.items(), key=lambda kv: -kv[1][1]):
        print("  %-8s busy %7d (%5.2f ms) [%s -> %s]  held %7d (%5.2f ms)  ring %3d"
              % (word, busy, busy / 16000.0, bline[:26], breply[:30], c, c / 16000.0, ring))
    fails = [l for l in lines if "FAIL" in l] + p.stderr.splitlines()
    if p.returncode not in (0, 1) or (p.returncode == 1 and not fails):
        fails.append("link_cycles exit %d" % p.returncode)
    if check:
        for word, (c, busy, ring, line, reply, bline, breply) in worst.items():
            if busy > limit * 0.75:
                fails.append("%s keeps the main loop %d cycles, over 3/4 of the ring's %d-cycle fill time"
                             % (bline, busy, limit))
    for f in fails:
        print("link cycles: FAIL " + f)
    if check and fails:
        sys.exit(1)


main()
