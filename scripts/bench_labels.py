"""Measure compound labels read beside drawings against the real-paper visual gold.

    python scripts/bench_labels.py --store OUT [--before BEFORE_OUT] [--json out.json]

`OUT` is a build of the real journal PDFs up to the visual stage (`chemx build --corpus
../shared/realworld/papers --out OUT --until visual`); the gold is
`tests/fixtures/realworld/visual_gold/` (`chemx.devkit.visual_realworld`). Each stored
structure crop that matches a gold compound (IoU >= 0.5, complete items) is scored as in
`scripts/bench_visual.py`; every wrong identifier is then put in one kind of error, the
first that fits, so that a rule of `chemx.labels` can be judged by the kind it targets:

===================  ===============================================================
kind                 the reading
===================  ===============================================================
not_in_grammar       no label, where the gold's is a name or code outside the label
                     grammar ('ICAR', 'L1', 'INT23'): never returned, by design
no_text              no label and no text read near the drawing
footnote_letter      the gold label with a trailing letter ('1ba' or 'I1ab; 85%' for
                     '1b', '11a')
look_alike           the gold label with a look-alike glyph ('5' for 'S', '31' for '3l')
substituent_note     read from (or refused for) a note such as '(R = CH3)' or 'X = Cl'
alias                read from (or refused for) a line with an alias
                     ('RTI-13951-33 (1b)')
garbled_line         no label from a line that holds the gold label among other,
                     misread text ('7 , 58%6')
misread              no label from text that does not hold the gold label
label_not_printed    a label, where the gold has none
atom_number          a bare number of at most two digits that the text never names as
                     a compound (an atom number or locant inside the drawing)
not_named            a label the text never names
other                a label the text names: another compound's label
===================  ===============================================================

With `--before`, a second store's figures are printed beside (the same PDFs built before
a change). `--replay` re-reads every stored reading (the OCR text and where it was read)
with the current label grammar and `chemx.visual.identifiers.reconciled` instead of
taking the stored identifier: the label rules measured on the same crops and OCR text,
without a rebuild (the OCR search itself, which line a crop takes, is not re-run). Papers
whose PDFs are absent are skipped, as in `load_visual_gold`.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chemx.devkit.pdf_gold import iou
from chemx.devkit.visual_realworld import (
    CROP_IOU,
    VisualGoldPaper,
    load_visual_gold,
    same_label,
    to_page,
)
from chemx.labels import parse_label, read_label
from chemx.labels.reconcile import PaperLabels, variants
from chemx.provenance import ProvenanceStore
from chemx.records import STRUCTURE_ROLES, Figure, NodeKind, Paper, Sentence, Structure
from chemx.visual.identifiers import IdentifierResult
from chemx.visual.identifiers.reconciled import reconcile_readings

KINDS = (
    "not_in_grammar",
    "no_text",
    "footnote_letter",
    "look_alike",
    "substituent_note",
    "alias",
    "garbled_line",
    "misread",
    "label_not_printed",
    "atom_number",
    "not_named",
    "other",
)
"""Error kinds, in the order they are tried (see the module docstring)."""
ATOM_NUMBER_DIGITS = 2
"""Atom numbers and locants in drawings run to two digits."""
_SUBSTITUENT = re.compile(r"(?<![A-Za-z])(?:R|X|Y|Z|Ar)\s?\d?'?\s?=|\bC[Hl]\d")
"""Raw OCR text that holds a substituent note ('R = CH3', 'X = Cl', a lone 'CH3)')."""


@dataclass
class LabelScore:
    """Identifier counts over the matched gold compounds of one store."""

    matched: int = 0
    right: int = 0
    named_right: int = 0
    """Right identifiers that the paper's text names."""
    with_note: int = 0
    """Matched crops whose identifier carries a note (lowered confidence or a change)."""
    kinds: Counter[str] = field(default_factory=Counter)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """The figures as plain data (for `--json`)."""
        return {
            "matched": self.matched,
            "right": self.right,
            "accuracy": round(self.right / self.matched, 4) if self.matched else None,
            "named_right": self.named_right,
            "with_note": self.with_note,
            "kinds": {kind: self.kinds[kind] for kind in KINDS},
            "errors": self.errors,
        }


