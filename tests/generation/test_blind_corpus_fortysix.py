"""What the forty-sixth blind corpus showed, read after its unseen builds.

blind-46 (BRD4 PROTACs, Ir-catalysed C–H borylation, caged fluoresceins, pyrethroids,
carbazole hole-transport materials) was written by authors who never saw chemx and built
at session 51's frozen commit before it was read. Among its invalid items: "the so
compound shown can be uncaged" (', so 2b can be uncaged' read 'so' as the label's
modifier), an item on 2a whose stem said what "also made 2b the least stable compound",
and "The compound shown, which lacks the α-cyano group of 3a, was 11-fold less toxic",
a stem that names the structural difference it asks about.
"""

from __future__ import annotations

from chemx.generation.shown import neutral_effect, without_unseen_references
from chemx.generation.stem_wording import without_lacking_clause


def test_a_connective_before_a_label_is_no_modifier() -> None:
    effect = "the maximum shifts to 346 nm, so 2b can be uncaged with the 405 nm laser"
    assert neutral_effect(effect, ["2b"]) == (
        "the maximum shifts to 346 nm, so the compound shown can be uncaged with the 405 nm laser"
    )
    assert neutral_effect("intact 2c was recovered", ["2c"]).startswith("The intact compound")


def test_an_effect_said_of_a_compound_not_shown_is_refused() -> None:
    made = "also made 2b the least stable compound in human liver microsomes"
    assert without_unseen_references(made, ["2b"]) is None
    assert without_unseen_references("gave 3 in 97% ee", ["3"]) == "gave 3 in 97% ee"


def test_a_relative_clause_that_gives_the_structure_leaves_the_stem() -> None:
    effect = "3c, which lacks the α-cyano group of 3a, was 11-fold less toxic"
    assert without_lacking_clause(effect) == "3c was 11-fold less toxic"
    kept = "3c, which was made in two steps, was 11-fold less toxic"
    assert without_lacking_clause(kept) == kept
