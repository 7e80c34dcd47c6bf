"""Options and helpers shared by the commands.

This module is imported to build the parser (`chemx --help`), so it imports only typer,
rich and chemx's errors; the store and the release are imported inside the helpers that
need them.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

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


class FolderError(ChemxError):
    """A folder given on the command line is a file, or cannot be created or written."""


class StoreUnusable(ChemxError):
    """The store's database cannot be read or written (damaged, read-only, not a store)."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error to stderr and return the Exit to raise.

    The message is printed literally: paths, titles and ids may hold ``[...]``, which
    rich would otherwise read as markup.
    """
    errors.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


def user_errors(command: Callable[..., T]) -> Callable[..., T]:
    """Render a `ChemxError` from `command` as one line (exit 2); let bugs show their traceback."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return command(*args, **kwargs)
        except ChemxError as exc:
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
            raise fail("; ".join(lines)) from exc

    return run


def print_json(data: Any) -> None:
    """Print JSON to stdout without rich markup or wrapping."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def _strerror(exc: OSError) -> str:
    return exc.strerror or str(exc)


def existing_folder(path: Path, option: str = "--out") -> Path:
    """`path` for reading a build folder: refused when it is a file.

    A missing folder is left to the store, whose error names the build to run.
    """
    if (path.exists() or path.is_symlink()) and not path.is_dir():
        raise FolderError(
            f"{option} {path} is a file, not a build folder; give the folder that "
            "`chemx build --out` wrote"
        )
    return path


def writable_folder(path: Path, option: str = "--out") -> Path:
    """`path` for writing a build folder: refused when it is a file or cannot be written.

    Checked before any work, by writing a probe file, so a read-only disk or folder is
    one line now rather than an SQLite error after the corpus was read. A folder that
    does not exist yet is not created here; its nearest existing parent is checked.
    """
    from chemx.provenance.store import DB_NAME

    if (path.exists() or path.is_symlink()) and not path.is_dir():
        raise FolderError(f"{option} {path} is a file, not a folder; choose a folder")
    target = path
    while not target.exists():
        if target.parent == target:
            break
        target = target.parent
    if not target.is_dir():
        raise FolderError(
            f"cannot create {option} {path}: {target} is a file, not a folder; "
            "choose another folder"
        )
    try:
        with tempfile.TemporaryFile(dir=target, prefix=".chemx-probe-"):
            pass
    except OSError as exc:
        what = f"{option} {path}" if target == path else f"cannot create {option} {path}: {target}"
        raise FolderError(
            f"{what} is not writable ({_strerror(exc)}); choose another folder or make it writable"
        ) from exc
    database = path / DB_NAME
    try:
        if database.exists():
            with database.open("r+b"):
                pass
    except OSError as exc:
        raise FolderError(
            f"{option} {path}: its store {database} is not writable ({_strerror(exc)}); "
            "make it writable or choose another folder"
        ) from exc
    return path


SQLITE_FIXES = {
    "SQLITE_NOTADB": "it is not a chemx store; point {option} at a folder `chemx build` wrote",
    "SQLITE_CORRUPT": "the database is damaged; build again into a new folder",
    "SQLITE_READONLY": "make {folder} and its chemx.db writable, or build into another folder",
    "SQLITE_CANTOPEN": "SQLite needs to read the database and write beside it, even to "
    "read it; make {folder} writable or copy it somewhere writable",
    "SQLITE_PERM": "make {folder} and its chemx.db writable, or copy it somewhere writable",
    "SQLITE_IOERR": "a disk read or write failed; check the disk holding {folder}",
    "SQLITE_FULL": "the disk is full; free space and run the command again",
    "SQLITE_BUSY": "another process holds the database; wait for it to finish",
}
"""SQLite result codes that describe the store's file rather than chemx, with the fix."""

OS_CONDITIONS = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC, errno.EDQUOT}
"""OS errors on the store's files that a user fixes (permissions, read-only or full disk)."""


@contextlib.contextmanager
def store_errors(folder: Path, option: str = "--out") -> Iterator[None]:
    """Turn a store file that cannot be used into one line naming the store and the fix.

    Only conditions of the file are translated (not a database, damaged, read-only,
    unopenable, disk full, permission denied); any other SQLite error is a bug and keeps
    its traceback.
    """
    import sqlite3

    try:
        yield
    except sqlite3.DatabaseError as exc:
        code = "_".join(str(getattr(exc, "sqlite_errorname", "")).split("_")[:2])
        fix = SQLITE_FIXES.get(code)
        if fix is None and code == "SQLITE_ERROR" and str(exc).startswith("no such table"):
            fix = SQLITE_FIXES["SQLITE_NOTADB"]  # an empty file or another program's database
        if fix is None:
            raise
        raise StoreUnusable(
            f"store {folder / 'chemx.db'}: {exc}; {fix.format(folder=folder, option=option)}"
        ) from exc
    except OSError as exc:
        if exc.errno not in OS_CONDITIONS:
            raise
        raise StoreUnusable(
            f"store {folder}: {_strerror(exc)}: {exc.filename or folder}; make the folder "
            "writable and the disk not full, or use another folder"
        ) from exc