def error_kind(read: str | None, raw: str | None, gold: str | None, paper: PaperLabels) -> str:
    """The kind of `KINDS` that describes reading `read` (OCR `raw`) for `gold`."""
    if gold is None:
        return "label_not_printed"
    parsed = read_label(gold)
    gold_text = parsed.text if parsed is not None else gold
    raw_text = raw or ""
    if read is None:
        if parsed is None:
            return "not_in_grammar"
        if not raw_text.strip():
            return "no_text"
    words = raw_text.split()
    seen = read or (words[0].strip(",;:.") if words else "")
    if seen.startswith(gold_text) and seen[len(gold_text) :].isalpha():
        return "footnote_letter"
    if read is not None and (gold_text in variants(read) or read in variants(gold_text)):
        return "look_alike"
    if _SUBSTITUENT.search(raw_text):
        return "substituent_note"
    label = re.escape(gold_text)
    if re.search(rf"[A-Za-z]\S*\s*\(\s*{label}\s*\)|^{label}\s*\(\s*[A-Za-z]", raw_text):
        return "alias"
    if read is None:
        holds = re.search(rf"(?<![A-Za-z0-9]){re.escape(gold_text)}(?![A-Za-z0-9])", raw_text)
        return "garbled_line" if holds else "misread"
    named = paper.names(read)
    if read.isdigit() and len(read) <= ATOM_NUMBER_DIGITS and not named:
        return "atom_number"
    return "other" if named else "not_named"


def _item_box(paper: VisualGoldPaper, item: dict[str, Any]) -> Any:
    for gold in paper.pdf.items:
        same = gold.page == item["page"] and gold.kind == item["kind"]
        if same and (gold.number or None) == (item.get("number") or None):
            return gold.bbox
    return None


def replayed(structures: list[Structure], figures: list[Figure], paper: PaperLabels) -> None:
    """Re-read each structure's stored OCR text with today's rules, in place (`--replay`).

    Series-row entries keep their identifier: it comes from the row, not from a reading.
    A stored refusal's text is its nearest line, which a neighbour may have taken: a
    label read from a line that another structure of the figure took stays refused.
    """
    words = {figure.id: figure.printed_words for figure in figures}
    by_figure: dict[str, list[int]] = {}
    for index, structure in enumerate(structures):
        if structure.table_row is None:
            by_figure.setdefault(structure.figure_id, []).append(index)
    for figure_id, indices in by_figure.items():
        readings = []
        taken = {
            structures[index].identifier_box
            for index in indices
            if structures[index].identifier is not None
        }
        for index in indices:
            structure = structures[index]
            parsed = parse_label(structure.identifier_raw)
            if structure.identifier is None and structure.identifier_box in taken:
                parsed = parse_label(None)
            readings.append(
                IdentifierResult(
                    identifier=parsed.label,
                    raw_text=structure.identifier_raw,
                    confidence=1.0,
                    backend=structure.identifier_backend or "",
                    source_box=structure.identifier_box,
                    note=parsed.note,
                )
            )
        checked = reconcile_readings(readings, paper, words.get(figure_id, ()))
        for index, result in zip(indices, checked, strict=True):
            structures[index] = structures[index].model_copy(
                update={"identifier": result.identifier, "identifier_note": result.note}
            )


