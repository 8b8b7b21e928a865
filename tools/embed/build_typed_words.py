#!/usr/bin/env python3
"""Embeds the words people type, so free text that matches no tag can map to the nearest tags
at run time without running the model (issue 20 §5).

The word list is the coverage list of common interest words (Wikipedia's list of hobbies,
Tests/Tidepool/InterestKitTests/Fixtures/interest-words.txt) plus general English nouns and verbs
(words/common-*.txt, CC0), lower-cased, without the ones the vocabulary already names exactly
(slugs and synonyms are matched before the model is asked). Each word is embedded as itself.

The similarity floor is chosen on a labelled set the run time never sees through this path:
the vocabulary's own synonyms (a person wrote "kahvila" next to venue:cafe). Each synonym is
embedded the same way and mapped to its nearest tag; the mapping is right when that tag is the
labelled one or one of its related tags (related-tags.tsv). The floor is the smallest cosine at
which the synonyms mapped at or above it are right at least TARGET_PRECISION of the time.
Cosines are taken in the run time's space: word and tag rows minus the tags' mean row, renormalised.

Writes into Sources/Tidepool/InterestKit/Resources:
  typed-words.tsv            header, then one word per line (row order of the matrix)
  typed-word-embeddings.f16  one 384-dim row per word, float16 little-endian, row-major
  typed-words.json           SHA-256 of both, the tag matrix it belongs to, the floor and the
                             table it was chosen on

Usage: python build_typed_words.py (needs the model wheel; build_artifacts.py runs it).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "Sources/Tidepool/InterestKit/Resources"
COVERAGE = ROOT / "Tests/Tidepool/InterestKitTests/Fixtures/interest-words.txt"
GENERAL = [HERE / "words/common-nouns.txt", HERE / "words/common-verbs.txt"]
TARGET_PRECISION = 0.85
CACHE = ROOT / ".build/embed-cache/typed-words.npz"


class CachedModel:
    """The model with a text → embedding cache under .build, so a changed floor rule or word list
    re-embeds only what is new (the embeddings of a text never change for one weights file)."""

    def __init__(self) -> None:
        from minilm import MiniLM

        self.model = MiniLM()
        self.cache: dict[str, np.ndarray] = {}
        if CACHE.exists():
            data = np.load(CACHE, allow_pickle=False)
            if str(data["weights"]) == self.model.weights_sha256:
                self.cache = dict(zip(data["texts"].tolist(), data["vectors"]))

    def embed(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        for start in range(0, len(missing), 100):
            batch = missing[start:start + 100]
            self.cache.update(zip(batch, self.model.embed(batch)))
            self.save()
            print(f"  embedded {min(start + 100, len(missing))}/{len(missing)}", file=sys.stderr)
        return np.stack([self.cache[t] for t in texts])

    def save(self) -> None:
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        texts = list(self.cache)
        np.savez(CACHE, weights=np.array(self.model.weights_sha256), texts=np.array(texts),
                 vectors=np.stack([self.cache[t] for t in texts]))
FLOORS = [round(0.30 + 0.01 * i, 2) for i in range(51)]


def listed(path: Path) -> list[str]:
    return [line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def key(text: str) -> str:
    return "_".join(re.findall(r"[a-z0-9]+", text.lower()))


def centred_space(card: dict) -> tuple[np.ndarray, np.ndarray]:
    """The centred tag matrix and the mean it subtracts, as EmbeddingMatrix.centred builds them."""
    raw = (OUT / "tag-embeddings.f16").read_bytes()
    if hashlib.sha256(raw).hexdigest() != card["matrix_sha256"]:
        sys.exit("tag-embeddings.f16 does not match model-card.json: rebuild the tags first")
    m = np.frombuffer(raw, dtype="<f2").astype(np.float32).reshape(card["rows"], card["dimensions"])
    m = m / np.linalg.norm(m, axis=1, keepdims=True)
    mean = m.mean(axis=0, dtype=np.float32)
    c = m - mean
    return c / np.linalg.norm(c, axis=1, keepdims=True), mean


def into_space(rows: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """float16 round trip, renormalise, subtract the tags' mean, renormalise (the Swift loader)."""
    m = rows.astype("<f2").astype(np.float32)
    m = m / np.linalg.norm(m, axis=1, keepdims=True)
    c = m - mean
    return c / np.linalg.norm(c, axis=1, keepdims=True)


def main() -> None:
    card = json.loads((OUT / "model-card.json").read_text())
    rows = [line.split("\t") for line in (OUT / "vocabulary.tsv").read_text(encoding="utf-8").splitlines()
            if not line.startswith("#")]
    tags = [r[0] for r in rows]
    known = {key(r[0].split(":")[1]) for r in rows} | {key(s) for r in rows for s in r[2].split(",") if s}
    related = {}
    for line in (OUT / "related-tags.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        tag, _, edges = line.partition("\t")
        related[tag] = {e.split("=")[0] for e in edges.split(",") if e}

    words, seen = [], set()
    for word in listed(COVERAGE) + [w for path in GENERAL for w in listed(path)]:
        k = key(word)
        if k and k not in known and k not in seen:
            seen.add(k)
            words.append(word)
    synonyms = [(s, r[0]) for r in rows for s in r[2].split(",") if s]

    model = CachedModel()
    tag_space, mean = centred_space(card)
    print(f"embedding {len(synonyms)} synonyms for the floor", file=sys.stderr)
    syn = into_space(model.embed([s for s, _ in synonyms]), mean) @ tag_space.T
    best = syn.argmax(axis=1)
    top = syn.max(axis=1)
    right = np.array([tags[b] == t or tags[b] in related.get(t, ()) for b, (_, t) in zip(best, synonyms)])
    table = []
    for f in FLOORS:
        kept = top >= f
        precision = float(right[kept].mean()) if kept.any() else 1.0
        table.append({"floor": f, "mapped_share": round(float(kept.mean()), 4),
                      "precision": round(precision, 4)})
    floor = next(row["floor"] for row in table if row["precision"] >= TARGET_PRECISION)
    for row in table:
        print(row, file=sys.stderr)

    print(f"embedding {len(words)} typed words", file=sys.stderr)
    matrix = model.embed(words)
    data = matrix.astype("<f2").tobytes()
    (OUT / "typed-word-embeddings.f16").write_bytes(data)
    text = (f"# loci-typed-words\tversion={card['vocabulary_version']}\twords={len(words)}\n"
            + "".join(f"{w}\n" for w in words)).encode("utf-8")
    (OUT / "typed-words.tsv").write_bytes(text)
    out = {
        "words": len(words),
        "dimensions": card["dimensions"],
        "quantisation": "float16 little-endian, row-major; rows were unit length before quantisation",
        "vocabulary_version": card["vocabulary_version"],
        "tag_matrix_sha256": card["matrix_sha256"],
        "words_sha256": hashlib.sha256(text).hexdigest(),
        "matrix_sha256": hashlib.sha256(data).hexdigest(),
        "sources": [str(COVERAGE.relative_to(ROOT)), *[str(p.relative_to(ROOT)) for p in GENERAL]],
        "space": "rows minus the tags' mean row, renormalised (the centred tag space)",
        "floor": floor,
        "floor_rule": f"smallest cosine at which the vocabulary's {len(synonyms)} synonyms, embedded as "
                      f"typed, map to their own tag or one of its related tags >= {TARGET_PRECISION:.0%} "
                      "of the time",
        "floor_table": table,
    }
    (OUT / "typed-words.json").write_text(json.dumps(out, indent=2) + "\n")
    print(f"floor {floor}; {len(words)} words, {len(data)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
