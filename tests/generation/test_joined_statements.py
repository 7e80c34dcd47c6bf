"""Decomposition of explanations joined to another statement, and of subjects with asides.

Found on a fourth independently written corpus, read blind: the explanation sits after a
colon or in the second of two joined statements, the subject carries a parenthetical
aside or an adverbial with no comma, and a mechanism may break off inside a 'how' clause
or run into a second statement about another compound.
"""

from __future__ import annotations

import pytest

from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.register import readings
from tests._helpers import decomposed as _decomposed


def test_the_structure_after_a_colon_explains_the_observation_before_it() -> None:
    result = _decomposed(
        "Without its nitro group, the urea 3e gave only 20% yield: the electron-poor "
        "4-nitrophenyl ring of 3a acidifies the adjacent N–H and strengthens the hydrogen "
        "bond to the substrate."
    )
    assert result.connective == "colon"
    assert result.feature == "electron-poor 4-nitrophenyl ring"
    assert result.mechanism.startswith("acidifies the adjacent N–H")
    assert "20% yield" in result.effect


def test_the_explanation_may_be_the_second_of_two_joined_statements() -> None:
    result = _decomposed(
        "Metabolite profiling of 8a showed benzylic hydroxylation as the main route, and "
        "the gem-dimethyl group of 8b, which removes both benzylic hydrogens, lowered "
        "clearance five-fold."
    )
    assert result.feature == "gem-dimethyl group"
    assert "benzylic hydrogens" in result.mechanism
    assert "clearance" in result.effect


def test_a_parenthetical_aside_or_an_adverbial_leaves_the_subject() -> None:
    aside = _decomposed(
        "The thiourea 2b gave only 40% ee, which we ascribe to the weaker acidity of the "
        "urea group (its pKa in DMSO is several units higher), making it a poorer donor."
    )
    assert "(" not in aside.feature and "urea" in aside.feature
    adverbial = _decomposed(
        "In 5b the 1,7-dimethyl groups collide with the ortho hydrogens of the phenyl ring, "
        "so that rotation is blocked and the quantum yield rises to 0.6."
    )
    assert adverbial.feature == "1,7-dimethyl groups"


def test_a_mechanism_never_breaks_off_in_a_how_clause_or_runs_into_another_statement() -> None:
    broken = decompose(
        "The 3,4-dichlorophenyl ring of 9c shows how strongly lipophilicity drives clearance "
        "here: logD rose to 4.0, presumably reflecting tighter binding to CYP3A4."
    )
    assert not (isinstance(broken, Decomposition) and broken.mechanism.endswith("lipophilicity"))
    joined = _decomposed(
        "The ortho-methyl groups of 4c raise the quantum yield ten-fold relative to 4a by "
        "blocking aryl rotation, and a styryl donor shifts the emission of 4f beyond 700 nm."
    )
    assert "styryl" not in joined.mechanism and "4f" not in joined.mechanism


def test_a_shorter_reading_never_ends_inside_an_aside() -> None:
    found = readings("are 2.7 Å apart (compared with 2.1 Å in a thiourea), which fits the nitro")
    assert all(r.count("(") == r.count(")") for r in found)


@pytest.mark.parametrize(
    "sentence",
    [
        "Conditions: the reaction was run in THF at 60 °C for 12 h.",
        "Yields: 4a, 82%; 4b, 75%; 4c, 64%.",
    ],
)
def test_a_colon_before_a_procedure_or_a_list_is_no_explanation(sentence: str) -> None:
    assert isinstance(decompose(sentence), Vague)


def test_a_replacement_may_name_the_first_compound_by_its_class_and_the_second_in_brackets() -> (
    None
):
    result = _decomposed(
        "Replacing the carboxylic acid of the zwitterion 7a by a tetrazole ring (7b) cut "
        "clearance four-fold because the tetrazole cannot form a reactive acyl glucuronide."
    )
    assert result.comparison is not None
    assert (result.comparison.from_label, result.comparison.to_label) == ("7a", "7b")
    assert result.feature == "tetrazole"


def test_how_a_substrate_fared_is_no_mechanism() -> None:
    result = decompose(
        "Substrates bearing a vinyl group (3o,p) also performed well under the standard "
        "conditions and led to the products 4o and 4p in good yields, 70 and 62%."
    )
    assert isinstance(result, Vague) and result.reason == "no_mechanism"


def test_a_participle_after_the_nominal_cause_stays_whole() -> None:
    result = _decomposed(
        "The urea 2c gave only 45% ee, which we ascribe to the weaker acidity of the urea "
        "group (its pKa is several units higher), making it a poorer hydrogen-bond donor "
        "toward the nitro group."
    )
    assert result.feature == "urea group"
    assert result.mechanism.endswith(
        "making it a poorer hydrogen-bond donor toward the nitro group"
    )
