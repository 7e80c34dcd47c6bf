"""One candidate question from one accepted evidence block (seed 002, section 3.3).

The basis is one of the explanatory sentences QC 2 credited (`Evidence.credited_sentence_ids`),
preferring a sentence that names the structure's own label; within a paper a sentence is
the basis of at most one question, so a reaction and its reactant never become two copies
of one question (``duplicate_basis``). A candidate that stops for a reason of its drawing
alone (`STRUCTURE_REASONS`: too few features read from this crop) gives its sentence back,
so another drawing of the same compound or reaction can carry the question. The generator
decomposes it (a `DiscardedCandidate` with the reason when it cannot: ``too_vague``,
``too_few_features``) and writes the stem and options. Visible features come from the
structure's OCSR reading (made once, by the visual stage) and from what the paper's text
names for the compound.

The gates after this (anti-shortcut checks, QC 3) live in `chemx.qc`; the generation agent
runs them on the `Candidate` this module returns.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Literal

from chemx.generation.backends import GenerationContext, Generator
from chemx.generation.catalogue import (
    BY_KEY,
    UNRELIABLE_IN_PARTIAL,
    group_for_feature,
    loosely_matched,
    matched_keys,
    related,
)
from chemx.generation.features import VisibleFeature, structure_features
from chemx.generation.ledger import (
    STRUCTURE_REASONS,
    BasisLedger,
    CandidateOutcome,
    EvidenceBlock,
    PaperContext,
)
from chemx.generation.paper_features import text_features
from chemx.generation.stem_wording import one_compound_effect
from chemx.provenance.decisions import accept, reject
from chemx.provenance.ids import node_id
from chemx.records import (
    Candidate,
    DiscardedCandidate,
    Evidence,
    Gate,
    Item,
    NodeKind,
    Paper,
    PartialDecomposition,
    Structure,
    StructureRole,
)


def entry_type(structure: Structure) -> Literal["molecule", "reaction"]:
    """'reaction' for reaction crops, 'molecule' for every single-structure crop."""
    return "reaction" if structure.role is StructureRole.REACTION else "molecule"


def visible_features(
    block: EvidenceBlock, paper: PaperContext, basis_id: str | None
) -> tuple[tuple[VisibleFeature, ...], frozenset[str] | None]:
    """Features drawn on the structure (its reading) and named for it in the paper.

    Returns the features and the catalogue keys matched on the reading (None without one).
    """
    structure = block.structure
    reading = structure.reading
    keys: frozenset[str] | None = None
    partial = reading is not None and reading.partial
    if reading is not None:
        keys = frozenset(matched_keys(reading.text)) - (
            UNRELIABLE_IN_PARTIAL if partial else frozenset()
        )
    own = [(s.sentence_id, s.text) for s in block.evidence.sentences]
    in_block = {sentence_id for sentence_id, _ in own}
    # the block first, then the rest of the paper: features it names for the compound
    sentences = [*own, *(s for s in paper.sentences if s[0] not in in_block)]
    labels = [label for label in (structure.identifier, *structure.related_identifiers) if label]
    named = text_features(sentences, labels, skip=[basis_id])
    if reading is not None and not partial and structure.role is not StructureRole.REACTION:
        # "combine the CF3 group of 18 with a non-basic amine": a group the paper names
        # beside the label that the whole drawing lacks is another compound's (or a plan);
        # a reaction's reading may hold only some of its components
        named = [
            f for f in named if f.key is None or loosely_matched(f.key, reading.text) is not False
        ]
    visible = (
        *structure_features(reading.text if reading else None, partial=partial),
        *named,
    )
    return visible, keys


def generate_candidate(
    block: EvidenceBlock,
    paper: PaperContext,
    generator: Generator,
    ledger: BasisLedger,
    skip: frozenset[str] = frozenset(),
) -> CandidateOutcome:
    """Decompose the block's basis sentence and write its question, or discard it.

    A basis whose cause the drawing does not show (``feature_not_drawn``: "6 was more
    photostable than 5 ... because of the CF3 group" in 5's block) goes back to the paper,
    and the block tries its next explanatory sentence; the decision's detail names the
    sentences it passed over. A sentence taken that way must name a group read on the
    drawing (`_drawn_cause`); otherwise the first discard stands. After
    ``too_few_features`` the block does not try again: that was tried, and on the
    embedded sample it moved sentences to drawings that carry them less well (the
    release's option-only baseline rose from 25% to 37%).

    `skip`: sentences of the block already tried whose question the anti-shortcut checks
    rejected (`chemx.agents.generation`).
    """
    skipped: list[str] = list(skip)
    first: CandidateOutcome | None = None
    while True:
        outcome = _attempt(block, paper, generator, ledger, skipped)
        node = outcome.node
        if first is not None and not _drawn_cause(outcome):
            # a later sentence of the block must be shown to be about this drawing: its
            # cause's group read on it (a photocatalyst's block also holds sentences
            # about the substrate it oxidises)
            ledger.release(node.basis_sentence_id, node.id)
            return first
        if not isinstance(node, DiscardedCandidate) or node.basis_sentence_id is None:
            return outcome
        if outcome.decisions[-1].reason != "feature_not_drawn":
            if first is None:
                return outcome
            ledger.release(node.basis_sentence_id, node.id)  # only the first is recorded
            return first
        skip = frozenset([*skipped, node.basis_sentence_id])
        following, _ = ledger.choose(block, generator, paper, skip)
        if following is None:
            return first or outcome
        first = first or outcome
        skipped.append(node.basis_sentence_id)


def _drawn_cause(outcome: CandidateOutcome) -> bool:
    """Whether a candidate's cause is a catalogue group read on its structure."""
    node = outcome.node
    if not isinstance(node, Candidate):
        return True  # a discard is reported as it is
    group = group_for_feature(node.feature)
    keys = outcome.structure_keys or frozenset()
    return group is not None and any(related(group, BY_KEY[key]) for key in keys)


def _attempt(
    block: EvidenceBlock,
    paper: PaperContext,
    generator: Generator,
    ledger: BasisLedger,
    skipped: list[str],
) -> CandidateOutcome:
    """One basis of the block: its candidate, or why it was discarded."""
    evidence, structure = block.evidence, block.structure
    basis, taken = ledger.choose(block, generator, paper, frozenset(skipped))
    basis_id = evidence.sentences[basis].sentence_id if basis is not None else taken
    candidate_id = node_id(NodeKind.CANDIDATE, evidence.id, basis_id or "", generator.backend)
    if basis is None:
        if taken:
            reason = "duplicate_basis"
            detail = (
                f"its explanatory sentence {taken} is the basis of {ledger.used[taken]} already"
            )
        else:
            reason, detail = "no_basis", "no explanatory sentence in the block"
        return _discarded(candidate_id, evidence, generator, reason, detail, basis_id=basis_id)
    ledger.used[basis_id or ""] = candidate_id
    visible: tuple[VisibleFeature, ...] = ()
    keys: frozenset[str] | None = None
    reading = None
    previous = paper.previous(basis_id)
    # no features for a vague basis
    if generator.usable(evidence.sentences[basis].text, previous[1] if previous else None):
        visible, keys = visible_features(block, paper, basis_id)
        reading = structure.reading
    context = GenerationContext(
        candidate_id=candidate_id,
        structure=structure,
        evidence=evidence,
        basis_index=basis,
        entry_type=entry_type(structure),
        image=block.image,
        visible=visible,
        structure_keys=keys,
        explanations=paper.explanations,
        previous_sentence=previous[1] if previous else None,
        previous_sentence_id=previous[0] if previous else None,
        distractor_uses=dict(ledger.distractors),
        partners=paper.partners,
        paper_labels=frozenset(paper.labels),
    )
    smiles = reading.text if reading else None
    smiles_source = reading.source if reading else None
    decomposed = generator.decompose(context)
    if decomposed.fields is None:
        if decomposed.reason in STRUCTURE_REASONS:
            ledger.release(basis_id, candidate_id)
        outcome = _discarded(
            candidate_id,
            evidence,
            generator,
            decomposed.reason,
            decomposed.detail,
            basis_id=basis_id,
            partial=decomposed.partial,
            smiles=smiles,
            smiles_source=smiles_source,
        )
        outcome.calls.extend(decomposed.calls)
        return outcome
    fields = decomposed.fields
    if fields.pair is None:  # stem and options repeat the effect: drop others' values
        fields = replace(fields, effect=one_compound_effect(fields.effect))
    written = generator.write_mcq(context, fields)
    candidate = Candidate(
        id=candidate_id,
        parent_id=evidence.id,
        backend=generator.backend,
        paper_id=evidence.paper_id,
        evidence_id=evidence.id,
        effect=fields.effect,
        feature=fields.feature,
        mechanism=fields.mechanism,
        reasoning_type=fields.reasoning_type,
        other_features=tuple(f.name for f in fields.other_features),
        stem=written.mcq.stem if written.mcq else None,
        options=written.mcq.options if written.mcq else (),
        answer=written.mcq.answer if written.mcq else None,
        basis_sentence_id=basis_id,
        effect_sentence_id=context.previous_sentence_id if fields.effect_from_previous else None,
        partner_structure_id=fields.pair.partner.id if fields.pair else None,
        smiles=smiles,
        smiles_source=smiles_source,
        feature_sources={f.name: _source(f) for f in fields.other_features},
        spare_options=written.mcq.spares if written.mcq else (),
    )
    outcome = CandidateOutcome(
        candidate,
        [
            accept(
                candidate_id,
                Gate.GENERATION,
                "decomposed",
                f"basis {basis_id}; features from {smiles_source or 'text only'}"
                + (f"; passed over {', '.join(skipped)} (not for this drawing)" if skipped else "")
                + (f"; matched pair with {fields.pair.partner_label}" if fields.pair else ""),
                generator.backend,
                {
                    "other_features": float(len(fields.other_features)),
                    **(
                        {"pair_changed_atoms": float(fields.pair.changed_atoms)}
                        if fields.pair
                        else {}
                    ),
                },
            )
        ],
        [*decomposed.calls, *written.calls],
        keys,
    )
    if written.mcq is None:
        if written.reason in STRUCTURE_REASONS:
            ledger.release(basis_id, candidate_id)
        outcome.decisions.append(
            reject(candidate_id, Gate.GENERATION, written.reason, written.detail, generator.backend)
        )
    return outcome


def _source(feature: VisibleFeature) -> str:
    """Where a feature was found and, when the paper's mechanism is lent, where that is."""
    if feature.mechanism_sentence_id is None:
        return feature.source
    return f"{feature.source} mechanism:text:{feature.mechanism_sentence_id}"


def _discarded(
    candidate_id: str,
    evidence: Evidence,
    generator: Generator,
    reason: str,
    detail: str,
    *,
    basis_id: str | None,
    partial: PartialDecomposition | None = None,
    smiles: str | None = None,
    smiles_source: str | None = None,
) -> CandidateOutcome:
    node = DiscardedCandidate(
        id=candidate_id,
        parent_id=evidence.id,
        backend=generator.backend,
        paper_id=evidence.paper_id,
        evidence_id=evidence.id,
        basis_sentence_id=basis_id,
        partial=partial,
        smiles=smiles,
        smiles_source=smiles_source,
    )
    return CandidateOutcome(
        node, [reject(candidate_id, Gate.GENERATION, reason, detail, generator.backend)]
    )


def make_item(
    candidate: Candidate,
    block: EvidenceBlock,
    paper: Paper | None,
    backend: str,
    *,
    image_sha256: str | None = None,
) -> Item:
    """The accepted item: the candidate's question with its paper's licence and date.

    `image_sha256` is the image shown when it is not the structure's crop (a matched
    pair's two drawings side by side).
    """
    if candidate.stem is None or candidate.answer is None:
        raise ValueError(f"candidate {candidate.id} has no question to make an item of")
    structure = block.structure
    pair = candidate.partner_structure_id
    return Item(
        id=node_id(NodeKind.ITEM, candidate.id),
        parent_id=candidate.id,
        backend=backend,
        paper_id=candidate.paper_id,
        candidate_id=candidate.id,
        structure_id=structure.id,
        image_sha256=image_sha256 or structure.image_sha256,
        stem=candidate.stem,
        options=candidate.options,
        answer=candidate.answer,
        reasoning_type=candidate.reasoning_type,
        entry_type="matched_pair" if pair else entry_type(structure),
        licence_url=paper.licence_url if paper else None,
        published=paper.published if paper else None,
        partner_structure_id=pair,
    )


def tally(outcome: CandidateOutcome, counts: Counter[str]) -> None:
    """Count what one candidate came to (the agent's per-paper counts)."""
    counts["candidates"] += 1
    counts["model_calls"] += len(outcome.calls)
    for decision in outcome.decisions:
        if decision.verdict.value == "reject":
            counts[decision.reason] += 1
    if outcome.question is not None:
        counts["mcq"] += 1
