"""Ink masks (chemx.ink): absolute and paper-relative thresholds, one helper."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from chemx.ink import black_ink, coloured_ink, grey_levels, ink_mask, paper_level


def test_absolute_level_is_strictly_darker() -> None:
    grey = np.array([[0, 127, 128, 255]], dtype=np.uint8)
    assert ink_mask(grey, level=128).tolist() == [[True, True, False, False]]


def test_margin_is_measured_from_the_paper() -> None:
    grey = np.full((10, 10), 200, dtype=np.uint8)  # grey paper, as in a scan
    grey[0, :3] = (171, 170, 169)
    assert paper_level(grey) == 200.0
    mask = ink_mask(grey, margin=30)
    assert mask[0, :3].tolist() == [False, False, True] and int(mask.sum()) == 1
    assert int(ink_mask(grey, margin=30, background=255).sum()) == 100


def test_a_pil_image_is_read_as_pil_grey() -> None:
    image = Image.new("RGB", (4, 2), (255, 255, 255))
    image.putpixel((1, 1), (0, 0, 255))  # pure blue: PIL's L is 29
    assert grey_levels(image)[1, 1] == 29
    assert ink_mask(image, level=128).sum() == 1


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"level": 128, "margin": 30}, {"level": 128, "background": 255.0}],
)
def test_exactly_one_threshold(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="ink_mask"):
        ink_mask(np.zeros((2, 2), dtype=np.uint8), **kwargs)


def test_a_colour_array_is_refused_with_the_fix() -> None:
    with pytest.raises(ValueError, match="2-D grey array"):
        ink_mask(np.zeros((2, 2, 3), dtype=np.uint8), level=128)


def test_doctests() -> None:
    import doctest

    from chemx import ink

    assert doctest.testmod(ink).failed == 0


def test_coloured_strokes_become_black_ink_and_only_they_count_as_colour() -> None:
    image = Image.new("RGB", (5, 1), (255, 255, 255))
    for x, colour in enumerate([(46, 158, 74), (0, 0, 0), (120, 120, 120), (230, 230, 230)]):
        image.putpixel((x, 0), colour)  # green, black, grey, near-white
    assert coloured_ink(image, 60).tolist() == [[True, False, False, False, False]]
    black = black_ink(image, 60)
    assert black.mode == "RGB"
    assert [black.getpixel((x, 0))[0] for x in range(5)] == [0, 0, 0, 255, 255]
