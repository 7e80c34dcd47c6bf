"""What the candidate stage reads and keeps per paper: blocks, context, and the basis ledger.

Split from `chemx.generation.candidate` (which decomposes one block and writes its
question): a paper's `PaperContext`, each accepted `EvidenceBlock`, the `CandidateOutcome`
of one block, and the `BasisLedger` that keeps a sentence the basis of one question only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from chemx.generation.backends import Generator
from chemx.generation.explanations import PaperExplanation
from chemx.generation.features import usage_key
from chemx.generation.text import names_label
from chemx.records import (
    Candidate,
    Decision,
    DiscardedCandidate,
    Evidence,
    ExplanatoryLabel,
    ModelCall,
    Paper,
    Structure,
)


@dataclass(frozen=True)
class PaperContext:
    """What every candidate of one paper shares."""

    paper: Paper | None
    """Licence and date go into each item; None if the paper node is missing."""
    sentences: tuple[tuple[str, str], ...]
    """(sentence id, text) in reading order: the source of text-named visible features."""
    explanations: tuple[PaperExplanation, ...] = ()
    """The paper's credited explanatory sentences, decomposed: their mechanisms are lent
    to the wrong answers of its other questions (`chemx.generation.explanations`)."""
    partners: Mapping[str, Structure] = field(default_factory=dict)
    """The paper's labelled structures with a SMILES reading, by label: the second
    compound of a matched pair (`chemx.generation.pairs`)."""
    labels: frozenset[str] = frozenset()
    """Every compound label of the paper, drawn or bolded in its text: an option that names
    one marks itself as the paper's wording (`chemx.qc.anti_shortcut`,
    ``option_names_label``), and the generator drops them from the answer."""

    @cached_property
    def _position(self) -> dict[str, int]:
        return {sentence_id: index for index, (sentence_id, _) in enumerate(self.sentences)}

    def previous(self, sentence_id: str | None) -> tuple[str, str] | None:
        """The (id, text) of the sentence before `sentence_id` in reading order."""
        index = self._position.get(sentence_id or "", 0)
        return self.sentences[index - 1] if index > 0 else None


@dataclass(frozen=True)
class EvidenceBlock:
    """An evidence block QC 2 accepted, with its structure and the crop's bytes."""

    evidence: Evidence
    structure: Structure
    image: bytes

    @property
    def basis_order(self) -> list[int]:
        """Indices of the credited explanatory sentences, best basis first.

        A sentence naming the structure's own label comes before one about a reaction
        component or a continuation.
        """
        credited = set(self.evidence.credited_sentence_ids)
        sentences = self.evidence.sentences
        indices = [
            i
            for i, s in enumerate(sentences)
            if s.sentence_id in credited and s.label is ExplanatoryLabel.EXPLANATORY
        ]
        own = self.structure.identifier or ""
        return sorted(indices, key=lambda i: (not names_label(sentences[i].text, own), i))

    @property
    def text(self) -> str:
        """The evidence block as one text."""
        return " ".join(sentence.text for sentence in self.evidence.sentences)


@dataclass
class CandidateOutcome:
    """What one block produced: the candidate node, its decisions and model calls."""

    node: Candidate | DiscardedCandidate
    decisions: list[Decision] = field(default_factory=list)
    calls: list[ModelCall] = field(default_factory=list)
    structure_keys: frozenset[str] | None = None
    """Catalogue keys matched on the structure's reading (the judge uses them)."""

    @property
    def question(self) -> Candidate | None:
        """The candidate when it has a stem, options and an answer (ready for the gates)."""
        node = self.node
        if isinstance(node, Candidate) and node.stem is not None and node.answer is not None:
            return node
        return None


STRUCTURE_REASONS = frozenset({"too_few_features", "feature_not_drawn"})
"""Discard reasons that belong to the drawing, not to the sentence: on real papers OSRA
often reads too little of one crop for three distractors, while the same sentence is
credited to another drawing of the compound or its reaction, which it may read well. With
the sentence kept by the first failure, on the 8 ACS papers 5 candidates on 2 explanatory
sentences ended as ``duplicate_basis`` behind a ``too_few_features``."""


class BasisLedger:
    """What one paper's questions have used so far: basis sentences and wrong answers."""

    def __init__(self) -> None:
        self.used: dict[str, str] = {}
        """Basis sentence id -> the candidate it is the basis of."""
        self.distractors: Counter[str] = Counter()
        """Feature (`usage_key`) -> how many of the paper's items offer it as a wrong
        answer (the offline generator spreads them, see `select_other_features`)."""

    def release(self, basis_id: str | None, candidate_id: str) -> None:
        """Give a sentence back when its candidate stopped for its drawing's sake."""
        if basis_id is not None and self.used.get(basis_id) == candidate_id:
            del self.used[basis_id]

    def offered(self, candidate: Candidate) -> None:
        """Count the wrong answers of a question that became an item (QC 3 accepted it)."""
        wrong = {o.feature for o in candidate.options if o.letter != candidate.answer}
        self.distractors.update({usage_key(name) for name in wrong})

    def choose(
        self,
        block: EvidenceBlock,
        generator: Generator,
        paper: PaperContext,
        skip: frozenset[str] = frozenset(),
    ) -> tuple[int | None, str | None]:
        """(basis index or None; the sentence id already taken, when that is why).

        `skip`: sentences this block already tried and found to be about another drawing.
        """
        sentences = block.evidence.sentences
        order = [i for i in block.basis_order if sentences[i].sentence_id not in skip]
        free = [i for i in order if (sentences[i].sentence_id or "") not in self.used]
        for index in free:
            previous = paper.previous(sentences[index].sentence_id)
            if generator.usable(sentences[index].text, previous[1] if previous else None):
                return index, None
        if free:
            return free[0], None
        if order:
            return None, sentences[order[0]].sentence_id
        return None, None
