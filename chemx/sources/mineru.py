"""Optional PDF backend that runs MinerU, for users who have its layout models.

MinerU (https://github.com/opendatalab/MinerU) segments pages with layout and OCR
models, so it reads scans and multi-column layouts that plain PyMuPDF cannot. It is
heavy (GPU models, gigabytes of weights), so chemx never installs it; this backend
runs the `mineru` CLI (or the older `magic-pdf`) in a subprocess when it is on PATH
and maps its `*_content_list.json` to the same records the other backends produce.

The content list is a flat, reading-order list of blocks::

    {"type": "text", "text": "...", "text_level": 1, "page_idx": 0}
    {"type": "image", "img_path": "images/x.jpg", "image_caption": ["Fig. 1. ..."],
     "image_footnote": [], "page_idx": 1}
    {"type": "table", ...}, {"type": "equation", ...}, {"type": "list", "list_items": [...]}

`text_level` >= 1 marks a heading; `page_idx` is 0-based; older releases call the
caption field `img_caption`. Headers, footers and page numbers are skipped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chemx.errors import BackendUnavailable
from chemx.records import Paper
from chemx.registry import BackendContext
from chemx.sources._assemble import (
    ParagraphDraft,
    add_paragraphs,
    attach_image,
    clean_text,
    new_figure,
    paper_node_id,
    reject,
    sha256_hex,
)
from chemx.sources._base import (
    DEFAULT_MAX_DOCUMENT_MB,
    ParsedPaper,
    SourceDocument,
    SourceError,
    document_path,
    read_document,
)
from chemx.sources._paths import PathRefused, resolve_inside
from chemx.sources._sniff import require_pdf
from chemx.sources.pdf import DOI_PATTERN
from chemx.text.figure_mentions import split_caption_label

INSTALL_HINT = (
    'install MinerU with `pip install -U "mineru[core]"` and download its models with '
    "`mineru-models-download` (see https://github.com/opendatalab/MinerU), "
    "or use the default PyMuPDF backend"
)
USED_TYPES = ("text", "image", "list")
"""Content-list block types mapped to records; tables, equations, code, headers,
footers, page numbers and footnotes are not running text or figures."""


class MineruUnavailableError(BackendUnavailable, RuntimeError):
    """The MinerU backend was chosen but neither `mineru` nor `magic-pdf` is installed."""


class MineruParser:
    """Parses a PDF by running MinerU and mapping its content list to records."""

    backend = "mineru"

    def __init__(
        self,
        source: str = "pdf",
        *,
        timeout_s: float = 3600.0,
        executable: str | None = None,
        max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB,
    ) -> None:
        """Create a parser; raise `MineruUnavailableError` if no MinerU CLI is found.

        Args:
            source: The `Paper.source` to record.
            timeout_s: Longest a single document may take; model inference on a CPU
                can need many minutes per paper.
            executable: Path or name of the CLI; found on PATH when None.
            max_document_mb: Larger files are rejected as "too_large" unread
                (`--max-document-mb`).
        """
        found = _find_cli(executable)
        if found is None:
            wanted = executable or "`mineru` or `magic-pdf`"
            raise MineruUnavailableError(
                f"the MinerU backend needs {wanted} on PATH, and none was found; {INSTALL_HINT}"
            )
        self.source = source
        self.timeout_s = timeout_s
        self.max_document_mb = max_document_mb
        self.command = found

    @staticmethod
    def available() -> bool:
        """True when a MinerU CLI (`mineru` or `magic-pdf`) is on PATH."""
        return _find_cli(None) is not None

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Run MinerU on `document` and map its output; raise `SourceError` on failure."""
        name = document.display_name
        data = read_document(document, self.max_document_mb)
        require_pdf(data, name)
        with tempfile.TemporaryDirectory(prefix="chemx-mineru-") as output:
            self._run(document_path(document), Path(output), name)
            content_list = _find_content_list(Path(output), name)
            return parse_content_list(
                content_list,
                document,
                corpus_id,
                file_sha256=sha256_hex(data),
                source=self.source,
                backend=self.backend,
            )

    def _run(self, pdf: Path, output: Path, name: str) -> None:
        executable, flavour = self.command
        command = [executable, "-p", str(pdf), "-o", str(output)]
        if flavour == "magic-pdf":
            command += ["-m", "auto"]
        try:
            completed = subprocess.run(  # a fixed argument list, no shell
                command,
                capture_output=True,
                text=True,
                timeout=self.timeout_s,
                check=False,
                start_new_session=True,  # Ctrl-C to the build must not read as a bad PDF
            )
        except subprocess.TimeoutExpired as exc:
            raise SourceError(
                "mineru_timeout",
                f"{name}: {flavour} did not finish within {self.timeout_s:.0f} s; "
                "raise the timeout or use the PyMuPDF backend",
            ) from exc
        except OSError as exc:
            raise SourceError("mineru_failed", f"{name}: cannot run {executable} ({exc})") from exc
        if completed.returncode != 0:
            tail = " | ".join((completed.stderr or completed.stdout).strip().splitlines()[-5:])
            raise SourceError(
                "mineru_failed",
                f"{name}: {flavour} exited with status {completed.returncode}: {tail}",
            )


