"""Options and helpers shared by the commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

console = Console()
errors = Console(stderr=True)

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


def print_json(data: Any) -> None:
    """Print JSON to stdout without rich markup or wrapping."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
