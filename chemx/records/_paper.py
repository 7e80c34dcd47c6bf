"""Corpus, source file, paper and its text."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from chemx.records._node import Node, NodeKind


class Corpus(Node):
    """The root of one corpus: what `chemx build --corpus` was pointed at."""

    kind: ClassVar[NodeKind] = NodeKind.CORPUS

    name: str = Field(description="'sample', 'pmc_oa' or the folder path as given.")


class SourceFile(Node):
    """One input file that could not become a paper; kept so `audit` can show why."""

    kind: ClassVar[NodeKind] = NodeKind.SOURCE

    path: str
    sha256: str | None = Field(default=None, description="Hash of the bytes, when readable.")


class Paper(Node):
    """Bibliographic metadata of one article."""

    kind: ClassVar[NodeKind] = NodeKind.PAPER

    pmcid: str | None = None
    doi: str | None = None
    title: str
    journal: str | None = None
    issn: str | None = None
    published: dt.date | None = Field(
        default=None, description="Publication date; day/month default to 1 when absent."
    )
    licence_url: str | None = None
    licence: str | None = Field(
        default=None,
        description="Licence code as the source states it, e.g. 'CC BY' (PMC metadata's "
        "license_code); None for folder corpora, whose licence is `licence_url`.",
    )
    pmc_version: int | None = Field(
        default=None, description="The PMC article version read (the 2 of PMC123.2), pmc_oa only."
    )
    source: str = Field(description="Where it came from: 'sample', 'jats', 'pdf' or 'pmc_oa'.")
    source_path: str = Field(description="The file it was parsed from, relative when possible.")
    references: tuple[str, ...] = Field(
        default=(),
        description="The reference list's entries, as printed (PDF sources): kept apart from "
        "the sentences so that no reference entry reaches retrieval.",
    )


class CitationMarker(BaseModel):
    """A citation marker taken out of a paragraph's text ("⁵", "[12]", "3,4")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int = Field(description="Offset in the paragraph text where the marker stood.")
    marker: str


class Paragraph(Node):
    """A paragraph of body text (or a caption-free abstract paragraph)."""

    kind: ClassVar[NodeKind] = NodeKind.PARAGRAPH

    paper_id: str
    index: int = Field(description="Position of the paragraph in the paper, from 0.")
    section_title: str | None = None
    text: str
    page: int | None = Field(default=None, description="1-based PDF page, for PDF sources.")
    citations: tuple[CitationMarker, ...] = Field(
        default=(),
        description="Citation markers removed from `text` (PDF sources), so they neither merge "
        "sentences nor read as compound numbers.",
    )


class Span(BaseModel):
    """A character range inside a sentence, with its text."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int
    end: int
    text: str


class Sentence(Node):
    """A sentence, located by character offsets into its paragraph's text."""

    kind: ClassVar[NodeKind] = NodeKind.SENTENCE

    paper_id: str
    paragraph_id: str
    index: int = Field(description="Position of the sentence in its paragraph, from 0.")
    start: int = Field(description="Offset of the first character in the paragraph text.")
    end: int = Field(description="Offset one past the last character in the paragraph text.")
    text: str
    section_title: str | None = None
    bold_spans: tuple[Span, ...] = Field(
        default=(), description="Bold runs (compound labels such as **3c**), offsets in sentence."
    )
