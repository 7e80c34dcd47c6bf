"""A stem that names the answer's group under another name is caught on the drawing."""

from __future__ import annotations

from chemx.generation.stem_leak import cause_named_in_stem

APTAMINE = "O=C(c1ccc(N2CCOCC2)cc1)C(C)(C)N(C)C"  # an α-aminoketone with a para-morpholino ring


def test_the_cause_named_by_its_own_entry_or_a_related_one() -> None:
    assert (
        cause_named_in_stem("The nitro group was reduced fastest", "nitro group", None) == "nitro"
    )
    # the entry the cause spells out inside a long word
    assert (
        cause_named_in_stem("The trifluoromethyl group raised log D by 0.8", "CF3 group", None)
        is not None
    )


def test_the_same_atoms_under_another_name() -> None:
    # "dialkylamino" on the drawn ring is the morpholine's nitrogen
    assert (
        cause_named_in_stem(
            "The dialkylamino ketone absorbs at 365 nm", "para-morpholino donor", APTAMINE
        )
        is not None
    )


def test_a_stem_naming_another_group_or_none_passes() -> None:
    assert (
        cause_named_in_stem("The compound shown absorbs at 365 nm", "morpholino", APTAMINE) is None
    )
    assert (
        cause_named_in_stem("The ketone absorbs at 365 nm", "para-morpholino donor", APTAMINE)
        is None
    )
    assert cause_named_in_stem("The yield fell to 20%", "aryl ring", None) is None


def test_a_related_but_distinct_group_is_no_leak() -> None:
    # the sample's benzyl ester leaves the carbonate ring intact: two groups, both esters
    stem = "leaves the sensitive carbonate ring intact during deprotection"
    assert cause_named_in_stem(stem, "benzyl ester", "O=C(OCc1ccccc1)C1COC(=O)O1") is None
