"""`chemx validate DIR`: re-check a release folder; any failed check fails the command.

Like ChemPro's validator (seed 001), the checks are independent of how the release was
built and are run on the files alone. A damaged release (a corrupt or empty parquet,
undecodable JSON or checksums) fails the check that reads it, with a one-line reason;
it never stops the validator:

===================  ==================================================================
``files``            every file is present and matches `checksums.sha256`, which
                     matches `combined.sha256`; no file anywhere in the folder is
                     missing from `checksums.sha256` (only the two checksum files are)
``complete``         release.json says the store's last build finished; a release made
                     with ``--allow-partial`` fails here with the build's status and why
``schema``           the parquet file reads, and its columns and types are exactly
                     `chemx.release.schema`, with the Hugging Face features in the
                     metadata (the row checks below run only when it passes)
``images``           every image in the parquet decodes (PIL open + load, with the
                     decompression-bomb limit of `chemx.images`)
``one_answer``       every item has four distinct, non-empty choices and one answer
                     letter, whose choice is the provenance's correct option and the
                     only choice equal to it
``answer_balance``   answer letters are uniform: chi-square goodness-of-fit p-value
                     >= `BALANCE_ALPHA`; skipped below `MIN_ITEMS_FOR_BALANCE` items,
                     where the test has no power
``near_duplicates``  no two stems have a MiniLM cosine above `NEAR_DUPLICATE_COSINE`
``provenance``       every item has a provenance file naming its paper, figure, crop box,
                     identifier, evidence sentences with locations, decomposition, a
                     QC 3 accept decision and its model-call list
``shortcuts``        no text-only baseline of `chemx.qc.shortcut_battery` (longest,
                     shortest, stem overlap, rarest feature, rarest mechanism, an
                     option-only classifier) answers more than `MAX_SHORTCUT_ACCURACY`
                     of the items; each one's accuracy and 95% interval is listed;
                     skipped below `MIN_ITEMS_FOR_SHORTCUTS` items
``licences``         every item carries its paper's licence (a ``licence_url``, or the
                     licence code its provenance names) and an ISO publication date; an
                     item released with ``--include-unknown-licence`` fails here
===================  ==================================================================
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.images import ImageProblem, inspect_image
from chemx.release._check import Check
from chemx.release.schema import DATA_FILE, arrow_schema
from chemx.release.shortcut_check import MAX_SHORTCUT_ACCURACY, check_shortcuts
from chemx.release.writer import CHECKSUMS, COMBINED, MANIFEST, PROVENANCE_DIR

BALANCE_ALPHA = 0.01
"""Fail the letter balance below this p-value: 1% keeps false alarms on a fair seeded
shuffle rare (one release in a hundred) while catching a position bias."""
MIN_ITEMS_FOR_BALANCE = 20
"""Below this many items (5 per letter) the chi-square approximation is poor."""
NEAR_DUPLICATE_COSINE = 0.97
"""Stems above this MiniLM cosine are near-duplicates. Stems share their question
sentence, so distinct items are already similar (sample release: highest pair 0.86); a
copied stem scores 1.0."""
LETTERS = ("A", "B", "C", "D")
REQUIRED_PROVENANCE = (
    "paper",
    "figure",
    "structure",
    "evidence",
    "decomposition",
    "decisions",
    "model_calls",
    "question",
)


@dataclass
class ValidationReport:
    """Every check on one release folder."""

    folder: Path
    checks: list[Check]

    @property
    def ok(self) -> bool:
        """Whether every check passed (skipped checks pass)."""
        return all(check.ok for check in self.checks)

    def check(self, name: str) -> Check:
        """The check called `name`."""
        return next(check for check in self.checks if check.name == name)

    def to_json(self) -> dict[str, Any]:
        """For `--json`."""
        return {
            "folder": str(self.folder),
            "ok": self.ok,
            "checks": [check.__dict__ for check in self.checks],
        }


def _problems(name: str, problems: list[str], ok_message: str) -> Check:
    if problems:
        shown = "; ".join(problems[:5]) + (
            f"; … {len(problems) - 5} more" if len(problems) > 5 else ""
        )
        return Check(name, False, shown, problems=problems)
    return Check(name, True, ok_message)


def _reason(exc: BaseException) -> str:
    """The first line of an exception's message: a check's detail stays one line."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _listing(folder: Path, problems: list[str]) -> dict[str, str]:
    """checksums.sha256 as {relative path: digest}; malformed lines become problems."""
    try:
        text = (folder / CHECKSUMS).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{CHECKSUMS} is unreadable: {_reason(exc)}")
        return {}
    listed: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        digest, sep, name = line.partition("  ")
        parts = Path(name).parts
        if not sep or len(digest) != 64 or not name:
            problems.append(f"{CHECKSUMS} line {number} is not 'SHA256  PATH'")
        elif Path(name).is_absolute() or ".." in parts:
            problems.append(f"{CHECKSUMS} line {number} names a path outside the release")
        else:
            listed[name] = digest
    return listed


