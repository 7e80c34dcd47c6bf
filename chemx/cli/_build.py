"""`chemx build`.

The pipeline (agents, models, torch-adjacent backends) is imported when the command
runs, not when the parser is built: `chemx --help` and `chemx build --help` need only
the settings and the registry.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from pydantic import ValidationError
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from chemx.cli._common import (
    DEFAULT_OUT,
    JsonOption,
    OutOption,
    console,
    errors,
    fail,
    print_json,
    store_errors,
    writable_folder,
)
from chemx.cli._options import with_settings_options
from chemx.settings import STAGE_SETTINGS, BuildSettings

if TYPE_CHECKING:
    from chemx.pipeline.build import Progress as BuildProgress
    from chemx.pipeline.report import BuildReport

MODEL_OPTION_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*")
"""ROLE.FIELD: anything else is refused without echoing it (it may be an API key)."""


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
        int,
        typer.Option(
            "--concurrency",
            "--workers",
            "-j",
            "-w",
            min=1,
            help="Papers in flight at once. Their model calls never exceed each endpoint's "
            "limit (the models file's `concurrency`); set this above it to keep the endpoint "
            "busy while some papers are in the vision stage.",
        ),
    ] = 4,
    executor: Annotated[
        str,
        typer.Option(
            "--executor",
            help="Where per-paper work runs: 'local' (threads in this process, resumable "
            "after each stage), 'process' (one worker process per core, papers in threads "
            "in each: every core works on the vision stages) or 'ray' (Ray actors on a "
            "local or existing cluster; pip install 'chemx[ray]').",
        ),
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="With --executor ray: join this Ray cluster ('auto' or HOST:PORT) instead "
            "of starting a private one on this machine.",
        ),
    ] = None,
    until: Annotated[
        str,
        typer.Option(help="Stop after this stage: acquire, visual, grounding or generation."),
    ] = "generation",
    device: Annotated[
        str | None, typer.Option(help="cuda or cpu for the models (default: cuda if present).")
    ] = None,
    models: Annotated[
        Path | None,
        typer.Option(help="TOML file of model endpoints per role (identifier, grounding, ...)."),
    ] = None,
    model_option: Annotated[
        list[str] | None,
        typer.Option(
            "--model-option",
            help="Override one endpoint setting, e.g. identifier.base_url=http://localhost:8000/v1 "
            "(repeatable).",
        ),
    ] = None,
    as_json: JsonOption = False,
    *,
    stages: dict[str, dict[str, Any]],
) -> None:
    """Build (or grow) a benchmark store from a corpus.

    Re-running into the same --out adds only what is new; a build that was interrupted
    (even killed) resumes where it stopped. Writes OUT/chemx.db, OUT/blobs/ and
    OUT/build_report.json. Every backend option lists the registered choices.
    """
    try:
        options = dict(_key_value(item, n) for n, item in enumerate(model_option or [], 1))
        settings = BuildSettings(
            corpus=corpus,
            out=out,
            workers=workers,
            executor=executor,  # validated by pydantic
            ray_address=ray_address,
            until=until,
            device=device,
            models=models,
            model_options=options,
            **stages,
        )
    except ValidationError as exc:
        error = exc.errors()[0]
        raise fail(f"invalid {_flag(error['loc'])}: {_message(error['msg'])}") from exc
    writable_folder(out)
    from chemx.pipeline.build import run_build

    try:
        with sigterm_as_interrupt(), store_errors(out):
            report = run_build(settings) if as_json else _run_with_progress(settings, run_build)
    except KeyboardInterrupt:  # before any paper ran: loading models, fetching from PMC
        errors.print(
            "interrupted before the papers were built; nothing is lost (downloads resume): "
            "run the same command again"
        )
        raise typer.Exit(130) from None
    if as_json:
        print_json(report.model_dump(mode="json"))
    else:
        _print_summary(report, out)
    _exit_for(report)


def _exit_for(report: BuildReport) -> None:
    """Exit 130 when interrupted, 3 when a re-run must retry some work, 1 when nothing read."""
    docs = report.documents
    if report.status == "interrupted":
        errors.print(
            f"interrupted: {docs.ran + docs.resumed + docs.already_done} of {docs.discovered} "
            "documents finished; the store is consistent: run the same command again to resume"
        )
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)  # do not wait for in-flight papers: they resume next time
    if report.status == "incomplete":
        causes = sorted({note.summary for note in report.retries})
        errors.print(
            f"incomplete: {docs.retry} document(s) hit failures that a re-run retries: "
            + escape("; ".join(causes))
            + ". Run the same command again (when the cause is fixed) to finish them."
        )
        raise typer.Exit(3)
    if docs.discovered and docs.rejected == docs.discovered:
        raise typer.Exit(1)  # nothing could be read


build = with_settings_options(build, STAGE_SETTINGS)


def _flag(location: tuple[int | str, ...]) -> str:
    """The flag a settings error is about, with its aliases: '--qc2 (--grounding)'."""
    if not location:
        return "option"
    name = str(location[-1])
    flag = "--" + name.replace("_", "-")
    model = STAGE_SETTINGS.get(str(location[0])) if len(location) > 1 else None
    field = model.model_fields.get(name) if model else None
    extra = field.json_schema_extra if field else None
    found = extra.get("cli_aliases") if isinstance(extra, dict) else None
    aliases = [str(alias) for alias in found] if isinstance(found, list) else []
    return f"{flag} ({', '.join(aliases)})" if aliases else flag


def _message(text: str) -> str:
    return text.removeprefix("Value error, ")


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (a scheduler stopping the job) stops the build like Ctrl-C: resumably."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread (e.g. a test runner): leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _key_value(item: str, number: int) -> tuple[str, str]:
    """Split one --model-option; a malformed one is refused without showing what was given."""
    key, sep, value = item.partition("=")
    if not sep or not MODEL_OPTION_KEY.fullmatch(key.strip()):
        raise fail(
            f"--model-option (the {_ordinal(number)} one) is not ROLE.FIELD=VALUE, "
            "e.g. identifier.model=gpt-4o; what was given is not shown, as it may be a secret"
        )
    return key.strip(), value.strip()


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _run_with_progress(
    settings: BuildSettings, run_build: Callable[[BuildSettings, BuildProgress], BuildReport]
) -> BuildReport:
    from chemx.pipeline.build import Progress as BuildProgress

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
            bar.update(task, rate=rate, current=escape(Path(name).name))

        return run_build(settings, BuildProgress(started=started, advanced=advanced))


def _print_summary(report: BuildReport, out: Path) -> None:
    def total(kind: str, status: str = "ok") -> int:
        return report.totals.get(kind, {}).get(status, 0)

    table = Table(title=escape(f"chemx build: {report.corpus}"), show_header=True)
    table.add_column("")
    table.add_column("in store", justify="right")
    table.add_column("rejected", justify="right")
    for label, kind in (
        ("papers", "paper"),
        ("figures", "figure"),
        ("paragraphs", "paragraph"),
        ("sentences", "sentence"),
        ("figure references", "figure_reference"),
        ("structures and crops", "structure"),
        ("evidence", "evidence"),
        ("candidates", "candidate"),
        ("items", "item"),
        ("unreadable files", "source"),
    ):
        table.add_row(label, str(total(kind)), str(total(kind, "rejected")))
    console.print(table)
    if report.identifier_backends:
        labelled = ", ".join(f"{name}: {n}" for name, n in report.identifier_backends.items())
        console.print(f"identifiers by backend: {escape(labelled)}")
    evidence = [b for b in report.backends if b.kind == "evidence"]
    if evidence:
        made = ", ".join(f"{b.backend}: {b.count}" for b in evidence)
        console.print(f"evidence blocks by backend (expansion+QC 2): {escape(made)}")
    if report.selected_backends:
        made = ", ".join(f"{c.kind}: {c.backend}" for c in report.selected_backends)
        console.print(f"backends: {escape(made)}")
    if report.model_calls:
        calls = ", ".join(
            f"{role} {c.calls} ({c.cache_hits} cached, {c.failed} failed, {c.tokens:,} tokens)"
            for role, c in report.model_calls.items()
        )
        console.print(f"model calls by role: {escape(calls)}")
    if report.stage_seconds:
        spent = ", ".join(f"{stage} {s:.1f} s" for stage, s in report.stage_seconds.items())
        console.print(f"time per stage (summed over papers): {escape(spent)}")
    if report.attrition:
        chain = " -> ".join(f"{stage.name} {stage.count}" for stage in report.attrition)
        console.print(f"funnel: {escape(chain)}")
    console.print(f"executor: {report.executor}, {report.workers} papers in flight")
    docs = report.documents
    console.print(
        f"documents: {docs.discovered} found, {docs.ran} built, {docs.resumed} resumed, "
        f"{docs.already_done} already done, {docs.retry} to retry, {docs.rejected} unreadable; "
        f"{report.elapsed_s:.1f} s ({report.papers_per_s:.2f} papers/s); "
        f"rows added: {report.rows_added.get('nodes', 0)} nodes, "
        f"{report.rows_added.get('decisions', 0)} decisions"
    )
    if report.rejections:
        rejections = Table(title="rejections by reason")
        for column in ("gate", "reason", "count", "share"):
            rejections.add_column(
                column, justify="left" if column in ("gate", "reason") else "right"
            )
        for row in report.rejections:
            rejections.add_row(
                escape(row.gate), escape(row.reason), str(row.count), f"{row.share:.1%}"
            )
        console.print(rejections)
    console.print(escape(f"report: {out / 'build_report.json'}   store: {out / 'chemx.db'}"))
    if report.funnel_png:
        console.print(escape(f"funnel plot: {report.funnel_png}"))
