"""The opt-in chemistry layouts: each renders its structures, and only when asked for."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from chemx.devkit import synthetic_layouts
from chemx.devkit.synthetic_figures import SyntheticRenderer
from chemx.devkit.synthetic_layouts import LAYOUT_KINDS
from chemx.visual.classes import FigureClass

POOL = ("CC(=O)Nc1ccc(O)cc1", "Cn1cnc2c1c(=O)n(C)c(=O)n2C", "CC(C)Cc1ccc(C(C)C(=O)O)cc1")
MINIMUM_STRUCTURES = {"energy_profile": 2, "structure_table": 3, "annotated_panels": 1}


@pytest.mark.parametrize("kind", LAYOUT_KINDS)
def test_each_layout_draws_its_structures_the_same_from_the_same_seed(kind: str) -> None:
    draw = getattr(synthetic_layouts, kind)
    image, boxes = draw(SyntheticRenderer(3, pool=POOL, layouts=LAYOUT_KINDS))
    again, boxes_again = draw(SyntheticRenderer(3, pool=POOL, layouts=LAYOUT_KINDS))
    # RDKit's Cairo text can differ by an anti-aliased pixel between calls, nothing more
    assert image.size == again.size and len(boxes) == len(boxes_again)
    assert np.abs(np.array(boxes) - np.array(boxes_again)).max() <= 2
    differ = np.any(np.asarray(image) != np.asarray(again), axis=2)
    assert differ.mean() < 0.01
    assert len(boxes) >= MINIMUM_STRUCTURES[kind]
    grey = np.asarray(image.convert("L"))
    for left, top, right, bottom in boxes:
        assert 0 <= left < right <= image.width and 0 <= top < bottom <= image.height
        assert (grey[top:bottom, left:right] < 128).sum() > 30  # a drawing, not white space


def _fake_layout(renderer: SyntheticRenderer) -> tuple[Image.Image, list[tuple[int, ...]]]:
    raise AssertionError("layout drawn")


@pytest.mark.parametrize(
    ("kind", "figure_class"),
    [
        ("structure_table", FigureClass.MULTIPLE_MOLECULES),
        ("annotated_panels", FigureClass.MULTIPLE_MOLECULES),
        ("energy_profile", FigureClass.REACTION_SCHEME),
    ],
)
def test_a_layout_is_drawn_only_when_the_renderer_asks_for_it(
    kind: str, figure_class: FigureClass, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default renderer never reaches the new layouts (its training set is unchanged)."""
    monkeypatch.setattr(synthetic_layouts, kind, _fake_layout)
    default = SyntheticRenderer(1, pool=POOL)
    for _ in range(25):
        default.render(figure_class)
    asking = SyntheticRenderer(1, pool=POOL, layouts=(kind,))
    with pytest.raises(AssertionError, match="layout drawn"):
        for _ in range(25):
            asking.render(figure_class)


def test_unknown_layouts_are_refused() -> None:
    with pytest.raises(ValueError, match="not synthetic layouts"):
        SyntheticRenderer(0, pool=POOL, layouts=("energy_profile", "hologram"))
