"""Suite-wide fixtures: small corpora of real JATS/PDF inputs written into tmp_path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests._helpers import bomb_png_bytes, jats_text, png_bytes, write_paper

os.environ["CHEMX_DECIMER_OCSR_PYTHON"] = "none"
"""The suite checks OSRA's readings: DECIMER, where installed, is tested by name only."""

pytest_plugins = ["tests.fakes.fixtures", "tests.generation.fixtures"]
"""The fake OpenAI-compatible server and its configs (for any test that calls a model), and
the session's one default build of the sample corpus (generation, trace, release)."""


@pytest.fixture
def good_corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    for i in range(3):
        write_paper(folder, f"paper{i}", f"10.5555/test.{i}")
    return folder


@pytest.fixture
def bad_corpus(tmp_path: Path) -> Path:
    """One good paper and one of every kind of bad input the build must survive."""
    import pymupdf

    folder = tmp_path / "bad"
    write_paper(folder, "good", "10.5555/good")
    text = jats_text("10.5555/malformed")
    (folder / "malformed.nxml").write_text(text.replace("</sec>", "</section>"), encoding="utf-8")
    (folder / "truncated.nxml").write_text(text[: len(text) // 2], encoding="utf-8")
    latin = jats_text("10.5555/latin", title="Ångström-scale pores").replace(
        '<?xml version="1.0" encoding="UTF-8"?>\n', ""
    )
    (folder / "latin1.nxml").write_bytes(latin.encode("latin-1"))
    (folder / "missing_image.nxml").write_text(
        jats_text("10.5555/missing", figures=(("f1", "nowhere"),)), encoding="utf-8"
    )
    (folder / "corrupt_image.nxml").write_text(
        jats_text("10.5555/corrupt", figures=(("f1", "corrupt.png"),)), encoding="utf-8"
    )
    (folder / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    (folder / "bomb.nxml").write_text(
        jats_text("10.5555/bomb", figures=(("f1", "bomb.png"),)), encoding="utf-8"
    )
    (folder / "bomb.png").write_bytes(bomb_png_bytes())
    encrypted = pymupdf.open()
    encrypted.new_page().insert_text((72, 72), "Secret chemistry. " * 20)
    encrypted.save(
        folder / "encrypted.pdf",
        encryption=pymupdf.PDF_ENCRYPT_AES_256,
        user_pw="user",
        owner_pw="owner",
    )
    scanned = pymupdf.open()
    page = scanned.new_page()
    page.insert_image(page.rect, stream=png_bytes(600, 800))
    scanned.save(folder / "scanned.pdf")
    return folder
