"""R-group resolution: a scaffold's SMILES plus one table row's substituents -> one SMILES.

A series drawn once with R, R1, R', X or Ar attachment points is resolved the way
OpenChemIE's R-group resolution does it: each attachment point of the scaffold is
replaced by the substituent the row gives for it (RDKit `molzip` on atom-mapped
dummies). Two parts:

- the substituent vocabulary (`substituent_smiles`): printed group names ("Me", "tBu",
  "CO2Me", "4-F-C6H4", "p-ClPh", "2-naphthyl", "Bpin") -> a SMILES fragment with one
  attachment point `*`; OCR's usual slips in formulas ("NOz" for NO2) are repaired;
- the resolution (`resolve_rgroups`): which dummy atom is which R group, then the zip.

Every refusal is a stated reason: no scaffold reading, no attachment point, a
substituent outside the vocabulary, a ring locant ("R = 4-F" on a ring needs the
ring's numbering, which a SMILES does not keep), or more than one attachment point with
different groups when the reading does not say which is which (OSRA writes every R
label as a bare `*`; OpenChemIE-style `[1*]`, `[2*]` labels are matched to R1, R2).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

RGROUP_BACKEND = "rdkit-rgroup"
"""What a resolved row's SMILES is named as coming from."""

_ALKYL_AND_HETERO: dict[str, str] = {
    "H": "*[H]", "D": "*[2H]", "Me": "*C", "CH3": "*C", "CD3": "*C([2H])([2H])[2H]",
    "Et": "*CC", "nPr": "*CCC", "Pr": "*CCC", "iPr": "*C(C)C", "cPr": "*C1CC1",
    "nBu": "*CCCC", "Bu": "*CCCC", "iBu": "*CC(C)C", "sBu": "*C(C)CC", "tBu": "*C(C)(C)C",
    "nPent": "*CCCCC", "nHex": "*CCCCCC", "Cy": "*C1CCCCC1", "cyHex": "*C1CCCCC1",
    "cHex": "*C1CCCCC1", "Ad": "*C12CC3CC(CC(C3)C1)C2", "Bn": "*Cc1ccccc1", "Ph": "*c1ccccc1",
    "vinyl": "*C=C", "allyl": "*CC=C", "F": "*F", "Cl": "*Cl", "Br": "*Br", "I": "*I",
    "OH": "*O", "OMe": "*OC", "MeO": "*OC", "OEt": "*OCC", "EtO": "*OCC", "OiPr": "*OC(C)C",
    "OtBu": "*OC(C)(C)C", "OPh": "*Oc1ccccc1", "OBn": "*OCc1ccccc1", "BnO": "*OCc1ccccc1",
    "OAc": "*OC(C)=O", "AcO": "*OC(C)=O", "OCF3": "*OC(F)(F)F", "OTf": "*OS(=O)(=O)C(F)(F)F",
    "OTs": "*OS(=O)(=O)c1ccc(C)cc1", "SMe": "*SC", "MeS": "*SC", "SH": "*S", "NH2": "*N",
    "NHMe": "*NC", "NMe2": "*N(C)C", "Me2N": "*N(C)C", "NHAc": "*NC(C)=O",
    "NHBoc": "*NC(=O)OC(C)(C)C", "NO2": "*[N+](=O)[O-]", "CN": "*C#N", "CF3": "*C(F)(F)F",
    "CHF2": "*C(F)F", "CHO": "*C=O", "Ac": "*C(C)=O", "COMe": "*C(C)=O", "Bz": "*C(=O)c1ccccc1",
    "COPh": "*C(=O)c1ccccc1", "CO2H": "*C(=O)O", "COOH": "*C(=O)O", "CO2Me": "*C(=O)OC",
    "COOMe": "*C(=O)OC", "MeO2C": "*C(=O)OC", "CO2Et": "*C(=O)OCC", "COOEt": "*C(=O)OCC",
    "CO2tBu": "*C(=O)OC(C)(C)C", "CONH2": "*C(N)=O", "SO2Me": "*S(C)(=O)=O",
    "Ms": "*S(C)(=O)=O", "Ts": "*S(=O)(=O)c1ccc(C)cc1", "Boc": "*C(=O)OC(C)(C)C",
    "Cbz": "*C(=O)OCc1ccccc1", "TMS": "*[Si](C)(C)C", "SiMe3": "*[Si](C)(C)C",
    "SiMe2Ph": "*[Si](C)(C)c1ccccc1", "SiMe2OtBu": "*[Si](C)(C)OC(C)(C)C",
    "TBS": "*[Si](C)(C)C(C)(C)C", "Bpin": "*B1OC(C)(C)C(C)(C)O1", "4-pentenoyl": "*C(=O)CCC=C",
    "NVOC": "*C(=O)OCc1cc(OC)c(OC)cc1[N+](=O)[O-]",
}  # fmt: skip
"""Groups by their printed abbreviation, each written from its attachment point `*`."""

