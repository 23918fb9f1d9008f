"""test_reader.py: a part of test_link.py (which runs it).

  reader  GAME and GAME SUM read a rule's name through one reader
          (firmware/app/link/proto_name.c): over every rule of the list
          (build/grundy --list), each whole name, each range's move without
          its nickname (TAKE 1-3), every prefix, each name and one word
          more, in upper and mixed case, GAME <words> and
          GAME SUM <words> + NIM read the same rule or both refuse the
          name (ERR GAME NAME). The one difference allowed: a rule with no
          game of its own in the list (TAKE 1) is a SUM's term, never a
          GAME; the test finds those rules from GAME's list, not by name."""
import re
import subprocess

FORMS = r"( ONE| MISERE| BINARY)+$"


def rule_names(grundy):
    """The rules' names in rules.h's order: build/grundy --list prints
    each as its id, its name, its code."""
    out = subprocess.run([grundy, "--list"], capture_output=True, text=True, check=True).stdout
    return [" ".join(l.split()[1:-1]) for l in out.splitlines()]


def candidates(names):
    """Every word sequence the test types: each name's prefixes (the whole
    name among them), its range's move alone, the name and a word more."""
    out = []
    for name in names:
        words = name.split()
        typed = [name[:k].rstrip() for k in range(1, len(name) + 1)]
        typed += [" ".join(words[:i + 1]) for i, w in enumerate(words) if "-" in w]
        typed.append(name + " X")
        for t in typed:
            if t not in out:
                out.append(t)
    return out


def mixed(s):
    return "".join(c.lower() if k % 2 else c for k, c in enumerate(s))


def game_rule(reply):
    """The rule GAME read: its game's name without the form words; None if
    refused."""
    m = re.match(r"OK GAME \d+ (.*)$", reply)
    return re.sub(FORMS, "", m.group(1)) if m else None


def sum_rule(reply):
    """The rule GAME SUM <words> + NIM read: its first term's name; True if
    read but the sum refused for another reason than the name; None if the
    name was refused."""
    m = re.match(r"OK GAME \d+ SUM (.*) \+ NIM$", reply)
    if m:
        return m.group(1)
    return None if reply == "ERR GAME NAME" else True


def test_reader(b, check, Sim, grundy):
    names = rule_names(grundy)
    typed = candidates(names)
    typed += [mixed(t) for t in typed]
    sim = Sim(b)
    link = sim.link
    try:
        link.cmd("SET OFF 4")
        # the rules GAME plays: the list's games without SUMs and your own
        played = set()
        for i in link.game_numbers():
            r = game_rule(link.cmd("GAME %d" % i))
            if r and not r.startswith("SUM") and not r.startswith("OCTAL"):   # your own: test_octal
                played.add(r)
        lines = []
        for t in typed:
            lines += ["GAME " + t, "GAME SUM " + t + " + NIM"]
        got = link.stream(lines)
        read, sum_only = 0, set()
        for k, t in enumerate(typed):
            g, s = game_rule(got[2 * k][1]), sum_rule(got[2 * k + 1][1])
            what = "%r: GAME %r, GAME SUM %r" % (t, got[2 * k][1], got[2 * k + 1][1])
            if g is None and isinstance(s, str) and s not in played:
                sum_only.add(s)     # a rule with no game: a SUM's term only
                continue
            check(g == s or (s is True and g is not None), "one name reader: " + what)
            read += g is not None
        missing = [n for n in names if n not in played and n != "OCTAL"]
        check(sorted(sum_only) == sorted(missing),
              "the rules with no game %r, the names GAME refused and SUM took %r" % (missing, sorted(sum_only)))
        # the example, both ways
        check(game_rule(link.cmd("GAME TAKE 1-3")) == "TAKE 1-3 DR NIM", "GAME TAKE 1-3")
        check(check_names_sane(names), "the rule list has the range names the test needs: %r" % names)
        check(link.boots == 1, "the toy restarted %d times" % (link.boots - 1))
        print("link: reader: %d names typed to GAME and GAME SUM, %d read alike as a rule, the rest refused "
              "by both; %s a SUM's term only (no game of its own)" % (len(typed), read, sorted(sum_only)),
              flush=True)
    finally:
        sim.close()


def check_names_sane(names):
    """A range's move with a nickname after it is in the list (TAKE 1-3 DR
    NIM): without one the short form is never tried."""
    return any(re.search(r"\d-\d+ \S", n) for n in names)
