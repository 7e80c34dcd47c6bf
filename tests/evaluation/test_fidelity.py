"""Reasoning-path fidelity: the judge role on each trial, logged per checkpoint."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.evaluation.fidelity import (
    CHECKPOINTS,
    FIDELITY_FILE,
    FIDELITY_TEMPLATE,
    checkpoints_for,
    read_fidelity,
    score_fidelity,
    summarise_fidelity,
)
from chemx.evaluation.results import RunError, load_run
from chemx.models import ModelClient
from chemx.prompts import load_template
from tests.evaluation.fixtures import copy_runs
from tests.fakes.fixtures import KEY_ENV
from tests.fakes.openai_server import RecordedRequest, Reply

runner = CliRunner()


def prompt_of(request: RecordedRequest) -> str:
    content = request.json["messages"][0]["content"]
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content)


def verdicts(effect: bool, feature: bool, mechanism: bool) -> dict:
    return {
        "effect": {"explanation": "states the effect", "reached": effect},
        "feature": {"explanation": "names the feature", "reached": feature},
        "mechanism": {"explanation": "gives the mechanism", "reached": mechanism},
    }


def judge(request: RecordedRequest) -> Reply:
    """Reaches all three on the fixture's right-answer traces, the effect on wrong ones."""
    reasoning = re.search(r"<<<\n(.*)\n>>>", prompt_of(request), re.S)
    assert reasoning is not None
    text = reasoning.group(1)
    if "The key feature is" in text:
        return Reply.ok(verdicts(True, True, True))
    if "by sterics" in text:
        return Reply.ok(verdicts(True, False, False))
    return Reply.ok(verdicts(False, False, False))


@pytest.fixture
def run_dir(tmp_path):
    return copy_runs(tmp_path) / "model-a-image"


def test_checkpoints_come_from_the_release_decomposition(run_dir) -> None:
    run = load_run(run_dir)
    points = checkpoints_for("itm_0402", run.provenance("itm_0402"))
    assert [(p.name, p.text, p.weight) for p in points] == [
        ("effect", "compound 0402 gives a single regioisomer", 1.0),
        ("feature", "the CF2H group", 1.0),
        ("mechanism", "withdraws electron density from the ortho position", 1.0),
    ]
    weighted = checkpoints_for("itm_0402", run.provenance("itm_0402"), {"mechanism": 2.0})
    assert [p.weight for p in weighted] == [1.0, 1.0, 2.0]
    with pytest.raises(RunError, match="its decomposition has no feature"):
        checkpoints_for("x", {"decomposition": {"effect": "e", "feature": " ", "mechanism": "m"}})


def test_every_trial_is_judged_and_logged_per_checkpoint(run_dir, fake_server, make_config) -> None:
    fake_server.responder = judge
    run = load_run(run_dir)
    with ModelClient(make_config("judge", model="fake-judge")) as client:
        result = score_fidelity(run, client)
    # 54 trial lines, one without an output (itm_0603 trial 2): 53 judge calls
    assert (result.judged, result.reused, result.failed) == (53, 0, 0)
    assert len(fake_server.requests) == 53
    prompt = prompt_of(fake_server.requests[0])
    assert "effect: compound 0101 gives a single regioisomer" in prompt
    assert "feature: the ester carbonyl" in prompt
    assert "The key feature is the ester carbonyl" in prompt  # the trial's output
    assert fake_server.requests[0].json["model"] == "fake-judge"

    lines = (run_dir / FIDELITY_FILE).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 53 * 3
    first = [json.loads(line) for line in lines[:3]]
    template = load_template(FIDELITY_TEMPLATE)
    assert [s["checkpoint"] for s in first] == list(CHECKPOINTS)
    assert {(s["item_id"], s["trial"], s["trial_line"]) for s in first} == {("itm_0101", 0, 1)}
    assert {(s["template_id"], s["template_hash"], s["judge_model"]) for s in first} == {
        (FIDELITY_TEMPLATE, template.sha256, "fake-judge")
    }
    assert all(s["reached"] is True and s["judge_request_hash"] for s in first)

    summary = summarise_fidelity(run, read_fidelity(run_dir))
    assert summary is not None
    # 33 right trials reach 3 of 3; 16 wrong-letter trials reach the effect only; the 3
    # unparseable outputs and the HTML one reach nothing: (99 + 16) / (53 * 3)
    assert summary.rpf == pytest.approx(Fraction(115, 159))
    assert summary.rpf_correct == 1.0
    assert summary.rpf_wrong == pytest.approx(Fraction(16, 60))
    assert summary.reached == pytest.approx(
        {"effect": 49 / 53, "feature": 33 / 53, "mechanism": 33 / 53}
    )
    assert (summary.trials, summary.failed, summary.judge_models) == (53, 0, ("fake-judge",))

    with ModelClient(make_config("judge", model="fake-judge")) as client:
        again = score_fidelity(run, client)
    assert (again.judged, again.reused) == (0, 53) and len(fake_server.requests) == 53


def test_a_failed_judge_call_is_logged_and_retried(run_dir, fake_server, make_config) -> None:
    def flaky(request: RecordedRequest) -> Reply:
        if "compound 0102" in prompt_of(request):
            return Reply.server_error(400, "bad request")
        return judge(request)

    fake_server.responder = flaky
    run = load_run(run_dir)
    with ModelClient(make_config("judge", model="fake-judge")) as client:
        result = score_fidelity(run, client, trials="first")
    assert (result.judged, result.failed) == (18, 1)
    failed = [s for s in read_fidelity(run_dir) if s.reached is None]
    assert {(s.item_id, s.checkpoint) for s in failed} == {("itm_0102", c) for c in CHECKPOINTS}
    assert all(s.error and s.error.startswith("http") for s in failed)
    summary = summarise_fidelity(run, read_fidelity(run_dir))
    assert summary is not None and (summary.trials, summary.failed) == (17, 1)

    fake_server.responder = judge
    with ModelClient(make_config("judge", model="fake-judge")) as client:
        retried = score_fidelity(run, client, trials="first")
    assert (retried.judged, retried.reused, retried.failed) == (1, 17, 0)
    summary = summarise_fidelity(run, read_fidelity(run_dir))
    assert summary is not None and (summary.trials, summary.failed) == (18, 0)


def test_report_judges_and_shows_fidelity(run_dir, fake_server, key_env, tmp_path) -> None:
    fake_server.responder = judge
    out = tmp_path / "report"
    options = [
        f"judge.base_url={fake_server.url}",
        "judge.model=fake-judge",
        f"judge.api_key_env={KEY_ENV}",
    ]
    args = ["report", str(run_dir), "--out", str(out), "--fidelity", "--fidelity-trials", "first"]
    for option in options:
        args += ["--model-option", option]
    result = runner.invoke(app, [*args, "--json", "--resamples", "200"])
    assert result.exit_code == 0, result.output
    fidelity = json.loads(result.stdout)["runs"][0]["fidelity"]
    # first trials: 12 right (3 of 3), 4 wrong-letter (effect), itm_0503 and itm_0602 none
    assert fidelity["trials"] == 18
    assert fidelity["rpf"] == pytest.approx(round((36 + 4) / 54, 6))
    assert fidelity["log"] == "fidelity.jsonl"
    assert "Reasoning-path fidelity" in (out / "table.md").read_text(encoding="utf-8")

    missing = runner.invoke(app, ["report", str(run_dir), "--out", str(out), "--fidelity"])
    assert missing.exit_code == 2 and "--fidelity needs the judge role" in missing.output
