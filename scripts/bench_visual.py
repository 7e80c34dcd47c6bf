"""Measure the visual stage: classifier, segmentation, identifiers, seconds per figure.

    python scripts/bench_visual.py [--realworld ../shared/realworld] [--json out.json]
                                   [--pdf-store OUT] [--real-figures [--checkpoint CKPT]]

`--real-figures` scores the figure classifier (`--checkpoint`, default the shipped one)
on the hand-labelled real figures of `tests/fixtures/realworld/figure_classes.json`:
all of them, the held-out part, and the 121 display items of the journal PDFs, each by
the image alone and combined with the caption's evidence, with plots, spectra, ORTEPs and
3-D pictures kept as chemistry and seconds per figure. No build is needed.

`--pdf-store OUT` scores a build of the real journal PDFs (`chemx build --corpus
../shared/realworld/papers --out OUT --until visual`) against the hand-made visual gold
of `tests/fixtures/realworld/visual_gold/` (`chemx.devkit.visual_realworld`): classifier
accuracy on the display items, plots/spectra/ORTEPs/3-D accepted as chemistry, crop
recall and precision at IoU 0.5, whole-structure share, identifier accuracy, the share
of QC 1-accepted crops that are one whole compound and of those with the right
identifier (what issue 12's check counts), R-group scaffolds and fragments accepted as
compounds.

Two sources, measured in one run:
- the sample corpus gold: `chemx build --corpus sample` (visual stage, offline
  defaults) into a temporary folder, then `chemx.devkit.visual_gold.score_store`;
- real files nobody here made (`shared/realworld/`): the classifier on real single
  molecules, reaction schemes and non-chemistry figures (PubLayNet figure regions, a
  bar chart), and the reaction parser against RxnScribe's own gold structure boxes.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image

from chemx.devkit.sample_gold import load_gold
from chemx.devkit.visual_gold import score_store
from chemx.devkit.visual_metrics import detection_score
from chemx.images import to_rgb
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance import ProvenanceStore
from chemx.visual.classifier import FigureClassifier
from chemx.visual.segmentation.classical import ClassicalReactionParser

REPO = Path(__file__).resolve().parents[1]

REAL_CLASSES = {
    "single_molecule": [
        "molscribe/example.png",
        "molscribe/example1.png",
        "molscribe/example2.png",
    ],
    "reaction_scheme": [
        "rxnscribe/acs.joc.5b01703-Scheme-c1.png",
        "rxnscribe/acs.oprd.5b00209-Scheme-c4.png",
        "rxnscribe/acs.orglett.5b01044-Table-c1.png",
        "rxnscribe/acs.orglett.6b01181-Scheme-c4.png",
        "rxnscribe/jacs.5b12989-Table-c3.png",
        "openchemie/examples/img1.png",
        "openchemie/examples/img2.png",
        "openchemie/examples/img3.png",
        "openchemie/rgroup/acs.joc.2c00176_example_1.png",
        "openchemie/rgroup/acs.joc.3c00760_example_2.png",
        "openchemie/rgroup/acs.joc.3c01355_example_1.png",
    ],
    "non_chemistry": ["figures/decimer/segment_analysis.png"],
}
"""Real figures with the class a chemist gives them (substrate-scope tables open with a
template reaction, so they count as schemes)."""


def real_figures(root: Path) -> list[tuple[str, str, Image.Image]]:
    """(name, class, image) for the labelled real figures, PubLayNet figure regions included."""
    figures = [
        (name, label, to_rgb((root / name).read_bytes(), name))
        for label, names in REAL_CLASSES.items()
        for name in names
        if (root / name).exists()
    ]
    annotations_path = root / "figures" / "publaynet" / "annotations.json"
    if annotations_path.exists():
        annotations = json.loads(annotations_path.read_text())
        files = {image["id"]: image["file_name"] for image in annotations["images"]}
        for note in annotations["annotations"]:
            if note["category_id"] != 5:  # figure regions of real PMC pages
                continue
            name = f"figures/publaynet/{files[note['image_id']]}"
            x, y, w, h = (round(v) for v in note["bbox"])
            page = to_rgb((root / name).read_bytes(), name)
            figures.append((f"{name}#{x},{y}", "non_chemistry", page.crop((x, y, x + w, y + h))))
    return figures


def bench_real_classifier(classifier: FigureClassifier, root: Path) -> dict[str, Any]:
    figures = real_figures(root)
    started = time.perf_counter()
    predictions = classifier.predict([image for _, _, image in figures])
    seconds = (time.perf_counter() - started) / max(1, len(figures))
    mistakes = [
        f"{name}: {label} -> {prediction.figure_class.value}"
        for (name, label, _), prediction in zip(figures, predictions, strict=True)
        if prediction.figure_class.value != label
    ]
    return {
        "figures": len(figures),
        "accuracy": round(1 - len(mistakes) / max(1, len(figures)), 4),
        "seconds_per_figure": round(seconds, 4),
        "mistakes": mistakes,
    }


def bench_rxnscribe(root: Path) -> dict[str, Any]:
    """Classical reaction parser vs RxnScribe's gold structure boxes (category 1)."""
    annotations = json.loads((root / "rxnscribe" / "annotations.json").read_text())
    parser = ClassicalReactionParser()
    per_image = {}
    gold_total = predicted_total = matched_total = 0
    seconds = 0.0
    for record in annotations["images"]:
        name = record["file_name"]
        image = to_rgb((root / "rxnscribe" / name).read_bytes(), name)
        gold = [
            (round(x), round(y), round(x + w), round(y + h))
            for box in record["bboxes"]
            if box["category_id"] == 1
            for x, y, w, h in [box["bbox"]]
        ]
        started = time.perf_counter()
        segmentation = parser.parse(image)
        seconds += time.perf_counter() - started
        predicted = [crop.box for crop in segmentation.crops if crop.role.value != "condition"]
        score = detection_score(predicted, gold)
        per_image[name] = {"recall": round(score.recall, 3), "precision": round(score.precision, 3)}
        gold_total += score.gold
        predicted_total += score.predicted
        matched_total += score.true_positives
    return {
        "images": len(per_image),
        "recall": round(matched_total / max(1, gold_total), 4),
        "precision": round(matched_total / max(1, predicted_total), 4),
        "seconds_per_figure": round(seconds / max(1, len(per_image)), 4),
        "per_image": per_image,
    }


