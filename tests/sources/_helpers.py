"""Small JATS articles and images for the parser tests (plain helpers, no fixtures)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from chemx.sources._base import SourceDocument

CORPUS_ID = "cor_0000000000000000"

JATS_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article">
  <front>
    <journal-meta>
      <journal-title-group><journal-title>Test Journal</journal-title></journal-title-group>
      <issn pub-type="ppub">1111-1111</issn>
      <issn pub-type="epub">2222-2222</issn>
    </journal-meta>
    <article-meta>
      <article-id pub-id-type="pmc">123</article-id>
      <article-id pub-id-type="doi">10.5555/Test.1</article-id>
      <title-group><article-title>A test&#xAD;ing   article</article-title></title-group>
      <pub-date pub-type="ppub"><month>3</month><year>2020</year></pub-date>
      <pub-date pub-type="epub"><day>5</day><month>2</month><year>2020</year></pub-date>
      <permissions>
        <license xlink:href="https://creativecommons.org/licenses/by/4.0/"><license-p>CC BY</license-p></license>
      </permissions>
      <abstract><p>We made <bold>3c</bold>. It is shown in Fig. 1b.</p></abstract>
    </article-meta>
  </front>
  <body>
    <sec><title>Results</title>
      {body}
    </sec>
  </body>
</article>
"""

DEFAULT_BODY = """
      <p>The scheme (<xref ref-type="fig" rid="fig1">Figure 1a</xref>) gives <bold>2a</bold>.
         Then <bold>2a</bold> gave <bold>3c</bold> (Fig. 1c).</p>
      <fig id="fig1"><label>Figure 1</label>
        <caption><title>Synthesis.</title><p>Route to <bold>3c</bold>.</p></caption>
        <graphic xlink:href="{href}"/>
      </fig>
"""


def write_jats(folder: Path, body: str, name: str = "paper.nxml") -> SourceDocument:
    """Write a JATS article with `body` inside its one section; return the document."""
    path = folder / name
    path.write_text(JATS_TEMPLATE.replace("{body}", body), encoding="utf-8")
    return SourceDocument(path=path, format="jats", display_name=name)


def image_bytes(
    mode: str = "RGB", size: tuple[int, int] = (64, 48), fmt: str = "PNG", **save: object
) -> bytes:
    """A small image with some content, encoded as `fmt`."""
    color: object = {"RGB": (200, 30, 30), "L": 90, "1": 1, "CMYK": (0, 200, 200, 0)}.get(mode, 3)
    image = Image.new(mode, size, color)  # type: ignore[arg-type]
    buffer = io.BytesIO()
    image.save(buffer, fmt, **save)
    return buffer.getvalue()
