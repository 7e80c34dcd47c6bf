"""The `chemx` command line (typer + rich)."""

from __future__ import annotations

import typer

from chemx.cli import _build, _inspect, _release
from chemx.cli._classifier import classifier_app

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
app.command("build")(_build.build)
app.command("trace")(_inspect.trace)
app.command("audit")(_inspect.audit)
app.command("papers")(_inspect.papers)
app.command("release")(_release.release)
app.command("validate")(_release.validate)
app.add_typer(classifier_app, name="classifier")


def main() -> None:
    """Console-script entry point."""
    app()
