#!/usr/bin/env python3
"""Anchor measurements for `loci bench`, run in the same session as the Swift workloads.

Prints a JSON list of {"workload", "tool", "medianNanoseconds"} on standard output:
  geodesic-inverse  geographiclib==2.1  Geodesic.WGS84.Inverse (Python reference implementation)
  geodesic-inverse  GeographicLib C++   Geodesic::Inverse, when g++ and libgeographiclib-dev are installed
                                        (scripts/bench-anchor-geographiclib.cpp, built with -O2)
  tile-id           h3==4.5.0           h3.latlng_to_cell at resolution 10 (~76 m edge hexagons; C core)
  knn-10, radius-500m (and -city)
                    nanoflann (C++)     KDTreeSingleIndexAdaptor on 3-D unit vectors, each query timed on
                                        its own, when g++ and libnanoflann-dev are installed
                                        (scripts/bench-anchor-nanoflann.cpp, built with -O2)
  knn-10, radius-500m
                    scipy               cKDTree.query(k=10) / query_ball_point on 3-D unit vectors, all
                                        queries in one batched call (workers=1), if installed
The k-d tree anchors use the workloads' distributions: uniform random points and queries on the
globe (`knn-10`, `radius-500m`), and a 50 km disc around Helsinki (`-city`). Both are compiled
trees timed without an interpreter call per query (a Python call per query cost about as much as
the search itself, so it measured the wrapper).

Install the anchors with: python3 -m pip install geographiclib==2.1 h3==4.5.0 (scipy optional);
apt-get install g++ libgeographiclib-dev libnanoflann-dev for the C++ anchors.
Inputs are random points from a fixed seed, the same distributions as the Swift workloads.
"""
import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def per_call_batches(fn, args, rounds):
    """Median over rounds of (batch time / batch size), in nanoseconds per call."""
    for a in args[: min(len(args), 1000)]:
        fn(*a)
    results = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for a in args:
            fn(*a)
        results.append((time.perf_counter_ns() - start) / len(args))
    return statistics.median(results)


def per_query(fn, args):
    """Median of individually timed calls, in nanoseconds."""
    samples = []
    for a in args:
        start = time.perf_counter_ns()
        fn(*a)
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples)


def nanoflann_version():
    """nanoflann's version from its header (NANOFLANN_VERSION 0x142 → 1.4.2)."""
    try:
        with open("/usr/include/nanoflann.hpp") as header:
            for line in header:
                if line.startswith("#define NANOFLANN_VERSION"):
                    digits = line.split()[-1][2:]
                    return ".".join(str(int(d, 16)) for d in digits)
    except OSError:
        pass
    return "?"


