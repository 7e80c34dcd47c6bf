"""ChemPro-style scoring on the fixture parquet files: every metric against a hand count."""

from __future__ import annotations

import pytest

from chemx.evaluation.chempro import (
    ChemProError,
    load_chempro,
    read_outputs,
    relative_error,
    score_chempro,
    within_symmetric_tolerance,
    within_tolerance,
)
from chemx.evaluation.chempro_extract import extract_letter, extract_number, final_answer_field
from tests.evaluation.fixtures import CHEMPRO


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("SOLUTION: c = n/V.\nFINAL ANSWER: 2.5 × 10^-3 mol L^-1", 0.0025),
        ("FINAL ANSWER: 2.5x10^-3 M", 0.0025),
        ("FINAL ANSWER: 2.5 X 10^-3", 0.0025),
        ("FINAL ANSWER: $2.5 \\times 10^{-3}\\,\\text{mol L}^{-1}$", 0.0025),
        ("FINAL ANSWER: 2.5 \\cdot 10^{-3}", 0.0025),
        ("FINAL ANSWER: 2.5·10⁻³ M", 0.0025),
        ("FINAL ANSWER: 2.5e-3", 0.0025),
        ("FINAL ANSWER: 6.022E+23 mol^-1", 6.022e23),
        ("FINAL ANSWER: 3 x 10^(\u22124)", 0.0003),
        ("FINAL ANSWER: 10^-3 M", 0.001),
        ("FINAL ANSWER: 1,234.5 J", 1234.5),
        ("FINAL ANSWER: 1,358 J", 1358.0),
        ("**FINAL ANSWER:** \u22123.5 kJ", -3.5),
        ("FINAL ANSWER:\n\n$$ 0.25 $$", 0.25),
        ("FINAL ANSWER: the mass of CO2 is 44 g", 44.0),
        ("final answer: 7.00", 7.0),
        ("Therefore \\boxed{3.14}", 3.14),
        ("SOLUTION first.\nFINAL ANSWER: 1\nFINAL ANSWER: 2", 2.0),
        ("The answer is seven.", None),
        ("FINAL ANSWER: none of these", None),
        (None, None),
    ],
)
def test_numerical_final_answer(text, value) -> None:
    assert extract_number(text) == value


@pytest.mark.parametrize(
    ("text", "letter"),
    [
        ("FINAL ANSWER: (B)", "B"),
        ("FINAL ANSWER: **B**", "B"),
        ("FINAL ANSWER:\nB", "B"),
        ("FINAL ANSWER: Option C", "C"),
        ("FINAL ANSWER: B) ethanol", "B"),
        ("FINAL ANSWER: C6H6 is formed, so (A)", "A"),
        ("FINAL ANSWER: \\boxed{D}", "D"),
        ("I think it is D.", None),
        ("FINAL ANSWER: a", None),
    ],
)
def test_letter_final_answer(text, letter) -> None:
    assert extract_letter(text) == letter


def test_the_field_is_the_first_line_after_the_last_heading() -> None:
    assert final_answer_field("FINAL ANSWER: 1 g\nmore\nFINAL ANSWER:\n  **2 g**\n") == "2 g"
    assert final_answer_field("x\n## FINAL ANSWER\n\n- 4.2 g\n") == "4.2 g"


def test_loading_the_fixture_folder() -> None:
    mcq = load_chempro(CHEMPRO, "mcq", ("easy", "difficult"))
    assert [q.id for q in mcq] == [
        "mcq-e1", "mcq-e2", "mcq-e3", "mcq-e4", "mcq-d1", "mcq-d2", "mcq-d3", "mcq-d4",
    ]  # fmt: skip
    assert mcq[2].subfields == ("Organic", "Physical") and mcq[2].answer == "C"
    assert mcq[0].choices == ("choice A", "choice B", "choice C", "choice D")
    numerical = load_chempro(CHEMPRO, "numerical", ("easy", "difficult"))
    assert (numerical[0].answer_value, numerical[0].answer_unit) == (0.0025, "mol L^-1")
    with pytest.raises(ChemProError, match="no mcq parquet for tier medium"):
        load_chempro(CHEMPRO, "mcq")  # the fixture has no medium tier
    assert load_chempro(CHEMPRO / "data", "mcq", ("easy",))[0].id == "mcq-e1"  # Hub's data/


