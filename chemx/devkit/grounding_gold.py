"""The sample corpus gold as grounding input and yardstick.

Two jobs, one definition each, shared by the tests and `scripts/bench_grounding.py`:

* `insert_gold_structures` stores the gold structures (boxes, identifiers, roles) of the
  sample corpus as `Structure` nodes with a QC 1 accept, plus one reaction crop per gold
  reaction, so grounding can be built and measured without the visual stage's models;
* `score_store` measures the grounding stage's evidence blocks against the gold
  sentence annotations.

Definitions (a *pair* is one structure and one gold sentence of its paper):

* A gold sentence is **about** a structure when its `identifiers` contain the
  structure's identifier — for a reaction crop, any of its reactants' or products'
  identifiers (a reaction is discussed through its components).
* A **continuation** is the second sentence of a gold `split_group`: the explanation's
  mechanism half, which does not print the label, so only expansion can find it.
* **Retrieval precision** (entity match of retrieval): among the pairs whose sentence the
  retrieval claimed to be about the structure (evidence sentences of origin
  `identifier` or `figure_reference`; the caption is not a paper sentence and is not
  counted), the share that are about it in the gold.
* **Retrieval recall**: among the pairs about the structure in the gold, continuations
  excluded, the share retrieved.
* **Explanatory recall**: among the pairs about the structure whose gold label is
  explanatory (continuations included), the share whose sentence is anywhere in the
  structure's evidence block (retrieved or expanded). Measured with and without
  expansion, its ratio is the gain the seed reports as +65% (table 5).
* **QC 2 label accuracy**: stored sentence labels of evidence blocks vs the gold label
  of the same sentence, over distinct sentences.
* **Structure agreement**: QC 2 accepts a structure iff some gold sentence about it is
  explanatory; a drawing rejected as ``same_compound`` counts as accepted (another
  drawing of the compound carries the same explanation).
"""

from __future__ import annotations

import datetime as dt
import io
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from PIL import Image
from pydantic import BaseModel, Field

from chemx.geometry import union
from chemx.grounding.classes import EXPLANATORY
from chemx.images import to_rgb
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.ids import decision_id, node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import (
    Box,
    Decision,
    Evidence,
    Figure,
    Gate,
    NodeKind,
    Paper,
    Sentence,
    Structure,
    StructureRole,
    Verdict,
)

GOLD_BACKEND = "gold"
RETRIEVED_ORIGINS = ("identifier", "figure_reference")


def _papers_by_doi(store: ProvenanceStore) -> dict[str, Paper]:
    return {
        node.record.doi: node.record
        for node in store.nodes(NodeKind.PAPER)
        if isinstance(node.record, Paper) and node.record.doi
    }


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _accept(structure_id: str, reason: str, detail: str) -> Decision:
    return Decision(
        id=decision_id(structure_id, Gate.QC1.value, reason, GOLD_BACKEND),
        node_id=structure_id,
        gate=Gate.QC1,
        verdict=Verdict.ACCEPT,
        reason=reason,
        detail=detail,
        backend=GOLD_BACKEND,
        time=dt.datetime.now(dt.UTC),
    )


