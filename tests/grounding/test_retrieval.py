"""Retrieval packages: which sentences are retrieved for a structure, and why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chemx.devkit.grounding_gold import score_retrieval
from chemx.grounding.retrieval import PaperText, caption_panels, retrieve, target_panel
from chemx.provenance.store import ProvenanceStore
from chemx.records import StructureRole
from tests.grounding._paper import PaperBuilder, sentence_id, structure

MOLECULE = StructureRole.MOLECULE


def series_paper() -> PaperText:
    return PaperBuilder(
        paragraphs=[
            [
                "Amides **2a**–**2c** (Fig. 1) were prepared in 65–92% yield.",
                "The directing groups shown in Fig. 1 were compared.",
                "Amide **2b** was 6-fold weaker than **2a**, as collected in Table 2.",
                "Its ortho-fluorine twists the amide out of plane.",
            ],
            ["Catalyst 5 (Fig. 2) was made in two steps.", "See Fig. 2 for its structure."],
        ],
        figures={"f1": "Amides 2a–2c.", "f2": "Catalyst 5."},
        structures=[
            ("f1", "2a", MOLECULE, ()),
            ("f1", "2b", MOLECULE, ()),
            ("f1", "2c", MOLECULE, ()),
            ("f2", "5", MOLECULE, ()),
        ],
        references=[
            (0, 0, "f1", "Fig. 1", None),
            (0, 1, "f1", "Fig. 1", None),
            (1, 0, "f2", "Fig. 2", None),
            (1, 1, "f2", "Fig. 2", None),
        ],
    ).build()


def test_identifier_mentions_are_retrieved_with_their_reason() -> None:
    paper = series_paper()
    package = retrieve(paper, structure(paper, "2b"))
    about = {s.sentence.id: s for s in package.about_target()}
    assert set(about) == {sentence_id(0, 0), sentence_id(0, 2)}
    first = about[sentence_id(0, 0)]
    assert first.origin == "identifier"
    assert "identifier:2b (range)" in first.reasons or "identifier:2b (bold)" in first.reasons
    assert any(r.startswith("figure_reference:Fig. 1") for r in first.reasons)
    assert about[sentence_id(0, 2)].other_identifiers == frozenset({"2a"})
    assert package.caption == "Amides 2a–2c." and package.caption_mentions_target


def test_a_reference_to_a_multi_compound_figure_is_context_not_a_claim() -> None:
    paper = series_paper()
    package = retrieve(paper, structure(paper, "2b"))
    [context] = package.context_only()
    assert context.sentence.id == sentence_id(0, 1)
    assert context.origin == "figure_reference" and not context.refers_to_target


def test_a_reference_to_a_one_compound_figure_claims_the_compound() -> None:
    paper = series_paper()
    package = retrieve(paper, structure(paper, "5"))
    about = {s.sentence.id: s for s in package.about_target()}
    assert set(about) == {sentence_id(1, 0), sentence_id(1, 1)}
    assert about[sentence_id(1, 1)].origin == "figure_reference"
    assert "figure_unambiguous" in about[sentence_id(1, 1)].reasons


def test_panel_letters_pick_the_structures_panel_and_drop_other_panels() -> None:
    paper = PaperBuilder(
        paragraphs=[
            [
                "Fig. 1b shows the fluorinated analogue.",
                "Fig. 1a shows the parent scaffold.",
                "Fig. 1 summarises the series.",
            ]
        ],
        figures={"f1": "(a) The parent 3a. (b) The fluorinated analogue 3b."},
        structures=[("f1", "3a", MOLECULE, ()), ("f1", "3b", MOLECULE, ())],
        references=[
            (0, 0, "f1", "Fig. 1b", "b"),
            (0, 1, "f1", "Fig. 1a", "a"),
            (0, 2, "f1", "Fig. 1", None),
        ],
    ).build()
    assert caption_panels(paper.figures["fig_00000000000000f1"].caption) == {
        "a": "The parent 3a. ",
        "b": "The fluorinated analogue 3b.",
    }
    package = retrieve(paper, structure(paper, "3b"))
    assert package.panel == "b"
    by_id = {s.sentence.id: s for s in package.sentences}
    assert by_id[sentence_id(0, 0)].refers_to_target
    assert "figure_panel:b" in by_id[sentence_id(0, 0)].reasons
    assert sentence_id(0, 1) not in by_id  # about panel a
    assert not by_id[sentence_id(0, 2)].refers_to_target  # the whole figure: context
    assert target_panel("no panels here", ["3b"], ["3a", "3b"]) is None


def test_a_reaction_crop_retrieves_its_components_and_its_scheme() -> None:
    paper = PaperBuilder(
        paragraphs=[
            [
                "Alcohol 1 was treated with PyFluor.",
                "Sulfonate 2 was displaced by fluoride.",
                "Scheme 1 outlines the route.",
                "Amine 7 was used as a base.",
            ]
        ],
        figures={"s1": "Deoxyfluorination of 1 via 2."},
        structures=[
            ("s1", "1", StructureRole.REACTANT, ()),
            ("s1", "2", StructureRole.PRODUCT, ()),
            ("s1", "2", StructureRole.REACTION, ("1", "2")),
            ("s1", "7", StructureRole.REACTANT, ()),
        ],
        references=[(0, 2, "s1", "Scheme 1", None)],
    ).build()
    package = retrieve(paper, structure(paper, "2", StructureRole.REACTION))
    assert package.targets == ("2", "1")
    about = {s.sentence.id: s.reasons for s in package.about_target()}
    assert set(about) == {sentence_id(0, 0), sentence_id(0, 1), sentence_id(0, 2)}
    assert about[sentence_id(0, 0)] == ("related:1 (exact)",)
    assert "figure_unambiguous" in about[sentence_id(0, 2)]
    reactant = retrieve(paper, structure(paper, "1", StructureRole.REACTANT))
    assert {s.sentence.id for s in reactant.about_target()} == {sentence_id(0, 0)}


def test_a_structure_without_identifier_is_refused() -> None:
    paper = series_paper()
    unlabelled = structure(paper, "5").model_copy(update={"identifier": None})
    with pytest.raises(ValueError, match="no identifier"):
        retrieve(paper, unlabelled)


@pytest.mark.parametrize("bold", [True, False], ids=["with-bold", "plain-text"])
def test_entity_match_precision_and_recall_on_the_sample_gold(
    gold_store_copy: Callable[..., Path], gold: dict[str, Any], bold: bool
) -> None:
    """Precision >= 0.95 and recall >= 0.9 (definitions: `chemx.devkit.grounding_gold`)."""
    with ProvenanceStore(gold_store_copy(), readonly=True) as store:
        precision, recall = score_retrieval(store, gold, bold=bold)
    assert recall.total > 400
    assert precision.value >= 0.95, precision
    assert recall.value >= 0.9, recall
