"""Scoring a built store's visual stage against hand-made gold for real journal PDFs.

The gold (`tests/fixtures/realworld/visual_gold/`, annotations only; format in its
README) gives every display item's class and, for chemistry items, each drawn
structure's box in PDF points with its printed identifier and role (compound, scaffold,
reagent, fragment). The store's structure crops are in figure pixels; they are mapped
back to the page through the figure's `page_box`, so any PDF backend that records where
its items are can be scored. Items are found by page, kind and number through the PDF
gold of the same paper (`chemx.devkit.pdf_gold`).

Measures (summed over papers): classifier accuracy over the items found, and plots,
spectra, ORTEPs, 3-D renderings accepted as chemistry; crop recall and precision at IoU
>= 0.5 over compound structures; the share of all crops that are one whole gold
structure, and of the crops QC 1 accepted that are one whole gold compound (what a
question can be built on); identifier accuracy over matched compounds, and over the
accepted whole compounds; R-group scaffolds and fragments accepted with an identifier as
if they were compounds.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chemx.devkit.pdf_gold import GoldPaper, iou, load_gold
from chemx.labels import read_label
from chemx.provenance.store import ProvenanceStore
from chemx.records import STRUCTURE_ROLES, Figure, Gate, NodeKind, Structure, Verdict

VISUAL_GOLD_DIR = (
    Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "realworld" / "visual_gold"
)
CROP_IOU = 0.5
RENDER_DPI = 150
_NON_2D = {
    "spectrum",
    "plot",
    "ortep",
    "crystal_packing",
    "3d_model",
    "protein",
    "bar_chart",
    "dose_response",
}

Box = tuple[float, float, float, float]


@dataclass
class VisualGoldPaper:
    """One paper's visual gold, with its PDF gold for the items' places."""

    stem: str
    pdf: GoldPaper
    items: list[dict[str, Any]]


def load_visual_gold(gold_dir: Path = VISUAL_GOLD_DIR) -> list[VisualGoldPaper]:
    """The papers with visual gold whose PDF is present and unchanged."""
    pdf_gold = {paper.stem: paper for paper in load_gold()}
    found: list[VisualGoldPaper] = []
    for path in sorted(gold_dir.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        paper = pdf_gold.get(path.stem)
        if paper is None or hashlib.sha256(paper.path.read_bytes()).hexdigest() != raw["sha256"]:
            continue
        found.append(VisualGoldPaper(path.stem, paper, list(raw.get("items", []))))
    return found


@dataclass
class VisualRealScore:
    """Counts over the scored papers."""

    items: int = 0
    items_found: int = 0
    classified_right: int = 0
    non_2d_accepted: int = 0
    gold_compounds: int = 0
    matched_compounds: int = 0
    predicted_crops: int = 0
    whole_crops: int = 0
    accepted_crops: int = 0
    accepted_whole: int = 0
    """Crops QC 1 accepted, and those among them that are one whole gold compound."""
    accepted_identifiers_right: int = 0
    """Of `accepted_whole`, those whose identifier is the gold one."""
    identifiers_right: int = 0
    fragments_as_compounds: int = 0
    mistakes: list[str] = field(default_factory=list)
    fragments: list[str] = field(default_factory=list)
    """Each scaffold or fragment accepted as a compound: where, and the label read."""

    def add(self, other: VisualRealScore) -> None:
        """Add another paper's counts."""
        for name in (
            "items", "items_found", "classified_right", "non_2d_accepted", "gold_compounds",
            "matched_compounds", "predicted_crops", "whole_crops", "accepted_crops",
            "accepted_whole", "accepted_identifiers_right", "identifiers_right",
            "fragments_as_compounds",
        ):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.mistakes += other.mistakes
        self.fragments += other.fragments


def _item_box(paper: VisualGoldPaper, item: dict[str, Any]) -> Box | None:
    for gold in paper.pdf.items:
        same = gold.page == item["page"] and gold.kind == item["kind"]
        if same and (gold.number or None) == (item.get("number") or None):
            return gold.bbox
    return None


def _figure_for(figures: list[Figure], page: int, box: Box) -> Figure | None:
    best = max(
        (f for f in figures if f.page == page and f.page_box is not None),
        key=lambda f: iou(f.page_box, box),  # type: ignore[arg-type]
        default=None,
    )
    if best is None or iou(best.page_box, box) < 0.5:  # type: ignore[arg-type]
        return None
    return best


