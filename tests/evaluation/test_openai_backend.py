"""`--backend openai` against the fake OpenAI-compatible server (real HTTP, real client)."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from chemx.errors import SettingsError
from chemx.evaluation.records import Condition
from chemx.evaluation.run_folder import read_trials
from chemx.evaluation.runner import run_eval
from chemx.evaluation.vote import item_votes
from chemx.models import EVALUATED_ROLE, Message, ModelClient, Sampling
from tests.evaluation._release import answer_letter
from tests.evaluation._server import choices_reply, n_of, oracle
from tests.fakes.fixtures import SECRET
from tests.fakes.openai_server import Reply

SAMPLING_FIELDS = {"temperature": 0.6, "top_p": 0.9, "max_tokens": 256}


def test_every_request_states_its_sampling_and_asks_all_trials_at_once(fake_server, settings_for):
    fake_server.responder = oracle()
    summary = run_eval(settings_for())

    assert len(fake_server.requests) == 8  # one request per item: n=3
    for body in fake_server.chat_bodies:
        assert {k: body[k] for k in SAMPLING_FIELDS} == SAMPLING_FIELDS
        assert body["seed"] == 11 and body["n"] == 3
        assert body["model"] == "fake-vlm" and "response_format" not in body
    assert summary.trials_done == 24 and summary.majority_correct == 8 and summary.complete
    records = read_trials(settings_for().out)
    assert {(r.seed, r.n_in_request, r.extraction) for r in records} == {(11, 3, "final_answer")}
    assert sum(r.prompt_tokens or 0 for r in records) == 8 * 30  # one prompt per request


def test_the_image_goes_first_as_a_png_flattened_onto_white(fake_server, settings_for):
    fake_server.responder = oracle()
    run_eval(settings_for(trials=1))
    image_part, text_part = fake_server.chat_bodies[0]["messages"][0]["content"]
    assert image_part["type"] == "image_url" and text_part["type"] == "text"
    url = image_part["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))
    assert image.mode == "RGB" and image.getpixel((0, 0)) == (255, 255, 255)
    assert "FINAL ANSWER: X" in text_part["text"]


def test_text_only_removes_the_image_and_nothing_else(fake_server, settings_for, tmp_path):
    fake_server.responder = oracle()
    run_eval(settings_for(trials=1, out=tmp_path / "image"))
    with_image = {
        json.dumps(b["messages"][0]["content"][1]["text"]) for b in fake_server.chat_bodies
    }
    fake_server.reset()
    run_eval(settings_for(trials=1, out=tmp_path / "text", condition=Condition.TEXT_ONLY))
    bodies = fake_server.chat_bodies
    assert all(isinstance(b["messages"][0]["content"], str) for b in bodies)
    assert {json.dumps(b["messages"][0]["content"]) for b in bodies} == with_image
    records = read_trials(tmp_path / "text")
    assert {r.condition for r in records} == {Condition.TEXT_ONLY}
    assert {r.template_id for r in records} == {"evaluate.v1"}


def test_a_server_that_refuses_n_is_asked_once_per_trial_and_remembered(fake_server, settings_for):
    fake_server.responder = oracle(accept_n=False)
    summary = run_eval(settings_for(concurrency=1))

    ns = [n_of(request) for request in fake_server.requests]
    assert ns == [3] + [1] * 24  # refused once, then one request per trial for every item
    seeds = sorted(body["seed"] for body in fake_server.chat_bodies[1:4])
    assert seeds == [11, 12, 13]
    assert summary.trials_done == 24 and summary.majority_correct == 8
    records = read_trials(settings_for().out)
    assert {(r.trial, r.seed) for r in records} == {(0, 11), (1, 12), (2, 13)}
    assert {r.n_in_request for r in records} == {1}


def test_fewer_choices_than_asked_falls_back_too(fake_server, settings_for):
    fake_server.responder = lambda request: choices_reply(
        [f"FINAL ANSWER: {answer_letter(request.json)}"]
    )  # ignores n, like some servers
    summary = run_eval(settings_for(concurrency=1))
    assert [n_of(r) for r in fake_server.requests] == [3] + [1] * 24
    assert summary.majority_correct == 8


SCRIPTS = {
    "it_0000": ["FINAL ANSWER: A", "FINAL ANSWER: A", "FINAL ANSWER: B"],  # answer A: majority A
    "it_0001": ["FINAL ANSWER: A", "FINAL ANSWER: B", "FINAL ANSWER: C"],  # three different
    "it_0002": ["I am not sure.", "no idea", "FINAL ANSWER: C"],  # one parseable: no majority
    "it_0003": ["FINAL ANSWER: (D)", "D", "Both seem plausible."],  # two D of three
    "it_0004": ["The answer is A", "Answer: (A)", "FINAL ANSWER: B"],  # majority A, correct
    "it_0005": ["FINAL ANSWER: A", "FINAL ANSWER: A", "FINAL ANSWER: A"],  # answer B: wrong
}


def test_majority_vote_verdicts_per_item(fake_server, settings_for):
    def respond(request):
        text = json.dumps(request.json["messages"])
        item = next(item for item in SCRIPTS if f"Compound {int(item[3:])} gives" in text)
        return choices_reply(SCRIPTS[item])

    fake_server.responder = respond
    out = settings_for().out
    items = sorted(SCRIPTS)
    context = out.parent / "ids.jsonl"
    context.write_text("".join(json.dumps({"item_id": i, "text": "x"}) + "\n" for i in items))
    summary = run_eval(settings_for(condition=Condition.CONTEXT, extra_context=context))

    votes = item_votes(read_trials(out))
    assert votes == {
        "it_0000": "A",
        "it_0001": None,
        "it_0002": None,
        "it_0003": "D",
        "it_0004": "A",
        "it_0005": "A",
    }
    assert summary.items == 6
    assert summary.majority_correct == 3  # it_0000, it_0003, it_0004
    assert summary.no_majority == 2 and summary.unparseable == 3
    by_trial = {(r.item_id, r.trial): r for r in read_trials(out)}
    assert by_trial[("it_0003", 0)].extraction == "final_answer"
    assert by_trial[("it_0003", 1)].extraction == "lone_letter"
    assert by_trial[("it_0002", 0)].parsed_answer is None
    assert by_trial[("it_0002", 0)].correct is False


def test_concurrency_bounds_the_requests_in_flight(fake_server, settings_for):
    fake_server.latency_s = 0.05
    fake_server.responder = oracle(accept_n=False)
    run_eval(settings_for(concurrency=3))
    assert fake_server.max_in_flight == 3


def test_a_failed_request_is_an_error_record_and_the_key_is_nowhere(
    fake_server, settings_for, caplog
):
    fake_server.default = Reply.server_error(503, f"upstream down (key {SECRET})")
    summary = run_eval(settings_for(max_retries=0, trials=1))
    assert summary.errors == 8 and summary.trials_done == 0 and not summary.complete
    records = read_trials(settings_for().out)
    assert all(
        r.raw_output is None and r.error and r.error.startswith("transport: HTTP 503")
        for r in records
    )
    everything = "".join(p.read_text(errors="replace") for p in settings_for().out.iterdir())
    assert SECRET not in everything and SECRET not in caplog.text
    assert "***" in records[0].error


def test_complete_text_caches_by_n_and_reports_usage_shares(fake_server, settings_for):
    from chemx.evaluation.backends.openai import models_config
    from chemx.models import MemoryCache

    fake_server.responder = lambda request: choices_reply(["x"] * n_of(request), prompt_tokens=31)
    config = models_config(settings_for())
    cache = MemoryCache()
    messages = [Message.user("Which option?")]

    async def ask(n: int):
        async with ModelClient(config, cache=cache) as client:
            return await client.complete_text(
                EVALUATED_ROLE, messages, n=n, sampling=Sampling(seed=3)
            )

    import asyncio

    first = asyncio.run(ask(3))
    again = asyncio.run(ask(3))
    single = asyncio.run(ask(1))
    assert len(fake_server.requests) == 2  # n=3 once (then cached), n=1 once
    assert first.batched and first.choices == ["x", "x", "x"]
    assert [s.prompt_tokens for s in first.samples] == [11, 10, 10]
    assert again.calls[0].cache_hit and again.calls[0].request_hash == first.calls[0].request_hash
    assert single.calls[0].request_hash != first.calls[0].request_hash
    assert fake_server.chat_bodies[0]["top_p"] == 1.0  # stated even when not given


def test_openai_needs_a_base_url(settings_for):
    with pytest.raises(SettingsError, match="--backend openai needs --base-url"):
        run_eval(settings_for(base_url=None))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"base_url": "localhost:8000"}, "--base-url: must start with http:// or https://"),
        ({"api_key_env": "CHEMX_UNSET_KEY"}, "--api-key-env: environment variable CHEMX_UNSET_KEY"),
    ],
)
def test_endpoint_flags_are_checked_before_any_work(settings_for, fields, message):
    with pytest.raises(SettingsError) as error:
        run_eval(settings_for(**fields))
    assert str(error.value).startswith(message)
    assert not settings_for().out.exists()
