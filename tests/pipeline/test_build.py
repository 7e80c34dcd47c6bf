import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chemx.pipeline import BuildSettings, run_build
from chemx.sources import CorpusError
from tests._helpers import write_paper


def _ids(out: Path) -> dict[str, list[str]]:
    connection = sqlite3.connect(out / "chemx.db")
    try:
        return {
            table: [row[0] for row in connection.execute(f"SELECT id FROM {table} ORDER BY id")]
            for table in ("nodes", "decisions")
        }
    finally:
        connection.close()


def test_second_build_adds_nothing(good_corpus, tmp_path):
    out = tmp_path / "out"
    first = run_build(BuildSettings(until="acquire", corpus=str(good_corpus), out=out, workers=2))
    assert first.documents.ran == 3
    assert first.totals["paper"] == {"ok": 3}
    ids = _ids(out)
    second = run_build(BuildSettings(until="acquire", corpus=str(good_corpus), out=out, workers=2))
    assert second.documents.already_done == 3
    assert set(second.rows_added.values()) == {0}
    assert _ids(out) == ids
    assert (out / "build_report.json").exists()


def test_new_papers_are_added_incrementally(good_corpus, tmp_path):
    out = tmp_path / "out"
    run_build(BuildSettings(until="acquire", corpus=str(good_corpus), out=out))
    write_paper(good_corpus, "paper9", "10.5555/test.9")
    report = run_build(BuildSettings(until="acquire", corpus=str(good_corpus), out=out))
    assert report.documents.ran == 1 and report.documents.already_done == 3
    assert report.totals["paper"] == {"ok": 4}


def test_bad_inputs_are_recorded_and_the_build_goes_on(bad_corpus, tmp_path):
    report = run_build(BuildSettings(until="acquire", corpus=str(bad_corpus), out=tmp_path / "out"))
    reasons = {(r.gate, r.reason): r.count for r in report.rejections}
    assert reasons == {
        ("acquisition", "xml_malformed"): 2,  # malformed + truncated
        ("acquisition", "xml_encoding"): 1,
        ("acquisition", "pdf_encrypted"): 1,
        ("acquisition", "pdf_no_text"): 1,
        ("acquisition", "image_missing"): 1,
        ("acquisition", "image_corrupt"): 1,
        ("acquisition", "image_too_large"): 1,
    }
    assert report.documents.discovered == 9
    assert report.documents.rejected == 5
    # good + the three papers whose figures were bad are still papers
    assert report.totals["paper"] == {"ok": 4}
    assert report.totals["figure"] == {"ok": 1, "rejected": 3}


def test_unknown_and_empty_corpus_fail_before_work(tmp_path):
    with pytest.raises(CorpusError, match="no such folder"):
        run_build(
            BuildSettings(until="acquire", corpus=str(tmp_path / "missing"), out=tmp_path / "o")
        )
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusError, match=r"no \.nxml"):
        run_build(
            BuildSettings(until="acquire", corpus=str(tmp_path / "empty"), out=tmp_path / "o")
        )
    assert not (tmp_path / "o" / "chemx.db").exists()


def _build_and_kill_after(corpus: Path, out: Path, papers: int) -> tuple[int, int, str]:
    """Run `chemx build` in a subprocess; SIGKILL it once `papers` papers are stored.

    Returns (papers seen at the kill, return code, stderr).
    """
    command = [
        sys.executable,
        "-m",
        "chemx.cli",
        "build",
        "--corpus",
        str(corpus),
        "--out",
        str(out),
        "--workers",
        "2",
        "--json",
        "--until",
        "acquire",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    seen = 0
    while time.monotonic() < deadline and process.poll() is None:
        try:
            connection = sqlite3.connect(f"file:{out / 'chemx.db'}?mode=ro", uri=True, timeout=0.1)
            seen = connection.execute("SELECT COUNT(*) FROM nodes WHERE kind='paper'").fetchone()[0]
            connection.close()
        except sqlite3.Error:
            seen = 0
        if seen >= papers:
            os.kill(process.pid, signal.SIGKILL)
            break
        time.sleep(0.005)
    process.wait()
    stderr = process.stderr.read().decode() if process.stderr else ""
    return seen, process.returncode, stderr


def test_sigkill_mid_build_then_resume_equals_uninterrupted(tmp_path):
    corpus = tmp_path / "many"
    for i in range(240):
        write_paper(corpus, f"p{i:03d}", f"10.5555/many.{i}")
    reference = tmp_path / "reference"
    run_build(BuildSettings(until="acquire", corpus=str(corpus), out=reference, workers=2))

    # Under load the poll can miss the window (it then sees the finished build); each
    # attempt uses a fresh folder, and the test needs one kill that lands mid-build.
    for attempt in range(3):
        killed = tmp_path / f"killed-{attempt}"
        papers, returncode, stderr = _build_and_kill_after(corpus, killed, papers=20)
        if returncode == -signal.SIGKILL and papers < 240:
            break
    assert returncode == -signal.SIGKILL, f"build ended first: rc {returncode}: {stderr}"
    assert 20 <= papers < 240

    resumed = run_build(BuildSettings(until="acquire", corpus=str(corpus), out=killed, workers=2))
    assert resumed.documents.already_done >= 1
    assert resumed.documents.ran + resumed.documents.already_done + resumed.documents.resumed == 240
    assert _ids(killed) == _ids(reference)
