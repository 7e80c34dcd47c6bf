"""`chemx report`: the table of seed 002's Tab. 3 for one or more runs, with what it rests on.

For each run: majority-vote accuracy overall, by reasoning type, by entry type and by
publication year, each with its paper-level bootstrap 95% CI (`chemx.evaluation.stats`);
the one-question-per-paper resample; first-trial accuracy, mean reliability (SUPERChem's
pass@1) and unbiased pass@k for every k up to the run's trials; the error-type
distribution when annotators' labels were imported (`chemx.evaluation.taxonomy`); and
reasoning-path fidelity when trials were judged (`chemx.evaluation.fidelity`). Between
every two runs on common items: the paired difference with its paper-level CI and the
exact McNemar test.

Written to the output folder: ``table.md`` (`chemx.evaluation.report_table`) and
``report.json`` (`chemx.evaluation.report_json`: the same numbers, and for every cell
the items and the ``trials.jsonl`` lines behind it),
``accuracy.png`` (and ``errors.png``) from `chemx.evaluation.charts`, and one
self-contained page per run under ``runs/`` (`chemx.evaluation.report_html`).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from chemx.evaluation import stats
from chemx.evaluation.fidelity import FidelitySummary, read_fidelity, summarise_fidelity
from chemx.evaluation.metrics import (
    GROUPINGS,
    ItemOutcome,
    Score,
    accuracy,
    first_trial_accuracy,
    grouped,
    mean_pass_at_k,
    mean_reliability,
    outcomes,
)
from chemx.evaluation.results import LoadedRun, TrialLine
from chemx.evaluation.taxonomy import TaxonomySummary, read_annotations, summarise

REASONING_ORDER = ("Mechanistic", "Design", "Condition")
ENTRY_ORDER = ("molecule", "reaction")
SHORT_NAMES = {
    "Mechanistic": "Mech.",
    "Design": "Design",
    "Condition": "Cond.",
    "molecule": "Mol.",
    "reaction": "Rxn.",
}
"""Column heads of seed 002's Tab. 3."""


@dataclass(frozen=True)
class Settings:
    """How intervals are computed (recorded in the report)."""

    resamples: int = stats.DEFAULT_RESAMPLES
    one_per_paper_resamples: int = stats.ONE_PER_PAPER_RESAMPLES
    seed: int = stats.DEFAULT_SEED
    level: float = stats.DEFAULT_LEVEL

    def __post_init__(self) -> None:
        if self.resamples < 1 or self.one_per_paper_resamples < 1:
            raise ValueError("the number of resamples must be at least 1")
        if not 0.0 < self.level < 1.0:
            raise ValueError(f"confidence level {self.level} must be between 0 and 1")


@dataclass(frozen=True)
class Cell:
    """One score of the table and its paper-level interval."""

    score: Score
    interval: stats.Interval


@dataclass(frozen=True)
class RunReport:
    """Everything the report says about one run."""

    run: LoadedRun
    outcomes: tuple[ItemOutcome, ...]
    overall: Cell
    groups: dict[str, dict[str, Cell]]
    """Grouping ('reasoning_type', 'entry_type', 'year') -> group -> cell."""
    one_per_paper: stats.Interval
    first_trial: float
    mean_reliability: float
    pass_at: dict[int, float]
    failed_trials: tuple[TrialLine, ...]
    fidelity: FidelitySummary | None
    errors: TaxonomySummary | None
    page: str = ""
    """The run page's file name under ``runs/``."""

    @property
    def label(self) -> str:
        """The run id."""
        return self.run.run_id


@dataclass(frozen=True)
class Comparison:
    """Two runs on their common items."""

    a: str
    b: str
    difference: stats.PairedDifference
    mcnemar: stats.McNemar


@dataclass(frozen=True)
class Report:
    """The runs, their comparisons, and how the intervals were made."""

    runs: tuple[RunReport, ...]
    comparisons: tuple[Comparison, ...]
    settings: Settings
    columns: tuple[tuple[str, str], ...] = field(default=())
    """The table's (grouping, group) columns after 'overall', in Tab. 3 order."""


def _cell(items: tuple[ItemOutcome, ...], settings: Settings) -> Cell:
    interval = stats.paper_bootstrap(
        items, resamples=settings.resamples, seed=settings.seed, level=settings.level
    )
    return Cell(accuracy(items), interval)


