#!/usr/bin/env python3
"""test_size_report.py --out DIR <size_report.py's --elf ... arguments>

tools/size_report.py on a real ELF: the baseline it writes adds up, per
module and per function, to the .text + .data that avr-size reports; it is
the same bytes when written twice (compiled, then from its cache); the
cache is read, and an entry whose files changed is compiled again (both
shown by editing an entry); the report against it shows no change;
a baseline with one module and one of its functions made smaller shows that
module and that function with the delta; a broken baseline is a clear error.
"""
import json
import os
import shutil
import subprocess
import sys

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "size_report.py")
failed = 0


def check(ok, what):
    global failed
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    failed += not ok


def report(args, *extra):
    p = subprocess.run([sys.executable, TOOL, *extra, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    out, args = sys.argv[2], sys.argv[3:]
    if sys.argv[1] != "--out" or "--elf" not in args:
        sys.exit("usage: test_size_report.py --out DIR --elf ELF ... SOURCES")
    elf = args[args.index("--elf") + 1]
    os.makedirs(out, exist_ok=True)
    print(f"size-report test: {elf}")

    # avr-size's own figures, read here and not through the tool
    size = subprocess.run(["avr-size", "-A", elf], capture_output=True, text=True, check=True).stdout
    sec = {f[0]: int(f[1]) for f in (l.split() for l in size.splitlines()) if len(f) == 3 and f[1].isdigit()}
    flash = sec[".text"] + sec.get(".data", 0)

    base = os.path.join(out, "size.baseline")
    cache = os.path.join(out, "cache")
    shutil.rmtree(cache, ignore_errors=True)

    def write_baseline(*extra):
        if os.path.exists(base):
            os.remove(base)
        rc, _, err = report(args, "--baseline", base, "--write-baseline", *extra)
        check(rc == 0, f"--write-baseline exits 0 {err.strip()}")
        with open(base, "rb") as fh:
            return fh.read()

    # every source compiled (the cache emptied first, then filled), then
    # every one read from the cache
    runs = [write_baseline("--cache", cache) for _ in range(2)]
    check(runs[0] == runs[1], "the baseline is the same bytes written twice (compiled, then from the cache)")
    # the cache is used, and an entry only while every file its compile read
    # is the same: one source's entry with its symbols wiped changes the
    # report; the same with one file's digest off is compiled again
    entry = None
    for f in sorted(os.listdir(cache)):
        with open(os.path.join(cache, f)) as fh:
            e = json.load(fh)
        if len(e["names"]) > len(entry[1]["names"]) if entry else e["names"]:
            entry = (os.path.join(cache, f), e)

    def wipe(stale):
        path, e = entry[0], dict(entry[1], names=[], strings=[], deps=dict(entry[1]["deps"]))
        if stale:
            e["deps"][next(iter(e["deps"]))] = "0" * 64
        with open(path, "w") as fh:
            json.dump(e, fh)

    wipe(False)
    if os.path.exists(base + ".wiped"):
        os.remove(base + ".wiped")
    rc, _, _ = report(args, "--baseline", base + ".wiped", "--write-baseline", "--cache", cache)
    check(rc != 0 or open(base + ".wiped", "rb").read() != runs[0],
          "an entry with its symbols wiped is what the report reads")
    wipe(True)
    check(write_baseline("--cache", cache) == runs[0], "an entry whose file changed is compiled again")
    lines = [l.split() for l in runs[0].decode().splitlines() if l and not l.startswith("#")]
    check(lines == sorted(lines, key=lambda f: " ".join(f)) and all(f[0] == elf for f in lines),
          "the baseline is sorted, every line of this ELF")
    mods = {f[2]: int(f[3]) for f in lines if f[1] == "module"}
    funcs = [(f[2], f[3], int(f[4])) for f in lines if f[1] == "func"]
    check(sum(mods.values()) == flash,
          f"modules add up to avr-size's .text + .data: {sum(mods.values())} == {flash}")
    check(sum(n for _, _, n in funcs) == flash, "functions add up to the same")
    check(all(sum(n for m2, _, n in funcs if m2 == m) == n for m, n in mods.items()),
          "each module is the sum of its functions")
    own = [m for m in mods if not m.startswith("(")]
    check(len(own) >= 20 and "store" in own and "tables" in own and mods.get("(unknown)") is None,
          f"the bytes land in our modules ({len(own)} of them, none unknown)")

    rc, text, _ = report(args, "--baseline", base, "--all", "--cache", cache)
    rows = [l.split() for l in text.splitlines() if l.startswith("  ") and len(l.split()) == 4]
    after = sum(int(r[2]) for r in rows if r[0] in mods)
    check(rc == 0 and after == flash and len([r for r in rows if r[0] in mods]) == len(mods),
          f"--all lists every module, adding up to {flash}")
    rc, text, _ = report(args, "--baseline", base, "--cache", cache)
    check(rc == 0 and "modules changed: none" in text and "functions changed: none" in text
          and f"flash {flash} B of 30720" in text and f"free {30720 - flash} B" in text,
          "against its own baseline: the total, the free bytes, nothing changed")

    # one module and its largest function 37 B smaller in the baseline
    # (not main: its largest function has the module's name)
    mod = max((m for m in own if m != "main"), key=lambda m: (mods[m], m))
    fn = max((f for f in funcs if f[0] == mod), key=lambda f: (f[2], f[1]))
    mutated = os.path.join(out, "size.baseline.smaller")
    with open(mutated, "w") as fh:
        for f in lines:
            if f[1] == "module" and f[2] == mod or f[1] == "func" and f[2:4] == [mod, fn[1]]:
                f = f[:-1] + [str(int(f[-1]) - 37)]
            fh.write(" ".join(f) + "\n")
    rc, text, _ = report(args, "--baseline", mutated, "--cache", cache)
    print("\n".join("    | " + l for l in text.splitlines()))
    want_mod = [mod, str(mods[mod] - 37), str(mods[mod]), "+37"]
    want_fn = [f"{fn[1]}", f"({mod})", str(fn[2] - 37), str(fn[2]), "+37"]
    got = [l.split() for l in text.splitlines()]
    check(rc == 0 and want_mod in got, f"the report names {mod}: {' '.join(want_mod)}")
    check(want_fn in got, f"and its function {fn[1]}: +37")
    check(f"delta +37 B" in text and sum(1 for g in got if g and g[-1].startswith(("+", "-"))
                                        and g[-1] not in ("+0", "-0")) == 2,
          "and nothing else changed")

    with open(mutated, "a") as fh:
        fh.write(f"{elf} module\n")
    rc, _, err = report(args, "--baseline", mutated, "--cache", cache)
    check(rc == 2 and "not a baseline line" in err and "Traceback" not in err,
          f"a broken baseline line is a clear error: {err.strip()}")
    print(f"size-report test: {'FAIL' if failed else 'ok'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
