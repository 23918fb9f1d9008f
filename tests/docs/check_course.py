#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_course.py: every number of the course checked by the toy's engine
(make test-docs).

The lessons (docs/course/<lang>/NN-slug.md) hold their numbers in fenced
```check blocks, one claim a line (docs/course/README.md, "The checked
blocks", gives the format). Each claim is put to the toy's own engine,
tests/docs/course_engine (firmware/engine built for the host), or, for a
sequence past the board, to build/grundy (the generator that writes the
engine's tables): never to a second copy of the answers. Also:
  - every English lesson has at least one checked block and one "play it"
    link; every link's fragment (`index.html#GAME ...;POS ...`) uses only
    GAME, POS, NEW and SET, names a game the engine plays, and a POS the
    engine accepts in that game;
  - every other language folder's lessons each have an English lesson of
    the same name with exactly the same checked blocks and link fragments.
  - with --nimsim and --elf, every English lesson's "Over the PC link"
    session is sent to the firmware on the simulated chip: each command is
    answered OK (or with the ERR the lesson quotes), and each reply the
    lesson quotes is the firmware's.
Then the self-test: every claim is changed in a copy (a number, a P for an
N, one winning move left out), and each changed claim must fail; a changed
block in a translation and a changed link must fail too.

usage: check_course.py --engine ENGINE --grundy GRUNDY [--nimsim NIMSIM --elf ELF]
                       [--root DIR] [--links]
Prints one line per failure and a summary; exit 0 when everything holds.
"""
import argparse
import glob
import json
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from course_blocks import blocks, play_links  # noqa: E402
from course_claims import GAMELESS, Engine, Grundy, check_claim, nums, parse_game  # noqa: E402
from course_session import check_sessions, link_answers  # noqa: E402

LINK_WORDS = ("GAME", "POS", "NEW", "SET")


def check_lesson(engine, grundy, rel, text):
    """Failures of one lesson's blocks and links; and its claim count."""
    bad, count = [], 0
    for start, lines in blocks(text):
        game = None
        for i, claim in enumerate(lines):
            where = "%s:%d" % (rel, start + 1 + i)
            if not claim:
                continue
            if claim.startswith("game "):
                game = parse_game(engine, claim[5:])
                if isinstance(game, str):
                    bad.append("%s: %s" % (where, game))
                    game = None
                continue
            count += 1
            if game is None and claim.split()[0] not in GAMELESS:
                bad.append("%s: %r: no game line before it" % (where, claim))
                continue
            try:
                why = check_claim(engine, grundy, game, claim)
            except (ValueError, IndexError) as e:
                why = str(e)
            if why:
                bad.append("%s: %r: %s" % (where, claim, why))
    for frag in play_links(text):
        game = None
        for cmd in frag.split(";"):
            word, _, arg = cmd.strip().partition(" ")
            if word.upper() not in LINK_WORDS:
                bad.append("%s: link #%s: %r is not a link command (%s)" % (rel, frag, word, ", ".join(LINK_WORDS)))
            elif word.upper() == "GAME":
                game = parse_game(engine, arg)
                if isinstance(game, str):
                    bad.append("%s: link #%s: %s" % (rel, frag, game))
                    game = None
            elif word.upper() == "POS" and game is not None:
                r = engine.query(game, nums(arg))
                if isinstance(r, str):
                    bad.append("%s: link #%s: the engine refuses the position: %s" % (rel, frag, r))
    return bad, count


def lessons(docs, lang):
    return {os.path.basename(p): docs[p] for p in sorted(docs)
            if p.startswith("docs/course/%s/" % lang) and re.match(r"\d\d-.*\.md$", os.path.basename(p))}


def translation_diffs(en, rel, name, text):
    """How a translated lesson differs from the English one where it must
    not: its name, its checked blocks, its play-it links."""
    if name not in en:
        return ["%s: no English lesson of that name" % rel]
    bad = []
    if [b for _, b in blocks(text)] != [b for _, b in blocks(en[name])]:
        bad.append("%s: its checked blocks differ from the English lesson's" % rel)
    if play_links(text) != play_links(en[name]):
        bad.append("%s: its play-it links differ from the English lesson's" % rel)
    return bad