def parse_content_list(
    content_list: Path,
    document: SourceDocument,
    corpus_id: str,
    *,
    file_sha256: str,
    source: str = "pdf",
    backend: str = MineruParser.backend,
) -> ParsedPaper:
    """Map a MinerU `*_content_list.json` (and its images folder) to records.

    Separate from `MineruParser.parse` so the mapping can be used and tested on saved
    MinerU output without the models.

    Args:
        content_list: The JSON file; `img_path` entries are relative to its folder, and
            an image that resolves outside that folder is rejected unread.
        document: The PDF it was made from (named in messages and `source_path`).
        corpus_id: Parent of the paper node.
        file_sha256: Hash of the PDF bytes, the paper id when no DOI is found.
        source: `Paper.source` to record.
        backend: `backend` to record on every node.
    """
    name = document.display_name
    items = _load_items(content_list, name)
    title = ""
    doi: str | None = None
    for item in items:
        text = clean_text(str(item.get("text") or ""))
        if not title and _page(item) == 1 and item.get("text_level") and text:
            title = text
        if doi is None and _page(item) == 1 and (match := DOI_PATTERN.search(text)):
            doi = match.group().rstrip(".,;:)]}")
    paper = Paper(
        id=paper_node_id(None, doi, file_sha256),
        parent_id=corpus_id,
        backend=backend,
        doi=doi,
        title=title or Path(name).stem,
        source=source,
        source_path=name,
    )
    parsed = ParsedPaper(paper=paper)
    drafts: list[ParagraphDraft] = []
    section: str | None = None
    images_per_page: dict[int, int] = {}
    for item in items:
        kind = item.get("type")
        page = _page(item)
        if kind == "image":
            images_per_page[page] = images_per_page.get(page, 0) + 1
            _add_figure(parsed, item, content_list.parent, page, images_per_page[page], backend)
        elif kind == "text":
            text = clean_text(str(item.get("text") or ""))
            if not text or text == title:
                continue
            if item.get("text_level"):
                section = text
                continue
            drafts.append(ParagraphDraft(text=text, section_title=section, page=page))
        elif kind == "list":
            for entry in item.get("list_items") or []:
                text = clean_text(str(entry))
                if text:
                    drafts.append(ParagraphDraft(text=text, section_title=section, page=page))
    add_paragraphs(parsed, drafts, backend)
    return parsed


def _add_figure(
    parsed: ParsedPaper, item: dict[str, Any], folder: Path, page: int, number: int, backend: str
) -> None:
    caption_parts = item.get("image_caption", item.get("img_caption")) or []
    if isinstance(caption_parts, str):
        caption_parts = [caption_parts]
    caption = clean_text(" ".join(str(part) for part in caption_parts))
    label: str | None = None
    if (split := split_caption_label(caption)) is not None:
        label, caption = split
    image_path = str(item.get("img_path") or "")
    figure = new_figure(
        parsed.paper.id,
        f"p{page}-img{number}",
        backend,
        label=label,
        caption=caption,
        image_name=image_path or None,
        page=page,
    )
    where = f"{parsed.paper.source_path}: page {page} image {figure.figure_key}"
    path = resolve_inside(folder, folder / image_path) if image_path else None
    if isinstance(path, Path) and path.is_file():
        parsed.figures.append(attach_image(parsed, figure, path.read_bytes(), where))
        return
    if isinstance(path, PathRefused):
        reject(parsed, figure, path.reason, f"{where}: MinerU's image file {path.detail}")
    else:
        reject(
            parsed,
            figure,
            "image_missing",
            f"{where}: MinerU's image file {image_path or '(none given)'} is not in {folder}",
        )
    parsed.figures.append(figure)


def _page(item: dict[str, Any]) -> int:
    """1-based page number from MinerU's 0-based `page_idx`."""
    value = item.get("page_idx")
    return int(value) + 1 if isinstance(value, int) else 1


def _load_items(path: Path, name: str) -> list[dict[str, Any]]:
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SourceError(
            "mineru_bad_output", f"{name}: MinerU output {path.name} is not readable JSON ({exc})"
        ) from exc
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise SourceError(
            "mineru_bad_output",
            f"{name}: MinerU output {path.name} is not a list of content blocks",
        )
    return [item for item in items if item.get("type") in USED_TYPES]


def _find_content_list(output: Path, name: str) -> Path:
    found = sorted(output.rglob("*_content_list.json"))
    if not found:
        raise SourceError(
            "mineru_no_output",
            f"{name}: MinerU finished but wrote no *_content_list.json under {output}",
        )
    return found[0]


def _find_cli(executable: str | None) -> tuple[str, str] | None:
    """(path, flavour) of the MinerU CLI to use; flavour is "mineru" or "magic-pdf"."""
    candidates: Sequence[str] = (executable,) if executable else ("mineru", "magic-pdf")
    for candidate in candidates:
        path = shutil.which(candidate)
        if path is not None:
            flavour = "magic-pdf" if Path(candidate).name.startswith("magic-pdf") else "mineru"
            return path, flavour
    return None


def make_parser(context: BackendContext) -> MineruParser:
    """The ``mineru`` PDF backend (registry factory); `context.settings` is `SourceSettings`."""
    return MineruParser(max_document_mb=context.settings.max_document_mb)
