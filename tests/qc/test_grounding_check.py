"""QC 2: the advance rule, its reason codes, and the LLM mode against the fake server."""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, cast

import numpy as np
import pytest

from chemx.grounding.classes import LABELS
from chemx.grounding.expansion import (
    EmbeddingExpander,
    EvidenceBlock,
    NoExpander,
    TextVectors,
    build_block,
)
from chemx.grounding.explanatory import ExplanatoryClassifier
from chemx.grounding.retrieval import PaperText, retrieve
from chemx.models import ModelClient, ModelsConfig
from chemx.prompts import load_template
from chemx.qc.grounding_check import (
    REASONS,
    Qc2Result,
    SameCompound,
    decide,
    has_clause,
    unread_explanation,
)
from chemx.qc.qc2_backends import LlmQc2, OfflineQc2
from chemx.records import ExplanatoryLabel, Gate, StructureRole, Verdict
from tests._helpers import png_bytes
from tests.fakes.openai_server import FakeOpenAIServer, Reply
from tests.grounding._paper import PaperBuilder, structure

E, P, N = ExplanatoryLabel.EXPLANATORY, ExplanatoryLabel.PARTIAL, ExplanatoryLabel.NON_EXPLANATORY
IMAGE = png_bytes(text="4d")

PARAGRAPH = [
    "Ligand **4d** differs from **4f** only by the two methoxy groups on its lower ring.",
    "These methoxy oxygens stabilise the monoligated Pd(0) species, which accounts for the "
    "94% yield.",
    "Ligand **4e** performed poorly at 60 °C because its tert-butyl groups block the metal.",
]


def make_paper() -> PaperText:
    return PaperBuilder(
        paragraphs=[PARAGRAPH, ["Ligand **4e** was made in one step."]],
        figures={"f1": "Ligands 4d, 4e and 4f."},
        structures=[
            ("f1", "4d", StructureRole.MOLECULE, ()),
            ("f1", "4e", StructureRole.MOLECULE, ()),
            ("f1", "4f", StructureRole.MOLECULE, ()),
            ("f1", "9", StructureRole.MOLECULE, ()),
        ],
    ).build()


def block_for(identifier: str) -> EvidenceBlock:
    """The block of `identifier` with the continuation (sentence 1) expanded."""
    paper = make_paper()
    package = retrieve(paper, structure(paper, identifier))
    texts = [s.text for s in paper.sentences]
    vectors = TextVectors(texts, np.ones((len(texts), 1)))  # every cosine 1: all join
    return build_block(paper, package, EmbeddingExpander().expand(paper, package, vectors))


def labels(block: EvidenceBlock, by_start: dict[str, ExplanatoryLabel]) -> list[ExplanatoryLabel]:
    return [
        next((label for start, label in by_start.items() if s.text.startswith(start)), N)
        for s in block.sentences
    ]


def test_an_explanatory_continuation_of_the_target_advances_it() -> None:
    block = block_for("4d")
    assert [s.origin for s in block.sentences] == ["caption", "identifier", "expansion"]
    result = decide(block, labels(block, {"These": E}), backend="stub")
    assert (result.accepted, result.reason, result.entity_match) == (True, "explanatory", True)
    assert result.scores["credited_explanatory"] == 1.0 and result.scores["expanded"] == 1.0
    decision = result.decision("evi_0000000000000001")
    assert decision.gate is Gate.QC2 and decision.verdict is Verdict.ACCEPT
    assert decision.scores == result.scores and decision.backend == "stub"


def test_the_continuation_belongs_to_the_anchors_first_named_compound() -> None:
    block = block_for("4f")
    result = decide(block, labels(block, {"These": E}), backend="stub")
    # 4f is named second in the anchor: "These methoxy oxygens" are 4d's
    assert (result.accepted, result.reason, result.entity_match) == (
        False,
        "entity_mismatch",
        True,
    )


def test_explanations_of_other_compounds_are_an_entity_mismatch() -> None:
    block = block_for("4d")
    # sentences naming only other compounds never join by expansion ...
    assert "other" not in {s.entity for s in block.sentences}
    # ... but when an explanatory sentence is about another compound, it is a mismatch
    about_other = EvidenceBlock(
        block.structure,
        block.package,
        tuple(replace(s, entity="other") for s in block.sentences),
        block.expansion,
    )
    result = decide(about_other, [N, E, E], backend="stub")
    assert (result.reason, result.entity_match) == ("entity_mismatch", False)


