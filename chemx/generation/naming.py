"""Specific names for the groups a structure shows, read from where they sit in it.

A paper names the feature it explains specifically: "the 2,4,6-trifluorophenyl ring",
"the anilide N–H", "the benzoic acid". The catalogue (`chemx.generation.catalogue`)
names a group the same way in every molecule ("phenyl ring", "amide N–H"), so the few
groups that most drawings have became the wrong answers of many items, worded more
generally than the right one: across a release the correct feature was the rarest and
the most specific, and both give it away without the image (the ``rarest-feature``
shortcut of `chemx.qc.shortcut_battery`; issue 13).

Here the ubiquitous entries are named the way a chemist names them in a given molecule:

- a benzene ring by its substituents, numbered from the bond that attaches it
  ("4-fluorophenyl ring", "2,6-dichlorophenyl ring", "unsubstituted phenyl ring");
- a secondary amide N–H by what bears it ("lactam N–H", "aryl carboxamide N–H",
  "acetamide N–H"), an anilide by its acid as the field names them ("acetanilide N–H",
  "benzanilide N–H", "pyrazolecarboxanilide N–H"), and an N-heteroaryl amide by its ring
  ("N-pyridyl acetamide N–H");
- a carboxylic acid by its carbon ("benzoic acid", "arylcarboxylic acid",
  "acetic acid side chain", "α-amino acid carboxyl");
- a phenylene (a benzene ring that links two parts of the molecule; ortho, meta or para)
  by its locants and simple substituents ("4-methyl-1,3-phenylene ring"); a ring whose
  second substituent is a simple one is a phenyl, and keeps the catalogue's
  "meta-disubstituted benzene ring", which is still true of it;
- a pyridine nitrogen by where the ring is attached ("3-pyridyl nitrogen": the nitrogen's
  place decides its basicity and where it can accept a hydrogen bond);
- a benzylic CH2 by the atom it joins the ring to ("benzylic CH2–N group",
  "arylacetyl CH2 group").

A name records the catalogue keys of the substituents it spells out (`SpecificName.
covers`), so "4-fluorophenyl ring" is never offered against the cause "the fluorine".
Pure RDKit on the structure's SMILES; every name is a fact about the drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from chemx.generation.catalogue import BY_KEY

NAMED_KEYS = frozenset(
    {
        "phenyl",
        "amide_nh",
        "carboxylic_acid",
        "ortho_phenylene",
        "meta_phenylene",
        "para_phenylene",
        "pyridine",
        "benzylic_ch2",
    }
)
"""Catalogue entries named from their context; the others keep their catalogue name."""

MULTIPLIERS = {2: "di", 3: "tri", 4: "tetra", 5: "penta"}
COMPOUND_MULTIPLIERS = {2: "bis", 3: "tris", 4: "tetrakis"}
COMPOUND_PREFIXES = frozenset({"trifluoromethyl"})
"""Substituted substituents: IUPAC puts them in brackets ("3,5-bis(trifluoromethyl)")."""


@dataclass(frozen=True)
class Substituent:
    """A simple ring substituent: its prefix in a name and its catalogue entry."""

    prefix: str
    key: str


HALOGENS = {
    "F": Substituent("fluoro", "aryl_fluoride"),
    "Cl": Substituent("chloro", "aryl_chloride"),
    "Br": Substituent("bromo", "aryl_bromide"),
    "I": Substituent("iodo", "aryl_iodide"),
}


@dataclass(frozen=True)
class SpecificName:
    """One group instance named from its context.

    Attributes:
        name: the phrase an option uses ("3,4-dimethoxyphenyl ring").
        covers: catalogue keys of the substituents the name spells out (the name names
            those groups too, so neither may be the cause).
    """

    name: str
    covers: tuple[str, ...] = ()


def _substituent(ring_atom: Any, neighbour: Any) -> Substituent | None:
    """The simple substituent that `neighbour` starts, or None for anything larger.

    Simple means one a chemist folds into the ring's name (halogen, methyl, methoxy,
    hydroxy, trifluoromethyl, cyano, nitro); anything else attaches the ring to the rest
    of the molecule.
    """
    symbol = neighbour.GetSymbol()
    others = [a for a in neighbour.GetNeighbors() if a.GetIdx() != ring_atom.GetIdx()]
    if symbol in HALOGENS:
        return HALOGENS[symbol]
    if neighbour.GetIsAromatic() or neighbour.IsInRing():
        return None
    if symbol == "C" and not others:
        return Substituent("methyl", "aryl_methyl")
    if symbol == "C" and len(others) == 3 and all(a.GetSymbol() == "F" for a in others):
        return Substituent("trifluoromethyl", "trifluoromethyl")
    if symbol == "C" and len(others) == 1 and others[0].GetSymbol() == "N":
        bond = neighbour.GetOwningMol().GetBondBetweenAtoms(neighbour.GetIdx(), others[0].GetIdx())
        triple = bond is not None and bond.GetBondTypeAsDouble() == 3.0
        return Substituent("cyano", "nitrile") if triple else None
    if symbol == "O" and not others:
        return Substituent("hydroxy", "phenol")
    if symbol == "O" and len(others) == 1:
        carbon = others[0]
        if carbon.GetSymbol() == "C" and carbon.GetDegree() == 1:
            return Substituent("methoxy", "methoxy_aryl")
        return None
    if symbol == "N" and len(others) == 2 and all(a.GetSymbol() == "O" for a in others):
        return Substituent("nitro", "nitro")
    return None


def _benzene_rings(molecule: Any) -> Iterator[tuple[int, ...]]:
    """Six-membered all-carbon aromatic rings that are fused to nothing."""
    info = molecule.GetRingInfo()
    for ring in info.AtomRings():
        if len(ring) != 6:
            continue
        atoms = [molecule.GetAtomWithIdx(i) for i in ring]
        if all(a.GetSymbol() == "C" and a.GetIsAromatic() for a in atoms) and all(
            info.NumAtomRings(i) == 1 for i in ring
        ):
            yield ring


def only_phenylenes(molecule: Any) -> bool:
    """Whether every benzene ring of the molecule links two parts of it (and there is one).

    Then the catalogue's "phenyl ring" would be a second name for a phenylene that its
    own entry names already.
    """
    rings = list(_benzene_rings(molecule))
    return bool(rings) and all(
        len(_ring_substituents(molecule, list(ring))[0]) == 2 for ring in rings
    )


def phenyl_name(molecule: Any, ring: tuple[int, ...]) -> SpecificName | None:
    """A benzene ring named by its simple substituents, numbered from its attachment.

    None when the ring carries two or more attachments (a phenylene: the
    catalogue's ortho/meta/para entries name those) or none at all (the molecule is a
    substituted benzene, which "phenyl" would misname).
    """
    order = list(ring)  # RDKit lists a ring's atoms in bond order around it
    attachments, simple = _ring_substituents(molecule, order)
    if len(attachments) != 1:
        return None
    if not simple:
        return SpecificName("unsubstituted phenyl ring")
    start = attachments[0]
    numberings = []
    for direction in (1, -1):
        locant = {(start + direction * step) % 6: step + 1 for step in range(6)}
        numberings.append(sorted((locant[p], s) for p, s in simple.items()))
    chosen = min(numberings, key=lambda pairs: [n for n, _ in pairs])
    return SpecificName(_prefixes(chosen) + "phenyl ring", _covers(simple))


PHENYLENE_LOCANT = {"ortho_phenylene": 2, "meta_phenylene": 3, "para_phenylene": 4}
"""The locant of a phenylene's second attachment when the first is 1."""


