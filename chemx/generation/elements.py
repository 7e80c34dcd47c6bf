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
from functools import lru_cache
from typing import Any

from chemx.generation.catalogue import parse_smiles

ELEMENT_STEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), symbol)
    for pattern, symbol in (
        (r"fluor(?!en|esc|ophore)", "F"),  # not fluorene, fluorescent, fluorophore
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


BOND_TO_HYDROGEN = re.compile(r"(?<![A-Za-z])([NOS])\s?[–—-]?\s?H(?:2|₂)?(?![A-Za-z0-9])")
"""A named bond from a heteroatom to hydrogen: 'N–H', 'NH', 'O-H', 'OH', 'NH2', 'SH'."""


def acts_on_same_bond(mechanism: str, answer_mechanism: str) -> bool:
    """Whether a wrong answer's mechanism works through an X–H bond the answer's names.

    "The aryl chloride lowers the pKa of the bridge N–H" (blind-48) makes the N–H's
    acidity the cause; "The sulfonamide presents an acidic N–H ..." beside it is a
    second defensible answer, since on a sulfonylurea that N–H is the bridge's.
    """

    def elements(text: str) -> set[str]:
        return {match.group(1) for match in BOND_TO_HYDROGEN.finditer(text)}

    return bool(elements(mechanism) & elements(answer_mechanism))


def missing_hydrogens(feature: str, smiles: str, smarts: str | None = None) -> list[str]:
    """The X–H bonds `feature` names that no X atom of the drawing carries; [] when unreadable.

    "The imide N–H normally donates a hydrogen bond to His378" said of an N-methyl
    glutarimide names a bond the drawing lacks: the imide is drawn, its hydrogen is not.
    Where the feature's catalogue group (`smarts`) is drawn and holds atoms of the element,
    only those count (the amide N–H of another ring is not the imide's); otherwise any
    atom of the element does ("the additional NH of its cyclopropyl ketoamide" is read as
    the cyclopropyl group, which holds no nitrogen).
    """
    named = sorted({match.group(1) for match in BOND_TO_HYDROGEN.finditer(feature)})
    molecule = _molecule(smiles) if named else None
    if molecule is None:
        return []
    pattern = _pattern(smarts) if smarts else None
    scope = (
        {index for match in molecule.GetSubstructMatches(pattern) for index in match}
        if pattern is not None
        else set()
    )
    lacking = []
    for element in named:
        atoms = [molecule.GetAtomWithIdx(i) for i in scope]
        if not any(atom.GetSymbol() == element for atom in atoms):
            atoms = list(molecule.GetAtoms())  # the group holds no such atom: 'NH of its ring'
        if not any(atom.GetSymbol() == element and atom.GetTotalNumHs() > 0 for atom in atoms):
            lacking.append(f"{element}–H")
    return lacking


ATOM_NOUNS: dict[str, str] = {
    "oxygen": "O",
    "nitrogen": "N",
    "sulfur": "S",
    "sulphur": "S",
    "phosphorus": "P",
    "boron": "B",
    "silicon": "Si",
    "selenium": "Se",
}
"""Nouns that name one atom of an element ('the ring oxygen bridge', 'the pyridine nitrogen')."""


def atom_only_in(feature: str, smarts: str | None, smiles: str) -> bool:
    """Whether the atoms `feature` names can only be atoms of a group's matches.

    "The ring oxygen bridge" of a phenoxazine is its diaryl ether, and "the spiro-fluorene
    unit" holds the drawing's one quaternary sp3 carbon: when every such atom of the
    drawing lies in a group's matches, an option naming that group names the answer's atom
    under another name, and a question offering both has two right answers. The atoms are
    those of the element an atom noun names (`ATOM_NOUNS`) or the spiro atoms for
    'spiro'. False when the feature names no atom, the group has no SMARTS or the SMILES
    is unreadable.
    """
    molecule = _molecule(smiles) if smarts else None
    pattern = _pattern(smarts) if molecule is not None and smarts else None
    if molecule is None or pattern is None:
        return False
    atoms = _named_atoms(feature, molecule)
    covered = {index for match in molecule.GetSubstructMatches(pattern) for index in match}
    return bool(atoms) and atoms <= covered


RING_ANCHORS = {"aniline": "[NX3;!$(N=*)]", "phenol": "[OX2H1]", "pyridine": "[nX2]"}
"""The atom a ring name hangs on: an aniline's ring bears the N, a phenol's the OH."""


def on_named_ring(ring_word: str, smarts: str | None, smiles: str) -> bool:
    """Whether a group's matches touch the ring a cause names ('the o-substituted aniline').

    The aniline's ring is a six-membered aromatic ring bonded to an amine nitrogen; a
    methyl on the other ring of the drawing is not its substituent. A ring word without
    an anchor ('arene', 'ring') may be any ring; True too when nothing can be read.
    """
    molecule = _molecule(smiles) if smarts else None
    pattern = _pattern(smarts) if molecule is not None and smarts else None
    anchor = RING_ANCHORS.get(ring_word.lower().rstrip("s"))
    if molecule is None or pattern is None or anchor is None:
        return True
    anchors = {match[0] for match in molecule.GetSubstructMatches(_pattern(anchor))}
    rings = [
        set(ring)
        for ring in molecule.GetRingInfo().AtomRings()
        if len(ring) == 6
        and all(molecule.GetAtomWithIdx(i).GetIsAromatic() for i in ring)
        and any(
            n.GetIdx() in anchors or i in anchors
            for i in ring
            for n in molecule.GetAtomWithIdx(i).GetNeighbors()
        )
    ]
    touched = {index for match in molecule.GetSubstructMatches(pattern) for index in match}
    return any(ring & touched for ring in rings)


@lru_cache(maxsize=256)
def _molecule(smiles: str) -> Any | None:
    """The parsed drawing, once per SMILES: every distractor of an item asks about it."""
    return parse_smiles(smiles)


@lru_cache(maxsize=512)
def _pattern(smarts: str) -> Any | None:
    from rdkit import Chem

    return Chem.MolFromSmarts(smarts)


def _named_atoms(feature: str, molecule: Any) -> set[int]:
    """The atoms of `molecule` that an atom noun or 'spiro' in `feature` can mean."""
    from rdkit.Chem import rdMolDescriptors

    named = re.findall(r"[a-z]+", feature.lower())
    element = next((ATOM_NOUNS[word] for word in named if word in ATOM_NOUNS), None)
    if element is not None:
        return {atom.GetIdx() for atom in molecule.GetAtoms() if atom.GetSymbol() == element}
    if "spiro" in named:
        spiro: list[int] = []
        rdMolDescriptors.CalcNumSpiroAtoms(molecule, atoms=spiro)  # type: ignore[arg-type]  # fills the list
        return set(spiro)
    return set()


__all__ = [
    "ATOM_NOUNS",
    "BOND_TO_HYDROGEN",
    "ELEMENT_STEMS",
    "acts_on_same_bond",
    "atom_only_in",
    "missing_elements",
    "missing_hydrogens",
    "named_elements",
]
