"""What the forty-fourth blind corpus showed, read after its unseen builds.

blind-44 (BET bromodomain inhibitors, Rh-catalysed asymmetric hydrogenation, tetra-ortho-
halogenated azobenzenes, HPPD-inhibiting triketones, fluorinated carbonate electrolyte
additives) was written by authors who never saw chemx. One invalid item read a synthesis
("Mills coupling of 5 with 6 in acetic acid at 50 °C for 48 h gave 7 in 41% yield") as a
cause and its effect. A third of its accepted evidence blocks were lost for want of
distractors: the catalogue had no acyclic carbonate, matched no cyclic carbonate written
in its aromatic form (vinylene carbonate), and had no N-sulfonyl azole, no pyridone and
no quinoxaline.
"""

from __future__ import annotations

import pytest

from chemx.generation.catalogue import matched_keys
from chemx.generation.extract import Vague, decompose


@pytest.mark.parametrize(
    "text",
    [
        "Mills coupling of the difluoroaniline 5 with the nitroso arene 6 in acetic acid at "
        "50 °C for 48 h gave the TBS-protected azobenzene 7 in 41% yield (Scheme 1).",
        "Heck coupling of the aryl bromide 3 with methyl acrylate in DMF at 110 °C for 16 h "
        "gave the cinnamate 8 in 77% yield.",
    ],
)
def test_a_procedure_with_a_product_yield_explains_nothing(text: str) -> None:
    found = decompose(text)
    assert isinstance(found, Vague)
    assert found.reason == "no_feature"
    assert "synthetic step" in found.detail


def test_a_yield_explained_by_a_structure_is_still_read() -> None:
    found = decompose(
        "The ortho-methyl group of 3c lowered the yield to 35% because it hinders the "
        "approach of the boronate to palladium."
    )
    assert not isinstance(found, Vague)


@pytest.mark.parametrize(
    ("smiles", "key"),
    [
        ("O=c1occo1", "cyclic_carbonate"),  # vinylene carbonate, aromatic to RDKit
        ("O=C1OCCO1", "cyclic_carbonate"),
        ("O=C(OCC(F)(F)F)OCC(F)(F)F", "carbonate"),
        ("Cc1ccc(S(=O)(=O)n2ccc3ccccc32)cc1", "n_sulfonyl_azole"),
        ("Cn1ccc2[nH]ccc2c1=O", "pyridone"),
        ("c1ccc2nccnc2c1", "quinoxaline"),
    ],
)
def test_the_catalogue_finds_the_groups_of_the_corpus(smiles: str, key: str) -> None:
    assert key in matched_keys(smiles)


def test_a_cyclic_carbonate_is_not_also_an_acyclic_one() -> None:
    assert "carbonate" not in matched_keys("O=C1OCCO1")
    assert "cyclic_carbonate" not in matched_keys("CCOC(=O)OCC")
