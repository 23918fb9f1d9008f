#!/usr/bin/env python3
"""stl_check.py - is each STL a closed surface a slicer can print?

    tools/board/stl_check.py FILE.stl...
    tools/board/stl_check.py --normalize IN.stl OUT.stl

For each file (ASCII or binary STL): at least one triangle, no triangle
whose corners coincide, and every edge shared by exactly two triangles that
run along it in opposite directions (a closed, consistently oriented
surface: no hole, no crack, no fin, no face turned inside out). Corners are
the same point when their coordinates are equal as written (OpenSCAD
writes one vertex's coordinates the same way every time). Prints one line
a file (triangles, edges, the size) and, for a failed one, the first few
bad edges; exits 1 if any file fails, 2 on a file it cannot read.

--normalize writes IN's triangles to OUT in one order: OpenSCAD 2021 writes
the same surface in a different order from run to run (CGAL's), and a
generated file must be the same bytes every time. Each triangle starts at
its least corner (its turn kept), the triangles are sorted, the normals
computed from the corners.
"""
import collections
import struct
import sys

SHOWN = 5


class StlError(Exception):
    pass


def read_triangles(path):
    """[(v0, v1, v2)], each vertex a tuple of three floats."""
    with open(path, "rb") as f:
        data = f.read()
    # A binary STL's header may also begin "solid": its size decides.
    binary = len(data) >= 84 and len(data) == 84 + 50 * struct.unpack_from("<I", data, 80)[0]
    if data[:5] == b"solid" and not binary:
        tris, cur = [], []
        for n, line in enumerate(data.decode("ascii", "replace").splitlines(), 1):
            words = line.split()
            if words[:1] == ["vertex"]:
                if len(words) != 4:
                    raise StlError("%s:%d: a vertex without three coordinates" % (path, n))
                try:
                    cur.append(tuple(float(w) for w in words[1:]))
                except ValueError:
                    raise StlError("%s:%d: a coordinate that is not a number" % (path, n))
            elif words[:1] == ["endloop"]:
                if len(cur) != 3:
                    raise StlError("%s:%d: a facet with %d vertices" % (path, n, len(cur)))
                tris.append(tuple(cur))
                cur = []
        if "endsolid" not in data.decode("ascii", "replace"):
            raise StlError("%s: an ASCII STL without its endsolid line (cut short?)" % path)
        return tris
    if len(data) < 84:
        raise StlError("%s: %d bytes: neither an ASCII nor a binary STL" % (path, len(data)))
    count = struct.unpack_from("<I", data, 80)[0]
    if len(data) != 84 + 50 * count:
        raise StlError("%s: binary STL of %d triangles should be %d bytes, is %d"
                       % (path, count, 84 + 50 * count, len(data)))
    tris = []
    for i in range(count):
        v = struct.unpack_from("<9f", data, 84 + 50 * i + 12)
        tris.append((v[0:3], v[3:6], v[6:9]))
    return tris


def check(tris):
    """(edges, problems): problems are lines saying what is wrong."""
    problems = []
    if not tris:
        return 0, ["no triangles"]
    directed = collections.Counter()
    for t in tris:
        if t[0] == t[1] or t[1] == t[2] or t[2] == t[0]:
            problems.append("a triangle with two corners at one point %s" % (t[0],))
            continue
        for a, b in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])):
            directed[(a, b)] += 1
    undirected = collections.Counter()
    for (a, b), n in directed.items():
        undirected[(a, b) if a < b else (b, a)] += n
    for (a, b), n in sorted(undirected.items()):
        if n != 2:
            problems.append("edge %s-%s is on %d triangle%s" % (a, b, n, "" if n == 1 else "s"))
        elif directed[(a, b)] != 1:
            problems.append("edge %s-%s: both triangles run it the same way (one face turned)" % (a, b))
    return len(undirected), problems


def normalize(src, dst):
    tris = []
    for t in read_triangles(src):
        i = t.index(min(t))
        tris.append(t[i:] + t[:i])
    tris.sort()
    out = ["solid %s" % dst.rsplit("/", 1)[-1].rsplit(".", 1)[0]]
    for a, b, c in tris:
        u = [b[i] - a[i] for i in range(3)]
        v = [c[i] - a[i] for i in range(3)]
        n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        length = sum(x * x for x in n) ** 0.5 or 1.0
        out.append("  facet normal %s" % " ".join("%.6g" % (x / length + 0.0) for x in n))
        out.append("    outer loop")
        for p in (a, b, c):
            out.append("      vertex %s" % " ".join("%.6g" % x for x in p))
        out.append("    endloop")
        out.append("  endfacet")
    out.append("endsolid %s" % out[0][6:])
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")


def main(argv):
    if len(argv) == 3 and argv[0] == "--normalize":
        try:
            normalize(argv[1], argv[2])
        except (OSError, StlError) as e:
            print("stl: %s" % e)
            return 2
        return 0
    if not argv:
        print("usage: stl_check.py FILE.stl...", file=sys.stderr)
        return 2
    rc = 0
    for path in argv:
        try:
            tris = read_triangles(path)
        except (OSError, StlError) as e:
            print("stl: %s" % (e if isinstance(e, StlError) else "%s: %s" % (path, e.strerror)))
            return 2
        edges, problems = check(tris)
        size = ""
        if tris:
            lo = [min(v[i] for t in tris for v in t) for i in range(3)]
            hi = [max(v[i] for t in tris for v in t) for i in range(3)]
            size = ", %.1f x %.1f x %.1f mm" % tuple(h - l for h, l in zip(hi, lo))
        state = "closed" if not problems else "NOT CLOSED (%d problems)" % len(problems)
        print("%s: %d triangles, %d edges%s: %s" % (path, len(tris), edges, size, state))
        for p in problems[:SHOWN]:
            print("  " + p)
        if len(problems) > SHOWN:
            print("  ... and %d more" % (len(problems) - SHOWN))
        if problems:
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
