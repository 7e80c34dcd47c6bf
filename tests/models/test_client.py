"""The real ModelClient (openai package, real HTTP) against the fake server."""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from chemx.models import (
    CallFailed,
    CallOk,
    FailureKind,
    ImagePart,
    MemoryCache,
    Message,
    ModelCallFailed,
    ModelClient,
    ModelsConfig,
    RoleNotConfigured,
    Sampling,
)
from chemx.models.retry import parse_retry_after
from chemx.prompts import IdentifierAnswer, PromptTemplate, load_template
from chemx.provenance import ProvenanceStore, WriteBatch
from tests._helpers import png_bytes
from tests.fakes.fixtures import KEY_ENV, SECRET
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest, Reply

TEMPLATE = load_template("identifier.v1")
PNG = png_bytes(text="3a")


def identifier_messages(
    caption: str = "Figure 1. Lactams 3a-3c.", image: bytes = PNG
) -> list[Message]:
    return [Message.user(TEMPLATE.render(caption=caption), image)]


def ask(
    client: ModelClient, messages: list[Message] | None = None, **kwargs
) -> CallOk | CallFailed:
    kwargs.setdefault("template", TEMPLATE)
    kwargs.setdefault("node_id", "str_0123456789abcdef")
    return client.complete_sync(
        "identifier", messages or identifier_messages(), IdentifierAnswer, **kwargs
    )


# -- structured output ----------------------------------------------------------------


