"""Items found invalid on the forty-first blind corpus, read after its unseen builds.

blind-41 (KRAS G12C acrylamides, Pd/biaryl phosphine C–N coupling, non-fullerene
acceptors, neonicotinoids, boronate β-lactamase inhibitors) was written by authors who
never saw chemx. Its invalid items read a semicolon's "we propose that ..." clause as the
effect, wrote "blues-shifting", "the only compound shown" and "The Only compound shown",
dropped "no longer" from a cause, named a protein's "cationic loop D residue" as a group
of the ligand, offered "the chlorine atoms" beside "the dichlorinated end groups", and cut
a reading down to a relative clause's second verb ("forms the six-membered ring").
"""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature
from chemx.generation.extract import Vague, decompose, not_drawn_part
from chemx.generation.feature_names import renames_as_one, same_feature
from chemx.generation.register import inflect, plain_feature, readings
from chemx.generation.shown import neutral_effect


def _read(sentence: str):  # type: ignore[no-untyped-def]
    found = decompose(sentence)
    assert not isinstance(found, Vague), found
    return found


def test_a_proposed_cause_after_a_semicolon_explains_the_first_clause() -> None:
    found = _read(
        "In contrast, the α-fluorine of 3 lengthened the glutathione half-life to 26 h while "
        "costing only a factor of two in kinact/KI; we propose that π-donation from fluorine "
        "into the alkene lowers the electrophilicity of the β-carbon toward free thiols."
    )
    assert found.feature == "α-fluorine"
    assert found.effect.startswith("lengthened the glutathione half-life to 26 h")
    assert found.mechanism == (
        "lowers the electrophilicity of the β-carbon toward free thiols through π-donation "
        "from fluorine into the alkene"
    )


def test_a_prefixed_participle_joined_to_the_first_is_made_finite_and_kept_whole() -> None:
    found = _read(
        "Conversely, the methyl groups of 2c donate electron density into the end groups, "
        "raising the LUMO to −3.79 eV and blue-shifting the absorption onset by 9 nm."
    )
    assert (
        found.effect == "raises the LUMO to −3.79 eV and blue-shifts the absorption onset by 9 nm"
    )
    joined = "raises the LUMO and blue-shifting the onset"
    assert inflect(joined, plural=False) == joined  # 'blue' is no verb of its own


def test_no_longer_belongs_to_the_mechanism() -> None:
    found = _read(
        "Deleting the chlorine of 1 gave 5, which was 25-fold weaker at the housefly site, "
        "presumably because the unsubstituted pyridine no longer fills the small hydrophobic "
        "pocket lined by loop E."
    )
    assert found.feature == "unsubstituted pyridine"
    assert found.mechanism.startswith("no longer fills the small hydrophobic pocket")
    assert not renames_as_one("unsubstituted pyridine", "3-pyridyl nitrogen")
    assert renames_as_one("pyridine", "3-pyridyl nitrogen")


def test_a_participle_after_the_group_is_its_action_before_a_noun_and_its_clause() -> None:
    found = _read(
        "Against Pseudomonas aeruginosa only 5 was effective, which we attribute to its "
        "aminoethylamino group allowing uptake through outer-membrane channels that favour "
        "cationic solutes."
    )
    assert found.feature == "aminoethylamino group"
    assert found.mechanism == (
        "allows uptake through outer-membrane channels that favour cationic solutes"
    )
    assert neutral_effect(found.effect, ["5"]) == (
        "Against Pseudomonas aeruginosa only the compound shown was effective"
    )
    assert neutral_effect("Only 5 was effective", ["5"]) == "Only the compound shown was effective"


def test_a_process_a_group_undergoes_makes_the_group_the_feature() -> None:
    found = _read(
        "Cyclization needed no separate step, since cleavage of the methyl aryl ether of 6 "
        "releases a phenol that is positioned to close onto the neighbouring boron atom and "
        "form the six-membered ring."
    )
    assert found.feature == "methyl aryl ether"
    assert found.mechanism.startswith("undergoes cleavage, which releases a phenol")
    said = readings(found.mechanism)
    assert "form the six-membered ring" not in said  # the relative clause's verb, no reading
    vague = decompose("The prodrug was inactive because oxidation at this carbon is blocked.")
    assert isinstance(vague, Vague)


def test_a_protein_residue_is_no_part_of_the_drawing_and_halogenated_names_its_halogen() -> None:
    assert not_drawn_part("cationic loop D residue")
    assert not not_drawn_part("glutamyl residue")
    assert group_for_feature("dichlorinated end groups").key == "aryl_chloride"  # type: ignore[union-attr]
    assert same_feature("chlorine atoms", "dichlorinated end groups")
    assert plain_feature("same nitromethylene group") == "nitromethylene group"


def test_where_a_comparison_was_measured_stays_with_the_effect_and_is_no_change() -> None:
    found = _read(
        "In mouse hepatocytes 3 was cleared far more slowly than 2b (CLint = 7 vs 46 μL/min "
        "per 10^6 cells), owing to the α-fluorine suppressing glutathione "
        "S-transferase-mediated conjugation at the warhead."
    )
    assert found.effect == "In mouse hepatocytes, 3 is cleared far more slowly than 2b"
    assert found.comparison is not None
    assert found.comparison.change == "α-fluorine"
    assert found.feature == "α-fluorine"


def test_a_step_that_was_not_needed_is_an_outcome_not_a_requirement() -> None:
    from chemx.generation.mcq import stem_text
    from chemx.records import ReasoningType

    stem = stem_text(
        "Cyclization needed no separate step", "clause", ReasoningType.CONDITION, "molecule"
    )
    assert stem.endswith("explains this outcome under these conditions?")
    required = stem_text(
        "The coupling required 150 °C", "clause", ReasoningType.CONDITION, "molecule"
    )
    assert required.endswith("explains why these conditions are required?")


def test_a_fluorine_of_a_drawing_with_aryl_and_vinylic_fluorines_keeps_the_papers_name() -> None:
    from chemx.generation.catalogue import attachment_siblings
    from chemx.generation.features import structure_features

    smiles = "C=C(F)C(=O)N1CCN(c2ncnc3c(F)c(-c4c(O)cccc4F)c(Cl)cc23)C[C@@H]1CC#N"
    keys = {feature.key for feature in structure_features(smiles)}
    assert {"aryl_fluoride", "vinyl_fluoride"} <= keys
    fluorine = group_for_feature("α-fluorine")
    assert fluorine is not None
    assert any(g.key in keys for g in attachment_siblings([fluorine]))  # two answers' names
    assert group_for_feature("vinylic fluorine").key == "vinyl_fluoride"  # type: ignore[union-attr]