_RINGS: dict[str, str] = {
    "2-pyridyl": "*c1ccccn1", "3-pyridyl": "*c1cccnc1", "4-pyridyl": "*c1ccncc1",
    "pyridyl": "*c1ccccn1", "2-furyl": "*c1ccco1", "3-furyl": "*c1ccoc1", "furyl": "*c1ccco1",
    "2-thienyl": "*c1cccs1", "3-thienyl": "*c1ccsc1", "thienyl": "*c1cccs1",
    "1-naphthyl": "*c1cccc2ccccc12", "2-naphthyl": "*c1ccc2ccccc2c1", "naphthyl": "*c1ccc2ccccc2c1",
}  # fmt: skip
"""Ring substituents named in words; an unnumbered one takes its usual (2-) position."""

_PARA_WORDS = {"o": "2", "m": "3", "p": "4", "ortho": "2", "meta": "3", "para": "4"}
_ARYL_SUFFIX = re.compile(r"-?(?:C6H[2345]|Ph|phenyl)$")
_ARYL_PART = re.compile(r"^(?P<locants>\d(?:,\d)*|[omp])-(?P<group>[A-Za-z][A-Za-z0-9]*)$")
_ARYL_SPLIT = re.compile(r"-(?=(?:\d(?:,\d)*|[omp])-)")
"""Substituted phenyls: '4-F-C6H4', '4-FC6H4', 'p-ClPh', '3,4-Cl2C6H3', '4-MeOC6H4'."""
_LOCANT_VALUE = re.compile(r"^(?P<locants>\d(?:,\d)*|o|m|p|ortho|meta|para)-(?P<group>.+)$")
_MULTIPLIER = re.compile(r"^(?P<group>[A-Z][a-z]?)(?P<count>[2-5])$")
_OCR_FIXES: tuple[tuple[str, str], ...] = (
    ("NOz", "NO2"), ("NO>z", "NO2"), ("NOa", "NO2"), ("COz", "CO2"), ("CF;", "CF3"),
    ("CFs", "CF3"), ("CF:", "CF3"), ("'Bu", "tBu"), ("ᵗBu", "tBu"), ("t-Bu", "tBu"),
    ("i-Pr", "iPr"), ("IBu", "tBu"), ("n-Pr", "nPr"), ("n-Bu", "nBu"), ("c-Hex", "cyHex"),
)  # fmt: skip
"""Slips OCR makes in formula subscripts and superscript prefixes, and the fix."""
_ONE_GLYPH_IODO = {"1", "l", "|"}
"""A one-glyph value read as one of these is iodine: no substituent is called '1'."""
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def clean_value(text: str) -> str:
    """A substituent as printed, with spaces, subscripts and OCR's formula slips repaired."""
    value = text.translate(_SUBSCRIPTS).strip().strip(".;:,").replace(" ", "")
    value = value.replace("−", "-").replace("–", "-")
    for wrong, right in _OCR_FIXES:
        value = value.replace(wrong, right)
    if value.endswith("!"):
        value = value[:-1] + "l"  # '4-pentenoy!': OCR's l
    if value in _ONE_GLYPH_IODO:
        return "I"
    return value


