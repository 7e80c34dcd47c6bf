"""Constructions first met in blind corpus 29 (session 46), read generally."""

from __future__ import annotations

from chemx.generation.clauses import Tag, tokenise
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.lexicon import mechanism_classes
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


def test_the_tables_phrase_says_more_than_the_papers_when_it_adds_a_class() -> None:
    # why `TemplateGenerator.write_mcq` keeps "shields the ester carbonyl from cyanide
    # attack" instead of the aryl chloride's "adds lipophilic bulk": only a reading of
    # the same classes may stand for the paper's action
    assert mechanism_classes("shields the ester") == {"steric"}
    assert mechanism_classes("adds lipophilic bulk") == {"steric", "lipophilicity"}
    assert mechanism_classes("lowers the LUMO") == mechanism_classes("withdraws electron density")


def test_a_value_against_an_unseen_compound_leaves_the_stem() -> None:
    effect = "Maize injury from the compound shown was below 5%, against 12% for 2c"
    assert without_unseen_references(effect, ["2c"]) == (
        "Maize injury from the compound shown was below 5%"
    )
