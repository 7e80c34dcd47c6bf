"""The name registry: lazy imports and helpful errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from chemx.visual.segmentation import (
    REACTION_PARSERS,
    SEGMENTERS,
    make_reaction_parser,
    make_segmenter,
)


def test_registry_names() -> None:
    assert set(SEGMENTERS) == {"classical", "decimer"}
    assert set(REACTION_PARSERS) == {"classical", "rxnscribe"}
    assert all(":" in target for target in [*SEGMENTERS.values(), *REACTION_PARSERS.values()])


def test_unknown_names_list_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of: classical, decimer"):
        make_segmenter("yolo")
    with pytest.raises(ValueError, match="choose one of: classical, rxnscribe"):
        make_reaction_parser("reactiondataextractor")


def test_importing_the_package_loads_no_backend() -> None:
    code = (
        "import sys, chemx.visual.segmentation as s; s.make_segmenter('classical'); "
        "print(sorted(m for m in sys.modules if m.startswith('chemx.visual.segmentation.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "classical" in loaded
    assert "decimer" not in loaded and "rxnscribe" not in loaded
