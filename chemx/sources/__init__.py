"""Where papers come from: local JATS/PDF folders, the embedded sample corpus.

Parsers are looked up by document format; heavy or optional ones (MinerU) are imported
only when chosen.
"""

from chemx.sources._base import (
    DocumentFormat,
    DocumentParser,
    ParsedPaper,
    Rejection,
    SourceDocument,
    SourceError,
)
from chemx.sources.corpus import CorpusError, CorpusSpec, resolve_corpus

__all__ = [
    "CorpusError",
    "CorpusSpec",
    "DocumentFormat",
    "DocumentParser",
    "ParsedPaper",
    "Rejection",
    "SourceDocument",
    "SourceError",
    "resolve_corpus",
]
