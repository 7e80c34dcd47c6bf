"""Grounding checks: does a sentence of the paper explain how a feature causes an effect."""

from chemx.grounding.dataset import (
    EXPLANATORY,
    LABELS,
    NON_EXPLANATORY,
    PARTIAL,
    REASONING_TYPES,
    GoldSentence,
    LabelledSentence,
    load_gold_sentences,
    load_labelled_sentences,
)
from chemx.grounding.encoder import MiniLMEncoder, SentenceEncoder, SentenceTransformerEncoder
from chemx.grounding.explanatory import (
    BACKEND,
    ExplanatoryClassifier,
    ExplanatoryManifest,
    SentencePrediction,
)
from chemx.grounding.lexical import LEXICAL_FEATURE_NAMES, lexical_features

__all__ = [
    "BACKEND",
    "EXPLANATORY",
    "LABELS",
    "LEXICAL_FEATURE_NAMES",
    "NON_EXPLANATORY",
    "PARTIAL",
    "REASONING_TYPES",
    "ExplanatoryClassifier",
    "ExplanatoryManifest",
    "GoldSentence",
    "LabelledSentence",
    "MiniLMEncoder",
    "SentenceEncoder",
    "SentencePrediction",
    "SentenceTransformerEncoder",
    "lexical_features",
    "load_gold_sentences",
    "load_labelled_sentences",
]
