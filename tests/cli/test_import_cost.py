"""`chemx --help` builds its parser without importing the pipeline or any heavy library."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "chemx.pipeline",
    "chemx.agents",
    "chemx.provenance",
    "chemx.release",
    "torch",
    "sentence_transformers",
    "easyocr",
    "cv2",
    "rdkit",
    "pyarrow",
    "langgraph",
)
"""Imported only when a command runs: each costs from 50 ms to over a second."""


def test_importing_the_cli_imports_nothing_heavy() -> None:
    code = "import json, sys, chemx.cli; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    heavy = sorted(m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY))
    assert heavy == []
    assert "chemx.settings" in loaded and "chemx.registry" in loaded  # what the parser needs
