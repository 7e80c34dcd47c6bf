"""`--backend vllm`: request building without vLLM, a stand-in engine, and its absence."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from chemx.errors import BackendUnavailable
from chemx.evaluation.backends import EvalSettings, TrialRequest
from chemx.evaluation.backends.vllm import VllmBackend, make_vllm_backend, vllm_requests
from chemx.evaluation.items import load_release
from chemx.evaluation.prompts import build_messages, template_for
from chemx.evaluation.records import Condition, SamplingParams
from chemx.evaluation.run_folder import read_trials
from chemx.evaluation.runner import run_eval
from chemx.registry import REGISTRY, BackendContext, BackendKind

PARAMS = SamplingParams(temperature=0.5, top_p=0.95, max_tokens=512, seed=4)


def requests_for(release: Path, trials: tuple[int, ...], total: int = 3) -> list[TrialRequest]:
    template = template_for(Condition.IMAGE)
    return [
        TrialRequest(item, build_messages(item, Condition.IMAGE, template), trials, total)
        for item in load_release(release).items[:2]
    ]


def test_all_trials_of_an_item_are_one_request_with_n(small_release):
    built = vllm_requests(requests_for(small_release, (0, 1, 2)), PARAMS, "m", "h")
    assert len(built) == 2
    assert built[0].sampling == {
        "n": 3,
        "temperature": 0.5,
        "top_p": 0.95,
        "max_tokens": 512,
        "seed": 4,
    }
    image, text = built[0].messages[0]["content"]
    assert image["image_url"]["url"].startswith("data:image/png;base64,")
    assert text["type"] == "text" and "FINAL ANSWER: X" in text["text"]
    assert built[0].trials == (0, 1, 2) and built[0].request_hash != built[1].request_hash


def test_the_trials_a_resumed_run_needs_are_one_request_each_with_their_seed(small_release):
    built = vllm_requests(requests_for(small_release, (1, 2)), PARAMS, "m", "h")
    assert [(b.trials, b.sampling["n"], b.sampling["seed"]) for b in built[:2]] == [
        ((1,), 1, 5),
        ((2,), 1, 6),
    ]


@dataclass
class FakeCompletion:
    text: str
    token_ids: tuple[int, ...] = (1, 2, 3)
    finish_reason: str = "stop"


@dataclass
class FakeOutput:
    outputs: list[FakeCompletion]
    prompt_token_ids: tuple[int, ...] = tuple(range(40))


@dataclass
class FakeEngine:
    """Stands in for ``vllm.LLM``: answers 'FINAL ANSWER: A' n times per conversation."""

    calls: list[tuple[list, list]] = field(default_factory=list)

    def chat(self, conversations, sampling, use_tqdm=False):
        self.calls.append((conversations, sampling))
        return [FakeOutput([FakeCompletion("FINAL ANSWER: A")] * s["n"]) for s in sampling]


def test_a_run_on_a_stand_in_engine_writes_the_usual_records(small_release, tmp_path):
    engine = FakeEngine()
    settings = EvalSettings(
        release=small_release,
        model="org/vlm",
        backend="vllm",
        out=tmp_path / "run",
        sampling=PARAMS,
    )
    backend = VllmBackend(settings, engine=lambda: engine, sampling_params=lambda **kw: kw)
    summary = run_eval(settings, backend=backend)
    assert summary.trials_done == 24 and summary.majority_correct == 2  # the two A items
    assert len(engine.calls) == 1 and len(engine.calls[0][0]) == 8
    records = read_trials(settings.out)
    assert {(r.backend, r.n_in_request, r.seed) for r in records} == {("vllm", 3, 4)}
    assert sum(r.prompt_tokens or 0 for r in records) == 8 * 40
    assert summary.manifest.endpoint == "vllm-offline"


def test_without_vllm_it_says_what_to_install(small_release, tmp_path):
    import importlib.util

    if importlib.util.find_spec("vllm") is not None:
        pytest.skip("vLLM is installed here")
    settings = EvalSettings(release=small_release, model="m", backend="vllm", out=tmp_path)
    with pytest.raises(BackendUnavailable, match=r"vLLM is not installed.*pip install vllm"):
        make_vllm_backend(BackendContext(settings=settings))
    with pytest.raises(BackendUnavailable, match="--backend openai --base-url"):
        REGISTRY.build(BackendKind.EVALUATION, "vllm", BackendContext(settings=settings))
