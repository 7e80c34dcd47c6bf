"""`chemx build`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from chemx.cli._common import DEFAULT_OUT, JsonOption, OutOption, console, fail, print_json
from chemx.pipeline.build import BuildSettings
from chemx.pipeline.build import Progress as BuildProgress
from chemx.pipeline.report import BuildReport


def build(
    corpus: Annotated[
        str,
        typer.Option(
            "--corpus",
            "-c",
            help="'sample' (the embedded offline corpus), 'pmc_oa', or a folder of JATS "
            ".nxml files (with their figure images) and/or PDFs.",
        ),
    ] = "sample",
    out: OutOption = DEFAULT_OUT,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Papers processed concurrently.")
    ] = 4,
    executor: Annotated[
        str, typer.Option("--executor", help="Where per-paper work runs: 'local'.")
    ] = "local",
    pdf_backend: Annotated[
        str,
        typer.Option(
            "--pdf-backend",
            help="'pymupdf' (default, offline) or 'mineru' (needs MinerU and its models).",
        ),
    ] = "pymupdf",
    as_json: JsonOption = False,
) -> None:
    """Build (or grow) a benchmark store from a corpus.

    Re-running into the same --out adds only what is new; a build that was interrupted
    (even killed) resumes where it stopped. Writes OUT/chemx.db, OUT/blobs/ and
    OUT/build_report.json.
    """
    from chemx.provenance.store import StoreError
    from chemx.sources import CorpusError

    try:
        settings = BuildSettings(
            corpus=corpus, out=out, workers=workers, executor=executor, pdf_backend=pdf_backend
        )
    except ValidationError as exc:
        raise fail(f"invalid build settings: {exc.errors()[0]['msg']}") from exc
    from chemx.pipeline.build import run_build

    try:
        report = run_build(settings) if as_json else _run_with_progress(settings, run_build)
    except (CorpusError, StoreError, ValueError) as exc:
        raise fail(str(exc)) from exc
    if as_json:
        print_json(report.model_dump(mode="json"))
    else:
        _print_summary(report, out)
    if report.documents.discovered and report.documents.rejected == report.documents.discovered:
        raise typer.Exit(1)  # nothing could be read


def _run_with_progress(
    settings: BuildSettings, run_build: Callable[[BuildSettings, BuildProgress], BuildReport]
) -> BuildReport:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("[dim]{task.fields[current]}"),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("papers", total=None, rate="", current="")

        def started(total: int) -> None:
            bar.update(task, total=total)

        def advanced(name: str, run: object) -> None:
            bar.advance(task)
            elapsed = bar.tasks[task].elapsed or 0.0
            done = bar.tasks[task].completed
            rate = f"{done / elapsed:.1f}/s" if elapsed > 0 else ""
            bar.update(task, rate=rate, current=Path(name).name)

        return run_build(settings, BuildProgress(started=started, advanced=advanced))


def _print_summary(report: BuildReport, out: Path) -> None:
    def total(kind: str, status: str = "ok") -> int:
        return report.totals.get(kind, {}).get(status, 0)

    table = Table(title=f"chemx build: {report.corpus}", show_header=True)
    table.add_column("")
    table.add_column("in store", justify="right")
    table.add_column("rejected", justify="right")
    for label, kind in (
        ("papers", "paper"),
        ("figures", "figure"),
        ("paragraphs", "paragraph"),
        ("sentences", "sentence"),
        ("figure references", "figure_reference"),
        ("unreadable files", "source"),
    ):
        table.add_row(label, str(total(kind)), str(total(kind, "rejected")))
    console.print(table)
    docs = report.documents
    console.print(
        f"documents: {docs.discovered} found, {docs.ran} built, {docs.resumed} resumed, "
        f"{docs.already_done} already done, {docs.rejected} unreadable; "
        f"{report.elapsed_s:.1f} s ({report.papers_per_s:.2f} papers/s); "
        f"rows added: {report.rows_added.get('nodes', 0)} nodes, "
        f"{report.rows_added.get('decisions', 0)} decisions"
    )
    if report.rejections:
        rejections = Table(title="rejections by reason")
        for column in ("gate", "reason", "count"):
            rejections.add_column(column, justify="right" if column == "count" else "left")
        for row in report.rejections:
            rejections.add_row(row.gate, row.reason, str(row.count))
        console.print(rejections)
    console.print(f"report: {out / 'build_report.json'}   store: {out / 'chemx.db'}")
