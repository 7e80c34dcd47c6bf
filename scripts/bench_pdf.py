"""Score a PDF backend on the hand-annotated real journal PDFs.

    python scripts/bench_pdf.py [--backend pymupdf|mineru] [--papers DIR] [--json out.json]
                                [--verbose]

The gold (`tests/fixtures/realworld/pdf_gold/`, annotations only) covers real ACS and
Nature Communications papers whose PDFs are the team's shared inputs
(`../shared/realworld/papers/`, never committed); without them this prints that there
is nothing to score and exits 0. For each paper it parses the PDF with the chosen
backend and prints, then totals over all papers:

- display items: recall and precision (a region on the right page with IoU >= 0.8 to
  the annotated artwork and the same kind and number in its caption label);
- merges (a region covering >= 30% of two annotated items) and regions that took body
  text (a line of 4+ words outside every annotated item and caption);
- sentences: the share of annotated sentences reproduced exactly, overall and by tag
  (citation, hyphen_break, column_break, page_break, abbreviation, ligature, decimal);
- sentences with a line-break hyphen left, with a citation marker left ("assays.5"),
  and made of reference-list text (read from the annotated reference regions);
- metadata fields (DOI, title, journal, publication date, licence) read as printed;
- pages per second.

`--backend mineru` runs MinerU on the same gold when it is installed with its models
(`chemx.sources.mineru`); otherwise it says why it cannot and exits 2.

Measured figures are in the closing note of the PDF-ingestion issue and in the README's
"Real papers" section.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from chemx.devkit.pdf_gold import (
    METADATA_FIELDS,
    GoldPaper,
    PaperScore,
    combine,
    load_gold,
    score_parsed,
)
from chemx.sources._base import ParsedPaper, SourceDocument


def make_parser(backend: str):
    """The parser for `backend`; MinerU only when it can run here."""
    if backend == "pymupdf":
        from chemx.sources.pdf import PdfParser

        return PdfParser()
    from chemx.sources.mineru import MineruParser

    return MineruParser()


def score_one(parser, gold: GoldPaper) -> PaperScore:
    """Parse one gold paper, time it, and score it."""
    document = SourceDocument(path=gold.path, format="pdf", display_name=gold.path.name)
    started = time.perf_counter()
    parsed: ParsedPaper = parser.parse(document, "bench")
    seconds = time.perf_counter() - started
    score = score_parsed(gold, parsed.figures, parsed.sentences, parsed.paper)
    score.seconds = seconds
    return score


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


def report(name: str, score: PaperScore) -> list[str]:
    """Readable lines for one paper (or the total)."""
    metadata = ", ".join(
        f"{field} {score.metadata_correct.get(field, 0)}/{score.metadata_printed.get(field, 0)}"
        for field in METADATA_FIELDS
        if score.metadata_printed.get(field)
    )
    precision = _share(score.items_matched, score.items_predicted)
    lines = [
        f"{name}",
        f"  display items   recall {_share(score.items_matched, score.items_gold)}, "
        f"precision {precision}, merges {score.merges}, body text taken {score.body_text_taken}",
        f"  sentences       exact {_share(score.sentences_matched, score.sentences_gold)}; "
        f"of {score.sentences_predicted} parsed: hyphen left {score.hyphens_left}, "
        f"citation left {score.citations_left}, reference text {score.reference_sentences}",
        f"  metadata        {metadata or '-'}",
        f"  speed           {score.pages} pages in {score.seconds:.1f} s "
        f"({score.pages / score.seconds if score.seconds else 0:.1f} pages/s)",
    ]
    if score.by_feature:
        tags = ", ".join(
            f"{feature} {_share(hit, count)}"
            for feature, (hit, count) in sorted(score.by_feature.items())
        )
        lines.append(f"  by tag          {tags}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 on success, 2 when the backend cannot run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("pymupdf", "mineru"), default="pymupdf")
    parser.add_argument("--papers", type=Path, default=None, help="realworld/papers folder")
    parser.add_argument("--json", type=Path, default=None, help="write the scores here")
    parser.add_argument("--verbose", action="store_true", help="list missed display items")
    args = parser.parse_args(argv)
    gold = load_gold(args.papers)
    if not gold:
        print("no annotated PDF found (../shared/realworld/papers/ absent): nothing to score")
        return 0
    try:
        pdf_parser = make_parser(args.backend)
    except Exception as exc:
        print(f"{args.backend} cannot run here: {exc}")
        return 2
    scores: dict[str, PaperScore] = {}
    for paper in gold:
        scores[paper.stem] = score_one(pdf_parser, paper)
        for line in report(paper.stem, scores[paper.stem]):
            print(line)
        if args.verbose and scores[paper.stem].missed_items:
            print("  missed          " + ", ".join(scores[paper.stem].missed_items))
    total = combine(list(scores.values()))
    print()
    for line in report(f"TOTAL ({len(gold)} papers, backend {args.backend})", total):
        print(line)
    if args.json:
        payload = {name: asdict(score) for name, score in scores.items()}
        payload["total"] = asdict(total)
        args.json.write_text(json.dumps(payload, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
