"""An evaluation run folder: its manifest, its trial log, and the rules for reusing it.

Layout::

    RUN/run.json          the `RunManifest`: release checksum, model, backend, condition,
                          trials, sampling, template (written before the first request)
    RUN/trials.jsonl      one `TrialRecord` per line, appended and flushed as each trial
                          finishes; the last line of a trial is its record
    RUN/responses.sqlite  the model's answers by request hash (openai backend)
    RUN/summary.json      what the last invocation printed (`chemx eval --json`)

A run killed at any point resumes where it stopped: finished trials are read back and
never asked again, trials whose record has an `error` are asked again, a line torn by
the kill is dropped (its answer is still in ``responses.sqlite``). A folder made for
another model, condition, release or protocol is refused, in one line naming what
differs, rather than mixing two runs' trials.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from chemx.errors import ChemxError
from chemx.evaluation.records import RunManifest, TrialRecord

MANIFEST_FILE = "run.json"
TRIALS_FILE = "trials.jsonl"
RESPONSES_FILE = "responses.sqlite"
SUMMARY_FILE = "summary.json"
RUN_FILES = frozenset(
    {
        MANIFEST_FILE,
        TRIALS_FILE,
        RESPONSES_FILE,
        f"{RESPONSES_FILE}-wal",
        f"{RESPONSES_FILE}-shm",
        SUMMARY_FILE,
    }
)
IDENTITY: tuple[str, ...] = (
    "release_checksum",
    "model",
    "backend",
    "condition",
    "trials",
    "sampling",
    "template_id",
    "template_hash",
    "extra_context_sha256",
)
"""Manifest fields that make two runs the same run: any difference refuses the folder."""


class RunFolderError(ChemxError):
    """The run folder belongs to another run, is not a run folder, or is damaged."""


def _describe(manifest: RunManifest, field: str) -> str:
    value = getattr(manifest, field)
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    text = str(value)
    return text[:16] if field.endswith(("checksum", "hash", "sha256")) and value else text


def open_run(out: Path, manifest: RunManifest) -> RunManifest:
    """Create the run folder for `manifest`, or check that `out` holds the same run.

    Returns:
        The manifest in force: the existing one when resuming (its run id and creation
        time stay), else `manifest`, now written.

    Raises:
        RunFolderError: `out` is a file, holds other files, or was made for another run.
    """
    if (out.exists() or out.is_symlink()) and not out.is_dir():
        raise RunFolderError(f"--out {out} is a file; give a folder for the run")
    path = out / MANIFEST_FILE
    if path.is_file():
        try:
            existing = RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValidationError, ValueError) as exc:
            raise RunFolderError(
                f"run folder {out}: {MANIFEST_FILE} is unreadable ({type(exc).__name__}); "
                "give another --out"
            ) from exc
        differ = [f for f in IDENTITY if getattr(existing, f) != getattr(manifest, f)]
        if differ:
            what = ", ".join(
                f"{f} {_describe(existing, f)} (asked: {_describe(manifest, f)})" for f in differ
            )
            raise RunFolderError(
                f"run folder {out} holds another run: {what}; give another --out "
                "(a run folder is for one model, condition and release)"
            )
        return existing
    if out.is_dir():
        others = sorted(p.name for p in out.iterdir() if p.name not in RUN_FILES)
        if others or (out / TRIALS_FILE).exists():
            raise RunFolderError(
                f"--out {out} is not an evaluation run folder (it holds "
                f"{(others or [TRIALS_FILE])[0]} but no {MANIFEST_FILE}); give another --out"
            )
    try:
        out.mkdir(parents=True, exist_ok=True)
        _write_atomic(path, manifest.model_dump_json(indent=2) + "\n")
    except OSError as exc:
        raise RunFolderError(
            f"cannot write the run folder {out}: {exc.strerror or exc}; give another --out"
        ) from exc
    return manifest


def write_summary(out: Path, data: dict[str, Any]) -> None:
    """``summary.json`` beside the records (replaced atomically)."""
    _write_atomic(out / SUMMARY_FILE, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _write_atomic(path: Path, text: str) -> None:
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
    ) as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(handle.name, path)


class TrialLog:
    """``trials.jsonl``: appended as trials finish; the last line of a trial is its record."""

    def __init__(self, out: Path) -> None:
        """The log of the run folder `out` (created on the first append)."""
        self.path = out / TRIALS_FILE
        self._handle: IO[str] | None = None
        self.lines = 0
        """Lines in the file (after `load`, and counting appends)."""

    def load(self, *, repair: bool = True) -> dict[tuple[str, int], TrialRecord]:
        """(item id, trial) -> its record.

        A trial's record is its latest line, unless that failed and an earlier one did
        not. A last line torn by a kill is ignored, and with `repair` (the run itself,
        about to append) cut from the file.
        """
        if not self.path.exists():
            return {}
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):  # killed mid-line: that trial never finished
            keep = data.rfind(b"\n") + 1
            if repair:
                with self.path.open("r+b") as handle:
                    handle.truncate(keep)
            data = data[:keep]
        records: dict[tuple[str, int], TrialRecord] = {}
        lines = data.decode("utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            try:
                record = TrialRecord.model_validate_json(line)
            except ValidationError as exc:
                raise RunFolderError(
                    f"{self.path} line {number} is not a trial record "
                    f"({exc.error_count()} error(s)); remove that line or give another --out"
                ) from exc
            key = (record.item_id, record.trial)
            if record.error is None or key not in records or records[key].error is not None:
                records[key] = record
        self.lines = len(lines)
        return records

    def append(self, record: TrialRecord) -> None:
        """Write one record and flush it to the OS (a killed process loses no line)."""
        if self._handle is None:
            self._handle = self.path.open("a", encoding="utf-8")
        self._handle.write(record.model_dump_json() + "\n")
        self._handle.flush()
        self.lines += 1

    def compact(self) -> None:
        """Rewrite the log with one line per trial when retried trials left older lines."""
        self.close()
        records = self.load()
        if len(records) == self.lines:
            return
        text = "".join(record.model_dump_json() + "\n" for record in records.values())
        _write_atomic(self.path, text)
        self.lines = len(records)

    def close(self) -> None:
        """Close the file."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def read_trials(out: Path) -> list[TrialRecord]:
    """The run's records, one per trial (the latest line of each), in file order."""
    if not (out / MANIFEST_FILE).is_file():
        raise RunFolderError(f"{out} is not an evaluation run folder (no {MANIFEST_FILE})")
    return list(TrialLog(out).load(repair=False).values())


def read_manifest(out: Path) -> RunManifest:
    """The run's `RunManifest`."""
    path = out / MANIFEST_FILE
    try:
        return RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValidationError, ValueError) as exc:
        raise RunFolderError(f"{path} is missing or unreadable ({type(exc).__name__})") from exc


__all__ = [
    "IDENTITY",
    "MANIFEST_FILE",
    "RESPONSES_FILE",
    "SUMMARY_FILE",
    "TRIALS_FILE",
    "RunFolderError",
    "TrialLog",
    "open_run",
    "read_manifest",
    "read_trials",
    "write_summary",
]
