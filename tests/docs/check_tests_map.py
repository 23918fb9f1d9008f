#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_tests_map.py: tests/README.md's map kept complete (make test-docs).

  targets  every target of TEST_TARGETS (what make test runs) has a row of
           the map's table, and every `test-X` the table names is a target
           of the Makefiles;
  folders  every folder tests/X/ is linked from the README.
Then it shows each check failing on a mutated copy of the README and on a
target and a folder it does not know.

usage: check_tests_map.py [--root DIR]
Prints one line per failure and a summary; exit 0 when everything holds.
"""
import argparse
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True      # no __pycache__ left in tests/docs
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_docs import first_table, links, section  # noqa: E402

README = "tests/README.md"


def make_database(root):
    """(every target, TEST_TARGETS) from make's database (-p) on a target
    that does not exist, so nothing is built or run."""
    r = subprocess.run(["make", "-C", root, "-pq", "--no-print-directory", ".tests-map-no-such-target"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, universal_newlines=True)
    targets, test_targets = set(), []
    for line in r.stdout.split("\n"):
        m = re.match(r"^TEST_TARGETS :?= (.*)$", line)
        if m:
            test_targets = m.group(1).split()
            continue
        m = re.match(r"^([^\s#:=%][^:=]*?):(?!=)", line)
        if m:
            targets.update(m.group(1).split())
    return targets, test_targets


def test_folders(root):
    """Every folder tests/X/ (X), sorted."""
    tests = os.path.join(root, "tests")
    return sorted(d for d in os.listdir(tests)
                  if os.path.isdir(os.path.join(tests, d)) and not d.startswith((".", "_")))


def map_targets(text):
    """The `test-X` names of the target column of the map's table."""
    names = []
    for row in first_table(section(text, "The map")):
        cells = row.split("|")
        if len(cells) > 3:
            names += re.findall(r"`(test-[A-Za-z0-9_-]+)`", cells[3])
    return names


def check_map(text, targets, test_targets, folders):
    bad = []
    named = map_targets(text)
    if not named:
        return ["%s: no table under '## The map' naming a `test-X` target" % README]
    for t in test_targets:
        if t not in named:
            bad.append("%s: make test runs %s, which has no row in the map" % (README, t))
    for t in named:
        if t not in targets:
            bad.append("%s: the map names %s, which is no make target" % (README, t))
    linked = {os.path.normpath(target.partition("#")[0]) for target, _ in links(text)}
    for d in folders:
        if d not in linked:
            bad.append("%s: the folder tests/%s/ is not linked from it" % (README, d))
    return bad


def self_test(text, targets, test_targets, folders):
    """Each check refuses a mutated README, or a target or folder it does
    not know of."""
    cases = [
        ("a row's target misspelt", text.replace("| `test-hal` |", "| `test-hall` |", 1), test_targets, folders),
        ("a row taken out", re.sub(r"^\| [^\n]*`test-wokwi`[^\n]*\n", "", text, count=1, flags=re.M),
         test_targets, folders),
        ("a folder unlinked", text.replace("[version/](version/)", "version/", 1), test_targets, folders),
        ("a new target", text, test_targets + ["test-not-in-the-map"], folders),
        ("a new folder", text, test_targets, folders + ["not-in-the-map"]),
    ]
    bad = []
    for name, t, tt, f in cases:
        if t == text and tt is test_targets and f is folders:
            bad.append("self-test: %s: nothing found to mutate" % name)
        elif not check_map(t, targets, tt, f):
            bad.append("self-test: %s: the map check passed it" % name)
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    with open(os.path.join(root, README), encoding="utf-8") as f:
        text = f.read()
    targets, test_targets = make_database(root)
    if not test_targets:
        print("tests-map: FAIL no TEST_TARGETS in make's database")
        return 1
    folders = test_folders(root)
    bad = check_map(text, targets, test_targets, folders)
    print("tests-map: map      %s" % ("ok" if not bad else "%d failures" % len(bad)))
    found = self_test(text, targets, test_targets, folders)
    print("tests-map: self     %s" % ("ok: every check fails on a mutated copy" if not found else "%d failures" % len(found)))
    bad += found
    for line in bad:
        print("tests-map: FAIL " + line)
    print("tests-map: %d targets make test runs, %d named in the map, %d folders" % (
        len(test_targets), len(set(map_targets(text))), len(folders)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
