"""Items found invalid on the forty-second blind corpus, read after its unseen builds.

blind-42 (JAK1 inhibitors, thiourea organocatalysts, amine-appended MOF linkers, SDHI
carboxamides, biased μ-opioid agonists) was written by authors who never saw chemx. Its
invalid items read a procedure ("Slow addition of 3 to a 10-fold excess of ...") as a
cause, wrote "One structural change group (6b) cost 12-fold", "The compound shown
abolished activity" for "N-Methylation abolished activity" and "The compound shown only
35% conversion was reached", and offered "the 1,4-phenylene ring links its two
substituents linearly" beside "the para aryloxy group extends the molecule in a straight
line".
"""

from __future__ import annotations

from chemx.generation.extract import Vague, decompose
from chemx.generation.mcq import subject_free_effect
from chemx.generation.overlap import placed_rings
from chemx.generation.shown import neutral_effect


def test_a_compound_and_where_it_was_added_is_no_feature() -> None:
    found = decompose(
        "Slow addition of 3 to a 10-fold excess of ethylenediamine in THF at 0 °C gave the "
        "diester 5 in 81% yield with less than 3% of the bis-alkylated by-product."
    )
    assert isinstance(found, Vague)


def test_a_gerund_subject_runs_to_its_singular_or_past_verb() -> None:
    said = neutral_effect(
        "Removing the methoxy group (6b) cost 12-fold in G protein potency", ["1"]
    )
    stem = subject_free_effect(said, "clause", "methoxy group", "molecule")
    assert stem == "One structural change cost 12-fold in G protein potency"


def test_a_change_that_adds_a_group_is_a_change_not_the_compound() -> None:
    stem = subject_free_effect(
        "N-Methylation abolished activity", "clause", "N-methyl amide", "molecule"
    )
    assert stem == "One structural change abolished activity"
    assert subject_free_effect("Oxidation of 2 was fast", "clause", "thioether", "molecule") == (
        "Oxidation of 2 was fast"
    )


def test_a_fronted_phrase_with_the_label_is_the_setting_of_the_clause() -> None:
    said = neutral_effect(
        "with the phenyl thiourea 2b only 35% conversion was reached after 24 h", ["2b"]
    )
    assert said == "With the thiourea shown, only 35% conversion was reached after 24 h"
    assert neutral_effect("With 10a and L2, arylation occurs at C6", ["10a"]).startswith(
        "With the compound shown and L2"
    )


def test_a_placed_group_makes_its_ring_pattern_no_distractor() -> None:
    assert placed_rings("para aryloxy group") == {"para_phenylene"}
    assert placed_rings("2-methoxyphenyl ring") == {"ortho_phenylene"}
    assert placed_rings("3-cyclopropyl group") == set()  # not a benzene ring's place
    assert placed_rings("trans-1,3-disubstituted cyclobutane") == set()


def test_a_head_before_next_to_sets_the_number() -> None:
    from chemx.generation.feature_names import is_plural

    assert is_plural("NH protons next to an unsubstituted phenyl ring")
    assert not is_plural("methyl group next to the amides")