def test_partial_sentences_are_context_only() -> None:
    block = block_for("4d")
    result = decide(block, labels(block, {"Ligand": P}), backend="stub")
    assert (result.accepted, result.reason) == (False, "partial_only")


def test_a_caption_is_never_the_basis_of_an_accept() -> None:
    block = block_for("4d")
    result = decide(block, labels(block, {"Ligands 4d": E}), backend="stub")
    assert result.reason == "non_explanatory"


def test_a_title_without_a_verb_is_never_the_basis_of_an_accept() -> None:
    paper = PaperBuilder(
        paragraphs=[["Substrate Scope of the Cyclization of Amide **4d**.", *PARAGRAPH[2:]]],
        figures={"f1": "Ligands 4d and 4e."},
        structures=[
            ("f1", "4d", StructureRole.MOLECULE, ()),
            ("f1", "4e", StructureRole.MOLECULE, ()),
        ],
    ).build()
    package = retrieve(paper, structure(paper, "4d"))
    block = build_block(paper, package, NoExpander().expand(paper, package, None))
    result = decide(block, labels(block, {"Substrate": E}), backend="stub")
    assert (result.accepted, result.reason) == (False, "non_explanatory")
    assert result.scores["explanatory"] == 0.0
    assert has_clause("These methoxy oxygens stabilise the monoligated Pd(0) species.")
    assert has_clause("This might be due to the less planar aniline.")
    assert not has_clause("Synthesis of N-Allyl/Homoallyl Amide Substrates 1.")


def test_a_structure_no_sentence_names_has_no_text() -> None:
    paper = make_paper()
    package = retrieve(paper, structure(paper, "9"))
    block = build_block(paper, package, NoExpander().expand(paper, package, None))
    result = decide(block, [N] * len(block.sentences), backend="stub")
    assert (result.reason, result.entity_match) == ("no_text", False)


def test_reason_codes_are_stable() -> None:
    assert set(REASONS) >= {
        "explanatory",
        "no_text",
        "entity_mismatch",
        "partial_only",
        "non_explanatory",
        "prefilter_non_explanatory",
        "same_compound",
        "unread_explanation",
    }


class StubClassifier:
    """Stands in for `ExplanatoryClassifier`: fixed explanatory probability per text start."""

    backend = "stub-logreg"
    prefilter_threshold = 0.2
    uses_lexical_features = False

    def __init__(self, explanatory: dict[str, float]) -> None:
        self.explanatory = explanatory

    def predict_proba(self, texts: Sequence[str]) -> np.ndarray:
        rows = []
        for text in texts:
            p = next((v for k, v in self.explanatory.items() if text.startswith(k)), 0.01)
            rows.append([p, 0.4 * (1 - p), 0.6 * (1 - p)])  # the rest: non-explanatory
        return np.array(rows)


def stub(explanatory: dict[str, float]) -> ExplanatoryClassifier:
    return cast(ExplanatoryClassifier, StubClassifier(explanatory))


def test_offline_qc2_uses_the_classifiers_argmax_and_records_its_probability() -> None:
    block = block_for("4d")
    result = OfflineQc2(stub({"These": 0.9})).judge(block)
    assert result.accepted and result.backend == "stub-logreg+causal-reading"
    assert result.labels[2] is E and LABELS[0] == "explanatory"
    assert result.scores["max_explanatory_probability"] == 0.9
    assert result.scores["explanatory_unread"] == 0.0


def test_offline_qc2_believes_an_explanation_only_where_its_cause_can_be_read() -> None:
    block = block_for("4d")
    # the anchor names 4d but states no cause: labelled explanatory, it is not believed
    result = OfflineQc2(stub({"Ligand 4d": 0.9})).judge(block)
    assert (result.accepted, result.reason) == (False, "unread_explanation")
    assert "identifier sen_0000000000000000" in result.detail and "no_" in result.detail
    assert result.scores["explanatory_unread"] == 1.0 and result.labels[1] is E
    # the rule reads only when asked: the LLM backend reads the sentences itself
    assert decide(block, labels(block, {"Ligand 4d": E}), backend="stub").accepted
    # an explanation pointing back reads its effect in the sentence before it
    paper = PaperBuilder(
        paragraphs=[
            [
                "Ligand **4d** gave only 12% yield at 60 °C.",
                "This might be due to the bulky tert-butyl groups of **4d**, which block the metal.",
            ]
        ],
        figures={"f1": "Ligand 4d."},
        structures=[("f1", "4d", StructureRole.MOLECULE, ())],
    ).build()
    package = retrieve(paper, structure(paper, "4d"))
    block = build_block(paper, package, NoExpander().expand(paper, package, None))
    pointing_back = block.sentences[-1]
    assert pointing_back.previous == "Ligand 4d gave only 12% yield at 60 °C."
    result = OfflineQc2(stub({"This might": 0.9})).judge(block)
    assert (result.accepted, result.reason) == (True, "explanatory")
    unread = unread_explanation(replace(pointing_back, previous=None))
    assert unread is not None and unread.startswith("no_effect")


