"""Build small in-memory papers (`PaperText`) for unit tests of retrieval, expansion and QC 2."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from chemx.grounding.retrieval import PaperText
from chemx.records import Figure, FigureReference, Sentence, Span, Structure, StructureRole

PAPER_ID = "pap_0000000000000001"
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass
class PaperBuilder:
    """Paragraphs of sentences, figures with captions, structures and figure references."""

    paragraphs: list[list[str]] = field(default_factory=list)
    figures: dict[str, str] = field(default_factory=dict)
    """figure key -> caption."""
    structures: list[tuple[str, str, StructureRole, tuple[str, ...]]] = field(default_factory=list)
    """(figure key, identifier, role, related identifiers)."""
    references: list[tuple[int, int, str, str, str | None]] = field(default_factory=list)
    """(paragraph, sentence, figure key, text, panel)."""

    def build(self) -> PaperText:
        sentences: list[Sentence] = []
        order: dict[str, int] = {}
        for p, texts in enumerate(self.paragraphs):
            paragraph_id = f"par_{p:016d}"
            order[paragraph_id] = p
            offset = 0
            for i, marked in enumerate(texts):
                text, spans = _unbold(marked)
                sentences.append(
                    Sentence(
                        id=sentence_id(p, i),
                        parent_id=paragraph_id,
                        backend="test",
                        paper_id=PAPER_ID,
                        paragraph_id=paragraph_id,
                        index=i,
                        start=offset,
                        end=offset + len(text),
                        text=text,
                        bold_spans=spans,
                    )
                )
                offset += len(text) + 1
        figures = {
            figure_id(key): Figure(
                id=figure_id(key),
                parent_id=PAPER_ID,
                backend="test",
                paper_id=PAPER_ID,
                figure_key=key,
                label=f"Figure {n + 1}",
                caption=caption,
            )
            for n, (key, caption) in enumerate(self.figures.items())
        }
        structures = tuple(
            Structure(
                id=structure_id(key, identifier, role),
                parent_id=figure_id(key),
                backend="test",
                paper_id=PAPER_ID,
                figure_id=figure_id(key),
                box=(0, 0, 10, 10),
                role=role,
                image_sha256="0" * 64,
                identifier=identifier,
                related_identifiers=related,
            )
            for key, identifier, role, related in self.structures
        )
        references: dict[str, list[FigureReference]] = {}
        for n, (p, i, key, text, panel) in enumerate(self.references):
            sentence = next(s for s in sentences if s.id == sentence_id(p, i))
            start = sentence.text.index(text)
            references.setdefault(figure_id(key), []).append(
                FigureReference(
                    id=f"ref_{n:016d}",
                    parent_id=sentence.id,
                    backend="test",
                    paper_id=PAPER_ID,
                    sentence_id=sentence.id,
                    figure_id=figure_id(key),
                    via="text",
                    start=start,
                    end=start + len(text),
                    text=text,
                    panel=panel,
                )
            )
        return PaperText(
            paper_id=PAPER_ID,
            sentences=tuple(sentences),
            figures=figures,
            references={k: tuple(v) for k, v in references.items()},
            structures=structures,
            paragraph_order=order,
        )


def _unbold(marked: str) -> tuple[str, tuple[Span, ...]]:
    """'Ketone **3c** was' -> ('Ketone 3c was', (Span(7, 9, '3c'),))."""
    text, spans, cursor = "", [], 0
    for found in BOLD.finditer(marked):
        text += marked[cursor : found.start()]
        spans.append(
            Span(start=len(text), end=len(text) + len(found.group(1)), text=found.group(1))
        )
        text += found.group(1)
        cursor = found.end()
    return text + marked[cursor:], tuple(spans)


def sentence_id(paragraph: int, index: int) -> str:
    return f"sen_{paragraph:08d}{index:08d}"


def figure_id(key: str) -> str:
    return f"fig_{key:0>16}"


def structure_id(key: str, identifier: str, role: StructureRole) -> str:
    return f"str_{abs(hash((key, identifier, role.value))) % 10**16:016d}"


def structure(paper: PaperText, identifier: str, role: StructureRole | None = None) -> Structure:
    """The paper's structure with this identifier (and role, when several share it)."""
    return next(
        s
        for s in paper.structures
        if s.identifier == identifier and (role is None or s.role is role)
    )


def ids(sentences: Sequence[object]) -> list[str]:
    """Sentence ids of retrieved / block sentences."""
    result = []
    for item in sentences:
        sentence = getattr(item, "sentence", None)
        result.append(sentence.id if sentence is not None else item.sentence_id)  # type: ignore[attr-defined]
    return result