def test_mcq_scores() -> None:
    questions = load_chempro(CHEMPRO, "mcq", ("easy", "difficult"))
    result = score_chempro(questions, read_outputs(CHEMPRO / "outputs" / "mcq.jsonl"))
    # predicted: e1 A, e2 B, e3 B, e4 none | d1 C, d2 B, d3 B, d4 A
    overall = result.overall
    assert overall.predictions == {
        "mcq-e1": "A", "mcq-e2": "B", "mcq-e3": "B", "mcq-e4": None,
        "mcq-d1": "C", "mcq-d2": "B", "mcq-d3": "B", "mcq-d4": "A",
    }  # fmt: skip
    assert overall.overall_accuracy == 4 / 8
    # A: e1 right, d1 wrong; B: e2 d2 d3 right; C: e3 d4 wrong; D: e4 wrong
    assert overall.option_wise_accuracy == {"A": 0.5, "B": 1.0, "C": 0.0, "D": 0.0}
    assert overall.answer_correlation == {
        "A": {"A": 1, "B": 0, "C": 1, "D": 0, "none": 0},
        "B": {"A": 0, "B": 3, "C": 0, "D": 0, "none": 0},
        "C": {"A": 1, "B": 1, "C": 0, "D": 0, "none": 0},
        "D": {"A": 0, "B": 0, "C": 0, "D": 0, "none": 1},
    }
    assert list(result.tiers) == ["easy", "difficult"]
    easy, difficult = result.tiers["easy"], result.tiers["difficult"]
    assert (easy.overall_accuracy, difficult.overall_accuracy) == (0.5, 0.5)
    assert easy.option_wise_accuracy == {"A": 1.0, "B": 1.0, "C": 0.0, "D": 0.0}
    assert difficult.option_wise_accuracy == {"A": 0.0, "B": 1.0, "C": 0.0}
    # Organic: e2 right, e3 wrong, d4 wrong; Physical: e1 right, e3 wrong, d2 right
    assert result.subfields["Organic"].overall_accuracy == pytest.approx(1 / 3)
    assert result.subfields["Physical"].overall_accuracy == pytest.approx(2 / 3)
    assert result.subfields["Bio-Chemistry"].overall_accuracy == 1.0
    assert result.missing == ()


def test_numerical_scores() -> None:
    questions = load_chempro(CHEMPRO, "numerical", ("easy", "difficult"))
    result = score_chempro(questions, read_outputs(CHEMPRO / "outputs" / "numerical.jsonl"))
    overall = result.overall
    assert overall.predictions == {
        "num-e1": 0.0025, "num-e2": 110.5, "num-e3": 90.0, "num-e4": -3.5,
        "num-d1": 6.022e23, "num-d2": 1358.0, "num-d3": None,
    }  # fmt: skip
    assert (overall.questions, overall.parsed) == (7, 6)
    # exact: e1, e4, d1
    assert overall.exact_match == pytest.approx(3 / 7)
    # |ŷ − y| <= 0.1|y|: e1 e3 (10 <= 10) e4 d1; not e2 (10.5 > 10), d2 (123.5 > 123.45)
    assert overall.tolerance_accuracy == pytest.approx(4 / 7)
    # <= 0.1(|y| + |ŷ|)/2: e1 e2 (10.5 <= 10.525) e4 d1 d2 (123.5 <= 129.625); not e3 (10 > 9.5)
    assert overall.symmetric_tolerance_accuracy == pytest.approx(5 / 7)
    assert overall.mean_absolute_error == pytest.approx((0 + 10.5 + 10 + 0 + 0 + 123.5) / 6)
    assert overall.mean_relative_error == pytest.approx(
        (10.5 / 210.5 + 10 / 190 + 123.5 / 2592.5) / 6
    )
    easy, difficult = result.tiers["easy"], result.tiers["difficult"]
    assert (easy.exact_match, easy.tolerance_accuracy, easy.symmetric_tolerance_accuracy) == (
        0.5, 0.75, 0.75,
    )  # fmt: skip
    assert easy.mean_absolute_error == pytest.approx(20.5 / 4)
    assert difficult.tolerance_accuracy == pytest.approx(1 / 3)
    assert difficult.symmetric_tolerance_accuracy == pytest.approx(2 / 3)
    assert (difficult.parsed, difficult.mean_absolute_error) == (2, pytest.approx(61.75))
    assert result.subfields["Inorganic"].exact_match == 0.5  # e3 no, e4 yes


def test_metric_definitions() -> None:
    assert within_tolerance(90, 100) and not within_tolerance(110.5, 100)
    assert within_symmetric_tolerance(110.5, 100) and not within_symmetric_tolerance(90, 100)
    assert within_tolerance(0.0, 0.0) and relative_error(0.0, 0.0) == 0.0
    assert relative_error(-1.0, 1.0) == 1.0


def test_missing_outputs_and_mixed_types(tmp_path) -> None:
    questions = load_chempro(CHEMPRO, "mcq", ("easy",))
    result = score_chempro(questions, {"mcq-e1": "FINAL ANSWER: A"})
    assert result.missing == ("mcq-e2", "mcq-e3", "mcq-e4")
    assert result.overall.overall_accuracy == 0.25
    numerical = load_chempro(CHEMPRO, "numerical", ("easy",))
    with pytest.raises(ValueError, match="separately"):
        score_chempro([*questions, *numerical], {})
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "output": "FINAL ANSWER: A"}\n{"id": "y"}\n', encoding="utf-8")
    with pytest.raises(ChemProError, match=r"bad\.jsonl:2"):
        read_outputs(bad)
