"""Identifier-based retrieval: the sentences of a paper that discuss one structure.

Seed 002 (section 3.2, appendix C.2) forms a *retrieval package* per structure: the
identifier, the structure image, the figure caption and the in-text references to the
figure, and then searches the whole paper for sentences that discuss the structure. Its
ablation (table 5) shows why the identifier is the key: without it only 50% of the
retrieved text refers to the target, with it 76%. Here the search is deterministic:

* every sentence that names the identifier (boundary-aware, `chemx.labels.mentions`)
  is retrieved, and for a reaction crop also those naming one of its reactants or
  products (`Structure.related_identifiers`), since a reaction is discussed through its
  components;
* every sentence that points at the structure's figure (a `FigureReference`, by xref or
  by text) is retrieved too, but it only *claims* to be about the structure when the
  reference is unambiguous: the figure (or the referenced panel, when the caption says
  which panel shows the compound) draws no other labelled compound, or the structure is
  the figure's only reaction. "Ligands 4a-4f (Fig. 1) were screened" is about 4c because
  it names it; "the directing groups shown in Fig. 1" is about none of 4a-4c in
  particular, so it is kept as context only. A reference to a *different* panel than the
  structure's is dropped (the panel letter says the sentence is about something else).

Each retrieved sentence records why it is there (`RetrievedSentence.reasons`) and whether
it claims to be about the target (`refers_to_target`); entity-match precision is
measured on the claims.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from chemx.labels import Mention, find_mentions
from chemx.provenance.store import ProvenanceStore
from chemx.records import (
    STRUCTURE_ROLES,
    Figure,
    FigureReference,
    NodeKind,
    Paragraph,
    Sentence,
    Structure,
    StructureRole,
)

RetrievalOrigin = Literal["identifier", "figure_reference"]

_PANEL_MARKER = re.compile(r"(?:(?<=\s)|^)\(?(?P<letter>[a-hA-H])\)\s")
"""Caption panel markers: "(a) ...", "b) ..."."""


def sentences_in_reading_order(
    store: ProvenanceStore, paper_id: str
) -> tuple[dict[str, int], tuple[Sentence, ...]]:
    """(paragraph id -> index, the paper's sentences by paragraph then sentence index)."""
    paragraph_order = {
        node.id: node.record.index
        for node in store.nodes(NodeKind.PARAGRAPH, paper_id=paper_id)
        if isinstance(node.record, Paragraph)
    }
    sentences = sorted(
        (
            node.record
            for node in store.nodes(NodeKind.SENTENCE, paper_id=paper_id)
            if isinstance(node.record, Sentence)
        ),
        key=lambda s: (paragraph_order.get(s.paragraph_id, 1 << 30), s.index),
    )
    return paragraph_order, tuple(sentences)


@dataclass(frozen=True)
class PaperText:
    """The text of one paper as the grounding stage needs it, read once per paper."""

    paper_id: str
    sentences: tuple[Sentence, ...]
    """In reading order (paragraph index, then sentence index)."""
    figures: dict[str, Figure]
    references: dict[str, tuple[FigureReference, ...]]
    """Figure id -> the references to it, in sentence order."""
    structures: tuple[Structure, ...]
    """Every structure stored for the paper (accepted or not): the pool of identifiers."""
    paragraph_order: dict[str, int] = field(default_factory=dict)
    _mentions: dict[tuple[str, str], tuple[Mention, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def load(cls, store: ProvenanceStore, paper_id: str) -> PaperText:
        """Read paragraphs, sentences, figures, references and structures of a paper."""
        paragraph_order, sentences = sentences_in_reading_order(store, paper_id)
        figures = {
            node.id: node.record
            for node in store.nodes(NodeKind.FIGURE, paper_id=paper_id)
            if isinstance(node.record, Figure)
        }
        references: dict[str, list[FigureReference]] = defaultdict(list)
        for node in store.nodes(NodeKind.FIGURE_REFERENCE, paper_id=paper_id):
            if isinstance(node.record, FigureReference):
                references[node.record.figure_id].append(node.record)
        structures = tuple(
            node.record
            for node in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id)
            if isinstance(node.record, Structure)
        )
        return cls(
            paper_id=paper_id,
            sentences=sentences,
            figures=figures,
            references={key: tuple(refs) for key, refs in references.items()},
            structures=structures,
            paragraph_order=paragraph_order,
        )

    @cached_property
    def _positions(self) -> dict[str, int]:
        return {sentence.id: index for index, sentence in enumerate(self.sentences)}

    def previous(self, sentence_id: str) -> Sentence | None:
        """The sentence before `sentence_id` in reading order (None for the first)."""
        index = self._positions.get(sentence_id, 0)
        return self.sentences[index - 1] if index > 0 else None

    @cached_property
    def identifiers(self) -> tuple[str, ...]:
        """Every compound identifier the paper's structures carry, sorted."""
        return tuple(
            sorted(
                {
                    s.identifier
                    for s in self.structures
                    if s.identifier and s.role is not StructureRole.CONDITION
                }
            )
        )

    def mentions(self, identifier: str, sentence: Sentence) -> tuple[Mention, ...]:
        """Where `sentence` names `identifier` (memoised: every structure asks again)."""
        key = (identifier, sentence.id)
        if key not in self._mentions:
            self._mentions[key] = tuple(
                find_mentions(
                    identifier, sentence.text, sentence.bold_spans, siblings=self.identifiers
                )
            )
        return self._mentions[key]

    def sentence(self, sentence_id: str) -> Sentence | None:
        """The sentence with this id, or None."""
        return next((s for s in self.sentences if s.id == sentence_id), None)

    def paragraph(self, paragraph_id: str) -> tuple[Sentence, ...]:
        """The sentences of one paragraph, in order."""
        return tuple(s for s in self.sentences if s.paragraph_id == paragraph_id)


@dataclass(frozen=True)
class RetrievedSentence:
    """One sentence of a retrieval package and why it is in it."""

    sentence: Sentence
    origin: RetrievalOrigin
    """'identifier' when it names the target (or a reaction component), else the figure."""
    reasons: tuple[str, ...]
    """E.g. 'identifier:3c (exact)', 'related:1 (range)', 'figure_reference:Fig. 2 (xref)',
    'figure_panel:b', 'figure_unambiguous'."""
    mentions: tuple[Mention, ...]
    refers_to_target: bool
    """Whether the sentence is claimed to be about the target (not just context)."""
    other_identifiers: frozenset[str]
    """Identifiers of other compounds of the paper that the sentence names."""


@dataclass(frozen=True)
class RetrievalPackage:
    """What grounding knows about one structure before expansion (seed 002, C.2)."""

    structure: Structure
    identifier: str
    related_identifiers: tuple[str, ...]
    figure: Figure | None
    caption: str
    caption_mentions_target: bool
    panel: str | None
    """The caption panel that shows the target, when the caption says so."""
    sentences: tuple[RetrievedSentence, ...]
    """In reading order."""

    @property
    def targets(self) -> tuple[str, ...]:
        """The identifier and, for a reaction crop, its components' identifiers."""
        return (self.identifier, *(i for i in self.related_identifiers if i != self.identifier))

    def about_target(self) -> tuple[RetrievedSentence, ...]:
        """The sentences claimed to be about the target (what goes into the evidence)."""
        return tuple(s for s in self.sentences if s.refers_to_target)

    def context_only(self) -> tuple[RetrievedSentence, ...]:
        """Figure references kept as context: they point at the figure, not the target."""
        return tuple(s for s in self.sentences if not s.refers_to_target)


def caption_panels(caption: str) -> dict[str, str]:
    """Split a caption at its panel markers: {'a': 'text of (a)', 'b': ...}; {} if none."""
    markers = list(_PANEL_MARKER.finditer(caption))
    if len(markers) < 2:
        return {}
    panels: dict[str, str] = {}
    for index, marker in enumerate(markers):
        end = markers[index + 1].start() if index + 1 < len(markers) else len(caption)
        panels[marker.group("letter").lower()] = caption[marker.end() : end]
    return panels


def _names(identifiers: Iterable[str], text: str, siblings: Sequence[str]) -> set[str]:
    return {i for i in identifiers if find_mentions(i, text, siblings=siblings)}


def target_panel(caption: str, targets: Sequence[str], siblings: Sequence[str]) -> str | None:
    """The panel letter whose caption text names the target and no other compound."""
    for letter, text in caption_panels(caption).items():
        named = _names(siblings, text, siblings)
        if named & set(targets) and not named - set(targets):
            return letter
    return None


def retrieve(paper: PaperText, structure: Structure) -> RetrievalPackage:
    """Form the retrieval package of `structure` from the text of its paper.

    Raises:
        ValueError: if the structure has no identifier (QC 1 rejects those).
    """
    if not structure.identifier:
        raise ValueError(f"structure {structure.id} has no identifier to retrieve text with")
    siblings = paper.identifiers
    related = tuple(i for i in structure.related_identifiers if i != structure.identifier)
    targets = (structure.identifier, *related)
    figure = paper.figures.get(structure.figure_id)
    caption = figure.caption if figure else ""
    panel = target_panel(caption, targets, siblings) if caption else None
    unambiguous = _figure_is_unambiguous(paper, structure, targets)
    references_by_sentence: dict[str, list[FigureReference]] = defaultdict(list)
    for reference in paper.references.get(structure.figure_id, ()):
        references_by_sentence[reference.sentence_id].append(reference)
    others = [i for i in siblings if i not in targets]
    retrieved: list[RetrievedSentence] = []
    for sentence in paper.sentences:
        mentions: list[Mention] = []
        reasons: list[str] = []
        for identifier in targets:
            found = paper.mentions(identifier, sentence)
            if found:
                label = "identifier" if identifier == structure.identifier else "related"
                kinds = ",".join(sorted({m.kind for m in found}))
                reasons.append(f"{label}:{identifier} ({kinds})")
                mentions.extend(found)
        references = references_by_sentence.get(sentence.id, [])
        if not mentions and not references:
            continue
        other = frozenset(i for i in others if paper.mentions(i, sentence))
        claims = bool(mentions)
        if references:
            reference_reasons, reference_claim, drop = _reference_reasons(
                references, panel, unambiguous, other
            )
            if drop and not mentions:
                continue
            reasons.extend(reference_reasons)
            claims = claims or reference_claim
        retrieved.append(
            RetrievedSentence(
                sentence=sentence,
                origin="identifier" if mentions else "figure_reference",
                reasons=tuple(reasons),
                mentions=tuple(sorted(mentions, key=lambda m: m.start)),
                refers_to_target=claims,
                other_identifiers=other,
            )
        )
    return RetrievalPackage(
        structure=structure,
        identifier=structure.identifier,
        related_identifiers=related,
        figure=figure,
        caption=caption,
        caption_mentions_target=bool(caption and _names(targets, caption, siblings)),
        panel=panel,
        sentences=tuple(retrieved),
    )


def _figure_is_unambiguous(paper: PaperText, structure: Structure, targets: Sequence[str]) -> bool:
    """Whether "see Fig. N" can only mean this structure.

    A compound crop: the figure draws no other labelled compound. A reaction crop: the
    figure holds no other reaction.
    """
    same_figure = [s for s in paper.structures if s.figure_id == structure.figure_id]
    if structure.role is StructureRole.REACTION:
        return sum(s.role is StructureRole.REACTION for s in same_figure) == 1
    labels = {s.identifier for s in same_figure if s.role in STRUCTURE_ROLES and s.identifier}
    return labels <= set(targets)


def _reference_reasons(
    references: Sequence[FigureReference],
    panel: str | None,
    unambiguous: bool,
    other: frozenset[str],
) -> tuple[list[str], bool, bool]:
    """(reasons, claims the target, drop) for a sentence's references to the figure."""
    reasons: list[str] = []
    claims = False
    other_panel = True
    for reference in references:
        reasons.append(f"figure_reference:{reference.text} ({reference.via})")
        letter = (reference.panel or "").lower() or None
        if letter is None or panel is None or letter == panel:
            other_panel = False
        if letter is not None and letter == panel and not other:
            reasons.append(f"figure_panel:{letter}")
            claims = True
    if unambiguous and not other and not claims:
        reasons.append("figure_unambiguous")
        claims = True
    drop = other_panel and panel is not None
    return reasons, claims, drop