def bench_real_pdfs(out: Path) -> dict[str, Any]:
    """Score a build of the real journal PDFs against the hand-made visual gold."""
    from chemx.devkit.visual_realworld import VisualRealScore, load_visual_gold, score_store
    from chemx.records import NodeKind, Paper

    gold = load_visual_gold()
    total = VisualRealScore()
    with ProvenanceStore(out, readonly=True) as store:
        papers = {
            Path(stored.record.source_path).stem: stored.record.id
            for stored in store.nodes(NodeKind.PAPER)
            if isinstance(stored.record, Paper)
        }
        for paper in gold:
            if paper.stem in papers:
                total.add(score_store(store, paper, papers[paper.stem]))
    share = lambda a, b: f"{a}/{b} ({a / b:.0%})" if b else "-"  # noqa: E731
    print(f"== real journal PDFs: visual gold of {len(gold)} papers ==")
    print(f"items found              {share(total.items_found, total.items)}")
    print(f"classifier accuracy      {share(total.classified_right, total.items_found)}")
    print(f"non-2-D accepted         {total.non_2d_accepted} (plots, spectra, ORTEP, 3-D)")
    print(f"crop recall @IoU0.5      {share(total.matched_compounds, total.gold_compounds)}")
    print(f"whole-structure crops    {share(total.whole_crops, total.predicted_crops)}")
    print(f"accepted: whole compound {share(total.accepted_whole, total.accepted_crops)}")
    accepted_right = share(total.accepted_identifiers_right, total.accepted_whole)
    print(f"accepted: identifier     {accepted_right}")
    print(f"identifier accuracy      {share(total.identifiers_right, total.matched_compounds)}")
    print(f"fragments as compounds   {total.fragments_as_compounds}")
    for line in total.fragments:
        print(f"  {line}")
    for line in total.mistakes[:40]:
        print(f"  {line}")
    return {name: value for name, value in vars(total).items()}


