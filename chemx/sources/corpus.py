"""Turning `--corpus` into documents and the parsers that read them."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from chemx.errors import ChemxError
from chemx.provenance.ids import node_id
from chemx.records import Corpus, NodeKind
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import SourceSettings
from chemx.sources._base import DocumentParser, SourceDocument


class CorpusError(ChemxError, ValueError):
    """`--corpus` names nothing that can be read."""


@dataclass(frozen=True)
class CorpusSpec:
    """A resolved corpus: its root node, its documents and a parser per format."""

    corpus: Corpus
    documents: list[SourceDocument]
    parsers: dict[str, DocumentParser]


def sample_corpus_dir() -> Path:
    """The folder of the embedded sample corpus shipped inside the package."""
    return Path(str(resources.files("chemx") / "data" / "sample"))


def resolve_corpus(name: str, source: SourceSettings | None = None) -> CorpusSpec:
    """Resolve `sample`, `pmc_oa` or a folder path; raise CorpusError with the fix."""
    from chemx.sources.folder import discover
    from chemx.sources.jats import JatsParser

    source = source or SourceSettings()
    if name == "sample":
        folder = sample_corpus_dir()
        documents = discover(folder)
        if not documents:
            raise CorpusError(
                f"the embedded sample corpus is missing from {folder}; reinstall chemx or run "
                "`python scripts/make_sample_corpus.py`"
            )
        corpus = Corpus(
            id=node_id(NodeKind.CORPUS, "sample"), parent_id=None, backend="sample", name="sample"
        )
        sample = JatsParser(source="sample", max_document_mb=source.max_document_mb)
        return CorpusSpec(corpus, documents, {"jats": sample})
    if name == "pmc_oa":
        raise CorpusError(
            "--corpus pmc_oa (PMC Cloud Service + E-utilities) is not available in this "
            "version; download articles into a folder and pass --corpus FOLDER"
        )
    folder = Path(name).expanduser()
    if not folder.exists():
        raise CorpusError(f"--corpus {name}: no such folder (use 'sample' or a folder path)")
    if not folder.is_dir():
        raise CorpusError(f"--corpus {name}: is a file; pass the folder that holds it")
    documents = discover(folder)
    if not documents:
        raise CorpusError(
            f"--corpus {name}: the folder holds no .nxml, .xml or .pdf files (searched recursively)"
        )
    pdf = REGISTRY.build(BackendKind.PDF, source.pdf, BackendContext(source))
    jats = JatsParser(max_document_mb=source.max_document_mb)
    parsers: dict[str, DocumentParser] = {"jats": jats, "pdf": pdf}
    resolved = str(folder.resolve())
    corpus = Corpus(
        id=node_id(NodeKind.CORPUS, "folder", resolved),
        parent_id=None,
        backend="folder",
        name=resolved,
    )
    return CorpusSpec(corpus, documents, parsers)