def to_page(figure: Figure, box: tuple[int, int, int, int]) -> Box:
    """A box in the figure's pixels, on its page in PDF points.

    A rendered item covers its `page_box` grown by 2 points at `RENDER_DPI`; a single
    embedded picture covers the `page_box` itself at its own resolution.
    """
    assert figure.page_box is not None and figure.width and figure.height
    x0, y0, x1, y1 = figure.page_box
    rendered_width = (x1 - x0 + 4) * RENDER_DPI / 72
    if abs(figure.width - rendered_width) <= 3:
        x0, y0, x1, y1 = x0 - 2, y0 - 2, x1 + 2, y1 + 2
    sx, sy = (x1 - x0) / figure.width, (y1 - y0) / figure.height
    return (x0 + box[0] * sx, y0 + box[1] * sy, x0 + box[2] * sx, y0 + box[3] * sy)


def _predicted_class(store: ProvenanceStore, figure: Figure) -> str | None:
    for decision in store.decisions(figure.id):
        if decision.gate is Gate.QC1 and decision.reason == "non_chemistry":
            return "non_chemistry"
        if decision.gate is Gate.CLASSIFIER and decision.verdict is Verdict.ACCEPT:
            return decision.reason
    return None


def score_store(store: ProvenanceStore, paper: VisualGoldPaper, paper_id: str) -> VisualRealScore:
    """Score one paper of a built store against its visual gold."""
    figures = [
        stored.record
        for stored in store.nodes(NodeKind.FIGURE, paper_id=paper_id)
        if isinstance(stored.record, Figure)
    ]
    structures = [
        stored
        for stored in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id)
        if isinstance(stored.record, Structure)
    ]
    score = VisualRealScore()
    for item in paper.items:
        score.items += 1
        box = _item_box(paper, item)
        figure = _figure_for(figures, item["page"], box) if box else None
        name = f"{paper.stem} p{item['page']} {item['kind']} {item.get('number')}"
        if figure is None:
            score.mistakes.append(f"{name}: no figure found")
            continue
        score.items_found += 1
        predicted = _predicted_class(store, figure)
        gold_class = item["class"]
        if (predicted == "non_chemistry") == (gold_class == "non_chemistry"):
            score.classified_right += 1
        else:
            score.mistakes.append(f"{name}: {gold_class} classified {predicted}")
        if gold_class == "non_chemistry" and predicted != "non_chemistry":
            score.non_2d_accepted += item.get("non_chemistry_type") in _NON_2D
        _score_structures(score, item, figure, structures, name)
    return score


def _score_structures(
    score: VisualRealScore, item: dict[str, Any], figure: Figure, structures: list[Any], name: str
) -> None:
    crops = [  # a series row's entry shows its scaffold's crop: scored by bench_sar, not here
        (stored, to_page(figure, stored.record.box))
        for stored in structures
        if stored.record.figure_id == figure.id
        and stored.record.role in STRUCTURE_ROLES
        and getattr(stored.record, "table_row", None) is None
    ]
    gold = [s for s in item.get("structures", []) if s.get("bbox")]
    compounds = [s for s in gold if s.get("role", "compound") == "compound"]
    score.gold_compounds += len(compounds) if item.get("complete", True) else 0
    score.predicted_crops += len(crops) if item.get("complete", True) else 0
    for stored, box in crops:
        complete = item.get("complete", True)
        score.accepted_crops += int(complete and not stored.rejected)
        best = max(gold, key=lambda g: iou(tuple(g["bbox"]), box), default=None)
        if best is None or iou(tuple(best["bbox"]), box) < CROP_IOU:
            continue
        if complete:
            score.whole_crops += 1
        role = best.get("role", "compound")
        score.accepted_whole += int(complete and not stored.rejected and role == "compound")
        if role in ("scaffold", "fragment") and stored.record.identifier and not stored.rejected:
            score.fragments_as_compounds += 1
            score.fragments.append(
                f"{name}: {role} {best.get('identifier')!r} accepted as compound "
                f"{stored.record.identifier!r} ({stored.id})"
            )
        if role == "compound":
            score.matched_compounds += 1 if item.get("complete", True) else 0
            if same_label(stored.record.identifier, best.get("identifier")):
                score.identifiers_right += 1
                score.accepted_identifiers_right += int(complete and not stored.rejected)
            else:
                score.mistakes.append(
                    f"{name}: {best.get('identifier')!r} read as {stored.record.identifier!r}"
                )


def same_label(read: str | None, gold: str | None) -> bool:
    """Whether a read identifier is the gold one, in the label grammar's spelling.

    "6d′" as printed is the stored "6d'".
    """
    if read is None or gold is None:
        return read == gold
    parsed = read_label(gold)
    return read == (parsed.text if parsed is not None else gold)
