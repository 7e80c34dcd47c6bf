"""Majority-vote accuracy, pass@k and reliability on the hand-written fixture runs."""

from __future__ import annotations

import json
import math
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from chemx.evaluation.items import ReleaseUnreadable
from chemx.evaluation.metrics import (
    GROUPINGS,
    accuracy,
    first_trial_accuracy,
    grouped,
    mean_pass_at_k,
    mean_reliability,
    outcomes,
    pass_at_k,
)
from chemx.evaluation.results import RunError, load_run, read_trials
from tests.evaluation.fixtures import IMAGE_RUN, RELEASE, copy_runs

# Hand computation from the table in make_fixtures.py (MODEL_A_IMAGE):
# right by majority: papers 1-3 (9 items), itm_0501, itm_0603 -> 11 of 18.
# itm_0202 "A-A" and itm_0603 "B B !" win 2 of 3; itm_0402 "ABD" and itm_0403 "DAB"
# (one right) have no majority; itm_0503 "--C" has an unparseable majority.
RIGHT = {
    "itm_0101", "itm_0102", "itm_0103", "itm_0201", "itm_0202", "itm_0203",
    "itm_0301", "itm_0302", "itm_0303", "itm_0501", "itm_0603",
}  # fmt: skip
CORRECT_TRIALS = {
    "itm_0101": 3, "itm_0102": 2, "itm_0103": 3, "itm_0201": 3, "itm_0202": 2,
    "itm_0203": 3, "itm_0301": 3, "itm_0302": 2, "itm_0303": 3, "itm_0401": 0,
    "itm_0402": 0, "itm_0403": 1, "itm_0501": 3, "itm_0502": 1, "itm_0503": 1,
    "itm_0601": 1, "itm_0602": 0, "itm_0603": 2,
}  # fmt: skip


@pytest.fixture(scope="module")
def run():
    return load_run(IMAGE_RUN)


def test_majority_vote_per_item(run) -> None:
    items = outcomes(run)
    assert len(items) == 18
    assert {o.item_id for o in items if o.correct} == RIGHT
    votes = {o.item_id: o.voted for o in items}
    assert votes["itm_0202"] == "A" and votes["itm_0603"] == "B"
    assert votes["itm_0402"] is None and votes["itm_0403"] is None and votes["itm_0503"] is None
    assert {o.item_id: o.correct_trials for o in items} == CORRECT_TRIALS


def test_accuracy_overall_and_by_group(run) -> None:
    items = outcomes(run)
    overall = accuracy(items)
    assert (overall.correct, overall.total) == (11, 18)
    assert overall.value == pytest.approx(11 / 18)

    def shares(grouping: str) -> dict[str, tuple[int, int]]:
        return {g: (s.correct, s.total) for g, s in grouped(items, GROUPINGS[grouping]).items()}

    # Mechanistic: 0101 0103 0202 0301 0303 0501 right; 0402 0503 0602 wrong.
    assert shares("reasoning_type") == {
        "Condition": (2, 3),
        "Design": (3, 6),
        "Mechanistic": (6, 9),
    }
    assert shares("entry_type") == {"molecule": (5, 7), "reaction": (6, 11)}
    assert shares("year") == {"2022": (6, 6), "2023": (3, 6), "2024": (1, 3), "unknown": (1, 3)}


def test_pass_at_k_is_the_unbiased_estimator() -> None:
    assert pass_at_k(3, 1, 2) == pytest.approx(1 - Fraction(1, 3))  # 1 - C(2,2)/C(3,2)
    assert pass_at_k(10, 3, 4) == pytest.approx(1 - math.comb(7, 4) / math.comb(10, 4))
    assert pass_at_k(3, 2, 2) == 1.0  # n - c < k: every draw of 2 holds a correct one
    assert pass_at_k(3, 0, 3) == 0.0
    assert pass_at_k(5, 2, 1) == pytest.approx(2 / 5)  # pass@1 is c / n
    with pytest.raises(ValueError, match="1 <= k <= n"):
        pass_at_k(3, 1, 4)
    with pytest.raises(ValueError, match="impossible"):
        pass_at_k(3, 4, 1)


