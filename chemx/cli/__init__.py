"""The `chemx` command line (typer + rich)."""

from __future__ import annotations

import typer

from chemx.cli import _build, _eval, _inspect, _release, _report
from chemx.cli._classifier import classifier_app
from chemx.cli._common import errors, user_errors
from chemx.cli._errors import errors_app

app = typer.Typer(
    name="chemx",
    help=(
        "Build literature-grounded multimodal chemistry benchmarks from open-access papers, "
        "trace every item back to its sentence, audit what the quality gates rejected, and "
        "evaluate vision-language models on the result."
    ),
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",  # docstring paragraphs reflow instead of keeping line breaks
)
app.command("build")(user_errors(_build.build))
app.command("trace")(user_errors(_inspect.trace))
app.command("audit")(user_errors(_inspect.audit))
app.command("papers")(user_errors(_inspect.papers))
app.command("release")(user_errors(_release.release))
app.command("validate")(user_errors(_release.validate))
app.command("eval")(user_errors(_eval.eval_))
app.add_typer(classifier_app, name="classifier")
app.command("report")(user_errors(_report.report))
app.add_typer(errors_app, name="errors")

BUG_HINT = (
    "this is a bug in chemx, not something you did: please report it with the traceback "
    "above and the command you ran"
)


def main() -> None:
    """Console-script entry point: user errors are one line (inside `app`); bugs add a hint."""
    try:
        app()
    except Exception:
        errors.print(f"[bold red]{BUG_HINT}[/]")
        raise
