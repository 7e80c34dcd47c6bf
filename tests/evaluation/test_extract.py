"""The answer-extraction chain: one case per rule, and what must not parse."""

from __future__ import annotations

import pytest

from chemx.evaluation.extract import EXTRACTION_CHAIN, Extraction, extract_answer


@pytest.mark.parametrize(
    ("text", "letter", "rule"),
    [
        ("The CF2H group donates a hydrogen bond.\nFINAL ANSWER: (B)", "B", "final_answer"),
        ("FINAL ANSWER: B", "B", "final_answer"),
        ("final answer: **C**", "C", "final_answer"),
        ("Final Answer - D.", "D", "final_answer"),
        ("My final answer is A", "A", "final_answer"),
        ("FINAL ANSWER: B\n...on reflection...\nFINAL ANSWER: C", "C", "final_answer"),
        ("so the result is $\\boxed{D}$", "D", "boxed"),
        ("Answer: (A)", "A", "answer_colon"),
        ("**Answer:** option C", "C", "answer_colon"),
        ("Therefore the answer is B.", "B", "the_answer_is"),
        ("The correct option is (D)", "D", "the_answer_is"),
        ("the best choice would be A, since", "A", "the_answer_is"),
        ("Weighing the four options...\n\n**C**\n", "C", "lone_letter"),
        ("B", "B", "lone_letter"),
        ("(A)", "A", "lone_letter"),
        ("D. The thiophene ring extends conjugation", "D", "leading_letter"),
        ("I would go with option B; option B fits.", "B", "option_named"),
    ],
)
def test_each_rule_reads_its_form(text, letter, rule):
    assert extract_answer(text) == Extraction(letter, rule)


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "   ",
        "I cannot determine this from the image.",
        "the answer is a mixture of effects",  # lower-case "a" is a word, not an option
        "Answer: As discussed above",  # "As" is not "A"
        "FINAL ANSWER: E",
        "option A or option B could both apply",  # looser rule: letters must agree
        "Among A, B and C, the ring strain matters most",
    ],
)
def test_what_names_no_single_option_is_unparseable(text):
    assert extract_answer(text) == Extraction(None, None)


def test_a_reasoning_models_hidden_deliberation_is_not_its_answer():
    text = "<think>the answer is A... no wait</think>\nThe answer is C."
    assert extract_answer(text) == Extraction("C", "the_answer_is")
    assert extract_answer("<think>FINAL ANSWER: B</think>") == Extraction("B", "final_answer")


def test_strict_rules_win_over_looser_ones():
    text = "Option A is tempting, the answer is B.\nFINAL ANSWER: D"
    assert extract_answer(text) == Extraction("D", "final_answer")


def test_the_chain_is_data_and_can_be_shortened():
    names = [rule.name for rule in EXTRACTION_CHAIN]
    assert names[0] == "final_answer" and len(names) == len(set(names))
    assert extract_answer("Answer: (A)", chain=EXTRACTION_CHAIN[:1]) == Extraction(None, None)
