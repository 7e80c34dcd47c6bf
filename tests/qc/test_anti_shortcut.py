"""Every anti-shortcut rule fails on a question crafted to break it, and only that rule."""

from __future__ import annotations

import pytest

from chemx.generation.mcq import option_text
from chemx.qc.anti_shortcut import HEDGING_TERMS, ShortcutReport, check, hedging_terms
from chemx.records import Gate, Option, Verdict

EFFECT = "a 14-fold faster cycloaddition"
FEATURE = "2-pyridyl substituent"
EVIDENCE = (
    "The electron-withdrawing 2-pyridyl substituent of 4b lowers the LUMO of the tetrazine, "
    "which accelerates the cycloaddition 14-fold relative to 1."
)
STEM = (
    "The observed outcome is a 14-fold faster cycloaddition. Which structural feature of the "
    "molecule shown most directly explains this effect?"
)
PAIRS = [
    ("carboxylic acid", "ionises to a carboxylate that forms salt bridges and hydrogen bonds"),
    ("2-pyridyl substituent", "lowers the LUMO of the tetrazine ring by withdrawing electrons"),
    ("amide N–H", "donates a hydrogen bond through its N–H and fixes a planar amide geometry"),
    ("para-phenylene linker", "links its two substituents linearly and conjugates them fully"),
]


def options(pairs: list[tuple[str, str]] = PAIRS, effect: str = EFFECT) -> list[Option]:
    return [
        Option(letter=letter, feature=f, mechanism=m, text=option_text(f, m, effect, "np"))
        for letter, (f, m) in zip("ABCD", pairs, strict=True)
    ]


def run(opts: list[Option], stem: str = STEM, answer: str = "B", **kw: str) -> ShortcutReport:
    args = {"effect": EFFECT, "feature": FEATURE, "evidence_text": EVIDENCE} | kw
    return check(stem, opts, answer, **args)


def codes(report: ShortcutReport) -> list[str]:
    return [failure.code for failure in report.failures]


def test_a_well_formed_question_passes() -> None:
    report = run(options())
    assert report.passed, report.failures
    decision = report.decision("can_0000000000000001")
    assert decision.gate is Gate.ANTI_SHORTCUT and decision.verdict is Verdict.ACCEPT
    assert decision.scores["length_ratio"] <= 2.0


def test_malformed() -> None:
    assert codes(run(options()[:3])) == ["malformed"]
    assert codes(run(options(), answer="E")) == ["malformed"]


def test_different_effect() -> None:
    opts = options()
    opts[2] = opts[2].model_copy(
        update={"text": option_text(*PAIRS[2], "a higher melting point", "np")}
    )
    assert codes(run(opts)) == ["different_effect"]


def test_length_imbalance() -> None:
    pairs = list(PAIRS)
    pairs[1] = (FEATURE, PAIRS[1][1] + ", " + "which stabilises the transition state " * 5)
    assert codes(run(options(pairs))) == ["length_imbalance"]


@pytest.mark.parametrize("term", ["indirect", "secondary", "may", "possibly", "to some extent"])
def test_hedging_term(term: str) -> None:
    pairs = list(PAIRS)
    pairs[0] = ("carboxylic acid", f"{term} ionises to a carboxylate that forms salt bridges")
    report = run(options(pairs))
    assert codes(report) == ["hedging_term"]
    assert "A:" in report.failures[0].detail


def test_secondary_before_a_chemical_class_is_no_hedge() -> None:
    assert hedging_terms("hinder deprotonation of the more hindered secondary amine") == []
    assert hedging_terms("a secondary alcohol is oxidised to the ketone") == []
    assert hedging_terms("a secondary effect of the ring") == ["secondary"]


def test_hedges_in_the_shared_effect_do_not_count() -> None:
    effect = "amine–HF reagents could not be used"
    report = run(options(effect=effect), effect=effect, stem=f"{effect}. Which feature?")
    assert "hedging_term" not in codes(report)


def test_stem_names_the_feature() -> None:
    stem = STEM.replace("cycloaddition.", "cycloaddition of the pyridyl tetrazine.")
    assert codes(run(options(), stem=stem)) == ["stem_names_feature"]


def test_a_compound_name_in_the_stem_that_spells_out_the_feature() -> None:
    stem = STEM.replace(
        "The observed outcome is a 14-fold faster cycloaddition.",
        "The observed outcome is a 14-fold faster cycloaddition of 3-pyridyltetrazine.",
    )
    assert codes(run(options(), stem=stem)) == ["stem_names_feature"]
    unrelated = STEM.replace("cycloaddition.", "cycloaddition with norbornene.")
    assert codes(run(options(), stem=unrelated)) == []


def test_unsupported_feature() -> None:
    pairs = list(PAIRS)
    pairs[1] = ("strained alkyne", "lowers the LUMO of the tetrazine ring by withdrawing electrons")
    report = run(options(pairs), feature="strained alkyne")
    assert codes(report) == ["unsupported_feature"]


def test_duplicate_feature() -> None:
    pairs = list(PAIRS)
    pairs[3] = ("pyridyl ring", "links its two substituents linearly and conjugates them fully")
    assert codes(run(options(pairs))) == ["duplicate_feature"]


def test_a_distractor_explaining_through_the_cause() -> None:
    pairs = list(PAIRS)
    pairs[0] = ("tert-butyl group", "twists the 2-pyridyl substituent out of conjugation")
    assert codes(run(options(pairs))) == ["distractor_names_cause"]
    assert run(options()).metrics["distractors_naming_cause"] == 0


