#!/usr/bin/env python3
"""check_calls.py - calls go down: the firmware's layers held at the link
(make test-layers).

check_layers.py holds the includes; a call needs no include (a function
declared by hand, or an event hook defined strong above the room that
raises it), so this test holds the calls themselves. Every firmware
source is compiled with the build's flags and its room's include paths
(as objects with real symbols: no -flto), then, for each room, its objects
and those of the rooms below it (check_layers.py's LAYERS) are linked into
one program, every section kept, with a stub main where the room has none:

  1. each room must link: a call to a room above it or beside it is an
     undefined reference, and the room that defines the name is named;
     an event hook links because the room that raises it holds its WEAK
     default (app/game/game_events.c, app/ui/ui_events.c);
  2. on a copy of the sources, one upward call added to a room (the game
     calling the UI, lib calling the game, ...) must make that room's link
     fail on that name, and a game room without its WEAK defaults too.

Usage: check_calls.py ROOT CC_AND_FLAGS TABLES_C ROOM=INCLUDES...
"""
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_layers import LAYERS  # noqa: E402

# One upward call each: (source, declaration and call appended, the name
# the link must then miss). Declared by hand: the include check would
# refuse the header, the link is what must refuse the call.
MUTATIONS = [
    ("firmware/app/game/game.c", "void ui_game_new(void);\n"
     "void game_mut_up(void) { ui_game_new(); }\n", "ui_game_new"),
    ("firmware/app/game/game_list.c", "void proto_log_new(void);\n"
     "void game_mut_up(void) { proto_log_new(); }\n", "proto_log_new"),
    ("firmware/lib/sound.c", "_Bool game_new(unsigned short now);\n"
     "void sound_mut_up(void) { game_new(0); }\n", "game_new"),
    ("firmware/engine/engine.c", "unsigned short clock_ms(void);\n"
     "unsigned short engine_mut_up(void) { return clock_ms(); }\n", "clock_ms"),
    ("firmware/hal/display.c", "_Bool store_step(void);\n"
     "_Bool display_mut_up(void) { return store_step(); }\n", "store_step"),
    ("firmware/app/ui/ui_draw.c", "void proto_log_new(void);\n"
     "void ui_mut_up(void) { proto_log_new(); }\n", "proto_log_new"),
]

failures = []


def fail(msg):
    failures.append(msg)
    print("calls: FAIL " + msg)


def sources(root):
    """{room: [source paths relative to root]}; the generated tables are
    the engine's."""
    out = {}
    for room in LAYERS:
        d = os.path.join(root, "firmware", room)
        out[room] = sorted(os.path.join("firmware", room, f) for f in os.listdir(d) if f.endswith(".c"))
    return out