def check_files(folder: Path) -> Check:
    """Presence and checksums of every file; nothing in the folder that is not listed."""
    listing_path = folder / CHECKSUMS
    if not listing_path.is_file():
        return Check("files", False, f"{CHECKSUMS} is missing")
    problems: list[str] = []
    listed = _listing(folder, problems)
    combined = folder / COMBINED
    try:
        recorded = combined.read_text(encoding="utf-8").split() if combined.is_file() else None
        if recorded is None:
            problems.append(f"{COMBINED} is missing")
        elif not recorded or recorded[0] != hashlib.sha256(listing_path.read_bytes()).hexdigest():
            problems.append(f"{CHECKSUMS} does not match {COMBINED}")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{COMBINED} is unreadable: {_reason(exc)}")
    for name, digest in listed.items():
        path = folder / name
        if not path.is_file():
            problems.append(f"{name} is missing")
            continue
        try:
            if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                problems.append(f"{name} does not match its checksum")
        except OSError as exc:
            problems.append(f"{name} is unreadable: {_reason(exc)}")
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_dir() and not path.is_symlink():
            continue
        if name not in listed and name not in (CHECKSUMS, COMBINED):
            problems.append(f"{name} is not in {CHECKSUMS}")
    return _problems("files", problems, f"{len(listed)} files match {CHECKSUMS}")


def check_complete(folder: Path) -> Check:
    """release.json says the store's last build finished (see `chemx.release.completeness`)."""
    try:
        info = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Check("complete", False, f"{MANIFEST} is missing")
    except (OSError, ValueError) as exc:
        return Check("complete", False, f"{MANIFEST} is unreadable: {_reason(exc)}")
    build = info.get("build") if isinstance(info, dict) else None
    if not isinstance(build, dict):
        return Check(
            "complete",
            False,
            f"{MANIFEST} does not say whether the build was complete (a release made "
            "before chemx recorded builds); release the store again",
        )
    if build.get("complete") is True:
        return Check("complete", True, "the store's last build finished")
    why = build.get("why") or f"build status {build.get('status')!r}"
    return Check("complete", False, f"partial release: {why}")


def _nulls(column: Any) -> int:
    """Null values in a column, and inside its lists for a list column."""
    import pyarrow as pa
    import pyarrow.compute as pc

    nulls = int(column.null_count)
    if pa.types.is_list(column.type):
        nulls += int(pc.list_flatten(column).null_count)
    return nulls


def check_schema(table: Any) -> Check:
    """Columns, types, no null value where a row check expects one, Hugging Face metadata."""
    expected = arrow_schema()
    problems = []
    if table.schema.names != expected.names:
        problems.append(f"columns {table.schema.names} != {expected.names}")
    else:
        for name in expected.names:
            if not table.schema.field(name).type.equals(expected.field(name).type):
                problems.append(f"{name}: {table.schema.field(name).type}")
            elif name != "image" and (nulls := _nulls(table.column(name))):
                problems.append(f"{name}: {nulls} null values")
    metadata = table.schema.metadata or {}
    if b"huggingface" not in metadata:
        problems.append("no Hugging Face features in the parquet metadata")
    return _problems("schema", problems, f"{len(expected.names)} columns as specified")


