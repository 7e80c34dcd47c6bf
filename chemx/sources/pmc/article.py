"""One search hit: decide whether the build takes it, and make sure its files are local.

In order, each step costing more than the one before: the latest version (from the local
copy, else a bucket listing), its metadata (local, else downloaded and kept), the
metadata's verdicts (retracted, not open access, not an open licence), the JATS (local,
else downloaded), the journal's SJR (ISSNs from the metadata or the JATS), and last the
figure images the JATS cites. A hit refused at any step costs no more downloads, and
everything fetched is kept in the local copy, so the next build decides again from disk.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from chemx.provenance.ids import node_id
from chemx.records import NodeKind, SourceFile
from chemx.sources._assemble import sha256_hex
from chemx.sources._base import DEFAULT_MAX_DOCUMENT_MB, Rejection, SourceDocument, SourceError
from chemx.sources._jats_meta import plain_text, xlink_href
from chemx.sources._jats_xml import find_article, parse_xml
from chemx.sources.pmc import report as reasons
from chemx.sources.pmc._http import FetchError
from chemx.sources.pmc.layout import (
    ArticleFile,
    ArticleMetadata,
    MetadataError,
    metadata_key,
    normalise_issn,
    parse_metadata,
    version_of,
)
from chemx.sources.pmc.s3 import Bucket, Expected, ListedObject, LocalCopy
from chemx.sources.pmc.sjr import SjrTable

SOURCE = "pmc_oa"
"""`Paper.source`, the corpus name and the backend of the refusals."""


@dataclass
class ArticleOutcome:
    """What became of one hit: a document, a refusal, a failure, or skipped as known."""

    pmcid: str
    document: SourceDocument | None = None
    metadata: ArticleMetadata | None = None
    rejection: Rejection | None = None
    failure: str | None = None
    """Why it could not be fetched this time (the next build tries again)."""
    in_store: bool = False
    """Already in the store and its files are gone: not fetched again."""
    files_downloaded: int = 0
    bytes_downloaded: int = 0


@dataclass(frozen=True)
class JournalFilter:
    """Keep papers from journals with SJR >= `minimum` in `table`."""

    table: SjrTable
    minimum: float


class ArticleFetcher:
    """Decides and fetches hits one at a time; safe to call from several threads."""

    def __init__(
        self,
        bucket: Bucket,
        local: LocalCopy,
        corpus_id: str,
        *,
        journals: JournalFilter | None = None,
        known: frozenset[str] = frozenset(),
        max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB,
    ) -> None:
        self.bucket = bucket
        self.local = local
        self.corpus_id = corpus_id
        self.journals = journals
        self.known = known
        """PMCIDs of the papers already in the store."""
        self.max_document_bytes = int(max_document_mb * 1_000_000)
        """A larger JATS is not read here (acquisition rejects it as "too_large")."""

    def fetch(self, pmcid: str) -> ArticleOutcome:
        """Decide on `pmcid` and fetch what it needs; never raises for a network failure."""
        outcome = ArticleOutcome(pmcid)
        try:
            self._fetch(outcome)
        except FetchError as exc:
            outcome.failure = str(exc)
            outcome.document = None
        except OSError as exc:  # the local copy cannot be written (read-only mirror, full disk)
            outcome.failure = f"cannot write into {self.local.root}: {exc}"
            outcome.document = None
        return outcome

    def _fetch(self, outcome: ArticleOutcome) -> None:
        pmcid = outcome.pmcid
        listing: list[ListedObject] | None = None
        version = self.local.latest_version(pmcid)
        if version is None:
            if pmcid in self.known:
                outcome.in_store = True
                return
            listing = self.bucket.list(f"{pmcid}.")
            versions = {version_of(item.key, pmcid) for item in listing} - {None}
            if not versions:
                self._reject(
                    outcome,
                    reasons.NOT_IN_CLOUD,
                    f"{pmcid}: E-utilities found it, but the PMC bucket ({self.bucket.base_url}) "
                    "holds no version of it yet; a later build tries again",
                )
                return
            version = max(v for v in versions if v is not None)
            key = metadata_key(pmcid, version)
            data = self.bucket.get(key)
            self.local.write(key, data)
            outcome.files_downloaded += 1
            outcome.bytes_downloaded += len(data)
        key = metadata_key(pmcid, version)
        data = self.local.read(key)
        try:
            meta = parse_metadata(data, pmcid, version)
        except MetadataError as exc:
            self._reject(outcome, reasons.METADATA_MALFORMED, str(exc), key, data)
            return
        outcome.metadata = meta
        verdict = _metadata_verdict(meta)
        if verdict is not None:
            self._reject(outcome, *verdict, key, data)
            return
        if pmcid in self.known and not self.local.has(meta.xml.key):
            outcome.in_store = True
            return
        listing = self._ensure(outcome, meta.xml, listing)
        article = None
        if self.local.path(meta.xml.key).stat().st_size <= self.max_document_bytes:
            article = _read_jats(self.local.read(meta.xml.key), meta.xml.key)
        if self.journals is not None and article is not None:
            verdict = self._journal_verdict(meta, article)
            if verdict is not None:
                self._reject(outcome, *verdict, key, data)
                return
        if article is not None:
            for figure in meta.figure_files(_cited_graphics(article)):
                listing = self._ensure(outcome, figure, listing)
        # An XML that does not parse goes to the build anyway: acquisition rejects it with
        # the parser's reason, like any other unreadable document.
        outcome.document = SourceDocument(
            path=self.local.root / meta.xml.key, format="jats", display_name=meta.xml.key
        )

    def _ensure(
        self, outcome: ArticleOutcome, file: ArticleFile, listing: list[ListedObject] | None
    ) -> list[ListedObject] | None:
        """Download `file` unless the local copy has it; returns the listing, if one was made."""
        if self.local.has(file.key):
            return listing
        if file.md5 is None and listing is None:  # nothing to verify against yet: list
            listing = self.bucket.list(file.key.split("/", 1)[0] + "/")
        listed = next((item for item in listing or [] if item.key == file.key), None)
        expected = Expected(
            md5=file.md5 or (listed.md5 if listed else None),
            size=listed.size if listed and listed.size >= 0 else None,
        )
        received = self.bucket.download(file.key, self.local.path(file.key), expected)
        outcome.files_downloaded += 1
        outcome.bytes_downloaded += received
        return listing

    def _journal_verdict(
        self, meta: ArticleMetadata, article: etree._Element
    ) -> tuple[str, str] | None:
        assert self.journals is not None
        table, minimum = self.journals.table, self.journals.minimum
        issns = list(dict.fromkeys([*meta.issns, *_journal_issns(article)]))
        name = meta.folder
        if not issns:
            return reasons.ISSN_MISSING, (
                f"{name}: neither the metadata nor the JATS names the journal's ISSN, so its "
                "SJR cannot be looked up"
            )
        found = table.best(issns)
        if found is None:
            return reasons.JOURNAL_NOT_RANKED, (
                f"{name}: ISSN {', '.join(issns)} is not in the SJR table {table.path.name} "
                f"({table.year})"
            )
        issn, rank = found
        if rank.sjr < minimum:
            return reasons.JOURNAL_BELOW_SJR, (
                f"{name}: {rank.title or 'journal'} (ISSN {issn}) has SJR {rank.sjr:g} in "
                f"{table.year}, under --sjr-min {minimum:g}"
            )
        return None

    def _reject(
        self,
        outcome: ArticleOutcome,
        reason: str,
        detail: str,
        path: str | None = None,
        data: bytes | None = None,
    ) -> None:
        """Record a refusal as a rejected source node: the metadata file, or the bare PMCID."""
        where = path or outcome.pmcid
        sha = sha256_hex(data) if data is not None else None
        source = SourceFile(
            id=node_id(NodeKind.SOURCE, SOURCE, where, sha or "none"),
            parent_id=self.corpus_id,
            backend=SOURCE,
            path=where,
            sha256=sha,
        )
        outcome.rejection = Rejection(node=source, reason=reason, detail=detail)


def _metadata_verdict(meta: ArticleMetadata) -> tuple[str, str] | None:
    """Why the metadata alone refuses the article, or None."""
    name = meta.folder
    licence = meta.licence or "none stated"
    if meta.retracted:
        return reasons.RETRACTED, (
            f"{name}: retracted (is_retracted in its metadata); licence {licence}"
        )
    if not meta.open_access:
        return reasons.NOT_OPEN_ACCESS, (
            f"{name}: not in the PMC Open Access Subset (is_pmc_openaccess is not true); "
            f"licence {licence}"
        )
    if not meta.open_licence:
        return reasons.LICENCE_NOT_OPEN, (
            f"{name}: licence {licence} is not a Creative Commons licence or CC0"
        )
    return None


def _read_jats(data: bytes, name: str) -> etree._Element | None:
    """The `<article>` element, or None when the file is not readable JATS."""
    try:
        return find_article(parse_xml(data, name), name)
    except SourceError:
        return None


def _journal_issns(article: etree._Element) -> list[str]:
    """Every ISSN of the journal (print and electronic), normalised."""
    issns = []
    for element in article.iterfind("front/journal-meta//issn"):
        issn = normalise_issn(plain_text(element))
        if issn is not None:
            issns.append(issn)
    return issns


def _cited_graphics(article: etree._Element) -> set[str]:
    """The file names the article's graphics point to (often without a suffix)."""
    cited = set()
    for element in article.iter("graphic", "inline-graphic"):
        href = xlink_href(element)
        if href:
            cited.add(href.rsplit("/", 1)[-1])
    return cited
