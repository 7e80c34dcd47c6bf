"""The report's tables as rows of text: written as ``table.md`` and shown in the terminal.

The main table has the shape of seed 002's Tab. 3 (rows are runs, columns the average
and each reasoning and entry type), each cell "accuracy [paper-level 95% CI]" in
percent; the run's name links to its page, whose filters show the items behind a cell.
"""

from __future__ import annotations

from chemx.evaluation._html import percent
from chemx.evaluation.report import SHORT_NAMES, Cell, Report, RunReport
from chemx.evaluation.stats import Interval

Table = tuple[list[str], list[list[str]]]
"""(header, rows)."""


def cell_text(cell: Cell | None) -> str:
    """'61.1 [38.9, 83.3]' (percent); '–' for a group the run has no items in."""
    if cell is None or not cell.score.total:
        return "–"
    return (
        f"{percent(cell.score.value)} [{percent(cell.interval.low)}, {percent(cell.interval.high)}]"
    )


def interval_text(interval: Interval, signed: bool = False) -> str:
    """'78.4 [76.0, 80.9]' in percent ('+0.4 [−2.5, 3.3]' when `signed`; '–' if unknown)."""
    if interval.estimate != interval.estimate:  # NaN: nothing was scored
        return "–"
    if signed:
        return (
            f"{100 * interval.estimate:+.1f} [{100 * interval.low:.1f}, {100 * interval.high:.1f}]"
        )
    return f"{percent(interval.estimate)} [{percent(interval.low)}, {percent(interval.high)}]"


def accuracy_table(report: Report) -> Table:
    """Runs x (average, reasoning types, entry types)."""
    header = ["Run", "Model", "Condition", "Trials", "Avg."]
    header += [SHORT_NAMES.get(group, group) for _, group in report.columns]
    rows = []
    for r in report.runs:
        m = r.run.manifest
        row = [r.label, m.model, m.condition.value, str(m.trials), cell_text(r.overall)]
        row += [cell_text(r.groups[grouping].get(group)) for grouping, group in report.columns]
        rows.append(row)
    return header, rows


def year_table(report: Report) -> Table:
    """Runs x publication years."""
    years = sorted({y for r in report.runs for y in r.groups["year"]})
    rows = [[r.label, *(cell_text(r.groups["year"].get(y)) for y in years)] for r in report.runs]
    return ["Run", *years], rows


def reliability_table(report: Report) -> Table:
    """First-trial accuracy, mean reliability (pass@1), pass@k, one question per paper."""
    ks = sorted({k for r in report.runs for k in r.pass_at if k > 1})
    header = ["Run", "First trial", "pass@1 (mean reliability)"]
    header += [f"pass@{k}" for k in ks] + ["One question per paper"]
    rows = [
        [
            r.label,
            percent(r.first_trial),
            percent(r.mean_reliability),
            *(percent(r.pass_at[k]) if k in r.pass_at else "–" for k in ks),
            interval_text(r.one_per_paper),
        ]
        for r in report.runs
    ]
    return header, rows


def comparison_table(report: Report) -> Table:
    """Every two runs: paired difference with its paper-level CI, exact McNemar."""
    header = ["A", "B", "Items", "Acc. A", "Acc. B", "A − B [95% CI]", "Only A", "Only B"]
    header.append("McNemar exact p")
    rows = [
        [
            c.a,
            c.b,
            str(c.difference.items),
            percent(c.difference.accuracy_a),
            percent(c.difference.accuracy_b),
            interval_text(c.difference.difference, signed=True),
            str(c.mcnemar.only_a),
            str(c.mcnemar.only_b),
            f"{c.mcnemar.p_value:.4g}",
        ]
        for c in report.comparisons
    ]
    return header, rows


def errors_table(run: RunReport) -> Table | None:
    """Error types per annotator and for the consensus, 'share % [Wilson CI] (count)'."""
    summary = run.errors
    if summary is None:
        return None
    keys = summary.taxonomy.keys
    rows = []
    for d in (summary.consensus, *summary.annotators):
        row = [d.annotator, str(d.total)]
        row += [f"{interval_text(d.shares[k])} ({d.counts[k]})" for k in keys]
        rows.append(row)
    return ["Annotator", "Errors", *keys], rows


