"""Measure series rows (SAR / substrate-scope lists over a scaffold) on the real PDFs.

    python scripts/bench_sar.py --store OUT [--before OLD_OUT] [--json out.json]

`OUT` is a build of the real journal PDFs up to the visual stage
(`chemx build --corpus ../shared/realworld/papers --out OUT --until visual`); `--before`
is one made without series rows, to compare grounding reach. The gold is
`tests/fixtures/realworld/sar_gold.json` (hand annotations: per scaffold, the rows'
labels and substituents, and for the CC BY papers some full SMILES).

Measures, summed over papers:
- table-row entries stored, and how many carry a label the gold has (precision);
- gold rows found (a row entry with that label; recall) and, of those, substituents
  right (the values as printed, after OCR's formula slips are repaired);
- row SMILES resolved, and right where the gold has one (canonical, stereo ignored);
- grounding reach: sentences of the paper that name a gold row label and reach a
  structure (a QC 1-accepted structure with that identifier), before and after.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from chemx.agents.grounding import grounded_structures
from chemx.grounding.retrieval import PaperText
from chemx.provenance import ProvenanceStore
from chemx.records import NodeKind, Paper, Structure
from chemx.visual.rgroups import clean_value

GOLD = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "realworld" / "sar_gold.json"


def _canonical(smiles: str) -> str | None:
    from rdkit import Chem

    molecule = Chem.MolFromSmiles(smiles)
    return Chem.MolToSmiles(molecule, isomericSmiles=False) if molecule is not None else None


def _papers(store: ProvenanceStore, stems: set[str]) -> dict[str, str]:
    """Gold paper stem -> the store's paper id (matched on the DOI's tail)."""
    found = {}
    for node in store.nodes(NodeKind.PAPER):
        paper = node.record
        if not isinstance(paper, Paper):
            continue
        for stem in stems:
            if Path(paper.source_path).stem == stem or stem[-7:] in (paper.doi or ""):
                found[stem] = paper.id
    return found


def _reach(store: ProvenanceStore, paper_id: str, labels: set[str]) -> tuple[int, int]:
    """(sentences naming a gold row label, those whose label reaches a structure)."""
    text = PaperText.load(store, paper_id)
    reached = {s.identifier for s in grounded_structures(store, paper_id)}
    naming = reaching = 0
    for sentence in text.sentences:
        named = {label for label in labels if text.mentions(label, sentence)}
        if named:
            naming += 1
            reaching += bool(named & reached)
    return naming, reaching


def score(store_dir: Path, before_dir: Path | None, gold_path: Path = GOLD) -> dict[str, Any]:
    """The measures of the module docstring, with per-paper counts."""
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    by_paper: dict[str, dict[str, dict[str, Any]]] = {}
    for table in gold["tables"]:
        rows = by_paper.setdefault(table["paper"], {})
        for row in table["rows"]:
            rows.setdefault(row["label"], row)
    store = ProvenanceStore(store_dir)
    before = ProvenanceStore(before_dir) if before_dir else None
    papers = _papers(store, set(by_paper))
    before_papers = _papers(before, set(by_paper)) if before else {}
    totals: Counter[str] = Counter()
    per_paper: dict[str, dict[str, int]] = {}
    mistakes: list[str] = []
    for stem, rows in sorted(by_paper.items()):
        counts: Counter[str] = Counter(gold_rows=len(rows))
        paper_id = papers.get(stem)
        if paper_id is None:
            mistakes.append(f"{stem}: not in the store")
            continue
        entries = [
            node.record
            for node in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id)
            if isinstance(node.record, Structure) and node.record.table_row is not None
        ]
        counts["entries"] = len(entries)
        found: set[str] = set()
        for entry in entries:
            row = rows.get(entry.identifier or "")
            counts["smiles_resolved"] += bool(entry.smiles)
            if row is None:
                mistakes.append(f"{stem}: entry {entry.identifier!r} ({entry.identifier_raw!r})")
                continue
            counts["labels_right"] += 1
            if entry.identifier in found:
                continue
            found.add(entry.identifier or "")
            assert entry.table_row is not None
            got = sorted(clean_value(v) for v in entry.table_row.substituents.values())
            want = sorted(clean_value(v) for v in row["substituents"].values())
            counts["substituents_right"] += got == want
            if got != want:
                mistakes.append(f"{stem}: {entry.identifier} groups {got} != {want}")
            if "smiles" in row:
                counts["gold_smiles"] += 1
                if entry.smiles:
                    right = _canonical(entry.smiles) == _canonical(row["smiles"])
                    counts["smiles_right"] += right
                    if not right:
                        mistakes.append(f"{stem}: {entry.identifier} SMILES {entry.smiles}")
        counts["gold_rows_found"] = len(found)
        labels = set(rows)
        counts["sentences_naming"], counts["sentences_reaching_after"] = _reach(
            store, paper_id, labels
        )
        if before is not None and stem in before_papers:
            _, counts["sentences_reaching_before"] = _reach(before, before_papers[stem], labels)
        per_paper[stem] = dict(counts)
        totals.update(counts)
    return {"totals": dict(totals), "papers": per_paper, "mistakes": mistakes}


def main() -> None:
    """Score a store and print a one-screen summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--gold", type=Path, default=GOLD)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = score(args.store, args.before, args.gold)
    totals = report["totals"]
    header = ("paper", "gold", "entries", "labels", "found", "groups", "smiles", "right")
    print(f"{header[0]:24} " + " ".join(f"{h:>7}" for h in header[1:]), end=" ")
    print(f"{'naming':>6} {'before':>6} {'after':>5}")
    for stem, c in [*report["papers"].items(), ("TOTAL", totals)]:
        keys = ("gold_rows", "entries", "labels_right", "gold_rows_found", "substituents_right")
        cells = [f"{c.get(key, 0):>7}" for key in keys]
        cells.append(f"{c.get('smiles_resolved', 0):>7}")
        cells.append(f"{c.get('smiles_right', 0):>4}/{c.get('gold_smiles', 0):<2}")
        before = c.get("sentences_reaching_before", "-")
        print(
            f"{stem:24} {' '.join(cells)} {c.get('sentences_naming', 0):>6} {before:>6} "
            f"{c.get('sentences_reaching_after', 0):>5}"
        )
    print(f"{len(report['mistakes'])} mistakes (first 25):")
    for line in report["mistakes"][:25]:
        print("  ", line)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
