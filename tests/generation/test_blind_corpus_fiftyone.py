"""Misreadings found on a fifty-first blind corpus (fluoroquinolones, ROS probes, PROTAC
linkers, ionic-liquid electrolytes, liquid-crystal mesogens).

Written by an author who never saw the decomposition; built at base (204e1ae), at the
commit frozen after blind-50's seen fixes (with the same 17 items as base) and at the
commit frozen after blind-50's unseen fixes (18 items), before its items were read. The
rules below come from its invalid items: a group named by where it sits read as what it
does, a label removed from a verb that needs its object, a multiplied prefix too short to
be read by its parts, and a change's product in parentheses that did not own the effect.
"""

from __future__ import annotations

from chemx.generation.explanations import paper_explanations
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.owners import effect_owners, foreign_effect_owners
from chemx.generation.register import without_labels
from chemx.generation.stem_leak import cause_named_in_stem


def test_a_group_named_by_where_it_sits_keeps_its_place_and_the_relative_clause_acts() -> None:
    found = decompose(
        "Unlike 4-methylumbelliferone, 1 is fully emissive at pH 7.4, thanks to the two "
        "fluorines flanking the hydroxy group, which lower the phenol pKa to 4.9 and keep the "
        "dye in its strongly fluorescent phenolate form."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "two fluorines flanking the hydroxy group"
    assert found.mechanism.startswith("lower the phenol pKa to 4.9")


def test_a_label_that_is_what_a_reaction_releases_becomes_the_product() -> None:
    assert without_labels("converts into a quinone imine that hydrolyses to release 1.", ["1"]) == (
        "converts into a quinone imine that hydrolyses to release the product."
    )
    assert without_labels("hydrolysis releases 1 within seconds", ["1"]) == (
        "hydrolysis releases the product within seconds"
    )


def test_a_multiplied_prefix_in_the_stem_names_the_answers_group() -> None:
    mesogen = "CCCCCc1ccc(-c2ccc(-c3ccc(CCC)cc3)c(F)c2F)cc1"
    effect = "The 2',3'-difluoro substitution of the compound shown gives a negative anisotropy"
    assert cause_named_in_stem(effect, "two adjacent C–F dipoles", mesogen) == "aryl_fluoride"


def test_the_compound_a_change_made_owns_the_effect() -> None:
    sentence = (
        "Methylating the distal piperazine nitrogen (3b) reduced the efflux ratio to 4, "
        "presumably because the more lipophilic tertiary amine is a poorer substrate for "
        "NorA, a transporter that preferentially exports hydrophilic quinolones."
    )
    found = decompose(sentence)
    assert isinstance(found, Decomposition)
    assert effect_owners(found) == ("3b",)
    assert foreign_effect_owners(found, ["4"], sentence) == ["3b"]


def test_a_change_made_to_a_group_is_not_lent_as_what_it_does() -> None:
    sentences = [
        (
            "s1",
            "Direct borylation of the coumarin accelerated the response but compromised "
            "hydrolytic stability, whereas an ortho fluorine on the benzylic carrier gave a "
            "faster and stable probe, 2c.",
        )
    ]
    assert paper_explanations(sentences, {"s1"}) == ()


def test_a_sentence_adverb_of_degree_is_not_part_of_the_effect() -> None:
    found = decompose(
        "More seriously, 2b lost 30% of its boronate by protodeboronation within 6 h in "
        "buffer, presumably because the two ortho fluorines stabilise the developing aryl "
        "anion in base-promoted C–B bond cleavage."
    )
    assert isinstance(found, Decomposition)
    assert found.effect == "2b lost 30% of its boronate by protodeboronation within 6 h in buffer"


def test_a_cause_whose_subject_is_a_property_of_the_effects_subject_is_that_subjects() -> None:
    decomposed = decompose(
        "The inner-ring fluorine of 2c proved far more destructive, no mesophase being "
        "observed even on supercooling to −20 °C, presumably because its steric clash with "
        "the ortho hydrogens of the neighbouring ring twists the biphenyl by about 50° and "
        "so shortens the effective rigid core."
    )
    assert isinstance(decomposed, Decomposition), decomposed
    assert decomposed.feature == "inner-ring fluorine"
    assert decomposed.mechanism.startswith(
        "has a steric clash with the ortho hydrogens of the neighbouring ring, which twists"
    )
    placed = decompose(
        "Placing isopropyl groups at the reactive carbons raised the cycloreversion quantum "
        "yield of 2c tenfold, because their steric repulsion stretches the central C–C bond."
    )
    assert isinstance(placed, Decomposition), placed
    assert placed.feature == "isopropyl groups at the reactive carbons"
    assert placed.mechanism == "have a steric repulsion, which stretches the central C–C bond"
    # a possessive cause about a group is read as before
    grouped = decompose(
        "3b was twice as potent, because its methoxy group accepts a hydrogen bond from Lys72."
    )
    assert isinstance(grouped, Decomposition), grouped
    assert grouped.feature == "methoxy group"