def _provenance(folder: Path, item_id: str) -> dict[str, Any] | None:
    path = folder / PROVENANCE_DIR / f"{item_id}.json"
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check_images(table: Any) -> Check:
    """Every image cell decodes; a bad one is named by its item id."""
    problems = []
    ids = table.column("id").to_pylist()
    images = table.column("image").to_pylist()
    for item, image in zip(ids, images, strict=True):
        data = image.get("bytes") if isinstance(image, dict) else None
        if not data:
            problems.append(f"{item}: no image bytes")
            continue
        try:
            inspect_image(data, item)
        except ImageProblem as exc:
            problems.append(exc.detail)
    return _problems("images", problems, f"{len(ids)} images decode")


def check_one_answer(rows: list[dict[str, Any]], folder: Path) -> Check:
    """One correct answer per item."""
    problems = []
    for row in rows:
        choices, answer, item = row["choices"], row["answer"], row["id"]
        if answer not in LETTERS:
            problems.append(f"{item}: answer {answer!r} is not one letter A-D")
            continue
        if len(choices) != 4 or any(not c.strip() for c in choices):
            problems.append(f"{item}: {len(choices)} choices or an empty one")
            continue
        correct = choices[LETTERS.index(answer)]
        if sum(choice == correct for choice in choices) != 1:
            problems.append(f"{item}: the correct choice appears more than once")
        elif len(set(choices)) != 4:
            problems.append(f"{item}: two choices are identical")
        provenance = _provenance(folder, item)
        if provenance is not None and provenance.get("correct_option") != correct:
            problems.append(f"{item}: choice {answer} is not the provenance's correct option")
    return _problems("one_answer", problems, f"{len(rows)} items with exactly one answer")


def check_balance(rows: list[dict[str, Any]]) -> Check:
    """Chi-square goodness of fit of the answer letters to uniform."""
    from scipy.stats import chisquare

    counts = Counter(row["answer"] for row in rows)
    observed = [counts.get(letter, 0) for letter in LETTERS]
    shown = " ".join(f"{letter}={n}" for letter, n in zip(LETTERS, observed, strict=True))
    if len(rows) < MIN_ITEMS_FOR_BALANCE:
        return Check(
            "answer_balance",
            True,
            f"{shown}; skipped below {MIN_ITEMS_FOR_BALANCE} items",
            skipped=True,
        )
    p_value = float(chisquare(observed).pvalue)
    message = f"{shown}; chi-square p = {p_value:.3f} (alpha {BALANCE_ALPHA})"
    return Check("answer_balance", p_value >= BALANCE_ALPHA, message)


def check_near_duplicates(rows: list[dict[str, Any]], encoder: Any | None = None) -> Check:
    """No two stems closer than `NEAR_DUPLICATE_COSINE` (MiniLM embeddings)."""
    stems = [row["stem"] for row in rows]
    if len(stems) < 2:
        return Check("near_duplicates", True, "fewer than two stems", skipped=True)
    if encoder is None:
        from chemx.grounding.encoder import load_encoder

        encoder = load_encoder("cpu")
    vectors = encoder.embed(stems)
    similarity = vectors @ vectors.T
    problems = []
    highest = 0.0
    for i in range(len(stems)):
        for j in range(i + 1, len(stems)):
            value = float(similarity[i, j])
            highest = max(highest, value)
            if value > NEAR_DUPLICATE_COSINE:
                problems.append(f"{rows[i]['id']} ~ {rows[j]['id']} (cosine {value:.3f})")
    return _problems(
        "near_duplicates",
        problems,
        f"highest stem cosine {highest:.3f} <= {NEAR_DUPLICATE_COSINE}",
    )