def test_reliability_and_pass_at_k_of_the_run(run) -> None:
    items = outcomes(run)
    # 33 correct trials of 54; every item has 3 trials
    assert mean_reliability(items) == pytest.approx(33 / 54)
    assert mean_pass_at_k(items, 1) == pytest.approx(33 / 54)
    # pass@2: 11 items with c >= 2 count 1, four with c = 1 count 2/3, three with c = 0
    assert mean_pass_at_k(items, 2) == pytest.approx((11 + 4 * 2 / 3) / 18)
    assert mean_pass_at_k(items, 3) == pytest.approx(15 / 18)
    # first trials: wrong on 0401 0402 0502 0503 0601 0602; 0603's retry answered B
    assert first_trial_accuracy(items) == pytest.approx(12 / 18)
    with pytest.raises(ValueError, match="fewer than 4 trials"):
        mean_pass_at_k(items, 4)


def test_each_outcome_names_its_trial_lines(run) -> None:
    items = {o.item_id: o for o in outcomes(run)}
    lines = (IMAGE_RUN / "trials.jsonl").read_text(encoding="utf-8").splitlines()
    for outcome in items.values():
        for trial, number in enumerate(outcome.lines):
            record = json.loads(lines[number - 1])
            assert (record["item_id"], record["trial"]) == (outcome.item_id, trial)
    # itm_0603 trial 0 failed (line 52), then was answered on resume (the last line)
    assert items["itm_0603"].lines == (len(lines), 53, 54)
    assert run.superseded == 1
    failed = [(t.record.item_id, t.record.trial, t.line) for t in run.trials if t.record.error]
    assert failed == [("itm_0603", 2, 54)]


def test_a_failed_retry_does_not_replace_an_answer_and_a_torn_line_is_ignored(tmp_path) -> None:
    path = tmp_path / "trials.jsonl"
    text = (IMAGE_RUN / "trials.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    first = json.loads(text[0])
    failed = {**first, "raw_output": None, "parsed_answer": None, "correct": False}
    failed["error"] = "transport: timeout"
    path.write_text(text[0] + json.dumps(failed) + "\n" + text[1][:40], encoding="utf-8")
    lines, superseded = read_trials(path)
    assert [(t.line, t.record.parsed_answer) for t in lines] == [(1, "A")]
    assert superseded == 1


def test_a_malformed_line_is_named(tmp_path) -> None:
    runs = copy_runs(tmp_path)
    trials = runs / "model-a-image" / "trials.jsonl"
    lines = trials.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = '{"item_id": "itm_0102"}\n'
    trials.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RunError, match=r"trials\.jsonl:5: not a trial record"):
        load_run(runs / "model-a-image")


def test_the_release_must_be_the_one_the_run_was_made_on(tmp_path) -> None:
    runs = copy_runs(tmp_path)
    manifest = runs / "model-a-image" / "run.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "release_checksum": "f" * 64}), encoding="utf-8")
    with pytest.raises(RunError, match=r"was made on release ffffffffffff.*pass --release"):
        load_run(runs / "model-a-image")
    shutil.rmtree(tmp_path / "release" / "provenance")
    with pytest.raises(ReleaseUnreadable, match=r"provenance/itm_0101\.json is missing"):
        load_run(runs / "model-a-text")


def test_the_release_is_found_from_the_run_or_given(tmp_path) -> None:
    runs = copy_runs(tmp_path)
    moved = tmp_path / "elsewhere" / "deeper" / "model-a-image"
    moved.parent.mkdir(parents=True)
    shutil.move(runs / "model-a-image", moved)
    with pytest.raises(RunError, match=r"release \.\./\.\./release was not found"):
        load_run(moved)
    assert load_run(moved, release=RELEASE).release == RELEASE
    with pytest.raises(RunError, match="is not a chemx release"):
        load_run(moved, release=tmp_path)


def test_a_trial_that_disagrees_with_the_release_is_refused(tmp_path) -> None:
    runs = copy_runs(tmp_path)
    trials = runs / "model-a-image" / "trials.jsonl"
    lines = trials.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[0])
    lines[0] = json.dumps({**record, "correct": False}) + "\n"
    trials.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RunError, match=r":1: the line says correct=False for answer A"):
        load_run(runs / "model-a-image")


def test_missing_run_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(RunError, match="is not a run folder"):
        load_run(tmp_path / "nowhere")
    with pytest.raises(RunError, match=r"has no run\.json"):
        load_run(tmp_path)