def check_all(engine, grundy, docs):
    bad, count = [], 0
    en = lessons(docs, "en")
    if not en:
        bad.append("docs/course/en: no lessons")
    for name, text in en.items():
        rel = "docs/course/en/" + name
        b, c = check_lesson(engine, grundy, rel, text)
        bad += b
        count += c
        if not blocks(text):
            bad.append("%s: no checked block" % rel)
        if not play_links(text):
            bad.append("%s: no play-it link to the page" % rel)
    index = docs.get("docs/course/en/README.md", "")
    for name in en:
        if "](%s)" % name not in index:
            bad.append("docs/course/en/README.md: the index does not link %s" % name)
    for rel in REFERENCE:
        if rel in docs:
            b, c = check_lesson(engine, grundy, rel, docs[rel])
            bad += b
            count += c
    langs = sorted({p.split("/")[2] for p in docs if p.count("/") == 3} - {"en"})
    for lang in langs:
        for name, text in lessons(docs, lang).items():
            rel = "docs/course/%s/%s" % (lang, name)
            bad += translation_diffs(en, rel, name, text)
    return bad, count, langs


# Documents outside the course whose checked blocks are checked too (no
# translation of them is compared).
REFERENCE = ["docs/games.md"]


def read_docs(root):
    docs = {}
    for rel in REFERENCE:
        p = os.path.join(root, rel)
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                docs[rel] = f.read()
    for p in glob.glob(os.path.join(root, "docs/course/*/*.md")):
        with open(p, encoding="utf-8") as f:
            docs[os.path.relpath(p, root).replace(os.sep, "/")] = f.read()
    return docs


def mutations(docs):
    """(what, changed docs, file) for every claim of every English lesson,
    one translated block and one link."""
    out = []
    for rel in sorted(p for p in docs if p.startswith("docs/course/en/")) + [r for r in REFERENCE if r in docs]:
        text = docs[rel]
        lines = text.split("\n")
        for start, blk in blocks(text):
            for i, claim in enumerate(blk):
                word = claim.split(" ")[0]
                if not claim or word == "game":
                    continue
                n = start + i  # index of the claim's line
                line = lines[n]
                if word in ("P", "N"):
                    new = line.replace(word, "N" if word == "P" else "P", 1)
                elif word in ("moves", "ppairs") and "|" in line:
                    new = line[:line.rindex("|")].rstrip()
                elif word == "moves" and line.rstrip().endswith("none"):
                    new = re.sub(r"(\d+)(\s*->)", lambda m: str(int(m.group(1)) + 1) + m.group(2), line, 1)
                elif line.rstrip().endswith("none"):
                    new = line.rstrip()[:-4] + ("1 from 0" if word == "period" else "1")
                else:
                    m = list(re.finditer(r"\d+", line))[-1]
                    new = line[:m.start()] + str(int(m.group()) + 1) + line[m.end():]
                changed = dict(docs)
                changed[rel] = "\n".join(lines[:n] + [new] + lines[n + 1:])
                out.append(("%s:%d %r -> %r" % (rel, n + 1, line.strip(), new.strip()), changed, rel))
        for frag in play_links(text)[:1]:
            m = re.search(r"POS ([\d ]+)", frag)
            if m:
                changed = dict(docs)
                enc = urllib.parse.quote(frag, safe=";#")
                raw = text.find("index.html#" + frag) >= 0 and frag or enc
                changed[rel] = text.replace(raw, raw.replace("POS ", "POS 999 ", 1).replace("POS%20", "POS%20999%20", 1), 1)
                out.append(("%s: a link's POS made illegal" % rel, changed, rel))
    translated = sorted(p for p in docs if not p.startswith("docs/course/en/") and re.search(r"/\d\d-", p))
    if not translated:
        # no translation yet: a copy of the first English lesson stands in
        first = min(p for p in docs if re.match(r"docs/course/en/\d\d-", p))
        rel = first.replace("/en/", "/xx/")
        docs = dict(docs)
        docs[rel] = docs[first]
        translated = [rel]
    for rel in translated:
        text = docs[rel]
        m = re.search(r"```check\n(?:.*\n)*?.*?(\d+)", text)
        if m:
            changed = dict(docs)
            changed[rel] = text[:m.start(1)] + str(int(m.group(1)) + 1) + text[m.end(1):]
            out.append(("%s: a number of a translated block" % rel, changed, rel))
            break
    return out


