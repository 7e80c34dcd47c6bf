"""QC 2: does the evidence block refer to the structure, and does it explain something?

Seed 002 (section 3.2): "QC 2 evaluates both entity match and explanatory value. Entity
match indicates whether the passage refers to the target molecule or reaction.
Explanatory passages state how a structural feature produces the observed effect.
Partially explanatory passages identify the feature but omit the mechanism, while
non-explanatory passages are procedural or descriptive. We discard entity mismatches
and non-explanatory passages. Partial explanations are retained only as context, and a
structure advances to question generation only if its evidence block contains an
explanatory sentence." Most blocks fail here: in the seed's corpus only 13.1% of
structures with retrieved text have an explanatory sentence (appendix D.3).

Every sentence of the block gets a label (explanatory / partial / non_explanatory), and
the block passes only if an explanatory sentence *refers to the structure*: it names the
target (or, for a reaction, one of its components), it is a figure reference the
retrieval found unambiguous, or it was added by expansion as the continuation of a
sentence that names the target and names no other compound itself. An explanatory
sentence about another compound does not count, so a block whose only explanation is
about a neighbour is an entity mismatch.

Reason codes (stable; they go into `Decision.reason`):

============================  =============================================================
``explanatory``               accepted: a referring sentence is explanatory
``no_text``                   the paper has no sentence that names the structure
``entity_mismatch``           the explanatory sentences are about other compounds, or the
                              LLM says the block does not refer to the target
``partial_only``              the best referring sentence is partially explanatory
``non_explanatory``           only procedural or descriptive sentences
``prefilter_non_explanatory`` LLM mode with the pre-filter: no sentence reaches the
                              classifier's recall-oriented threshold, so no call is made
``model_failed``              LLM mode: the call failed (transport, refusal, invalid JSON)
``model_invalid_answer``      LLM mode: the labels do not cover the block's sentences
``unread_explanation``        offline QC 2: the sentences about the target labelled
                              explanatory have no readable feature, mechanism and effect
                              (`unread_explanation`); the LLM backend reads them itself
``same_compound``             another drawing of the same compound (same identifier, same
                              paper) was accepted first on the same explanatory sentences
                              (`SameCompound`)
============================  =============================================================

Backends (which label the sentences): `chemx.qc.qc2_backends`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from chemx.grounding.expansion import BlockSentence, EvidenceBlock
from chemx.labels import normalise_label
from chemx.provenance.ids import decision_id
from chemx.records import Decision, ExplanatoryLabel, Gate, ModelCall, Verdict

if TYPE_CHECKING:
    from chemx.generation.extract import Decomposition, Vague

REASONS = (
    "explanatory",
    "no_text",
    "entity_mismatch",
    "partial_only",
    "non_explanatory",
    "prefilter_non_explanatory",
    "model_failed",
    "model_invalid_answer",
    "same_compound",
    "unread_explanation",
)
"""Every reason code QC 2 writes (see the module table)."""


@dataclass(frozen=True)
class Qc2Result:
    """QC 2's verdict on one evidence block."""

    accepted: bool
    reason: str
    detail: str
    scores: dict[str, float]
    labels: tuple[ExplanatoryLabel | None, ...]
    """One per block sentence (caption included), in block order."""
    entity_match: bool
    backend: str
    calls: tuple[ModelCall, ...] = ()
    credited: tuple[int, ...] = ()
    """Block indices of the explanatory sentences about the target that advanced it
    (empty unless accepted): the sentences a question may be built from."""

    def decision(self, evidence_id: str) -> Decision:
        """The QC 2 `Decision` on the evidence node."""
        return Decision(
            id=decision_id(evidence_id, Gate.QC2.value, self.reason, self.backend),
            node_id=evidence_id,
            gate=Gate.QC2,
            verdict=Verdict.ACCEPT if self.accepted else Verdict.REJECT,
            reason=self.reason,
            detail=self.detail,
            scores=self.scores,
            backend=self.backend,
            time=dt.datetime.now(dt.UTC),
        )