def _lookup(name: str) -> str | None:
    for table in (_ALKYL_AND_HETERO, _RINGS):
        if name in table:
            return table[name]
    folded = {key.lower(): smiles for key, smiles in (*_ALKYL_AND_HETERO.items(), *_RINGS.items())}
    if name.lower() in folded and len(name) > 2:  # "ph" is not "pH"; short names stay exact
        return folded[name.lower()]
    return None


def _phenyl(value: str) -> str | None:
    """A substituted phenyl with its locants ('4-F-C6H4', '3,4-Cl2C6H3', 'p-ClPh')."""
    prefix = _ARYL_SUFFIX.sub("", value)
    if prefix == value or not prefix:
        return None
    ring: dict[int, str] = {}
    for part in _ARYL_SPLIT.split(prefix.rstrip("-")):
        match = _ARYL_PART.match(part)
        if match is None:
            return None
        locants = [int(_PARA_WORDS.get(x, x)) for x in match.group("locants").split(",")]
        group = match.group("group")
        multiplied = _MULTIPLIER.match(group)
        if multiplied and int(multiplied.group("count")) == len(locants):
            group = multiplied.group("group")
        fragment = _ALKYL_AND_HETERO.get(group)
        if fragment is None or group == "H" or any(not 2 <= p <= 6 for p in locants):
            return None
        for locant in locants:
            ring[locant] = fragment[1:]  # written from the attachment atom: a branch
    atoms = "".join(f"c({ring[p]})" if p in ring else "c" for p in range(2, 7))
    return f"*c1{atoms}1"


def substituent_smiles(text: str) -> str | None:
    """The fragment SMILES (one attachment point `*`) of a printed substituent, or None.

    >>> substituent_smiles("CO2Me")
    '*C(=O)OC'
    >>> substituent_smiles("4-F-C6H4")
    '*c1ccc(F)cc1'
    """
    value = clean_value(text)
    found = _lookup(value)
    if found is not None:
        return found
    return _phenyl(value)


def ring_locant(text: str) -> str | None:
    """The ring position a value gives ('4' for '4-F', 'm' for 'm-Cl'), else None.

    A substituted aryl ('4-F-C6H4') names its own ring, so it has none; a numbered ring
    substituent ('2-naphthyl') is a whole group, so it has none either.
    """
    value = clean_value(text)
    if substituent_smiles(value) is not None:
        return None
    match = _LOCANT_VALUE.match(value)
    return match.group("locants") if match else None


@dataclass(frozen=True)
class RGroupResolution:
    """A row's full SMILES from its scaffold and substituents, or None with the reason."""

    smiles: str | None
    reason: str | None = None
    backend: str = RGROUP_BACKEND


def _dummy_names(molecule: Any, names: list[str]) -> dict[int, str] | str:
    """Which R group each dummy atom is, or the reason it cannot be told."""
    dummies = [atom for atom in molecule.GetAtoms() if atom.GetAtomicNum() == 0]
    if not dummies:
        return "the scaffold reading has no attachment point"
    labelled = {atom.GetIdx(): f"R{atom.GetIsotope()}" for atom in dummies if atom.GetIsotope()}
    if len(labelled) == len(dummies) and set(labelled.values()) <= set(names):
        return labelled
    if len(names) == 1 and len(dummies) == 1:
        return {dummies[0].GetIdx(): names[0]}
    if len(dummies) != len(names):
        return (
            f"the scaffold reading has {len(dummies)} unresolved atoms (R groups, or "
            f"abbreviations the reader could not expand), the row names {len(names)} "
            f"group(s) ({', '.join(names)})"
        )
    return "the scaffold reading does not say which attachment point is which group"


