"""`chemx classifier ...`: inspect and measure the figure classifier."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import JsonOption, console, fail, print_json, user_errors

if TYPE_CHECKING:
    from chemx.visual.classifier_eval import RealEvaluation

classifier_app = typer.Typer(help="The ResNet-50 figure classifier.", no_args_is_help=True)

REAL_SPLITS = ("heldout", "train", "all")
NO_SHARED_FOLDER = (
    "real figures: skipped, the shared realworld/ folder is not here (looked for "
    "../shared/realworld beside the repository and /work/shared/realworld)"
)


def _confusion_table(title: str, classes: list[str], confusion: list[list[int]]) -> Table:
    table = Table(title=escape(title))
    table.add_column("true \\ predicted")
    for name in classes:
        table.add_column(name, justify="right")
    table.add_column("recall", justify="right")
    for name, row in zip(classes, confusion, strict=True):
        recall = f"{row[classes.index(name)] / sum(row):.3f}" if sum(row) else "-"
        table.add_row(name, *map(str, row), recall)
    return table


def _print_real(result: RealEvaluation) -> None:
    where = f"{result.split} real figures ({result.figures}, {len(result.groups)} papers/sources)"
    console.print(
        _confusion_table(
            f"{where}: image alone, accuracy {result.image_accuracy:.3f}",
            result.classes,
            result.image_confusion,
        )
    )
    console.print(
        _confusion_table(
            f"{where}: image + caption evidence, accuracy {result.combined_accuracy:.3f}",
            result.classes,
            result.combined_confusion,
        )
    )
    console.print(
        f"chemistry vs non-chemistry {result.chemistry_accuracy:.3f}; plots, spectra, ORTEP "
        f"and 3-D kept as chemistry: {result.non_2d_accepted}; "
        f"{result.seconds_per_image * 1000:.0f} ms per figure"
    )
    for line in result.mistakes:
        console.print(f"  [yellow]wrong[/] {escape(line)}")


@classifier_app.command("evaluate")
@user_errors
def evaluate(
    folder: Annotated[
        Path | None,
        typer.Argument(
            help="Labelled figures in ImageFolder layout: FOLDER/CLASS/*.png with classes "
            "single_molecule, multiple_molecules, reaction_scheme, non_chemistry."
        ),
    ] = None,
    checkpoint: Annotated[
        Path | None, typer.Option(help="Checkpoint to evaluate (default: the shipped one).")
    ] = None,
    device: Annotated[
        str | None, typer.Option(help="cuda or cpu (default: cuda if present).")
    ] = None,
    real: Annotated[
        bool,
        typer.Option(
            "--real/--no-real",
            help="Also score the hand-labelled real figures of the shared realworld/ folder "
            "(classes and split: tests/fixtures/realworld/figure_classes.json); skipped "
            "with a message when the folder is absent.",
        ),
    ] = True,
    split: Annotated[
        str, typer.Option(help="Real figures to score: heldout (never trained on), train, all.")
    ] = "heldout",
    drawn_structures: Annotated[
        bool,
        typer.Option(
            "--drawn-structures/--no-drawn-structures",
            help="Decide the real figures as a build does: where the image and caption "
            "reject a figure, OSRA's ring structures read in the whole figure can turn it "
            "over (needs osra; without it, image and caption only).",
        ),
    ] = True,
    as_json: JsonOption = False,
) -> None:
    """Print accuracy and confusion matrices: on a labelled folder and on held-out real figures."""
    from chemx.visual.classifier import FigureClassifier
    from chemx.visual.classifier_eval import evaluate_folder, evaluate_real

    if split not in REAL_SPLITS:
        raise fail(f"--split {split}: expected one of {', '.join(REAL_SPLITS)}")
    if folder is not None and not folder.is_dir():
        raise fail(f"{folder}: not a folder")
    if folder is None and not real:
        raise fail("nothing to evaluate: give a FOLDER, or leave --real on")
    classifier = FigureClassifier.load(checkpoint, device=device)
    report: dict[str, Any] = {}
    if folder is not None:
        result = evaluate_folder(classifier, folder)
        report = result.model_dump(mode="json")
        if not as_json:
            title = f"{folder}: accuracy {result.accuracy:.3f} on {result.images} figures"
            console.print(_confusion_table(title, result.classes, result.confusion_matrix))
            console.print(
                f"{result.seconds_per_image * 1000:.0f} ms per figure on {classifier.device}"
            )
            for line in result.skipped:
                console.print(f"[yellow]skipped[/] {escape(line)}")
    if real:
        from chemx.visual.ocsr import OsraReader, osra_path

        structures = OsraReader() if drawn_structures and osra_path() else None
        real_result = evaluate_real(classifier, split=split, structures=structures)
        report["real"] = (
            real_result.model_dump(mode="json") if real_result else {"skipped": NO_SHARED_FOLDER}
        )
        if not as_json:
            if real_result is None:
                console.print(f"[yellow]{NO_SHARED_FOLDER}[/]")
            else:
                _print_real(real_result)
    if as_json:
        print_json(report)
