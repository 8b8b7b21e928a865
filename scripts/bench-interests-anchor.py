#!/usr/bin/env python3
"""Anchor for `loci bench interests`: the same two workloads in numpy (BLAS underneath).

* interest-user-vector: normalise(w @ E[rows]) for 500 weighted rows of a 1,536 x 384 float32 matrix.
* interest-tile-scan: M @ v for a 100,000 x 384 float32 matrix of unit rows and one unit viewer.

Prints a JSON list of {"workload", "tool", "medianNanoseconds"} on standard output; progress goes
to standard error. Usage: bench-interests-anchor.py [--tiles N] [--rounds R]
"""
import argparse
import json
import statistics
import sys
import time

try:
    import numpy as np
except ImportError:
    print("[]")
    print("bench-interests-anchor: numpy is missing; no anchor", file=sys.stderr)
    sys.exit(0)


def timed(function, rounds):
    function()  # warm-up
    samples = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        function()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tiles", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    rng = np.random.default_rng(42)
    tags = rng.standard_normal((1536, 384)).astype(np.float32)
    tags /= np.linalg.norm(tags, axis=1, keepdims=True)
    rows = rng.integers(0, 1536, 500)
    weights = rng.uniform(-0.5, 2, 500).astype(np.float32)

    def user_vector():
        v = weights @ tags[rows]
        return v / np.linalg.norm(v)

    print(f"bench-interests-anchor: {args.tiles} tile vectors", file=sys.stderr)
    tiles = rng.standard_normal((args.tiles, 384)).astype(np.float32)
    tiles /= np.linalg.norm(tiles, axis=1, keepdims=True)
    viewer = user_vector()
    tool = f"numpy {np.__version__} float32 (BLAS)"
    print(json.dumps([
        {"workload": "interest-user-vector", "tool": tool, "medianNanoseconds": timed(user_vector, args.rounds)},
        {"workload": "interest-tile-scan", "tool": tool, "medianNanoseconds": timed(lambda: tiles @ viewer, args.rounds)},
    ]))


if __name__ == "__main__":
    main()
