"""Record building shared by the JATS, PDF and MinerU backends.

Every backend ends the same way: paragraphs are split into sentences, the sentences'
figure references (markup and text) are tied to the paper's figures, and each figure's
image is checked before it is kept. Doing that here keeps the ids, offsets and
rejection messages identical whichever backend read the paper.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass, field

from chemx.images import ImageProblem, inspect_image
from chemx.provenance.ids import node_id
from chemx.records import (
    CitationMarker,
    Figure,
    FigureReference,
    NodeKind,
    Paragraph,
    Sentence,
    Span,
)
from chemx.sources._base import ParsedPaper, Rejection
from chemx.text.figure_mentions import FigureKey, find_figure_mentions, parse_figure_label
from chemx.text.sentences import split_sentences

INVISIBLE = "\u00ad\u200b\u2060\ufeff"
"""Soft hyphen, zero-width space, word joiner, BOM: never part of the printed text."""
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_WHITESPACE = re.compile(r"\s+")
_PANEL_IN_XREF = re.compile(r"^\s*S?\d+\s*\(?(?P<panel>[a-zA-Z])(?![a-zA-Z])")


def clean_text(text: str) -> str:
    """Drop invisible characters and collapse whitespace, as every stored text is."""
    return _WHITESPACE.sub(" ", _INVISIBLE.sub("", text)).strip()


def normalise(raw: str) -> tuple[str, list[int]]:
    """`clean_text` that also maps offsets, so markup ranges survive the cleaning.

    Returns the clean text and `mapping`, where `mapping[i]` is the position in the
    clean text of raw offset `i` (len(raw)+1 entries, so end offsets map too). A
    whitespace character maps to where its collapsed space lands.
    """
    out: list[str] = []
    mapping: list[int] = []
    pending_space = False
    for char in raw:
        if char.isspace():
            mapping.append(len(out))
            pending_space = bool(out)
            continue
        if char in INVISIBLE:
            mapping.append(len(out) + (1 if pending_space else 0))
            continue
        if pending_space:
            out.append(" ")
            pending_space = False
        mapping.append(len(out))
        out.append(char)
    mapping.append(len(out))
    text = "".join(out)
    return text, [min(position, len(text)) for position in mapping]


def map_span(text: str, mapping: list[int], start: int, end: int) -> tuple[int, int]:
    """Map a raw (start, end) range through `normalise`, trimmed of edge spaces."""
    new_start, new_end = mapping[start], mapping[end]
    while new_start < new_end and text[new_start] == " ":
        new_start += 1
    while new_end > new_start and text[new_end - 1] == " ":
        new_end -= 1
    return new_start, new_end


def sha256_hex(data: bytes) -> str:
    """Hex SHA-256 of `data`: the content address of images and unidentified papers."""
    return hashlib.sha256(data).hexdigest()


def paper_node_id(pmcid: str | None, doi: str | None, file_sha256: str) -> str:
    """Id of a paper: by PMCID, else by lower-cased DOI, else by the file's hash.

    DOIs are case-insensitive, so "10.1021/JA01" and "10.1021/ja01" are one paper.
    """
    if pmcid:
        return node_id(NodeKind.PAPER, "pmcid", pmcid)
    if doi:
        return node_id(NodeKind.PAPER, "doi", doi.lower())
    return node_id(NodeKind.PAPER, "sha256", file_sha256)


@dataclass(frozen=True)
class XrefSpan:
    """A markup reference to figures, by offsets into the paragraph text."""

    start: int
    end: int
    figure_ids: tuple[str, ...]


@dataclass
class ParagraphDraft:
    """A paragraph's text and inline markup before it becomes records."""

    text: str
    section_title: str | None = None
    page: int | None = None
    bold: list[tuple[int, int]] = field(default_factory=list)
    xrefs: list[XrefSpan] = field(default_factory=list)
    citations: list[tuple[int, str]] = field(default_factory=list)
    """Citation markers taken out of `text`: (offset where it stood, marker)."""


