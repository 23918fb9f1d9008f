#!/usr/bin/env python3
"""size_report.py - where the flash of a firmware ELF goes, per module and per
function, against a committed baseline (make size-report, make size-baseline).

The firmware is linked with LTO and without -g (a -g link changes the code:
measured +10 B), so the ELF cannot say which source file a symbol came from.
Each source is compiled once more here, without LTO and at -O0 (1-2 s for
all of them), only to learn its symbol names: a symbol of the ELF belongs to
the source that defines the same name (LTO's .lto_priv.N, .constprop.N, ...
suffixes dropped). The PSTR strings (__c.N, numbered per compile) are matched
by their bytes instead. What each compile gives is kept beside the ELF
(size-report-cache/) until the compiler, the flags or a file that compile
read changes. A module is the source's basename without extension,
so that moving a file to another folder keeps its history in the baseline.
Bytes no symbol covers (padding, the start-up code's labels) are a row of
their own: the modules always add up to avr-size's .text + .data.

Baseline lines: "<elf> module <module> <bytes>" and
"<elf> func <module> <name> <bytes>", sorted; one file holds both builds.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

FLASH_BUDGET = 30720
FUNC_ROWS = 20
RUNTIME = "(runtime)"       # libgcc, avr-libc, the start-up code
VECTORS = "(vectors)"       # the interrupt vector table
PADDING = "(padding)"       # alignment after one of our objects
UNKNOWN = "(unknown)"       # a symbol no source defines (none today)
STRINGS = "(strings)"       # a module's PSTR literals, as one "function"


def fail(msg):
    print(f"size-report: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(f"{' '.join(cmd[:3])} ... failed:\n{p.stderr.strip()}")
    return p.stdout


def base_name(name):
    """store_scan.lto_priv.99 -> store_scan; none.2233 -> none."""
    return name.split(".")[0]


def module_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def section_bytes(tool, path, sections=None):
    """{section: (first address, bytearray)} from objdump -s."""
    cmd = [tool, "-s"] + [f"-j{s}" for s in sections or []] + [path]
    out, cur, data = {}, None, None
    for line in run(cmd).splitlines():
        m = re.match(r"Contents of section (\S+):", line)
        if m:
            cur, data = m.group(1), None
            continue
        m = re.match(r" ([0-9a-f]+) ((?:[0-9a-f]{2,8} ){1,4})", line)
        if m and cur:
            addr = int(m.group(1), 16)
            chunk = bytes.fromhex(m.group(2).replace(" ", ""))
            if data is None:
                start, data = out.setdefault(cur, (addr, bytearray()))
            data[addr - start:addr - start + len(chunk)] = chunk
    return out


def elf_sections(args):
    """(text, data) sizes as avr-size -A reports them."""
    sizes = {}
    for line in run([args.size, "-A", args.elf]).splitlines():
        f = line.split()
        if len(f) == 3 and f[0] in (".text", ".data"):
            sizes[f[0]] = (int(f[1]), int(f[2]))
    if ".text" not in sizes:
        fail(f"{args.elf}: no .text section")
    return sizes.get(".text"), sizes.get(".data", (0, 0))


def file_digest(path):
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


def cached_names(cache, key):
    """A source's (names, strings) from the cache when the compiler, flags,
    source and every file its compile read (the -MD list) are the same
    bytes as when it was stored; else None."""
    try:
        with open(os.path.join(cache, key + ".json")) as fh:
            entry = json.load(fh)
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or not all(file_digest(d) == h for d, h in entry.get("deps", {}).items()):
        return None
    return entry["names"], [bytes.fromhex(x) for x in entry["strings"]]


def compile_names(args, tmp, i, src):
    """A source compiled alone: its symbol names and its PSTR strings' bytes,
    and the files the compile read (-MD)."""
    obj, dep = os.path.join(tmp, f"{i}.o"), os.path.join(tmp, f"{i}.d")
    run([args.cc] + args.cflags.split() + ["-MD", "-MF", dep, "-c", "-o", obj, src])
    secs = section_bytes(args.objdump, obj)
    names, strings = set(), []
    for line in run([args.objdump, "-t", obj]).splitlines():
        f = line.split()
        # 00000000 l     O .progmem.data.__c.2406	0000000f __c.2406
        if len(f) < 5 or f[-4] not in ("F", "O") or int(f[-2], 16) == 0:
            continue
        name, sec = f[-1], f[-3]
        if name.startswith("__c."):
            strings.append(bytes(secs.get(sec, (0, b""))[1]))
        else:
            names.add(base_name(name))
    with open(dep) as fh:
        deps = fh.read().replace("\\\n", " ").split(":", 1)[1].split()
    return sorted(names), strings, deps


def source_names(args, tmp):
    """{base name: set of modules}, {string bytes: set of modules}.
    Each source's answer is kept in args.cache (make test-size-report runs
    the report ten times on two ELFs from the same sources); a file the
    compile read that changed, the compiler or the flags, compiles it again."""
    names, strings = {}, {}
    for i, src in enumerate(args.sources):
        mod = module_of(src)
        key = hashlib.sha256("\0".join([args.cc, args.cflags, os.path.abspath(src)]).encode()).hexdigest()
        got = cached_names(args.cache, key) if args.cache else None
        if got is None:
            src_names, src_strings, deps = compile_names(args, tmp, i, src)
            if args.cache:
                os.makedirs(args.cache, exist_ok=True)
                entry = {"deps": {d: file_digest(d) for d in deps}, "names": src_names,
                         "strings": [b.hex() for b in src_strings]}
                with open(os.path.join(args.cache, key + ".json.tmp"), "w") as fh:
                    json.dump(entry, fh)
                os.replace(os.path.join(args.cache, key + ".json.tmp"), os.path.join(args.cache, key + ".json"))
        else:
            src_names, src_strings = got
        for b in src_strings:
            strings.setdefault(b, []).append(mod)
        for n in src_names:
            names.setdefault(n, set()).add(mod)
    return names, strings


def elf_symbols(args, ranges):
    """Sized symbols [(addr, size, name)] (aliases once) and markers
    {addr: [names]} (every symbol, the sizeless labels of the start-up code
    too) inside the flash ranges."""
    seen, syms, marks = set(), [], {}
    for line in run([args.nm, "-S", "--defined-only", args.elf]).splitlines():
        f = line.split()
        if len(f) not in (3, 4) or f[-2].lower() not in "tdw":
            continue
        addr, name = int(f[0], 16), f[-1]
        size = int(f[1], 16) if len(f) == 4 else 0
        if not any(lo <= addr < hi for lo, hi in ranges):
            continue
        marks.setdefault(addr, []).append(name)
        if size and (addr, size) not in seen:
            seen.add((addr, size))
            syms.append((addr, size, name))
    return sorted(syms), marks


LIBC_NAMES = set()


def libc_names(args):
    """The functions avr-libc defines: libc.a (memcpy ...) and the chip's
    own library (eeprom_read_byte ...)."""
    mcu = [a for a in args.cflags.split() if a.startswith("-mmcu=")]
    for lib in ["libc.a"] + [f"lib{a[6:]}.a" for a in mcu]:
        path = run([args.cc, *mcu, f"-print-file-name={lib}"]).strip()
        if os.path.isfile(path):
            for line in run([args.nm, "--defined-only", "-g", path]).splitlines():
                f = line.split()
                if len(f) == 3:
                    LIBC_NAMES.add(f[2])


def runtime_name(name):
    """libgcc, avr-libc and the start-up code: names no source of ours uses."""
    return name.startswith(("__", ".")) or name in ("exit", "_exit") or name in LIBC_NAMES


def gap_owner(addr, marks):
    """Bytes no sized symbol covers belong to the nearest label at or before
    them: the vector table (with the switch tables the linker puts after
    it), the start-up code's pieces, or padding after one of our objects."""
    at = max((a for a in marks if a <= addr), default=None)
    names = sorted(marks.get(at, []))
    if "__vectors" in names:
        return VECTORS, "__vectors"
    if names and all(runtime_name(n) for n in names):
        return RUNTIME, names[0]
    return PADDING, PADDING


