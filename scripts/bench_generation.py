"""Benchmark question generation on the sample corpus, offline, in one run.

Prints: counts per stage and yield (the construction funnel), candidates and items,
template extraction agreement with the gold fields (all gold explanatory sentences, and
the accepted items whose basis is a gold sentence), the judge accept rate and the
dimension means, the answer-letter distribution with its chi-square p-value, and
seconds per candidate (cold: OSRA reads the crops; warm: OSRA readings cached).

    .venv/bin/python scripts/bench_generation.py [--out DIR] [--workers N]

With ``--store DIR`` it builds nothing and reports a finished build instead (the journal
PDFs of ``shared/realworld/papers``, say): the yield per QC 2-accepted evidence block and
per distinct credited basis sentence (several crops of one compound credit the same
sentence, and one sentence makes one question), the generation discards by reason, and
the items by entry type (molecule, reaction, matched pair). Both modes print the share of
written stems that pass the clause-grammar check (`chemx.qc.stem_grammar`).

    .venv/bin/chemx build --corpus ../shared/realworld/papers/open_licence --out /tmp/cc
    .venv/bin/python scripts/bench_generation.py --store /tmp/cc

For a corpus written in the sample's format with its own ``gold.json`` (an independently
written test corpus, say), ``--gold FILE`` adds how many QC 2-accepted blocks credit a
gold-explanatory sentence, and ``--items`` prints every item with its basis sentence so
that a reader can judge it (grammatical, supported, needs the structure, one answer).

    .venv/bin/python scripts/bench_generation.py --store /tmp/indep --gold corpus/gold.json --items
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from chemx.agents import GenerationAgent, GenerationBackends
from chemx.devkit.generation_gold import AGREEMENT, score_extraction
from chemx.devkit.grounding_gold import gold_sentences
from chemx.devkit.sample_gold import load_gold
from chemx.generation.text import overlap
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.attrition import funnel
from chemx.provenance.store import ProvenanceStore
from chemx.qc.anti_shortcut import shown_mechanism
from chemx.qc.judge import DIMENSIONS
from chemx.qc.option_grammar import answer_problems
from chemx.qc.stem_grammar import stem_problems
from chemx.records import Candidate, Gate, Item, NodeKind, Structure, Verdict
from chemx.registry import BackendContext
from chemx.settings import GenerationSettings


def generate(out: Path, settings: GenerationSettings) -> tuple[Counter[str], float]:
    """Run the generation stage over every paper of the store; (counts, seconds)."""
    backends = GenerationBackends.build(settings, BackendContext(settings))
    counts: Counter[str] = Counter()
    with ProvenanceStore(out) as store:
        agent = GenerationAgent(store, backends)
        papers = [node.id for node in store.nodes(NodeKind.PAPER)]
        started = time.perf_counter()
        for paper in papers:
            counts.update(agent.process(paper))
        return counts, time.perf_counter() - started


def item_matches(candidate: Candidate, annotation: dict[str, str]) -> dict[str, bool]:
    """Which of an accepted item's fields agree with its basis sentence's gold fields."""
    fields = ("effect", "feature", "mechanism")
    matches = {f: overlap(getattr(candidate, f) or "", annotation[f]) >= AGREEMENT for f in fields}
    reasoning = candidate.reasoning_type.value if candidate.reasoning_type else None
    return matches | {"reasoning_type": reasoning == annotation["reasoning_type"]}


def report_store(folder: Path, gold_file: Path | None = None, show_items: bool = False) -> None:
    """The generation yield of a finished build (``--store``), optionally against gold."""
    with ProvenanceStore(folder, readonly=True) as store:
        labels = (
            {sid: a["label"] for sid, (a, _) in gold_sentences(store, load_gold(gold_file)).items()}
            if gold_file
            else {}
        )
        accepted_blocks = 0
        explanatory_blocks = 0
        bases: set[str] = set()
        for node in store.nodes(NodeKind.EVIDENCE, status="ok"):
            decisions = store.decisions(node.id)
            if any(d.gate is Gate.QC2 and d.verdict is Verdict.ACCEPT for d in decisions):
                accepted_blocks += 1
                credited = getattr(node.record, "credited_sentence_ids", ())
                bases.update(credited)
                explanatory_blocks += any(labels.get(s) == "explanatory" for s in credited)
        reasons: Counter[str] = Counter()
        for node in store.nodes(NodeKind.CANDIDATE):
            reasons.update(
                d.reason
                for d in store.decisions(node.id)
                if d.gate is Gate.GENERATION and d.verdict is Verdict.REJECT
            )
        items = [node.record for node in store.nodes(NodeKind.ITEM)]
        kinds = Counter(getattr(item, "entry_type", "?") for item in items)
        grammar = stem_grammar(store)
        if show_items:
            for item in items:
                print_item(store, item)
    print(f"store: {folder}")
    print(f"QC 2-accepted evidence blocks: {accepted_blocks}")
    if gold_file:
        print(f"  of which credit a gold-explanatory sentence: {explanatory_blocks}")
    print(f"distinct credited basis sentences: {len(bases)}")
    print("generation discards:", dict(sorted(reasons.items(), key=lambda i: -i[1])))
    print(f"items: {len(items)} {dict(sorted(kinds.items()))}")
    print(grammar)
    print(
        f"items per accepted block: {len(items) / max(1, accepted_blocks):.3f}; "
        f"per distinct basis sentence: {len(items) / max(1, len(bases)):.3f}"
    )


def stem_grammar(store: ProvenanceStore) -> str:
    """The share of written stems and answers that pass the grammar checks, with the problems.

    Every candidate that got as far as a stem counts, whether or not QC 3 accepted it
    (the check is one of QC 3's anti-shortcut rules, `stem_not_grammatical`).
    """
    stems = [
        node.record.stem
        for node in store.nodes(NodeKind.CANDIDATE)
        if isinstance(node.record, Candidate) and node.record.stem
    ]
    problems: Counter[str] = Counter()
    passed = 0
    for text in stems:
        found = stem_problems(text)
        passed += not found
        problems.update(problem.code for problem in found)
    answers = [
        option
        for node in store.nodes(NodeKind.CANDIDATE)
        if isinstance(node.record, Candidate) and node.record.answer
        for option in node.record.options
        if option.letter == node.record.answer
    ]
    answer_problems_found: Counter[str] = Counter()
    answers_passed = 0
    for option in answers:
        found_in_answer = answer_problems(option.feature, shown_mechanism(option))
        answers_passed += not found_in_answer
        answer_problems_found.update(problem.code for problem in found_in_answer)
    return (
        f"stems passing the grammar check: {passed}/{len(stems)}; problems: {dict(problems)}\n"
        f"answers passing the answer grammar check: {answers_passed}/{len(answers)}; "
        f"problems: {dict(answer_problems_found)}"
    )


def _record(store: ProvenanceStore, node_id: str) -> object:
    node = store.get(node_id)
    return node.record if node is not None else None


def print_item(store: ProvenanceStore, item: object) -> None:
    """One item as a reader judges it: compound, basis sentence, stem, options, answer."""
    assert isinstance(item, Item)
    candidate = _record(store, item.candidate_id)
    structure = _record(store, item.structure_id)
    assert isinstance(candidate, Candidate) and isinstance(structure, Structure)
    basis = _record(store, candidate.basis_sentence_id) if candidate.basis_sentence_id else None
    kind = f"{item.entry_type}, {item.reasoning_type.value}"
    print(f"\n== {item.id} ({kind}) on {structure.identifier}")
    print(f"   sentence: {getattr(basis, 'text', '(caption)')}")
    print(f"   smiles: {candidate.smiles}")
    print(f"   stem: {item.stem}")
    for option in item.options:
        mark = "*" if option.letter == item.answer else " "
        print(f"  {mark}{option.letter}. {option.text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="build folder (default: temp)")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--store", type=Path, default=None, help="report this finished build; build nothing"
    )
    parser.add_argument(
        "--gold", type=Path, default=None, help="with --store: the corpus's gold.json"
    )
    parser.add_argument(
        "--items", action="store_true", help="with --store: print every item for reading"
    )
    args = parser.parse_args()
    if args.store is not None:
        report_store(args.store, args.gold, args.items)
        return
    folder = args.out or Path(tempfile.mkdtemp(prefix="chemx-bench-"))
    if folder.exists():
        shutil.rmtree(folder)
    started = time.perf_counter()
    run_build(BuildSettings(corpus="sample", out=folder, until="grounding", workers=args.workers))
    upstream = time.perf_counter() - started
    cold, cold_s = generate(folder, GenerationSettings())
    warm, warm_s = generate(folder, GenerationSettings())  # idempotent: nothing new to write
    gold = load_gold()

    print(f"upstream stages (acquire, visual incl. OSRA readings, grounding): {upstream:.1f} s")
    print(
        f"generation first: {cold_s:.1f} s, {cold_s / max(1, cold['candidates']):.3f} s/candidate"
    )
    print(
        f"generation again: {warm_s:.1f} s, {warm_s / max(1, warm['candidates']):.3f} s/candidate"
    )
    print("\ngeneration counts:", dict(sorted(cold.items())))

    with ProvenanceStore(folder, readonly=True) as store:
        stages = funnel(store)
        print("\nconstruction funnel:")
        previous = None
        for stage in stages:
            share = f"{100 * stage.count / previous:5.1f}%" if previous else "      "
            lost = ", ".join(
                f"{k} {v}" for k, v in sorted(stage.dropped.items(), key=lambda i: -i[1])
            )
            print(f"  {stage.name:24s} {stage.count:4d} {share}  {lost}")
            previous = stage.count

        extraction = score_extraction(gold)
        print("\ntemplate extraction vs gold (49 explanatory sentences):", extraction.summary())

        annotations = gold_sentences(store, gold)
        agree: Counter[str] = Counter()
        compared = 0
        qc3 = []
        letters: Counter[str] = Counter()
        for node in store.nodes(NodeKind.CANDIDATE):
            candidate = node.record
            if not isinstance(candidate, Candidate):
                continue  # a discarded candidate (DiscardedCandidate) has no question
            qc3 += [d for d in store.decisions(node.id) if d.gate is Gate.QC3]
            if store.children(node.id) and candidate.answer:
                letters[candidate.answer] += 1
                basis = candidate.basis_sentence_id
                if basis in annotations and annotations[basis][0]["label"] == "explanatory":
                    # the item's own fields (after neutralising and catalogue naming), not a
                    # fresh decomposition of the sentence
                    compared += 1
                    agree.update(
                        k for k, ok in item_matches(candidate, annotations[basis][0]).items() if ok
                    )
        print(
            f"accepted items with a gold basis sentence: {compared}; fields agreeing:",
            {k: f"{v}/{compared}" for k, v in sorted(agree.items())},
        )

        accepted = [d for d in qc3 if d.verdict is Verdict.ACCEPT]
        print(
            f"\njudge: {len(accepted)}/{len(qc3)} accepted "
            f"({100 * len(accepted) / max(1, len(qc3)):.1f}%)"
        )
        for dimension in (*DIMENSIONS, "overall"):
            values = [d.scores[dimension] for d in qc3 if dimension in d.scores]
            if values:
                print(
                    f"  {dimension:24s} mean {sum(values) / len(values):.2f}  min {min(values):.2f}"
                )

        from scipy.stats import chisquare

        observed = [letters.get(letter, 0) for letter in "ABCD"]
        p_value = chisquare(observed).pvalue if sum(observed) else float("nan")
        print(
            f"\nanswer letters: {dict(zip('ABCD', observed, strict=True))}, "
            f"chi-square p = {p_value:.3f}"
        )
        items = sum(1 for _ in store.nodes(NodeKind.ITEM))
        print(stem_grammar(store))
        print(
            f"candidates {cold['candidates']}, items {items}, "
            f"yield {100 * items / max(1, cold['candidates']):.1f}% of candidates"
        )
    if args.out is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
