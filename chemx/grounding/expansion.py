"""Context expansion: add the paragraph neighbours that finish a retrieved sentence's point.

Explanatory evidence in chemistry papers often spans adjacent sentences: one states the
observed effect and names the compound, the next gives the mechanism without the label
("Monomer 2 carries a methyl and an ester group on C5. This quaternary centre hinders
attack ..."). Seed 002 (section 3.2, appendix C.2) therefore expands every retrieved
sentence with semantically related sentences of the same paragraph; without this step
it finds 26 instead of 43 explanatory sentences (table 5, +65%), and 40% of explanatory
sentences are missed when sentences are judged in isolation (appendix D.3).

Backends:

* ``minilm-expansion`` (offline default): cosine similarity of the all-MiniLM-L6-v2
  embeddings of the retrieved sentence and each other sentence of its paragraph, with a
  threshold that depends on position (never across paragraphs, one hop only):

  ============================  ==========================  ===========================
  neighbour                     threshold                   why
  ============================  ==========================  ===========================
  the next sentence             `NEXT_THRESHOLD` = 0.18      keeps all 14 gold split
                                                            pairs (lowest cosine 0.20)
  the previous sentence         `PREVIOUS_THRESHOLD` = 0.35  about the median of other
                                                            adjacent pairs (0.33)
  any other of the paragraph    `FAR_THRESHOLD` = 0.50       90th percentile of
                                                            non-adjacent pairs (0.49)
  ============================  ==========================  ===========================

  Measured on the sample gold (`scripts/bench_grounding.py` prints these): the 14
  split pairs have cosines 0.20-0.54 (median 0.34), while adjacent sentences that are
  not a pair have a median of 0.33 — MiniLM barely tells a continuation from any other
  neighbour. The rule therefore leans on adjacency (the mechanism follows the effect),
  and the low next-sentence threshold only drops the clearly unrelated; precision is
  left to QC 2, which credits an added sentence only when it names no other compound
  and continues a sentence whose first-named compound is the target.
* ``llm:<model>``: the ``grounding`` role is shown the numbered paragraph and the
  anchor sentence and answers which sentence indices belong to the same explanation
  (template ``expansion.v1``). Indices outside the paragraph or equal to the anchor are
  refused and reported, never guessed.
* ``none``: no expansion (the ablation of table 5).

In every backend a neighbour that names other compounds of the paper but not the target
is not added: it is about those compounds, and its explanation belongs to their blocks.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from chemx.grounding.encoder import SentenceEncoder
from chemx.grounding.retrieval import PaperText, RetrievalPackage
from chemx.labels import find_mentions
from chemx.models import GROUNDING_ROLE, CallOk, Message, ModelCaller
from chemx.prompts import load_template
from chemx.records import ModelCall, Sentence, Structure
from chemx.registry import BackendContext

EMBEDDING_BACKEND = "minilm-expansion"
NO_EXPANSION_BACKEND = "none"
EXPANSION_TEMPLATE = "expansion.v1"

NEXT_THRESHOLD = 0.18
"""Cosine a following sentence needs (see the module table)."""
PREVIOUS_THRESHOLD = 0.35
"""Cosine a preceding sentence needs."""
FAR_THRESHOLD = 0.50
"""Cosine any other sentence of the same paragraph needs."""

Entity = Literal["target", "other", "none"]
Origin = Literal["caption", "figure_reference", "identifier", "expansion"]


class TextVectors:
    """Unit-length MiniLM embeddings of a paper's texts, computed in one batch.

    The agent embeds every sentence and caption of a paper once; expansion (cosines) and
    the offline QC 2 classifier (its input features) both read from here, so a paper
    costs one encoder pass whatever the number of structures.
    """

    def __init__(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        """Wrap precomputed vectors, one row per text."""
        if len(texts) != vectors.shape[0]:
            raise ValueError("one vector per text is required")
        self._rows = {text: index for index, text in enumerate(texts)}
        self.vectors = vectors

    @classmethod
    def embed(
        cls, encoder: SentenceEncoder, texts: Sequence[str], lock: threading.Lock | None = None
    ) -> TextVectors:
        """Embed the distinct `texts` with `encoder` (serialised by `lock` if given)."""
        unique = list(dict.fromkeys(texts))
        if lock is None:
            return cls(unique, encoder.embed(unique))
        with lock:
            return cls(unique, encoder.embed(unique))

    def __contains__(self, text: object) -> bool:
        return text in self._rows

    def get(self, text: str) -> np.ndarray:
        """The vector of one text (KeyError if it was not embedded)."""
        return np.asarray(self.vectors[self._rows[text]])

    def matrix(self, texts: Sequence[str]) -> np.ndarray:
        """Stacked vectors of `texts`, shape (len(texts), dim)."""
        return np.asarray(self.vectors[[self._rows[t] for t in texts]])

    def cosine(self, a: str, b: str) -> float:
        """Cosine of two embedded texts (vectors are unit length)."""
        return float(self.get(a) @ self.get(b))


@dataclass(frozen=True)
class AddedSentence:
    """A sentence expansion added, with the retrieved sentence(s) it continues."""

    sentence: Sentence
    anchors: tuple[str, ...]
    score: float | None
    """Cosine to the closest anchor (embedding backend); None for the LLM backend."""


@dataclass(frozen=True)
class Expansion:
    """What one expander added for one structure."""

    backend: str
    added: tuple[AddedSentence, ...]
    calls: tuple[ModelCall, ...] = ()
    problems: tuple[str, ...] = ()


@runtime_checkable
class Expander(Protocol):
    """Anything that picks the paragraph neighbours of retrieved sentences (kind ``expander``)."""

    backend: str
    needs_vectors: bool
    """Whether `expand` reads the paper's MiniLM vectors (they are embedded only if so)."""

    def expand(
        self,
        paper: PaperText,
        package: RetrievalPackage,
        vectors: TextVectors | None,
        node_id: str | None = None,
    ) -> Expansion:
        """Neighbours of `package.about_target()` sentences to add to the block."""
        ...


