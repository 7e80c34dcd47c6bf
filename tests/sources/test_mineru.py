"""The MinerU backend: content-list mapping, CLI plumbing and the not-installed error.

MinerU itself (and its models) is not installed in CI. The content list below is a
HAND-WRITTEN fixture in the format MinerU documents for `*_content_list.json`
(docs/en/reference/output_files.md in opendatalab/MinerU: a flat list of blocks with
`type` text/image/table/equation, `text`, `text_level` for headings, `img_path`,
`image_caption` (older releases: `img_caption`) and 0-based `page_idx`); it was not
produced by running MinerU. The CLI tests use a stand-in script named `mineru` /
`magic-pdf` that writes that fixture where MinerU would.
"""

from __future__ import annotations

import hashlib
import json
import stat
import sys
from pathlib import Path

import pytest

from chemx.provenance.ids import node_id
from chemx.records import NodeKind
from chemx.sources._base import SourceDocument, SourceError
from chemx.sources.mineru import MineruParser, MineruUnavailableError, parse_content_list
from tests.sources._helpers import CORPUS_ID, image_bytes

CONTENT_LIST = [
    {"type": "text", "text": "Synthesis of Ester 3a ", "text_level": 1, "page_idx": 0},
    {"type": "header", "text": "J. Test. Chem. 2024, 1, 1-9", "page_idx": 0},
    {"type": "text", "text": "https://doi.org/10.5555/MinerU.7 ", "page_idx": 0},
    {"type": "text", "text": "Introduction ", "text_level": 2, "page_idx": 0},
    {
        "type": "text",
        "text": "Ester 3a was made from 2a (Fig. 1b). The yield was 85%. ",
        "page_idx": 0,
    },
    {
        "type": "image",
        "img_path": "images/aa11.jpg",
        "image_caption": ["Fig. 1. Synthesis of 3a from 2a. "],
        "image_footnote": [],
        "page_idx": 1,
    },
    {
        "type": "image",
        "img_path": "images/bb22.jpg",
        "img_caption": ["Scheme 1 Proposed mechanism. "],
        "img_footnote": [],
        "page_idx": 1,
    },
    {"type": "image", "img_path": "images/missing.jpg", "image_caption": [], "page_idx": 2},
    {
        "type": "equation",
        "img_path": "images/eq.jpg",
        "text": "$$\nE = mc^2\n$$",
        "text_format": "latex",
        "page_idx": 2,
    },
    {
        "type": "table",
        "img_path": "images/tab.jpg",
        "table_caption": ["Table 1 Yields "],
        "table_body": "<table></table>",
        "page_idx": 2,
    },
    {"type": "text", "text": "Results ", "text_level": 2, "page_idx": 2},
    {"type": "list", "sub_type": "text", "list_items": ["First, see Scheme 1."], "page_idx": 2},
    {"type": "page_number", "text": "3", "page_idx": 2},
]


def write_output(folder: Path, items: list[dict[str, object]] = CONTENT_LIST) -> Path:
    """Lay out MinerU's output the way it does: <stem>/auto/<stem>_content_list.json + images/."""
    auto = folder / "paper" / "auto"
    (auto / "images").mkdir(parents=True)
    (auto / "images" / "aa11.jpg").write_bytes(image_bytes(size=(80, 60), fmt="JPEG"))
    (auto / "images" / "bb22.jpg").write_bytes(image_bytes(size=(90, 70), fmt="JPEG"))
    path = auto / "paper_content_list.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return path


def pdf_document(folder: Path) -> SourceDocument:
    path = folder / "paper.pdf"
    path.write_bytes(b"%PDF-1.7 stand-in bytes")
    return SourceDocument(path=path, format="pdf", display_name="paper.pdf")


def test_content_list_mapping(tmp_path: Path) -> None:
    content_list = write_output(tmp_path / "out")
    document = pdf_document(tmp_path)
    parsed = parse_content_list(content_list, document, CORPUS_ID, file_sha256="0" * 64)

    paper = parsed.paper
    assert paper.title == "Synthesis of Ester 3a"
    assert paper.doi == "10.5555/MinerU.7"
    assert paper.id == node_id(NodeKind.PAPER, "doi", "10.5555/mineru.7")
    assert paper.backend == "mineru" and paper.source == "pdf"

    assert [(p.text, p.section_title, p.page) for p in parsed.paragraphs] == [
        ("https://doi.org/10.5555/MinerU.7", None, 1),
        ("Ester 3a was made from 2a (Fig. 1b). The yield was 85%.", "Introduction", 1),
        ("First, see Scheme 1.", "Results", 3),
    ]
    assert [s.text for s in parsed.sentences][1:3] == [
        "Ester 3a was made from 2a (Fig. 1b).",
        "The yield was 85%.",
    ]

    keys = [(f.figure_key, f.label, f.caption, f.page) for f in parsed.figures]
    assert keys == [
        ("p2-img1", "Fig. 1", "Synthesis of 3a from 2a.", 2),
        ("p2-img2", "Scheme 1", "Proposed mechanism.", 2),
        ("p3-img1", None, "", 3),
    ]
    assert parsed.figures[0].image_name == "images/aa11.jpg"
    assert (parsed.figures[0].width, parsed.figures[0].height) == (80, 60)
    assert len(parsed.images) == 2
    (rejection,) = parsed.rejections
    assert rejection.reason == "image_missing"
    assert rejection.node.id == parsed.figures[2].id
    assert "paper.pdf: page 3" in rejection.detail and "images/missing.jpg" in rejection.detail

    references = [(r.text, r.panel, r.figure_id) for r in parsed.figure_references]
    assert references == [
        ("Fig. 1b", "b", parsed.figures[0].id),
        ("Scheme 1", None, parsed.figures[1].id),
    ]