def _ring_substituents(molecule: Any, order: list[int]) -> tuple[list[int], dict[int, Substituent]]:
    """Positions around a ring (bond order) of its attachments and simple substituents."""
    in_ring = set(order)
    attachments: list[int] = []
    simple: dict[int, Substituent] = {}
    for position, index in enumerate(order):
        atom = molecule.GetAtomWithIdx(index)
        for neighbour in atom.GetNeighbors():
            if neighbour.GetIdx() in in_ring or neighbour.GetAtomicNum() == 1:
                continue
            substituent = _substituent(atom, neighbour)
            if substituent is None:
                attachments.append(position)
            else:
                simple[position] = substituent
    return attachments, simple


def _prefixes(chosen: list[tuple[int, Substituent]]) -> str:
    """Substituent prefixes in alphabetical order ("2-bromo-5-chloro")."""
    by_prefix: dict[str, list[int]] = {}
    for number, substituent in chosen:
        by_prefix.setdefault(substituent.prefix, []).append(number)
    parts = []
    for prefix in sorted(by_prefix):
        numbers = by_prefix[prefix]
        locants = ",".join(str(n) for n in numbers)
        if prefix in COMPOUND_PREFIXES:
            parts.append(f"{locants}-{COMPOUND_MULTIPLIERS.get(len(numbers), '')}({prefix})")
        else:
            parts.append(f"{locants}-{MULTIPLIERS.get(len(numbers), '')}{prefix}")
    return "-".join(parts)