def bench_real_figures(checkpoint: Path | None) -> dict[str, Any]:
    """The classifier on the hand-labelled real figures, image alone and with captions."""
    from chemx.visual.classifier_eval import (
        classify_real,
        load_real_figures,
        shared_realworld_dir,
        summarise_real,
    )

    root = shared_realworld_dir()
    figures = load_real_figures(root) if root else []
    results: dict[str, Any] = {"checkpoint": str(checkpoint or "shipped")}
    if root is None or not figures:
        print("the shared realworld/ folder is not here: real figures skipped")
        return results
    from chemx.visual.ocsr import OsraReader, osra_path

    classifier = FigureClassifier.load(checkpoint, device="cpu")
    structures = OsraReader() if osra_path() else None
    if structures is None:
        print("osra is not installed: no drawn-structure evidence (image and caption only)")
    outcomes, seconds = classify_real(classifier, figures, root, structures)
    print(f"== real figures, classifier {results['checkpoint']} ==")
    print(f"{'set':30s} {'n':>4s} {'image':>6s} {'+caption':>8s} {'chem/non':>8s} non-2D")
    for name, split, under in [
        ("all labelled real figures", "all", ""),
        ("held-out papers/sources", "heldout", ""),
        ("journal PDF items", "all", "papers/"),
        ("journal PDF items, held out", "heldout", "papers/"),
    ]:
        chosen = [
            outcome
            for outcome in outcomes
            if split in ("all", outcome.figure.split) and outcome.figure.file.startswith(under)
        ]
        result = summarise_real(chosen, split, seconds)
        results[name] = result.model_dump()
        print(
            f"{name:30s} {result.figures:4d} {result.image_accuracy:6.3f} "
            f"{result.combined_accuracy:8.3f} {result.chemistry_accuracy:8.3f} "
            f"{result.non_2d_accepted:6d}"
        )
    print(f"seconds per figure (classifier, CPU): {seconds:.3f}")
    held = results["held-out papers/sources"]
    print(f"held-out combined confusion (rows true, columns predicted; {held['classes']}):")
    for row in held["combined_confusion"]:
        print("  ", row)
    for line in results["all labelled real figures"]["mistakes"]:
        print(f"  {line}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--realworld", type=Path, default=REPO.parent / "shared" / "realworld")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--pdf-store", type=Path, help="a visual-stage build of the real PDFs")
    parser.add_argument(
        "--real-figures",
        action="store_true",
        help="score the classifier on the hand-labelled real figures (no build)",
    )
    parser.add_argument("--checkpoint", type=Path, help="with --real-figures (default: shipped)")
    args = parser.parse_args()
    if args.real_figures:
        results_figures = bench_real_figures(args.checkpoint)
        if args.json:
            args.json.write_text(json.dumps(results_figures, indent=2) + "\n")
        return
    if args.pdf_store:
        results_real = bench_real_pdfs(args.pdf_store)
        if args.json:
            args.json.write_text(json.dumps(results_real, indent=2) + "\n")
        return

    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        started = time.perf_counter()
        run_build(BuildSettings(corpus="sample", out=out / "acquire", until="acquire", workers=1))
        acquire_s = time.perf_counter() - started
        started = time.perf_counter()
        report = run_build(
            BuildSettings(corpus="sample", out=out / "visual", until="visual", workers=1)
        )
        visual_s = time.perf_counter() - started
        with ProvenanceStore(out / "visual", readonly=True) as store:
            scores = score_store(store, load_gold())
    figures = scores.figures
    results["sample"] = {
        **scores.model_dump(),
        "build_seconds_acquire_only": round(acquire_s, 2),
        "build_seconds_with_visual": round(visual_s, 2),
        "visual_seconds_per_figure": round((visual_s - acquire_s) / figures, 3),
        "identifier_backends": report.identifier_backends,
    }
    if args.realworld.exists():
        classifier = FigureClassifier.load()
        results["realworld_classifier"] = bench_real_classifier(classifier, args.realworld)
        results["realworld_rxnscribe_segmentation"] = bench_rxnscribe(args.realworld)

    sample = results["sample"]
    print("== sample corpus gold (offline defaults) ==")
    print(f"classifier accuracy      {sample['classifier_accuracy']:.3f} on {figures} figures")
    segmentation = sample["segmentation"]
    print(
        f"segmentation @IoU0.5     recall {segmentation['recall']:.3f}  precision "
        f"{segmentation['precision']:.3f}  ({segmentation['matched']}/{segmentation['gold']})"
    )
    print(f"identifier accuracy      {sample['identifier_accuracy']:.3f}")
    print(
        f"seconds per figure       {sample['visual_seconds_per_figure']:.3f} (visual stage, CPU); "
        f"visual/acquire-only build time ratio {visual_s / acquire_s:.1f}x"
    )
    if "realworld_classifier" in results:
        real = results["realworld_classifier"]
        rxn = results["realworld_rxnscribe_segmentation"]
        print("== real figures (shared/realworld) ==")
        print(f"classifier accuracy      {real['accuracy']:.3f} on {real['figures']} figures")
        print(
            f"RxnScribe schemes        recall {rxn['recall']:.3f}  precision {rxn['precision']:.3f}"
        )
        for line in real["mistakes"]:
            print(f"  classifier: {line}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
