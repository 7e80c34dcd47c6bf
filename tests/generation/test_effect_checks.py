"""Effects that state no observation, verdict tails, run-on mechanisms and process
subjects: the four kinds of invalid item left after blind corpus 13's mends.

"..., and its thioether sulfur bridge is probably responsible: by promoting intersystem
crossing it supplies a long-lived triplet ..." gave the stem "One structural feature is
probably responsible." and an answer with two clauses and no word joining them;
"N-Demethylation to M1 accounted for roughly 60% of turnover, which is unsurprising: ..."
gave "The compound shown accounted for roughly 60% of turnover, which is unsurprising."
"""

from __future__ import annotations

import pytest

from chemx.generation.clauses import tokenise
from chemx.generation.effect_checks import not_an_observation, without_evaluation
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.mcq import subject_free_effect
from chemx.generation.stem_wording import process_subject
from tests._helpers import template_answer


@pytest.mark.parametrize(
    "effect",
    [
        "is probably responsible",
        "was the likely culprit",
        "may be responsible for this",
        "appears to be the main reason",
    ],
)
def test_a_claim_of_responsibility_is_no_observation(effect: str) -> None:
    assert not_an_observation(effect) is not None


@pytest.mark.parametrize(
    "effect",
    [
        "is responsible for the tenfold loss of potency",
        "raised the yield to 91%",
        "Compound 3a was the most active inhibitor of the series",
    ],
)
def test_an_effect_with_content_is_an_observation(effect: str) -> None:
    assert not_an_observation(effect) is None


def test_the_responsible_cause_sentence_is_refused_not_asked() -> None:
    result = decompose(
        "Phenothiazine 3a outperformed 3d (74% vs 52%), and its thioether sulfur bridge is "
        "probably responsible: by promoting intersystem crossing it supplies a long-lived "
        "triplet that survives long enough to encounter the substrate."
    )
    assert isinstance(result, Vague)
    assert result.reason == "no_effect"


def test_the_authors_verdict_leaves_the_effect() -> None:
    result = decompose(
        "N-Demethylation to M1 accounted for roughly 60% of turnover, which is unsurprising: "
        "the N-methylpiperazine of 1a presents an electron-rich α-C–H bond next to a basic "
        "nitrogen, the classical substrate for single-electron oxidation by CYP3A4."
    )
    assert isinstance(result, Decomposition)
    assert result.effect == "N-Demethylation to M1 accounted for roughly 60% of turnover"
    assert without_evaluation("gave 40% ee, which is consistent with a looser pocket") == (
        "gave 40% ee"
    )
    assert without_evaluation("gave 40% ee, which favours the S product") == (
        "gave 40% ee, which favours the S product"
    )


def test_a_pronoun_opening_a_second_clause_is_a_run_on() -> None:
    run_on = decompose(
        "Ligand 3a gave the highest yield because its sulfur bridge promotes intersystem "
        "crossing it supplies a long-lived triplet."
    )
    joined = decompose(
        "Ligand 3a gave the highest yield because its sulfur bridge promotes intersystem "
        "crossing, which supplies a long-lived triplet."
    )
    reduced_relative = decompose(
        "Inhibitor 7 binds tightly because its morpholine ring stabilises the conformation "
        "it adopts in the pocket."
    )
    assert isinstance(run_on, Vague)
    assert isinstance(joined, Decomposition)
    assert isinstance(reduced_relative, Decomposition)


@pytest.mark.parametrize(
    ("subject", "process"),
    [
        ("N-Demethylation to M1", True),
        ("The metabolic N-demethylation to M1", True),  # the head, not the first word
        ("Hydrolysis of the ester", True),
        ("Iodination at the same positions (2)", False),  # the change that made it
        ("The trifluoromethyl analogue", False),
    ],
)
def test_a_process_subject_is_told_from_a_compound(subject: str, process: bool) -> None:
    assert process_subject(tokenise(subject)) is process


def test_a_process_subject_stays_in_the_stem() -> None:
    effect = "N-Demethylation to M1 accounted for roughly 60% of turnover"
    assert subject_free_effect(effect, "clause", "N-methylpiperazine", "molecule") == effect


def test_the_answer_keeps_the_papers_action_when_the_table_says_less() -> None:
    smiles = "COc1cccc(-c2ccnc(Nc3ccc(N4CCN(C)CC4)cc3)n2)c1"
    sentence = (
        "N-Demethylation to M1 accounted for roughly 60% of the turnover of 1a, which is "
        "unsurprising: the N-methylpiperazine of 1a presents an electron-rich α-C–H bond next "
        "to a basic nitrogen, the classical substrate for oxidation by CYP3A4."
    )
    answer = template_answer("1a", smiles, sentence)
    assert "electron-rich" in answer.text, answer.text  # the paper's claim
    assert "protonated" not in answer.text, answer.text  # the table's, which shares 'basic'


def test_the_table_stands_for_an_action_whose_verb_it_says() -> None:
    smiles = "OC(=O)Cc1ccc(OC)cc1"
    sentence = (
        "Because the carboxylic acid of 1 must be deprotonated before it can be oxidised by "
        "excited 4, no product formed without Cs2CO3."
    )
    answer = template_answer("1", smiles, sentence)
    assert "excited 4" not in answer.text, answer.text  # the table's wording, no label
