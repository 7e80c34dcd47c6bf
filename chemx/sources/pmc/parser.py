"""PMC articles are JATS; this parser adds what the PMC metadata says to every paper."""

from __future__ import annotations

from collections.abc import Mapping

from chemx.sources._base import DEFAULT_MAX_DOCUMENT_MB, ParsedPaper, SourceDocument
from chemx.sources.jats import JatsParser
from chemx.sources.pmc.layout import ArticleMetadata


class PmcParser:
    """`JatsParser` with the licence code and version of the PMC metadata on the paper.

    `articles` maps a document's display name ("PMC123.2/PMC123.2.xml") to the metadata
    the selection read; a document it does not name is parsed as plain JATS.
    """

    backend = JatsParser.backend

    def __init__(
        self,
        articles: Mapping[str, ArticleMetadata],
        *,
        max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB,
    ) -> None:
        self.articles = dict(articles)
        self.jats = JatsParser("pmc_oa", max_document_mb=max_document_mb)

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse the JATS, then set `licence` and `pmc_version` from the metadata."""
        parsed = self.jats.parse(document, corpus_id)
        meta = self.articles.get(document.display_name)
        if meta is not None:
            parsed.paper = parsed.paper.model_copy(
                update={"licence": meta.licence, "pmc_version": meta.version}
            )
        return parsed
