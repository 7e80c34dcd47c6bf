"""The elements a feature's name commits to, checked against the drawn structure's atoms.

The catalogue (`chemx.generation.catalogue`) tells whether a named group is drawn only
for the groups it lists. A cause outside it still names its element: "its
dicyclohexylphosphino group" is a phosphorus group, "the C6-bromide" a bromine. When the
structure's whole reading has no atom of that element, the sentence explains another
compound (in "SPhos (L1) gave 3a in only 12% yield, with most of 1a recovered, because
its dicyclohexylphosphino group is too small ..." the phosphine is L1's, not the aryl
chloride 1a's), and an item asked on this drawing would have an answer it does not show.
"""

from __future__ import annotations

import re

from chemx.generation.catalogue import parse_smiles

ELEMENT_STEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), symbol)
    for pattern, symbol in (
        (r"fluor", "F"),
        (r"chlor", "Cl"),
        (r"brom", "Br"),
        (r"iod", "I"),
        (r"phosph", "P"),
        (r"sulf|sulph|thio|mercapto", "S"),
        (r"\bbor(?:on|yl|onic|onate|ane)", "B"),
        (r"silyl|silicon|silox", "Si"),
        (r"selen", "Se"),
        (r"stann", "Sn"),
    )
)
"""Word parts that name an element (carbon, hydrogen, nitrogen and oxygen are left out:
nearly every drawing has them)."""


def named_elements(feature: str) -> set[str]:
    """The element symbols the words of `feature` name ('dicyclohexylphosphino' -> P)."""
    return {symbol for pattern, symbol in ELEMENT_STEMS if pattern.search(feature)}


def missing_elements(feature: str, smiles: str) -> list[str]:
    """Elements `feature` names that no atom of `smiles` is; [] when unreadable."""
    named = named_elements(feature)
    if not named:
        return []
    molecule = parse_smiles(smiles)
    if molecule is None:
        return []
    present = {atom.GetSymbol() for atom in molecule.GetAtoms()}
    return sorted(named - present)


__all__ = ["ELEMENT_STEMS", "missing_elements", "named_elements"]
