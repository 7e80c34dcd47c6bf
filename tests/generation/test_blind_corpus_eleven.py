"""Readings found missing on an eleventh blind corpus (fluoroquinolones, acridinium
photocatalysts, HDAC inhibitors, non-fullerene acceptors, Rh/bisphosphine hydrogenation,
ester prodrugs), written by an author who never saw the decomposition.

An absolute clause that renames the observation's structural subject ("A second nitro
group gave a further shift, the extra acceptor withdrawing ...") was left unread, and so
was one after an observation opened by its group ("With tert-butyl groups at C3 and C6,
2b survived ..., the bulky groups occupying ..."); an operation that adds a group
("Adding a thiophene at C5") now names the group it adds.
"""

from __future__ import annotations

import pytest

from chemx.generation.extract import Decomposition, Vague, decompose
from tests._helpers import decomposed as _read


@pytest.mark.parametrize(
    ("sentence", "feature", "effect", "mechanism"),
    [
        (
            "A second nitro group (7) gave a further 38 nm shift, the extra acceptor "
            "withdrawing more electron density from the azo nitrogen.",
            "second nitro group",
            "gave a further 38 nm shift",
            "withdraws more electron density from the azo nitrogen",
        ),
        (
            "Adding a thiophene at C5 of the anilide ring (6b) made the compound 40-fold "
            "selective for HDAC1 over HDAC3, the thienyl group reaching the back of the foot "
            "pocket.",
            "thiophene at C5 of the anilide ring",
            "made the compound 40-fold selective for HDAC1 over HDAC3",
            "reaches the back of the foot pocket",
        ),
        (
            "With tert-butyl groups at C3 and C6, 2b survived more than 48 h of irradiation, "
            "the bulky groups occupying the positions where the radical couples.",
            "tert-butyl groups at C3 and C6",
            "2b survived more than 48 h of irradiation",
            "occupy the positions where the radical couples",
        ),
    ],
)
def test_an_absolute_clause_that_renames_the_observed_group(
    sentence: str, feature: str, effect: str, mechanism: str
) -> None:
    """The clause's subject points back: the named group is the feature, not a second one."""
    found = _read(sentence)
    assert (found.feature, found.effect, found.mechanism) == (feature, effect, mechanism)
    assert found.connective == "absolute"


@pytest.mark.parametrize(
    ("sentence", "feature", "effect_start"),
    [
        # a compound label as the subject names no group: the clause's subject is the feature
        (
            "2b survived more than 48 h of irradiation, the bulky groups occupying the "
            "positions where the radical couples.",
            "bulky groups",
            "2b survived",
        ),
        # 'With 5 mol% of catalyst' is a condition, not the feature
        (
            "With 5 mol% of catalyst, 2b gave 90% yield, the ortho-methyl groups shielding "
            "the metal centre.",
            "ortho-methyl groups",
            "With 5 mol% of catalyst",
        ),
    ],
)
def test_an_absolute_clause_without_a_named_group_before_it_keeps_its_own_subject(
    sentence: str, feature: str, effect_start: str
) -> None:
    found = _read(sentence)
    assert found.feature == feature and found.effect_form == "clause"
    assert found.effect.startswith(effect_start)


def test_an_apposition_after_a_structural_subject_is_still_no_reading() -> None:
    found = decompose("The 4-fluoro analogue 3b gave 92% yield, the highest of the series.")
    assert isinstance(found, Vague)


def test_a_passive_effect_verb_is_no_subject_acting() -> None:
    """'an effect caused by F···S contacts': the clause before 'caused' is no cause."""
    found = decompose(
        "The end groups of 4 pack more closely than those of 1 (π–π distance 3.49 vs 3.62 Å), "
        "an effect caused by F···S and C–F···H contacts with neighbouring molecules."
    )
    assert not (isinstance(found, Decomposition) and found.connective == "causal_verb")
    active = _read(
        "The electron-withdrawing nitro group lowers the pKa of the phenol by two units."
    )
    assert active.connective == "causal_verb" and active.feature == "nitro group"


def test_a_relative_effect_takes_the_compound_it_refers_to_as_subject() -> None:
    """A stem cannot open on 'which': 'gave 6a, which no longer inhibited' -> '6a no longer'."""
    found = _read(
        "Exchanging the hydroxamate of 5 for an ortho-aminoanilide gave 6a, which no longer "
        "inhibited HDAC6 but inhibited HDAC1 at 90 nM, likely because the aminophenyl ring "
        "needs the internal foot pocket next to the zinc."
    )
    assert found.effect == "6a no longer inhibited HDAC6 but inhibited HDAC1 at 90 nM"
    assert found.effect_form == "clause"
    assert found.comparison is not None and found.comparison.effect == found.effect


def test_a_means_clause_makes_both_gerunds_finite_and_drops_the_hedge() -> None:
    found = _read(
        "An ortho-fluorine on the phenylhydroxamate (6e) raised HDAC6 selectivity to "
        "1200-fold, probably by twisting the hydroxamate out of the ring plane and so "
        "favouring monodentate zinc binding."
    )
    assert found.effect == "raised HDAC6 selectivity to 1200-fold"
    assert found.mechanism == (
        "twists the hydroxamate out of the ring plane and so favours monodentate zinc binding"
    )


def test_an_effect_placed_by_its_cause_is_not_a_stem() -> None:
    """'so water adds there': 'there' is C9, which only the cause names."""
    found = decompose(
        "The 9-phenyl salt 2d was consumed within minutes once water was present: without "
        "ortho-methyl groups the phenyl ring can rotate toward the acridinium plane and leaves "
        "C9 exposed, so water adds there to give the 9-hydroxyacridane."
    )
    assert not (isinstance(found, Decomposition) and "there" in found.effect)


def test_an_effect_named_by_comparison_is_the_clause_after_its_colon() -> None:
    found = _read(
        "Methoxy end groups had the opposite effect: 5d showed a LUMO 0.14 eV higher than "
        "that of 1, as the π-donating oxygen weakens the acceptor strength of the indanone."
    )
    assert found.effect == "5d showed a LUMO 0.14 eV higher than that of 1"


def test_a_bare_atom_named_by_a_locant_is_no_feature() -> None:
    found = decompose(
        "Substitution occurred only at C7, since that carbon sits para to the 4-oxo group and "
        "is hence the most electron-poor position of the benzo ring."
    )
    assert isinstance(found, Vague) and found.reason == "no_feature"