def refers(sentence: BlockSentence, block: EvidenceBlock) -> bool:
    """Whether a block sentence is about the target (see the module docstring)."""
    if sentence.entity == "target":
        return True
    if sentence.entity == "other":
        return False
    if sentence.origin == "figure_reference":
        return True  # retrieval only keeps figure references it found unambiguous
    if sentence.origin == "expansion":
        anchors = {s.sentence_id: s for s in block.sentences if s.sentence_id}
        return any(_continues_target(anchors[a], block) for a in sentence.anchors if a in anchors)
    return False


def _continues_target(anchor: BlockSentence, block: EvidenceBlock) -> bool:
    """Whether an unlabelled continuation of `anchor` is about the target.

    The anchor must be about the target and, when it names several compounds, name the
    target first: "Ligand 4d differs from 4f only by its methoxy groups. These methoxy
    oxygens ..." continues about 4d, not 4f.
    """
    if anchor.origin == "figure_reference" and anchor.entity == "none":
        return True
    return anchor.entity == "target" and anchor.subject in block.package.targets


def credited(sentence: BlockSentence, block: EvidenceBlock) -> bool:
    """Whether an explanatory label on this sentence can advance the structure.

    The caption is context only: it describes what the figure shows (the seed counts
    explanatory *sentences of the paper*), and on the sample corpus the classifier
    reads reaction captions ("coupling of 1 with 2 to give 3") as explanations.
    """
    return sentence.origin != "caption" and refers(sentence, block)


def has_clause(text: str) -> bool:
    """Whether the text has a finite verb or an auxiliary (the clause grammar's tags).

    A "sentence" without one is a title or a heading ("Substrate Scope of the
    Cyclization of Allyl Amides", a scheme title a PDF's text runs into the body): it
    states no relation, so an explanatory label on it is not believed.
    """
    from chemx.generation.clauses import Tag, normalise, tokenise

    return any(token.tag in (Tag.VERB, Tag.AUX) for token in tokenise(normalise(text)))


def unread_explanation(sentence: BlockSentence) -> str | None:
    """Why no feature, mechanism and effect can be read in `sentence`; None when they can.

    The labelling rules' decisive test for an explanation is that its three parts can be
    marked (`chemx/data/explanatory/README.md`); the causal reading of the offline
    decomposition (`chemx.generation.extract.decompose`, with the sentence before it for
    an effect pointed back to) is that test. The sentence classifier alone credits
    narratives and procedures on real papers: 'After Negishi cross-coupling between 2a
    and 3a ..., deprotection of the acyl group occurs ...' (p = 0.88), 'Compound 22 was
    afforded as an inseparable mixture of diastereomers ...' (p = 0.47, the argmax).
    """
    return _reading_problem(sentence.text, sentence.previous)


def _reading_problem(text: str, previous: str | None) -> str | None:
    """`unread_explanation` by text."""
    from chemx.generation.extract import Decomposition

    reading = _reading(text, previous)
    if isinstance(reading, Decomposition):
        return None
    return f"{reading.reason}: {reading.detail}"


@lru_cache(maxsize=4096)
def _reading(text: str, previous: str | None) -> Decomposition | Vague:
    """The offline decomposition by text, cached: a sentence in many blocks is read once."""
    from chemx.generation.extract import decompose

    return decompose(text, previous)


def explains_other(sentence: BlockSentence, block: EvidenceBlock) -> str | None:
    """Why a read explanation names the target but explains another compound; None if not.

    "The ortho-methyl groups ... of 6c raise the quantum yield ..., and a
    dimethylaminostyryl donor shifts the emission of 6f" names 6f and explains 6c: for
    6f's block it is an entity mismatch, as an explanation about a neighbour is
    (`chemx.generation.owners`). A sentence that cannot be read says nothing here.
    """
    from chemx.generation.extract import Decomposition
    from chemx.generation.owners import explains_other as other_owner

    reading = _reading(sentence.text, sentence.previous)
    if not isinstance(reading, Decomposition) or reading.comparison is not None:
        return None  # a matched pair names both compounds; its partner may be drawn
    return other_owner(sentence.text, reading, block.package.targets)