def insert_gold_structures(
    store: ProvenanceStore, gold: dict[str, Any], *, papers: Iterable[str] | None = None
) -> list[Structure]:
    """Store the gold structures of every gold paper already in `store` (one batch each).

    Each drawn structure becomes one `Structure` (a two-step intermediate listed once
    per step with the same box is drawn once) with its crop image, and each gold
    reaction one reaction-role crop: the union of its reactants, products, conditions
    and arrow, named by its first product and listing every component in
    `related_identifiers` (as the visual agent does). All get a QC 1 accept from the
    "gold" backend.

    Args:
        store: a store built at least `--until acquire` from the sample corpus.
        gold: `chemx.devkit.sample_gold.load_gold()`.
        papers: only these gold files (e.g. {"paper01.nxml"}); all by default.

    Returns:
        The structures, in gold order (already present ones included: writes are
        idempotent).
    """
    wanted = set(papers) if papers is not None else None
    by_doi = _papers_by_doi(store)
    inserted: list[Structure] = []
    for gold_paper in gold["papers"]:
        if wanted is not None and gold_paper["file"] not in wanted:
            continue
        paper = by_doi.get(gold_paper["doi"])
        if paper is None:
            continue
        figures = {
            node.record.figure_key: node.record
            for node in store.nodes(NodeKind.FIGURE, paper_id=paper.id)
            if isinstance(node.record, Figure)
        }
        batch = WriteBatch()
        for gold_figure in gold_paper["figures"]:
            figure = figures.get(gold_figure["figure_key"])
            if figure is None or not figure.image_sha256 or not gold_figure["structures"]:
                continue
            image = to_rgb(store.blobs.get(figure.image_sha256), figure.figure_key)
            inserted.extend(_figure_structures(figure, image, gold_figure, batch))
        store.write(batch)
    return inserted


def _crop(figure: Figure, image: Image.Image, box: Box, batch: WriteBatch) -> tuple[str, Box]:
    data = _png(image.crop(box))
    sha = sha256_hex(data)
    batch.blobs[sha] = data
    return sha, box


def _figure_structures(
    figure: Figure, image: Image.Image, gold_figure: dict[str, Any], batch: WriteBatch
) -> list[Structure]:
    structures: list[Structure] = []
    seen: set[Box] = set()
    for gold_structure in gold_figure["structures"]:
        x0, y0, x1, y1 = gold_structure["box"]
        box: Box = (x0, y0, x1, y1)
        if box in seen:
            continue
        seen.add(box)
        role = StructureRole(gold_structure["role"])
        sha, _ = _crop(figure, image, box, batch)
        structure = Structure(
            id=node_id(NodeKind.STRUCTURE, figure.id, role.value, *box),
            parent_id=figure.id,
            backend=GOLD_BACKEND,
            paper_id=figure.paper_id,
            figure_id=figure.id,
            box=box,
            role=role,
            image_sha256=sha,
            identifier=gold_structure["identifier"],
            identifier_backend=GOLD_BACKEND,
            identifier_confidence=1.0,
            step=gold_structure.get("step"),
        )
        batch.add(structure)
        batch.decisions.append(
            _accept(structure.id, "ok", f"gold structure {structure.identifier}")
        )
        structures.append(structure)
    for step, reaction in enumerate(gold_figure.get("reactions", [])):
        members = [
            s
            for s in gold_figure["structures"]
            if s.get("step") in (step, None)
            and s["identifier"] in (*reaction["reactants"], *reaction["products"])
        ]
        boxes = [s["box"] for s in members]
        boxes += [c["box"] for c in gold_figure.get("conditions", []) if c.get("step") == step]
        boxes += [a["box"] for a in gold_figure.get("arrows", []) if a.get("step") == step]
        if not boxes or not reaction["products"]:
            continue
        box = union(boxes)
        sha, _ = _crop(figure, image, box, batch)
        related = tuple(dict.fromkeys((*reaction["reactants"], *reaction["products"])))
        structure = Structure(
            id=node_id(NodeKind.STRUCTURE, figure.id, "reaction", step, *box),
            parent_id=figure.id,
            backend=GOLD_BACKEND,
            paper_id=figure.paper_id,
            figure_id=figure.id,
            box=box,
            role=StructureRole.REACTION,
            image_sha256=sha,
            identifier=reaction["products"][0],
            identifier_backend=GOLD_BACKEND,
            identifier_confidence=1.0,
            related_identifiers=related,
            step=step,
        )
        batch.add(structure)
        batch.decisions.append(
            _accept(structure.id, "reaction_with_identifier", f"gold reaction {step}")
        )
        structures.append(structure)
    return structures


# -- scoring -------------------------------------------------------------------------------