def _covers(simple: dict[int, Substituent]) -> tuple[str, ...]:
    covers = {s.key for s in simple.values()}
    if sum(1 for s in simple.values() if s.prefix == "methoxy") >= 2:
        covers.add("dimethoxyaryl")
    return tuple(sorted(covers))


def phenylene_name(molecule: Any, ring: tuple[int, ...], key: str) -> SpecificName | None:
    """A benzene ring that links two parts of the molecule, by locants and substituents.

    None unless the ring has exactly two attachments (simple substituents aside) at the
    entry's spacing: a ring with one is a phenyl, and three make it a core.
    """
    order = list(ring)
    attachments, simple = _ring_substituents(molecule, order)
    second = PHENYLENE_LOCANT[key]
    if len(attachments) != 2:
        return None
    first, other = attachments
    numberings = []
    for start, end in ((first, other), (other, first)):
        for direction in (1, -1):
            locant = {(start + direction * step) % 6: step + 1 for step in range(6)}
            if locant[end] == second:
                numberings.append(sorted((locant[p], s) for p, s in simple.items()))
    if not numberings:
        return None
    chosen = min(numberings, key=lambda pairs: [n for n, _ in pairs])
    prefix = _prefixes(chosen)
    name = f"1,{second}-phenylene ring"
    return SpecificName(f"{prefix}-{name}" if prefix else name, _covers(simple))


PYRIDYL_POSITIONS = {1: "2", 2: "3", 3: "4"}
"""Ring steps from the attachment to the nitrogen -> the pyridyl locant."""


def pyridine_name(molecule: Any, nitrogen: int) -> SpecificName | None:
    """A pyridine nitrogen named by where its ring attaches ("3-pyridyl nitrogen").

    None for a ring attached at more than one place, or at none (then the catalogue's
    "pyridine ring nitrogen" stands).
    """
    info = molecule.GetRingInfo()
    ring = next((r for r in info.AtomRings() if nitrogen in r and len(r) == 6), None)
    if ring is None or any(info.NumAtomRings(i) > 1 for i in ring):
        return None
    order = list(ring)
    attachments, simple = _ring_substituents(molecule, order)
    if len(attachments) != 1:
        return None
    steps = abs(order.index(nitrogen) - attachments[0])
    steps = min(steps, 6 - steps)
    position = PYRIDYL_POSITIONS.get(steps)
    if position is None:
        return None
    return SpecificName(f"{position}-pyridyl nitrogen", _covers(simple))


