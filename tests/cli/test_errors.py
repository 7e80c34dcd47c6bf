"""User conditions are one line on stderr with the fix (exit 2), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from tests._helpers import jats_text, png_bytes
from tests.cli._folders import read_only

runner = CliRunner()


def one_line_error(result, *fragments: str) -> str:
    """The error printed, checked to be exit 2, one line, with no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


@pytest.fixture
def built(good_corpus: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", "--corpus", str(good_corpus), "--out", str(out), "--until", "acquire"]
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["build", "--corpus", "sample", "--until", "acquire", "--out"], "--out"),
        (["trace", "pap_0", "--out"], "--out"),
        (["audit", "--out"], "--out"),
        (["papers", "--out"], "--out"),
        (["release", "--out", "R", "--store"], "--store"),
    ],
)
def test_a_file_where_a_folder_is_expected(tmp_path: Path, command: list[str], option: str) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    result = runner.invoke(app, [*command, str(a_file)])
    one_line_error(result, f"{option} {a_file} is a file", "folder")


def test_build_under_a_file_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    result = runner.invoke(app, ["build", "--until", "acquire", "--out", str(a_file / "out")])
    one_line_error(result, f"cannot create --out {a_file / 'out'}", f"{a_file} is a file")


def test_build_into_a_read_only_folder(good_corpus: Path, tmp_path: Path) -> None:
    with read_only(tmp_path / "ro") as folder:
        result = runner.invoke(
            app, ["build", "--corpus", str(good_corpus), "--out", str(folder), "--until", "acquire"]
        )
        one_line_error(result, f"--out {folder} is not writable", "choose another folder")
        inside = folder / "new"
        result = runner.invoke(
            app, ["build", "--corpus", str(good_corpus), "--out", str(inside), "--until", "acquire"]
        )
        one_line_error(result, f"cannot create --out {inside}: {folder} is not writable")


def test_reading_a_store_in_a_read_only_folder(built: Path) -> None:
    for leftover in built.glob("chemx.db-*"):  # as a store copied onto read-only media
        leftover.unlink()
    with read_only(built):
        result = runner.invoke(app, ["papers", "--out", str(built)])
        one_line_error(result, f"store {built / 'chemx.db'}", "copy it somewhere writable")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"SQLite format 2\x00" + bytes(range(256)) * 20, "file is not a database"),
        (b"", "no such table"),
    ],
    ids=["garbage", "empty"],
)
@pytest.mark.parametrize("command", [["papers"], ["audit"], ["trace", "pap_0"]])
def test_a_damaged_or_foreign_store(
    tmp_path: Path, content: bytes, said: str, command: list[str]
) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / "chemx.db").write_bytes(content)
    result = runner.invoke(app, [*command, "--out", str(store)])
    one_line_error(result, f"store {store / 'chemx.db'}: {said}", "not a chemx store")


def test_building_into_a_damaged_store(good_corpus: Path, tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / "chemx.db").write_bytes(bytes(range(256)) * 20)
    result = runner.invoke(
        app,
        [
            "build",
            "--corpus",
            str(good_corpus),
            "--out",
            str(store),
            "--until",
            "acquire",
            "--json",
        ],
    )
    one_line_error(result, "file is not a database", "not a chemx store")


@pytest.mark.parametrize(
    "given", ["sk-live-0123456789abcdef", "sk-live-0123456789abcdef=1", "=sk-live-0123456789abcdef"]
)
def test_a_malformed_model_option_is_not_echoed(tmp_path: Path, given: str) -> None:
    result = runner.invoke(
        app,
        ["build", "--out", str(tmp_path / "o"), "--until", "acquire", "--model-option", given],
    )
    line = one_line_error(result, "--model-option (the 1st one)", "ROLE.FIELD=VALUE")
    assert "0123456789abcdef" not in result.output and "sk-" not in line


def test_the_second_malformed_model_option_is_named_by_position(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "build",
            "--out",
            str(tmp_path / "o"),
            "--model-option",
            "identifier.model=gpt-4o",
            "--model-option",
            "hunter2",
        ],
    )
    one_line_error(result, "--model-option (the 2nd one)")
    assert "hunter2" not in result.output


def test_until_help_states_one_default() -> None:
    result = runner.invoke(app, ["build", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "default: all" not in result.output
    text = " ".join(result.output.split())
    assert "acquire, visual, grounding or generation" in text
    assert "[default: generation]" in text


BRACKETED_TITLE = "Benzo[b]thiophene [/i] opens"
"""A real chemical name with brackets, plus a stray closing tag that rich would choke on."""


@pytest.fixture
def bracketed_corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "papers[b]"
    folder.mkdir()
    (folder / "benzo[b].nxml").write_text(
        jats_text("10.5555/benzo", title=BRACKETED_TITLE, figures=(("f1", "benzo_f1.png"),)),
        encoding="utf-8",
    )
    (folder / "benzo_f1.png").write_bytes(png_bytes(text="1"))
    (folder / "broken[i].nxml").write_text("<article><body>", encoding="utf-8")
    return folder


def test_paper_strings_print_as_written(
    bracketed_corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chemx.cli._common import console

    monkeypatch.setattr(console, "width", 250)  # no truncation of the columns checked
    out = str(tmp_path / "out")
    built = runner.invoke(
        app, ["build", "--corpus", str(bracketed_corpus), "--out", out, "--until", "acquire"]
    )
    assert built.exit_code == 0, built.output
    assert "papers[b]" in built.output  # the corpus name in the summary's title

    listed = runner.invoke(app, ["papers", "--out", out])
    assert listed.exit_code == 0, listed.output
    assert BRACKETED_TITLE in listed.output

    paper_id = next(
        p["id"] for p in json.loads(runner.invoke(app, ["papers", "--out", out, "--json"]).output)
    )
    traced = runner.invoke(app, ["trace", paper_id, "--out", out])
    assert traced.exit_code == 0, traced.output
    assert BRACKETED_TITLE in traced.output

    audited = runner.invoke(app, ["audit", "--out", out])
    assert audited.exit_code == 0, audited.output
    assert "broken[i].nxml" in audited.output


def test_an_error_message_prints_brackets_as_written(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", "--out", str(tmp_path / "no[/i]store")])
    one_line_error(result, f"no chemx store at {tmp_path / 'no[/i]store' / 'chemx.db'}")