def _provenance_problems(item: str, data: dict[str, Any]) -> list[str]:
    missing = [key for key in REQUIRED_PROVENANCE if key not in data]
    if missing:
        return [f"{item}: missing {missing}"]
    problems = []
    if not data["paper"].get("id") or not data["figure"].get("id"):
        problems.append(f"{item}: no paper or figure id")
    structure = data["structure"]
    if len(structure.get("box") or []) != 4 or not structure.get("identifier"):
        problems.append(f"{item}: no crop box or identifier")
    sentences = data["evidence"].get("sentences") or []
    located = [s for s in sentences if s.get("location")]
    if not located:
        problems.append(f"{item}: no evidence sentence with a location")
    decomposition = data["decomposition"]
    if not all(decomposition.get(k) for k in ("effect", "feature", "mechanism")):
        problems.append(f"{item}: incomplete decomposition")
    qc3 = [d for d in data["decisions"] if d["gate"] == "qc3" and d["verdict"] == "accept"]
    if not qc3:
        problems.append(f"{item}: no QC 3 accept decision")
    return problems


def check_provenance(rows: list[dict[str, Any]], folder: Path) -> Check:
    """Every item's provenance is present and complete."""
    problems = []
    for row in rows:
        item = row["id"]
        data = _provenance(folder, item)
        if data is None:
            problems.append(f"{item}: no readable {PROVENANCE_DIR}/{item}.json")
            continue
        try:
            problems += _provenance_problems(item, data)
        except (AttributeError, KeyError, TypeError) as exc:  # a field of the wrong shape
            problems.append(f"{item}: malformed {PROVENANCE_DIR}/{item}.json ({_reason(exc)})")
    return _problems("provenance", problems, f"{len(rows)} complete provenance records")


def _licence_code(folder: Path, item_id: str) -> str | None:
    """The licence code of the item's paper in its provenance ('CC BY'), if any."""
    paper = (_provenance(folder, item_id) or {}).get("paper")
    code = paper.get("licence") if isinstance(paper, dict) else None
    return code if isinstance(code, str) and code else None


def check_licences(rows: list[dict[str, Any]], folder: Path) -> Check:
    """A licence (URL, else the provenance's licence code) and ISO date on every item."""
    problems = []
    for row in rows:
        if not row["licence_url"] and _licence_code(folder, row["id"]) is None:
            problems.append(f"{row['id']}: no licence")
        try:
            dt.date.fromisoformat(row["published"])
        except (TypeError, ValueError):
            problems.append(f"{row['id']}: publication date {row['published']!r}")
    return _problems("licences", problems, f"{len(rows)} items with licence and date")


def validate(
    folder: Path,
    encoder: Any | None = None,
    *,
    max_shortcut_accuracy: float = MAX_SHORTCUT_ACCURACY,
) -> ValidationReport:
    """Run every check on a release folder (see the module table).

    Args:
        folder: a folder written by `chemx release`.
        encoder: the MiniLM encoder for near-duplicate stems (loaded when None).
        max_shortcut_accuracy: the ``shortcuts`` check's limit.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    checks = [check_files(folder), check_complete(folder)]
    data = folder / DATA_FILE
    if not data.is_file():
        checks.append(Check("schema", False, f"{DATA_FILE} is missing"))
        return ValidationReport(folder, checks)
    try:
        table = pq.read_table(data)
    except (pa.ArrowException, OSError, ValueError) as exc:
        reason = f"{DATA_FILE} is not a readable parquet file: {_reason(exc)}"
        checks.append(Check("schema", False, reason))
        return ValidationReport(folder, checks)
    checks.append(check_schema(table))
    if not checks[-1].ok:  # the row checks below read these columns with these types
        return ValidationReport(folder, checks)
    rows = table.drop_columns(["image"]).to_pylist()
    checks += [
        check_images(table),
        check_one_answer(rows, folder),
        check_balance(rows),
        check_shortcuts(rows, max_shortcut_accuracy),
        check_near_duplicates(rows, encoder),
        check_provenance(rows, folder),
        check_licences(rows, folder),
    ]
    return ValidationReport(folder, checks)
