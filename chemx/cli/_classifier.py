"""`chemx classifier ...`: inspect and measure the figure classifier."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import JsonOption, console, fail, print_json, user_errors

classifier_app = typer.Typer(help="The ResNet-50 figure classifier.", no_args_is_help=True)


@classifier_app.command("evaluate")
@user_errors
def evaluate(
    folder: Annotated[
        Path,
        typer.Argument(
            help="Labelled figures in ImageFolder layout: FOLDER/CLASS/*.png with classes "
            "single_molecule, multiple_molecules, reaction_scheme, non_chemistry."
        ),
    ],
    checkpoint: Annotated[
        Path | None, typer.Option(help="Checkpoint to evaluate (default: the shipped one).")
    ] = None,
    device: Annotated[
        str | None, typer.Option(help="cuda or cpu (default: cuda if present).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Print accuracy and the confusion matrix of the classifier on a labelled folder."""
    from chemx.visual.classifier import FigureClassifier
    from chemx.visual.classifier_eval import evaluate_folder

    if not folder.is_dir():
        raise fail(f"{folder}: not a folder")
    classifier = FigureClassifier.load(checkpoint, device=device)
    result = evaluate_folder(classifier, folder)
    if as_json:
        print_json(result.model_dump(mode="json"))
        return
    table = Table(
        title=escape(f"{folder}: accuracy {result.accuracy:.3f} on {result.images} figures")
    )
    table.add_column("true \\ predicted")
    for name in result.classes:
        table.add_column(name, justify="right")
    table.add_column("recall", justify="right")
    for name, row in zip(result.classes, result.confusion_matrix, strict=True):
        recall = result.per_class_recall.get(name)
        table.add_row(name, *map(str, row), f"{recall:.3f}" if recall is not None else "-")
    console.print(table)
    console.print(f"{result.seconds_per_image * 1000:.0f} ms per figure on {classifier.device}")
    for line in result.skipped:
        console.print(f"[yellow]skipped[/] {escape(line)}")
