"""Choosing a segmentation backend never imports the others' stacks."""

from __future__ import annotations

import subprocess
import sys


def test_building_the_classical_backends_loads_neither_decimer_nor_rxnscribe() -> None:
    code = (
        "import sys\n"
        "from chemx.registry import REGISTRY, BackendContext, BackendKind\n"
        "from chemx.settings import VisualSettings\n"
        "context = BackendContext(VisualSettings())\n"
        "REGISTRY.build(BackendKind.SEGMENTER, 'classical', context)\n"
        "REGISTRY.build(BackendKind.REACTION_PARSER, 'classical', context)\n"
        "print(sorted(m for m in sys.modules if m.startswith('chemx.visual.segmentation.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "classical" in loaded
    assert "decimer" not in loaded and "rxnscribe" not in loaded
