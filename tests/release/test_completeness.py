"""`chemx release` refuses a store whose last build did not finish, naming the way out.

These stores are made by hand (no items): the refusal comes before anything is read.
The release of a partial store with --allow-partial is in test_release.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.provenance import BuildStatus, ProvenanceStore, begin_build, end_build
from chemx.release import PartialStore, build_state, write_release

runner = CliRunner()


def store_with(tmp_path: Path, *builds: tuple[BuildStatus | None, str]) -> Path:
    """A store whose build rows end as given (None: the build never ended, as after kill -9)."""
    folder = tmp_path / "store"
    with ProvenanceStore(folder) as store:
        for status, detail in builds:
            build_id = begin_build(store, "sample", {"corpus": "sample"})
            if status is not None:
                end_build(store, build_id, status, detail)
    return folder


def refusal(folder: Path, tmp_path: Path) -> str:
    result = runner.invoke(
        app, ["release", "--store", str(folder), "--out", str(tmp_path / "release")]
    )
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert not (tmp_path / "release").exists()
    return lines[0]


@pytest.mark.parametrize(
    ("status", "detail", "said"),
    [
        (None, "", "build 1 (corpus sample) is still running, or was killed before it could end"),
        (
            BuildStatus.INTERRUPTED,
            "SIGTERM after 3 of 12 documents",
            "build 1 (corpus sample) was interrupted: SIGTERM after 3 of 12",
        ),
        (
            BuildStatus.INCOMPLETE,
            "2 documents to retry: osra timed out",
            "build 1 (corpus sample) ended incomplete (some documents hit a failure a retry can change): 2 documents",
        ),
        (BuildStatus.FAILED, "a bug: KeyError", "build 1 (corpus sample) failed: a bug"),
    ],
    ids=["killed", "interrupted", "incomplete", "failed"],
)
def test_an_unfinished_build_is_refused_with_both_ways_out(
    tmp_path: Path, status: BuildStatus | None, detail: str, said: str
) -> None:
    folder = store_with(tmp_path, (status, detail))
    line = refusal(folder, tmp_path)
    assert f"store {folder}: {said}" in line
    assert f"re-run the same `chemx build ... --out {folder}` to finish it" in line
    assert "--allow-partial" in line


def test_only_the_last_build_counts(tmp_path: Path) -> None:
    folder = store_with(tmp_path, (BuildStatus.FINISHED, ""), (BuildStatus.INTERRUPTED, "Ctrl-C"))
    assert "build 2 (corpus sample) was interrupted: Ctrl-C" in refusal(folder, tmp_path)
    folder = store_with(
        tmp_path / "again", (BuildStatus.INTERRUPTED, "Ctrl-C"), (BuildStatus.FINISHED, "")
    )
    with ProvenanceStore(folder, readonly=True) as store:
        state = build_state(store)
    assert state.complete and state.manifest() == {"complete": True, "status": "finished"}


def test_a_store_without_a_build_record_is_not_known_complete(tmp_path: Path) -> None:
    folder = store_with(tmp_path)
    line = refusal(folder, tmp_path)
    assert "no build record" in line and "not known to be complete" in line
    assert f"build it again with `chemx build --out {folder}`" in line
    assert "--allow-partial" in line
    with pytest.raises(PartialStore):
        write_release(folder, tmp_path / "release")


def test_allow_partial_gets_past_the_refusal(tmp_path: Path) -> None:
    folder = store_with(tmp_path, (BuildStatus.INTERRUPTED, "SIGTERM"))
    result = runner.invoke(
        app,
        ["release", "--store", str(folder), "--out", str(tmp_path / "r"), "--allow-partial"],
    )
    assert result.exit_code == 2 and "no accepted items" in result.output  # an empty store
    with ProvenanceStore(folder, readonly=True) as store:
        state = build_state(store)
    assert not state.complete and state.status == "interrupted"
    assert state.manifest() == {
        "complete": False,
        "status": "interrupted",
        "build_id": 1,
        "detail": "SIGTERM",
        "why": "build 1 (corpus sample) was interrupted: SIGTERM",
    }
