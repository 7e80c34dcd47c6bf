"""A run folder read back for scoring: its manifest, its trial lines and the release items.

Every score in a report is computed from what this module returns, and every trial keeps
the line of ``trials.jsonl`` it came from, so a score can name the lines behind it.

A resumed run may hold several lines for one trial (a failed request, then its retry).
The rules are the runner's (`chemx.evaluation.run_folder.TrialLog.load`): the latest line
of an (item, trial) is its record, unless that one failed and an earlier one did not;
a last line torn by a kill is ignored. They are applied here again only to keep each
record's line number.

The release the run was made on is read (and verified) with the runner's reader
(`chemx.evaluation.items.load_release`) for what the trial lines do not carry: the
correct answer, reasoning and entry type, the paper, the image; the provenance record
on demand. Its combined checksum must equal the one in ``run.json``: a report on another
release would score the outputs against the wrong answers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from chemx.errors import ChemxError
from chemx.evaluation.records import EvalItem, RunManifest, TrialRecord
from chemx.evaluation.run_folder import MANIFEST_FILE, TRIALS_FILE
from chemx.release.schema import DATA_FILE


class RunError(ChemxError):
    """A run folder, its trial lines or its release cannot be read as a run."""


@dataclass(frozen=True)
class TrialLine:
    """One trial as recorded, with where it is recorded."""

    record: TrialRecord
    line: int
    """1-based line number in ``trials.jsonl``."""


@dataclass(frozen=True)
class LoadedRun:
    """A run folder and the release items its trials refer to."""

    run_dir: Path
    manifest: RunManifest
    trials: tuple[TrialLine, ...]
    """The record line of each (item, trial), in file order."""
    items: dict[str, EvalItem]
    """Every item of the release, by id (the run may cover only some of them)."""
    release: Path
    superseded: int = 0
    """Lines replaced by a later line for the same trial (retries on resume)."""

    @property
    def run_id(self) -> str:
        """The run's id (from run.json)."""
        return self.manifest.run_id

    @cached_property
    def by_item(self) -> dict[str, tuple[TrialLine, ...]]:
        """The kept trial lines per item, ordered by trial index."""
        grouped: dict[str, list[TrialLine]] = {}
        for trial in self.trials:
            grouped.setdefault(trial.record.item_id, []).append(trial)
        return {
            item_id: tuple(sorted(lines, key=lambda t: t.record.trial))
            for item_id, lines in grouped.items()
        }

    def provenance(self, item_id: str) -> dict[str, Any]:
        """The item's provenance record from the release (``provenance/<id>.json``)."""
        from chemx.release.writer import PROVENANCE_DIR

        path = self.release / PROVENANCE_DIR / f"{item_id}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise RunError(
                f"release {self.release} has no provenance record for item {item_id} "
                f"(looked for {path}); give the complete release folder"
            ) from exc
        except (OSError, json.JSONDecodeError) as exc:
            raise RunError(f"cannot read {path}: {exc}") from exc
        if not isinstance(data, dict):
            raise RunError(f"{path} is not a JSON object")
        return data


def read_manifest(run_dir: Path) -> RunManifest:
    """``run.json`` of `run_dir`, validated."""
    path = run_dir / MANIFEST_FILE
    if not run_dir.is_dir():
        raise RunError(f"{run_dir} is not a run folder (give the folder `chemx eval` wrote)")
    try:
        return RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise RunError(
            f"{run_dir} has no {MANIFEST_FILE}; give the folder `chemx eval` wrote"
        ) from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        raise RunError(f"{path}: {where}: {first['msg']}") from exc


def read_trials(path: Path) -> tuple[list[TrialLine], int]:
    """The record lines of a ``trials.jsonl`` and how many lines they supersede.

    A line that is not a `TrialRecord` is an error naming the line, except a last line
    without its newline (torn by a kill; the runner asks that trial again).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise RunError(f"{path.parent} has no {TRIALS_FILE}; the run has not started") from exc
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
    kept: dict[tuple[str, int], TrialLine] = {}
    total = 0
    for number, text in enumerate(data.decode("utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            record = TrialRecord.model_validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "the line"
            raise RunError(
                f"{path}:{number}: not a trial record ({where}: {first['msg']}); "
                "fix or remove the line"
            ) from exc
        total += 1
        key = (record.item_id, record.trial)
        earlier = kept.get(key)
        if record.error is None or earlier is None or earlier.record.error is not None:
            kept[key] = TrialLine(record, number)
    lines = sorted(kept.values(), key=lambda t: t.line)
    return lines, total - len(lines)


def resolve_release(run_dir: Path, manifest: RunManifest, override: Path | None = None) -> Path:
    """The release folder: `override`, else run.json's path (as given, then from the run)."""
    if override is not None:
        if not (override / DATA_FILE).is_file():
            raise RunError(f"--release {override} is not a chemx release (no {DATA_FILE})")
        return override
    given = Path(manifest.release)
    for candidate in (given, run_dir / given):
        if (candidate / DATA_FILE).is_file():
            return candidate
    raise RunError(
        f"run {manifest.run_id}: its release {manifest.release} was not found (looked "
        f"as given and from {run_dir}); pass --release with the release folder"
    )


def load_run(run_dir: Path, release: Path | None = None) -> LoadedRun:
    """Read a run folder and its release; check they belong together.

    Raises:
        RunError: The folder is not a run, a trial line is malformed, the release is
            missing or is not the one the run was made on, or a trial names an item the
            release lacks or disagrees with it about whether its answer is correct.
        ReleaseUnreadable: The release is not intact (`chemx.evaluation.items`).
    """
    from chemx.evaluation.items import load_release

    manifest = read_manifest(run_dir)
    trials, superseded = read_trials(run_dir / TRIALS_FILE)
    folder = resolve_release(run_dir, manifest, release)
    loaded = load_release(folder)
    if loaded.checksum != manifest.release_checksum:
        raise RunError(
            f"run {manifest.run_id} was made on release {manifest.release_checksum[:12]}…, "
            f"but {folder} is release {loaded.checksum[:12]}…; pass --release with the "
            "release the run was made on"
        )
    items = {item.id: item for item in loaded.items}
    _check_trials(run_dir, trials, items)
    return LoadedRun(run_dir, manifest, tuple(trials), items, folder, superseded)


def _check_trials(run_dir: Path, trials: Iterable[TrialLine], items: dict[str, EvalItem]) -> None:
    for trial in trials:
        record = trial.record
        item = items.get(record.item_id)
        where = f"{run_dir / TRIALS_FILE}:{trial.line}"
        if item is None:
            raise RunError(f"{where}: item {record.item_id} is not in the release")
        if record.correct != (record.parsed_answer == item.answer):
            raise RunError(
                f"{where}: the line says correct={record.correct} for answer "
                f"{record.parsed_answer}, but the release's answer is {item.answer}; the "
                "run and the release disagree"
            )