def header_of(name, args):
    """A static inline defined in several objects: the one header of the
    include path that defines it, else None."""
    dirs = sorted({os.path.dirname(s) or "." for s in args.sources}
                  | {a[2:] for a in args.cflags.split() if a.startswith("-I")})
    pat = re.compile(r"^\s*static\b[^;(]*\b" + re.escape(name) + r"\s*\(", re.M)
    found = set()
    for d in dirs:
        for h in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if h.endswith(".h"):
                with open(os.path.join(d, h), encoding="utf-8", errors="replace") as fh:
                    if pat.search(fh.read()):
                        found.add(module_of(h))
    return found.pop() if len(found) == 1 else None


def attribute(args, text, data, names, strings):
    """{(module, function): bytes}, every byte of .text and .data once."""
    code_at, code = section_bytes(args.objdump, args.elf, [".text"]).get(".text", (0, b""))
    ranges = [(text[1], text[1] + text[0]), (data[1], data[1] + data[0])]
    syms, marks = elf_symbols(args, ranges)
    funcs, used = {}, {}

    def add(mod, func, n):
        funcs[(mod, func)] = funcs.get((mod, func), 0) + n

    def add_gap(lo, hi):
        """[lo, hi) split where a sizeless label starts."""
        cuts = sorted({lo, hi} | {a for a in marks if lo < a < hi})
        for a, b in zip(cuts, cuts[1:]):
            add(*gap_owner(a, marks), b - a)

    ends = {r: r[0] for r in ranges}
    for addr, size, name in syms:
        r = next(r for r in ranges if r[0] <= addr < r[1])
        if addr < ends[r]:                          # overlap: count it once
            size -= min(size, ends[r] - addr)
            addr = ends[r]
            if size <= 0:
                continue
        size = min(size, r[1] - addr)
        if addr > ends[r]:
            add_gap(ends[r], addr)
        ends[r] = addr + size
        base = base_name(name)
        if name.startswith("__c."):
            blob = bytes(code[addr - code_at:addr - code_at + size])
            # the same literal in k modules is k copies (LTO keeps each):
            # one to each module, in address order, so each total is exact
            mods = sorted(strings.get(blob, []))
            taken = used.setdefault(blob, 0)
            used[blob] += 1
            mod = mods[taken] if taken < len(mods) else "|".join(sorted(set(mods))) or UNKNOWN
            add(mod, STRINGS, size)
        elif base in names:
            mods = sorted(names[base])
            mod = mods[0] if len(mods) == 1 else header_of(base, args) or "|".join(mods)
            add(mod, base, size)
        elif base == "__vectors":
            add(VECTORS, base, size)
        elif runtime_name(base):
            add(RUNTIME, base, size)
        else:
            add(UNKNOWN, base, size)
    for r in ranges:
        if ends[r] < r[1]:
            add_gap(ends[r], r[1])
    return funcs


