"""Collect the released rows and their provenance from a built store.

One row per accepted item, sorted by item id; one provenance record per item tracing it
to the paper, figure, crop, evidence sentences (with their location in the paper),
decomposition, every gate's decision and every model call. Nothing time-dependent is
copied (decision times, call latencies): two releases of the same store must be
byte-identical.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from chemx.errors import ChemxError
from chemx.generation.pairs import drawing_source
from chemx.provenance.store import ProvenanceStore
from chemx.qc.shortcut_battery import ShortcutItem
from chemx.records import (
    Candidate,
    Decision,
    Evidence,
    Figure,
    Item,
    ModelCall,
    NodeKind,
    Paper,
    Paragraph,
    Sentence,
    Structure,
)

LETTERS = ("A", "B", "C", "D")


class ReleaseError(ChemxError, RuntimeError):
    """The store cannot be released as asked."""


@dataclass(frozen=True)
class DateRange:
    """Contamination control: keep papers published strictly after / before a date."""

    after: dt.date | None = None
    before: dt.date | None = None

    def admits(self, published: dt.date | None) -> bool:
        """Whether an item of this publication date is released.

        Once any bound is set, undated items are not: their exposure cannot be assessed.
        """
        if self.after is None and self.before is None:
            return True
        if published is None:
            return False
        if self.after is not None and not published > self.after:
            return False
        return self.before is None or published < self.before

    def describe(self) -> str:
        """'all dates' or 'published after 2023-10-01 and before 2025-01-01'."""
        parts = []
        if self.after:
            parts.append(f"after {self.after.isoformat()}")
        if self.before:
            parts.append(f"before {self.before.isoformat()}")
        return "published " + " and ".join(parts) if parts else "all dates"


@dataclass(frozen=True)
class ReleaseRow:
    """One item with what the parquet row and the provenance file need."""

    item: Item
    paper: Paper
    figure: Figure
    structure: Structure
    evidence: Evidence
    candidate: Candidate
    image: bytes
    provenance: dict[str, Any]

    def shortcut_item(self) -> ShortcutItem:
        """What the shortcut battery reads of this row, as `chemx validate` reads it."""
        item = self.item
        return ShortcutItem.from_options(item.id, item.stem, item.answer, item.options)

    def record(self) -> dict[str, Any]:
        """The parquet row (column order = `chemx.release.writer.COLUMNS`)."""
        item, paper = self.item, self.paper
        return {
            "id": item.id,
            "image": {"bytes": self.image, "path": f"{item.structure_id}.png"},
            "stem": item.stem,
            "choices": [option.text for option in item.options],
            "answer": item.answer,
            "reasoning_type": item.reasoning_type.value,
            "entry_type": item.entry_type,
            "features": [option.feature for option in item.options],
            "identifier": self.structure.identifier or "",
            "paper_id": paper.id,
            "doi": paper.doi or "",
            "pmcid": paper.pmcid or "",
            "title": paper.title,
            "journal": paper.journal or "",
            "published": item.published.isoformat() if item.published else "",
            "licence_url": item.licence_url or "",
            "figure_id": self.figure.id,
            "structure_id": item.structure_id,
            "evidence_id": self.evidence.id,
            "candidate_id": item.candidate_id,
        }


def _decision_json(decision: Decision, kind: str) -> dict[str, Any]:
    return {
        "node_id": decision.node_id,
        "node_kind": kind,
        "gate": decision.gate.value,
        "verdict": decision.verdict.value,
        "reason": decision.reason,
        "detail": decision.detail,
        "scores": dict(sorted(decision.scores.items())),
        "backend": decision.backend,
    }


def _call_json(call: ModelCall) -> dict[str, Any]:
    return {
        "node_id": call.node_id,
        "role": call.role,
        "endpoint": call.endpoint,
        "model": call.model,
        "template_id": call.template_id,
        "template_hash": call.template_hash,
        "request_hash": call.request_hash,
        "prompt_tokens": call.prompt_tokens,
        "completion_tokens": call.completion_tokens,
        "cache_hit": call.cache_hit,
        "error": call.error,
    }


def _get(store: ProvenanceStore, node_id: str, cls: type[Any]) -> Any:
    node = store.get(node_id)
    if node is None or not isinstance(node.record, cls):
        raise ReleaseError(f"the store lacks {cls.__name__.lower()} {node_id}")
    return node.record


def _location(store: ProvenanceStore, sentence_id: str | None) -> dict[str, Any] | None:
    if sentence_id is None:
        return None
    node = store.get(sentence_id)
    if node is None or not isinstance(node.record, Sentence):
        return None
    sentence = node.record
    paragraph_node = store.get(sentence.paragraph_id)
    paragraph = paragraph_node.record if paragraph_node else None
    return {
        "paragraph_id": sentence.paragraph_id,
        "paragraph_index": paragraph.index if isinstance(paragraph, Paragraph) else None,
        "sentence_index": sentence.index,
        "start": sentence.start,
        "end": sentence.end,
        "section": sentence.section_title,
        "page": paragraph.page if isinstance(paragraph, Paragraph) else None,
    }


def _sentence(store: ProvenanceStore, sentence_id: str | None) -> dict[str, Any] | None:
    """A sentence outside the evidence block (the effect an anaphoric basis points back to)."""
    node = store.get(sentence_id) if sentence_id else None
    if node is None or not isinstance(node.record, Sentence):
        return None
    return {
        "sentence_id": sentence_id,
        "text": node.record.text,
        "location": _location(store, sentence_id),
    }


def _structure(structure: Structure) -> dict[str, Any]:
    return {
        "id": structure.id,
        "role": structure.role.value,
        "box": list(structure.box),
        "identifier": structure.identifier,
        "identifier_backend": structure.identifier_backend,
        "related_identifiers": list(structure.related_identifiers),
        "smiles": structure.smiles,
        "image_sha256": structure.image_sha256,
        "backend": structure.backend,
    }


def _partner(store: ProvenanceStore, structure_id: str | None) -> dict[str, Any] | None:
    """A matched pair's second compound (drawn beside the first in the item's image)."""
    node = store.get(structure_id) if structure_id else None
    if node is None or not isinstance(node.record, Structure):
        return None
    return {
        **_structure(node.record),
        "figure_id": node.record.figure_id,
        "image_source": drawing_source(node.record),
    }


def provenance(store: ProvenanceStore, row: ReleaseRow) -> dict[str, Any]:
    """The provenance record of one item (see the module docstring)."""
    item, paper, figure = row.item, row.paper, row.figure
    structure, evidence, candidate = row.structure, row.evidence, row.candidate
    chain = [
        (paper.id, "paper"),
        (figure.id, "figure"),
        (structure.id, "structure"),
        (evidence.id, "evidence"),
        (candidate.id, "candidate"),
    ]
    decisions = [
        _decision_json(d, kind) for node_id, kind in chain for d in store.decisions(node_id)
    ]
    calls = [_call_json(c) for node_id, _ in chain for c in store.model_calls(node_id)]
    correct = next(o for o in item.options if o.letter == item.answer)
    return {
        "item_id": item.id,
        "answer": item.answer,
        "correct_option": correct.text,
        "paper": {
            "id": paper.id,
            "doi": paper.doi,
            "pmcid": paper.pmcid,
            "title": paper.title,
            "journal": paper.journal,
            "published": paper.published.isoformat() if paper.published else None,
            "licence_url": paper.licence_url,
            "licence": paper.licence,
            "source": paper.source,
            "source_path": paper.source_path,
        },
        "figure": {
            "id": figure.id,
            "figure_key": figure.figure_key,
            "label": figure.label,
            "caption": figure.caption,
            "image_sha256": figure.image_sha256,
        },
        "structure": {
            **_structure(structure),
            **({"image_source": drawing_source(structure)} if item.partner_structure_id else {}),
        },
        "partner_structure": _partner(store, item.partner_structure_id),
        "evidence": {
            "id": evidence.id,
            "backend": evidence.backend,
            "basis_sentence_id": candidate.basis_sentence_id,
            "effect_sentence": _sentence(store, candidate.effect_sentence_id),
            "sentences": [
                {
                    "sentence_id": s.sentence_id,
                    "text": s.text,
                    "origin": s.origin,
                    "label": s.label.value if s.label else None,
                    "location": _location(store, s.sentence_id),
                }
                for s in evidence.sentences
            ],
        },
        "decomposition": {
            "candidate_id": candidate.id,
            "backend": candidate.backend,
            "effect": candidate.effect,
            "feature": candidate.feature,
            "mechanism": candidate.mechanism,
            "reasoning_type": candidate.reasoning_type.value,
            "other_features": list(candidate.other_features),
            "feature_sources": dict(sorted(candidate.feature_sources.items())),
            "smiles": candidate.smiles,
            "smiles_source": candidate.smiles_source,
        },
        "question": {
            "stem": item.stem,
            "options": [o.model_dump(mode="json") for o in item.options],
            "answer": item.answer,
            "backend": item.backend,
        },
        "decisions": decisions,
        "model_calls": calls,
    }


def collect(store: ProvenanceStore, dates: DateRange | None = None) -> list[ReleaseRow]:
    """Every accepted item the date range admits, sorted by item id."""
    dates = dates or DateRange()
    rows = []
    for node in store.nodes(NodeKind.ITEM, status="ok"):
        item = node.record
        if not isinstance(item, Item) or not dates.admits(item.published):
            continue
        candidate = _get(store, item.candidate_id, Candidate)
        evidence = _get(store, candidate.evidence_id, Evidence)
        structure = _get(store, item.structure_id, Structure)
        figure = _get(store, structure.figure_id, Figure)
        paper = _get(store, item.paper_id, Paper)
        image = store.blobs.get(item.image_sha256)
        row = ReleaseRow(item, paper, figure, structure, evidence, candidate, image, {})
        rows.append(
            ReleaseRow(
                item, paper, figure, structure, evidence, candidate, image, provenance(store, row)
            )
        )
    return sorted(rows, key=lambda row: row.item.id)