class Ratio(BaseModel):
    """A measured share with its counts."""

    hits: int
    total: int
    value: float

    @classmethod
    def of(cls, hits: int, total: int) -> Ratio:
        """The share `hits / total` (1.0 for an empty total)."""
        return cls(hits=hits, total=total, value=round(hits / total, 4) if total else 1.0)


class GroundingScores(BaseModel):
    """The grounding stage of one store measured against the gold."""

    structures: int
    retrieval_precision: Ratio
    retrieval_recall: Ratio
    explanatory_recall: Ratio
    qc2_label_accuracy: Ratio
    structure_agreement: Ratio
    structure_confusion: dict[str, int] = Field(
        description="tp (both accept), fp (QC2 accepts, gold not), fn, tn."
    )
    retrieval_misses: list[str]
    retrieval_false: list[str]
    explanatory_misses: list[str]
    structure_disagreements: list[str]


def gold_sentences(
    store: ProvenanceStore, gold: dict[str, Any]
) -> dict[str, tuple[dict[str, Any], bool]]:
    """Stored sentence id -> (its gold annotation, whether it is a continuation)."""
    by_doi = _papers_by_doi(store)
    result: dict[str, tuple[dict[str, Any], bool]] = {}
    for gold_paper in gold["papers"]:
        paper = by_doi.get(gold_paper["doi"])
        if paper is None:
            continue
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for sentence in gold_paper["sentences"]:
            if sentence["split_group"]:
                groups[sentence["split_group"]].append(sentence)
        continuations = {
            (s["paragraph"], s["index"])
            for members in groups.values()
            for s in sorted(members, key=lambda m: (m["paragraph"], m["index"]))[1:]
        }
        by_text = {s["text"]: s for s in gold_paper["sentences"]}
        for node in store.nodes(NodeKind.SENTENCE, paper_id=paper.id):
            record = node.record
            if isinstance(record, Sentence) and record.text in by_text:
                annotation = by_text[record.text]
                key = (annotation["paragraph"], annotation["index"])
                result[record.id] = (annotation, key in continuations)
    return result


def structure_targets(structure: Structure) -> set[str]:
    """The identifiers a gold sentence must name to be about the structure."""
    targets = {structure.identifier} if structure.identifier else set()
    if structure.role is StructureRole.REACTION:
        targets |= set(structure.related_identifiers)
    return targets


def score_retrieval(
    store: ProvenanceStore, gold: dict[str, Any], *, bold: bool = True
) -> tuple[Ratio, Ratio]:
    """Retrieval (precision, recall) for every structure in `store`, without running QC 2.

    With `bold=False` the sentences' bold runs are dropped first, so the identifier
    matcher works from plain text alone, as it must for PDF input.
    """
    from chemx.grounding.retrieval import PaperText, retrieve

    annotations = gold_sentences(store, gold)
    counts: defaultdict[str, int] = defaultdict(int)
    for node in store.nodes(NodeKind.PAPER):
        paper = PaperText.load(store, node.id)
        if not bold:
            paper = PaperText(
                paper_id=paper.paper_id,
                sentences=tuple(s.model_copy(update={"bold_spans": ()}) for s in paper.sentences),
                figures=paper.figures,
                references=paper.references,
                structures=paper.structures,
                paragraph_order=paper.paragraph_order,
            )
        for structure in paper.structures:
            if not structure.identifier or structure.role is StructureRole.CONDITION:
                continue
            claimed = {s.sentence.id for s in retrieve(paper, structure).about_target()}
            targets = structure_targets(structure)
            for sentence in paper.sentences:
                if sentence.id not in annotations:
                    continue
                annotation, continuation = annotations[sentence.id]
                about = bool(targets & set(annotation["identifiers"]))
                counts["claimed"] += sentence.id in claimed
                counts["true"] += sentence.id in claimed and about
                counts["gold"] += about and not continuation
                counts["found"] += about and not continuation and sentence.id in claimed
    return Ratio.of(counts["true"], counts["claimed"]), Ratio.of(counts["found"], counts["gold"])


