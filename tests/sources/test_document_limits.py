"""Bounded input and linear work: the document size cap, and operation counts that grow
with the document's size, not with its square (counted, never timed).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from chemx.cli._options import option_parameters
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.store import ProvenanceStore
from chemx.settings import SourceSettings
from chemx.sources import _assemble, _jats_body, _jats_figures, resolve_corpus
from chemx.sources._base import SourceDocument, SourceError, _megabytes
from chemx.sources._jats_figures import _UniqueKeys
from chemx.sources.jats import JatsParser
from tests._helpers import jats_text, png_bytes, write_paper
from tests.sources._helpers import CORPUS_ID, JATS_TEMPLATE

PARAGRAPH = (
    '<p>Compound <bold>{n}a</bold> gave <bold>{n}b</bold> (<xref ref-type="fig" rid="f1">'
    "Fig. 1a</xref>). The nitro group lowers the barrier because it stabilises the anion.</p>"
)


def article(folder: Path, sections: int, paragraphs_per_section: int) -> SourceDocument:
    """An article of `sections` sections (every other one untitled) of many paragraphs."""
    body = []
    n = 0
    for section in range(sections):
        title = f"<title>Part {section}</title>" if section % 2 == 0 else ""
        paragraphs = []
        for _ in range(paragraphs_per_section):
            n += 1
            paragraphs.append(PARAGRAPH.replace("{n}", str(n)))
        body.append(f"<sec>{title}{''.join(paragraphs)}</sec>")
    body.append('<fig id="f1"><label>Figure 1</label><graphic xlink:href="f1.png"/></fig>')
    name = f"a{sections}x{paragraphs_per_section}.nxml"
    (folder / name).write_text(JATS_TEMPLATE.replace("{body}", "".join(body)), encoding="utf-8")
    return SourceDocument(folder / name, "jats", name)


def counting(
    monkeypatch: pytest.MonkeyPatch, module: Any, name: str, measure: Callable[..., int]
) -> list[int]:
    """Replace `module.name` with a wrapper that records `measure(*args)` per call."""
    counts: list[int] = []
    original = getattr(module, name)

    def wrapper(*args: Any) -> Any:
        counts.append(measure(*args))
        return original(*args)

    monkeypatch.setattr(module, name, wrapper)
    return counts


# ------------------------------------------------------------------ the size cap


def test_a_document_over_the_limit_is_refused_before_it_is_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = article(tmp_path, 1, 3)
    size = document.path.stat().st_size
    opened: list[Path] = []
    original = Path.open
    monkeypatch.setattr(
        Path, "open", lambda path, *a, **k: opened.append(path) or original(path, *a, **k)
    )
    with pytest.raises(SourceError) as caught:
        JatsParser(max_document_mb=0.001).parse(document, CORPUS_ID)
    assert caught.value.reason == "too_large"
    assert caught.value.detail == (
        f"{document.display_name}: {size:,} bytes, over the 0.001 MB limit for one "
        "document; if it really is one article, raise the limit with --max-document-mb 1"
    )
    assert opened == []


def test_sizes_in_messages_are_exact() -> None:
    assert _megabytes(153_212_345) == "153.2 MB (153,212,345 bytes)"
    assert _megabytes(5_012) == "5,012 bytes"  # not "0.005 MB, over the 0.005 MB limit"


def test_a_document_at_the_limit_is_read(tmp_path: Path) -> None:
    document = article(tmp_path, 1, 3)
    limit = document.path.stat().st_size / 1e6
    parsed = JatsParser(max_document_mb=limit).parse(document, CORPUS_ID)
    assert len(parsed.paragraphs) == 4  # the template's abstract and the three


def test_the_limit_comes_from_the_settings_for_every_format(tmp_path: Path) -> None:
    write_paper(tmp_path, "paper", "10.5555/limit")
    (tmp_path / "paper.pdf").write_bytes(b"%PDF-1.7\n" + b"x" * 5000)
    spec = resolve_corpus(str(tmp_path), SourceSettings(max_document_mb=0.001))
    for document in spec.documents:
        with pytest.raises(SourceError) as caught:
            spec.parsers[document.format].parse(document, spec.corpus.id)
        assert caught.value.reason == "too_large", document.display_name


def test_a_build_records_too_large_documents_with_the_flag_to_raise_it(tmp_path: Path) -> None:
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    write_paper(corpus, "small", "10.5555/small")
    (corpus / "big.nxml").write_text(
        jats_text("10.5555/big", sentences=("Padding. " * 200,)), encoding="utf-8"
    )
    limit = ((corpus / "small.nxml").stat().st_size + 100) / 1e6
    settings = BuildSettings(
        corpus=str(corpus), out=out, until="acquire", source=SourceSettings(max_document_mb=limit)
    )
    report = run_build(settings)
    assert {(r.gate, r.reason): r.count for r in report.rejections} == {
        ("acquisition", "too_large"): 1
    }
    with ProvenanceStore(out, readonly=True) as store:
        ((node, decision),) = store.rejections(reason="too_large")
    assert node.record.model_dump()["path"] == "big.nxml"
    assert f"over the {limit:g} MB limit" in decision.detail
    assert "--max-document-mb 1" in decision.detail


def test_the_limit_is_a_validated_cli_option() -> None:
    flags = {parameter.name for parameter in option_parameters("source", SourceSettings)}
    assert "source__max_document_mb" in flags
    assert SourceSettings().max_document_mb == 100
    with pytest.raises(ValidationError):
        SourceSettings(max_document_mb=0)


# ------------------------------------------------------------------ linear work


def test_section_titles_are_read_once_per_section(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Children looked at to find section titles grow with the document, not its square.

    Looking the title up from each paragraph scanned the section's children every time:
    4x the paragraphs per section made 16x the work.
    """
    children = counting(monkeypatch, _jats_body, "_own_title", len)
    JatsParser().parse(article(tmp_path, 4, 50), CORPUS_ID)
    calls_1x, work_1x = len(children), sum(children)
    children.clear()
    parsed = JatsParser().parse(article(tmp_path, 4, 200), CORPUS_ID)
    calls_4x, work_4x = len(children), sum(children)
    assert calls_1x == calls_4x == 5  # the four sections and the template's one
    assert work_4x <= 4.2 * work_1x
    titles = [paragraph.section_title for paragraph in parsed.paragraphs]
    assert titles[1:4] == ["Part 0"] * 3 and titles[201] == "Results"  # untitled: the parent's


