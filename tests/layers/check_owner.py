#!/usr/bin/env python3
"""check_owner.py - one owner for each piece of state (make test-layers).

Read from the firmware's sources (comments and strings left out):

  1. the screen (view.screen, the UI's) is written in ui_screen.c alone,
     and the functions that change it are called from app/ui alone: the
     game reports events (game_events.h), the link and the drawing read;
  2. the game's state (game_t) is written by game*.c alone: everyone
     else goes through a function of the game (game_setup_end,
     game_restart_clock, game_sum_rule ...). A write is an assignment
     (= += |= ...), ++ or -- on `game.X` or on a pointer taken from
     `&game` (game_t *const g = &game; g->X = ...);
     A pointer handed to a function (game_decode(i, &game.pos.rule, ..))
     is not followed: the function may only read it.
  3. the check itself: each rule is shown to fail on a mutated copy of a
     real source (a write of each kind added where it does not belong).

Usage: check_owner.py ROOT
"""
import os
import re
import sys

SCREEN_OWNER = "firmware/app/ui/ui_screen.c"
SCREEN_SETTERS = ("ui_screen_set", "ui_screen_menu")
GAME_OWNERS = re.compile(r"^firmware/app/game/game[a-z_]*\.c$")

# An lvalue's tail: .field, ->field, [index] (one level of brackets).
STEP = r"(?:\s*(?:\.|->)\s*\w+|\s*\[[^\]\[]*\])"
# A write: an assignment that is not a comparison, or ++/-- either side.
ASSIGN = r"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)"


def strip(text):
    """C source without comments, string and char literals (same lines)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def writes(code, base, bare=True):
    """Lines where the lvalue rooted at base (a regex) is written; bare
    False: base itself (a pointer being set) is no write, only what it
    points to (*p, p->x, p[i])."""
    lv = r"(?:\b%s%s%s)" % (base, STEP, "*" if bare else "+")
    pat = re.compile(r"(?:%s%s|%s\s*(?:\+\+|--)|(?:\+\+|--)\s*%s|\*\s*%s%s)" % (lv, ASSIGN, lv, lv, base, ASSIGN))
    return sorted({code.count("\n", 0, m.start()) + 1 for m in pat.finditer(code)})


def game_aliases(code):
    """Names of pointers taken from &game (or &game.X): the writes through
    them are writes of game_t. A pointer to const is not one."""
    names = set()
    for m in re.finditer(r"(const\s+)?\w+\s*\*\s*(?:const\s+)?(\w+)\s*=\s*&\s*game\b", code):
        if not m.group(1):
            names.add(m.group(2))
    return names


def check_file(rel, code, errs):
    if rel != SCREEN_OWNER:
        for line in writes(code, r"(?:view\s*\.|\w+\s*->)\s*screen"):
            errs.append("%s:%d: writes the screen (only %s does)" % (rel, line, SCREEN_OWNER))
    if not rel.startswith("firmware/app/ui/"):
        for name in SCREEN_SETTERS:
            for m in re.finditer(r"\b%s\s*\(" % name, code):
                errs.append("%s:%d: changes the screen (%s): the UI's alone; report an event"
                            % (rel, code.count("\n", 0, m.start()) + 1, name))
    if not GAME_OWNERS.match(rel):
        lines = writes(code, r"game")
        for alias in sorted(game_aliases(code)):
            lines += writes(code, alias, bare=False)
        for line in sorted(set(lines)):
            errs.append("%s:%d: writes game_t (only game*.c do: call a function of game.c)" % (rel, line))


def sources(root):
    for d, _, files in os.walk(os.path.join(root, "firmware")):
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                yield os.path.relpath(p, root), p


def check_tree(root, replace=None):
    errs = []
    for rel, path in sources(root):
        if not rel.startswith("firmware/app/"):
            continue    # game_t and the screen live in app/; the rooms keep the rest out
        with open(path) as f:
            text = f.read()
        if replace and rel == replace[0]:
            text = text + "\n" + replace[1] + "\n"
        check_file(rel, strip(text), errs)
    return errs


# Mutated copies: (file, code added at its end, what must be found).
MUTATIONS = [
    ("firmware/app/ui/ui_draw.c", "void m(void) { view.screen = SCR_MENU; }", "writes the screen"),
    ("firmware/app/ui/ui_play.c", "void m(void) { view_t *v = &view; v->screen = 1; }", "writes the screen"),
    ("firmware/app/game/game.c", "void m(void) { ui_screen_set(3); }", "changes the screen"),
    ("firmware/app/link/proto_cmd.c", "void m(void) { ui_screen_menu(); }", "changes the screen"),
    ("firmware/app/ui/ui_play.c", "void m(void) { game.setup = false; }", "writes game_t"),
    ("firmware/app/ui/ui_play.c", "void m(uint16_t now) { game.t0 = now; }", "writes game_t"),
    ("firmware/app/link/proto_name.c", "void m(void) { game.pos.rules[1] = 2; }", "writes game_t"),
    ("firmware/app/link/proto_cmd.c", "void m(void) { ++game.number; }", "writes game_t"),
    ("firmware/app/ui/ui_menu.c", "void m(void) { game.set[SET_LANG] |= 1; }", "writes game_t"),
    ("firmware/app/ui/ui_menu.c", "void m(void) { engine_pos_t *const p = &game.pos; p->ncols++; }", "writes game_t"),
    ("firmware/app/ui/ui_draw.c", "void m(void) { game_t *const g = &game; g->phase = 0; }", "writes game_t"),
    ("firmware/app/events.c", "void m(void) { uint8_t *r = &game.pos.rules[0]; *r = 1; }", "writes game_t"),
]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    errs = check_tree(root)
    for e in errs:
        print("owner: FAIL " + e)
    # Reads and pointers to const are no writes: the real tree has them
    # (proto_cmd.c's STATE reads through g, ui_play.c's const pos).
    caught = 0
    for rel, added, want in MUTATIONS:
        got = check_tree(root, (rel, added))
        if any(want in e for e in got if e.startswith(rel)):
            caught += 1
        else:
            errs.append("mutation not caught: %s + %r" % (rel, added))
            print("owner: FAIL mutation not caught: %s + %r" % (rel, added))
    print("owner: the screen written in %s alone, game_t by game*.c alone; %d of %d mutations caught"
          % (SCREEN_OWNER, caught, len(MUTATIONS)))
    print("owner: %s" % ("passed" if not errs else "%d failed" % len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