def random_points(rng, n):
    return [(math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)) for _ in range(n)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--points", type=int, default=1_000_000, help="points in the k-d tree anchors")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rounds = 3 if args.quick else 7
    results = []

    try:
        import geographiclib
        from geographiclib.geodesic import Geodesic
        pairs = [(a[0], a[1], b[0], b[1]) for a, b in zip(random_points(rng, 20_000), random_points(rng, 20_000))]
        g = Geodesic.WGS84
        ns = per_call_batches(lambda *p: g.Inverse(*p, Geodesic.DISTANCE | Geodesic.AZIMUTH), pairs, rounds)
        results.append({"workload": "geodesic-inverse", "tool": f"geographiclib {geographiclib.__version__} Geodesic.WGS84.Inverse (Python)", "medianNanoseconds": ns})
        print(f"bench-anchors: geographiclib inverse {ns:.0f} ns/call", file=sys.stderr)
    except ImportError:
        print("bench-anchors: geographiclib not installed; skipping its anchor", file=sys.stderr)

    cpp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-anchor-geographiclib.cpp")
    if shutil.which("g++") and os.path.exists("/usr/include/GeographicLib/Geodesic.hpp"):
        with tempfile.TemporaryDirectory() as tmp:
            binary = os.path.join(tmp, "anchor")
            subprocess.run(["g++", "-O2", "-std=c++17", cpp, "-o", binary, "-lGeographicLib"], check=True)
            out = subprocess.run([binary, str(rounds)], check=True, capture_output=True, text=True).stdout.split()
            results.append({"workload": "geodesic-inverse", "tool": f"GeographicLib {out[1]} C++ Geodesic::Inverse (g++ -O2)", "medianNanoseconds": float(out[0])})
            print(f"bench-anchors: GeographicLib C++ inverse {float(out[0]):.0f} ns/call", file=sys.stderr)
    else:
        print("bench-anchors: g++ or libgeographiclib-dev missing; skipping the C++ GeographicLib anchor", file=sys.stderr)

    try:
        import h3
        points = random_points(rng, 200_000)
        ns = per_call_batches(lambda lat, lon: h3.latlng_to_cell(lat, lon, 10), points, rounds)
        # What the interpreter alone costs for the same loop shape: a C builtin with two floats.
        overhead = per_call_batches(lambda lat, lon: math.hypot(lat, lon), points, rounds)
        results.append({"workload": "tile-id", "tool": f"h3 {h3.__version__} latlng_to_cell res 10 (Python binding, C core; the same loop calling math.hypot costs {overhead:.0f} ns)", "medianNanoseconds": ns})
        print(f"bench-anchors: h3 latlng_to_cell {ns:.0f} ns/call", file=sys.stderr)
    except ImportError:
        print("bench-anchors: h3 not installed; skipping its anchor", file=sys.stderr)

    nanoflann = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-anchor-nanoflann.cpp")
    queries = 2_000 if args.quick else 10_000
    if shutil.which("g++") and os.path.exists("/usr/include/nanoflann.hpp"):
        with tempfile.TemporaryDirectory() as tmp:
            binary = os.path.join(tmp, "anchor")
            subprocess.run(["g++", "-O2", "-std=c++17", nanoflann, "-o", binary], check=True)
            out = subprocess.run([binary, str(args.points), str(queries), str(args.seed)], check=True, capture_output=True, text=True).stdout
            version = nanoflann_version()
            for line in out.splitlines():
                workload, ns, hits = line.split()
                results.append({"workload": workload, "tool": f"nanoflann {version} k-d tree (C++ -O2, per query)", "medianNanoseconds": float(ns)})
                print(f"bench-anchors: nanoflann {workload} {float(ns):.0f} ns/query (mean {hits} hits)", file=sys.stderr)
    else:
        print("bench-anchors: g++ or libnanoflann-dev missing; skipping the nanoflann anchors", file=sys.stderr)

    try:
        import numpy as np
        import scipy
        from scipy.spatial import cKDTree
        n = args.points
        nprng = np.random.default_rng(args.seed)
        lat = np.arcsin(nprng.uniform(-1, 1, n))
        lon = np.radians(nprng.uniform(-180, 180, n))
        xyz = np.column_stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)])
        tree = cKDTree(xyz)
        qlat = np.arcsin(nprng.uniform(-1, 1, queries))
        qlon = np.radians(nprng.uniform(-180, 180, queries))
        batch = np.column_stack([np.cos(qlat) * np.cos(qlon), np.cos(qlat) * np.sin(qlon), np.sin(qlat)])
        rounds_kd = 3 if args.quick else 5
        ns = per_call_batches(lambda q: tree.query(q, k=10, workers=1), [(batch,)], rounds_kd) / queries
        results.append({"workload": "knn-10", "tool": f"scipy {scipy.__version__} cKDTree.query k=10 (C++ core, {queries} queries per call)", "medianNanoseconds": ns})
        chord = 2 * math.sin(500 / 6_371_008.8 / 2)
        ns = per_call_batches(lambda q: tree.query_ball_point(q, chord, workers=1), [(batch,)], rounds_kd) / queries
        results.append({"workload": "radius-500m", "tool": f"scipy {scipy.__version__} cKDTree.query_ball_point 500 m (C++ core, {queries} queries per call)", "medianNanoseconds": ns})
        print("bench-anchors: scipy k-d tree anchors done (batched)", file=sys.stderr)
    except ImportError:
        print("bench-anchors: numpy/scipy not installed; skipping the k-d tree anchors", file=sys.stderr)

    json.dump(results, sys.stdout)
    print()


if __name__ == "__main__":
    main()
