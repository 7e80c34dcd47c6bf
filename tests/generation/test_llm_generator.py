"""The generator role against the fake server: two stages, and Stage 2 never sees the answer."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from chemx.agents import GenerationAgent, GenerationBackends
from chemx.errors import BackendUnavailable
from chemx.generation import GenerationContext, LlmGenerator
from chemx.generation.explanations import PaperExplanation
from chemx.generation.features import VisibleFeature
from chemx.models import ModelClient, ModelsConfig
from chemx.prompts import load_template
from chemx.provenance.store import ProvenanceStore
from chemx.records import (
    Candidate,
    DiscardedCandidate,
    EvidenceSentence,
    ExplanatoryLabel,
    Gate,
    Item,
    NodeKind,
)
from chemx.registry import BackendContext
from chemx.settings import GenerationSettings
from tests._helpers import evidence_for, molecule_structure, png_bytes
from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest, Reply
from tests.generation.fixtures import SampleBuild

FEATURE = "difluoromethyl group"
MECHANISM = "donates a weak C–H···O hydrogen bond to the Tyr58 side chain"
EFFECT = "an 8-fold higher fungicidal potency"
DECOMPOSITION = {
    "explanation_complete": True,
    "vague_reason": None,
    "effect": EFFECT,
    "feature": FEATURE,
    "mechanism": MECHANISM,
    "reasoning_type": "Mechanistic",
    "other_features": ["amide N–H", "aryl chloride", "biaryl bond", "difluoromethyl group"],
}
MCQ = {
    "stem": "This compound shows an 8-fold higher fungicidal potency. Which structural feature "
    "of the molecule shown most directly explains this effect?",
    "distractors": [
        {"feature": "amide N–H", "mechanism": "donates a hydrogen bond to the backbone carbonyl"},
        {"feature": "aryl chloride", "mechanism": "fills a lipophilic pocket next to the ring"},
        {"feature": "biaryl bond", "mechanism": "sets the dihedral angle that fits the pocket"},
    ],
}


def prompt_of(request: RecordedRequest) -> str:
    content = request.json["messages"][0]["content"]
    return str(content[0]["text"])


def responder(request: RecordedRequest) -> Reply:
    text = prompt_of(request)
    if "Decompose the explanation" in text:
        return Reply.ok(DECOMPOSITION)
    if text.startswith("You are writing a multiple-choice question"):
        return Reply.ok(MCQ)
    scores = {
        d: {"explanation": "fine", "score": 5}
        for d in (
            "distractor_quality",
            "question_meaningfulness",
            "answer_unambiguity",
            "structure_necessity",
        )
    }
    return Reply.ok({**scores, "competing_options": []})


def context() -> GenerationContext:
    structure = molecule_structure("bb", "12a")
    sentence = (
        "The difluoromethyl group of 12a donates a weak C–H···O hydrogen bond to the Tyr58 side "
        "chain, which accounts for the 8-fold higher potency of 12a."
    )
    evidence = evidence_for(
        structure,
        (
            EvidenceSentence(sentence_id=None, text="Analogues 12a-12f.", origin="caption"),
            EvidenceSentence(
                sentence_id="sen_00000000000000bb",
                text=sentence,
                origin="identifier",
                label=ExplanatoryLabel.EXPLANATORY,
            ),
        ),
    )
    visible = (VisibleFeature("N-methylpyrazole ring", None, "text:s", False),)
    return GenerationContext(
        candidate_id="can_00000000000000bb",
        structure=structure,
        evidence=evidence,
        basis_index=1,
        entry_type="molecule",
        image=png_bytes(),
        visible=visible,
        structure_keys=frozenset({"amide_nh", "aryl_chloride", "biaryl", "difluoromethyl"}),
        # the paper explains a drawn group elsewhere: only the offline generator lends it
        explanations=(
            PaperExplanation(
                "sen_00000000000000cc",
                "aryl chloride",
                "aryl_chloride",
                "fills the lipophilic pocket",
                "a 3-fold gain in selectivity",
            ),
        ),
    )


def test_the_mcq_request_carries_the_effect_but_never_the_feature_or_mechanism(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    fake_server.responder = responder
    with ModelClient(make_config("generator", model="fake-gen")) as client:
        generator = LlmGenerator(client)
        decomposed = generator.decompose(context())
        assert decomposed.fields is not None, decomposed
        written = generator.write_mcq(context(), decomposed.fields)
    assert generator.backend == "llm:fake-gen"
    fields = decomposed.fields
    assert (fields.effect, fields.feature, fields.mechanism) == (EFFECT, FEATURE, MECHANISM)
    # the model listed the cause among the other features: it is dropped
    assert FEATURE not in [f.name for f in fields.other_features]
    assert len(fields.other_features) >= 3
    # the model writes its own distractors: no paper mechanism is lent or traced
    assert all(f.mechanism is None for f in fields.other_features)
    first, second = fake_server.requests
    assert "Decompose the explanation" in prompt_of(first)
    assert "[1]" in prompt_of(first) and "Sentence [1]" in prompt_of(first)
    body = json.dumps(second.json, ensure_ascii=False).lower()
    assert EFFECT.lower() in body
    for secret in (FEATURE, MECHANISM, "difluoromethyl", "tyr58", "hydrogen bond to the tyr58"):
        assert secret.lower() not in body, secret
    assert second.json["messages"][0]["content"][1]["image_url"]["url"].startswith("data:image/png")
    mcq = written.mcq
    assert mcq is not None and mcq.stem == MCQ["stem"]
    correct = mcq.options["ABCD".index(mcq.answer)]
    assert (correct.feature, correct.mechanism) == (FEATURE, MECHANISM)
    assert FEATURE in correct.text and MECHANISM in correct.text
    assert all(EFFECT in option.text for option in mcq.options)
    templates = {c.template_id: c.template_hash for c in (*decomposed.calls, *written.calls)}
    assert templates == {
        "decomposition.v2": load_template("decomposition.v2").sha256,
        "mcq.v1": load_template("mcq.v1").sha256,
    }


def test_a_vague_answer_discards_the_candidate(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    vague = {
        **DECOMPOSITION,
        "explanation_complete": False,
        "mechanism": None,
        "vague_reason": "the sentence gives no mechanism",
    }
    fake_server.enqueue(Reply.ok(vague))
    with ModelClient(make_config("generator", model="fake-gen")) as client:
        result = LlmGenerator(client).decompose(context())
    assert result.fields is None and result.reason == "too_vague"
    assert (
        "no mechanism" in result.detail
        and result.partial is not None
        and result.partial.feature == FEATURE
    )
    assert len(result.calls) == 1


def test_the_agent_with_llm_generator_and_judge_records_calls_per_candidate(
    fake_server: FakeOpenAIServer,
    key_env: dict[str, str],
    tmp_path: Path,
    sample_build: SampleBuild,
) -> None:
    fake_server.responder = responder
    built = sample_build.out
    out = tmp_path / "store"
    shutil.copytree(built, out, ignore=shutil.ignore_patterns(".writer.lock", "checkpoints*"))
    options: dict[str, Any] = {}
    for role, model in (("generator", "fake-gen"), ("judge", "fake-judge")):
        options |= {
            f"{role}.base_url": fake_server.url,
            f"{role}.model": model,
            f"{role}.api_key_env": "CHEMX_TEST_API_KEY",
        }
    config = ModelsConfig.load(None, options, env=key_env)
    with ModelClient(config) as client, ProvenanceStore(out) as store:
        settings = GenerationSettings(generator="llm", judge="llm")
        backends = GenerationBackends.build(settings, BackendContext(settings, client))
        assert backends.names()["generator"] == "llm:fake-gen"
        assert backends.names()["judge"] == "llm:fake-judge"
        paper = next(
            n.id
            for n in store.nodes(NodeKind.PAPER)
            if n.record.doi.endswith(".09")  # type: ignore[attr-defined]
        )
        counts = GenerationAgent(store, backends).process(paper)
        candidates = [
            n.record
            for n in store.nodes(NodeKind.CANDIDATE, paper_id=paper)
            if n.record.backend == "llm:fake-gen"
        ]
        items = [
            n.record
            for n in store.nodes(NodeKind.ITEM, paper_id=paper)
            if isinstance(n.record, Item) and n.record.backend.startswith("llm:")
        ]
        calls = {c.id: c for c in candidates for c in store.model_calls(c.id)}
        qc3 = [d for c in candidates for d in store.decisions(c.id) if d.gate is Gate.QC3]
    assert candidates and all(isinstance(c, Candidate | DiscardedCandidate) for c in candidates)
    assert any(isinstance(c, Candidate) for c in candidates)
    assert counts["model_calls"] == len(fake_server.requests) == len(calls)
    roles = sorted({(c.role, c.template_id) for c in calls.values()})
    assert roles == [
        ("generator", "decomposition.v2"),
        ("generator", "mcq.v1"),
        ("judge", "judge.v1"),
    ]
    assert qc3 and all(d.backend == "llm:fake-judge" and d.scores["rounds"] == 3 for d in qc3)
    assert items and all(i.backend == "llm:fake-gen+llm:fake-judge" for i in items)


def test_llm_backends_without_an_endpoint_fail_before_any_paper() -> None:
    import pytest

    for settings, role in (
        (GenerationSettings(generator="llm"), "'generator' role"),
        (GenerationSettings(judge="llm"), "'judge' role"),
    ):
        with pytest.raises(BackendUnavailable, match=role):
            GenerationBackends.build(settings, BackendContext(settings))
    with pytest.raises(ValueError, match="judge_threshold"):
        GenerationSettings(judge_threshold=6.0)
    offline = GenerationBackends.build(GenerationSettings(), BackendContext(GenerationSettings()))
    assert (offline.names()["generator"], offline.names()["judge"]) == (
        "template-v1",
        "heuristic-judge-v1",
    )


def test_the_sentence_before_an_anaphoric_basis_is_listed_for_the_model(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    before = "Compound 12a was 8-fold more potent than its CF3 analogue."
    with ModelClient(make_config("generator", model="fake-gen")) as client:
        generator = LlmGenerator(client)
        plain = generator.decomposition_prompt(context())
        anaphoric = replace(
            context(), previous_sentence=before, previous_sentence_id="sen_00000000000000aa"
        )
        listed = generator.decomposition_prompt(anaphoric)
        in_block = replace(anaphoric, previous_sentence_id="sen_00000000000000bb")
        assert before not in generator.decomposition_prompt(in_block)  # already numbered
    assert before not in plain
    assert f"[2] (the sentence before [1] in the paper) {before}" in listed


def test_an_effect_the_model_reads_from_the_sentence_before_is_flagged(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    before = "Compound 12a was 8-fold more potent than its CF3 analogue."
    anaphoric = replace(
        context(), previous_sentence=before, previous_sentence_id="sen_00000000000000aa"
    )
    flags = {}
    for number in (2, 1, None):  # [2] is the sentence before, listed last; [1] the basis
        fake_server.responder = lambda request, n=number: (
            Reply.ok({**DECOMPOSITION, "effect_sentence": n})
            if "Decompose the explanation" in prompt_of(request)
            else responder(request)
        )
        with ModelClient(make_config("generator", model="fake-gen")) as client:
            decomposed = LlmGenerator(client).decompose(anaphoric)
        assert decomposed.fields is not None, decomposed
        flags[number] = decomposed.fields.effect_from_previous
    assert flags == {2: True, 1: False, None: False}


def test_the_sentence_before_is_found_by_its_number_wherever_the_prompt_lists_it() -> None:
    before = "Compound 12a was 8-fold more potent than its CF3 analogue."
    plain = context()
    basis = plain.evidence.sentences[1]
    held = EvidenceSentence(sentence_id="sen_00000000000000aa", text=before, origin="expansion")
    in_block = replace(
        plain,
        evidence=plain.evidence.model_copy(update={"sentences": (held, basis)}),
        previous_sentence=before,
        previous_sentence_id="sen_00000000000000aa",
    )
    listed = replace(plain, previous_sentence=before, previous_sentence_id="sen_00000000000000aa")
    # held in the block as [0]: [2] is past the end of what the prompt numbered
    assert [LlmGenerator._from_previous(in_block, n) for n in (0, 1, 2)] == [True, False, False]
    # not in the block: listed last as [2]
    assert [LlmGenerator._from_previous(listed, n) for n in (0, 1, 2)] == [False, False, True]
    assert LlmGenerator._from_previous(plain, 2) is False  # no sentence before at all
