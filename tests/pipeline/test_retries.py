"""Failures a retry can change are never results: the paper is left for the next build."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from chemx.errors import RetryableFailure
from chemx.models import CallFailed, CallOk, FailureKind, ModelsConfig
from chemx.models.retrying import RetryingCaller
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.builds import BuildStatus, attempts, last_build
from chemx.provenance.store import ProvenanceStore
from chemx.records import ModelCall, NodeKind, Structure
from chemx.sources.corpus import sample_corpus_dir
from chemx.visual.ocsr import TIMEOUT_ENV, osra_path
from tests.fakes.fixtures import FAST, KEY_ENV
from tests.fakes.openai_server import FakeOpenAIServer, Reply


def one_paper_corpus(folder: Path, paper: str = "paper01") -> Path:
    folder.mkdir(parents=True)
    for path in sample_corpus_dir().glob(f"{paper}*"):
        shutil.copy(path, folder / path.name)
    return folder


def structures(out: Path) -> list[Structure]:
    with ProvenanceStore(out, readonly=True) as store:
        return [
            n.record for n in store.nodes(NodeKind.STRUCTURE) if isinstance(n.record, Structure)
        ]


# -- the wrapper that turns a dead endpoint into a retry ---------------------------------


class ScriptedCaller:
    """Answers `complete_sync` with the next scripted result (the client is not under test)."""

    def __init__(self, results: list[Any]) -> None:
        self.results = results
        self.config = ModelsConfig.load(None, {})

    def complete_sync(self, role: str, messages: Any, output: Any, **kwargs: Any) -> Any:
        return self.results.pop(0)


class Budget:
    def __init__(self, allowed: int) -> None:
        self.allowed = allowed
        self.asked: list[str] = []

    def retry(self, key: str) -> bool:
        self.asked.append(key)
        return len(self.asked) <= self.allowed


def failed(kind: FailureKind) -> CallFailed:
    call = ModelCall(
        id="mc",
        node_id=None,
        role="identifier",
        endpoint="http://127.0.0.1:9/v1",
        model="m",
        request_hash="abc",
        error=f"{kind}: nope",
        time="2026-12-01T00:00:00Z",
    )
    return CallFailed(call=call, kind=kind, error=f"{kind}: nope")


def test_a_transport_failure_raises_while_retries_remain_then_is_returned() -> None:
    budget = Budget(allowed=1)
    caller = RetryingCaller(ScriptedCaller([failed(FailureKind.TRANSPORT)] * 2), budget)
    with pytest.raises(RetryableFailure) as raised:
        caller.complete_sync("identifier", [], CallOk, node_id="fig crop [1, 2, 3, 4]")
    failure = raised.value
    assert (failure.key, failure.role, failure.endpoint) == (
        "identifier:abc",
        "identifier",
        "http://127.0.0.1:9/v1",
    )
    assert "fig crop [1, 2, 3, 4]" in failure.detail and len(failure.calls) == 1
    final = caller.complete_sync("identifier", [], CallOk)  # the budget is spent: final
    assert isinstance(final, CallFailed)


def test_an_answer_about_the_input_is_never_retried() -> None:
    budget = Budget(allowed=5)
    caller = RetryingCaller(ScriptedCaller([failed(FailureKind.INVALID_OUTPUT)]), budget)
    assert isinstance(caller.complete_sync("identifier", [], CallOk), CallFailed)
    assert budget.asked == []


# -- OSRA timing out under load ----------------------------------------------------------


@contextlib.contextmanager
def busy_cores(count: int = 2) -> Iterator[None]:
    """Processes that keep `count` cores busy until the block ends."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


@pytest.mark.skipif(osra_path() is None, reason="osra is not installed (apt install osra)")
def test_an_osra_timeout_leaves_the_paper_for_the_next_build_which_matches_a_clean_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = one_paper_corpus(tmp_path / "corpus")
    settings = BuildSettings(corpus=str(corpus), out=tmp_path / "clean", until="visual")
    clean = run_build(settings)
    assert clean.status == "finished"

    loaded = settings.model_copy(update={"out": tmp_path / "loaded"})
    monkeypatch.setenv(TIMEOUT_ENV, "0.001")  # every OSRA run times out, as under heavy load
    with busy_cores():
        first = run_build(loaded)
    assert first.status == "incomplete" and first.documents.retry == 1
    [note] = first.retries
    assert note.stage == "visual" and note.key.startswith("ocsr:osra:")
    assert "timed out" in note.detail
    assert structures(tmp_path / "loaded") == []  # the visual stage wrote nothing
    with ProvenanceStore(tmp_path / "loaded", readonly=True) as store:
        assert attempts(store, note.key) == 1
        assert last_build(store).status is BuildStatus.INCOMPLETE  # type: ignore[union-attr]

    monkeypatch.delenv(TIMEOUT_ENV)
    second = run_build(loaded)
    assert second.status == "finished" and second.documents.resumed == 1

    def readings(out: Path) -> list[tuple[str, str | None, Any]]:
        return sorted((s.id, s.identifier, s.reading) for s in structures(out))

    assert readings(tmp_path / "loaded") == readings(tmp_path / "clean")
    assert any(reading for _, _, reading in readings(tmp_path / "clean"))


# -- a model endpoint that is down -------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def vlm_options(base_url: str) -> list[str]:
    options = {
        "base_url": base_url,
        "model": "fake-vlm",
        "api_key_env": KEY_ENV,
        **FAST,
        "max_retries": 1,
        "timeout_s": 2.0,
    }
    return [arg for k, v in options.items() for arg in ("--model-option", f"identifier.{k}={v}")]


def test_an_unreachable_endpoint_exits_non_zero_naming_it_and_the_rerun_makes_the_calls(
    tmp_path: Path,
    fake_server: FakeOpenAIServer,
    key_env: dict[str, str],
) -> None:
    from chemx.cli import app

    corpus = one_paper_corpus(tmp_path / "corpus")
    out = tmp_path / "out"
    down = f"http://127.0.0.1:{free_port()}/v1"
    command = ["build", "--corpus", str(corpus), "--out", str(out), "--until", "visual"]
    command += ["--identifier", "vlm", "--ocsr", "none"]
    runner = CliRunner()
    result = runner.invoke(app, [*command, *vlm_options(down)])
    assert result.exit_code == 3, result.output
    assert f"the identifier role's endpoint {down} did not answer" in " ".join(
        result.output.split()
    )
    assert structures(out) == []  # no structure was stored as 'no identifier'
    report = json.loads((out / "build_report.json").read_text())
    assert report["status"] == "incomplete" and report["documents"]["retry"] == 1

    fake_server.responder = lambda request: Reply.ok({"identifier": "1"})
    again = runner.invoke(app, [*command, *vlm_options(fake_server.url)])
    assert again.exit_code == 0, again.output
    assert fake_server.requests, "the re-run made the calls the first run could not"
    made = structures(out)
    assert made and any(
        s.identifier == "1" and s.identifier_backend == "vlm:fake-vlm" for s in made
    )
