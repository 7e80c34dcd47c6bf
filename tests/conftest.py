"""Shared fixtures: small, real JATS/PDF inputs generated on the fly."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

REPO = Path(__file__).resolve().parents[1]


def shared_realworld() -> Path | None:
    """The shared real-file folder: beside the repository (CI) or at /work/shared."""
    for candidate in (REPO.parent / "shared" / "realworld", Path("/work/shared/realworld")):
        if candidate.is_dir():
            return candidate
    return None


pytest_plugins = ["tests.fakes.fixtures"]
"""The fake OpenAI-compatible server and its configs, for any test that calls a model."""


def png_bytes(width: int = 120, height: int = 80, text: str = "1") -> bytes:
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.line((10, 10, width - 10, height - 20), fill="black", width=3)
    draw.text((width // 2, height - 15), text, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def bomb_png_bytes(width: int = 10_000, height: int = 10_000) -> bytes:
    """A valid PNG header declaring a huge 1-bit image, a few KB on disk."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    row = b"\x00" + b"\xff" * ((width + 7) // 8)
    pixels = zlib.compress(row * height, 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def jats_text(
    doi: str,
    title: str = "Ring strain in a sample lactam",
    figures: tuple[tuple[str, str], ...] = (("f1", "img1.png"),),
    sentences: tuple[str, ...] = (
        'Compound <bold>1</bold> was prepared as shown in <xref ref-type="fig" rid="f1">Fig. 1</xref>.',
        "Its strained ring opens readily because the amide bond is twisted.",
    ),
) -> str:
    figs = "".join(
        f'<fig id="{key}"><label>Figure {i + 1}</label><caption><p>Structure of '
        f'<bold>{i + 1}</bold>.</p></caption><graphic xlink:href="{href}"/></fig>'
        for i, (key, href) in enumerate(figures)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<article xmlns:xlink="http://www.w3.org/1999/xlink"><front><journal-meta>'
        "<journal-title-group><journal-title>Test Journal</journal-title></journal-title-group>"
        '<issn pub-type="epub">1234-5679</issn></journal-meta><article-meta>'
        f'<article-id pub-id-type="doi">{doi}</article-id>'
        f"<title-group><article-title>{title}</article-title></title-group>"
        '<pub-date pub-type="epub"><day>2</day><month>3</month><year>2024</year></pub-date>'
        '<permissions><license xlink:href="https://creativecommons.org/licenses/by/4.0/">'
        "<license-p>CC BY</license-p></license></permissions></article-meta></front>"
        f"<body><sec><title>Results</title><p>{' '.join(sentences)}</p>{figs}</sec></body></article>"
    )


def write_paper(folder: Path, name: str, doi: str, *, image: bytes | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.nxml"
    path.write_text(jats_text(doi, figures=(("f1", f"{name}_f1.png"),)), encoding="utf-8")
    (folder / f"{name}_f1.png").write_bytes(image if image is not None else png_bytes(text=name))
    return path


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
