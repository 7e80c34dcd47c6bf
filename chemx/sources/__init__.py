"""Where papers come from: local JATS/PDF folders, PubMed Central, the sample corpus.

- `corpus`: `--corpus` (``sample``, ``pmc_oa`` or a folder) resolved to documents and a
  parser per format; `folder` finds the documents in a folder.
- `pmc`: ``pmc_oa``: the E-utilities search, the PMC Cloud Service bucket (or a mirror
  of it), the retraction, licence and SJR filters; refused papers come back as
  `Rejection`s in the `CorpusSpec`, stored like unreadable files.
- `jats`: JATS / NLM XML, PMC OAI-PMH envelopes included; its parts are `_jats_xml`
  (safe parsing), `_jats_meta` (title, DOI, dates, licence), `_jats_body` (paragraphs and
  sections) and `_jats_figures` (figures and their image files).
- `pdf`: PDFs with PyMuPDF (its parts, `_pdf_*`, are listed in its docstring; journal
  names in `_journals`); `mineru`: the optional MinerU backend.
- `_assemble`: what every parser ends with (paragraphs, sentences, figure references).
- `_paths`: the corpus folder is a boundary: every file a source opens is resolved and
  must lie inside it ("outside_corpus" otherwise); `_base.read_document` also refuses a
  document over `--max-document-mb` before reading it ("too_large").
- `_sniff`: what a ".pdf" that is not a PDF really is ("not_a_pdf": an HTML login page...).

Each parser hands a `ParsedPaper` (records plus `Rejection`s naming the file) to the
acquisition agent. PDF backends are registry entries (`chemx.registry`), so MinerU is
imported only when chosen.
"""

from chemx.sources._base import (
    UNREAD_REASONS,
    DocumentFormat,
    DocumentParser,
    ParsedPaper,
    Rejection,
    SourceDocument,
    SourceError,
)
from chemx.sources.corpus import CorpusError, CorpusSpec, resolve_corpus, sample_corpus_dir

__all__ = [
    "UNREAD_REASONS",
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
