"""Context expansion: which paragraph neighbours join a retrieved sentence, and the block."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from chemx.agents.grounding import GroundingBackends
from chemx.devkit.grounding_gold import gold_sentences
from chemx.grounding.expansion import (
    EMBEDDING_BACKEND,
    FAR_THRESHOLD,
    NEXT_THRESHOLD,
    PREVIOUS_THRESHOLD,
    EmbeddingExpander,
    LlmExpander,
    NoExpander,
    TextVectors,
    build_block,
    threshold_for,
)
from chemx.grounding.retrieval import PaperText, retrieve
from chemx.models import ModelClient, ModelsConfig
from chemx.prompts import load_template
from chemx.provenance.store import ProvenanceStore
from chemx.records import NodeKind, StructureRole
from tests.fakes.openai_server import FakeOpenAIServer, Reply
from tests.grounding._paper import PaperBuilder, ids, sentence_id, structure

ANCHOR = "Monomer **2** carries a methyl and an ester group on C5."
NEXT = "This quaternary centre hinders transesterification."
PREVIOUS = "Ring-opening polymerisation was studied."
FAR = "Dispersities stayed narrow at high conversion."
OTHER = "Monomer **3** polymerised slowly."
NEXT_PARAGRAPH = "The quaternary centre also slows hydrolysis."


def paper_and_vectors(cosines: dict[str, float]) -> tuple[PaperText, TextVectors]:
    """A paragraph around ANCHOR whose sentences have the given cosines to the anchor."""
    paper = PaperBuilder(
        paragraphs=[[PREVIOUS, ANCHOR, NEXT, FAR, OTHER], [NEXT_PARAGRAPH]],
        figures={"f1": "Monomers 2 and 3."},
        structures=[
            ("f1", "2", StructureRole.MOLECULE, ()),
            ("f1", "3", StructureRole.MOLECULE, ()),
        ],
    ).build()
    texts = [s.text for s in paper.sentences]
    anchor_text = paper.sentences[1].text

    def unit(cosine: float) -> list[float]:
        return [cosine, math.sqrt(max(0.0, 1 - cosine**2))]

    rows = [[1.0, 0.0] if t == anchor_text else unit(cosines.get(t, 0.0)) for t in texts]
    return paper, TextVectors(texts, np.array(rows))


def test_thresholds_favour_the_next_sentence() -> None:
    assert threshold_for(1) == NEXT_THRESHOLD < threshold_for(-1) == PREVIOUS_THRESHOLD
    assert threshold_for(-1) < threshold_for(2) == threshold_for(-3) == FAR_THRESHOLD


def test_neighbours_join_by_position_dependent_thresholds() -> None:
    paper, vectors = paper_and_vectors(
        {
            NEXT: NEXT_THRESHOLD + 0.01,
            PREVIOUS: PREVIOUS_THRESHOLD - 0.01,
            FAR: FAR_THRESHOLD + 0.01,
            OTHER: 0.99,
            NEXT_PARAGRAPH: 0.99,
        }
    )
    package = retrieve(paper, structure(paper, "2"))
    expansion = EmbeddingExpander().expand(paper, package, vectors)
    assert expansion.backend == EMBEDDING_BACKEND
    # next (low bar) and far (high bar) join; previous misses its bar; the sentence about
    # compound 3 and the other paragraph never join
    assert [a.sentence.id for a in expansion.added] == [sentence_id(0, 2), sentence_id(0, 3)]
    assert all(a.anchors == (sentence_id(0, 1),) for a in expansion.added)
    assert expansion.added[0].score == pytest.approx(NEXT_THRESHOLD + 0.01, abs=1e-3)


def test_a_dissimilar_next_sentence_stays_out() -> None:
    paper, vectors = paper_and_vectors({NEXT: NEXT_THRESHOLD - 0.05})
    package = retrieve(paper, structure(paper, "2"))
    assert EmbeddingExpander().expand(paper, package, vectors).added == ()
    with pytest.raises(ValueError, match="vectors"):
        EmbeddingExpander().expand(paper, package, None)


def test_the_block_records_what_was_retrieved_and_what_expansion_added() -> None:
    paper, vectors = paper_and_vectors({NEXT: 0.5})
    package = retrieve(paper, structure(paper, "2"))
    block = build_block(paper, package, EmbeddingExpander().expand(paper, package, vectors))
    assert [(s.origin, s.entity) for s in block.sentences] == [
        ("caption", "target"),
        ("identifier", "target"),
        ("expansion", "none"),
    ]
    assert block.sentences[1].subject == "2"
    assert block.sentences[2].anchors == (sentence_id(0, 1),)
    assert block.sentence_ids == (sentence_id(0, 1), sentence_id(0, 2))
    plain = build_block(paper, package, NoExpander().expand(paper, package, vectors))
    assert ids(plain.paper_sentences) == [sentence_id(0, 1)]


def test_llm_expansion_asks_the_grounding_role_and_refuses_invalid_indices(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    paper, _ = paper_and_vectors({})
    package = retrieve(paper, structure(paper, "2"))
    fake_server.enqueue(Reply.ok({"related": [2, 1, 4, 9]}))
    with ModelClient(make_config("grounding", model="fake-llm")) as client:
        expansion = LlmExpander(client).expand(paper, package, None, node_id="str_x")
    assert expansion.backend == "llm:fake-llm"
    # 2 joins; 1 is the anchor, 9 is not in the paragraph (both reported); 4 is about 3
    assert [a.sentence.id for a in expansion.added] == [sentence_id(0, 2)]
    assert len(expansion.problems) == 2
    [call] = expansion.calls
    template = load_template("expansion.v1")
    assert (call.template_id, call.template_hash) == ("expansion.v1", template.sha256)
    assert call.role == "grounding" and call.node_id == "str_x"
    prompt = fake_server.chat_bodies[0]["messages"][0]["content"]
    assert "[1] Monomer 2 carries" in prompt and "Sentence [1]" in prompt
    schema = fake_server.chat_bodies[0]["response_format"]["json_schema"]
    assert schema["name"] == "ExpansionAnswer"


def test_llm_expansion_records_a_failed_call(
    fake_server: FakeOpenAIServer, make_config: Callable[..., ModelsConfig]
) -> None:
    paper, _ = paper_and_vectors({})
    package = retrieve(paper, structure(paper, "2"))
    fake_server.enqueue(*[Reply.ok("not json")] * 3)
    with ModelClient(make_config("grounding")) as client:
        expansion = LlmExpander(client).expand(paper, package, None)
    assert expansion.added == ()
    assert expansion.calls[0].error and "failed" in expansion.problems[0]


def test_minilm_expansion_adds_every_gold_continuation(
    gold_store_copy: Callable[..., Path],
    gold: dict[str, Any],
    offline_backends: GroundingBackends,
) -> None:
    """Each of the 14 split explanations: the label-less half joins its anchor's block."""
    found = 0
    with ProvenanceStore(gold_store_copy(), readonly=True) as store:
        annotations = gold_sentences(store, gold)
        continuations = {sid: a for sid, (a, cont) in annotations.items() if cont}
        for paper_node in store.nodes(NodeKind.PAPER):
            paper = PaperText.load(store, paper_node.id)
            vectors = TextVectors.embed(offline_backends.encoder, [s.text for s in paper.sentences])
            for target in paper.structures:
                if target.role is StructureRole.REACTION or not target.identifier:
                    continue
                package = retrieve(paper, target)
                added = {
                    a.sentence.id for a in EmbeddingExpander().expand(paper, package, vectors).added
                }
                for sid, annotation in continuations.items():
                    if (
                        sid in {s.id for s in paper.sentences}
                        and target.identifier in (annotation["identifiers"])
                    ):
                        assert sid in added, (target.identifier, annotation["text"])
                        found += 1
    assert found == 14, json.dumps(sorted(continuations))


def test_a_sentence_that_names_a_series_hands_its_continuation_to_no_member() -> None:
    # jo2c02448: "leading to the products 3−14 ..." then "Electron-withdrawing halogens in
    # the para position resulted in higher yields (Scheme 2, 4−7)" was credited to 11
    series = "Different maleimides were tolerated, leading to the products 2–4 in good yields."
    follow = "Electron-withdrawing halogens in the para position resulted in higher yields."
    paper = PaperBuilder(
        paragraphs=[[series, follow]],
        figures={"f1": "Scope."},
        structures=[("f1", label, StructureRole.MOLECULE, ()) for label in ("2", "3", "4")],
    ).build()
    texts = [s.text for s in paper.sentences]
    vectors = TextVectors(texts, np.array([[1.0, 0.0], [1.0, 0.0]]))
    package = retrieve(paper, structure(paper, "3"))
    block = build_block(paper, package, EmbeddingExpander().expand(paper, package, vectors))
    named = [s for s in block.sentences if s.origin == "identifier"]
    assert named and named[0].entity == "target" and named[0].subject is None