def test_a_rejection_names_every_failure() -> None:
    pairs = list(PAIRS)
    pairs[0] = ("carboxylic acid", "might ionise")
    pairs[3] = ("pyridyl ring", "links its two substituents linearly and conjugates them fully")
    report = run(options(pairs))
    decision = report.decision("can_0000000000000002")
    assert decision.verdict is Verdict.REJECT and decision.reason == codes(report)[0]
    assert "hedging_term" in decision.detail and "duplicate_feature" in decision.detail


def test_the_hedging_list_is_the_one_list() -> None:
    assert {
        "indirect",
        "secondary",
        "partially",
        "may",
        "might",
        "possibly",
        "somewhat",
        "minor",
        "slightly",
        "could",
        "perhaps",
        "likely",
        "arguably",
    } <= set(HEDGING_TERMS)
    assert hedging_terms("It may, PERHAPS, be indirect.") == ["may", "perhaps", "indirect"]
    assert hedging_terms("mayonnaise is likelihood-free") == []


def test_the_option_rules_alone_and_the_order_failures_are_reported_in() -> None:
    from chemx.qc.anti_shortcut import check_options

    opts = options()
    opts[0] = opts[0].model_copy(update={"text": opts[0].text + " and more" * 40})
    leaking = "Which 2-pyridyl substituent explains a 14-fold faster cycloaddition?"
    # a stem rule and an option rule broken: reported in the table's order
    assert codes(run(opts, stem=leaking)) == ["length_imbalance", "stem_names_feature"]
    alone = check_options(opts, "B", effect=EFFECT, feature=FEATURE)
    assert codes(alone) == ["length_imbalance"]  # no stem, no evidence: their rules not run
    assert check_options(options(), "B", effect=EFFECT, feature=FEATURE).passed


def test_stem_not_grammatical() -> None:
    """A stem whose rewriting named two compounds 'the compound shown' is refused."""
    stem = (
        "The compound shown reacted within 1 h at 80 °C to give the compound shown (95%). "
        "Which structural feature of the molecule shown most directly explains this effect?"
    )
    report = run(options(), stem=stem)
    assert codes(report) == ["stem_not_grammatical"]
    assert "shown_twice" in report.failures[0].detail
    assert report.metrics["stem_grammar_problems"] == 1.0


def test_a_substituent_prefix_of_a_longer_name_leaks_the_feature() -> None:
    """indep7: "the hydroxyacetyl piperazine 8 dissolved ..." names the answer's hydroxyl."""
    from chemx.qc.anti_shortcut import stem_leaks

    stem = "The hydroxyacetyl piperazine 8 dissolved in phosphate buffer at 11 mg/mL."
    # 'hydroxyacetyl' spells the hydroxy prefix out too (catalogue.SUBSTITUENT_PREFIXES)
    assert stem_leaks(stem, "terminal hydroxyl") == {"hydroxyl", "hydroxyacetyl"}
    assert stem_leaks(stem, "morpholine oxygen") == set()


def test_an_option_that_names_a_compound_label() -> None:
    """indep7: the paper's wording kept a label ("... occupied by the acetamide of 1")."""
    labelled = list(PAIRS)
    labelled[1] = (
        "2-pyridyl substituent",
        "lowers the LUMO of the tetrazine ring, unlike the phenyl of 1",
    )
    args = {"effect": EFFECT, "feature": FEATURE, "evidence_text": EVIDENCE}
    report = check(STEM, options(labelled), "B", labels={"1", "4b"}, **args)
    assert codes(report) == ["option_names_label"]
    assert report.failures[0].detail == "B: 1"
    # without the paper's labels the number is not known to be one
    assert check(STEM, options(labelled), "B", **args).passed
    # a count followed by its noun is no label: "2 equivalents", "1 h"
    counted = list(PAIRS)
    counted[1] = ("2-pyridyl substituent", "lowers the LUMO of the tetrazine ring within 1 h")
    assert check(STEM, options(counted), "B", labels={"1"}, **args).passed


def test_a_misread_answer_is_refused() -> None:
    """blind-42: the cut fell inside the feature ("The to a fold excess of ... undergoes")."""
    misread = list(PAIRS)
    misread[1] = ("to an excess of the 2-pyridyl substituent", "lowers the LUMO of the ring")
    report = run(options(misread), feature=misread[1][0])
    assert codes(report) == ["answer_not_grammatical"]
    assert "feature_not_noun" in report.failures[0].detail
    assert report.metrics["answer_grammar_problems"] == 1.0
    assert run(options()).metrics["answer_grammar_problems"] == 0.0


def test_the_answer_is_judged_as_its_text_words_it() -> None:
    """blind-45: the record said 'sits', the option's text inflected it to 'sit'."""
    from chemx.qc.anti_shortcut import shown_mechanism

    feature = "steric clash between the rod-like nitrile and Phe80"
    text = f"The {feature} sit closer to the hinge; for this reason, the compound was weaker."
    option = Option(letter="A", feature=feature, mechanism="sits closer to the hinge", text=text)
    assert shown_mechanism(option) == "sit closer to the hinge"
    bare = option.model_copy(update={"text": "Something else entirely."})
    assert shown_mechanism(bare) == "sits closer to the hinge"