def score_paper(
    store: ProvenanceStore,
    paper: VisualGoldPaper,
    paper_id: str,
    score: LabelScore,
    *,
    replay: bool = False,
) -> None:
    """Add one paper's matched compounds to `score`."""
    labels = PaperLabels(
        stored.record
        for stored in store.nodes(NodeKind.SENTENCE, paper_id=paper_id)
        if isinstance(stored.record, Sentence)
    )
    figures = [
        stored.record
        for stored in store.nodes(NodeKind.FIGURE, paper_id=paper_id)
        if isinstance(stored.record, Figure) and stored.record.page_box is not None
    ]
    structures = [
        stored.record
        for stored in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id)
        if isinstance(stored.record, Structure) and stored.record.role in STRUCTURE_ROLES
    ]
    if replay:
        replayed(structures, figures, labels)
    for item in paper.items:
        box = _item_box(paper, item)
        if box is None or not item.get("complete", True):
            continue
        figure = max(
            (f for f in figures if f.page == item["page"]),
            key=lambda f: iou(f.page_box, box),  # type: ignore[arg-type]
            default=None,
        )
        if figure is None or iou(figure.page_box, box) < 0.5:  # type: ignore[arg-type]
            continue
        gold = [s for s in item.get("structures", []) if s.get("bbox")]
        for structure in (s for s in structures if s.figure_id == figure.id):
            page_box = to_page(figure, structure.box)
            best = max(gold, key=lambda g: iou(tuple(g["bbox"]), page_box), default=None)
            if best is None or iou(tuple(best["bbox"]), page_box) < CROP_IOU:
                continue
            if best.get("role", "compound") != "compound":
                continue
            score.matched += 1
            score.with_note += structure.identifier_note is not None
            expected = best.get("identifier")
            if same_label(structure.identifier, expected):
                score.right += 1
                score.named_right += bool(structure.identifier) and labels.names(
                    structure.identifier or ""
                )
                continue
            kind = error_kind(structure.identifier, structure.identifier_raw, expected, labels)
            score.kinds[kind] += 1
            score.errors.append(
                {
                    "paper": paper.stem,
                    "page": item["page"],
                    "item": f"{item['kind']} {item.get('number')}",
                    "gold": expected,
                    "read": structure.identifier,
                    "raw": structure.identifier_raw,
                    "note": structure.identifier_note,
                    "kind": kind,
                }
            )


def score_store(out: Path, *, replay: bool = False) -> LabelScore:
    """Score every gold paper present in the store at `out` (`replay`: see `replayed`)."""
    score = LabelScore()
    with ProvenanceStore(out, readonly=True) as store:
        papers = {
            Path(stored.record.source_path).stem: stored.record.id
            for stored in store.nodes(NodeKind.PAPER)
            if isinstance(stored.record, Paper)
        }
        for paper in load_visual_gold():
            if paper.stem in papers:
                score_paper(store, paper, papers[paper.stem], score, replay=replay)
    return score


def _accuracy(score: LabelScore) -> str:
    if not score.matched:
        return "-"
    return f"{score.right}/{score.matched} ({score.right / score.matched:.0%})"


def _count(kind: str) -> Callable[[LabelScore], str]:
    return lambda score: str(score.kinds[kind])


def main() -> None:
    """Print the identifier figures of one store (and of `--before`), and the errors."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True, help="build of the real PDFs")
    parser.add_argument("--before", type=Path, help="an earlier build, printed beside")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument(
        "--replay", action="store_true", help="re-read the stored OCR text with today's rules"
    )
    parser.add_argument("--errors", type=int, default=60, help="wrong readings listed")
    args = parser.parse_args()
    after = score_store(args.store, replay=args.replay)
    before = score_store(args.before) if args.before else None
    print("== compound labels on the real-paper visual gold ==")
    header = f"{'':22}{'before':>16}  {'now':>16}" if before else f"{'':22}{'now':>16}"
    print(header)
    rows: list[tuple[str, Callable[[LabelScore], str]]] = [
        ("identifier accuracy", _accuracy),
        ("right and named", lambda score: str(score.named_right)),
        ("with a note", lambda score: str(score.with_note)),
    ]
    rows += [(kind, _count(kind)) for kind in KINDS]
    for name, value in rows:
        cells = [value(before)] if before else []
        cells.append(value(after))
        print(f"{name:22}" + "".join(f"{cell:>16}  " for cell in cells).rstrip())
    for error in after.errors[: args.errors]:
        print(
            f"  {error['kind']:17} {error['paper']} p{error['page']} {error['item']}: "
            f"{error['gold']!r} read {error['read']!r} (raw {error['raw']!r})"
        )
    if args.json:
        report = {"now": after.summary(), "before": before.summary() if before else None}
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
