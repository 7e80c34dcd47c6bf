"""Find the documents in a user's corpus folder."""

from __future__ import annotations

from pathlib import Path

from chemx.sources._base import DocumentFormat, SourceDocument

FORMATS: dict[str, DocumentFormat] = {".nxml": "jats", ".xml": "jats", ".pdf": "pdf"}
"""File suffix (lower case) to document format; `.oai.xml` records end in `.xml`."""


def discover(folder: Path) -> list[SourceDocument]:
    """Return every JATS and PDF file under `folder`, recursively, in a stable order.

    Hidden files and anything inside hidden folders (".git", ".ipynb_checkpoints") are
    skipped. The order is by relative path, so two builds of the same folder visit the
    papers in the same order.

    A symbolic link to a file is listed like the file (a broken link is not): the parser
    opens it only when it resolves inside `folder` and refuses it as "outside_corpus"
    otherwise (`chemx.sources._paths`), so the build reports it rather than skipping it
    in silence. A document's `display_name` is its path relative to `folder`, which is
    how the parsers know the corpus folder (`SourceDocument.corpus_root`).

    Raises:
        NotADirectoryError: When `folder` is not an existing directory.
    """
    if not folder.is_dir():
        raise NotADirectoryError(
            f"corpus folder {folder} does not exist or is not a folder; "
            "pass a folder holding .nxml/.xml (JATS) or .pdf files"
        )
    documents: list[SourceDocument] = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts):
            continue
        document_format = FORMATS.get(path.suffix.lower())
        if document_format is None or not path.is_file():
            continue
        documents.append(
            SourceDocument(path=path, format=document_format, display_name=relative.as_posix())
        )
    return sorted(documents, key=lambda document: document.display_name)