def fidelity_table(report: Report) -> Table | None:
    """Reasoning-path fidelity of the runs whose trials were judged."""
    judged = [r for r in report.runs if r.fidelity is not None]
    if not judged:
        return None
    header = ["Run", "Trials", "RPF", "RPF (correct)", "RPF (wrong)"]
    header += ["effect", "feature", "mechanism", "Judge"]
    rows = []
    for r in judged:
        f = r.fidelity
        assert f is not None
        rows.append(
            [
                r.label,
                str(f.trials),
                percent(f.rpf),
                percent(f.rpf_correct),
                percent(f.rpf_wrong),
                *(percent(f.reached[name]) for name in ("effect", "feature", "mechanism")),
                ", ".join(f.judge_models) or "–",
            ]
        )
    return header, rows


def _markdown(table: Table, link: dict[str, str] | None = None) -> str:
    header, rows = table
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        cells = [c.replace("|", "\\|") for c in row]
        if link and row[0] in link:
            cells[0] = f"[{cells[0]}]({link[row[0]]})"
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def markdown(report: Report) -> str:
    """``table.md``."""
    s = report.settings
    pages = {r.label: f"runs/{r.page}" for r in report.runs}
    parts = [
        "# Accuracy\n",
        "Majority-vote accuracy (%) over each run's trials (an item is right when more than "
        f"half of its trials give the correct letter), with paper-level {s.level:.0%} CIs: "
        f"percentile intervals from {s.resamples:,} bootstrap resamples of source papers "
        f"(seed {s.seed}). `report.json` lists the items and `trials.jsonl` lines behind "
        "every cell; each run links to its page.\n",
        _markdown(accuracy_table(report), pages),
        "\n## By publication year\n",
        _markdown(year_table(report), pages),
        "\n## Reliability over trials\n",
        "pass@1 is the mean reliability over the trials (SUPERChem); pass@k is the unbiased "
        "estimator 1 − C(n−c, k)/C(n, k). One question per paper: mean accuracy and "
        f"{s.level:.0%} range over {s.one_per_paper_resamples:,} resamples keeping one "
        "random question per paper.\n",
        _markdown(reliability_table(report), pages),
    ]
    if report.comparisons:
        parts += [
            "\n## Paired comparisons\n",
            "Difference on the items both runs answered, with a paper-level bootstrap CI; "
            "two-sided exact McNemar test on the same items.\n",
            _markdown(comparison_table(report)),
        ]
    fidelity = fidelity_table(report)
    if fidelity:
        parts += [
            "\n## Reasoning-path fidelity\n",
            "Share of checkpoint weight (effect, feature, mechanism) the judged reasoning "
            "reaches, pooled over trials; per checkpoint, the share of trials reaching it. "
            "Verdicts per checkpoint: `fidelity.jsonl` in each run folder.\n",
            _markdown(fidelity),
        ]
    for run in report.runs:
        table = errors_table(run)
        if table is None or run.errors is None:
            continue
        parts += [f"\n## Error types: {run.label}\n", _markdown(table), _agreement_line(run)]
    return "\n".join(parts)


def _agreement_line(run: RunReport) -> str:
    summary = run.errors
    assert summary is not None
    lines = []
    for a in (summary.agreement, summary.weighted_agreement):
        if a is not None:
            lines.append(
                f"Gwet's {a.name} = {a.coefficient:.3f} [{a.low:.3f}, {a.high:.3f}] over "
                f"{a.subjects} errors and {a.raters} annotators; all annotators agree on "
                f"{percent(a.unanimous)}% of errors rated twice or more."
            )
    if summary.unresolved:
        lines.append(f"Tied labels (not in the consensus): {', '.join(summary.unresolved)}.")
    if summary.unlabelled:
        lines.append(f"Wrong answers nobody labelled: {len(summary.unlabelled)}.")
    if summary.not_wrong:
        lines.append(
            f"Labelled items that are not wrong answers of this run: {len(summary.not_wrong)}."
        )
    return "\n" + "\n".join(lines) + "\n" if lines else ""
