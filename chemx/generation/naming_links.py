"""Specific names for a skeleton's links: the rings a biaryl bond joins, a linker's ends.

The catalogue names every aryl–aryl single bond "biaryl bond", so in a release of
kinase inhibitors, dyes and ligands the same two words are the wrong answer of item after
item, while each right answer is worded once, by its paper: on the embedded sample
"biaryl bond" was a wrong answer in 5 of 30 items, and the option whose feature is
rarest across the release was right in 12 of them (the ``rarest-feature`` shortcut of
`chemx.qc.shortcut_battery`, limit 35%). A chemist names the bond by its rings ("the
pyridine–phenyl bond", "the thiophene–thiophene linkage"), which is also what tells
two biaryl bonds of one drawing apart. The same holds for "ethylene (CH2–CH2) linker"
(also 5 of 30): "the aryl–CH2CH2–N linker", "the O–CH2CH2–O unit" say which one.

A ring is named by its size and heteroatoms, as a monocyclic aromatic ring
(`ring_noun`); a ring fused to another has no such name here, and a bond to one keeps
the catalogue's name. The name covers no other entry: the bond is a feature of its own
beside "the pyridine nitrogen" of the same ring (covering the ring's entry would make
the two exclude each other as wrong answers, and small drawings have few). Pure RDKit
on the structure's SMILES.
"""

from __future__ import annotations

from typing import Any

from chemx.generation.naming import NAMED_KEYS, SpecificName, specific_names

LINK_KEYS = frozenset({"biaryl", "ethylene_linker"})
"""Entries named here, by what they join."""
ALL_NAMED_KEYS = NAMED_KEYS | LINK_KEYS
"""Every catalogue entry a structure's features name from context."""

SIX_RINGS = {
    (): "benzene",
    ("N",): "pyridine",
    ("N", "N", 1): "pyridazine",
    ("N", "N", 2): "pyrimidine",
    ("N", "N", 3): "pyrazine",
    ("N", "N", "N"): "triazine",
    ("N", "N", "N", "N"): "tetrazine",
}
"""Six-membered aromatic rings by their ring nitrogens (two: by their distance)."""
FIVE_RINGS = {
    ("S",): "thiophene",
    ("O",): "furan",
    ("N",): "pyrrole",
    ("N", "N", 1): "pyrazole",
    ("N", "N", 2): "imidazole",
    ("N", "S", 2): "thiazole",
    ("N", "S", 1): "isothiazole",
    ("N", "O", 2): "oxazole",
    ("N", "O", 1): "isoxazole",
    ("N", "N", "N"): "triazole",
    ("N", "N", "N", "N"): "tetrazole",
}
"""Five-membered aromatic rings by their heteroatoms (two: by their distance)."""


def ring_noun(molecule: Any, ring: tuple[int, ...]) -> str | None:
    """The name of a monocyclic aromatic ring from its size and heteroatoms, else None."""
    info = molecule.GetRingInfo()
    atoms = [molecule.GetAtomWithIdx(index) for index in ring]
    if not all(atom.GetIsAromatic() for atom in atoms):
        return None
    if any(info.NumAtomRings(index) > 1 for index in ring):
        return None  # fused: "quinoline", "indole", ... are not named here
    hetero = [position for position, atom in enumerate(atoms) if atom.GetSymbol() != "C"]
    symbols: tuple[Any, ...] = tuple(sorted(atoms[p].GetSymbol() for p in hetero))
    if len(hetero) == 2:
        apart = abs(hetero[1] - hetero[0])
        symbols = (*symbols, min(apart, len(ring) - apart))
    table = SIX_RINGS if len(ring) == 6 else FIVE_RINGS if len(ring) == 5 else {}
    return table.get(symbols)


def _ring_of(molecule: Any, atom: int) -> tuple[int, ...] | None:
    """The one ring that holds `atom` (None for a ring-fusion or spiro atom)."""
    rings = [ring for ring in molecule.GetRingInfo().AtomRings() if atom in ring]
    return rings[0] if len(rings) == 1 else None


def biaryl_name(molecule: Any, one: int, other: int) -> SpecificName | None:
    """'pyridine–benzene biaryl bond' for the bond between atoms `one` and `other`."""
    nouns = []
    for atom in (one, other):
        ring = _ring_of(molecule, atom)
        noun = ring_noun(molecule, ring) if ring is not None else None
        if noun is None:
            return None
        nouns.append(noun)
    nouns.sort(key=lambda noun: (noun == "benzene", noun))  # the heteroaryl first
    if nouns == ["benzene", "benzene"]:
        return SpecificName("biphenyl bond")
    return SpecificName(f"{nouns[0]}–{nouns[1]} biaryl bond")


def _end(molecule: Any, atom: int, inner: int) -> str | None:
    """What a linker's CH2 `atom` is bound to besides its partner `inner`."""
    outside = [n for n in molecule.GetAtomWithIdx(atom).GetNeighbors() if n.GetIdx() != inner]
    if len(outside) != 1:
        return None
    neighbour = outside[0]
    if neighbour.GetIsAromatic():
        return "aryl"
    if neighbour.GetSymbol() != "C":
        return neighbour.GetSymbol()
    carbonyl = any(
        bond.GetBondTypeAsDouble() == 2 and bond.GetOtherAtom(neighbour).GetSymbol() == "O"
        for bond in neighbour.GetBonds()
    )
    return "C(=O)" if carbonyl else "alkyl"


def ethylene_name(molecule: Any, one: int, other: int) -> SpecificName | None:
    """'aryl–CH2CH2–N linker' for the CH2–CH2 of atoms `one` and `other`."""
    ends = [_end(molecule, one, other), _end(molecule, other, one)]
    if None in ends:
        return None
    order = {"aryl": 0, "alkyl": 2}
    first, last = sorted((str(end) for end in ends), key=lambda end: (order.get(end, 1), end))
    return SpecificName(f"{first}–CH2CH2–{last} linker")


def context_names(molecule: Any, key: str) -> list[SpecificName]:
    """`chemx.generation.naming.specific_names`, with the links named by what they join."""
    if key not in LINK_KEYS:
        return specific_names(molecule, key)
    from rdkit import Chem

    from chemx.generation.catalogue import BY_KEY

    pattern = Chem.MolFromSmarts(BY_KEY[key].smarts or "")
    names: list[SpecificName] = []
    namer = biaryl_name if key == "biaryl" else ethylene_name
    for one, other in molecule.GetSubstructMatches(pattern):
        name = namer(molecule, one, other)
        if name is not None and name not in names:
            names.append(name)
    return names


__all__ = [
    "ALL_NAMED_KEYS",
    "LINK_KEYS",
    "biaryl_name",
    "context_names",
    "ethylene_name",
    "ring_noun",
]