def _candidates(
    paper: PaperText, package: RetrievalPackage, anchor: Sentence
) -> list[tuple[int, Sentence]]:
    """(offset from the anchor, sentence) for each paragraph neighbour that may be added."""
    retrieved = {s.sentence.id for s in package.about_target()}
    targets = package.targets
    others = [i for i in paper.identifiers if i not in targets]
    result = []
    for sentence in paper.paragraph(anchor.paragraph_id):
        if sentence.id in retrieved:
            continue
        names_other = any(paper.mentions(i, sentence) for i in others)
        names_target = any(paper.mentions(i, sentence) for i in targets)
        if names_other and not names_target:
            continue
        result.append((sentence.index - anchor.index, sentence))
    return result


def threshold_for(offset: int) -> float:
    """The cosine a neighbour at `offset` sentences from the anchor needs."""
    if offset == 1:
        return NEXT_THRESHOLD
    if offset == -1:
        return PREVIOUS_THRESHOLD
    return FAR_THRESHOLD


class EmbeddingExpander:
    """Offline expansion by MiniLM cosine within the paragraph (see the module table)."""

    backend = EMBEDDING_BACKEND
    needs_vectors = True

    def expand(
        self,
        paper: PaperText,
        package: RetrievalPackage,
        vectors: TextVectors | None,
        node_id: str | None = None,
    ) -> Expansion:
        """Add every neighbour whose cosine to an anchor reaches its position's threshold."""
        if vectors is None:
            raise ValueError("the embedding expander needs the paper's sentence vectors")
        best: dict[str, tuple[Sentence, list[str], float]] = {}
        for anchor in (s.sentence for s in package.about_target()):
            for offset, sentence in _candidates(paper, package, anchor):
                score = vectors.cosine(anchor.text, sentence.text)
                if score < threshold_for(offset):
                    continue
                entry = best.setdefault(sentence.id, (sentence, [], score))
                entry[1].append(anchor.id)
                best[sentence.id] = (sentence, entry[1], max(entry[2], score))
        added = tuple(
            AddedSentence(sentence, tuple(anchors), round(score, 4))
            for sentence, anchors, score in sorted(
                best.values(), key=lambda item: _reading_key(paper, item[0])
            )
        )
        return Expansion(self.backend, added)


