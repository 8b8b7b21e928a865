#!/usr/bin/env python3
"""Builds the interest-facet codebook: k centroids over the centred tag matrix (issue 20 §1).

A presence report may carry the index of the user's nearest facet instead of a vector. The
facets are spherical k-means clusters (cosine) of the tag embeddings in the space the run time
uses: the committed float16 matrix dequantised, its mean row removed, rows renormalised
(EmbeddingMatrix.centred in Swift). No model runs here: only the committed matrix is read.

k is chosen in 16...32 as the k whose facets agree best with people's judgement, among those
where every facet holds at least MIN_SHARE of the tags (a facet of a handful of tags would make
its histogram bin identifying and noisy): for each hand-written case of profile-pairs.json, the
anchor and its "farther" profile should fall in different facets (clearly different people
must not look alike), and the anchor and its "closer" profile should share one; the k with the
most separated cases wins, then the most shared, then the smallest. The mean
within-facet cosine has no elbow in 16...32 (it rises about 0.003 per facet), so it is
reported, not used. Every k runs RESTARTS seeded k-means++ starts and keeps the best objective.

Writes into Sources/Tidepool/InterestKit/Resources:
  facet-centroids.f32  k unit rows of 384 float32 little-endian (small: stored exactly)
  facets.json          version facets-<k>/<model version>, the model version and tag-matrix
                       SHA-256 it was built for, the centroids' SHA-256, a label per facet (its
                       most central tags), facet sizes, and the k table the choice was made on
and the tag → facet assignment the run time must reproduce into
Tests/Tidepool/InterestKitTests/Fixtures/facet-assignment.tsv.

Usage: python build_facets.py (numpy only; build_artifacts.py runs it after the tags).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Sources/Tidepool/InterestKit/Resources"
FIXTURES = ROOT / "Tests/Tidepool/InterestKitTests/Fixtures"
K_RANGE = range(16, 33)
MIN_SHARE = 0.01
RESTARTS = 8
SEED = 20
ITERATIONS = 100
LABEL_TAGS = 3


def centred_tags() -> tuple[list[str], np.ndarray, dict]:
    """The tags and the centred float32 matrix, as the Swift loader builds it."""
    card = json.loads((OUT / "model-card.json").read_text())
    raw = (OUT / "tag-embeddings.f16").read_bytes()
    if hashlib.sha256(raw).hexdigest() != card["matrix_sha256"]:
        sys.exit("tag-embeddings.f16 does not match model-card.json: rebuild the tags first")
    m = np.frombuffer(raw, dtype="<f2").astype(np.float32).reshape(card["rows"], card["dimensions"])
    m = m / np.linalg.norm(m, axis=1, keepdims=True)
    c = m - m.mean(axis=0, dtype=np.float32)
    c = c / np.linalg.norm(c, axis=1, keepdims=True)
    lines = (OUT / "vocabulary.tsv").read_text(encoding="utf-8").splitlines()
    tags = [line.split("\t")[0] for line in lines if not line.startswith("#")]
    assert len(tags) == c.shape[0]
    return tags, c.astype(np.float32), card


def spherical_kmeans(x: np.ndarray, k: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """k-means++ seeding on cosine distance, then Lloyd steps with unit centroids."""
    n = x.shape[0]
    centres = [x[rng.integers(n)]]
    for _ in range(1, k):
        d = 1 - np.max(x @ np.stack(centres).T, axis=1)
        d = np.clip(d, 0, None) ** 2
        centres.append(x[rng.choice(n, p=d / d.sum())])
    c = np.stack(centres)
    assign = np.full(n, -1)
    for _ in range(ITERATIONS):
        new = np.argmax(x @ c.T, axis=1)
        if np.array_equal(new, assign):
            break
        assign = new
        for j in range(k):
            members = x[assign == j]
            if len(members) == 0:  # an empty facet takes the point farthest from its centroid
                worst = np.argmin(np.max(x @ c.T, axis=1))
                members = x[[worst]]
            s = members.sum(axis=0)
            c[j] = s / np.linalg.norm(s)
    return c.astype(np.float32), np.argmax(x @ c.T, axis=1)


def objective(x: np.ndarray, c: np.ndarray, assign: np.ndarray) -> float:
    """Mean cosine of each tag to its facet's centroid."""
    return float(np.mean(np.sum(x * c[assign], axis=1)))


def best_of(x: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray, float]:
    best = None
    for restart in range(RESTARTS):
        c, a = spherical_kmeans(x, k, np.random.default_rng(SEED * 1000 + k * 100 + restart))
        score = objective(x, c, a)
        if best is None or score > best[2]:
            best = (c, a, score)
    return best


