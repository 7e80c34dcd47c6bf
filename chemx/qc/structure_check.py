"""QC 1: keep valid 2-D structure drawings that carry an identifier; reject the rest.

The classifier and the segmenter pass on some crops that are not skeletal formulas: a
ball-and-stick rendering in a graphical abstract, a crystal-packing view, a micrograph
panel, a workflow box, a speck of ink. Each is rejected here with a stable reason code,
a sentence naming what was measured, and the measurements themselves (they go into the
`Decision` scores, so a threshold can be re-tuned later from the store alone).

A 2-D structure drawing is line art: mostly white, thin dark strokes whose grey levels
other than black only occur on stroke edges (anti-aliasing), straight bonds at many
angles, a handful of connected components. Each rejection names the property it breaks:

=================  =================================================================
reason             test (see the named thresholds)
=================  =================================================================
``too_small``      a side below `MIN_SIDE_PX` or ink area below `MIN_INK_PIXELS`
``blank``          almost no ink (`MIN_INK_FRACTION`) or no contrast
``photo``          few white pixels (`PHOTO_MAX_WHITE`) and a spread-out histogram
                   (`PHOTO_MIN_ENTROPY`) or a dark field (`PHOTO_MIN_DARK`):
                   photographs, micrographs, heat maps, blots
``rendering_3d``   mid-grey pixels in smooth regions (`RENDER_MIN_SMOOTH_MIDTONE`) on
                   paper (`RENDER_MIN_WHITE`): shaded spheres and gradients, which
                   line art never has (checked before ``photo``)
``crystal_packing`` very many components (`PACKING_MIN_COMPONENTS`) or ink that
                   repeats itself at many shifts in many directions
                   (`PACKING_MIN_PEAKS`, `PACKING_MIN_DIRECTIONS`): a lattice
``schematic``      closed axis-aligned boxes with text inside (`SCHEMATIC_MIN_BOXES`)
                   and few oblique strokes (`SCHEMATIC_MAX_OBLIQUE`): flow charts
``no_identifier``  the drawing is fine but no compound label was found for it
``ok``             accepted
=================  =================================================================

How the thresholds were chosen: the statistics were measured on five accept sets (RDKit
drawings in black-and-white and colour at several sizes and line widths, every gold crop
of the sample corpus, the structure boxes of RxnScribe's real ACS schemes, the MolScribe
crops) and on the reject sets of `tests/qc/test_structure_check.py` (synthetic
ball-and-stick renderings, lattices of repeated motifs, noise and PubLayNet photo and
micrograph regions, box-and-arrow schematics, blank and tiny images), then checked on
a held-out draw of 160 RDKit drawings (PNG and JPEG) and 90 new reject images (all
right but one rendering called a photo). Each threshold sits near the middle of the gap
between the worst accepted and the best rejected value; the values seen are quoted next
to each constant. Two gaps are narrow (the lattice peak counts, and the white share that
tells a rendering from a photo, where a miss only changes which rejection is named).

The statistics are measured in `chemx.qc._image_stats` (`measure`); this module holds
the rule that reads them, its thresholds and the QC 1 `Decision`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image

from chemx.provenance.decisions import decide
from chemx.qc._image_stats import measure
from chemx.records import Decision, Gate, Verdict
from chemx.visual.identifiers._base import IdentifierResult

QC1_BACKEND = "qc1-image-stats"

# -- geometry -----------------------------------------------------------------------------

MIN_SIDE_PX = 12
"""A bond drawn at 8 px is already illegible; the smallest real crop (methanol, 'H3C-OH'
at sample size) is 18 px tall."""
MIN_INK_PIXELS = 40
"""Fewer dark pixels than this cannot form one bond and one atom symbol."""

# -- decisions ----------------------------------------------------------------------------

MIN_INK_FRACTION = 0.002
"""Blank: under 0.2 % dark pixels (drawings: 2-20 %)."""
MIN_CONTRAST = 60
"""Blank: the darkest pixels are within this many grey levels of the paper ('darkest':
`chemx.qc._image_stats.CONTRAST_DARK_PERCENTILE`)."""
PHOTO_MAX_WHITE = 0.6
"""Photos have few paper-white pixels: drawings 0.83-0.98 in every accept set; photos,
micrographs, CT slices, heat maps and blots 0-0.36 (PubLayNet regions, synthetic)."""
PHOTO_MIN_ENTROPY = 3.3
"""... and a spread-out grey histogram, in bits (drawings 0.2-2.7, JPEG included;
photos 3.8-7.6)."""
PHOTO_MIN_DARK = 0.5
"""... or, instead of a spread histogram, mostly dark pixels: a fluorescence panel is
a black field with faint structure (entropy 3.8 but 95 % below the ink level)."""
RENDER_MIN_WHITE = 0.38
"""A rendering is a shaded object on paper (white 0.40-0.62 for the synthetic balls and
sticks); shaded pictures without paper around them (CT slices 0.0-0.02, a blot 0.36)
are photos."""
RENDER_MIN_SMOOTH_MIDTONE = 0.06
"""Share of non-white pixels that are mid-grey in a smooth region (drawings at most
0.02, JPEG included; shaded spheres 0.22-0.50; the gradient-filled network cartoon of
DECIMER's graphical abstract 0.07-0.09). A flat mid-tone fill behind a drawing would
also count, which journals rarely print behind a single structure."""
PACKING_MIN_COMPONENTS = 80
"""A drawing has one component per fragment plus one per atom-symbol letter: at most 33
in every accept set (RDKit, sample, RxnScribe); tiled packings of small molecules have
170+. A 2-D structure with 80 separate pieces of ink would be unreadable anyway."""
PACKING_MIN_PEAKS = 10
"""Lattices gave 11-29 peaks; single molecules at most 8 (pentacene: v, 2v, ... along
its axis), RDKit and sample crops at most 4. A narrow gap: the direction count below
must agree."""
PACKING_MIN_DIRECTIONS = 5
"""... in 5-9 direction bins; single molecules in at most 4 (anthracene)."""
SCHEMATIC_MIN_BOXES = 1
"""Closed axis-aligned rectangles with something inside (an empty square is a ring)."""
SCHEMATIC_MIN_BOXES_FIRST = 2
"""From this many boxes the schematic test runs before the lattice test."""
SCHEMATIC_MAX_OBLIQUE = 0.2
"""Share of straight-stroke length at oblique angles (skeletal formulas 0.40-0.98 since
bonds run at 30/150 degrees; flow charts with orthogonal arrows at most 0.02; an
all-horizontal Ph-C≡C-Ph has 0.0 but no box)."""


@dataclass(frozen=True)
class StructureVerdict:
    """QC 1's verdict on one crop: accepted or not, why, and what was measured."""

    accepted: bool
    reason: str
    """Stable code: 'ok', 'too_small', 'blank', 'photo', 'rendering_3d',
    'crystal_packing', 'schematic', 'no_identifier', 'scaffold' or 'substituent' (a group
    drawn for a series' member, `chemx.visual.series_members`)."""
    detail: str
    scores: dict[str, float] = field(default_factory=dict)


def check_structure(
    crop_image: Image.Image, identifier: IdentifierResult | None
) -> StructureVerdict:
    """Decide whether a crop is a 2-D structure drawing with an identifier.

    Args:
        crop_image: The crop, any PIL mode (alpha is flattened onto white).
        identifier: What the identifier stage found for it; None or an identifier of
            None rejects an otherwise good drawing as 'no_identifier'.

    Returns:
        The verdict with every statistic that was measured in `scores`.
    """
    rgb = _to_rgb(crop_image)
    width, height = rgb.size
    scores: dict[str, float] = {"width": float(width), "height": float(height)}
    if min(width, height) < MIN_SIDE_PX:
        return _reject(
            "too_small", f"crop is {width}x{height} px, under {MIN_SIDE_PX} px a side", scores
        )
    scores.update(measure(rgb))
    if (
        scores["smooth_midtone"] >= RENDER_MIN_SMOOTH_MIDTONE
        and scores["white_fraction"] >= RENDER_MIN_WHITE
    ):
        return _reject(
            "rendering_3d",
            f"looks like a 3-D rendering: {scores['smooth_midtone']:.0%} of the drawing is "
            "smoothly shaded mid-grey (line art has grey only on stroke edges)",
            scores,
        )
    if scores["white_fraction"] < PHOTO_MAX_WHITE and (
        scores["entropy"] >= PHOTO_MIN_ENTROPY or scores["ink_fraction"] >= PHOTO_MIN_DARK
    ):
        return _reject(
            "photo",
            f"looks like a photo or micrograph: {scores['white_fraction']:.0%} white pixels, "
            f"grey histogram entropy {scores['entropy']:.1f} bits",
            scores,
        )
    if scores["contrast"] < MIN_CONTRAST or scores["ink_fraction"] < MIN_INK_FRACTION:
        return _reject(
            "blank",
            f"crop is blank: {scores['ink_fraction']:.2%} dark pixels, contrast "
            f"{scores['contrast']:.0f} grey levels",
            scores,
        )
    if scores["ink_pixels"] < MIN_INK_PIXELS:
        return _reject(
            "too_small",
            f"only {scores['ink_pixels']:.0f} dark pixels: too little to be a structure",
            scores,
        )
    # Several text boxes decide before the lattice test (a grid of boxes is periodic);
    # a single box only after it (a unit cell drawn round a packing is one box).
    boxed = scores["oblique_fraction"] < SCHEMATIC_MAX_OBLIQUE
    if boxed and scores["boxes"] >= SCHEMATIC_MIN_BOXES_FIRST:
        return _schematic(scores)
    if _is_packing(scores):
        return _reject(
            "crystal_packing",
            f"looks like a crystal packing or lattice: {scores['components']:.0f} components, "
            f"the ink repeats at {scores['repeat_peaks']:.0f} shifts in "
            f"{scores['repeat_directions']:.0f} directions",
            scores,
        )
    if boxed and scores["boxes"] >= SCHEMATIC_MIN_BOXES:
        return _schematic(scores)
    if identifier is None or identifier.identifier is None:
        why = identifier.reason if identifier is not None and identifier.reason else "none found"
        return _reject("no_identifier", f"valid drawing but no compound label: {why}", scores)
    return StructureVerdict(
        True, "ok", f"2-D structure drawing labelled {identifier.identifier!r}", scores
    )


def structure_decision(node_id: str, verdict: StructureVerdict, backend: str) -> Decision:
    """The QC 1 `Decision` for a structure node, with the verdict's scores.

    Args:
        node_id: The structure node the verdict is about.
        verdict: What `check_structure` returned.
        backend: Who decided, e.g. `QC1_BACKEND` (plus the identifier backend if wanted).
    """
    outcome = Verdict.ACCEPT if verdict.accepted else Verdict.REJECT
    return decide(
        node_id, Gate.QC1, outcome, verdict.reason, verdict.detail, backend, dict(verdict.scores)
    )


def _is_packing(scores: dict[str, float]) -> bool:
    repeated = scores["components"] >= PACKING_MIN_COMPONENTS
    lattice = (
        scores["repeat_peaks"] >= PACKING_MIN_PEAKS
        and scores["repeat_directions"] >= PACKING_MIN_DIRECTIONS
    )
    return repeated or lattice


def _to_rgb(image: Image.Image) -> Image.Image:
    if image.mode in ("RGBA", "LA", "PA", "P"):
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        background.alpha_composite(rgba)
        return background.convert("RGB")
    return image.convert("RGB")


def _schematic(scores: dict[str, float]) -> StructureVerdict:
    return _reject(
        "schematic",
        f"looks like a schematic: {scores['boxes']:.0f} box(es) with text, only "
        f"{scores['oblique_fraction']:.0%} of the straight strokes oblique (bonds are)",
        scores,
    )


def _reject(reason: str, detail: str, scores: dict[str, float]) -> StructureVerdict:
    return StructureVerdict(False, reason, detail, scores)


def series_head_verdict(
    verdict: StructureVerdict, label: str, members: Sequence[str]
) -> StructureVerdict:
    """QC 1's verdict for a crop whose bare-number label heads a drawn series ('5': 5a-5s).

    See `chemx.labels.scaffold.series_members`.
    """
    if not verdict.accepted or not members:
        return verdict
    shown = ", ".join(members[:4]) + (", ..." if len(members) > 4 else "")
    return StructureVerdict(
        False,
        "scaffold",
        f"labelled {label!r}: the general structure of the series the paper draws as "
        f"{shown} ({len(members)} members), not one compound",
        verdict.scores,
    )


def scaffold_verdict(verdict: StructureVerdict, labels: Sequence[str]) -> StructureVerdict:
    """QC 1's verdict for a crop drawn with R-group labels: a scaffold, not a compound."""
    if not verdict.accepted or not labels:
        return verdict
    return StructureVerdict(
        False,
        "scaffold",
        f"drawn with group label(s) {', '.join(sorted(set(labels)))}: a scaffold for a "
        "series, not one compound (no table or caption resolves its groups here)",
        verdict.scores,
    )
