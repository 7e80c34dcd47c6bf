"""A second witness on whether a figure draws chemistry: OSRA over the whole figure.

The ResNet-50 has only seen synthetic renders, and on journal figures it is unsure of
busy, coloured panels: a scheme with tinted boxes and call-outs, a DFT profile with its
structures, a scope table with colour-coded groups (on the 13 journal PDFs, 10 of the
121 display items that draw structures were called non-chemistry by image and caption
together). OSRA is a structure recogniser, not an image classifier: on a page of 2-D
drawings it finds molecules, on a plot, a spectrum, a micrograph or a protein cartoon it
finds nothing or small acyclic scraps. So the number of molecules OSRA reads in the
whole figure that are real ring structures (at least `MIN_HEAVY_ATOMS` heavy atoms, at
least one ring) is evidence, added to the image's and the caption's in
`chemx.visual.caption_evidence.decide_class`.

Measured on the 161 hand-labelled real figures (`tests/fixtures/realworld/
figure_classes.json`): of 132 figures that draw chemistry, 96 give one such molecule or
more and 61 give three or more; of 29 non-chemistry figures, 4 give one or two (a gel,
a micrograph, a UV-vis spectrum and a dose-response plot with compounds drawn beside
the curves) and none gives three. Three ring structures is the threshold, a stated
rule chosen on those counts.

It is only run where it could change the verdict (the figure is rejected and the
evidence's weight would carry it over), so a build pays for it on a few figures per
paper; OSRA gets `FIGURE_CPU_LIMIT_S` of CPU per figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from PIL import Image

from chemx.images import on_white

MIN_HEAVY_ATOMS = 7
"""A ring structure counts from this size: OSRA's scraps of axes, text and arrows are
small acyclic chains or three-atom rings."""
MIN_RING_STRUCTURES = 3
"""Ring structures that make the figure's pixels evidence of drawn chemistry."""
FIGURE_CPU_LIMIT_S = 30
"""OSRA's CPU seconds on one whole figure (a large scheme takes 10-15 s)."""
FIGURE_MAX_SIDE_PX = 1200
"""A larger figure is shrunk to this longest side before OSRA reads it. OSRA's time grows
with the pixels: a 2039 x 2220 px scheme of jnatprod.2c00789 used up the 30 s CPU limit
(so it gave no evidence), shrunk to 1200 px it took 14 s and read five ring structures
(1000 px: 7 s, three). Drawings in a figure that large are big enough at this scale."""
FIGURE_TIMEOUT_S = 120.0
"""Wall-clock limit; only a starved process reaches it (then there is no evidence)."""


@dataclass(frozen=True)
class DrawnStructures:
    """The ring structures OSRA read in one figure, or why it read none."""

    count: int | None
    """Molecules with a ring and `MIN_HEAVY_ATOMS` heavy atoms; None when not read."""
    backend: str
    reason: str | None = None
    seconds: float = 0.0


@runtime_checkable
class FigureStructureCounter(Protocol):
    """An OCSR backend that can also read a whole figure (`OsraReader` does)."""

    @property
    def backend(self) -> str:
        """What the decision's scores name."""
        ...

    def count_structures(self, figure: Image.Image) -> DrawnStructures:
        """The ring structures drawn in the whole figure."""
        ...


def ring_structures(stdout: str) -> int:
    """How many of OSRA's SMILES lines are ring structures of `MIN_HEAVY_ATOMS` or more.

    An acyclic chain or a small ring (OSRA's reading of axes, arrows and text) does not
    count; a trailing confidence or bond length after the SMILES is ignored.
    """
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")  # type: ignore[attr-defined]
    count = 0
    for line in stdout.splitlines():
        if not line.strip():
            continue
        molecule = Chem.MolFromSmiles(line.split()[0])
        if molecule is None:
            continue
        ringed = molecule.GetRingInfo().NumRings() > 0
        count += ringed and molecule.GetNumHeavyAtoms() >= MIN_HEAVY_ATOMS
    return count


def count_with_osra(figure: Image.Image, path: str, backend: str) -> DrawnStructures:
    """OSRA over the whole figure: never upscaled, shrunk to `FIGURE_MAX_SIDE_PX`."""
    from chemx.visual.osra_process import run_osra

    image = on_white(figure).convert("RGB")
    if max(image.size) > FIGURE_MAX_SIDE_PX:
        image.thumbnail((FIGURE_MAX_SIDE_PX, FIGURE_MAX_SIDE_PX))
    run = run_osra(
        image,
        path=path,
        timeout_s=FIGURE_TIMEOUT_S,
        cpu_limit_s=FIGURE_CPU_LIMIT_S,
        what="the whole figure",
    )
    if run.failure is not None:
        return DrawnStructures(None, backend, run.failure, run.seconds)
    return DrawnStructures(ring_structures(run.stdout), backend, None, run.seconds)


__all__ = [
    "FIGURE_CPU_LIMIT_S",
    "FIGURE_MAX_SIDE_PX",
    "MIN_HEAVY_ATOMS",
    "MIN_RING_STRUCTURES",
    "DrawnStructures",
    "FigureStructureCounter",
    "count_with_osra",
    "ring_structures",
]