def test_content_list_that_is_not_a_list(tmp_path: Path) -> None:
    path = tmp_path / "x_content_list.json"
    path.write_text('{"type": "text"}')
    with pytest.raises(SourceError) as caught:
        parse_content_list(path, pdf_document(tmp_path), CORPUS_ID, file_sha256="0" * 64)
    assert caught.value.reason == "mineru_bad_output"
    assert "paper.pdf" in caught.value.detail


def test_unavailable_cli_gives_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert MineruParser.available() is False
    with pytest.raises(MineruUnavailableError) as caught:
        MineruParser()
    message = str(caught.value)
    assert "mineru" in message and "magic-pdf" in message
    assert 'pip install -U "mineru[core]"' in message
    assert "PyMuPDF" in message


FAKE_CLI = """#!{python}
import json, pathlib, shutil, sys
args = sys.argv[1:]
pathlib.Path({log!r}).write_text(json.dumps(args))
if {fail!r}:
    sys.stderr.write("CUDA out of memory\\n")
    sys.exit(3)
out = pathlib.Path(args[args.index("-o") + 1])
shutil.copytree({prepared!r}, out, dirs_exist_ok=True)
"""


def install_fake_cli(folder: Path, name: str, prepared: Path, *, fail: bool = False) -> Path:
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    log = folder / f"{name}.args.json"
    script = bin_dir / name
    script.write_text(
        FAKE_CLI.format(python=sys.executable, log=str(log), fail=fail, prepared=str(prepared))
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return log


@pytest.mark.parametrize(("cli", "extra"), [("mineru", []), ("magic-pdf", ["-m", "auto"])])
def test_cli_is_run_and_its_output_mapped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cli: str, extra: list[str]
) -> None:
    prepared = tmp_path / "prepared"
    write_output(prepared, [item for item in CONTENT_LIST if "doi.org" not in str(item)])
    log = install_fake_cli(tmp_path, cli, prepared)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert MineruParser.available()
    document = pdf_document(tmp_path)
    parsed = MineruParser().parse(document, CORPUS_ID)
    arguments = json.loads(log.read_text())
    assert arguments[:2] == ["-p", str(document.path)]
    assert arguments[2] == "-o" and arguments[4:] == extra
    assert len(parsed.figures) == 3
    assert parsed.paper.doi is None
    digest = hashlib.sha256(document.path.read_bytes()).hexdigest()
    assert parsed.paper.id == node_id(NodeKind.PAPER, "sha256", digest)


def test_failing_cli_is_a_source_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    install_fake_cli(tmp_path, "mineru", tmp_path, fail=True)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    with pytest.raises(SourceError) as caught:
        MineruParser().parse(pdf_document(tmp_path), CORPUS_ID)
    assert caught.value.reason == "mineru_failed"
    assert "paper.pdf" in caught.value.detail
    assert "status 3" in caught.value.detail and "CUDA out of memory" in caught.value.detail


def test_an_image_outside_the_output_folder_is_rejected_unread(tmp_path: Path) -> None:
    outside = tmp_path / "private.jpg"
    outside.write_bytes(image_bytes(fmt="JPEG"))
    items = [
        {"type": "text", "text": "Title", "text_level": 1, "page_idx": 0},
        {"type": "image", "img_path": "images/link.jpg", "page_idx": 0},
        {"type": "image", "img_path": "../../../private.jpg", "page_idx": 0},
        {"type": "image", "img_path": str(outside), "page_idx": 0},
        {"type": "image", "img_path": "images/aa11.jpg", "page_idx": 0},
    ]
    content_list = write_output(tmp_path / "out", items)
    (content_list.parent / "images" / "link.jpg").symlink_to(outside)
    parsed = parse_content_list(
        content_list, pdf_document(tmp_path), CORPUS_ID, file_sha256="0" * 64
    )
    assert [r.reason for r in parsed.rejections] == ["outside_corpus"] * 3
    assert "is a symbolic link to " + str(outside.resolve()) in parsed.rejections[0].detail
    assert "leads up and out to " + str(outside.resolve()) in parsed.rejections[1].detail
    assert f"image file {outside} is {outside.resolve()}, outside" in parsed.rejections[2].detail
    assert [f.image_sha256 is not None for f in parsed.figures] == [False, False, False, True]
    assert len(parsed.images) == 1


def test_a_non_pdf_is_refused_before_mineru_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = install_fake_cli(tmp_path, "mineru", tmp_path / "prepared")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    path = tmp_path / "login.pdf"
    path.write_bytes(b"<html><head><title>Log in</title></head></html>")
    with pytest.raises(SourceError) as caught:
        MineruParser().parse(SourceDocument(path, "pdf", "login.pdf"), CORPUS_ID)
    assert caught.value.reason == "not_a_pdf"
    assert "an HTML page titled 'Log in'" in caught.value.detail
    assert not log.exists()