def benzylic_name(molecule: Any, carbon: int, partner: int) -> SpecificName:
    """A benzylic CH2 named by the atom it joins the ring to."""
    from rdkit import Chem

    atom = molecule.GetAtomWithIdx(partner)
    symbol = atom.GetSymbol()
    if symbol in ("N", "O", "S"):
        return SpecificName(f"benzylic CH2–{symbol} group")
    carbonyl = any(
        bond.GetBondTypeAsDouble() == 2.0 and bond.GetOtherAtom(atom).GetSymbol() == "O"
        for bond in atom.GetBonds()
    )
    if symbol == "C" and carbonyl:
        return SpecificName("arylacetyl CH2 group")
    if symbol == "C" and atom.GetHybridization() == Chem.HybridizationType.SP3:
        return SpecificName("benzylic CH2 of an alkyl chain")
    return SpecificName("benzylic CH2 group")


def amide_nh_name(molecule: Any, carbonyl: int, nitrogen: int) -> SpecificName:
    """A secondary amide N–H named by what bears it (the field's usual names)."""
    n_atom = molecule.GetAtomWithIdx(nitrogen)
    c_atom = molecule.GetAtomWithIdx(carbonyl)
    if n_atom.IsInRing() and c_atom.IsInRing():
        return SpecificName("lactam N–H")
    carbon_side = [
        a for a in c_atom.GetNeighbors() if a.GetIdx() != nitrogen and a.GetSymbol() != "O"
    ]
    aryl = next((a for a in n_atom.GetNeighbors() if a.GetIsAromatic()), None)
    if aryl is not None:
        acid = _acyl_prefix(molecule, carbon_side)
        arene = _arene_name(molecule, aryl)
        if arene in (None, "benz"):
            return SpecificName(f"{acid}anilide N–H")
        return SpecificName(f"N-{ARYL_NAMES.get(arene, 'heteroaryl')} {acid}amide N–H")
    if any(a.GetIsAromatic() for a in carbon_side):
        return SpecificName("aryl carboxamide N–H")
    if any(a.GetSymbol() == "C" and a.GetDegree() == 1 for a in carbon_side):
        return SpecificName("acetamide N–H")
    return SpecificName("aliphatic amide N–H")


HETEROARENES = {
    (5, ("N", "N"), 1): "pyrazole",
    (5, ("N", "N"), 2): "imidazole",
    (5, ("S",), 0): "thiophene",
    (5, ("O",), 0): "furan",
    (5, ("N",), 0): "pyrrole",
    (6, ("N",), 0): "pyridine",
    (6, ("N", "N"), 2): "pyrimidine",
    (6, ("N", "N"), 3): "pyrazine",
}
"""(ring size, its heteroatoms, ring steps between two of them) -> the parent arene."""
ARYL_NAMES = {
    "pyrazole": "pyrazolyl",
    "imidazole": "imidazolyl",
    "thiophene": "thienyl",
    "furan": "furyl",
    "pyrrole": "pyrrolyl",
    "pyridine": "pyridyl",
    "pyrimidine": "pyrimidinyl",
    "pyrazine": "pyrazinyl",
}
"""The arene as a substituent ("N-pyridyl amide")."""


def _arene_name(molecule: Any, atom: Any) -> str | None:
    """The parent name of the one unfused aromatic ring that `atom` sits in.

    "benz" for benzene; None for a ring the table does not know.
    """
    info = molecule.GetRingInfo()
    rings = [r for r in info.AtomRings() if atom.GetIdx() in r]
    if len(rings) != 1 or any(info.NumAtomRings(i) > 1 for i in rings[0]):
        return None
    order = list(rings[0])
    places = [p for p, i in enumerate(order) if molecule.GetAtomWithIdx(i).GetSymbol() != "C"]
    hetero = tuple(sorted(molecule.GetAtomWithIdx(order[p]).GetSymbol() for p in places))
    if not hetero:
        return "benz" if len(order) == 6 else None
    steps = 0
    if len(places) == 2:
        apart = abs(places[0] - places[1])
        steps = min(apart, len(order) - apart)
    return HETEROARENES.get((len(order), hetero, steps))


