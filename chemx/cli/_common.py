"""Options and helpers shared by the commands."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from chemx.errors import ChemxError

T = TypeVar("T")

console = Console()
errors = Console(stderr=True, soft_wrap=True)  # one line, however long: the terminal wraps it

OutOption = Annotated[
    Path,
    typer.Option(
        "--out",
        "-o",
        envvar="CHEMX_OUT",
        help="Build folder holding chemx.db, blobs/ and build_report.json.",
    ),
]
DEFAULT_OUT = Path("chemx-out")

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts instead of tables.")
]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error to stderr and return the Exit to raise."""
    errors.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)


def user_errors(command: Callable[..., T]) -> Callable[..., T]:
    """Render a `ChemxError` from `command` as one line (exit 2); let bugs show their traceback."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return command(*args, **kwargs)
        except ChemxError as exc:
            raise fail(str(exc)) from exc

    return run


def print_json(data: Any) -> None:
    """Print JSON to stdout without rich markup or wrapping."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
