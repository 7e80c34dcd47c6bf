"""The run: resume after a crash or a kill, refusal of another run's folder, retries."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from chemx.errors import ChemxError, SettingsError
from chemx.evaluation.records import Condition, SamplingParams
from chemx.evaluation.run_folder import MANIFEST_FILE, TRIALS_FILE, RunFolderError, read_trials
from chemx.evaluation.runner import run_eval
from tests.evaluation._release import synthetic_rows, write_release
from tests.evaluation._server import oracle
from tests.fakes.fixtures import KEY_ENV, SECRET
from tests.fakes.openai_server import Reply

REPO = Path(__file__).resolve().parents[2]


class Crash(Exception):
    """Stands in for the process dying."""


def trial_counts(out: Path) -> Counter[tuple[str, int]]:
    lines = (out / TRIALS_FILE).read_text().splitlines()
    return Counter((json.loads(line)["item_id"], json.loads(line)["trial"]) for line in lines)


def asked_items(bodies: list[dict]) -> Counter[str]:
    return Counter(f"it_{int(answer_letter_index(b)):04d}" for b in bodies)


def answer_letter_index(body: dict) -> int:
    text = json.dumps(body["messages"])
    return int(text.split("Compound ", 1)[1].split(" ", 1)[0])


def test_a_run_that_crashed_half_way_finishes_with_every_trial_once(fake_server, settings_for):
    fake_server.responder = oracle(accept_n=False)  # one request per trial
    settings = settings_for(concurrency=1)
    seen = []

    def crash_after_ten(record):
        seen.append(record)
        if len(seen) == 10:
            raise Crash

    with pytest.raises(Crash):
        run_eval(settings, on_trial=crash_after_ten)
    first = {(r.item_id, r.trial) for r in read_trials(settings.out)}
    assert len(first) == 10
    asked_first = len(fake_server.requests)
    fake_server.reset()

    summary = run_eval(settings)
    assert summary.asked == 14 and summary.trials_done == 24 and summary.majority_correct == 8
    assert trial_counts(settings.out) == Counter({key: 1 for key in trial_counts(settings.out)})
    assert len(trial_counts(settings.out)) == 24
    # no finished trial was asked again (answers given before the crash come from the cache)
    # (a fresh client tries n=3 once more and is refused: that request answers nothing)
    singles = [body for body in fake_server.chat_bodies if body["n"] == 1]
    asked_again = {(f"it_{answer_letter_index(b):04d}", b["seed"] - 11) for b in singles}
    assert len(asked_again) == len(singles) <= 14 and not asked_again & first
    assert asked_first >= 10
    assert {(r.item_id, r.trial) for r in read_trials(settings.out)} >= first


def test_a_killed_process_resumes_and_never_re_asks_a_finished_trial(
    fake_server, settings_for, tmp_path
):
    fake_server.latency_s = 0.15
    fake_server.responder = oracle()
    settings = settings_for(concurrency=1, trials=3)
    command = [
        sys.executable,
        "-m",
        "chemx.cli",
        "eval",
        str(settings.release),
        "--backend",
        "openai",
        "--model",
        "fake-vlm",
        "--base-url",
        fake_server.url,
        "--api-key-env",
        KEY_ENV,
        "--concurrency",
        "1",
        "--temperature",
        "0.6",
        "--top-p",
        "0.9",
        "--max-tokens",
        "256",
        "--seed",
        "11",
        "--out",
        str(settings.out),
        "--json",
    ]
    env = {**os.environ, KEY_ENV: SECRET}
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL)
    trials = settings.out / TRIALS_FILE
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if trials.exists() and len(trials.read_bytes().splitlines()) >= 6:
            break
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    finished = set(trial_counts(settings.out))
    assert 6 <= len(finished) < 24
    fake_server.reset()

    summary = run_eval(settings)
    assert summary.complete and summary.majority_correct == 8
    counts = trial_counts(settings.out)
    assert len(counts) == 24 and set(counts.values()) == {1}
    finished_items = {item for item, _ in finished if all((item, t) in finished for t in range(3))}
    assert finished_items
    assert not set(asked_items(fake_server.chat_bodies)) & finished_items


def test_a_torn_last_line_is_dropped_and_its_trial_asked_again(fake_server, settings_for):
    fake_server.responder = oracle()
    settings = settings_for(trials=1)
    run_eval(settings)
    path = settings.out / TRIALS_FILE
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-1]) + lines[-1][:40])  # killed mid-write
    fake_server.reset()
    summary = run_eval(settings)
    assert summary.asked == 1 and summary.complete
    assert len(fake_server.requests) == 0  # the answer was in the run's response cache
    assert set(trial_counts(settings.out).values()) == {1}


def test_failed_trials_are_asked_again_and_leave_one_line_each(fake_server, settings_for):
    fake_server.default = Reply.server_error(500)
    settings = settings_for(max_retries=0, trials=3)
    first = run_eval(settings)
    assert first.errors == 24 and first.trials_done == 0
    fake_server.default = Reply()
    fake_server.responder = oracle()
    second = run_eval(settings)
    assert second.errors == 0 and second.complete and second.majority_correct == 8
    assert len(trial_counts(settings.out)) == 24
    assert set(trial_counts(settings.out).values()) == {1}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"model": "other-vlm"}, "model fake-vlm (asked: other-vlm)"),
        ({"condition": Condition.TEXT_ONLY}, "condition image (asked: text-only)"),
        ({"trials": 5}, "trials 3 (asked: 5)"),
        ({"sampling": SamplingParams(temperature=0.0)}, "sampling {'temperature': 0.6"),
    ],
)
def test_a_folder_of_another_run_is_refused_in_one_line(fake_server, settings_for, change, field):
    fake_server.responder = oracle()
    run_eval(settings_for(trials=3))
    with pytest.raises(RunFolderError) as error:
        run_eval(settings_for(**{"trials": 3, **change}))
    message = str(error.value)
    assert "\n" not in message and "holds another run" in message
    assert field in message and "give another --out" in message


def test_a_folder_of_another_release_is_refused(fake_server, settings_for, tmp_path):
    fake_server.responder = oracle()
    run_eval(settings_for(trials=1))
    other = tmp_path / "other-release"
    write_release(other, synthetic_rows(8, seed=99))
    with pytest.raises(RunFolderError, match="release_checksum"):
        run_eval(settings_for(trials=1, release=other))


def test_a_folder_that_is_not_a_run_is_refused(settings_for, tmp_path):
    out = tmp_path / "notes"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(RunFolderError, match="not an evaluation run folder"):
        run_eval(settings_for(out=out))


def test_a_damaged_release_is_refused_before_any_request(fake_server, settings_for, tmp_path):
    release = tmp_path / "release"
    write_release(release, synthetic_rows(4))
    provenance = next((release / "provenance").iterdir())
    provenance.write_text("{}")
    with pytest.raises(ChemxError, match=f"{provenance.name} does not match checksums.sha256"):
        run_eval(settings_for(release=release))
    assert fake_server.requests == [] and not (settings_for().out / MANIFEST_FILE).exists()


def test_context_condition_sends_each_items_text_and_only_those_items(
    fake_server, settings_for, tmp_path
):
    fake_server.responder = oracle()
    context = tmp_path / "context.csv"
    context.write_text('item_id,text\nit_0001,"Feature A is a CF2H group."\nit_0006,Hint six\n')
    summary = run_eval(settings_for(condition=Condition.CONTEXT, extra_context=context))
    assert summary.items == 2 and summary.manifest.template_id == "evaluate_context.v1"
    assert summary.manifest.extra_context_sha256
    texts = sorted(body["messages"][0]["content"][1]["text"] for body in fake_server.chat_bodies)
    assert "Additional information:\nFeature A is a CF2H group." in texts[0]
    assert "Additional information:\nHint six" in texts[1]


def test_context_flags_are_checked_before_any_work(settings_for, tmp_path):
    with pytest.raises(SettingsError, match="--condition context needs --extra-context"):
        run_eval(settings_for(condition=Condition.CONTEXT))
    context = tmp_path / "c.jsonl"
    context.write_text(json.dumps({"item_id": "it_0001", "text": "t"}) + "\n")
    with pytest.raises(SettingsError, match="read only with --condition context"):
        run_eval(settings_for(extra_context=context))
    context.write_text(json.dumps({"item_id": "it_9999", "text": "t"}) + "\n")
    with pytest.raises(ChemxError, match="not in the release"):
        run_eval(settings_for(condition=Condition.CONTEXT, extra_context=context))


def test_an_unknown_backend_suggests_the_close_name(settings_for):
    with pytest.raises(SettingsError, match="did you mean 'baseline'"):
        run_eval(settings_for(backend="baselin"))


def cli(*args: str):
    from typer.testing import CliRunner

    from chemx.cli import app

    return CliRunner().invoke(app, ["eval", *args])


def test_cli_prints_a_json_summary_and_exits_3_while_trials_failed(
    fake_server, small_release, tmp_path, key_env
):
    fake_server.default = Reply.server_error(400, "bad request")  # not retried
    common = [str(small_release), "--backend", "openai", "--model", "fake-vlm"]
    common += ["--base-url", fake_server.url, "--api-key-env", KEY_ENV, "--trials", "1"]
    common += ["--out", str(tmp_path / "run"), "--json"]
    failed = cli(*common)
    assert failed.exit_code == 3, failed.output
    assert json.loads(failed.stdout)["errors"] == 8
    assert "run the same command again" in failed.stderr
    fake_server.default = Reply()
    fake_server.responder = oracle()
    done = cli(*common)
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["complete"] and report["asked_now"] == 8 and report["errors"] == 0
    assert report["majority_vote"]["accuracy"] == 1.0
    assert json.loads((tmp_path / "run" / "summary.json").read_text()) == report


def test_cli_errors_are_one_line(small_release, tmp_path):
    result = cli(str(small_release), "--backend", "openai", "--model", "m")
    assert result.exit_code == 2 and "needs --base-url" in result.stderr
    result = cli(str(small_release), "--backend", "baseline", "--model", "longst")
    assert result.exit_code == 2 and "did you mean 'longest'" in result.stderr
    result = cli(str(tmp_path / "nothing"), "--backend", "baseline", "--model", "random")
    assert result.exit_code == 2 and "is not a folder" in result.stderr
    result = cli(str(small_release), "--backend", "baseline", "--model", "random", "--top-p", "0")
    assert result.exit_code == 2 and "--top-p: Input should be greater than 0" in result.stderr
    help_text = cli("--help").stdout
    assert all(name in help_text for name in ("'openai'", "'vllm'", "'baseline'"))
