"""QC 3: the LLM judge's three shuffled scorings against the fake server, and the heuristic."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from chemx.generation.mcq import option_text
from chemx.models import ModelClient, ModelsConfig
from chemx.prompts import load_template
from chemx.qc.judge import (
    DIMENSIONS,
    HeuristicJudge,
    JudgeInput,
    LlmJudge,
    map_back,
    shuffle_orders,
)
from chemx.records import Candidate, Gate, Option, ReasoningType, Verdict
from tests._helpers import png_bytes
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest, Reply

EFFECT = "a 14-fold faster cycloaddition"
PAIRS = [
    ("carboxylic acid", "ionises to a carboxylate that forms salt bridges and hydrogen bonds"),
    ("2-pyridyl substituent", "lowers the LUMO of the tetrazine ring by withdrawing electrons"),
    ("amide N–H", "donates a hydrogen bond through its N–H and fixes a planar amide geometry"),
    ("para-phenylene linker", "links its two substituents linearly and conjugates them fully"),
]
EVIDENCE = (
    "The electron-withdrawing 2-pyridyl substituent of 4b lowers the LUMO of the tetrazine ring "
    "by withdrawing electrons, which accelerates the cycloaddition 14-fold relative to 1."
)


def candidate(answer: str = "B", pairs: list[tuple[str, str]] = PAIRS) -> Candidate:
    options = tuple(
        Option(letter=letter, feature=f, mechanism=m, text=option_text(f, m, EFFECT, "np"))
        for letter, (f, m) in zip("ABCD", pairs, strict=True)
    )
    correct = next(o for o in options if o.letter == answer)
    return Candidate(
        id="can_00000000000000aa",
        parent_id="evi_00000000000000aa",
        backend="template-v1",
        paper_id="pap_00000000000000aa",
        evidence_id="evi_00000000000000aa",
        effect=EFFECT,
        feature=correct.feature,
        mechanism=correct.mechanism,
        reasoning_type=ReasoningType.MECHANISTIC,
        other_features=tuple(o.feature for o in options if o.letter != answer),
        stem=f"The observed outcome is {EFFECT}. Which structural feature explains this effect?",
        options=options,
        answer=answer,  # type: ignore[arg-type]
        feature_sources={"carboxylic acid": "smarts:carboxylic_acid", "amide N–H": "text:s1"},
    )


def shown_options(request: RecordedRequest) -> dict[str, str]:
    text = request.json["messages"][0]["content"][0]["text"]
    return dict(re.findall(r"^([ABCD])\. The (.+?) (?:ionises|lowers|donates|links)", text, re.M))


def marked(request: RecordedRequest) -> str:
    text = request.json["messages"][0]["content"][0]["text"]
    found = re.search(r"Marked correct answer: ([ABCD])", text)
    assert found is not None
    return found.group(1)


def scripted(scores: list[int]) -> Callable[[RecordedRequest], Reply]:
    """Round i scores every dimension scores[i]; names the 'amide N–H' option as competing."""
    state = {"round": 0}

    def respond(request: RecordedRequest) -> Reply:
        score = scores[state["round"]]
        state["round"] += 1
        competing = [k for k, v in shown_options(request).items() if v == "amide N–H"]
        answer: dict[str, Any] = {
            d: {"explanation": f"round {state['round']}: {d}", "score": score} for d in DIMENSIONS
        }
        answer["competing_options"] = competing
        return Reply.ok(answer)

    return respond


def test_three_shuffled_scorings_are_mapped_back_and_averaged(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    fake_server.responder = scripted([5, 4, 4])
    item = candidate()
    with ModelClient(make_config("judge", model="fake-judge")) as client:
        result = LlmJudge(client).judge(JudgeInput(item, EVIDENCE, png_bytes()))
    requests = fake_server.requests
    assert len(requests) == 3 and len(result.calls) == 3
    orders = [tuple(shown_options(r).values()) for r in requests]
    assert len(set(orders)) == 3, orders  # three different option orders
    for request in requests:  # the marked letter moved with the correct option
        assert shown_options(request)[marked(request)] == "2-pyridyl substituent"
    assert result.scores["overall"] == pytest.approx((5 + 4 + 4) / 3, abs=1e-3)
    assert all(result.scores[d] == pytest.approx(13 / 3, abs=1e-3) for d in DIMENSIONS)
    assert result.accepted and result.reason == "judge_accept"
    for round_ in result.explanations["rounds"]:
        assert round_["competing_options"] == ["C"]  # amide N–H is stored as C
    template = load_template("judge.v1")
    assert {(c.role, c.template_id, c.template_hash) for c in result.calls} == {
        ("judge", "judge.v1", template.sha256)
    }
    decision = result.decision(item.id)
    assert decision.gate is Gate.QC3 and decision.verdict is Verdict.ACCEPT
    assert decision.backend == "llm:fake-judge"
    detail = json.loads(decision.detail)
    assert len(detail["rounds"]) == 3 and detail["rounds"][0]["explanations"]


def test_the_threshold_decides_and_failures_reject(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    fake_server.responder = scripted([4, 4, 3])
    with ModelClient(make_config("judge", model="fake-judge")) as client:
        low = LlmJudge(client).judge(JudgeInput(candidate(), EVIDENCE, png_bytes()))
        fake_server.responder = scripted([4, 4, 3])
        lenient = LlmJudge(client, threshold=3.5).judge(
            JudgeInput(candidate(), EVIDENCE + " ", png_bytes())
        )
        fake_server.responder = None
        fake_server.default = Reply.server_error(400, "bad request")
        failed = LlmJudge(client).judge(JudgeInput(candidate(), EVIDENCE + "  ", png_bytes()))
    assert not low.accepted and low.reason == "judge_below_threshold"
    assert low.scores["overall"] == pytest.approx(11 / 3, abs=1e-3)
    assert lenient.accepted
    assert not failed.accepted and failed.reason == "model_failed" and len(failed.calls) == 1


def test_shuffles_are_reproducible_and_letters_map_back() -> None:
    orders = shuffle_orders("can_00000000000000aa", 3)
    assert orders == shuffle_orders("can_00000000000000aa", 3) and len(set(orders)) == 3
    assert map_back(["A", "D"], (2, 0, 3, 1)) == ["C", "B"]


def test_heuristic_judge_is_order_invariant_and_bounded() -> None:
    judge = HeuristicJudge()
    keys = frozenset({"carboxylic_acid", "amide_nh", "pyridine", "para_phenylene"})
    scores = []
    for order in itertools.islice(itertools.permutations(range(4)), 6):
        pairs = [PAIRS[i] for i in order]
        answer = "ABCD"[order.index(1)]
        result = judge.judge(JudgeInput(candidate(answer, pairs), EVIDENCE, None, keys))
        scores.append(result.scores)
        assert set(DIMENSIONS) <= set(result.scores)
        assert all(1.0 <= result.scores[d] <= 5.0 for d in DIMENSIONS)
    assert all(s == scores[0] for s in scores)
    assert scores[0]["overall"] >= 4.0
    signals = judge.signals(JudgeInput(candidate(), EVIDENCE, None, keys))
    assert signals["visible"] == 1.0 and signals["feature_support"] == 1.0


def test_heuristic_judge_marks_down_unsupported_and_generic_questions() -> None:
    pairs = list(PAIRS)
    generic = "changes the steric and electronic environment of the neighbouring atoms"
    pairs[0] = ("benzo ring", generic)
    pairs[2] = ("cage", generic)
    pairs[3] = ("side chain", generic)
    item = candidate("B", pairs)
    weak = HeuristicJudge().judge(
        JudgeInput(item, "An unrelated sentence about yields.", None, None)
    )
    assert weak.scores["distractor_quality"] < 3.5
    assert weak.scores["answer_unambiguity"] < 4.0
    assert not weak.accepted and weak.explanations["weakest"] in DIMENSIONS


def test_invalid_judge_json_is_retried_then_recorded(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    valid = {d: {"explanation": "fine", "score": 5} for d in DIMENSIONS}
    out_of_range = {d: {"explanation": "too high", "score": 9} for d in DIMENSIONS}
    # round 1: prose, then a score outside 1-5, then valid; rounds 2 and 3 valid at once
    fake_server.enqueue(
        Reply.ok("All four dimensions look good, 5/5."),
        Reply.ok(out_of_range),
        Reply.ok(valid),
        Reply.ok(valid),
        Reply.ok(valid),
    )
    with ModelClient(make_config("judge", model="fake-judge", output_retries=2)) as client:
        recovered = LlmJudge(client).judge(JudgeInput(candidate(), EVIDENCE, png_bytes()))
        assert len(fake_server.requests) == 5
        assert recovered.accepted and recovered.scores["overall"] == pytest.approx(5.0)
        assert len(recovered.calls) == 3  # one ModelCall per scoring, retries folded in

        fake_server.reset()
        fake_server.default = Reply.ok({"verdict": "good question"})
        failed = LlmJudge(client).judge(JudgeInput(candidate(), EVIDENCE + " ", png_bytes()))
    assert len(fake_server.requests) == 3  # first scoring: 1 try + 2 retries, then it stops
    assert not failed.accepted and failed.reason == "model_failed"
    decision = failed.decision(candidate().id)
    assert decision.verdict is Verdict.REJECT and decision.gate is Gate.QC3
    detail = json.loads(decision.detail)
    assert detail["error"].startswith("invalid_output")
    assert len(failed.calls) == 1 and failed.calls[0].error
