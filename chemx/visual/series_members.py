"""Substituents drawn for a series: a labelled drawing that is only part of its compound.

A scope table may draw its product once with a placeholder ("dodecyl–[Si]", labelled
with the range "3–9") and then, for each member, only the group that fills the
placeholder, labelled with the member's number ("3, 92%" under a trimethylsilyl drawn
with a free bond). Each such drawing carries a real compound label, so it passed QC 1 as
that compound, and an item asked about "compound 4" would show a benzyldimethylsilyl
group instead of benzyl(dimethyl)dodecylsilane. A typical substrate-scope grid looks
the same but draws every member whole.

The two are told apart by size, not layout: a member drawn whole contains the scaffold's
core, so its reading has at least the scaffold's heavy atoms less its placeholder; a
member with fewer is a part drawn for the series. A drawing or scaffold OCSR cannot read
at all is left as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chemx.labels.grammar import RANGE, range_members
from chemx.labels.normalise import normalise_label

PLACEHOLDER_ATOMS = 1
"""Heavy atoms a scaffold's placeholder may add to its reading ('[Si]', 'R' read as an
atom): a whole member may have that many fewer than the scaffold."""


@dataclass(frozen=True)
class SeriesScaffold:
    """A drawing labelled with a range of compounds, and its reading's size."""

    members: frozenset[str]
    range_text: str
    heavy_atoms: int


def range_labels(raw: str | None) -> list[str] | None:
    """The compound labels a printed range names ('3–9', '2a-c'), or None."""
    if not raw:
        return None
    text = normalise_label(raw.split(",")[0], allow_ranges=True)
    found = RANGE.fullmatch(text) if text else None
    return range_members(found) if found else None


def heavy_atoms(smiles: str | None) -> int | None:
    """Heavy atoms of a reading, partial ones too ('*' atoms not counted); None if unread."""
    if not smiles:
        return None
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]
    counts = []
    for part in smiles.replace(".", " ").split():
        molecule = Chem.MolFromSmiles(part, sanitize=False)
        if molecule is None:
            return None
        counts.append(sum(1 for atom in molecule.GetAtoms() if atom.GetAtomicNum() > 1))
    return sum(counts) if counts else None


def substituent_drawings(
    scaffolds: Sequence[SeriesScaffold], members: Mapping[str, tuple[str, int | None]]
) -> dict[str, str]:
    """Member drawing -> why it is a substituent, for drawings labelled inside a range.

    `members` maps a drawing (its structure id) to its label and its reading's heavy atoms.
    """
    found = {}
    for key, (label, size) in members.items():
        for scaffold in scaffolds:
            if label not in scaffold.members or size is None:
                continue
            if size < scaffold.heavy_atoms - PLACEHOLDER_ATOMS:
                found[key] = (
                    f"drawn for the series {scaffold.range_text!r}: {size} heavy atoms read, "
                    f"fewer than its scaffold's {scaffold.heavy_atoms}, so it is the group "
                    f"that fills the scaffold's placeholder, not compound {label} whole"
                )
    return found
