"""Where papers come from: local JATS/PDF folders and the embedded sample corpus.

- `corpus`: `--corpus` (``sample`` or a folder) resolved to documents and a parser per
  format; `folder` finds the documents in a folder.
- `jats`: JATS / NLM XML, PMC OAI-PMH envelopes included; its parts are `_jats_xml`
  (safe parsing), `_jats_meta` (title, DOI, dates, licence), `_jats_body` (paragraphs and
  sections) and `_jats_figures` (figures and their image files).
- `pdf`: PDFs with PyMuPDF (parts: `_pdf_pages`, `_pdf_figures`, `_pdf_text`); `mineru`:
  the optional MinerU backend.
- `_assemble`: what every parser ends with (paragraphs, sentences, figure references).

Each parser hands a `ParsedPaper` (records plus `Rejection`s naming the file) to the
acquisition agent. PDF backends are registry entries (`chemx.registry`), so MinerU is
imported only when chosen.
"""

from chemx.sources._base import (
    DocumentFormat,
    DocumentParser,
    ParsedPaper,
    Rejection,
    SourceDocument,
    SourceError,
)
from chemx.sources.corpus import CorpusError, CorpusSpec, resolve_corpus, sample_corpus_dir

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
    "sample_corpus_dir",
]
