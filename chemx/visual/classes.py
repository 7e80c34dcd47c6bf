"""The four figure classes of the ChemExplain visual stage (seed 002, appendix C.1)."""

from __future__ import annotations

from enum import StrEnum


class FigureClass(StrEnum):
    """What a figure shows, which decides how it is segmented."""

    SINGLE_MOLECULE = "single_molecule"
    MULTIPLE_MOLECULES = "multiple_molecules"
    REACTION_SCHEME = "reaction_scheme"
    NON_CHEMISTRY = "non_chemistry"


FIGURE_CLASSES: tuple[FigureClass, ...] = tuple(FigureClass)
"""Class order of the classifier's output layer; never reorder (checkpoints depend on it)."""