class NoExpander:
    """The ablation: retrieved sentences only."""

    backend = NO_EXPANSION_BACKEND
    needs_vectors = False

    def expand(
        self,
        paper: PaperText,
        package: RetrievalPackage,
        vectors: TextVectors | None,
        node_id: str | None = None,
    ) -> Expansion:
        """Add nothing."""
        return Expansion(self.backend, ())


class ExpansionAnswer(BaseModel):
    """What `expansion.v1` asks for: the indices of the sentences that belong."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    related: list[int] = Field(
        description="Indices of other sentences of the paragraph that belong to the anchor's "
        "explanation; empty if none."
    )


class LlmExpander:
    """Expansion by the ``grounding`` role: one call per anchor sentence (cached)."""

    def __init__(self, client: ModelCaller) -> None:
        """Use `client` (a `ModelClient` with the grounding role configured)."""
        self.client = client
        self.needs_vectors = False
        self.template = load_template(EXPANSION_TEMPLATE)
        self.backend = f"llm:{client.config.role(GROUNDING_ROLE).model}"

    def expand(
        self,
        paper: PaperText,
        package: RetrievalPackage,
        vectors: TextVectors | None,
        node_id: str | None = None,
    ) -> Expansion:
        """Ask which neighbours of each anchor belong to it; refuse invalid indices."""
        calls: list[ModelCall] = []
        problems: list[str] = []
        chosen: dict[str, tuple[Sentence, list[str]]] = {}
        for anchor in (s.sentence for s in package.about_target()):
            paragraph = paper.paragraph(anchor.paragraph_id)
            if len(paragraph) < 2:
                continue
            allowed = {index + anchor.index for index, _ in _candidates(paper, package, anchor)}
            prompt = self.template.render(
                identifier=package.identifier,
                anchor=anchor.index,
                paragraph="\n".join(f"[{s.index}] {s.text}" for s in paragraph),
            )
            result = self.client.complete_sync(
                GROUNDING_ROLE,
                [Message.user(prompt)],
                ExpansionAnswer,
                template=self.template,
                node_id=node_id,
            )
            calls.append(result.call)
            if not isinstance(result, CallOk):
                problems.append(f"expansion of sentence {anchor.index} failed: {result.error}")
                continue
            by_index = {s.index: s for s in paragraph}
            for index in result.output.related:
                if index == anchor.index or index not in by_index:
                    problems.append(f"sentence {anchor.index}: index {index} is not a neighbour")
                    continue
                if index not in allowed:
                    continue  # already retrieved, or about another compound
                sentence = by_index[index]
                chosen.setdefault(sentence.id, (sentence, []))[1].append(anchor.id)
        added = tuple(
            AddedSentence(sentence, tuple(anchors), None)
            for sentence, anchors in sorted(
                chosen.values(), key=lambda item: _reading_key(paper, item[0])
            )
        )
        return Expansion(self.backend, added, tuple(calls), tuple(problems))


def _reading_key(paper: PaperText, sentence: Sentence) -> tuple[int, int]:
    return (paper.paragraph_order.get(sentence.paragraph_id, 1 << 30), sentence.index)


# -- the evidence block ------------------------------------------------------------------


@dataclass(frozen=True)
class BlockSentence:
    """One sentence of an evidence block, before QC 2 labels it."""

    sentence_id: str | None
    text: str
    origin: Origin
    entity: Entity
    """Whether it names the target, only other compounds, or no compound."""
    anchors: tuple[str, ...] = ()
    """For an added sentence: the retrieved sentences it continues."""
    reasons: tuple[str, ...] = ()
    score: float | None = None
    subject: str | None = None
    """The compound the sentence names first (usually its grammatical subject: "Ligand 4d
    differs from 4f ..."); a continuation is taken to be about its anchor's subject."""
    previous: str | None = None
    """The paper's sentence before it, in reading order: an explanation that only points
    back ("This might be due to ...") states its effect there."""


@dataclass(frozen=True)
class EvidenceBlock:
    """The caption, the retrieved sentences about the target and their expansion."""

    structure: Structure
    package: RetrievalPackage
    sentences: tuple[BlockSentence, ...]
    """Caption first (when the figure has one), then the paper sentences in reading order."""
    expansion: Expansion

    @property
    def paper_sentences(self) -> tuple[BlockSentence, ...]:
        """The block without its caption."""
        return tuple(s for s in self.sentences if s.origin != "caption")

    @property
    def sentence_ids(self) -> tuple[str, ...]:
        """Ids of the paper sentences, in block order."""
        return tuple(s.sentence_id for s in self.sentences if s.sentence_id)


def _subject(paper: PaperText, sentence: Sentence) -> str | None:
    """The compound named first; None if none, or a range ("3−14": a series, not a subject)."""
    first: tuple[int, str, bool] | None = None
    for identifier in paper.identifiers:
        for mention in paper.mentions(identifier, sentence)[:1]:
            if first is None or mention.start < first[0]:
                first = (mention.start, identifier, mention.kind == "range")
    return first[1] if first and not first[2] else None  # the next sentence: some members


def _entity(paper: PaperText, package: RetrievalPackage, text_sentence: Sentence) -> Entity:
    if any(paper.mentions(i, text_sentence) for i in package.targets):
        return "target"
    others = (i for i in paper.identifiers if i not in package.targets)
    return "other" if any(paper.mentions(i, text_sentence) for i in others) else "none"


def _previous_text(paper: PaperText, sentence_id: str) -> str | None:
    previous = paper.previous(sentence_id)
    return previous.text if previous else None


def build_block(paper: PaperText, package: RetrievalPackage, expansion: Expansion) -> EvidenceBlock:
    """Merge retrieval and expansion into the block QC 2 judges (seed 002, C.2)."""
    items: list[tuple[tuple[int, int], BlockSentence]] = []
    for retrieved in package.about_target():
        sentence = retrieved.sentence
        items.append(
            (
                _reading_key(paper, sentence),
                BlockSentence(
                    sentence_id=sentence.id,
                    text=sentence.text,
                    origin=retrieved.origin,
                    entity=_entity(paper, package, sentence),
                    reasons=retrieved.reasons,
                    subject=_subject(paper, sentence),
                    previous=_previous_text(paper, sentence.id),
                ),
            )
        )
    for added in expansion.added:
        items.append(
            (
                _reading_key(paper, added.sentence),
                BlockSentence(
                    sentence_id=added.sentence.id,
                    text=added.sentence.text,
                    origin="expansion",
                    entity=_entity(paper, package, added.sentence),
                    anchors=added.anchors,
                    reasons=(f"expansion:{expansion.backend}",),
                    score=added.score,
                    subject=_subject(paper, added.sentence),
                    previous=_previous_text(paper, added.sentence.id),
                ),
            )
        )
    sentences = [item for _, item in sorted(items, key=lambda pair: pair[0])]
    if package.caption:
        others = [i for i in paper.identifiers if i not in package.targets]
        names_other = any(
            find_mentions(i, package.caption, siblings=paper.identifiers) for i in others
        )
        entity: Entity = (
            "target" if package.caption_mentions_target else "other" if names_other else "none"
        )
        caption = BlockSentence(
            sentence_id=None,
            text=package.caption,
            origin="caption",
            entity=entity,
            reasons=("caption",),
        )
        sentences.insert(0, caption)
    return EvidenceBlock(package.structure, package, tuple(sentences), expansion)


def make_embedding_expander(context: BackendContext) -> EmbeddingExpander:
    """The ``embedding`` expander (registry factory)."""
    return EmbeddingExpander()


def make_llm_expander(context: BackendContext) -> LlmExpander:
    """The ``llm`` expander: the grounding role picks neighbours (registry factory)."""
    return LlmExpander(context.client_for(GROUNDING_ROLE, "--expansion llm"))


def make_no_expander(context: BackendContext) -> NoExpander:
    """The ``none`` expander: retrieved sentences only (registry factory)."""
    return NoExpander()
