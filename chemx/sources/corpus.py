"""Turning `--corpus` into documents and the parsers that read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from chemx.errors import ChemxError
from chemx.provenance.ids import node_id
from chemx.records import Corpus, NodeKind
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import PmcSettings, SourceSettings
from chemx.sources._base import DocumentParser, Rejection, SourceDocument

if TYPE_CHECKING:
    from chemx.sources.pmc import PmcReport


class CorpusError(ChemxError, ValueError):
    """`--corpus` names nothing that can be read."""


@dataclass(frozen=True)
class CorpusSpec:
    """A resolved corpus: its root node, its documents and a parser per format."""

    corpus: Corpus
    documents: list[SourceDocument]
    parsers: dict[str, DocumentParser]
    rejections: list[Rejection] = field(default_factory=list)
    """Documents the source refused before anything parsed them (a retracted PMC paper,
    say); the build stores them as rejected sources, like unreadable files."""
    pmc: PmcReport | None = None
    """For `pmc_oa`: the search, the filters and the downloads (the build report's `pmc`)."""


def sample_corpus_dir() -> Path:
    """The folder of the embedded sample corpus shipped inside the package."""
    return Path(str(resources.files("chemx") / "data" / "sample"))


def resolve_corpus(
    name: str,
    source: SourceSettings | None = None,
    *,
    pmc: PmcSettings | None = None,
    out: Path | None = None,
) -> CorpusSpec:
    """Resolve `sample`, `pmc_oa` or a folder path; raise CorpusError with the fix.

    `pmc_oa` searches and downloads here (into `out`/pmc, or reads `pmc.mirror`), before
    the build parses anything; its options given with another corpus are an error.
    """
    from chemx.sources.folder import discover
    from chemx.sources.jats import JatsParser

    source = source or SourceSettings()
    pmc = pmc or PmcSettings()
    if name == "pmc_oa":
        return _pmc_corpus(source, pmc, out)
    if pmc != PmcSettings():
        given = ", ".join(
            "--" + key.replace("_", "-") for key in sorted(pmc.model_dump(exclude_defaults=True))
        )
        raise CorpusError(f"{given}: only for --corpus pmc_oa (the corpus is {name!r})")
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


def _pmc_corpus(source: SourceSettings, pmc: PmcSettings, out: Path | None) -> CorpusSpec:
    """Search PMC, refuse what the filters refuse, fetch the rest into the local copy."""
    from chemx.sources.pmc import PmcParser, select_papers

    if out is None:
        raise CorpusError("--corpus pmc_oa needs --out (articles are downloaded into OUT/pmc)")
    corpus = Corpus(
        id=node_id(NodeKind.CORPUS, "pmc_oa"), parent_id=None, backend="pmc_oa", name="pmc_oa"
    )
    selection = select_papers(pmc, out, corpus.id, max_document_mb=source.max_document_mb)
    parser = PmcParser(selection.articles, max_document_mb=source.max_document_mb)
    return CorpusSpec(
        corpus,
        selection.documents,
        {"jats": parser},
        rejections=selection.rejections,
        pmc=selection.report,
    )