class Build:
    def __init__(self, root, cc, tables, room_flags, tmp):
        self.root, self.cc, self.tables, self.flags, self.tmp = root, cc, tables, room_flags, tmp
        self.srcs = sources(root)
        self.srcs["engine"].append(tables)
        self.objs = {}
        stub = os.path.join(tmp, "stub_main.c")
        with open(stub, "w") as f:
            f.write("int main(void) { return 0; }\n")
        self.stub = stub

    def obj_of(self, src):
        return os.path.join(self.tmp, src.replace("/", "_").replace(".c", ".o"))

    def compile(self, room, src):
        o = self.obj_of(src)
        path = src if os.path.isabs(src) else os.path.join(self.root, src)
        r = subprocess.run(self.cc + self.flags[room] + ["-c", "-o", o, path], cwd=self.root,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return o if r.returncode == 0 else None, r.stdout

    def compile_all(self):
        jobs = [(room, s) for room in self.flags for s in self.srcs[room]]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
            for (room, s), (o, out) in zip(jobs, ex.map(lambda j: self.compile(*j), jobs)):
                if o is None:
                    fail("%s does not compile as room %s:\n%s" % (s, room, out[-800:]))
                self.objs[s] = o

    def link(self, room, drop=()):
        """Link room with the rooms below it; the undefined names."""
        objs = [self.objs[s] for r in LAYERS[room] if r in self.flags
                for s in self.srcs[r] if s not in drop]
        if not any(os.path.basename(s) == "main.c" for r in LAYERS[room] for s in self.srcs.get(r, ())):
            objs.append(self.stub)
        if None in objs:
            return None
        mcu = [f for f in self.cc if f.startswith("-mmcu")]
        # Without LTO and with every section kept the program outgrows the
        # flash: the region is widened, as the names are what is checked.
        big = ["-Wl,--defsym=__TEXT_REGION_LENGTH__=0x100000"]
        r = subprocess.run(self.cc[:1] + mcu + big + ["-o", os.path.join(self.tmp, "room.elf")] + objs,
                           cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        missing = sorted(set(re.findall(r"undefined reference to `([^']+)'", r.stdout)))
        if r.returncode != 0 and not missing:
            fail("room %s does not link, and not for a missing name:\n%s" % (room, r.stdout[-800:]))
        return missing

    def definer(self, name):
        """The rooms whose objects define name (nm, T/D/B/R/W)."""
        rooms = set()
        for room in self.flags:
            for s in self.srcs[room]:
                o = self.objs.get(s)
                if not o:
                    continue
                out = subprocess.run(["avr-nm", "--defined-only", o], stdout=subprocess.PIPE,
                                     text=True).stdout
                if re.search(r"^\S+ [TDBRWV] %s$" % re.escape(name), out, re.M):
                    rooms.add(room)
        return ", ".join(sorted(rooms)) or "no room"


def check_rooms(b):
    n = 0
    for room in b.flags:
        missing = b.link(room)
        if missing is None:
            continue
        n += 1
        for name in missing:
            fail("room %s calls %s, defined in %s: a call up or sideways (raise an event hook instead)"
                 % (room, name, b.definer(name)))
    print("calls: %d rooms each linked with only the rooms below it: %s"
          % (n, "every call goes down" if not failures else "upward calls above"))


def self_test(b):
    """Mutated copies: one upward call each, and the game without its
    WEAK defaults, must each fail that room's link on the right name."""
    for src, code, name in MUTATIONS:
        room = os.path.dirname(src)[len("firmware/"):]
        copy = os.path.join(b.tmp, "mut_" + os.path.basename(src))
        with open(os.path.join(b.root, src)) as f:
            text = f.read()
        # The copy compiles as if it were the source: its includes by the
        # room's paths, its own folder first (as the quoted includes find it).
        with open(copy, "w") as f:
            f.write('#line 1 "%s"\n' % src + text + code)
        o, out = b.compile(room, copy)
        if o is None:
            fail("self-test: %s with an upward call does not compile:\n%s" % (src, out[-600:]))
            continue
        kept = b.objs[src]
        b.objs[src] = o
        missing = b.link(room)
        b.objs[src] = kept
        if missing is None or name not in missing:
            fail("self-test: %s calling %s (above it) linked as room %s" % (src, name, room))
        else:
            print("calls: self-test: %s calling %s: room %s's link refuses it" % (src, name, room))
    weak = "firmware/app/game/game_events.c"
    missing = b.link("app/game", drop=(weak,))
    if not missing or not any(m.startswith("game_event_") for m in missing):
        fail("self-test: app/game without %s linked: the hooks are not what ties it" % weak)
    else:
        print("calls: self-test: app/game without its WEAK defaults misses %s" % ", ".join(missing))


def main():
    root, cc, tables = sys.argv[1], shlex.split(sys.argv[2]), sys.argv[3]
    # Real symbols in each object: LTO's are the compiler's, not the linker's.
    cc = [f for f in cc if f != "-flto" and f != "-g"]
    room_flags = {}
    for a in sys.argv[4:]:
        room, _, inc = a.partition("=")
        if room in LAYERS:
            room_flags[room] = shlex.split(inc)
    if not os.path.exists(os.path.join(root, tables)):
        fail("no %s: make builds it before test-layers" % tables)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        b = Build(root, cc, tables, room_flags, tmp)
        b.compile_all()
        if not failures:
            check_rooms(b)
            self_test(b)
    print("calls: " + ("%d failure(s)" % len(failures) if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
