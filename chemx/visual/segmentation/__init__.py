"""Cutting figures into structures: segmenters for molecule figures, parsers for schemes.

Backends register in `chemx.registry` (kinds ``segmenter`` and ``reaction_parser``) and
are built from there, so choosing the offline default never imports DECIMER's TensorFlow
environment or RxnScribe's checkpoints. This front exports what every backend shares.

- `classical`: connected components (molecules) and arrow/condition/component layout
  (schemes), offline.
- `decimer`: DECIMER Segmentation's Mask R-CNN, in its own environment.
- `rxnscribe`: RxnScribe's reaction parser.
"""

from __future__ import annotations

from chemx.visual.segmentation._base import (
    Crop,
    ReactionParser,
    ReactionStep,
    Segmentation,
    Segmenter,
)

__all__ = [
    "Crop",
    "ReactionParser",
    "ReactionStep",
    "Segmentation",
    "Segmenter",
]
