"""Effects are grouped by the property they report, so a lent explanation of the same
property is not offered as a wrong answer (`chemx.generation.explanations`)."""

from __future__ import annotations

from chemx.generation.explanations import PaperExplanation, lend_mechanisms
from chemx.generation.features import structure_features
from chemx.generation.properties import property_classes, same_property


def test_effects_are_classed_by_the_property_they_report() -> None:
    assert property_classes("The dye stays molecularly dissolved and dark in buffer") >= {
        "emission"
    }
    assert same_property("In THF, 1 is practically non-emissive", "stays dark in buffer")
    assert same_property("cost 12-fold in SDH inhibition", "inhibited SDH with IC50 = 18 nM")
    assert not same_property("gave 3a in 91% yield", "was inactive against the enzyme")
    assert property_classes("the chemistry was reactive") == frozenset()  # no 'emi', 'active'


def test_an_explanation_of_the_same_property_is_not_lent() -> None:
    smiles = "C[n+]1ccc(-c2ccc(C(=C(c3ccccc3)c3ccccc3)c3ccccc3)cc2)cc1"
    visible = structure_features(smiles)
    rotors = PaperExplanation(
        sentence_id="sen_rotors",
        feature="phenyl rotors",
        key="phenyl",
        mechanism="twist freely about their single bonds and dissipate the excitation energy",
        effect="In THF, 1 is practically non-emissive",
    )

    def lent(effect: str) -> set[str]:
        found = lend_mechanisms(visible, [rotors], basis_id="sen_q", effect=effect, condition=False)
        return {f.name for f in found if f.mechanism is not None}

    assert lent("The dye stays molecularly dissolved and dark in buffer") == set()
    assert lent("The compound shown crystallises as a racemic conglomerate") != set()