def test_each_sentence_gets_only_its_own_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a long paragraph every sentence used to test every bold span and xref."""
    sentences = 400
    text = " ".join(
        f'Ester <bold>{n}a</bold> formed (<xref ref-type="fig" rid="f1">Fig. 1</xref>).'
        for n in range(sentences)
    )
    body = f'<p>{text}</p><fig id="f1"><label>Figure 1</label><graphic xlink:href="f.png"/></fig>'
    (tmp_path / "long.nxml").write_text(JATS_TEMPLATE.replace("{body}", body), encoding="utf-8")
    bold_seen = counting(monkeypatch, _assemble, "_bold_in", lambda _t, bold, *_: len(bold))
    xrefs_seen = counting(monkeypatch, _assemble, "_references", lambda _s, xrefs, *_: len(xrefs))
    parsed = JatsParser().parse(SourceDocument(tmp_path / "long.nxml", "jats", "long.nxml"), "c")
    long_paragraph = parsed.sentences[-sentences:]
    assert [s.bold_spans[0].text for s in long_paragraph] == [f"{n}a" for n in range(sentences)]
    assert sum(bold_seen[-sentences:]) == sentences
    assert sum(xrefs_seen[-sentences:]) == sentences


def test_a_folder_is_listed_once_per_paper_not_once_per_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    figures = tuple((f"f{n}", f"fig{n}") for n in range(30))  # no suffix: the folder is listed
    (tmp_path / "many.nxml").write_text(jats_text("10.5555/many", figures=figures))
    listed = counting(monkeypatch, Path, "iterdir", lambda _path: 1)
    parsed = JatsParser().parse(SourceDocument(tmp_path / "many.nxml", "jats", "many.nxml"), "c")
    assert len(parsed.figures) == 30
    assert {rejection.reason for rejection in parsed.rejections} == {"image_missing"}
    assert len(listed) == 1


def test_duplicate_figure_keys_are_numbered_as_before() -> None:
    keys = _UniqueKeys()
    assert [keys.unique(key) for key in ("fig", "fig", "fig-2", "fig", "x", "fig")] == [
        "fig",
        "fig-2",
        "fig-2-2",
        "fig-3",
        "x",
        "fig-4",
    ]
    many = _UniqueKeys()
    assert [many.unique("g") for _ in range(1000)][-1] == "g-1000"
    assert _jats_figures._UniqueKeys is _UniqueKeys


def test_an_oversized_figure_file_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_jats_figures, "MAX_IMAGE_FILE_MB", 0.000001)
    folder = tmp_path / "corpus"
    path = write_paper(folder, "big", "10.5555/big", image=png_bytes())
    parsed = JatsParser().parse(
        SourceDocument(path=path, format="jats", display_name=path.name), "cor_x"
    )
    [rejection] = [r for r in parsed.rejections if r.reason == "image_too_large"]
    assert "it was not read" in rejection.detail and "MB" in rejection.detail
