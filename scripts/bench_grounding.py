"""Measure text grounding on the sample corpus gold, every ratio from one run.

    python scripts/bench_grounding.py [--visual] [--json out.json]

What it does (definitions of every ratio: `chemx.devkit.grounding_gold`):

1. builds the sample corpus `--until acquire` into a temporary folder and stores the gold
   structures (`insert_gold_structures`) in two copies;
2. grounds every paper offline (MiniLM expansion + classifier QC 2) in one copy and
   without expansion in the other, timing seconds per paper (model loading apart);
3. scores both: retrieval entity-match precision and recall (also from plain text with
   the bold markup dropped), explanatory recall with and without expansion and the gain,
   QC 2 label accuracy, structure-level accept/reject agreement;
4. the pre-filter: which blocks an LLM QC 2 behind `--prefilter` would not send (no
   sentence at or above the classifier's recall-oriented threshold; this needs no model
   since the screen runs before the call), the share of calls saved and the gold
   explanatory sentences those blocks held (recall lost);
5. the cosines behind the expansion thresholds (gold split pairs vs other neighbours);
6. with `--visual`, the full offline pipeline (`chemx build --corpus sample`, the visual
   stage's own structures instead of the gold ones), scored the same way.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from chemx.agents.grounding import GroundingAgent, GroundingBackends
from chemx.devkit.grounding_gold import (
    Ratio,
    gold_sentences,
    insert_gold_structures,
    score_retrieval,
    score_store,
    structure_targets,
)
from chemx.devkit.sample_gold import load_gold
from chemx.grounding.classes import EXPLANATORY, LABELS
from chemx.grounding.expansion import TextVectors
from chemx.grounding.explanatory import ExplanatoryClassifier
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.store import ProvenanceStore
from chemx.qc.qc2_backends import OfflineQc2
from chemx.records import Evidence, Gate, NodeKind, Structure
from chemx.registry import BackendContext, SharedModels
from chemx.settings import GroundingSettings


def ground(out: Path, backends: GroundingBackends) -> float:
    """Ground every paper of the store; seconds per paper."""
    with ProvenanceStore(out) as store:
        agent = GroundingAgent(store, backends)
        papers = [n.id for n in store.nodes(NodeKind.PAPER)]
        started = time.perf_counter()
        for paper_id in papers:
            agent.process(paper_id)
        return (time.perf_counter() - started) / len(papers)


def prefilter_savings(out: Path, gold: dict[str, Any], threshold: float) -> dict[str, Any]:
    """Calls an LLM QC 2 behind the pre-filter would skip, and the gold it would lose."""
    with ProvenanceStore(out, readonly=True) as store:
        annotations = gold_sentences(store, gold)
        askable = saved = 0
        found = lost = 0
        positives_lost = 0
        for node in store.nodes(NodeKind.EVIDENCE):
            evidence = node.record
            assert isinstance(evidence, Evidence)
            [decision] = [d for d in store.decisions(node.id) if d.gate is Gate.QC2]
            if decision.reason == "no_text":
                continue  # no call in any mode
            askable += 1
            screened = decision.scores["max_explanatory_probability"] < threshold
            saved += screened
            structure = store.get(evidence.structure_id)
            assert structure is not None and isinstance(structure.record, Structure)
            targets = structure_targets(structure.record)
            pairs = [
                sid
                for sid in (s.sentence_id for s in evidence.sentences)
                if sid in annotations
                and annotations[sid][0]["label"] == EXPLANATORY
                and targets & set(annotations[sid][0]["identifiers"])
            ]
            found += len(pairs)
            lost += len(pairs) if screened else 0
            positives_lost += bool(pairs) and screened
    return {
        "threshold": round(threshold, 4),
        "calls_saved": Ratio.of(saved, askable).model_dump(),
        "explanatory_recall_lost": Ratio.of(lost, found).model_dump(),
        "gold_positive_structures_screened_out": positives_lost,
    }


def expansion_cosines(
    out: Path, gold: dict[str, Any], backends: GroundingBackends
) -> dict[str, Any]:
    """Cosine of gold split pairs vs other same-paragraph pairs (the threshold evidence)."""
    encoder = backends.encoder
    if encoder is None:
        raise SystemExit("the expansion cosines need the MiniLM encoder")
    pairs: list[float] = []
    adjacent: list[float] = []
    far: list[float] = []
    with ProvenanceStore(out, readonly=True) as store:
        annotations = gold_sentences(store, gold)
        for paper in store.nodes(NodeKind.PAPER):
            sentences = [n.record for n in store.nodes(NodeKind.SENTENCE, paper_id=paper.id)]
            texts = [s.text for s in sentences]  # type: ignore[attr-defined]
            vectors = TextVectors.embed(encoder, texts)
            by_paragraph: dict[str, list[Any]] = defaultdict(list)
            for sentence in sentences:
                by_paragraph[sentence.paragraph_id].append(sentence)  # type: ignore[attr-defined]
            for members in by_paragraph.values():
                for a in members:
                    for b in members:
                        if a.index >= b.index:
                            continue
                        cosine = vectors.cosine(a.text, b.text)
                        group_a = annotations[a.id][0]["split_group"]
                        if group_a and group_a == annotations[b.id][0]["split_group"]:
                            pairs.append(cosine)
                        elif b.index - a.index == 1:
                            adjacent.append(cosine)
                        else:
                            far.append(cosine)
    return {
        "split_pairs": len(pairs),
        "split_pair_min": round(min(pairs), 3),
        "split_pair_median": round(statistics.median(pairs), 3),
        "adjacent_other_median": round(statistics.median(adjacent), 3),
        "adjacent_other_p90": round(float(np.percentile(adjacent, 90)), 3),
        "non_adjacent_median": round(statistics.median(far), 3),
        "non_adjacent_p90": round(float(np.percentile(far, 90)), 3),
    }


def offline_classifier(backends: GroundingBackends) -> ExplanatoryClassifier:
    """The sentence classifier of the offline QC 2 (the bench measures it alone too)."""
    if not isinstance(backends.qc2, OfflineQc2):
        raise SystemExit(f"QC 2 backend {backends.qc2.backend!r} has no sentence classifier")
    return backends.qc2.classifier


def label_accuracy_all(gold: dict[str, Any], backends: GroundingBackends) -> Ratio:
    """The offline classifier on all gold sentences, each judged alone."""
    texts = [s["text"] for p in gold["papers"] for s in p["sentences"]]
    truth = [s["label"] for p in gold["papers"] for s in p["sentences"]]
    probabilities = offline_classifier(backends).predict_proba(texts)
    predicted = [LABELS[int(row.argmax())] for row in probabilities]
    return Ratio.of(sum(p == t for p, t in zip(predicted, truth, strict=True)), len(texts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visual", action="store_true", help="also run the full pipeline")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args()
    gold = load_gold()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        acquired = root / "acquired"
        started = time.perf_counter()
        run_build(BuildSettings(corpus="sample", out=acquired, until="acquire", workers=2))
        results["acquire_s"] = round(time.perf_counter() - started, 2)
        started = time.perf_counter()
        shared = SharedModels()

        def backends_for(settings: GroundingSettings) -> GroundingBackends:
            return GroundingBackends.build(settings, BackendContext(settings, shared=shared))

        backends = backends_for(GroundingSettings())
        results["model_load_s"] = round(time.perf_counter() - started, 2)
        scores = {}
        for expansion in ("embedding", "none"):
            out = root / expansion
            shutil.copytree(acquired, out, ignore=shutil.ignore_patterns(".writer.lock"))
            with ProvenanceStore(out) as store:
                insert_gold_structures(store, gold)
            seconds = ground(out, backends_for(GroundingSettings(expansion=expansion)))
            with ProvenanceStore(out, readonly=True) as store:
                scores[expansion] = score_store(store, gold)
                if expansion == "embedding":
                    plain = score_retrieval(store, gold, bold=False)
            results[f"seconds_per_paper_{expansion}"] = round(seconds, 3)
        full, ablated = scores["embedding"], scores["none"]
        gain = full.explanatory_recall.hits / max(1, ablated.explanatory_recall.hits) - 1
        results.update(
            {
                "structures": full.structures,
                "retrieval_precision": full.retrieval_precision.model_dump(),
                "retrieval_recall": full.retrieval_recall.model_dump(),
                "retrieval_precision_plain_text": plain[0].model_dump(),
                "retrieval_recall_plain_text": plain[1].model_dump(),
                "explanatory_recall_with_expansion": full.explanatory_recall.model_dump(),
                "explanatory_recall_without_expansion": ablated.explanatory_recall.model_dump(),
                "expansion_gain": round(gain, 4),
                "qc2_label_accuracy_in_blocks": full.qc2_label_accuracy.model_dump(),
                "qc2_label_accuracy_all_gold": label_accuracy_all(gold, backends).model_dump(),
                "structure_agreement": full.structure_agreement.model_dump(),
                "structure_confusion": full.structure_confusion,
                "structure_agreement_without_expansion": ablated.structure_agreement.model_dump(),
                "structure_disagreements": full.structure_disagreements,
                "prefilter": prefilter_savings(
                    root / "embedding", gold, offline_classifier(backends).prefilter_threshold
                ),
                "expansion_cosines": expansion_cosines(root / "embedding", gold, backends),
            }
        )
        if args.visual:
            out = root / "full"
            started = time.perf_counter()
            report = run_build(BuildSettings(corpus="sample", out=out, workers=2))
            with ProvenanceStore(out, readonly=True) as store:
                pipeline = score_store(store, gold)
            results["full_pipeline"] = {
                "build_s": round(time.perf_counter() - started, 2),
                "papers_per_s": report.papers_per_s,
                "structures": pipeline.structures,
                "retrieval_precision": pipeline.retrieval_precision.value,
                "retrieval_recall": pipeline.retrieval_recall.value,
                "explanatory_recall": pipeline.explanatory_recall.value,
                "structure_agreement": pipeline.structure_agreement.value,
            }
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
