"""`chemx release --include-unknown-licence`, and what the command says without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from tests.generation.fixtures import SampleBuild
from tests.release._licences import (
    accepted_items,
    papers_with_items,
    store_with_unknown_licences,
    unlicense_all,
)

runner = CliRunner()


def left_out(items: int) -> str:
    return (
        f"left out {items} items from 1 paper whose licence is unknown "
        "(--include-unknown-licence releases them)"
    )


@pytest.fixture(scope="module")
def unknown(
    tmp_path_factory: pytest.TempPathFactory, sample_build: SampleBuild
) -> tuple[Path, int, int]:
    """The store, its accepted items, and how many of them lost their licence."""
    folder = tmp_path_factory.mktemp("cli-unknown-licence") / "store"
    store, ids = store_with_unknown_licences(sample_build.out, folder)
    return store, accepted_items(store), len(ids)


@pytest.fixture(scope="module")
def store(unknown: tuple[Path, int, int]) -> Path:
    return unknown[0]


def flat(text: str) -> str:
    """The console wraps long lines; compare words."""
    return " ".join(text.split())


def test_release_says_how_many_items_it_left_out(
    unknown: tuple[Path, int, int], tmp_path: Path
) -> None:
    store, total, n = unknown
    # licences are counted before the hold-out of text-answerable items, which is off here
    command = ["release", "--store", str(store), "--out", str(tmp_path / "r"), "--no-hold-out"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    papers = papers_with_items(store) - 1  # one paper's licence is unknown
    assert flat(result.stdout).startswith(
        f"released {total - n} items from {papers} papers (all dates)"
    )
    assert "held out" not in result.stdout
    assert flat(result.stdout).endswith(left_out(n))
    assert result.stderr == ""


def test_release_json_counts_them(unknown: tuple[Path, int, int], tmp_path: Path) -> None:
    store, total, n = unknown
    command = ["release", "--store", str(store), "--out", str(tmp_path / "r"), "--json"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    held = report["holdout"]["held_out"]
    assert report["items"] == total - n - len(held) == report["holdout"]["items_after"]
    assert report["unknown_licence"] == {
        "included": False,
        "items_left_out": n,
        "items_included": 0,
        "papers": 1,
    }


def test_include_unknown_licence_releases_them_and_warns(
    unknown: tuple[Path, int, int], tmp_path: Path
) -> None:
    store, total, n = unknown
    target = tmp_path / "r"
    command = ["release", "--store", str(store), "--out", str(target), "--no-hold-out"]
    result = runner.invoke(app, [*command, "--include-unknown-licence", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["items"] == total and report["unknown_licence"]["items_included"] == n
    assert flat(result.stderr) == (
        f"unknown licence: included {n} items from 1 paper whose licence is unknown: clear "
        "their rights before redistributing the release"
    )
    assert (
        f"> **Unknown licence.** This release includes {n} items"
        in (target / "README.md").read_text()
    )
    plain = runner.invoke(app, [*command, "--include-unknown-licence"])
    assert plain.exit_code == 0 and "left out" not in plain.stdout


def test_a_store_with_no_known_licence_is_refused_naming_the_flag(
    sample_build: SampleBuild, tmp_path: Path
) -> None:
    folder, _ = store_with_unknown_licences(sample_build.out, tmp_path / "store")
    total = accepted_items(folder)
    unlicense_all(folder)
    command = ["release", "--store", str(folder), "--out", str(tmp_path / "r"), "--no-hold-out"]
    refused = runner.invoke(app, command)
    assert refused.exit_code == 2
    assert flat(refused.output) == (
        f"error: no accepted items in {folder} for all dates; {total} were left out because "
        "their "
        "paper's licence is unknown (--include-unknown-licence releases them)"
    )
    released = runner.invoke(app, [*command, "--include-unknown-licence"])
    assert released.exit_code == 0, released.output
    papers = papers_with_items(folder)
    assert flat(released.stdout).startswith(f"released {total} items from {papers} papers")
