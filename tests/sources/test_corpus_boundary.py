"""The corpus folder is a boundary: links out of it are refused, links inside it work.

Each outside file carries a distinctive marker; after a build the marker must appear in
no file of the build folder (store, write-ahead log, blobs, report), while the markers of
the inside files that links reach do appear, so the scan would have caught a leak.
"""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from chemx.pipeline import BuildSettings, run_build
from chemx.provenance.store import ProvenanceStore
from chemx.records import NodeKind
from chemx.sources._base import SourceDocument, SourceError
from chemx.sources._paths import OUTSIDE_CORPUS, UNRESOLVABLE, PathRefused, resolve_inside
from chemx.sources.folder import discover
from chemx.sources.jats import JatsParser
from chemx.sources.pdf import PdfParser
from tests._helpers import jats_text, write_paper
from tests.sources._helpers import CORPUS_ID

OUTSIDE_MARKER = "CHEMX-OUTSIDE-7f3a9c"
INSIDE_MARKER = "CHEMX-INSIDE-51be02"
PASSWD = Path("/etc/passwd")


def marked_png(marker: str) -> bytes:
    """A small valid PNG that carries `marker` in a text chunk (so in its stored blob)."""
    image = Image.new("RGB", (64, 48), (200, 30, 30))
    info = PngInfo()
    info.add_text("Comment", marker)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", pnginfo=info)
    return buffer.getvalue()


def marked_pdf(path: Path, marker: str) -> None:
    pdf = pymupdf.open()
    page = pdf.new_page()
    text = f"We prepared the ester 3a and measured it. The marker is {marker}. " * 4
    page.insert_textbox(pymupdf.Rect(72, 72, 520, 400), text, fontsize=11)
    pdf.save(path)
    pdf.close()


def build_folder_bytes(out: Path) -> bytes:
    """Every byte the build wrote: the store, its WAL, the blobs, the report."""
    return b"".join(path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file())


