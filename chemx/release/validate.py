"""`chemx validate DIR`: re-check a release folder; any failed check fails the command.

Like ChemPro's validator (seed 001), the checks are independent of how the release was
built and are run on the files alone:

===================  ==================================================================
``files``            every file is present and matches `checksums.sha256`, which
                     matches `combined.sha256`; no unlisted file in data/ or provenance/
``schema``           the parquet columns and types are exactly `chemx.release.schema`,
                     with the Hugging Face features in the metadata
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
``licences``         every item carries its paper's licence and an ISO publication date
===================  ==================================================================
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chemx.release.schema import DATA_FILE, arrow_schema
from chemx.release.writer import CHECKSUMS, COMBINED, PROVENANCE_DIR

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
class Check:
    """One check's outcome."""

    name: str
    ok: bool
    message: str
    skipped: bool = False
    problems: list[str] = field(default_factory=list)


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


def check_files(folder: Path) -> Check:
    """Presence and checksums."""
    listing_path = folder / CHECKSUMS
    if not listing_path.is_file():
        return Check("files", False, f"{CHECKSUMS} is missing")
    listing = listing_path.read_bytes()
    problems = []
    combined = folder / COMBINED
    if not combined.is_file():
        problems.append(f"{COMBINED} is missing")
    elif combined.read_text().split()[0] != hashlib.sha256(listing).hexdigest():
        problems.append(f"{CHECKSUMS} does not match {COMBINED}")
    listed = set()
    for line in listing.decode().splitlines():
        digest, _, name = line.partition("  ")
        listed.add(name)
        path = folder / name
        if not path.is_file():
            problems.append(f"{name} is missing")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            problems.append(f"{name} does not match its checksum")
    for sub in ("data", PROVENANCE_DIR):
        for path in sorted((folder / sub).glob("*")):
            name = path.relative_to(folder).as_posix()
            if name not in listed:
                problems.append(f"{name} is not in {CHECKSUMS}")
    return _problems("files", problems, f"{len(listed)} files match {CHECKSUMS}")


def check_schema(table: Any) -> Check:
    """Columns, types and Hugging Face metadata."""
    expected = arrow_schema()
    problems = []
    if table.schema.names != expected.names:
        problems.append(f"columns {table.schema.names} != {expected.names}")
    else:
        for name in expected.names:
            if not table.schema.field(name).type.equals(expected.field(name).type):
                problems.append(f"{name}: {table.schema.field(name).type}")
    metadata = table.schema.metadata or {}
    if b"huggingface" not in metadata:
        problems.append("no Hugging Face features in the parquet metadata")
    return _problems("schema", problems, f"{len(expected.names)} columns as specified")


def _provenance(folder: Path, item_id: str) -> dict[str, Any] | None:
    path = folder / PROVENANCE_DIR / f"{item_id}.json"
    if not path.is_file():
        return None
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data


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


def check_provenance(rows: list[dict[str, Any]], folder: Path) -> Check:
    """Every item's provenance is present and complete."""
    problems = []
    for row in rows:
        item = row["id"]
        data = _provenance(folder, item)
        if data is None:
            problems.append(f"{item}: no readable {PROVENANCE_DIR}/{item}.json")
            continue
        missing = [key for key in REQUIRED_PROVENANCE if key not in data]
        if missing:
            problems.append(f"{item}: missing {missing}")
            continue
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
    return _problems("provenance", problems, f"{len(rows)} complete provenance records")


def check_licences(rows: list[dict[str, Any]]) -> Check:
    """Licence URL and ISO publication date on every item."""
    problems = []
    for row in rows:
        if not row["licence_url"]:
            problems.append(f"{row['id']}: no licence")
        try:
            dt.date.fromisoformat(row["published"])
        except ValueError:
            problems.append(f"{row['id']}: publication date {row['published']!r}")
    return _problems("licences", problems, f"{len(rows)} items with licence and date")


def validate(folder: Path, encoder: Any | None = None) -> ValidationReport:
    """Run every check on a release folder (see the module table)."""
    import pyarrow.parquet as pq

    checks = [check_files(folder)]
    data = folder / DATA_FILE
    if not data.is_file():
        checks.append(Check("schema", False, f"{DATA_FILE} is missing"))
        return ValidationReport(folder, checks)
    table = pq.read_table(data)
    checks.append(check_schema(table))
    if not checks[-1].ok and "id" not in table.schema.names:
        return ValidationReport(folder, checks)
    rows = table.drop_columns(["image"]).to_pylist() if "image" in table.schema.names else []
    checks += [
        check_one_answer(rows, folder),
        check_balance(rows),
        check_near_duplicates(rows, encoder),
        check_provenance(rows, folder),
        check_licences(rows),
    ]
    return ValidationReport(folder, checks)
