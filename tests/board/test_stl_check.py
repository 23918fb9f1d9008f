#!/usr/bin/env python3
"""test_stl_check.py - tools/board/stl_check.py on surfaces whose answer is known: a
closed tetrahedron (ASCII and binary) passes; the same with a face taken
out, a face turned over, a face doubled, no face, or a face with two
corners at one point is refused; --normalize gives the same bytes for the
same surface written in another order, and a surface that still passes."""
import os
import struct
import subprocess
import sys
import tempfile

# stl_check.py lives with the board's tools (tools/board); its test here.
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "board")
sys.path.insert(0, HERE)
import stl_check  # noqa: E402

P = [(0.0, 0.0, 0.0), (10.0, 0.0, 0.0), (0.0, 10.0, 0.0), (0.0, 0.0, 10.0)]
# outward-facing (counter-clockwise seen from outside)
TETRA = [(P[0], P[2], P[1]), (P[0], P[1], P[3]), (P[0], P[3], P[2]), (P[1], P[2], P[3])]


def ascii_stl(tris):
    lines = ["solid t"]
    for t in tris:
        lines += ["  facet normal 0 0 0", "    outer loop"]
        lines += ["      vertex %g %g %g" % v for v in t]
        lines += ["    endloop", "  endfacet"]
    return ("\n".join(lines + ["endsolid t"]) + "\n").encode()


def binary_stl(tris):
    out = b"\0" * 80 + struct.pack("<I", len(tris))
    for t in tris:
        out += struct.pack("<3f", 0, 0, 0) + b"".join(struct.pack("<3f", *v) for v in t) + b"\0\0"
    return out


def run(d, name, data):
    path = os.path.join(d, name)
    with open(path, "wb") as f:
        f.write(data)
    r = subprocess.run([sys.executable, os.path.join(HERE, "stl_check.py"), path],
                       capture_output=True, text=True)
    return r.returncode, r.stdout


def main():
    failures = 0
    checks = 0

    def expect(ok, what, detail=""):
        nonlocal failures, checks
        checks += 1
        print("  %-4s %s" % ("ok" if ok else "FAIL", what))
        if not ok:
            failures += 1
            print(detail)

    flipped = [TETRA[0][::-1]] + TETRA[1:]
    degenerate = TETRA + [(P[0], P[0], P[1])]
    cases = [
        ("closed.stl", ascii_stl(TETRA), 0, "a closed tetrahedron passes"),
        ("closed-bin.stl", binary_stl(TETRA), 0, "the same, binary, passes"),
        ("open.stl", ascii_stl(TETRA[:3]), 1, "a face taken out is refused"),
        ("flipped.stl", ascii_stl(flipped), 1, "a face turned over is refused"),
        ("doubled.stl", ascii_stl(TETRA + TETRA[:1]), 1, "a face doubled is refused"),
        ("empty.stl", ascii_stl([]), 1, "no triangle is refused"),
        ("degenerate.stl", ascii_stl(degenerate), 1, "a triangle with two corners at one point is refused"),
        ("short.stl", b"solid x\n", 2, "a file that is no STL is an error"),
    ]
    with tempfile.TemporaryDirectory() as d:
        for name, data, want, what in cases:
            rc, out = run(d, name, data)
            expect(rc == want, "%s (exit %d)" % (what, rc), out)
        a, b = os.path.join(d, "a.stl"), os.path.join(d, "b.stl")
        with open(a, "wb") as f:
            f.write(ascii_stl(TETRA))
        turned = [t[1:] + t[:1] for t in reversed(TETRA)]   # same faces, other order and start
        with open(b, "wb") as f:
            f.write(ascii_stl(turned))
        na, nb = os.path.join(d, "n.stl"), os.path.join(d, "n2", "n.stl")
        os.makedirs(os.path.dirname(nb))
        stl_check.normalize(a, na)
        stl_check.normalize(b, nb)
        same = open(na, "rb").read() == open(nb, "rb").read()
        expect(same, "--normalize: one surface in two orders gives the same bytes")
        edges, problems = stl_check.check(stl_check.read_triangles(na))
        expect(edges == 6 and not problems, "--normalize keeps the surface closed and its faces' turn")
    print("%d passed, %d failed" % (checks - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