def test_offline_qc2_does_not_credit_a_target_with_a_neighbours_explanation() -> None:
    paper = PaperBuilder(
        paragraphs=[
            [
                "The two methyl groups of **6c** raise the quantum yield of **6c** to 0.61 because "
                "they block rotation of the meso-aryl ring, whereas **6f** emits at 620 nm.",
                "Dye **6f** was made in two steps.",
            ]
        ],
        figures={"f1": "Dyes 6c and 6f."},
        structures=[
            ("f1", "6c", StructureRole.MOLECULE, ()),
            ("f1", "6f", StructureRole.MOLECULE, ()),
        ],
    ).build()
    judge = OfflineQc2(stub({"The two methyl": 0.9}))
    results = {}
    for label in ("6c", "6f"):
        package = retrieve(paper, structure(paper, label))
        block = build_block(paper, package, NoExpander().expand(paper, package, None))
        results[label] = judge.judge(block)
    assert (results["6c"].accepted, results["6c"].reason) == (True, "explanatory")
    assert (results["6f"].accepted, results["6f"].reason) == (False, "entity_mismatch")
    assert "to 6c" in results["6f"].detail
    assert results["6f"].scores["explains_other"] == 1.0


def _answer(refers: bool, labels: Sequence[str]) -> dict[str, Any]:
    return {
        "refers_to_target": refers,
        "sentences": [{"index": i, "label": label} for i, label in enumerate(labels)],
    }