def decide(
    block: EvidenceBlock,
    labels: Sequence[ExplanatoryLabel | None],
    *,
    backend: str,
    probabilities: Sequence[float] | None = None,
    llm_refers: bool | None = None,
    calls: Sequence[ModelCall] = (),
    read_causes: bool = False,
) -> Qc2Result:
    """Apply the advance rule to labelled sentences.

    Args:
        block: the evidence block.
        labels: one label per block sentence.
        backend: what labelled them (recorded in the decision).
        probabilities: the classifier's explanatory probability per sentence, if any.
        llm_refers: the LLM's entity-match answer (LLM mode), else None.
        calls: model calls made for the block.
        read_causes: believe an explanatory label on a sentence about the target only
            when its feature, mechanism and effect can be read (`unread_explanation`)
            and what they explain is the target's, not another compound's
            (`explains_other`); and take a 'partial' label on such a sentence as
            explanatory when all three can be read (indep8: the classifier called 16
            blocks' explanations 'partial', among them "the ortho-methyl groups of the
            mesityl ring in 7 restrict rotation ..., giving ΦF = 0.82").
    """
    sentences = block.sentences
    referring = [refers(s, block) for s in sentences]
    eligible = [credited(s, block) for s in sentences]
    explanatory = [
        label is ExplanatoryLabel.EXPLANATORY and has_clause(s.text)
        for label, s in zip(labels, sentences, strict=True)
    ]
    unread: dict[int, str] = {}
    elsewhere: dict[int, str] = {}
    promoted = 0
    if read_causes:
        labels = list(labels)
        for index, sentence in enumerate(sentences):
            partial_read = labels[index] is ExplanatoryLabel.PARTIAL and has_clause(sentence.text)
            if not eligible[index] or not (explanatory[index] or partial_read):
                continue
            why = unread_explanation(sentence)
            if partial_read:
                if why is not None:
                    continue  # partial it stays
                # the labelling rules' decisive test: its feature, mechanism and effect
                # can all be read, so the classifier's 'partial' undersold it
                labels[index] = ExplanatoryLabel.EXPLANATORY
                explanatory[index] = True
                promoted += 1
            other = explains_other(sentence, block) if why is None else None
            if why is not None:
                unread[index] = why
                explanatory[index] = False
            elif other is not None:
                elsewhere[index] = other
                eligible[index] = False
    partial = [label is ExplanatoryLabel.PARTIAL for label in labels]
    basis = [i for i, (e, r) in enumerate(zip(explanatory, eligible, strict=True)) if e and r]
    paper = block.paper_sentences
    entity_share = sum(s.entity == "target" for s in paper) / len(paper) if paper else 0.0
    entity_match = any(r for s, r in zip(sentences, referring, strict=True) if s.sentence_id)
    if llm_refers is not None:
        entity_match = entity_match and llm_refers
    scores: dict[str, float] = {
        "sentences": float(len(sentences)),
        "retrieved": float(sum(s.origin in ("identifier", "figure_reference") for s in sentences)),
        "expanded": float(sum(s.origin == "expansion" for s in sentences)),
        "explanatory": float(sum(explanatory)),
        "partial": float(sum(partial)),
        "credited_explanatory": float(len(basis)),
        "entity_match": float(entity_match),
        "entity_share": round(entity_share, 4),
    }
    if probabilities is not None and len(probabilities):
        scores["max_explanatory_probability"] = round(float(max(probabilities)), 4)
    if llm_refers is not None:
        scores["llm_refers_to_target"] = float(llm_refers)
    if read_causes:
        scores["partial_read_as_explanatory"] = float(promoted)
        scores["explanatory_unread"] = float(len(unread))
        scores["explains_other"] = float(len(elsewhere))
    name = block.package.identifier
    if not paper:
        return Qc2Result(
            False,
            "no_text",
            f"no sentence of the paper names {name} or points unambiguously at its figure",
            scores,
            tuple(labels),
            False,
            backend,
            tuple(calls),
        )
    if basis and entity_match:
        where = ", ".join(_where(sentences[i]) for i in basis)
        return Qc2Result(
            True,
            "explanatory",
            f"{name}: explanatory sentence(s) about it: {where}",
            scores,
            tuple(labels),
            True,
            backend,
            tuple(calls),
            credited=tuple(basis),
        )
    if unread and entity_match:
        index, why = next(iter(unread.items()))
        return Qc2Result(
            False,
            "unread_explanation",
            f"{name}: {len(unread)} sentence(s) about it labelled explanatory, but no feature, "
            f"mechanism and effect could be read in them; {_where(sentences[index])}: {why}",
            scores,
            tuple(labels),
            entity_match,
            backend,
            tuple(calls),
        )
    if any(e for e, s in zip(explanatory, sentences, strict=True) if s.sentence_id) or (
        llm_refers is False
    ):
        if llm_refers is False:
            detail = f"{name}: the model says the block does not refer to it"
        elif elsewhere:
            index, why = next(iter(elsewhere.items()))
            detail = f"{name}: {why}, not {name}'s ({_where(sentences[index])})"
        else:
            detail = f"{name}: the explanatory sentences are about other compounds"
        return Qc2Result(
            False,
            "entity_mismatch",
            detail,
            scores,
            tuple(labels),
            entity_match,
            backend,
            tuple(calls),
        )
    if any(p and r for p, r in zip(partial, eligible, strict=True)):
        return Qc2Result(
            False,
            "partial_only",
            f"{name}: feature and effect without mechanism only (kept as context)",
            scores,
            tuple(labels),
            entity_match,
            backend,
            tuple(calls),
        )
    return Qc2Result(
        False,
        "non_explanatory",
        f"{name}: {len(paper)} sentence(s), all procedural or descriptive",
        scores,
        tuple(labels),
        entity_match,
        backend,
        tuple(calls),
    )


