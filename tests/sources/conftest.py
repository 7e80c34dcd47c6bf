"""Fixtures for the parser tests: JATS articles with figures written into tmp_path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chemx.sources._base import SourceDocument
from tests.sources._helpers import DEFAULT_BODY, write_jats


@pytest.fixture
def jats_with_figure(tmp_path: Path) -> Callable[..., SourceDocument]:
    """Write an article whose Figure 1 has `href`, and the image file when bytes are given."""

    def make(href: str, data: bytes | None, file_name: str | None = None) -> SourceDocument:
        if data is not None:
            (tmp_path / (file_name or href)).write_bytes(data)
        return write_jats(tmp_path, DEFAULT_BODY.replace("{href}", href))

    return make