def self_test(engine, grundy, docs):
    bad = []
    muts = mutations(docs)
    for what, changed, rel in muts:
        if rel.startswith("docs/course/en/") or rel in REFERENCE:
            found, _ = check_lesson(engine, grundy, rel, changed[rel])
            if not found:
                bad.append("self-test: a changed claim passed: %s" % what)
        else:
            en = lessons(changed, "en")
            name = os.path.basename(rel)
            if translation_diffs(en, rel, name, docs.get(rel, en.get(name, ""))):
                bad.append("self-test: %s as it stands (or the English lesson copied) differs" % rel)
            if not translation_diffs(en, rel, name, changed[rel]):
                bad.append("self-test: a changed translation passed: %s" % what)
    return bad, len(muts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--grundy", required=True)
    ap.add_argument("--root", default=".")
    ap.add_argument("--links", action="store_true",
                    help="print every lesson's play-it links as JSON (lesson, fragment, the position's "
                         "outcome and every HINT reply a winning move gives, by the engine) and stop")
    ap.add_argument("--nimsim", help="with --elf: run each lesson's PC-link session on the firmware")
    ap.add_argument("--elf")
    a = ap.parse_args()
    engine, grundy = Engine(a.engine), Grundy(a.grundy)
    docs = read_docs(a.root)
    if a.links:
        print("[\n" + ",\n".join(json.dumps(i, ensure_ascii=False) for i in link_answers(engine, docs)) + "\n]")
        return 0
    bad, count, langs = check_all(engine, grundy, docs)
    for b in bad:
        print(b)
    numbers = sum(len(re.findall(r"\d+|\b[PN]\b", l)) for rel, t in docs.items()
                  if rel.startswith("docs/course/en/") or rel in REFERENCE for _, blk in blocks(t) for l in blk
                  if not l.startswith("game "))
    print("course: %d claims (%d numbers and P/N) in %d English lessons and docs/games.md checked by the engine; "
          "translations: %s" % (count, numbers, len(lessons(docs, "en")),
                                ", ".join("%s %d" % (l, len(lessons(docs, l))) for l in langs) or "none"))
    if a.nimsim and a.elf:
        sbad, n = check_sessions(a.nimsim, a.elf, docs)
        for b in sbad:
            print(b)
        bad += sbad
        print("course: %d PC-link commands of the lessons run on the firmware%s" % (n, "" if sbad else ", every quoted reply its own"))
        # the self-test: a quoted reply changed must fail
        rel = "docs/course/en/01-nim.md"
        if rel in docs and "`OK GRUNDY 3 4 5 SUM 2 N`" in docs[rel]:
            changed = {rel: docs[rel].replace("`OK GRUNDY 3 4 5 SUM 2 N`", "`OK GRUNDY 3 4 5 SUM 3 N`")}
            if not check_sessions(a.nimsim, a.elf, changed)[0]:
                bad.append("self-test: a changed quoted reply passed")
                print(bad[-1])
    found, tried = self_test(engine, grundy, docs)
    for b in found:
        print(b)
    print("course: self  %s" % ("ok: all %d changed copies fail" % tried if not found else "%d of %d changed copies passed" % (len(found), tried)))
    return 1 if bad or found else 0


if __name__ == "__main__":
    sys.exit(main())
