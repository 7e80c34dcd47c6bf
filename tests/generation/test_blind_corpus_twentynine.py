"""Constructions first met in blind corpus 29 (session 46), read generally."""

from __future__ import annotations

from chemx.generation.backends import table_readings
from chemx.generation.clauses import Tag, tokenise
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.shown import without_unseen_references


def test_a_coined_ise_verb_after_a_noun_head_is_the_verb() -> None:
    tags = [t.tag for t in tokenise("the styrenic vinyl group of 6 copolymerises into the network")]
    assert tags[6] is Tag.VERB
    # a noun of that shape the lexicon knows stays a noun where no object follows
    assert tokenise("the enterprises")[1].tag is Tag.WORD


def test_a_so_clause_after_a_because_clause_leaves_the_main_clause_the_effect() -> None:
    found = decompose(
        "Replacing 20 mol% of the LiTFSI with the tethered salt 6 raised tLi+ from 0.21 to "
        "0.58, because the styrenic vinyl group of 6 copolymerises into the network, so its "
        "anion cannot migrate and Li+ carries most of the current."
    )
    assert isinstance(found, Decomposition)
    assert found.effect.endswith("raised tLi+ from 0.21 to 0.58")
    assert found.feature == "styrenic vinyl group"
    assert found.mechanism.startswith("copolymerises into the network")


def test_the_tables_phrase_stands_for_the_papers_only_with_the_same_classes() -> None:
    aryl_chloride = "withdraws electron density from the ring by induction and adds lipophilic bulk"
    # "adds lipophilic bulk" is steric and lipophilic: more than the paper's shielding says
    assert table_readings(aryl_chloride, "shields the ester carbonyl from the cyanide attack") == []
    # the same class, nothing more: the table's words may stand for the paper's
    said = table_readings(aryl_chloride, "withdraws electron density inductively from C4")
    assert said and "withdraws electron density" in said


def test_a_value_against_an_unseen_compound_leaves_the_stem() -> None:
    effect = "Maize injury from the compound shown was below 5%, against 12% for 2c"
    assert without_unseen_references(effect, ["2c"]) == (
        "Maize injury from the compound shown was below 5%"
    )
