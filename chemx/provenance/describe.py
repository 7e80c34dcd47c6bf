"""One-line descriptions of nodes, shared by trace, audit and papers."""

from __future__ import annotations

from chemx.provenance.store import StoredNode
from chemx.records import (
    Candidate,
    Corpus,
    DiscardedCandidate,
    Evidence,
    Figure,
    FigureReference,
    Item,
    Paper,
    Paragraph,
    Sentence,
    SourceFile,
    Structure,
)


def shorten(text: str, width: int = 80) -> str:
    """Cut text to `width` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def describe(node: StoredNode) -> str:
    """What a reader needs to recognise the node, in one line."""
    record = node.record
    match record:
        case Corpus():
            return f"corpus {record.name}"
        case SourceFile():
            return f"file {record.path}"
        case Paper():
            ident = record.pmcid or record.doi or record.source_path
            return f"{shorten(record.title, 70)} [{ident}]"
        case Paragraph():
            section = record.section_title or "no section"
            return f"¶{record.index} ({section}) {shorten(record.text, 60)}"
        case Sentence():
            return shorten(record.text, 90)
        case Figure():
            image = "no image" if record.image_sha256 is None else f"{record.width}x{record.height}"
            return f"{record.label or record.figure_key} ({image}) {shorten(record.caption, 50)}"
        case FigureReference():
            return f"{record.via} reference '{record.text}' -> {record.figure_id}"
        case Structure():
            return f"{record.role} '{record.identifier or '?'}' box={list(record.box)}"
        case Evidence():
            credited = (
                f", {len(record.credited_sentence_ids)} credited"
                if record.credited_sentence_ids
                else ""
            )
            return f"evidence, {len(record.sentences)} sentences{credited}"
        case DiscardedCandidate():
            found = record.partial
            effect = f"; effect: {shorten(found.effect, 50)}" if found and found.effect else ""
            return f"candidate (discarded) basis {record.basis_sentence_id or '-'}{effect}"
        case Candidate():
            pair = (
                f"; paired with {record.partner_structure_id}"
                if record.partner_structure_id
                else ""
            )
            return (
                f"candidate ({record.reasoning_type}) effect: {shorten(record.effect, 50)}; "
                f"feature: {shorten(record.feature, 40)}{pair}"
            )
        case Item():
            pair = f" with {record.partner_structure_id}" if record.partner_structure_id else ""
            return (
                f"item ({record.entry_type}{pair}, {record.reasoning_type}, answer "
                f"{record.answer}, {record.published or 'undated'}) {shorten(record.stem, 60)}"
            )
    return node.kind.value