def _where(sentence: BlockSentence) -> str:
    return f"{sentence.origin} {sentence.sentence_id or 'caption'}"


@dataclass
class SameCompound:
    """One evidence block per compound and explanation, however often the paper draws it.

    Why: papers draw the same compound in several figures (the substrate in the scope
    table and again in the mechanism scheme) and sometimes twice in one scheme, and each
    drawing gets its own block. The sentences that name the compound are the same for
    every drawing, so each drawing's block was accepted on the same explanation: on the 5
    CC BY journal PDFs, 17 of the 38 accepted blocks repeated an explanation already
    accepted for another drawing of the same compound (one sentence naming 2a, 3a, 4a, 5a
    and 7a was credited to 13 blocks, one naming 1 and 2 to 12); on the 8 ACS PDFs, 15 of
    32. They added nothing a question could use (generation keeps one question per
    explanatory sentence) while counting as accepted evidence.

    Rule: within a paper, a block accepted for an identifier that an earlier accepted
    block already carries (a molecule, or a reaction named by it) is rejected as
    ``same_compound`` when every sentence credited to it was credited to that compound
    before; a drawing whose block credits a sentence of its own stays accepted. Blocks are
    judged in store order, so the first drawing the paper shows is the one kept.
    """

    seen: dict[str, tuple[str, set[str]]] = field(default_factory=dict)
    """Identifier -> the first accepted structure and the sentences credited to it."""

    def check(self, block: EvidenceBlock, result: Qc2Result) -> Qc2Result:
        """`result`, or a ``same_compound`` rejection when an earlier drawing has it all."""
        identifier = block.package.identifier
        if not result.accepted or not identifier:
            return result
        key = normalise_label(identifier) or identifier
        credited = {
            sentence_id
            for index in result.credited
            if (sentence_id := block.sentences[index].sentence_id) is not None
        }
        first = self.seen.get(key)
        if first is None:
            self.seen[key] = (block.structure.id, credited)
            return result
        structure_id, earlier = first
        if credited <= earlier:
            return replace(
                result,
                accepted=False,
                reason="same_compound",
                detail=(
                    f"{identifier}: another drawing of it, {structure_id}, was accepted first "
                    "on the same explanatory sentence(s)"
                ),
                credited=(),
            )
        earlier |= credited
        return result
