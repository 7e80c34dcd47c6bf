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
    until: Annotated[
        str,
        typer.Option(
            help="Stop after this stage: acquire, visual, grounding or generation (default: all)."
        ),
    ] = "generation",
    segmenter: Annotated[
        str,
        typer.Option(help="Multi-molecule figures: 'classical' (offline) or 'decimer'."),
    ] = "classical",
    reaction_parser: Annotated[
        str,
        typer.Option(help="Reaction schemes: 'classical' (offline) or 'rxnscribe'."),
    ] = "classical",
    identifier: Annotated[
        str,
        typer.Option(
            help="Compound labels: 'ocr' (EasyOCR, offline), 'tesseract', or 'vlm' (the "
            "identifier role's endpoint, with the structure boxed in red)."
        ),
    ] = "ocr",
    classifier_checkpoint: Annotated[
        Path | None, typer.Option(help="Figure classifier weights (default: the shipped ones).")
    ] = None,
    device: Annotated[
        str | None, typer.Option(help="cuda or cpu for the models (default: cuda if present).")
    ] = None,
    ocsr: Annotated[
        str,
        typer.Option(
            help="Attach SMILES where an OCSR tool reads the crop: 'none' or 'osra' (Debian "
            "package osra). Never required: structures stay images."
        ),
    ] = "none",
    grounding: Annotated[
        str,
        typer.Option(
            help="QC 2 sentence labels: 'offline' (the shipped MiniLM classifier) or 'llm' "
            "(the grounding role's endpoint, with the structure image)."
        ),
    ] = "offline",
    expansion: Annotated[
        str,
        typer.Option(
            help="Context expansion within the paragraph: 'embedding' (MiniLM cosine, "
            "offline), 'llm' (the grounding role) or 'none'."
        ),
    ] = "embedding",
    prefilter: Annotated[
        bool,
        typer.Option(
            "--prefilter/--no-prefilter",
            help="With --grounding llm: reject blocks the classifier finds no explanation in "
            "(at its recall-oriented threshold) without calling the model.",
        ),
    ] = False,
    generator: Annotated[
        str,
        typer.Option(
            help="Question generation: 'template' (template-v1, offline: connective patterns, "
            "SMARTS features, curated mechanisms) or 'llm' (the generator role's endpoint)."
        ),
    ] = "template",
    judge: Annotated[
        str,
        typer.Option(
            help="QC 3: 'heuristic' (heuristic-judge-v1, offline) or 'llm' (the judge role, "
            "three scorings with shuffled options)."
        ),
    ] = "heuristic",
    judge_threshold: Annotated[
        float, typer.Option(help="QC 3 accepts at this mean score over the four dimensions.")
    ] = 4.0,
    judge_rounds: Annotated[
        int, typer.Option(help="LLM judge scorings per question, each with shuffled options.")
    ] = 3,
    generation_ocsr: Annotated[
        str,
        typer.Option(
            help="Visible features for distractors: read a SMILES with OSRA when the structure "
            "has none ('auto': when osra is installed, the report says which; 'osra': required) "
            "or use the paper's text only ('none')."
        ),
    ] = "auto",
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
) -> None:
    """Build (or grow) a benchmark store from a corpus.

    Re-running into the same --out adds only what is new; a build that was interrupted
    (even killed) resumes where it stopped. Writes OUT/chemx.db, OUT/blobs/ and
    OUT/build_report.json.
    """
    from chemx.provenance.store import StoreError
    from chemx.sources import CorpusError
    from chemx.visual.classifier import ClassifierError

    try:
        options = dict(_key_value(item) for item in model_option or [])
        settings = BuildSettings(
            corpus=corpus,
            out=out,
            workers=workers,
            executor=executor,
            pdf_backend=pdf_backend,
            until=until,
            segmenter=segmenter,
            reaction_parser=reaction_parser,
            identifier=identifier,
            classifier_checkpoint=classifier_checkpoint,
            device=device,
            ocsr=ocsr,
            grounding=grounding,
            expansion=expansion,
            prefilter=prefilter,
            generator=generator,
            judge=judge,
            judge_threshold=judge_threshold,
            judge_rounds=judge_rounds,
            generation_ocsr=generation_ocsr,
            models=models,
            model_options=options,
        )
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"])
        raise fail(f"invalid --{field.replace('_', '-')}: {error['msg']}") from exc
    from chemx.pipeline.build import run_build

    try:
        report = run_build(settings) if as_json else _run_with_progress(settings, run_build)
    except (CorpusError, StoreError, ClassifierError, ValueError) as exc:
        raise fail(str(exc)) from exc
    if as_json:
        print_json(report.model_dump(mode="json"))
    else:
        _print_summary(report, out)
    if report.documents.discovered and report.documents.rejected == report.documents.discovered:
        raise typer.Exit(1)  # nothing could be read


def _key_value(item: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep or not key:
        raise fail(f"--model-option {item!r}: expected ROLE.FIELD=VALUE")
    return key.strip(), value.strip()


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
        console.print(f"identifiers by backend: {labelled}")
    evidence = [b for b in report.backends if b.kind == "evidence"]
    if evidence:
        made = ", ".join(f"{b.backend}: {b.count}" for b in evidence)
        console.print(f"evidence blocks by backend (expansion+QC 2): {made}")
    if report.generation_backends:
        made = ", ".join(f"{role}: {name}" for role, name in report.generation_backends.items())
        console.print(f"questions by backend: {made}")
    if report.attrition:
        chain = " -> ".join(f"{stage.name} {stage.count}" for stage in report.attrition)
        console.print(f"funnel: {chain}")
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
    if report.funnel_png:
        console.print(f"funnel plot: {report.funnel_png}")
