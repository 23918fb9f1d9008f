#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ui_words.py: the words the matrix says (firmware/app/ui/ui_words.def),
packed by byte pairs into firmware/app/ui/ui_words.h.

The words are written once, in the .def file, as C strings: one entry a
menu table or a sentence, its words NUL separated (a sentence: English,
then Vietnamese, in LANG_* order). The header holds them all in one
array, word after word, each NUL ended, where a byte from UI_WORDS_FIRST
up stands for a pair of bytes (ui_words_pairs; either may be a pair
itself): the most frequent pair of neighbours is replaced first, again
and again, while a pair saves a byte (byte pair encoding). The font has
no letter from 0x80 up, so a byte is a letter or a pair, never both.
UIW_<entry> is the index of the entry's first word.

The NULs are kept as they are: a word is found by counting them. The
menus (entries MENU_*) are item for item alike in every language: each
item's name (the words that end with a space) is the same word of each,
so ui_menu_items, the names' places in a menu, serves them all. A pair's
left half is expanded by a call, its right half in the same call's loop:
MAX_DEPTH bounds the calls (the stack).

Usage: ui_words.py IN.def OUT.h   (make redoes the header from the .def)
       ui_words.py --check IN.def OUT.h   (fails if OUT.h is not current)"""
import collections
import re
import sys

FIRST = 0x80        # the first pair's byte: above every letter of the font
MAX_DEPTH = 4       # nested calls of the decoder (ui_menu.c: ui_put)

# what the matrix's font draws (firmware/lib/text.c): anything else shows as '?'
FONT = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -?:.*")
LIT = re.compile(r'"((?:[^"\\]|\\.)*)"')
ENTRY = re.compile(r'^UI_WORDS\((\w+),\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)', re.M)


def fail(msg):
    print(f"ui_words: {msg}", file=sys.stderr)
    sys.exit(1)


def unescape(s):
    def one(m):
        e = m.group(1)
        if e not in ('0', '"', '\\'):
            fail(f"escape \\{e} not handled")
        return {'0': '\0', '"': '"', '\\': '\\'}[e]
    return re.sub(r'\\(.)', one, s)


def parse(text):
    """[(name, [word, ...])] in the file's order."""
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    entries = []
    for m in ENTRY.finditer(text):
        body = ''.join(unescape(x) for x in LIT.findall(m.group(2)))
        for c in body:
            if c != '\0' and c not in FONT:
                fail(f"{m.group(1)}: character {c!r} is not one of the font's")
        entries.append((m.group(1), body.split('\0')))
    if not entries:
        fail("no UI_WORDS entry")
    return entries


def pack(words):
    """(pairs, packed words): byte pair encoding within each word."""
    words = [list(w) for w in words]
    pairs, depth = [], {}
    while FIRST + len(pairs) <= 0xFF:
        count = collections.Counter()
        for w in words:
            for i in range(len(w) - 1):
                a, b = w[i], w[i + 1]
                if max(1 + depth.get(a, 0), depth.get(b, 0)) <= MAX_DEPTH:
                    count[(a, b)] += 1
        if not count:
            break
        # the most frequent; of equals, the lowest bytes (the same output
        # on every machine)
        (a, b), n = min(count.items(), key=lambda kv: (-kv[1], kv[0]))
        if n < 3:       # a pair costs two bytes: it must save three
            break
        t = FIRST + len(pairs)
        pairs.append((a, b))
        depth[t] = max(1 + depth.get(a, 0), depth.get(b, 0))
        for k, w in enumerate(words):
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and w[i] == a and w[i + 1] == b:
                    out.append(t)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            words[k] = out
    return pairs, words, max(depth.values(), default=0)


def expand(pairs, b):
    if b < FIRST:
        return chr(b)
    a, c = pairs[b - FIRST]
    return expand(pairs, a) + expand(pairs, c)


def byte(b):
    if b >= FIRST:
        return f"0x{b:02X}"
    return "'\\''" if b == ord("'") else ("'\\\\'" if b == ord('\\') else f"'{chr(b)}'")


def menu_items(entries):
    """The places of the menus' item names (alike in every menu)."""
    items = None
    for name, ws in entries:
        if not name.startswith("MENU_"):
            continue
        mine = [k for k, w in enumerate(ws) if w.endswith(" ")]
        if items is not None and mine != items:
            fail(f"{name}: its items' names are not where the first menu's are")
        items = mine
    if not items:
        fail("no MENU_ entry with items")
    return items


def emit(entries, src):
    items = menu_items(entries)
    plain = [[ord(c) for c in w] for _, ws in entries for w in ws]
    if len(plain) > 256:
        fail(f"{len(plain)} words: a word's index is a byte")
    pairs, packed, depth = pack(plain)
    for p, w in zip(packed, plain):
        assert ''.join(expand(pairs, b) for b in p) == ''.join(map(chr, w))
    raw = sum(len(w) + 1 for w in plain)
    size = sum(len(w) + 1 for w in packed) + 2 * len(pairs)
    out = [
        "/* ui_words.h - GENERATED by tools/ui_words.py from ui_words.def (make",
        " * redoes it when the words change): edit the words there. Every word",
        " * of the matrix's menus and sentences, NUL ended, in one array; a byte",
        " * from UI_WORDS_FIRST up is a pair (ui_words_pairs), nested at most",
        " * UI_WORDS_DEPTH deep. UIW_<entry> is the index of its first word. */",
        "#ifndef APP_UI_WORDS_H",
        "#define APP_UI_WORDS_H",
        "",
        "#include <stdint.h>",
        "",
        "#include \"progmem.h\"",
        "",
        f"#define UI_WORDS_FIRST 0x{FIRST:02X}",
        f"#define UI_WORDS_DEPTH {depth}",
    ]
    i = 0
    for name, ws in entries:
        out.append(f"#define UIW_{name} {i}")
        i += len(ws)
    out += [
        f"#define UI_MENU_ITEMS {len(items)}",
        "",
        "/* Only ui_menu.c, which says the words, defines UI_WORDS_DATA. */",
        "#ifdef UI_WORDS_DATA",
        "/* Each menu item's name: its word in a MENU_ entry. */",
        f"static const uint8_t ui_menu_items[UI_MENU_ITEMS] PROGMEM = {{{', '.join(map(str, items))}}};",
        f"static const uint8_t ui_words_pairs[{len(pairs)}][2] PROGMEM = {{",
    ]
    for k, (a, b) in enumerate(pairs):
        out.append(f"    {{{byte(a)}, {byte(b)}}},  /* 0x{FIRST + k:02X} \"{expand(pairs, FIRST + k)}\" */")
    out += ["};", "static const uint8_t ui_words[] PROGMEM = {"]
    k = 0
    for name, ws in entries:
        out.append(f"    /* UIW_{name} */")
        for w in ws:
            body = ''.join(f"{byte(b)}, " for b in packed[k])
            out.append(f"    {body}0,  /* \"{w}\" */")
            k += 1
    out += ["};", "#endif", "", "#endif", ""]
    return "\n".join(out), raw, size, len(pairs), depth


def main(argv):
    check = argv[:1] == ["--check"]
    if check:
        argv = argv[1:]
    if len(argv) != 2:
        fail("usage: ui_words.py [--check] IN.def OUT.h")
    src, dst = argv
    with open(src) as f:
        text, raw, size, npairs, depth = emit(parse(f.read()), src)
    print(f"ui_words: {raw} bytes of words in {size}: {npairs} pairs, nested {depth} deep")
    if check:
        try:
            with open(dst) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            fail(f"{dst} is not {src} packed: run tools/ui_words.py {src} {dst}")
        return
    with open(dst, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
