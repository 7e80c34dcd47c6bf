"""The synthetic non-chemistry kinds: each renders, the same seed gives the same pixels."""

from __future__ import annotations

import numpy as np
import pytest

from chemx.devkit.synthetic_figures import (
    CLASSIC_NEGATIVES,
    NEGATIVE_KINDS,
    REAL_NEGATIVES,
    SyntheticRenderer,
)
from chemx.visual.classes import FigureClass

POOL = ("CC(=O)Nc1ccc(O)cc1", "Cn1cnc2c1c(=O)n(C)c(=O)n2C", "CC(C)Cc1ccc(C(C)C(=O)O)cc1")
"""Small molecules, so the 3-D kinds embed in milliseconds."""
REAL_LOOKING = sorted(set(REAL_NEGATIVES) - set(CLASSIC_NEGATIVES))


@pytest.mark.parametrize("kind", REAL_LOOKING)
def test_each_real_looking_kind_renders_the_same_from_the_same_seed(kind: str) -> None:
    first = SyntheticRenderer(11, pool=POOL).render_negative(kind)
    again = SyntheticRenderer(11, pool=POOL).render_negative(kind)
    assert first.mode == "RGB" and first.width >= 100 and first.height >= 60
    assert np.array_equal(np.asarray(first), np.asarray(again))
    pixels = np.asarray(first.convert("L"))
    assert pixels.std() > 5  # something is drawn, not a blank page


def test_the_real_set_names_every_asked_for_kind_and_keeps_the_classic_one() -> None:
    asked = {"ecd_spectrum", "dose_response", "bar_chart", "ortep", "crystal_packing"}
    asked |= {"ball_and_stick", "surface_map", "protein_cartoon", "photo_texture", "toc_art"}
    assert asked <= set(REAL_NEGATIVES) <= set(NEGATIVE_KINDS)
    assert REAL_NEGATIVES[: len(CLASSIC_NEGATIVES)] == CLASSIC_NEGATIVES


def test_the_default_renderer_draws_the_classic_negatives_only() -> None:
    """So the first checkpoint's training set is still reproduced from its seed."""
    assert SyntheticRenderer(0, pool=POOL).negatives == CLASSIC_NEGATIVES
    figure = SyntheticRenderer(5, pool=POOL, negatives=REAL_NEGATIVES).render(
        FigureClass.NON_CHEMISTRY
    )
    assert figure.figure_class is FigureClass.NON_CHEMISTRY and figure.structure_boxes == ()


def test_unknown_kinds_are_refused_before_any_drawing() -> None:
    with pytest.raises(ValueError, match="not synthetic negative kinds"):
        SyntheticRenderer(0, pool=POOL, negatives=("plot", "hologram"))
    with pytest.raises(ValueError, match="unknown synthetic negative 'hologram'"):
        SyntheticRenderer(0, pool=POOL).render_negative("hologram")