def resolve_rgroups(
    scaffold_smiles: str | None, substituents: Mapping[str, str]
) -> RGroupResolution:
    """Replace the scaffold's attachment points by the row's substituents.

    Args:
        scaffold_smiles: The scaffold's SMILES with its R groups as dummy atoms (`*`, or
            `[1*]` for R1 as OpenChemIE writes them); None when it could not be read.
        substituents: R-group name -> value as printed ({'R1': '4-F-C6H4'}).

    Returns:
        The canonical SMILES, or None and the reason.

    >>> resolve_rgroups("*c1ccccc1", {"R": "OMe"}).smiles
    'COc1ccccc1'
    """
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]
    if not scaffold_smiles:
        return RGroupResolution(None, "the scaffold could not be read (no OCSR reading)")
    if not substituents:
        return RGroupResolution(None, "the row gives no substituent")
    molecule = Chem.MolFromSmiles(scaffold_smiles)
    if molecule is not None and any(name.startswith("Ar") for name in substituents):
        molecule = _aryl_slips(molecule)
    if molecule is None:
        return RGroupResolution(
            None, f"RDKit cannot parse the scaffold reading {scaffold_smiles!r}"
        )
    if "n" in substituents:
        return RGroupResolution(
            None, f"n = {substituents['n']} is a repeat count: repeat units are not resolved"
        )
    names = list(substituents)
    values = {name: clean_value(value) for name, value in substituents.items()}
    fragments: dict[str, str] = {}
    for name, value in values.items():
        if (locant := ring_locant(value)) is not None:
            return RGroupResolution(
                None,
                f"{name} = {value} gives a ring position ({locant}-): placing it needs the "
                "ring's numbering, which the scaffold reading does not keep",
            )
        fragment = substituent_smiles(value)
        if fragment is None:
            return RGroupResolution(None, f"{name} = {value}: not in the substituent vocabulary")
        fragments[name] = fragment
    if len(set(values.values())) == 1 and len(names) > 1:
        # 'R, R' = H': every attachment point takes the same group, so which is which
        # does not matter.
        dummies = [a.GetIdx() for a in molecule.GetAtoms() if a.GetAtomicNum() == 0]
        if len(dummies) == len(names):
            assignment: dict[int, str] | str = dict(zip(dummies, names, strict=True))
        else:
            assignment = _dummy_names(molecule, names)
    else:
        assignment = _dummy_names(molecule, names)
    if isinstance(assignment, str):
        return RGroupResolution(None, assignment)
    return _zip(molecule, assignment, fragments)


def _aryl_slips(molecule: Any) -> Any:
    """OSRA reads an 'Ar' label as aluminium: with an Ar group named, Al is the dummy."""
    from rdkit import Chem

    if any(a.GetAtomicNum() == 0 for a in molecule.GetAtoms()):
        return molecule
    editable = Chem.RWMol(molecule)
    for atom in editable.GetAtoms():
        if atom.GetSymbol() == "Al" and atom.GetDegree() == 1:
            atom.SetAtomicNum(0)
            atom.SetNumExplicitHs(0)
            atom.SetNoImplicit(True)
    return editable.GetMol()


def _zip(molecule: Any, assignment: dict[int, str], fragments: dict[str, str]) -> RGroupResolution:
    """Join each fragment at its dummy atom (atom-map numbers pair the two ends)."""
    from rdkit import Chem

    editable = Chem.RWMol(molecule)
    for map_number, index in enumerate(sorted(assignment), start=1):
        atom = editable.GetAtomWithIdx(index)
        atom.SetIsotope(0)
        atom.SetAtomMapNum(map_number)
    combined = editable.GetMol()
    for map_number, index in enumerate(sorted(assignment), start=1):
        fragment = Chem.MolFromSmiles(
            fragments[assignment[index]].replace("*", f"[*:{map_number}]")
        )
        if fragment is None:
            return RGroupResolution(
                None, f"internal vocabulary SMILES for {assignment[index]} is invalid"
            )
        combined = Chem.CombineMols(combined, fragment)
    try:
        zipped = Chem.molzip(combined)
        zipped = Chem.RemoveHs(zipped)
        Chem.SanitizeMol(zipped)
    except (ValueError, RuntimeError) as problem:  # RDKit raises these on bad valences
        return RGroupResolution(None, f"RDKit could not join the groups: {problem}")
    return RGroupResolution(Chem.MolToSmiles(zipped))
