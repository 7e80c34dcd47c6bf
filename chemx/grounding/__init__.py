"""Text grounding: the sentences of a paper that explain a structure, and QC 2's labels.

For each structure the visual stage accepted, grounding gathers its evidence block:

- `retrieval`: the retrieval package (identifier, caption, sentences that reference the
  figure or name the identifier), each sentence with why it is there; the identifier is
  found with `chemx.labels.find_mentions` ("1" is not "DFA1").
- `expansion`: the paragraph neighbours that finish a retrieved sentence's point
  (MiniLM embedding or the ``grounding`` role), and the `EvidenceBlock` they make.
- `explanatory`: the shipped QC 2 sentence classifier (explanatory, partial,
  non-explanatory) on `encoder` embeddings plus `lexical` cues, with a `softmax` head.
- `classes`: the three sentence classes and the reasoning types, in classifier order.

The QC 2 gate itself is `chemx.qc.grounding_check`; the per-paper stage that writes
evidence nodes is `chemx.agents.grounding`. Training and measuring the classifier is in
`chemx.devkit`.
"""

from chemx.grounding.classes import (
    EXPLANATORY,
    LABELS,
    NON_EXPLANATORY,
    PARTIAL,
    REASONING_TYPES,
)
from chemx.grounding.encoder import (
    MiniLMEncoder,
    SentenceEncoder,
    SentenceTransformerEncoder,
    load_encoder,
)
from chemx.grounding.expansion import (
    BlockSentence,
    EmbeddingExpander,
    EvidenceBlock,
    Expander,
    LlmExpander,
    NoExpander,
    TextVectors,
    build_block,
)
from chemx.grounding.explanatory import (
    BACKEND,
    ExplanatoryClassifier,
    ExplanatoryManifest,
    SentencePrediction,
)
from chemx.grounding.lexical import LEXICAL_FEATURE_NAMES, lexical_features
from chemx.grounding.retrieval import PaperText, RetrievalPackage, RetrievedSentence, retrieve

__all__ = [
    "BACKEND",
    "EXPLANATORY",
    "LABELS",
    "LEXICAL_FEATURE_NAMES",
    "NON_EXPLANATORY",
    "PARTIAL",
    "REASONING_TYPES",
    "BlockSentence",
    "EmbeddingExpander",
    "EvidenceBlock",
    "Expander",
    "ExplanatoryClassifier",
    "ExplanatoryManifest",
    "LlmExpander",
    "MiniLMEncoder",
    "NoExpander",
    "PaperText",
    "RetrievalPackage",
    "RetrievedSentence",
    "SentenceEncoder",
    "SentencePrediction",
    "SentenceTransformerEncoder",
    "TextVectors",
    "build_block",
    "lexical_features",
    "load_encoder",
    "retrieve",
]
