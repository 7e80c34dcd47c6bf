"""`--backend baseline`: chance lines and the shortcut battery, on synthetic and sample releases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.errors import SettingsError
from chemx.evaluation.backends import EvalSettings
from chemx.evaluation.backends.baseline import BASELINES
from chemx.evaluation.run_folder import read_trials
from chemx.evaluation.runner import run_eval
from chemx.qc.shortcut_battery import SHORTCUTS
from tests.evaluation._release import synthetic_rows, write_release
from tests.generation.fixtures import SampleBuild


@pytest.fixture(scope="module")
def large_release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("release") / "r400"
    write_release(folder, synthetic_rows(400, seed=5))
    return folder


def baseline(release: Path, out: Path, model: str, trials: int = 3) -> EvalSettings:
    return EvalSettings(release=release, model=model, backend="baseline", out=out, trials=trials)


def test_random_is_near_chance_and_the_same_in_every_trial(large_release, tmp_path):
    summary = run_eval(baseline(large_release, tmp_path / "random", "random"))
    assert 0.20 <= summary.majority_accuracy <= 0.30
    low, high = summary.ci95
    assert low < 0.25 < high
    assert summary.no_majority == 0  # seeded by the item: three identical trials
    records = read_trials(tmp_path / "random")
    assert {r.backend for r in records} == {"baseline:random"}
    assert records[0].raw_output.startswith("FINAL ANSWER: ")
    assert records[0].raw_output.endswith("(random letter seeded by the item id)")
    again = run_eval(baseline(large_release, tmp_path / "random-2", "random"))
    assert again.majority_correct == summary.majority_correct  # reproducible


def test_always_a_scores_the_share_of_a_answers(large_release, tmp_path):
    summary = run_eval(baseline(large_release, tmp_path / "a", "always-A", trials=1))
    assert summary.majority_accuracy == 0.25  # answers cycle A-D


def test_every_shortcut_answers_with_its_reason(large_release, tmp_path):
    for name in SHORTCUTS:
        summary = run_eval(baseline(large_release, tmp_path / name, name, trials=1))
        assert summary.complete and summary.unparseable == 0, name
        record = read_trials(tmp_path / name)[0]
        assert record.extraction == "final_answer" and "\n(" in record.raw_output, name


def test_an_unknown_baseline_is_refused_with_the_close_name(large_release, tmp_path):
    with pytest.raises(SettingsError, match="did you mean 'longest'") as error:
        run_eval(baseline(large_release, tmp_path / "x", "longst"))
    assert "random, always-A, longest" in str(error.value)
    assert not (tmp_path / "x").exists()


def run_all(release: Path, out: Path) -> list[dict]:
    result = CliRunner().invoke(
        app,
        [
            *("eval", str(release), "--backend", "baseline", "--model", "all"),
            *("--out", str(out), "--trials", "1", "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_chemx_eval_reports_every_baseline(large_release, tmp_path):
    reports = run_all(large_release, tmp_path / "baselines")
    assert [r["model"] for r in reports] == list(BASELINES)
    for report in reports:
        assert report["backend"] == f"baseline:{report['model']}"
        assert 0.0 <= report["majority_vote"]["accuracy"] <= 1.0
        low, high = report["majority_vote"]["ci95"]
        assert low <= report["majority_vote"]["accuracy"] <= high
        assert Path(report["run_dir"]) == tmp_path / "baselines" / report["model"]


@pytest.fixture(scope="module")
def sample_release(tmp_path_factory: pytest.TempPathFactory, sample_build: SampleBuild) -> Path:
    from chemx.release import write_release as release_store

    out = tmp_path_factory.mktemp("sample-release") / "release"
    release_store(sample_build.out, out)
    return out


@pytest.mark.slow  # the session's sample build (shared with the release tests)
def test_the_sample_release_gets_every_baseline_reported(sample_release, tmp_path):
    reports = {r["model"]: r for r in run_all(sample_release, tmp_path / "baselines")}
    assert list(reports) == list(BASELINES)
    items = reports["random"]["items"]
    assert items >= 20
    assert all(r["items"] == items and r["complete"] for r in reports.values())
    assert reports["random"]["majority_vote"]["ci95"][0] < 0.25