def test_structured_output_is_parsed_validated_and_sent_as_json_schema(fake_server, make_config):
    fake_server.enqueue(Reply.ok({"identifier": "3a"}))
    with ModelClient(make_config(temperature=0.1, max_tokens=64)) as client:
        result = ask(client, sampling=Sampling(seed=7))

    assert isinstance(result, CallOk)
    assert result.output == IdentifierAnswer(identifier="3a")
    assert result.raw == '{"identifier": "3a"}'
    (request,) = fake_server.requests
    body = request.json
    assert body["model"] == "fake-vlm"
    assert body["temperature"] == 0.1 and body["max_tokens"] == 64 and body["seed"] == 7
    response_format = body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "IdentifierAnswer"
    assert response_format["json_schema"]["strict"] is True
    assert response_format["json_schema"]["schema"]["required"] == ["identifier"]
    assert response_format["json_schema"]["schema"]["additionalProperties"] is False
    # the image travels as a base64 PNG data URL after the rendered prompt
    text_part, image_part = body["messages"][0]["content"]
    assert text_part == {
        "type": "text",
        "text": TEMPLATE.render(caption="Figure 1. Lactams 3a-3c."),
    }
    url = image_part["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    assert base64.b64decode(url.removeprefix("data:image/png;base64,")) == PNG
    # the key goes in the Authorization header and nowhere in the body
    assert request.headers["authorization"] == f"Bearer {SECRET}"
    assert SECRET.encode() not in request.raw


def test_json_object_schema_translation_for_llama_cpp(make_config):
    with FakeOpenAIServer(refuse_json_schema=True) as llama:
        llama.enqueue(Reply.ok({"identifier": "12b"}))
        config = make_config(base_url=llama.url, structured_output="json_object_schema")
        with ModelClient(config) as client:
            result = ask(client)
        assert isinstance(result, CallOk) and result.output.identifier == "12b"
        assert llama.requests[0].json["response_format"] == {
            "type": "json_object",
            "schema": IdentifierAnswer.model_json_schema(),
        }


def test_json_schema_refused_by_llama_cpp_fails_with_a_hint(make_config):
    with FakeOpenAIServer(refuse_json_schema=True) as llama:
        with ModelClient(make_config(base_url=llama.url, max_retries=1)) as client:
            result = ask(client)
        assert isinstance(result, CallFailed)
        assert result.kind is FailureKind.TRANSPORT
        assert "HTTP 500" in result.error and "json_object_schema" in result.error
        assert len(llama.requests) == 2


def test_prompt_only_json_puts_the_schema_in_the_prompt(fake_server, make_config):
    fake_server.enqueue(Reply.ok('```json\n{"identifier": "7"}\n```'))
    with ModelClient(make_config(structured_output="none")) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.output.identifier == "7"
    body = fake_server.requests[0].json
    assert "response_format" not in body
    last_part = body["messages"][-1]["content"][-1]
    assert last_part["type"] == "text" and '"identifier"' in last_part["text"]
    assert "JSON schema" in last_part["text"]


def test_max_completion_tokens_parameter(fake_server, make_config):
    fake_server.enqueue(Reply.ok({"identifier": None}))
    with ModelClient(make_config(max_tokens_param="max_completion_tokens")) as client:
        result = ask(client, sampling=Sampling(max_tokens=32, temperature=0.7))
    assert isinstance(result, CallOk) and result.output.identifier is None
    body = fake_server.requests[0].json
    assert body["max_completion_tokens"] == 32 and "max_tokens" not in body
    assert body["temperature"] == 0.7


# -- transport retries ----------------------------------------------------------------


def planned_retry_waits(caplog: pytest.LogCaptureFixture) -> list[float]:
    """The waits the client chose before each retry, from its "retry N in W s" log lines.

    The decision is asserted, not the wall clock: a busy CI machine stretches every sleep.
    """
    return [
        float(record.args[3])
        for record in caplog.records
        if record.name == "chemx.models" and "retry %d in" in str(record.msg)
    ]


def test_429_retry_waits_as_long_as_retry_after_says(fake_server, make_config, caplog):
    caplog.set_level(logging.INFO, logger="chemx.models")
    fake_server.enqueue(Reply.rate_limited(retry_after="0.4"), Reply.ok({"identifier": "1"}))
    with ModelClient(make_config(backoff_initial_s=0.01)) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.call.error is None
    assert len(fake_server.requests) == 2
    assert planned_retry_waits(caplog) == [0.4]  # backoff alone would have chosen ~0.01 s


def test_429_without_retry_after_uses_backoff(fake_server, make_config, caplog):
    caplog.set_level(logging.INFO, logger="chemx.models")
    fake_server.enqueue(Reply.rate_limited(retry_after=None), Reply.ok({"identifier": "1"}))
    with ModelClient(make_config(backoff_initial_s=0.01, backoff_max_s=0.05)) as client:
        result = ask(client)
    assert isinstance(result, CallOk)
    assert len(fake_server.requests) == 2
    [wait] = planned_retry_waits(caplog)
    assert 0.0 <= wait <= 0.05  # exponential backoff with jitter, capped at backoff_max_s


def test_retry_after_parsing():
    now = dt.datetime(2026, 1, 1, 12, 0, 0, tzinfo=dt.UTC)
    assert parse_retry_after("2", now=now) == 2.0
    assert parse_retry_after("0.25", now=now) == 0.25
    assert parse_retry_after("Thu, 01 Jan 2026 12:00:05 GMT", now=now) == 5.0
    assert parse_retry_after("Thu, 01 Jan 2026 11:00:00 GMT", now=now) == 0.0
    assert parse_retry_after("soon", now=now) is None
    assert parse_retry_after(None) is None
    assert parse_retry_after("-3") == 0.0


def test_500_then_success(fake_server, make_config):
    fake_server.enqueue(
        Reply.server_error(500), Reply.server_error(502), Reply.ok({"identifier": "2"})
    )
    with ModelClient(make_config()) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.output.identifier == "2"
    assert len(fake_server.requests) == 3


def test_timeout_is_retried(fake_server, make_config):
    fake_server.enqueue(Reply.hang(10), Reply.ok({"identifier": "4"}))
    with ModelClient(make_config(timeout_s=0.3)) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.output.identifier == "4"
    assert len(fake_server.requests) == 2


def test_timeout_every_time_is_a_transport_failure(fake_server, make_config):
    fake_server.default = Reply.hang(10)
    with ModelClient(make_config(timeout_s=0.2, max_retries=1)) as client:
        result = ask(client)
    assert isinstance(result, CallFailed) and result.kind is FailureKind.TRANSPORT
    assert "timed out (0.2 s) after 2 attempt(s)" in result.error


def test_malformed_body_is_retried(fake_server, make_config):
    fake_server.enqueue(
        Reply.malformed(), Reply(body=b'{"object": "x"}'), Reply.ok({"identifier": "5"})
    )
    with ModelClient(make_config()) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.output.identifier == "5"
    assert len(fake_server.requests) == 3


def test_connection_refused_is_a_transport_failure(make_config):
    with FakeOpenAIServer() as gone:
        url = gone.url
    with ModelClient(make_config(base_url=url, max_retries=1)) as client:
        result = ask(client)
    assert isinstance(result, CallFailed) and result.kind is FailureKind.TRANSPORT
    assert result.error.startswith("transport: connection error")


def test_gives_up_after_max_retries_and_records_a_failure(fake_server, make_config, tmp_path):
    fake_server.default = Reply.server_error(503, "overloaded")
    cache = MemoryCache()
    with ModelClient(make_config(max_retries=2), cache=cache) as client:
        result = ask(client)
    assert isinstance(result, CallFailed)
    assert result.kind is FailureKind.TRANSPORT
    assert result.error == "transport: HTTP 503: overloaded after 3 attempt(s)"
    assert result.call.error == result.error and not result.call.cache_hit
    assert not hasattr(result, "output")
    assert len(fake_server.requests) == 3
    assert len(cache) == 0  # failures are never cached
    with pytest.raises(ModelCallFailed, match="HTTP 503"):
        result.unwrap()
    with ProvenanceStore(tmp_path / "out") as store:
        store.write(WriteBatch(model_calls=[result.call]))
        (stored,) = store.model_calls("str_0123456789abcdef")
    assert stored.error == result.error


def test_client_errors_are_not_retried(fake_server, make_config):
    fake_server.default = Reply.error(400, "bad request: messages too long")
    with ModelClient(make_config()) as client:
        result = ask(client)
    assert isinstance(result, CallFailed) and result.kind is FailureKind.HTTP
    assert len(fake_server.requests) == 1


# -- invalid answers ------------------------------------------------------------------


def test_invalid_json_is_retried_then_recorded_as_failure(fake_server, make_config):
    fake_server.default = Reply.ok("The label is 3a.")
    with ModelClient(make_config(output_retries=2)) as client:
        result = ask(client)
    assert isinstance(result, CallFailed)
    assert result.kind is FailureKind.INVALID_OUTPUT
    assert result.error.startswith("invalid_output: answer does not match IdentifierAnswer on 3")
    assert result.raw == "The label is 3a."
    assert len(fake_server.requests) == 3
    assert result.call.prompt_tokens == 33 and result.call.completion_tokens == 21  # all paid for


def test_schema_mismatch_then_valid_answer(fake_server, make_config):
    fake_server.enqueue(
        Reply.ok({"identifier": 3}), Reply.ok({"label": "3"}), Reply.ok({"identifier": "3"})
    )
    with ModelClient(make_config(output_retries=2)) as client:
        result = ask(client)
    assert isinstance(result, CallOk) and result.output.identifier == "3"
    assert len(fake_server.requests) == 3


def test_truncated_answers_are_retried_then_fail(fake_server, make_config):
    fake_server.enqueue(Reply.truncated(), Reply.ok({"identifier": "9"}))
    with ModelClient(make_config()) as client:
        assert ask(client).ok
        fake_server.default = Reply.truncated('{"identifier": "9"}')  # valid JSON, but cut
        result = ask(client, messages=identifier_messages("other caption"))
    assert isinstance(result, CallFailed) and result.kind is FailureKind.TRUNCATED
    assert "finish_reason 'length'" in result.error


def test_refusal_is_a_failure_without_retry(fake_server, make_config):
    fake_server.default = Reply(content=None, refusal="I can't help with that.")
    with ModelClient(make_config()) as client:
        result = ask(client)
    assert isinstance(result, CallFailed) and result.kind is FailureKind.REFUSED
    assert len(fake_server.requests) == 1


# -- concurrency ----------------------------------------------------------------------


def test_concurrency_bound_is_respected(make_config):
    with FakeOpenAIServer(latency_s=0.15, default=Reply.ok({"identifier": "1"})) as slow:
        config = make_config(base_url=slow.url, concurrency=2)

        async def main() -> list[CallOk | CallFailed]:
            async with ModelClient(config) as client:
                calls = [
                    client.complete(
                        "identifier", identifier_messages(f"caption {i}"), IdentifierAnswer
                    )
                    for i in range(6)
                ]
                return await asyncio.gather(*calls)

        results = asyncio.run(main())
        assert all(result.ok for result in results)
        assert len(slow.requests) == 6
        assert slow.max_in_flight == 2


def test_roles_on_the_same_endpoint_share_one_limit(key_env):
    with FakeOpenAIServer(latency_s=0.15, default=Reply.ok({"identifier": "1"})) as slow:
        common = {"base_url": slow.url, "model": "shared", "concurrency": "2"}
        config = ModelsConfig.load(
            None,
            {f"{role}.{k}": v for role in ("identifier", "judge") for k, v in common.items()},
        )

        async def main() -> None:
            async with ModelClient(config) as client:
                calls = [
                    client.complete(role, [Message.user(f"{role} {i}")], IdentifierAnswer)
                    for i in range(3)
                    for role in ("identifier", "judge")
                ]
                await asyncio.gather(*calls)

        asyncio.run(main())
        assert len(slow.requests) == 6
        assert slow.max_in_flight == 2


def test_sync_facade_from_many_threads(make_config):
    def echo(request: RecordedRequest) -> Reply:
        text = request.json["messages"][0]["content"]
        return Reply.ok({"identifier": text.rsplit(" ", 1)[-1]}, delay_s=0.05)

    with FakeOpenAIServer(responder=echo) as server:
        config = make_config(base_url=server.url, concurrency=3)
        with ModelClient(config) as client:

            def work(i: int) -> tuple[int, CallOk | CallFailed, str]:
                result = client.complete_sync(
                    "identifier", [Message.user(f"label {i}")], IdentifierAnswer
                )
                return i, result, threading.current_thread().name

            with ThreadPoolExecutor(max_workers=8) as pool:
                outcomes = list(pool.map(work, range(16)))
        for i, result, _ in outcomes:
            assert isinstance(result, CallOk) and result.output.identifier == str(i)
        assert len({name for _, _, name in outcomes}) > 1
        assert server.max_in_flight <= 3
        assert len(server.requests) == 16


# -- cache ----------------------------------------------------------------------------


def test_cache_hit_makes_no_http_call_and_survives_reopening_the_store(
    fake_server, make_config, tmp_path
):
    fake_server.enqueue(Reply.ok({"identifier": "3a"}, prompt_tokens=900, completion_tokens=8))
    config = make_config()
    out = tmp_path / "out"
    with ProvenanceStore(out) as store, ModelClient(config, cache=store) as client:
        first = ask(client)
        second = ask(client)
    assert isinstance(first, CallOk) and isinstance(second, CallOk)
    assert len(fake_server.requests) == 1
    assert second.output == first.output and second.raw == first.raw
    assert not first.call.cache_hit and second.call.cache_hit
    assert second.call.request_hash == first.call.request_hash
    assert second.call.prompt_tokens == 0 and first.call.prompt_tokens == 900

    with ProvenanceStore(out) as store, ModelClient(config, cache=store) as client:
        third = ask(client)
    assert isinstance(third, CallOk) and third.call.cache_hit
    assert third.output == first.output
    assert len(fake_server.requests) == 1
    with ProvenanceStore(out, readonly=True) as store:
        assert store.cache_get(first.call.request_hash) is not None


def test_cache_key_covers_images_template_sampling_and_schema(fake_server, make_config):
    fake_server.default = Reply.ok({"identifier": "1"})
    cache = MemoryCache()

    class OtherAnswer(BaseModel):
        model_config = ConfigDict(extra="forbid")
        identifier: str | None
        confidence: float | None

    with ModelClient(make_config(), cache=cache) as client:
        base = ask(client)
        assert ask(client).call.cache_hit
        other_image = ask(client, messages=identifier_messages(image=png_bytes(text="3b")))
        other_template = ask(client, template=PromptTemplate.from_text("x.v1", "x"))
        other_sampling = ask(client, sampling=Sampling(seed=1))
        other_schema = client.complete_sync(
            "identifier", identifier_messages(), OtherAnswer, template=TEMPLATE
        )
    hashes = {
        r.call.request_hash
        for r in (base, other_image, other_template, other_sampling, other_schema)
    }
    assert len(hashes) == 5
    assert not any(r.call.cache_hit for r in (other_image, other_template, other_sampling))


def test_request_hash_does_not_depend_on_the_key(fake_server, make_config, monkeypatch):
    fake_server.default = Reply.ok({"identifier": "1"})
    with ModelClient(make_config()) as client:
        first = ask(client)
    monkeypatch.setenv(KEY_ENV, "sk-another-key-000000000000")
    with ModelClient(make_config()) as client:
        second = ask(client)
    assert fake_server.requests[1].headers["authorization"] == "Bearer sk-another-key-000000000000"
    assert first.call.request_hash == second.call.request_hash


# -- provenance -----------------------------------------------------------------------


def test_model_call_fields_and_store_round_trip(fake_server, make_config, tmp_path):
    fake_server.enqueue(Reply.ok({"identifier": "3a"}, prompt_tokens=1234, completion_tokens=9))
    with ModelClient(make_config()) as client:
        result = ask(client, node_id="str_aaaaaaaaaaaaaaaa")
    call = result.call
    assert call.id.startswith("mc_") and len(call.id) == 19
    assert call.node_id == "str_aaaaaaaaaaaaaaaa"
    assert call.role == "identifier"
    assert call.endpoint == fake_server.url
    assert call.model == "fake-vlm"
    assert call.template_id == "identifier.v1" and call.template_hash == TEMPLATE.sha256
    assert len(call.request_hash) == 64 and int(call.request_hash, 16) >= 0
    assert (call.prompt_tokens, call.completion_tokens) == (1234, 9)
    assert call.latency_s is not None and call.latency_s > 0
    assert call.cache_hit is False and call.error is None
    assert call.time.tzinfo is not None

    with ProvenanceStore(tmp_path / "out") as store:
        assert store.write(WriteBatch(model_calls=[call])).model_calls == 1
        assert store.write(WriteBatch(model_calls=[call])).model_calls == 0  # idempotent
        (stored,) = store.model_calls("str_aaaaaaaaaaaaaaaa")
    assert stored.model_dump(exclude={"time"}) == call.model_dump(exclude={"time"})


def test_unconfigured_role_raises_instead_of_falling_back(fake_server, make_config):
    with ModelClient(make_config()) as client, pytest.raises(RoleNotConfigured, match="offline"):
        client.complete_sync("judge", [Message.user("hi")], IdentifierAnswer)
    assert fake_server.requests == []


def test_image_parts_are_checked():
    with pytest.raises(ValueError, match="not PNG"):
        ImagePart(b"definitely not an image")
    assert ImagePart(PNG).media_type == "image/png"


def test_api_key_never_written(fake_server, make_config, tmp_path, caplog):
    def responder(request: RecordedRequest) -> Reply:
        prompt = json.dumps(request.json["messages"])
        if "echo" in prompt:  # a server that echoes the credentials in its error
            return Reply.error(
                401, f"Incorrect API key provided: {request.headers['authorization']}"
            )
        if "broken" in prompt:
            return Reply.server_error(500, f"upstream said {SECRET}")
        return Reply.ok({"identifier": "1"})

    fake_server.responder = responder
    caplog.set_level(logging.DEBUG)
    out = tmp_path / "out"
    results = []
    with (
        ProvenanceStore(out) as store,
        ModelClient(make_config(max_retries=1), cache=store) as client,
    ):
        for caption in ("fine", "fine", "echo", "broken"):
            results.append(
                ask(client, messages=identifier_messages(caption), node_id=f"str_{caption:0<16}")
            )
        store.write(WriteBatch(model_calls=[r.call for r in results]))
        assert SECRET not in repr(client)

    assert [r.ok for r in results] == [True, True, False, False]
    assert results[1].call.cache_hit
    assert "***" in results[2].error and "***" in results[3].error
    for result in results:
        assert SECRET not in result.call.model_dump_json()
        assert SECRET not in repr(result)
    assert all(r.headers["authorization"] == f"Bearer {SECRET}" for r in fake_server.requests)
    assert not any(SECRET.encode() in r.raw for r in fake_server.requests)
    assert SECRET not in caplog.text
    files = [path for path in out.rglob("*") if path.is_file()]
    assert any(path.name == "chemx.db" for path in files)
    for path in files:
        assert SECRET.encode() not in path.read_bytes(), path


def test_client_refuses_to_start_without_its_key(fake_server, make_config, monkeypatch):
    config = make_config()
    monkeypatch.delenv(KEY_ENV)
    with pytest.raises(ValueError, match=f"{KEY_ENV} is not set"):
        ModelClient(config)


def test_store_cache_methods(tmp_path: Path):
    with ProvenanceStore(tmp_path / "out") as store:
        assert store.cache_get("k") is None
        store.cache_put("k", "v1")
        store.cache_put("k", "v2")  # first answer wins
        assert store.cache_get("k") == "v1"


def test_migration_adds_the_cache_to_an_existing_store(tmp_path: Path):
    import sqlite3

    from chemx.provenance.schema import MIGRATIONS, SCHEMA_VERSION

    out = tmp_path / "out"
    out.mkdir()
    db = sqlite3.connect(out / "chemx.db")
    db.executescript(MIGRATIONS[0])
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with ProvenanceStore(out, readonly=True) as old:
        assert old.cache_get("k") is None  # a schema-1 store simply has nothing cached
    with ProvenanceStore(out) as store:
        store.cache_put("k", "v")
    db = sqlite3.connect(out / "chemx.db")
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 2
    assert db.execute("SELECT key, response FROM response_cache").fetchall() == [("k", "v")]
    db.close()