def profile_separation(x: np.ndarray, c: np.ndarray, index: dict[str, int]) -> tuple[int, int, int, list[str]]:
    """(cases, anchor/farther in different facets, anchor/closer in the same facet, the anchors
    whose farther profile shares their facet) over profile-pairs.json, profiles as the run time
    makes them (normalised sums of centred rows)."""
    cases = json.loads((Path(__file__).resolve().parent / "profile-pairs.json").read_text())["cases"]

    def facet(names: list[str]) -> int:
        v = x[[index[t] for t in names]].sum(axis=0)
        return int(np.argmax(c @ (v / np.linalg.norm(v))))

    mixed = [case["anchor"][0] for case in cases if facet(case["anchor"]) == facet(case["farther"])]
    together = sum(facet(case["anchor"]) == facet(case["closer"]) for case in cases)
    return len(cases), len(cases) - len(mixed), together, mixed


def main() -> None:
    tags, x, card = centred_tags()
    n = len(tags)
    index = {t: i for i, t in enumerate(tags)}
    table, runs = [], {}
    for k in K_RANGE:
        c, a, score = best_of(x, k)
        share = float(np.bincount(a, minlength=k).min()) / n
        cases, apart, together, mixed = profile_separation(x, c, index)
        runs[k] = (c, a)
        table.append({"k": k, "mean_cosine": round(score, 4), "smallest_share": round(share, 4),
                      "pairs_apart": apart, "pairs_together": together, "pairs": cases,
                      "farther_in_same_facet": mixed})
        print(f"k={k}: mean within-facet cosine {score:.4f}, smallest facet {share:.3%}, "
              f"farther profile in another facet {apart}/{cases}, closer in the same {together}/{cases} {mixed}",
              file=sys.stderr)
    eligible = [row for row in table if row["smallest_share"] >= MIN_SHARE] or table
    chosen = max(eligible, key=lambda row: (row["pairs_apart"], row["pairs_together"], -row["k"]))["k"]
    centroids, assign = runs[chosen]
    # What the run time does: argmax of cosine against the stored centroids.
    sims = x @ centroids.T
    assign = np.argmax(sims, axis=1)
    top2 = np.sort(sims, axis=1)[:, -2:]
    margin = float(np.min(top2[:, 1] - top2[:, 0]))

    labels, sizes = [], []
    for j in range(chosen):
        members = np.where(assign == j)[0]
        order = members[np.argsort(-sims[members, j])][:LABEL_TAGS]
        labels.append(" · ".join(tags[i] for i in order))
        sizes.append(int(len(members)))

    centroid_bytes = centroids.astype("<f4").tobytes()
    (OUT / "facet-centroids.f32").write_bytes(centroid_bytes)
    name = card["model"].split("/")[-1]
    model_version = f"{name}/f16-centred/vocab-{card['vocabulary_version']}"
    facets = {
        "version": f"facets-{chosen}/{model_version}",
        "model_version": model_version,
        "vocabulary_version": card["vocabulary_version"],
        "tag_matrix_sha256": card["matrix_sha256"],
        "facets": chosen,
        "dimensions": int(x.shape[1]),
        "storage": "float32 little-endian, row-major, unit rows in the centred tag space",
        "centroids_sha256": hashlib.sha256(centroid_bytes).hexdigest(),
        "labels": labels,
        "sizes": sizes,
        "method": f"spherical k-means (cosine), k-means++ seeding, {RESTARTS} seeded restarts per k "
                  f"(seed {SEED}), over the centred tag matrix the run time uses",
        "k_rule": f"among k in 16...32 whose facets each hold >= {MIN_SHARE:.0%} of the tags, the k where "
                  "most hand-written profile cases (tools/embed/profile-pairs.json) put anchor and farther "
                  "profile in different facets, then most put anchor and closer profile in one; smallest on a tie",
        "smallest_assignment_margin": round(margin, 6),
        "k_table": table,
    }
    (OUT / "facets.json").write_text(json.dumps(facets, indent=2, ensure_ascii=False) + "\n")
    FIXTURES.mkdir(parents=True, exist_ok=True)
    rows = [f"# loci-facet-assignment\tversion={facets['version']}\ttags={n}"]
    rows += [f"{t}\t{int(f)}" for t, f in zip(tags, assign)]
    (FIXTURES / "facet-assignment.tsv").write_text("\n".join(rows) + "\n")
    print(f"chose k={chosen}; smallest top-1/top-2 margin {margin:.6f}", file=sys.stderr)


if __name__ == "__main__":
    main()
