#!/usr/bin/env python3
"""bench_report.py ENFORCE < figures - the end of make bench.

Reads the "bench <what> key=value ..." lines, prints them, then a readable
table and one line per budget (issue 6):
    bench budget PASS|FAIL <name> <figure> <= <limit> (<where>)
ENFORCE is "none", "all" or budget names separated by spaces: the exit
status is 1 if one of those fails (test-bench enforces the budgets the
firmware meets today; make bench enforces none and only reports)."""
import sys

BUDGETS = [
    # name, what it covers
    ("reply8", "machine's reply, 8 columns, worst cycles (mistake 0)"),
    ("reply32", "machine's reply, 32 columns, worst cycles (mistake 0)"),
    ("reply_random8", "random-move reply (easy/medium levels), 8 columns"),
    ("reply_random32", "random-move reply (easy/medium levels), 32 columns"),
    ("flash", "flash = text + data, bytes (both builds): the 30,720 B application section less 1,024 B kept free"),
    ("ram", "data + bss, bytes (both builds)"),
    ("stack", "stack high-water, bytes"),
    ("latency", "press to first SPI word of the changed frame, us (simavr)"),
    ("latency_eeprom", "the same for presses answered while an EEPROM write (3.4 ms, modelled) was in progress"),
    ("power_playing", "awake % while a game sits untouched"),
    ("power_off", "wake-ups per second after auto-off"),
    ("wear_play", "busiest EEPROM cell's writes a day of play (4 h): 10 years to 100,000"),
    ("wear_demo", "busiest EEPROM cell's writes a day of DEMO (10 h): 10 years to 100,000"),
    ("wear_host", "busiest EEPROM cell's writes a day of a host looping SET (24 h): 100,000 not in a day"),
    ("octal_set", "a typed-in octal code set on the chip (its values and pin tables), worst cycles over every code of 1-4 digits"),
    ("octal_misere", "the chip's proof of a typed-in code's misere play, worst cycles over every code of 1-4 digits"),
    ("octal_heap", "one heap of a typed-in code that never splits, its P-positions or GRUNDY, worst cycles over every such code of 1-4 digits"),
]
LIMITS = {"reply8": 3000, "reply32": 12000, "reply_random8": 3000, "reply_random32": 12000,
          "flash": 29696, "ram": 1024, "stack": 384, "latency": 5000, "latency_eeprom": 5000,
          "power_playing": 1.0, "power_off": 0.0,
          "wear_play": 27.39, "wear_demo": 27.39, "wear_host": 100000, "octal_set": 1000000,
          "octal_misere": 16000000, "octal_heap": 1000000}


def parse(line):
    parts = line.split()
    kv = dict(p.split("=", 1) for p in parts[2:] if "=" in p)
    return parts[1], kv


def rows(figs, what, **match):
    """The key=value dicts of the figures named what whose keys match."""
    return [kv for w, kv in figs if w == what and all(kv.get(k) == v for k, v in match.items())]