def page_name(run_id: str) -> str:
    """A file name for the run's page (characters outside [A-Za-z0-9._-] become '_')."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", run_id) + ".html"


def run_report(run: LoadedRun, settings: Settings) -> RunReport:
    """Score one run."""
    items = tuple(outcomes(run))
    groups = {
        name: {g: _cell(score.outcomes, settings) for g, score in grouped(items, key).items()}
        for name, key in GROUPINGS.items()
    }
    trials = min((o.trials for o in items), default=0)
    annotations = read_annotations(run.run_dir)
    wrong = [o.item_id for o in items if not o.correct]
    return RunReport(
        run=run,
        outcomes=items,
        overall=_cell(items, settings),
        groups=groups,
        one_per_paper=stats.one_question_per_paper(
            items, resamples=settings.one_per_paper_resamples, seed=settings.seed
        ),
        first_trial=first_trial_accuracy(items),
        mean_reliability=mean_reliability(items),
        pass_at={k: mean_pass_at_k(items, k) for k in range(1, trials + 1)},
        failed_trials=tuple(t for t in run.trials if t.record.raw_output is None),
        fidelity=summarise_fidelity(run, read_fidelity(run.run_dir)),
        errors=summarise(annotations, wrong) if annotations else None,
        page=page_name(run.run_id),
    )


def _unique_pages(reports: list[RunReport]) -> tuple[RunReport, ...]:
    """Rename pages whose run ids differ only in characters a file name cannot hold."""
    seen: set[str] = set()
    result = []
    for r in reports:
        name, number = r.page, 2
        while name in seen:
            name = r.page.removesuffix(".html") + f"-{number}.html"
            number += 1
        seen.add(name)
        result.append(dataclasses.replace(r, page=name))
    return tuple(result)


def _ordered(values: set[str], preferred: tuple[str, ...]) -> list[str]:
    return [v for v in preferred if v in values] + sorted(values - set(preferred))


def build_report(runs: list[LoadedRun], settings: Settings | None = None) -> Report:
    """Score every run and compare every two of them."""
    settings = settings or Settings()
    seen: dict[str, Path] = {}
    for run in runs:
        if run.run_id in seen:
            raise ValueError(
                f"run {run.run_id} is given twice ({seen[run.run_id]} and {run.run_dir}); "
                "give each run once (a copied run folder keeps its run id)"
            )
        seen[run.run_id] = run.run_dir
    reports = _unique_pages([run_report(run, settings) for run in runs])
    comparisons = []
    for a, b in itertools.combinations(reports, 2):
        difference = stats.paired_difference(
            a.outcomes, b.outcomes, resamples=settings.resamples, seed=settings.seed
        )
        if difference.items:
            comparisons.append(
                Comparison(
                    a.label, b.label, difference, stats.mcnemar_exact(a.outcomes, b.outcomes)
                )
            )
    columns = [
        ("reasoning_type", v)
        for v in _ordered({g for r in reports for g in r.groups["reasoning_type"]}, REASONING_ORDER)
    ]
    columns += [
        ("entry_type", v)
        for v in _ordered({g for r in reports for g in r.groups["entry_type"]}, ENTRY_ORDER)
    ]
    return Report(reports, tuple(comparisons), settings, tuple(columns))


@dataclass(frozen=True)
class ReportFiles:
    """What `write_report` wrote."""

    folder: Path
    markdown: Path
    json: Path
    charts: tuple[Path, ...]
    pages: tuple[Path, ...]


def write_report(report: Report, out: Path) -> ReportFiles:
    """Write table.md, report.json, the charts and the run pages into `out`."""
    from chemx.evaluation.charts import accuracy_chart, errors_chart
    from chemx.evaluation.report_html import run_page
    from chemx.evaluation.report_json import report_json
    from chemx.evaluation.report_table import markdown

    pages_dir = out / "runs"
    pages_dir.mkdir(parents=True, exist_ok=True)
    markdown_path = out / "table.md"
    markdown_path.write_text(markdown(report), encoding="utf-8")
    json_path = out / "report.json"
    data = report_json(report)
    json_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    charts = [accuracy_chart(report, out / "accuracy.png")]
    if any(r.errors for r in report.runs):
        charts.append(errors_chart(report, out / "errors.png"))
    pages = []
    for run in report.runs:
        path = pages_dir / run.page
        path.write_text(run_page(run, report), encoding="utf-8")
        pages.append(path)
    return ReportFiles(out, markdown_path, json_path, tuple(charts), tuple(pages))
