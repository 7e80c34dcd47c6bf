"""Session fixtures: one EasyOCR reader for all tests, the sample corpus's gold."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.visual.identifiers._helpers import SAMPLE


@pytest.fixture(scope="session")
def reader() -> Any:
    """The shared offline EasyOCR reader, loaded once (~5 s) for all tests."""
    from chemx.visual.identifiers.ocr import shared_reader

    return shared_reader()


@pytest.fixture(scope="session")
def sample_gold() -> dict[str, Any]:
    path = SAMPLE / "gold.json"
    if not path.exists():
        pytest.skip("the sample corpus (chemx/data/sample/gold.json) is not generated")
    gold: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return gold
