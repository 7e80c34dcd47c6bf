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
member with fewer is a part drawn for the series. OSRA finds nothing in some scaffolds
(a bare chain ending in "[Si]"); then the drawings' ink decides, at one scale within a
figure: a whole member has at least the scaffold's ink less its placeholder's, so one
with under `INK_SHARE` of it is a part. On the real table that prompted this (jacs.2c12311
Table 3) the members' ink was 27-82 % of the scaffold's, and a whole member with H in
place of the placeholder would have about 80 %: the ink rule takes only the two smallest.
A table draws its members one way, so once two members of a range are parts, the others
are too unless they are larger than the scaffold (`MIN_PARTS_FOR_TABLE`): that takes the
other two labelled members (6 and 9) of that table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from chemx.ink import ink_mask
from chemx.labels.grammar import range_labels as grammar_range_labels
from chemx.labels.normalise import normalise_label

PLACEHOLDER_ATOMS = 1
"""Heavy atoms a scaffold's placeholder may add to its reading ('[Si]', 'R' read as an
atom): a whole member may have that many fewer than the scaffold."""


MIN_PARTS_FOR_TABLE = 2
"""Members of one range found smaller than their scaffold that show the table draws its
members as parts. jacs.2c12311 Table 3 draws all seven silyl groups of "3–9" alone; size
alone took 3 and 4 (27-47 % of the scaffold's ink), while 6 and 9, a tolyl- and a
siloxy-silyl group, have 82 % and 76 % of it: within the 80 % a whole member with H in
place of the group would have, so size alone cannot tell them."""
INK_SHARE = 0.5
"""A member drawing with less than this share of its scaffold's ink is a part of it."""
INK_LEVEL = 128
"""Grey level below which a pixel is ink, for the ink comparison."""


@dataclass(frozen=True)
class DrawingSize:
    """How big a drawing is: its reading's heavy atoms (None when unread) and its ink."""

    heavy_atoms: int | None
    ink: int


@dataclass(frozen=True)
class SeriesScaffold:
    """A drawing labelled with a range of compounds, and its size."""

    members: frozenset[str]
    range_text: str
    size: DrawingSize


def range_labels(raw: str | None) -> list[str] | None:
    """The compound labels a printed range names ('3–9', '2a-c'), or None."""
    if not raw:
        return None
    text = normalise_label(raw.split(",")[0], allow_ranges=True)
    return grammar_range_labels(text) if text else None


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


def ink_pixels(image: Image.Image) -> int:
    """Pixels of ink in a drawing (`INK_LEVEL`)."""
    return int(ink_mask(image, level=INK_LEVEL).sum())


def substituent_drawings(
    scaffolds: Sequence[SeriesScaffold], members: Mapping[str, tuple[str, DrawingSize]]
) -> dict[str, str]:
    """Member drawing -> why it is a substituent, for drawings labelled inside a range.

    `members` maps a drawing (its structure id) to its label and size. A member is a part
    when it is smaller than its scaffold (`_smaller`); once `MIN_PARTS_FOR_TABLE` members
    of one range are, the rest of that range are parts too unless larger than the
    scaffold (`_larger`): a table draws its members one way.
    """
    found = {}
    for scaffold in scaffolds:
        in_range = {key: m for key, m in members.items() if m[0] in scaffold.members}
        parts = {
            key: why
            for key, (_, size) in in_range.items()
            if (why := _smaller(size, scaffold.size))
        }
        if len(parts) >= MIN_PARTS_FOR_TABLE:
            shown = ", ".join(sorted(in_range[key][0] for key in parts))
            for key, (_, size) in in_range.items():
                if key not in parts and not _larger(size, scaffold.size):
                    parts[key] = (
                        f"members {shown} of the same table are drawn as parts, and this "
                        "drawing is no larger than the scaffold"
                    )
        for key, why in parts.items():
            label = in_range[key][0]
            found[key] = (
                f"drawn for the series {scaffold.range_text!r}: {why}, so it is the "
                f"group that fills the scaffold's placeholder, not compound {label} whole"
            )
    return found


def _larger(member: DrawingSize, scaffold: DrawingSize) -> bool:
    """Whether the member is measurably larger than its scaffold (so it holds it whole)."""
    if member.heavy_atoms is not None and scaffold.heavy_atoms is not None:
        return member.heavy_atoms > scaffold.heavy_atoms
    return member.ink > scaffold.ink


def _smaller(member: DrawingSize, scaffold: DrawingSize) -> str | None:
    """How the member is too small to hold the scaffold, or None."""
    if member.heavy_atoms is not None and scaffold.heavy_atoms is not None:
        if member.heavy_atoms < scaffold.heavy_atoms - PLACEHOLDER_ATOMS:
            return (
                f"{member.heavy_atoms} heavy atoms read, fewer than its scaffold's "
                f"{scaffold.heavy_atoms}"
            )
        return None
    if member.ink < INK_SHARE * scaffold.ink:  # one of the two is unread
        return (
            f"{member.ink} px of ink, under {INK_SHARE:.0%} of its scaffold's {scaffold.ink} "
            "(one of the two drawings has no reading)"
        )
    return None
