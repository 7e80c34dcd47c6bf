"""Read the items of a release folder (what `chemx release` wrote) for evaluation.

The release is checked before anything is asked of a model: `combined.sha256` must be
the hash of `checksums.sha256`, and every file that lists must be present and match, so a
score always names exactly the release it was computed on (`Release.checksum` goes into
`run.json`). Items come from the parquet (stem, options, answer, image, features) and
their provenance file (the evidence sentences).

Per-item extra context for ``--condition context`` is read here too: JSON lines
(``{"item_id": ..., "text": ...}``) or CSV with ``item_id`` and ``text`` columns.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.errors import ChemxError
from chemx.evaluation.records import LETTERS, EvalItem


class ReleaseUnreadable(ChemxError):
    """A release folder is missing, damaged or not a chemx release."""


class ContextFileError(ChemxError):
    """An --extra-context file cannot be read or does not fit the release."""


@dataclass(frozen=True)
class Release:
    """A checked release and its items, sorted by id."""

    path: Path
    checksum: str
    """The combined SHA-256 (`combined.sha256`)."""
    items: tuple[EvalItem, ...]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_release(folder: Path) -> str:
    """The release's combined checksum, after checking every file it lists.

    Raises:
        ReleaseUnreadable: naming the file that is missing or does not match.
    """
    from chemx.release.writer import CHECKSUMS, COMBINED

    fix = f"run `chemx validate {folder}`, or release again with `chemx release`"
    if not folder.is_dir():
        raise ReleaseUnreadable(
            f"release {folder} is not a folder; give what `chemx release` wrote"
        )
    combined_file, listing_file = folder / COMBINED, folder / CHECKSUMS
    if not combined_file.is_file() or not listing_file.is_file():
        raise ReleaseUnreadable(
            f"release {folder} has no {COMBINED} or {CHECKSUMS}: not a chemx release; "
            "give the folder `chemx release --out` wrote"
        )
    combined = combined_file.read_text(encoding="utf-8", errors="replace").split()
    listing = listing_file.read_bytes()
    if not combined or combined[0] != hashlib.sha256(listing).hexdigest():
        raise ReleaseUnreadable(
            f"release {folder}: {CHECKSUMS} does not match {COMBINED} (edited or damaged); {fix}"
        )
    for line in listing.decode("utf-8", errors="replace").splitlines():
        expected, _, name = line.partition("  ")
        path = folder / name
        if not name or ".." in Path(name).parts:
            raise ReleaseUnreadable(f"release {folder}: {CHECKSUMS} has a bad line {line!r}; {fix}")
        if not path.is_file():
            raise ReleaseUnreadable(f"release {folder}: {name} is missing; {fix}")
        if _sha256(path) != expected:
            raise ReleaseUnreadable(
                f"release {folder}: {name} does not match {CHECKSUMS} (edited or damaged); {fix}"
            )
    return combined[0]


def _evidence(folder: Path, item_id: str) -> tuple[str, ...]:
    from chemx.release.writer import PROVENANCE_DIR

    path = folder / PROVENANCE_DIR / f"{item_id}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        sentences = record["evidence"]["sentences"]
        return tuple(str(sentence["text"]) for sentence in sentences)
    except (OSError, ValueError, KeyError, TypeError):
        return ()


def _item(row: dict[str, Any], folder: Path) -> EvalItem:
    item_id = str(row["id"])
    choices = tuple(str(choice) for choice in row["choices"] or ())
    answer = str(row["answer"])
    if len(choices) != len(LETTERS) or answer not in LETTERS:
        raise ReleaseUnreadable(
            f"release {folder}: item {item_id} has {len(choices)} choices and answer "
            f"{answer!r} (expected 4 choices and a letter A-D); run `chemx validate {folder}`"
        )
    image = row.get("image") or {}
    return EvalItem.model_validate(
        {
            "id": item_id,
            "paper_id": str(row["paper_id"]),
            "stem": str(row["stem"]),
            "choices": choices,
            "answer": answer,
            "reasoning_type": str(row["reasoning_type"]),
            "entry_type": str(row["entry_type"]),
            "published": str(row.get("published") or ""),
            "image_png": image.get("bytes"),
            "evidence": _evidence(folder, item_id),
            "features": tuple(str(f) for f in row.get("features") or ()),
        }
    )


def load_release(folder: Path) -> Release:
    """The release's items, after `verify_release`.

    Raises:
        ReleaseUnreadable: the folder is not an intact release, or its table is unreadable.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from chemx.release.schema import DATA_FILE

    checksum = verify_release(folder)
    columns = [
        "id",
        "image",
        "stem",
        "choices",
        "answer",
        "reasoning_type",
        "entry_type",
        "features",
        "paper_id",
        "published",
    ]
    try:
        table = pq.read_table(folder / DATA_FILE, columns=columns)
    except (OSError, pa.ArrowException) as exc:
        raise ReleaseUnreadable(
            f"release {folder}: cannot read {DATA_FILE} ({exc}); run `chemx validate {folder}`"
        ) from exc
    items = sorted((_item(row, folder) for row in table.to_pylist()), key=lambda item: item.id)
    if not items:
        raise ReleaseUnreadable(f"release {folder} has no items")
    return Release(folder, checksum, tuple(items))


def _context_rows(path: Path, text: str) -> list[tuple[int, dict[str, Any]]]:
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(io.StringIO(text))
        missing = {"item_id", "text"} - set(reader.fieldnames or ())
        if missing:
            raise ContextFileError(
                f"--extra-context {path}: the CSV header lacks {sorted(missing)}; "
                "it needs columns item_id,text"
            )
        return [(number, dict(row)) for number, row in enumerate(reader, start=2)]
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            row = None
        if not isinstance(row, dict):
            raise ContextFileError(
                f"--extra-context {path}: line {number} is not a JSON object; write one "
                '{"item_id": ..., "text": ...} per line (or give a .csv with item_id,text)'
            )
        rows.append((number, row))
    return rows


def load_extra_context(path: Path, items: tuple[EvalItem, ...]) -> dict[str, str]:
    """Item id -> the extra text `path` gives it (only the items it names are evaluated).

    Raises:
        ContextFileError: unreadable file, a line without item_id and text, an id that is
            not in the release, an id given twice, or no item at all.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContextFileError(f"--extra-context {path}: cannot read it ({exc})") from exc
    known = {item.id for item in items}
    contexts: dict[str, str] = {}
    unknown = []
    for number, row in _context_rows(path, text):
        item_id, context = row.get("item_id"), row.get("text")
        if not isinstance(item_id, str) or not isinstance(context, str) or not context.strip():
            raise ContextFileError(
                f"--extra-context {path}: line {number} needs a string item_id and a non-empty text"
            )
        if item_id in contexts:
            raise ContextFileError(f"--extra-context {path}: item {item_id} is given twice")
        if item_id not in known:
            unknown.append(item_id)
        contexts[item_id] = context.strip()
    if unknown:
        raise ContextFileError(
            f"--extra-context {path}: {len(unknown)} item id(s) are not in the release "
            f"(first: {unknown[0]}); check that the file was made for this release"
        )
    if not contexts:
        raise ContextFileError(f"--extra-context {path} names no item")
    return contexts