def figure_index(figures: list[Figure]) -> dict[FigureKey, Figure]:
    """Map each figure's label key to the figure; the first figure wins a duplicate."""
    index: dict[FigureKey, Figure] = {}
    for figure in figures:
        key = parse_figure_label(figure.label) if figure.label else None
        if key is not None and key not in index:
            index[key] = figure
    return index


def add_paragraphs(parsed: ParsedPaper, drafts: list[ParagraphDraft], backend: str) -> None:
    """Turn drafts into paragraphs, sentences and figure references on `parsed`.

    Call after all figures are on `parsed`: text mentions are resolved against them.
    """
    paper_id = parsed.paper.id
    by_label = figure_index(parsed.figures)
    seen_references: set[str] = set()
    for draft in drafts:
        index = len(parsed.paragraphs)
        paragraph = Paragraph(
            id=node_id(NodeKind.PARAGRAPH, paper_id, index, draft.text),
            parent_id=paper_id,
            backend=backend,
            paper_id=paper_id,
            index=index,
            section_title=draft.section_title,
            text=draft.text,
            page=draft.page,
            citations=tuple(
                CitationMarker(start=start, marker=marker) for start, marker in draft.citations
            ),
        )
        parsed.paragraphs.append(paragraph)
        bounds = split_sentences(draft.text)
        bold_by_sentence = _overlapping(sorted(set(draft.bold)), bounds)
        xrefs_by_sentence = _starting_in(draft.xrefs, bounds)
        for position, (start, end) in enumerate(bounds):
            sentence = Sentence(
                id=node_id(NodeKind.SENTENCE, paragraph.id, start, end),
                parent_id=paragraph.id,
                backend=backend,
                paper_id=paper_id,
                paragraph_id=paragraph.id,
                index=position,
                start=start,
                end=end,
                text=draft.text[start:end],
                section_title=draft.section_title,
                bold_spans=_bold_in(draft.text, bold_by_sentence[position], start, end),
            )
            parsed.sentences.append(sentence)
            xrefs = xrefs_by_sentence[position]
            for reference in _references(sentence, xrefs, by_label, backend):
                if reference.id not in seen_references:
                    seen_references.add(reference.id)
                    parsed.figure_references.append(reference)


