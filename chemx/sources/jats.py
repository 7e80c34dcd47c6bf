"""JATS / NLM XML articles (PMC .nxml, OAI-PMH records) to records.

PMC serves the same article in several dialects: the NLM 2.3 and 3.0 DTDs without a
namespace, and JATS 1.3 with a default namespace inside an OAI-PMH envelope. Rather
than branch on the dialect, the parser strips namespaces and looks for the `<article>`
element wherever it is; everything after that is dialect-agnostic.

The XML parser never loads DTDs, resolves entities or touches the network (XXE and
billion-laughs safe), and refuses huge trees. A whole-document problem raises
`SourceError`; a figure whose image is missing or broken is kept and rejected, so the
audit can show it.

This module is the parser; the work is in private modules beside it: `_jats_xml`
(reading the file safely), `_jats_meta` (front matter), `_jats_figures` (figures and
their image files) and `_jats_body` (paragraphs, sections and markup).
"""

from __future__ import annotations

from chemx.records import Paper
from chemx.sources._assemble import add_paragraphs, paper_node_id, sha256_hex
from chemx.sources._base import (
    DEFAULT_MAX_DOCUMENT_MB,
    ParsedPaper,
    SourceDocument,
    read_document,
)
from chemx.sources._jats_body import paragraphs
from chemx.sources._jats_figures import add_figures
from chemx.sources._jats_meta import read_metadata
from chemx.sources._jats_xml import find_article, parse_xml


class JatsParser:
    """Parses one JATS/NLM XML file into a paper, its text, figures and references."""

    backend = "lxml-jats"

    def __init__(
        self, source: str = "jats", *, max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB
    ) -> None:
        """Create a parser.

        Args:
            source: The `Paper.source` to record: "jats" for user folders, "sample"
                when the embedded sample corpus reuses this parser, "pmc_oa" for
                downloads.
            max_document_mb: Larger files are rejected as "too_large" unread
                (`--max-document-mb`).
        """
        self.source = source
        self.max_document_mb = max_document_mb

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse `document`; raise `SourceError` when it cannot be read as JATS."""
        name = document.display_name
        data = read_document(document, self.max_document_mb)
        article = find_article(parse_xml(data, name), name)
        meta = read_metadata(article)
        paper = Paper(
            id=paper_node_id(meta.pmcid, meta.doi, sha256_hex(data)),
            parent_id=corpus_id,
            backend=self.backend,
            pmcid=meta.pmcid,
            doi=meta.doi,
            title=meta.title,
            journal=meta.journal,
            issn=meta.issn,
            published=meta.published,
            licence_url=meta.licence_url,
            source=self.source,
            source_path=name,
        )
        parsed = ParsedPaper(paper=paper)
        figure_ids = add_figures(article, document, parsed, self.backend)
        drafts = paragraphs(article, figure_ids)
        del article, data  # the tree is several times the file: free it before the records
        add_paragraphs(parsed, drafts, self.backend)
        return parsed