def read_baseline(path, elf):
    mods, funcs = {}, {}
    if not path or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            f = line.split()
            if not f or f[0].startswith("#"):
                continue
            if f[0] != elf:
                continue
            if f[1] == "module" and len(f) == 4:
                mods[f[2]] = int(f[3])
            elif f[1] == "func" and len(f) == 5:
                funcs[(f[2], f[3])] = int(f[4])
            else:
                fail(f"{path}:{n}: not a baseline line: {line.strip()}")
    return mods, funcs


def write_baseline(path, elf, mods, funcs):
    keep = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            keep = [l.rstrip("\n") for l in fh if l.split() and not l.startswith("#") and l.split()[0] != elf]
    lines = keep + [f"{elf} module {m} {n}" for m, n in mods.items()]
    lines += [f"{elf} func {m} {f} {n}" for (m, f), n in funcs.items()]
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("# Flash per module and per function (tools/size_report.py);\n"
                 "# written by make size-baseline after a firmware change is committed.\n")
        fh.write("".join(l + "\n" for l in sorted(lines)))


def table(rows, head, width):
    width = max(width, len(head))
    print(f"  {head:<{width}} {'before':>7} {'after':>7} {'delta':>7}")
    for name, before, after in rows:
        b = "-" if before is None else before
        a = "-" if after is None else after
        print(f"  {name:<{width}} {b:>7} {a:>7} {(after or 0) - (before or 0):>+7}")


