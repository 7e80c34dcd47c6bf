"""Corpus-folder discovery."""

from __future__ import annotations

from pathlib import Path

import pytest

from chemx.sources._base import DocumentParser
from chemx.sources.folder import discover
from chemx.sources.jats import JatsParser
from chemx.sources.pdf import PdfParser


def touch(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x")


def test_discover_is_recursive_sorted_and_skips_hidden(tmp_path: Path) -> None:
    for name in [
        "b/paper2.nxml",
        "a/PMC1.oai.xml",
        "a/scan.PDF",
        "top.pdf",
        "notes.txt",
        "image.png",
        ".hidden.nxml",
        ".git/objects/x.xml",
        "c/.ipynb_checkpoints/copy.pdf",
    ]:
        touch(tmp_path / name)
    (tmp_path / "folder.xml").mkdir()  # a directory with a matching name is not a file
    documents = discover(tmp_path)
    assert [(d.display_name, d.format) for d in documents] == [
        ("a/PMC1.oai.xml", "jats"),
        ("a/scan.PDF", "pdf"),
        ("b/paper2.nxml", "jats"),
        ("top.pdf", "pdf"),
    ]
    assert documents[0].path == tmp_path / "a" / "PMC1.oai.xml"


def test_empty_folder(tmp_path: Path) -> None:
    assert discover(tmp_path) == []


def test_missing_folder_names_it(tmp_path: Path) -> None:
    with pytest.raises(NotADirectoryError, match="nowhere"):
        discover(tmp_path / "nowhere")


def test_realworld_fixtures_are_found() -> None:
    fixtures = Path(__file__).parent.parent / "fixtures" / "realworld"
    documents = discover(fixtures)
    assert len(documents) == 7
    assert all(document.format == "jats" for document in documents)


def test_parsers_implement_the_document_parser_protocol() -> None:
    parsers: list[DocumentParser] = [JatsParser(), JatsParser(source="sample"), PdfParser()]
    assert [parser.backend for parser in parsers] == ["lxml-jats", "lxml-jats", "pymupdf"]


def test_linked_documents_are_listed_so_that_the_build_can_report_them(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    touch(tmp_path / "outside.nxml")
    touch(corpus / "real.nxml")
    (corpus / "out.nxml").symlink_to(tmp_path / "outside.nxml")
    (corpus / "alias.nxml").symlink_to(corpus / "real.nxml")
    (corpus / "dangling.nxml").symlink_to(tmp_path / "nowhere.nxml")
    documents = discover(corpus)
    assert [d.display_name for d in documents] == ["alias.nxml", "out.nxml", "real.nxml"]
    assert {d.corpus_root for d in documents} == {corpus}
