"""`chemx errors export|import`: wrong answers out to annotators, their labels back in."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import FolderError, JsonOption, console, print_json, user_errors

if TYPE_CHECKING:
    from chemx.evaluation.taxonomy import Taxonomy, TaxonomySummary

errors_app = typer.Typer(
    help="Error taxonomy: export a run's wrong answers for annotators, import their labels.",
    no_args_is_help=True,
)

TaxonomyOption = Annotated[
    Path | None,
    typer.Option(
        "--taxonomy",
        help="Error types to label with: TOML/JSON (name, categories: key, description) or "
        "text (one label a line). Default: perception, knowledge, attribution.",
    ),
]


def _taxonomy(path: Path | None) -> Taxonomy:
    from chemx.evaluation.taxonomy import DEFAULT_TAXONOMY, load_taxonomy

    return DEFAULT_TAXONOMY if path is None else load_taxonomy(path)


@errors_app.command("export")
@user_errors
def export(
    run_dir: Annotated[Path, typer.Argument(help="The run folder (run.json, trials.jsonl).")],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="CSV to write (default RUN_DIR/errors.csv); the HTML page and "
            "the images folder go beside it.",
        ),
    ] = None,
    release: Annotated[
        Path | None,
        typer.Option(help="The release folder the run was made on (default: from run.json)."),
    ] = None,
    data_urls: Annotated[
        bool,
        typer.Option(
            "--data-urls", help="Put each image in the CSV as a data URL instead of a PNG file."
        ),
    ] = False,
    taxonomy: TaxonomyOption = None,
    as_json: JsonOption = False,
) -> None:
    """Write the run's wrong answers (majority vote) for annotation: CSV + HTML page.

    Each row has the item's image, stem and options, the correct and the model's answer,
    the reasoning trace and the item's source sentence, and empty label, annotator and
    notes columns. The page shows the same and downloads the labels as a CSV.
    """
    from chemx.evaluation.errors_export import export_errors
    from chemx.evaluation.results import load_run

    target = out if out is not None else run_dir / "errors.csv"
    if target.is_dir():
        raise FolderError(f"--out {target} is a folder; give the CSV file to write")
    run = load_run(run_dir, release)
    summary = export_errors(run, target, data_urls=data_urls, taxonomy=_taxonomy(taxonomy))
    data = {
        "run_id": run.run_id,
        "errors": summary.errors,
        "csv": str(summary.csv),
        "html": str(summary.html),
        "images": str(summary.images) if summary.images else None,
    }
    if as_json:
        print_json(data)
        return
    console.print(
        f"{summary.errors} wrong answers of {escape(run.run_id)} -> {escape(str(summary.csv))} "
        f"and {escape(str(summary.html))}"
    )


def _print_summary(summary: TaxonomySummary) -> None:
    keys = summary.taxonomy.keys
    table = Table(title=escape(f"Error types ({summary.taxonomy.name}), % [Wilson 95% CI] (n)"))
    table.add_column("annotator")
    table.add_column("errors", justify="right")
    for key in keys:
        table.add_column(escape(key), justify="right")
    for d in (summary.consensus, *summary.annotators):
        cells = [
            f"{100 * d.shares[k].estimate:.1f} [{100 * d.shares[k].low:.1f}, "
            f"{100 * d.shares[k].high:.1f}] ({d.counts[k]})"
            if d.total
            else "–"
            for k in keys
        ]
        table.add_row(escape(d.annotator), str(d.total), *cells)
    console.print(table)
    for a in (summary.agreement, summary.weighted_agreement):
        if a is not None:
            console.print(
                f"Gwet's {a.name} = {a.coefficient:.3f} [{a.low:.3f}, {a.high:.3f}] over "
                f"{a.subjects} errors, {a.raters} annotators; unanimous on "
                f"{100 * a.unanimous:.1f}%"
            )
    if summary.unresolved:
        console.print(f"tied labels (no consensus): {escape(', '.join(summary.unresolved))}")


@errors_app.command("import")
@user_errors
def import_labels(
    files: Annotated[
        list[Path],
        typer.Argument(help="Labels CSVs, one per annotator (or with an annotator column)."),
    ],
    taxonomy: TaxonomyOption = None,
    run: Annotated[
        Path | None,
        typer.Option(
            "--run",
            help="Run folder to store the labels in (annotations.json, read by `chemx "
            "report`). Without it they are only summarised.",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Read annotators' labels; print the error-type distribution and their agreement."""
    from chemx.evaluation.results import RunError, read_manifest
    from chemx.evaluation.taxonomy import read_label_files, summarise, write_annotations

    annotations = read_label_files(files, _taxonomy(taxonomy))
    stored = None
    if run is not None:
        manifest = read_manifest(run)
        if annotations.run_id is not None and annotations.run_id != manifest.run_id:
            raise RunError(
                f"the labels are for run {annotations.run_id}, but {run} is run "
                f"{manifest.run_id}; give --run the folder the errors were exported from"
            )
        annotations = annotations.model_copy(update={"run_id": manifest.run_id})
        stored = write_annotations(run, annotations)
    summary = summarise(annotations)
    if as_json:
        from chemx.evaluation.report_json import errors_json

        print_json({**(errors_json(summary) or {}), "stored": str(stored) if stored else None})
        return
    _print_summary(summary)
    if stored:
        console.print(f"labels stored in {escape(str(stored))}; `chemx report` shows them")
