"""Segmenters and reaction parsers, chosen by name.

The registry maps names to "module:Class" strings so that choosing the offline default
never imports a model stack: DECIMER needs its own TensorFlow environment and RxnScribe
pulls torch checkpoints, MolScribe and EasyOCR; each is imported only when asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from chemx.visual.segmentation._base import (
    Crop,
    ReactionParser,
    ReactionStep,
    Segmentation,
    Segmenter,
)

SEGMENTERS: dict[str, str] = {
    "classical": "chemx.visual.segmentation.classical:ClassicalSegmenter",
    "decimer": "chemx.visual.segmentation.decimer:DecimerSegmenter",
}
"""Name -> "module:Class" of every `Segmenter`; "classical" is the offline default."""

REACTION_PARSERS: dict[str, str] = {
    "classical": "chemx.visual.segmentation.classical:ClassicalReactionParser",
    "rxnscribe": "chemx.visual.segmentation.rxnscribe:RxnScribeParser",
}
"""Name -> "module:Class" of every `ReactionParser`; "classical" is the offline default."""

DEFAULT_SEGMENTER = "classical"
DEFAULT_REACTION_PARSER = "classical"


def _load(registry: dict[str, str], kind: str, name: str) -> type[Any]:
    try:
        target = registry[name]
    except KeyError:
        choices = ", ".join(sorted(registry))
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {choices}") from None
    module_name, _, class_name = target.partition(":")
    module = importlib.import_module(module_name)
    cls: type[Any] = getattr(module, class_name)
    return cls


def make_segmenter(name: str = DEFAULT_SEGMENTER, **kwargs: Any) -> Segmenter:
    """Build the segmenter registered under `name`, passing `kwargs` to its constructor.

    Raises:
        ValueError: `name` is not registered (the message lists the choices).
    """
    segmenter: Segmenter = _load(SEGMENTERS, "segmenter", name)(**kwargs)
    return segmenter


def make_reaction_parser(name: str = DEFAULT_REACTION_PARSER, **kwargs: Any) -> ReactionParser:
    """Build the reaction parser registered under `name`, passing `kwargs` to it.

    Raises:
        ValueError: `name` is not registered (the message lists the choices).
    """
    parser: ReactionParser = _load(REACTION_PARSERS, "reaction parser", name)(**kwargs)
    return parser


__all__ = [
    "DEFAULT_REACTION_PARSER",
    "DEFAULT_SEGMENTER",
    "REACTION_PARSERS",
    "SEGMENTERS",
    "Crop",
    "ReactionParser",
    "ReactionStep",
    "Segmentation",
    "Segmenter",
    "make_reaction_parser",
    "make_segmenter",
]
