"""`chemx report`: tables, charts and one page per run, from evaluation run folders."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import FolderError, JsonOption, console, errors, fail, print_json

if TYPE_CHECKING:
    from chemx.evaluation.fidelity import TrialSelection
    from chemx.evaluation.report_table import Table as Rows
    from chemx.evaluation.results import LoadedRun

ReleaseOption = Annotated[
    Path | None,
    typer.Option(
        "--release",
        help="The release folder the runs were made on (default: the one run.json names).",
    ),
]


def _show(title: str, rows: Rows) -> None:
    header, body = rows
    table = Table(title=escape(title))
    for index, name in enumerate(header):
        table.add_column(escape(name), justify="left" if index == 0 else "right", overflow="fold")
    for row in body:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)


def _score_fidelity(
    runs: list[LoadedRun], models: Path | None, model_option: list[str], trials: str, quiet: bool
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn

    from chemx.cli._build import _key_value
    from chemx.evaluation.fidelity import score_fidelity
    from chemx.models import JUDGE_ROLE, ModelClient, ModelsConfig

    if trials not in ("all", "first"):
        raise fail(f"--fidelity-trials {trials!r}: expected all or first")
    selection: TrialSelection = "first" if trials == "first" else "all"
    overrides = dict(_key_value(item, n) for n, item in enumerate(model_option, 1))
    config = ModelsConfig.load(models, overrides)
    if not config.is_configured(JUDGE_ROLE):
        raise fail(
            "--fidelity needs the judge role: give --models with a [judge] table, or "
            "--model-option judge.base_url=... --model-option judge.model=..."
        )
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with ModelClient(config) as client, Progress(*columns, console=console, disable=quiet) as bar:
        for run in runs:
            task = bar.add_task(escape(f"fidelity {run.run_id}"), total=None)

            def advance(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done, total=total)

            result = score_fidelity(run, client, trials=selection, progress=advance)
            bar.update(task, total=max(1, result.judged), completed=max(1, result.judged))
            if result.failed:
                (errors if quiet else console).print(
                    f"[yellow]{escape(run.run_id)}: {result.failed} judge calls failed; "
                    "run again to retry them[/]"
                )


def report(
    run_dirs: Annotated[
        list[Path],
        typer.Argument(
            help="Run folders (each holds run.json and trials.jsonl).", metavar="RUN_DIR..."
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out", "-o", help="Folder for table.md, report.json, the charts and runs/*.html."
        ),
    ] = Path("chemx-report"),
    release: ReleaseOption = None,
    resamples: Annotated[
        int, typer.Option(min=100, help="Paper-level bootstrap resamples (seed 002: 10,000).")
    ] = 10_000,
    seed: Annotated[int, typer.Option(help="Seed of every resample.")] = 0,
    fidelity: Annotated[
        bool,
        typer.Option(
            "--fidelity",
            help="First have the judge role score reasoning-path fidelity of the trials not "
            "yet scored (appends to RUN_DIR/fidelity.jsonl). Without it, existing scores "
            "are reported.",
        ),
    ] = False,
    fidelity_trials: Annotated[
        str, typer.Option(help="Which trials --fidelity judges: all, or first (one per item).")
    ] = "all",
    models: Annotated[
        Path | None, typer.Option(help="TOML file of model endpoints (its [judge] role).")
    ] = None,
    model_option: Annotated[
        list[str] | None,
        typer.Option(
            "--model-option", help="Override one endpoint setting, e.g. judge.model=gpt-4o."
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Accuracy tables with paper-level CIs, comparisons, charts and a page per run.

    Writes OUT/table.md (seed 002's Tab. 3: runs by reasoning and entry type), OUT/report.json
    (the same numbers, with the items and trials.jsonl lines behind every cell),
    OUT/accuracy.png and OUT/runs/RUN.html (every item with its image, options and trial
    outputs, filterable). Error types appear once labels were imported (`chemx errors
    import`), fidelity once trials were judged (--fidelity).
    """
    from chemx.evaluation.report import Settings, build_report, write_report
    from chemx.evaluation.report_table import (
        accuracy_table,
        comparison_table,
        errors_table,
        fidelity_table,
        reliability_table,
    )
    from chemx.evaluation.results import load_run

    if (out.exists() or out.is_symlink()) and not out.is_dir():
        raise FolderError(f"--out {out} is a file, not a folder; choose a folder")
    runs = [load_run(run_dir, release) for run_dir in run_dirs]
    if fidelity:
        _score_fidelity(runs, models, model_option or [], fidelity_trials, quiet=as_json)
    try:
        result = build_report(runs, Settings(resamples=resamples, seed=seed))
    except ValueError as exc:
        raise fail(str(exc)) from exc
    files = write_report(result, out)
    if as_json:
        from chemx.evaluation.report_json import report_json

        print_json(report_json(result))
        return
    _show("Majority-vote accuracy (%) [paper-level 95% CI]", accuracy_table(result))
    _show("Reliability over trials (%)", reliability_table(result))
    if result.comparisons:
        _show("Paired comparisons", comparison_table(result))
    fidelity_rows = fidelity_table(result)
    if fidelity_rows:
        _show("Reasoning-path fidelity (%)", fidelity_rows)
    for run in result.runs:
        rows = errors_table(run)
        if rows:
            _show(f"Error types of {run.label} (% [Wilson 95% CI] (n))", rows)
    console.print(
        f"wrote {escape(str(files.markdown))}, {escape(str(files.json))}, "
        f"{len(files.charts)} charts and {len(files.pages)} run pages in {escape(str(out))}/"
    )