def _acyl_prefix(molecule: Any, carbon_side: list[Any]) -> str:
    """How an anilide's acyl part enters its name: "benz", "pyrazolecarbox", "acet", ...

    The field names anilides by their acid (acetanilide, benzanilide); an acid this
    does not know gives the plain "anilide".
    """
    if len(carbon_side) != 1:
        return ""
    acyl = carbon_side[0]
    if acyl.GetIsAromatic():
        arene = _arene_name(molecule, acyl)
        if arene == "benz":
            return "benz"
        return f"{arene}carbox" if arene else "heteroarylcarbox"
    if acyl.GetSymbol() != "C":
        return ""
    if acyl.GetDegree() == 1:
        return "acet"
    if acyl.IsInRingSize(3):
        return "cyclopropanecarbox"
    if acyl.GetTotalNumHs() == 2 and any(a.GetSymbol() == "N" for a in acyl.GetNeighbors()):
        return "aminoacet"
    return ""


def carboxylic_acid_name(molecule: Any, carbon: int) -> SpecificName:
    """A carboxylic acid named by the carbon that bears it."""
    atom = molecule.GetAtomWithIdx(carbon)
    bearer = next((a for a in atom.GetNeighbors() if a.GetSymbol() == "C"), None)
    if bearer is None:
        return SpecificName("free carboxylic acid")
    if bearer.GetIsAromatic():
        ring_atoms = next(
            (r for r in molecule.GetRingInfo().AtomRings() if bearer.GetIdx() in r), ()
        )
        benzene = len(ring_atoms) == 6 and all(
            molecule.GetAtomWithIdx(i).GetSymbol() == "C" for i in ring_atoms
        )
        return SpecificName("benzoic acid" if benzene else "heteroarylcarboxylic acid")
    # an amine or amide N (not a benzodiazepine's imine C=N, blind-60) on the α-carbon
    amine = [a for a in bearer.GetNeighbors() if a.GetSymbol() == "N" and not a.GetIsAromatic()]
    if any(all(str(b.GetBondType()) == "SINGLE" for b in n.GetBonds()) for n in amine):
        return SpecificName("α-amino acid carboxyl")
    if bearer.GetTotalNumHs() == 2:
        return SpecificName("acetic acid side chain")
    return SpecificName("aliphatic carboxylic acid")


PATTERN_KEYS = frozenset({"amide_nh", "carboxylic_acid", "pyridine", "benzylic_ch2"})
"""Entries whose instances are found with the catalogue's own SMARTS (one per match)."""


def specific_names(molecule: Any, key: str) -> list[SpecificName]:
    """Every instance of catalogue entry `key` in `molecule`, named from its context.

    Distinct names only, most frequent first (a molecule with three 4-fluorophenyl
    rings and one phenyl names the former first); empty for a key this module does not
    name, or when no instance can be named.
    """
    from rdkit import Chem

    names: list[SpecificName] = []
    if key == "phenyl":
        for ring in _benzene_rings(molecule):
            name = phenyl_name(molecule, ring)
            if name is not None:
                names.append(name)
    elif key in PHENYLENE_LOCANT:
        for ring in _benzene_rings(molecule):
            name = phenylene_name(molecule, ring, key)
            if name is not None:
                names.append(name)
    elif key in PATTERN_KEYS:
        pattern = Chem.MolFromSmarts(BY_KEY[key].smarts or "")
        for match in molecule.GetSubstructMatches(pattern):
            if key == "amide_nh":
                names.append(amide_nh_name(molecule, match[0], match[2]))
            elif key == "pyridine":
                pyridyl = pyridine_name(molecule, match[0])
                if pyridyl is not None:
                    names.append(pyridyl)
            elif key == "benzylic_ch2":
                names.append(benzylic_name(molecule, match[1], match[2]))
            else:
                names.append(carboxylic_acid_name(molecule, match[0]))
    counts = Counter(names)
    return sorted(counts, key=lambda n: (-counts[n], n.name))


__all__ = ["NAMED_KEYS", "SpecificName", "only_phenylenes", "specific_names"]
