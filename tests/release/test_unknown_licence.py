"""Items whose paper states no licence: left out by default, released only when asked."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow.parquet as pq
import pytest

from chemx.release import DateRange, ReleaseError, validate, write_release
from chemx.release.schema import DATA_FILE
from tests.generation.fixtures import SampleBuild
from tests.release._licences import (
    accepted_items,
    code_only_items,
    papers_with_items,
    store_with_unknown_licences,
    unlicense_all,
)

NO_LIMIT = 1.0
"""These tests are about other checks: the shortcut limit is lifted (see
`test_the_release_validates` for the sample release against it)."""

if TYPE_CHECKING:
    from chemx.grounding.encoder import SentenceEncoder


def warning(items: int) -> str:
    return (
        f"> **Unknown licence.** This release includes {items} items from 1 paper whose "
        "licence is unknown"
    )


@pytest.fixture(scope="module")
def store(
    tmp_path_factory: pytest.TempPathFactory, sample_build: SampleBuild
) -> tuple[Path, list[str]]:
    folder = tmp_path_factory.mktemp("unknown-licence") / "store"
    return store_with_unknown_licences(sample_build.out, folder)


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def released_ids(folder: Path) -> set[str]:
    return set(pq.read_table(folder / DATA_FILE, columns=["id"]).column("id").to_pylist())


def test_items_of_unknown_licence_are_left_out_and_counted(
    store: tuple[Path, list[str]], tmp_path: Path, encoder: SentenceEncoder
) -> None:
    store_dir, unknown = store
    # every accepted item is counted here: none is held out for its wording
    summary = write_release(store_dir, tmp_path / "release", hold_out_answerable=False)
    n, total = len(unknown), accepted_items(store_dir)
    assert n >= 3
    assert (summary.items, summary.papers) == (total - n, papers_with_items(store_dir) - 1)
    assert (summary.licences.left_out, summary.licences.included) == (n, 0)
    assert summary.licences.describe() == (
        f"left out {n} items from 1 paper whose licence is unknown "
        "(--include-unknown-licence releases them)"
    )
    assert not released_ids(tmp_path / "release") & set(unknown)
    manifest = json.loads((tmp_path / "release" / "release.json").read_text())
    assert manifest["unknown_licence"] == {
        "included": False,
        "items_left_out": n,
        "items_included": 0,
        "papers": 1,
    }
    card = (tmp_path / "release" / "README.md").read_text()
    assert f"{n} items from 1 paper whose licence is unknown were left out of this release." in card
    assert "Unknown licence." not in card and "| unknown |" not in card
    # A paper with a licence code but no URL has a known licence: released, listed by code.
    code_only = f"| CC BY | {code_only_items(store_dir)} |"
    assert code_only in card
    assert code_only in (tmp_path / "release" / "LICENSES.md").read_text()
    report = validate(tmp_path / "release", encoder=encoder, max_shortcut_accuracy=NO_LIMIT)
    assert report.ok, [(c.name, c.message) for c in report.checks if not c.ok]


def test_include_unknown_licence_releases_them_with_a_warning_on_the_card(
    store: tuple[Path, list[str]], tmp_path: Path, encoder: SentenceEncoder
) -> None:
    store_dir, unknown = store
    summary = write_release(
        store_dir, tmp_path / "release", include_unknown_licence=True, hold_out_answerable=False
    )
    n = len(unknown)
    assert (summary.items, summary.papers) == (
        accepted_items(store_dir),
        papers_with_items(store_dir),
    )
    assert (summary.licences.left_out, summary.licences.included) == (0, n)
    assert set(unknown) <= released_ids(tmp_path / "release")
    manifest = json.loads((tmp_path / "release" / "release.json").read_text())
    assert manifest["unknown_licence"] == {
        "included": True,
        "items_left_out": 0,
        "items_included": n,
        "papers": 1,
    }
    card = (tmp_path / "release" / "README.md").read_text()
    title = card.index("# chemx explanatory chemistry benchmark")
    assert card.index(warning(n)) > title and card.index(warning(n)) < card.index("## Contents")
    assert (
        "**You must clear the rights to these items with their rights holders before you " in card
    )
    assert f"| unknown | {n} |" in card
    assert f"{n} items from 1 paper have an unknown licence" in card
    licences = (tmp_path / "release" / "LICENSES.md").read_text()
    assert sum(line.endswith(f"| unknown | {n} |") for line in licences.splitlines()) == 1
    # `chemx validate` still requires a licence on every item: it names exactly these.
    report = validate(tmp_path / "release", encoder=encoder, max_shortcut_accuracy=NO_LIMIT)
    assert [c.name for c in report.checks if not c.ok] == ["licences"]
    assert report.check("licences").problems == [f"{item}: no licence" for item in unknown]


@pytest.mark.parametrize("include", [False, True], ids=["default", "include"])
def test_a_release_with_unknown_licences_is_deterministic(
    store: tuple[Path, list[str]], tmp_path: Path, include: bool
) -> None:
    first = write_release(store[0], tmp_path / "a", include_unknown_licence=include)
    second = write_release(store[0], tmp_path / "b", include_unknown_licence=include)
    assert first.combined_sha256 == second.combined_sha256
    assert files_of(tmp_path / "a") == files_of(tmp_path / "b")


def test_the_date_range_is_applied_before_the_licence_count(
    store: tuple[Path, list[str]], tmp_path: Path
) -> None:
    # paper01 (unknown licence) was published in 2018: outside this range, so not counted.
    summary = write_release(store[0], tmp_path / "r", DateRange(after=dt.date(2020, 1, 1)))
    assert summary.licences.unknown_items == 0 and summary.licences.left_out == 0


def test_a_store_of_only_unknown_licences_names_the_flag(
    sample_build: SampleBuild, tmp_path: Path
) -> None:
    folder, _ = store_with_unknown_licences(sample_build.out, tmp_path / "store")
    total = accepted_items(folder)
    unlicense_all(folder)
    with pytest.raises(ReleaseError) as refused:
        write_release(folder, tmp_path / "release")
    assert str(refused.value) == (
        f"no accepted items in {folder} for all dates; {total} were left out because their "
        "paper's licence is unknown (--include-unknown-licence releases them)"
    )
    assert not (tmp_path / "release").exists()
