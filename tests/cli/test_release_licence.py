"""`chemx release --include-unknown-licence`, and what the command says without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from tests.generation.fixtures import SampleBuild
from tests.release._licences import store_with_unknown_licences, unlicense_all

runner = CliRunner()
LEFT_OUT = (
    "left out 5 items from 1 paper whose licence is unknown "
    "(--include-unknown-licence releases them)"
)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, sample_build: SampleBuild) -> Path:
    folder = tmp_path_factory.mktemp("cli-unknown-licence") / "store"
    return store_with_unknown_licences(sample_build.out, folder)[0]


def flat(text: str) -> str:
    """The console wraps long lines; compare words."""
    return " ".join(text.split())


def test_release_says_how_many_items_it_left_out(store: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["release", "--store", str(store), "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    assert flat(result.stdout).startswith("released 25 items from 11 papers (all dates)")
    assert flat(result.stdout).endswith(LEFT_OUT)
    assert result.stderr == ""


def test_release_json_counts_them(store: Path, tmp_path: Path) -> None:
    command = ["release", "--store", str(store), "--out", str(tmp_path / "r"), "--json"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["items"] == 25
    assert report["unknown_licence"] == {
        "included": False,
        "items_left_out": 5,
        "items_included": 0,
        "papers": 1,
    }


def test_include_unknown_licence_releases_them_and_warns(store: Path, tmp_path: Path) -> None:
    target = tmp_path / "r"
    command = ["release", "--store", str(store), "--out", str(target)]
    result = runner.invoke(app, [*command, "--include-unknown-licence", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["items"] == 30 and report["unknown_licence"]["items_included"] == 5
    assert flat(result.stderr) == (
        "unknown licence: included 5 items from 1 paper whose licence is unknown: clear "
        "their rights before redistributing the release"
    )
    assert (
        "> **Unknown licence.** This release includes 5 items" in (target / "README.md").read_text()
    )
    plain = runner.invoke(app, [*command, "--include-unknown-licence"])
    assert plain.exit_code == 0 and "left out" not in plain.stdout


def test_a_store_with_no_known_licence_is_refused_naming_the_flag(
    sample_build: SampleBuild, tmp_path: Path
) -> None:
    folder, _ = store_with_unknown_licences(sample_build.out, tmp_path / "store")
    unlicense_all(folder)
    command = ["release", "--store", str(folder), "--out", str(tmp_path / "r")]
    refused = runner.invoke(app, command)
    assert refused.exit_code == 2
    assert flat(refused.output) == (
        f"error: no accepted items in {folder} for all dates; 30 were left out because their "
        "paper's licence is unknown (--include-unknown-licence releases them)"
    )
    released = runner.invoke(app, [*command, "--include-unknown-licence"])
    assert released.exit_code == 0, released.output
    assert flat(released.stdout).startswith("released 30 items from 12 papers")