def report(args, mods, funcs, flash, text, data, base):
    title = f" ({args.label})" if args.label else ""
    print(f"size-report: {args.elf}{title}: flash {flash} B of {FLASH_BUDGET} "
          f"(text {text[0]} + data {data[0]}), free {FLASH_BUDGET - flash} B")
    if base is None:
        print(f"  no baseline for {args.elf} in {args.baseline}: make size-baseline writes it")
        bmods, bfuncs = {}, {}
    else:
        bmods, bfuncs = base
        btotal = sum(bmods.values())
        print(f"  baseline {btotal} B, delta {flash - btotal:+d} B ({args.baseline})")
    names = sorted(set(mods) | set(bmods))
    rows = [(m, bmods.get(m), mods.get(m)) for m in names]
    changed = [r for r in rows if r[1] != r[2]]
    width = max([len(m) for m in names] + [20])
    if args.all:
        print("modules:")
        table(rows, "module", width)
    elif base is not None:
        print("modules changed:" if changed else "modules changed: none")
        if changed:
            table(changed, "module", width)
    if base is None:
        return
    keys = set(funcs) | set(bfuncs)
    fchanged = [(f"{f} ({m})", bfuncs.get((m, f)), funcs.get((m, f))) for m, f in keys
                if bfuncs.get((m, f)) != funcs.get((m, f))]
    fchanged.sort(key=lambda r: (-abs((r[2] or 0) - (r[1] or 0)), r[0]))
    print("functions changed:" if fchanged else "functions changed: none")
    if fchanged:
        table(fchanged[:FUNC_ROWS], "function (module)", max(len(r[0]) for r in fchanged[:FUNC_ROWS]))
        if len(fchanged) > FUNC_ROWS:
            print(f"  ... and {len(fchanged) - FUNC_ROWS} more (the baseline file lists every one)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--label", default="")
    ap.add_argument("--baseline", required=True, help="the committed baseline file")
    ap.add_argument("--write-baseline", action="store_true", help="write this ELF's lines into the baseline")
    ap.add_argument("--all", action="store_true", help="every module, not only the changed ones")
    ap.add_argument("--cc", default="avr-gcc")
    ap.add_argument("--cflags", required=True, help="flags that compile one source (no LTO)")
    ap.add_argument("--nm", default="avr-nm")
    ap.add_argument("--objdump", default="avr-objdump")
    ap.add_argument("--size", default="avr-size")
    ap.add_argument("--cache", help="where each source's symbol names are kept between runs "
                    "(default: size-report-cache beside the ELF; 'none': no cache)")
    ap.add_argument("sources", nargs="+", help="the sources the ELF was built from")
    args = ap.parse_args()
    if args.cache is None:
        args.cache = os.path.join(os.path.dirname(os.path.abspath(args.elf)), "size-report-cache")
    elif args.cache == "none":
        args.cache = None
    for path in [args.elf] + args.sources:
        if not os.path.isfile(path):
            fail(f"{path}: no such file")

    text, data = elf_sections(args)
    with tempfile.TemporaryDirectory() as tmp:
        names, strings = source_names(args, tmp)
    libc_names(args)
    funcs = attribute(args, text, data, names, strings)
    mods = {}
    for (m, _), n in funcs.items():
        mods[m] = mods.get(m, 0) + n
    flash = text[0] + data[0]
    if sum(mods.values()) != flash:     # attribute() guarantees it: a bug if not
        fail(f"modules add up to {sum(mods.values())} B, avr-size says {flash} B")
    if args.write_baseline:
        write_baseline(args.baseline, args.elf, mods, funcs)
        print(f"size-baseline: {args.elf}: {flash} B in {len(mods)} modules -> {args.baseline}")
        return
    report(args, mods, funcs, flash, text, data, read_baseline(args.baseline, args.elf))


if __name__ == "__main__":
    main()
