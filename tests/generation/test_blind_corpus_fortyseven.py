"""Misreadings found on a forty-seventh blind corpus (KRAS G12C covalent inhibitors,
biaryl phosphines for C–N coupling, spiropyrans, neonicotinoids, redox-flow anolytes).

Written by an author who never saw the decomposition. The corpus was built at base and
with a first general check (an X–H bond the drawing lacks, `test_elements`) before its
items were read; the three readings below were then found invalid on it: a clause that
announces the explanation kept in the effect, a clause said of another compound kept in
the stem, and the receptor residue a compound meets offered as one of its groups.
"""

from __future__ import annotations

from chemx.generation.extract import Decomposition, decompose
from chemx.generation.paper_features import text_features
from chemx.generation.shown import without_unseen_references


def test_a_clause_announcing_the_explanation_is_not_the_effect() -> None:
    found = decompose(
        "The cyanomethyl analogue 2b was a further fivefold more efficient (kinact/KI = "
        "21,000 M-1 s-1), and its co-crystal structure with KRAS G12C–GDP (1.7 Å) suggests "
        "why: the nitrile nitrogen accepts a hydrogen bond from the backbone NH of Gly10, "
        "anchoring the piperazine in the reactive orientation."
    )
    assert isinstance(found, Decomposition)
    assert found.effect.endswith("more efficient (kinact/KI = 21,000 M-1 s-1)")
    assert found.feature == "nitrile nitrogen"


def test_a_clause_said_of_another_compound_leaves_the_stem() -> None:
    effect = (
        "BrettPhos delivered the monoarylated amine with >99:1 selectivity, whereas 2c gave "
        "14% of the diarylated product"
    )
    assert without_unseen_references(effect, ["2c"]) == (
        "BrettPhos delivered the monoarylated amine with >99:1 selectivity"
    )
    # a later statement after a semicolon is kept; a bare reference is still cut
    assert without_unseen_references(
        "4a gave 90%, while the amide 3b gave 20%; the rate fell", ["3b"]
    ) == ("4a gave 90%; the rate fell")
    # a comparison that needs the other compound is still refused
    assert without_unseen_references("82 K lower than that of 2a", ["2a"]) is None


def test_what_a_compound_interacts_with_is_not_its_group() -> None:
    sentence = (
        "We attribute this 2,000-fold selectivity of 1 to its nitroimine tip, whose partially "
        "negatively charged oxygen atoms interact with a cationic lysine in loop D of insect "
        "nAChR subunits, a position occupied by neutral or acidic residues."
    )
    assert [f.name for f in text_features([("s1", sentence)], ["1"])] == []
    carried = "The nitroalkene 2, with its para-methoxy group, reacted only slowly."
    assert [f.name for f in text_features([("s1", carried)], ["2"])] == ["para-methoxy group"]
