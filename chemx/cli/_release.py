"""`chemx release` and `chemx validate`: publish a build's accepted items, check a release."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import (
    DEFAULT_OUT,
    JsonOption,
    console,
    errors,
    existing_folder,
    fail,
    print_json,
    store_errors,
)

StoreOption = Annotated[
    Path,
    typer.Option(
        "--store",
        "-s",
        envvar="CHEMX_OUT",
        help="Build folder holding chemx.db (what `chemx build --out` wrote).",
    ),
]


def _date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError as exc:
        raise fail(f"{option} {value!r}: expected a date like 2023-10-01") from exc


def release(
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Release folder to write (empty or a previous release)."),
    ],
    store: StoreOption = DEFAULT_OUT,
    published_after: Annotated[
        str | None,
        typer.Option(help="Only items whose paper was published strictly after this date."),
    ] = None,
    published_before: Annotated[
        str | None,
        typer.Option(help="Only items whose paper was published strictly before this date."),
    ] = None,
    allow_partial: Annotated[
        bool,
        typer.Option(
            "--allow-partial",
            help="Release even though the store's last build did not finish (or is not "
            "recorded); the card and release.json then say the release is partial and why.",
        ),
    ] = False,
    include_unknown_licence: Annotated[
        bool,
        typer.Option(
            "--include-unknown-licence",
            help="Also release the items whose paper states no licence (left out by "
            "default); the card then says how many there are and that their rights must "
            "be cleared before redistribution.",
        ),
    ] = False,
    balance_options: Annotated[
        bool,
        typer.Option(
            "--balance/--no-balance",
            help="Letter spare wrong answers where that stops a wording shortcut (the "
            "rarest feature or mechanism across the release, stem overlap) from finding the "
            "answer or spreads the answers evenly over the length ranks; each replacement "
            "is in the item's provenance. --no-balance releases the generator's options as "
            "they are.",
        ),
    ] = True,
    hold_out_answerable: Annotated[
        bool,
        typer.Option(
            "--hold-out/--no-hold-out",
            help="After balancing, hold out the items that text-only shortcuts answer "
            "while one of them is over the 35% limit of `chemx validate`, most-answered "
            "first, never below 30 items; release.json names each one and what answered it. "
            "--no-hold-out releases every accepted item.",
        ),
    ] = True,
    as_json: JsonOption = False,
) -> None:
    """Write the accepted items as a Hugging Face dataset folder (parquet, card, provenance).

    Releasing the same store twice gives byte-identical files; --published-after and
    --published-before select items by their paper's date (contamination control:
    evaluate a model only on papers published after its training cutoff). A store whose
    last build did not finish is refused unless --allow-partial is given. Items whose
    paper states no licence are left out, and counted, unless --include-unknown-licence
    is given.
    """
    from chemx.release import DateRange, write_release

    dates = DateRange(
        after=_date(published_after, "--published-after"),
        before=_date(published_before, "--published-before"),
    )
    if dates.after and dates.before and dates.after >= dates.before:
        raise fail("--published-after must be earlier than --published-before")
    existing_folder(store, "--store")
    with store_errors(store, "--store"):
        summary = write_release(
            store,
            out,
            dates,
            allow_partial=allow_partial,
            include_unknown_licence=include_unknown_licence,
            balance_options=balance_options,
            hold_out_answerable=hold_out_answerable,
        )
    if summary.partial:
        errors.print(
            f"[bold yellow]partial release:[/] {escape(summary.build.describe())}",
        )
    if summary.licences.included:
        errors.print(f"[bold yellow]unknown licence:[/] {escape(summary.licences.describe())}")
    if as_json:
        print_json(
            {
                "out": str(summary.out),
                "items": summary.items,
                "papers": summary.papers,
                "files": summary.files,
                "dates": summary.dates,
                "combined_sha256": summary.combined_sha256,
                "build": summary.build.manifest(),
                "unknown_licence": summary.licences.manifest(),
                "balancing": summary.balancing.summary() if summary.balancing else None,
                "holdout": summary.holdout.summary() if summary.holdout else None,
            }
        )
        return
    console.print(
        escape(
            f"released {summary.items} items from {summary.papers} papers ({summary.dates}) "
            f"into {summary.out}: {summary.files} files, combined sha256 "
            f"{summary.combined_sha256}"
        )
    )
    if summary.balancing is not None:
        console.print(escape(summary.balancing.describe()))
    if summary.holdout is not None:
        console.print(escape(summary.holdout.describe()))
    if not summary.licences.included:
        console.print(escape(summary.licences.describe()))


def validate(
    folder: Annotated[Path, typer.Argument(help="A folder written by `chemx release`.")],
    max_shortcut_accuracy: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=1.0,
            help="Fail when a text-only shortcut (longest option, rarest feature, an "
            "option-only classifier, ...) answers more than this share of the items "
            "(releases of 30 items or more).",
        ),
    ] = 0.35,
    as_json: JsonOption = False,
) -> None:
    """Check a release: schema, one answer, letter balance, shortcuts, duplicates, provenance.

    Exits 1 when any check fails (see `chemx.release.validate` for the checks and their
    thresholds), including a release made with --allow-partial; a damaged file fails its
    check with a one-line reason.
    """
    from chemx.release import validate as run_checks

    if not folder.is_dir():
        raise fail(f"{folder} is not a folder")
    report = run_checks(folder, max_shortcut_accuracy=max_shortcut_accuracy)
    if as_json:
        print_json(report.to_json())
    else:
        table = Table(title=escape(f"chemx validate {folder}"))
        for column in ("check", "result", "detail"):
            table.add_column(column)
        for check in report.checks:
            result = "skipped" if check.skipped else ("ok" if check.ok else "FAILED")
            style = "yellow" if check.skipped else ("green" if check.ok else "bold red")
            table.add_row(check.name, f"[{style}]{result}[/]", escape(check.message))
        console.print(table)
    if not report.ok:
        raise typer.Exit(1)