def test_llm_qc2_sends_template_block_and_image_and_applies_the_answer(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    block = block_for("4d")
    fake_server.enqueue(Reply.ok(_answer(True, ["non_explanatory", "partial", "explanatory"])))
    with ModelClient(make_config("grounding", model="fake-llm")) as client:
        result = LlmQc2(client).judge(block, None, IMAGE, node_id="str_4d")
    assert (result.accepted, result.backend) == (True, "llm:fake-llm")
    assert result.labels == (N, P, E) and result.scores["llm_refers_to_target"] == 1.0
    [call] = result.calls
    assert (call.template_id, call.template_hash) == ("qc2.v1", load_template("qc2.v1").sha256)
    assert call.role == "grounding" and call.node_id == "str_4d"
    [body] = fake_server.chat_bodies
    text, image = body["messages"][0]["content"]
    assert "labelled 4d" in text["text"] and "[0] (caption) Ligands 4d" in text["text"]
    assert "[2] These methoxy oxygens" in text["text"]
    assert image["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(IMAGE).decode()
    assert body["response_format"]["json_schema"]["name"] == "Qc2Answer"


def test_llm_qc2_entity_mismatch_invalid_answer_and_failure(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    block = block_for("4d")
    fake_server.enqueue(
        Reply.ok(_answer(False, ["non_explanatory", "explanatory", "explanatory"])),
        Reply.ok(_answer(True, ["explanatory"])),
        *[Reply.ok("{not json")] * 3,
    )
    with ModelClient(make_config("grounding")) as client:
        qc2 = LlmQc2(client)
        mismatch = qc2.judge(block, None, IMAGE)
        invalid = qc2.judge(block, None, IMAGE)
        failed = qc2.judge(block, None, IMAGE)
    assert (mismatch.reason, mismatch.entity_match) == ("entity_mismatch", False)
    assert invalid.reason == "model_invalid_answer" and invalid.calls
    assert failed.reason == "model_failed" and failed.calls[0].error
    with ModelClient(make_config("grounding")) as client, pytest.raises(ValueError, match="image"):
        LlmQc2(client).judge(block, None, None)


def test_the_prefilter_saves_the_call_for_blocks_without_a_candidate(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    fake_server.enqueue(Reply.ok(_answer(True, ["non_explanatory", "non_explanatory", "partial"])))
    with ModelClient(make_config("grounding")) as client:
        qc2 = LlmQc2(client, prefilter=stub({"These": 0.19}))
        screened = qc2.judge(block_for("4d"), None, IMAGE)
        assert fake_server.requests == []
        qc2_open = LlmQc2(client, prefilter=stub({"These": 0.25}))
        asked = qc2_open.judge(block_for("4d"), None, IMAGE)
    assert screened.reason == "prefilter_non_explanatory" and screened.calls == ()
    assert screened.backend == "stub-logreg-prefilter"
    assert screened.scores["prefilter_threshold"] == 0.2
    assert screened.scores["max_explanatory_probability"] == 0.19
    assert len(fake_server.requests) == 1 and asked.reason == "partial_only"


def test_a_second_drawing_of_a_compound_on_the_same_explanation_is_same_compound() -> None:
    paper = PaperBuilder(
        paragraphs=[PARAGRAPH],
        figures={"f1": "Ligands 4d, 4e and 4f.", "f2": "Ligand 4d again, in the mechanism."},
        structures=[
            ("f1", "4d", StructureRole.MOLECULE, ()),
            ("f1", "4e", StructureRole.MOLECULE, ()),
            ("f1", "4f", StructureRole.MOLECULE, ()),
            ("f2", "4d", StructureRole.MOLECULE, ()),
            ("f2", "4d", StructureRole.REACTION, ()),
        ],
    ).build()
    texts = [s.text for s in paper.sentences]
    vectors = TextVectors(texts, np.ones((len(texts), 1)))

    def judged(
        figure: str, identifier: str, role: StructureRole
    ) -> tuple[EvidenceBlock, Qc2Result]:
        drawing = next(
            s
            for s in paper.structures
            if s.figure_id.endswith(figure) and s.identifier == identifier and s.role is role
        )
        package = retrieve(paper, drawing)
        block = build_block(paper, package, EmbeddingExpander().expand(paper, package, vectors))
        return block, decide(block, labels(block, {"These": E, "Ligand 4e": E}), backend="s")

    molecule, reaction = StructureRole.MOLECULE, StructureRole.REACTION
    first, other = judged("f1", "4d", molecule), judged("f1", "4e", molecule)
    second, drawn_as_reaction = judged("f2", "4d", molecule), judged("f2", "4d", reaction)
    same_compound = SameCompound()
    kept = same_compound.check(*first)
    assert (kept.accepted, kept.reason) == (True, "explanatory")
    assert same_compound.check(*other).accepted  # another compound is not a drawing of 4d
    for block, result in (
        second,
        drawn_as_reaction,
    ):  # the same compound, drawn again or as a reaction
        assert result.accepted
        dropped = same_compound.check(block, result)
        assert (dropped.accepted, dropped.reason, dropped.credited) == (False, "same_compound", ())
        assert first[0].structure.id in dropped.detail
        assert dropped.decision("evi_0000000000000002").verdict is Verdict.REJECT
    # a drawing credited with a sentence the first was not keeps its block
    block, result = second
    extra = replace(result, credited=(*result.credited, 1))  # sentence 0, the anchor
    assert same_compound.check(block, extra).accepted
    # and a rejected block stays as it was
    rejected = replace(result, accepted=False, reason="partial_only")
    assert same_compound.check(block, rejected) is rejected


def test_offline_qc2_reads_a_partial_label_whose_three_parts_can_be_read() -> None:
    block = block_for("4d")
    # "These methoxy oxygens stabilise the monoligated Pd(0) species, which accounts for
    # the 94% yield": feature, mechanism and effect all read, so 'partial' undersold it
    result = decide(block, labels(block, {"These": P}), backend="stub", read_causes=True)
    assert (result.accepted, result.reason) == (True, "explanatory")
    assert result.scores["partial_read_as_explanatory"] == 1.0
    assert result.labels[2] is E
    # only the offline reading promotes: the LLM backend's 'partial' stands
    result = decide(block, labels(block, {"These": P}), backend="stub")
    assert (result.accepted, result.reason) == (False, "partial_only")
    # a partial sentence with no readable cause stays partial
    result = decide(block, labels(block, {"Ligand 4d": P}), backend="stub", read_causes=True)
    assert (result.accepted, result.reason) == (False, "partial_only")
    assert result.scores["partial_read_as_explanatory"] == 0.0