def score_store(store: ProvenanceStore, gold: dict[str, Any]) -> GroundingScores:
    """Measure every evidence block in `store` (see the module docstring)."""
    annotations = gold_sentences(store, gold)
    paper_sentences: dict[str, list[str]] = defaultdict(list)
    for sentence_id in annotations:
        node = store.get(sentence_id)
        if node is not None and node.paper_id:
            paper_sentences[node.paper_id].append(sentence_id)
    counts: defaultdict[str, int] = defaultdict(int)
    misses: list[str] = []
    false: list[str] = []
    expl_misses: list[str] = []
    disagreements: list[str] = []
    confusion = {"tp": 0, "fp": 0, "fn": 0, "tn": 0}
    labels_seen: dict[str, bool] = {}
    structures = 0
    for node in store.nodes(NodeKind.EVIDENCE):
        evidence = node.record
        if not isinstance(evidence, Evidence):
            continue
        structure_node = store.get(evidence.structure_id)
        if structure_node is None or not isinstance(structure_node.record, Structure):
            continue
        structure = structure_node.record
        structures += 1
        targets = structure_targets(structure)
        name = f"{structure.identifier}[{structure.role.value}]@{evidence.paper_id[-6:]}"
        in_block = {s.sentence_id for s in evidence.sentences if s.sentence_id}
        retrieved = {
            s.sentence_id
            for s in evidence.sentences
            if s.sentence_id and s.origin in RETRIEVED_ORIGINS
        }
        for sentence in evidence.sentences:
            if sentence.sentence_id in annotations and sentence.label is not None:
                gold_label = annotations[sentence.sentence_id][0]["label"]
                labels_seen[sentence.sentence_id] = sentence.label.value == gold_label
        gold_explanatory = False
        for sentence_id in paper_sentences.get(evidence.paper_id, []):
            annotation, continuation = annotations[sentence_id]
            about = bool(targets & set(annotation["identifiers"]))
            text = annotation["text"][:70]
            if sentence_id in retrieved:
                counts["retrieved"] += 1
                counts["retrieved_true"] += about
                if not about:
                    false.append(f"{name}: {text}")
            if about and not continuation:
                counts["gold_retrievable"] += 1
                counts["gold_retrieved"] += sentence_id in retrieved
                if sentence_id not in retrieved:
                    misses.append(f"{name}: {text}")
            if about and annotation["label"] == EXPLANATORY:
                gold_explanatory = True
                counts["gold_explanatory"] += 1
                counts["explanatory_found"] += sentence_id in in_block
                if sentence_id not in in_block:
                    expl_misses.append(f"{name}: {text}")
        accepted = any(
            d.gate is Gate.QC2 and (d.verdict is Verdict.ACCEPT or d.reason == "same_compound")
            for d in store.decisions(node.id)
        )
        key = ("t" if accepted == gold_explanatory else "f") + ("p" if accepted else "n")
        confusion[key] += 1
        if accepted != gold_explanatory:
            reasons = [d.reason for d in store.decisions(node.id) if d.gate is Gate.QC2]
            disagreements.append(
                f"{name}: QC2 {'accept' if accepted else 'reject'} ({','.join(reasons)}), "
                f"gold {'explanatory' if gold_explanatory else 'none'}"
            )
    return GroundingScores(
        structures=structures,
        retrieval_precision=Ratio.of(counts["retrieved_true"], counts["retrieved"]),
        retrieval_recall=Ratio.of(counts["gold_retrieved"], counts["gold_retrievable"]),
        explanatory_recall=Ratio.of(counts["explanatory_found"], counts["gold_explanatory"]),
        qc2_label_accuracy=Ratio.of(sum(labels_seen.values()), len(labels_seen)),
        structure_agreement=Ratio.of(confusion["tp"] + confusion["tn"], structures),
        structure_confusion=confusion,
        retrieval_misses=misses,
        retrieval_false=false,
        explanatory_misses=expl_misses,
        structure_disagreements=disagreements,
    )