class ReadSpy:
    """Records every file opened through pathlib, by real path."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[Path] = []
        original_open = Path.open
        original_read_bytes = Path.read_bytes

        def spy_open(path: Path, *args: object, **kwargs: object) -> object:
            self.opened.append(path.resolve())
            return original_open(path, *args, **kwargs)  # type: ignore[arg-type]

        def spy_read_bytes(path: Path) -> bytes:
            self.opened.append(path.resolve())
            return original_read_bytes(path)

        monkeypatch.setattr(Path, "open", spy_open)
        monkeypatch.setattr(Path, "read_bytes", spy_read_bytes)


# ------------------------------------------------------------------ the helper


def test_a_file_inside_resolves_to_its_real_path(tmp_path: Path) -> None:
    (tmp_path / "a.nxml").write_text("x")
    assert resolve_inside(tmp_path, tmp_path / "a.nxml") == (tmp_path / "a.nxml").resolve()


def test_a_link_that_stays_inside_resolves_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "fig.png").write_bytes(b"x")
    (tmp_path / "alias.png").symlink_to(tmp_path / "real" / "fig.png")
    assert resolve_inside(tmp_path, tmp_path / "alias.png") == (tmp_path / "real/fig.png").resolve()


def test_a_link_out_is_refused_naming_the_link_and_its_target(tmp_path: Path) -> None:
    corpus, outside = tmp_path / "corpus", tmp_path / "outside.png"
    corpus.mkdir()
    outside.write_bytes(b"x")
    (corpus / "fig.png").symlink_to(outside)
    refused = resolve_inside(corpus, corpus / "fig.png")
    assert isinstance(refused, PathRefused)
    assert refused.reason == OUTSIDE_CORPUS
    assert refused.detail.startswith(
        f"{corpus / 'fig.png'} is a symbolic link to {outside.resolve()}, "
        f"outside the corpus folder {corpus.resolve()}"
    )


def test_dot_dot_and_linked_folders_are_refused(tmp_path: Path) -> None:
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "elsewhere"
    corpus.mkdir()
    elsewhere.mkdir()
    (elsewhere / "x.png").write_bytes(b"x")
    (corpus / "linked").symlink_to(elsewhere, target_is_directory=True)
    up = resolve_inside(corpus, corpus / ".." / "elsewhere" / "x.png")
    through = resolve_inside(corpus, corpus / "linked" / "x.png")
    assert isinstance(up, PathRefused) and "leads up and out to" in up.detail
    assert isinstance(through, PathRefused) and "through a linked folder" in through.detail


def test_a_link_loop_is_unresolvable(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    refused = resolve_inside(tmp_path, tmp_path / "a")
    assert isinstance(refused, PathRefused) and refused.reason == UNRESOLVABLE


def test_the_corpus_root_is_the_path_less_the_display_name(tmp_path: Path) -> None:
    nested = SourceDocument(tmp_path / "a" / "b.nxml", "jats", "a/b.nxml")
    other = SourceDocument(tmp_path / "a" / "b.nxml", "jats", "something else")
    assert nested.corpus_root == tmp_path
    assert other.corpus_root == tmp_path / "a"  # not the path's tail: its own folder


# ------------------------------------------------------------------ the parsers


def test_a_figure_linked_out_is_rejected_and_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus, outside = tmp_path / "corpus", tmp_path / "private.png"
    corpus.mkdir()
    outside.write_bytes(marked_png(OUTSIDE_MARKER))
    (corpus / "paper.nxml").write_text(jats_text("10.5555/out", figures=(("f1", "f1.png"),)))
    (corpus / "f1.png").symlink_to(outside)
    (document,) = discover(corpus)
    spy = ReadSpy(monkeypatch)
    parsed = JatsParser().parse(document, CORPUS_ID)
    (figure,) = parsed.figures
    (rejection,) = parsed.rejections
    assert figure.image_sha256 is None and parsed.images == {}
    assert rejection.reason == "outside_corpus"
    assert f"figure f1: {corpus / 'f1.png'} is a symbolic link to {outside.resolve()}" in (
        rejection.detail
    )
    assert outside.resolve() not in spy.opened


@pytest.mark.parametrize("suffix", [".nxml", ".pdf"])
def test_a_document_linked_out_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    corpus, outside = tmp_path / "corpus", tmp_path / f"elsewhere{suffix}"
    corpus.mkdir()
    outside.write_text(jats_text("10.5555/elsewhere"))
    (corpus / f"link{suffix}").symlink_to(outside)
    (document,) = discover(corpus)  # discovered, so that the build can record it
    parser = JatsParser() if suffix == ".nxml" else PdfParser()
    spy = ReadSpy(monkeypatch)
    with pytest.raises(SourceError) as caught:
        parser.parse(document, CORPUS_ID)
    assert caught.value.reason == "outside_corpus"
    assert caught.value.detail.startswith(
        f"link{suffix}: {corpus / f'link{suffix}'} is a symbolic link to {outside.resolve()}"
    )
    assert spy.opened == []


# ------------------------------------------------------------------ a whole build


def test_build_refuses_links_out_and_keeps_links_inside(tmp_path: Path) -> None:
    corpus, outside, out = tmp_path / "corpus", tmp_path / "outside", tmp_path / "out"
    outside.mkdir()
    write_paper(corpus, "good", "10.5555/good")
    # a figure linked to an image outside
    (outside / "private.png").write_bytes(marked_png(OUTSIDE_MARKER))
    (corpus / "leaky.nxml").write_text(
        jats_text("10.5555/leaky", figures=(("f1", "leaky_f1.png"),)), encoding="utf-8"
    )
    (corpus / "leaky_f1.png").symlink_to(outside / "private.png")
    # documents linked to files outside: JATS, PDF, and a system file
    (outside / "paper.nxml").write_text(
        jats_text("10.5555/elsewhere", sentences=(f"The marker is {OUTSIDE_MARKER}.",))
    )
    (corpus / "elsewhere.nxml").symlink_to(outside / "paper.nxml")
    marked_pdf(outside / "paper.pdf", OUTSIDE_MARKER)
    (corpus / "elsewhere.pdf").symlink_to(outside / "paper.pdf")
    if PASSWD.is_file():
        (corpus / "passwd.nxml").symlink_to(PASSWD)
    # links that stay inside: a shared figure, and a document kept in a sub-folder
    (corpus / "shared").mkdir()
    (corpus / "shared" / "figure.png").write_bytes(marked_png(INSIDE_MARKER))
    (corpus / "sharing.nxml").write_text(
        jats_text("10.5555/sharing", figures=(("f1", "sharing_f1.png"),)), encoding="utf-8"
    )
    (corpus / "sharing_f1.png").symlink_to(corpus / "shared" / "figure.png")
    (corpus / "archive").mkdir()
    (corpus / "archive" / "kept.nxml").write_text(
        jats_text("10.5555/kept", figures=()), encoding="utf-8"
    )
    (corpus / "kept.nxml").symlink_to(corpus / "archive" / "kept.nxml")

    run_build(BuildSettings(corpus=str(corpus), out=out, until="acquire", workers=1))

    with ProvenanceStore(out, readonly=True) as store:
        refused = {
            node.record.model_dump().get("path") or node.kind.value: decision
            for node, decision in store.rejections(gate="acquisition", reason="outside_corpus")
        }
        papers = {node.record.model_dump()["doi"] for node in store.nodes(NodeKind.PAPER)}
        figures = {
            node.record.model_dump()["image_name"]: node for node in store.nodes(NodeKind.FIGURE)
        }
    expected = {"figure", "elsewhere.nxml", "elsewhere.pdf"} | (
        {"passwd.nxml"} if PASSWD.is_file() else set()
    )
    assert set(refused) == expected
    assert "is a symbolic link to " + str((outside / "paper.pdf").resolve()) in (
        refused["elsewhere.pdf"].detail
    )
    assert refused["figure"].detail.startswith("leaky.nxml (paper 10.5555/leaky): figure f1: ")
    if PASSWD.is_file():
        assert f"is a symbolic link to {PASSWD.resolve()}" in refused["passwd.nxml"].detail
    assert papers == {"10.5555/good", "10.5555/leaky", "10.5555/sharing", "10.5555/kept"}
    assert figures["sharing_f1.png"].record.model_dump()["image_sha256"] is not None
    assert figures["leaky_f1.png"].rejected

    written = build_folder_bytes(out)
    assert OUTSIDE_MARKER.encode() not in written
    assert INSIDE_MARKER.encode() in written  # the scan does see linked files that stay inside
    if PASSWD.is_file():
        assert PASSWD.read_bytes()[:40] not in written


def test_a_build_never_opens_a_document_linked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus, outside = tmp_path / "corpus", tmp_path / "secret.nxml"
    write_paper(corpus, "good", "10.5555/good")
    outside.write_text(jats_text("10.5555/secret"))
    (corpus / "secret.nxml").symlink_to(outside)
    spy = ReadSpy(monkeypatch)
    run_build(BuildSettings(corpus=str(corpus), out=tmp_path / "out", until="acquire", workers=1))
    assert outside.resolve() not in spy.opened
