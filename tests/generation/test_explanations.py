"""The paper's own explanations lent to its other questions' wrong answers."""

from __future__ import annotations

from chemx.generation.explanations import (
    PaperExplanation,
    lend_mechanisms,
    paper_explanations,
)
from chemx.generation.features import VisibleFeature, structure_features
from chemx.records import ReasoningType

SENTENCES = (
    ("s1", "The kinase series was profiled against 40 kinases."),
    (
        "s2",
        "The cyclopropyl amide 2a fills a small lipophilic pocket beneath the glycine-rich "
        "loop, which improves potency 7-fold.",
    ),
    (
        "s3",
        "Methylation of the bridging nitrogen in 1a removes the NH donor that binds the "
        "hinge, which abolishes activity.",
    ),
    ("s4", "The fluorine may block oxidation, which raised the half-life to 58 min."),
)


def test_only_credited_sentences_that_decompose_are_read() -> None:
    found = paper_explanations(SENTENCES, credited={"s2", "s3", "s4"})
    by_id = {e.sentence_id: e for e in found}
    assert "s1" not in by_id  # not credited
    assert "s3" not in by_id  # a change made to a group, not what a group does
    assert by_id["s2"].key == "cyclopropyl"
    assert by_id["s2"].mechanism.startswith("fills a small lipophilic pocket")
    assert by_id["s4"].mechanism == "may block oxidation"  # read, but hedged: never lent


def _lend(
    pool: list[VisibleFeature],
    explanations: tuple[PaperExplanation, ...] | list[PaperExplanation],
    *,
    basis_id: str | None = "s9",
    effect: str = "a longer half-life in serum",
    condition: bool = False,
) -> dict[str, VisibleFeature]:
    lent = lend_mechanisms(
        pool, explanations, basis_id=basis_id, effect=effect, condition=condition
    )
    return {feature.name: feature for feature in lent}


def test_a_drawn_feature_carries_the_papers_mechanism_of_its_own_group() -> None:
    explanations = paper_explanations(SENTENCES, credited={"s2", "s4"})
    pool = structure_features("O=C(Nc1ccc(F)cc1)C1CC1")
    lent = _lend(pool, explanations)
    assert lent["cyclopropyl ring"].mechanism is not None
    assert lent["cyclopropyl ring"].mechanism.startswith("fills a small lipophilic pocket")
    assert lent["cyclopropyl ring"].mechanism_sentence_id == "s2"
    # hedged ("may block") is a give-away: never lent
    assert lent["aromatic C–F bond"].mechanism is None
    # the basis sentence's explanation is the answer, so it is not lent
    assert _lend(pool, explanations, basis_id="s2")["cyclopropyl ring"].mechanism is None


def test_a_mechanism_for_the_same_effect_or_the_other_kind_is_not_lent() -> None:
    explanations = paper_explanations(SENTENCES, credited={"s2"})
    pool = structure_features("O=C(Nc1ccc(F)cc1)C1CC1")
    # the same effect: it could be a second right answer
    same = _lend(pool, explanations, effect="improves potency 7-fold over the acetamide")
    assert same["cyclopropyl ring"].mechanism is None
    # an outcome's explanation does not say why conditions were needed
    assert _lend(pool, explanations, condition=True)["cyclopropyl ring"].mechanism is None


def test_an_explanation_naming_another_compound_is_not_lent() -> None:
    explanation = PaperExplanation("s5", "cyclopropyl ring", "cyclopropyl", "binds 5 better", "x")
    lent = _lend(structure_features("C1CC1C(=O)N"), [explanation])
    assert lent["cyclopropyl ring"].mechanism is None


def test_a_lent_mechanism_is_traced_to_its_sentence() -> None:
    from chemx.generation.candidate import _source

    pool = structure_features("O=C(Nc1ccc(F)cc1)C1CC1")
    lent = _lend(pool, paper_explanations(SENTENCES, credited={"s2"}))
    assert _source(lent["cyclopropyl ring"]) == "smarts:cyclopropyl mechanism:text:s2"
    assert _source(lent["aromatic C–F bond"]) == "smarts:aryl_fluoride"


def test_the_ledger_counts_only_the_wrong_answers_of_an_item() -> None:
    from chemx.generation.candidate import BasisLedger
    from chemx.records import Candidate, Option

    options = tuple(
        Option(letter=letter, feature=feature, mechanism="m", text=f"The {feature} m.")
        for letter, feature in zip(
            "ABCD",
            ("Anilide N–H", "pyrazole ring", "cyclopropyl ring", "aryl chloride"),
            strict=True,
        )
    )
    candidate = Candidate(
        id="can_0000000000000001",
        parent_id="evi_0000000000000001",
        backend="template-v1",
        paper_id="pap_0000000000000001",
        evidence_id="evi_0000000000000001",
        effect="a 7-fold gain",
        feature="three-membered ring",
        mechanism="fills a pocket",
        reasoning_type=ReasoningType.MECHANISTIC,
        other_features=(),
        stem="One structural feature ...",
        options=options,
        answer="C",
    )
    ledger = BasisLedger()
    ledger.offered(candidate)
    ledger.offered(candidate)
    assert dict(ledger.distractors) == {"anilide n–h": 2, "pyrazole ring": 2, "aryl chloride": 2}


def test_a_reading_that_states_no_action_is_not_lent() -> None:
    # "Installation of a methyl group in the meta position did not affect the yield but
    # gave a mixture of regioisomers": an outcome cut at 'but', lent as "The aryl methyl
    # group did not affect the yield but; for this reason, ..."
    pool = structure_features("Cc1cccc(NC(=O)C)c1")
    for broken in ("did not affect the yield but", "had no effect on selectivity"):
        explanation = PaperExplanation(
            "s6", "methyl group", "aryl_methyl", broken, "gave regioisomers"
        )
        assert _lend(pool, [explanation])["aryl methyl group"].mechanism is None
    kept = PaperExplanation(
        "s7", "methyl group", "aryl_methyl", "slows rotation about the bond", "raised selectivity"
    )
    assert _lend(pool, [kept])["aryl methyl group"].mechanism == "slows rotation about the bond"