def main():
    enforce = sys.argv[1].split() if len(sys.argv) > 1 else []
    figs = []
    for line in sys.stdin:
        line = line.strip()
        if line.startswith("bench "):
            print(line)
            figs.append(parse(line))

    # ---- table ------------------------------------------------------------
    print()
    print("%-34s %9s %10s %10s   %9s %10s %10s" % ("reply cycles (mistake 0)", "pos 8col", "worst", "mean",
                                                  "pos 32col", "worst", "mean"))
    names = [kv["game"] for kv in rows(figs, "reply", cols="8")]
    for g in names + [kv["game"] for kv in rows(figs, "reply", cols="32") if kv["game"] not in names]:
        a = rows(figs, "reply", cols="8", game=g)
        b = rows(figs, "reply", cols="32", game=g)
        fa = (a[0]["positions"], a[0]["worst_cycles"], a[0]["mean_cycles"]) if a else ("-",) * 3
        fb = (b[0]["positions"], b[0]["worst_cycles"], b[0]["mean_cycles"]) if b else ("-",) * 3
        print("%-34s %9s %10s %10s   %9s %10s %10s" % ((g,) + fa + fb))
    for cols in ("8", "32"):
        r = rows(figs, "reply_random", cols=cols)
        if r:
            w = max(r, key=lambda kv: int(kv["worst_cycles"]))
            print("random-move reply, %s columns: worst %s cycles (%s), mean of means %d" % (
                cols, w["worst_cycles"], w["game"],
                sum(int(kv["mean_cycles"]) for kv in r) / len(r)))
    for kv in rows(figs, "baseline_pins"):
        print("KAYLES 8 columns, %s pins: plain search worst %s cycles, tables %s" % (
            kv["pins"], kv["worst_cycles"], kv["table_worst_cycles"]))
    for kv in rows(figs, "baseline"):
        print("baseline: plain search %s cycles vs tables %s on the same positions (%s pins): x%s" % (
            kv["worst_cycles"], kv["table_worst_cycles"], kv["pins"], kv["ratio"]))
    for kv in rows(figs, "size"):
        print("size %2s columns: flash %s B, data %s B, bss %s B (RAM %d B), eeprom %s B" % (
            kv["cols"], kv["flash"], kv["data"], kv["bss"], int(kv["data"]) + int(kv["bss"]), kv["eeprom"]))
    for kv in rows(figs, "stack"):
        print("stack high-water %s B over %s runs (deepest: %s)" % (kv["high_water"], kv["runs"], kv["deepest"]))
    for kv in rows(figs, "latency"):
        print("press to frame: worst %s us, mean %s us (%s of %s presses answered)" % (
            kv["press_to_frame_us"], kv["mean_us"], kv["answered"], kv["presses"]))
    for kv in rows(figs, "latency_eeprom"):
        print("press to frame while a save is written: worst %s us (%s presses)" % (
            kv["press_to_frame_us"], kv["presses_during_writes"]))
    for kv in rows(figs, "power"):
        print("power %-8s awake %6s %%  %6s wake-ups/s" % (kv["state"], kv["awake_pct"], kv["wakeups_per_s"]))
    for kv in rows(figs, "save"):
        print("saving the %-8s %7s ms on the chip (%s EEPROM bytes written, 3.4 ms each)" % (
            kv["what"], kv["ms"], kv["bytes_written"]))
    for kv in rows(figs, "current"):
        print("current %-8s MCU %8s mA, display %8s mA, piezo %6s mA (+ Nano power LED and USB chip %s mA)" % (
            kv["state"], kv["mcu_ma"], kv["display_ma"], kv["piezo_ma"], kv["led_usb_ma"]))
    for kv in rows(figs, "wear"):
        print("EEPROM wear, %2s columns, %-4s %2s h a day: busiest cell (address %4s) %3s writes in the first hour, "
              "%3s an hour after, %5s a day: 100,000 in %s years" % (
                  kv["cols"], kv["use"], kv["hours_per_day"], kv["addr"], kv["first_hour"], kv["per_hour"],
                  kv["per_day"], kv["years"]))
    for kv in rows(figs, "battery"):
        print("battery %-28s %4s mAh, %-11s: play %7s h, menu %7s h, switched off %8s days" % (
            kv["cells"], kv["mah"], kv["board"], kv["play_h"], kv["menu_h"], kv["off_days"]))

    # ---- budgets ----------------------------------------------------------
    def worst(what, cols):
        r = rows(figs, what, cols=cols)
        if not r:
            return None, "no figures"
        kv = max(r, key=lambda kv: int(kv["worst_cycles"]))
        return int(kv["worst_cycles"]), kv["game"]

    got = {}
    for name, what, cols in (("reply8", "reply", "8"), ("reply32", "reply", "32"),
                             ("reply_random8", "reply_random", "8"), ("reply_random32", "reply_random", "32")):
        v, where = worst(what, cols)
        if v is not None:
            over = [kv["game"] for kv in rows(figs, what, cols=cols) if int(kv["worst_cycles"]) > LIMITS[name]]
            if over:
                where += "; %d games over: %s" % (len(over), " ".join(over[:6]) + (" ..." if len(over) > 6 else ""))
        got[name] = (v, where)
    sizes = rows(figs, "size")
    if sizes:
        kv = max(sizes, key=lambda kv: int(kv["flash"]))
        got["flash"] = (int(kv["flash"]), "%s columns" % kv["cols"])
        kv = max(sizes, key=lambda kv: int(kv["data"]) + int(kv["bss"]))
        got["ram"] = (int(kv["data"]) + int(kv["bss"]), "%s columns" % kv["cols"])
    for kv in rows(figs, "stack"):
        got["stack"] = (int(kv["high_water"]), kv["deepest"])
    for kv in rows(figs, "latency"):
        got["latency"] = (int(kv["press_to_frame_us"]), "%s/%s presses answered" % (kv["answered"], kv["presses"]))
        if int(kv["answered"]) < int(kv["presses"]):
            got["latency"] = (None, "a press changed no frame")
    for kv in rows(figs, "latency_eeprom"):
        got["latency_eeprom"] = (int(kv["press_to_frame_us"]) if int(kv["presses_during_writes"]) else None,
                                 "%s presses during EEPROM writes" % kv["presses_during_writes"])
    for kv in rows(figs, "power", state="playing"):
        got["power_playing"] = (float(kv["awake_pct"]), "%s wake-ups/s" % kv["wakeups_per_s"])
    for kv in rows(figs, "power", state="off"):
        got["power_off"] = (float(kv["wakeups_per_s"]), "awake %s %%" % kv["awake_pct"])

    for use in ("play", "demo", "host"):
        r = rows(figs, "wear", use=use)
        if r:
            kv = max(r, key=lambda kv: int(kv["per_day"]))
            got["wear_" + use] = (int(kv["per_day"]), "%s columns, %s years, %s days" % (
                kv["cols"], kv["years"], kv["days"]))

    r = rows(figs, "octal_set")
    if r:
        kv = max(r, key=lambda kv: int(kv["worst_cycles"]))
        got["octal_set"] = (int(kv["worst_cycles"]), "%s, g(0..%d), %d codes that %s" % (
            kv["code"], int(kv["heaps"]) - 1, int(kv["codes"]), "split" if kv["kind"] == "split" else "do not split"))

    r = rows(figs, "octal_misere")
    if r:
        kv = max(r, key=lambda kv: int(kv["worst_cycles"]))
        got["octal_misere"] = (int(kv["worst_cycles"]), "%s; played %d of %d codes" % (
            kv["code"], sum(int(k["played"]) for k in r), sum(int(k["codes"]) for k in r)))

    r = rows(figs, "octal_heap")
    if r:
        # the P-positions and GRUNDY are the same mex sweep (oneheap_mex):
        # both held to the derivation's budget
        kv = max(r, key=lambda kv: max(int(kv["worst_cycles"]), int(kv["grundy_worst_cycles"])))
        got["octal_heap"] = (max(int(kv["worst_cycles"]), int(kv["grundy_worst_cycles"])),
                             "P-positions %s cycles (%s), %d codes; GRUNDY of the biggest heap %s cycles (%s)" % (
                                 kv["worst_cycles"], kv["code"], int(kv["codes"]), kv["grundy_worst_cycles"],
                                 kv["grundy_code"]))

    print()
    failed = []
    for name, desc in BUDGETS:
        v, where = got.get(name, (None, "not measured"))
        ok = v is not None and v <= LIMITS[name]
        print("bench budget %s %s %s <= %s (%s; %s)" % ("PASS" if ok else "FAIL", name,
                                                       "-" if v is None else v, LIMITS[name], desc, where))
        if not ok and ("all" in enforce or name in enforce):
            failed.append(name)
    if failed:
        print("bench: enforced budgets failed: " + " ".join(failed))
        return 1
    if enforce and enforce != ["none"]:
        print("bench: enforced budgets met: " + " ".join(enforce))
    return 0


if __name__ == "__main__":   # tests/bench/perf_doc.py imports the budgets
    sys.exit(main())