def _overlapping(
    spans: list[tuple[int, int]], bounds: list[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """For each sentence (`bounds`, in order), the `spans` that overlap it, in their order.

    Found by bisection, not by testing every span against every sentence, which is
    quadratic in a long paragraph.
    """
    by_sentence: list[list[tuple[int, int]]] = [[] for _ in bounds]
    starts = [start for start, _ in bounds]
    ends = [end for _, end in bounds]
    for span_start, span_end in spans:
        index = bisect.bisect_right(ends, span_start)  # the first sentence ending after it
        while index < len(bounds) and starts[index] < span_end:
            by_sentence[index].append((span_start, span_end))
            index += 1
    return by_sentence


def _starting_in(xrefs: list[XrefSpan], bounds: list[tuple[int, int]]) -> list[list[XrefSpan]]:
    """For each sentence (`bounds`, in order), the `xrefs` that start in it, in their order."""
    by_sentence: list[list[XrefSpan]] = [[] for _ in bounds]
    starts = [start for start, _ in bounds]
    for xref in xrefs:
        index = bisect.bisect_right(starts, xref.start) - 1
        if index >= 0 and xref.start < bounds[index][1]:
            by_sentence[index].append(xref)
    return by_sentence


def _bold_in(paragraph: str, bold: list[tuple[int, int]], start: int, end: int) -> tuple[Span, ...]:
    """The sentence's bold spans, relative to it; `bold` is the paragraph's, in order."""
    spans: list[Span] = []
    for bold_start, bold_end in bold:
        clipped_start, clipped_end = max(bold_start, start), min(bold_end, end)
        if clipped_end <= clipped_start:
            continue
        text = paragraph[clipped_start:clipped_end]
        if text.strip():
            spans.append(Span(start=clipped_start - start, end=clipped_end - start, text=text))
    return tuple(spans)


def _references(
    sentence: Sentence,
    xrefs: list[XrefSpan],
    by_label: dict[FigureKey, Figure],
    backend: str,
) -> list[FigureReference]:
    """Figure references of one sentence: markup first, then unmarked text mentions.

    `xrefs` are the paragraph's markup references that start in this sentence.
    """
    mentions = [
        mention
        for mention in find_figure_mentions(sentence.text)
        if not mention.supplementary and mention.key in by_label
    ]
    references: list[FigureReference] = []
    markup_ranges: list[tuple[int, int]] = []
    for xref in xrefs:
        start = xref.start - sentence.start
        end = min(xref.end, sentence.end) - sentence.start
        markup_ranges.append((start, end))
        for figure_id in xref.figure_ids:
            panel = _xref_panel(sentence.text[start:end])
            for mention in mentions:
                overlaps = mention.start < end and start < mention.end
                if overlaps and by_label[mention.key].id == figure_id and mention.panel:
                    panel = panel or mention.panel
            references.append(_reference(sentence, figure_id, start, end, "xref", panel, backend))
    for mention in mentions:
        if any(mention.start < end and start < mention.end for start, end in markup_ranges):
            continue
        figure = by_label[mention.key]
        references.append(
            _reference(
                sentence, figure.id, mention.start, mention.end, "text", mention.panel, backend
            )
        )
    return references


def _xref_panel(text: str) -> str | None:
    match = _PANEL_IN_XREF.match(text)
    return match.group("panel") if match else None


def _reference(
    sentence: Sentence,
    figure_id: str,
    start: int,
    end: int,
    via: str,
    panel: str | None,
    backend: str,
) -> FigureReference:
    return FigureReference(
        id=node_id(NodeKind.FIGURE_REFERENCE, sentence.id, figure_id, start),
        parent_id=sentence.id,
        backend=backend,
        paper_id=sentence.paper_id,
        sentence_id=sentence.id,
        figure_id=figure_id,
        via="xref" if via == "xref" else "text",
        start=start,
        end=end,
        text=sentence.text[start:end],
        panel=panel,
    )


def new_figure(
    paper_id: str,
    figure_key: str,
    backend: str,
    *,
    label: str | None = None,
    caption: str = "",
    image_name: str | None = None,
    page: int | None = None,
) -> Figure:
    """A figure without image data yet; `attach_image` fills it in."""
    return Figure(
        id=node_id(NodeKind.FIGURE, paper_id, figure_key),
        parent_id=paper_id,
        backend=backend,
        paper_id=paper_id,
        figure_key=figure_key,
        label=label,
        caption=caption,
        image_name=image_name,
        page=page,
    )


def attach_image(parsed: ParsedPaper, figure: Figure, data: bytes, name: str) -> Figure:
    """Check `data` and either attach it to `figure` or record why it cannot be used.

    Returns the figure to store: with hash and size on success, unchanged (hash None)
    when the image is refused, in which case a rejection naming `name` is added.
    """
    try:
        info = inspect_image(data, name)
    except ImageProblem as problem:
        parsed.rejections.append(
            Rejection(node=figure, reason=problem.reason, detail=problem.detail)
        )
        return figure
    digest = sha256_hex(data)
    parsed.images[digest] = data
    return figure.model_copy(
        update={"image_sha256": digest, "width": info.width, "height": info.height}
    )


def reject(parsed: ParsedPaper, figure: Figure, reason: str, detail: str) -> None:
    """Record that `figure` is kept without a usable image, and why."""
    parsed.rejections.append(Rejection(node=figure, reason=reason, detail=detail))
