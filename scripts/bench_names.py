"""Measure label -> systematic-name pairing (OPSIN) against the hand-checked real gold.

    python scripts/bench_names.py --store OUT [--json out.json]

`OUT` is a build of the CC BY papers of `../shared/realworld/papers/open_licence/` (at
least up to grounding: the papers' sentences must be stored), e.g. `chemx build --corpus
../shared/realworld/papers/open_licence --out OUT`. The gold is
`tests/fixtures/realworld/names_gold.json`: every compound the paper's text names with its
label, and couplings that are wrong.

For each gold paper in the store, `chemx.visual.names.paper_names` is run on its
sentences in reading order with the OPSIN reader, and each pair it returns is

- ``right``: the gold has the label with the same name (case and spacing aside);
- ``wrong``: the gold has the label with another name, or lists the coupling as wrong;
- ``unjudged``: a label the gold does not list.

Precision is right / (right + wrong); recall is right / gold pairs. Prints JSON (and
writes it with ``--json``), with seconds per paper.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from chemx.grounding.retrieval import sentences_in_reading_order
from chemx.provenance.store import ProvenanceStore
from chemx.records import NodeKind, Paper
from chemx.visual.names import OpsinReader, paper_names

GOLD = Path(__file__).resolve().parents[1] / "tests/fixtures/realworld/names_gold.json"


def _norm(name: str) -> str:
    return " ".join(name.lower().split())


def score_paper(found: dict[str, str], gold: dict[str, Any]) -> dict[str, Any]:
    """Right / wrong / unjudged pairs and missed labels of one paper (module docstring)."""
    pairs = {pair["label"]: _norm(pair["name"]) for pair in gold["pairs"]}
    not_pairs = {(pair["label"], _norm(pair["name"])) for pair in gold["not_pairs"]}
    right, wrong, unjudged = [], [], []
    for label, name in sorted(found.items()):
        if label in pairs and pairs[label] == _norm(name):
            right.append(label)
        elif label in pairs or (label, _norm(name)) in not_pairs:
            wrong.append(label)
        else:
            unjudged.append(label)
    missed = sorted(set(pairs) - set(found))
    return {
        "gold": len(pairs),
        "found": len(found),
        "right": len(right),
        "wrong": wrong,
        "unjudged": unjudged,
        "missed": missed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True, help="a build folder")
    parser.add_argument("--json", type=Path, default=None, help="also write the report here")
    args = parser.parse_args()
    gold = {paper["doi"]: paper for paper in json.loads(GOLD.read_text("utf-8"))["papers"]}
    reader = OpsinReader()
    report: dict[str, Any] = {"papers": {}}
    with ProvenanceStore(args.store) as store:
        for node in store.nodes(NodeKind.PAPER):
            record = node.record
            if not isinstance(record, Paper) or record.doi not in gold:
                continue
            started = time.perf_counter()
            sentences = sentences_in_reading_order(store, node.id)[1]
            named = paper_names(sentences, reader)
            seconds = time.perf_counter() - started
            found = {label: compound.name for label, compound in named.items()}
            scored = score_paper(found, gold[record.doi])
            report["papers"][record.doi] = {**scored, "seconds": round(seconds, 2)}
    papers = report["papers"].values()
    right = sum(p["right"] for p in papers)
    wrong = sum(len(p["wrong"]) for p in papers)
    total = sum(p["gold"] for p in papers)
    report["precision"] = round(right / (right + wrong), 3) if right + wrong else None
    report["recall"] = round(right / total, 3) if total else None
    report["papers_missing_from_store"] = sorted(set(gold) - set(report["papers"]))
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
