"""`--corpus pmc_oa`: search, filter and fetch, before the build parses anything.

The hits of the E-utilities search are decided in their search order by a few threads
(`ArticleFetcher`), and taken in that order until `--max-papers` are accepted, so two
builds of the same search take the same papers. The E-utilities requests share one rate
limit; the bucket has none to respect, so its downloads run side by side.

Only one build fetches into a folder at a time (a lock file in it): two builds of the
same search would otherwise download the same files over each other.
"""

from __future__ import annotations

import fcntl
import logging
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from chemx.errors import ChemxError
from chemx.records import NodeKind, Paper
from chemx.settings import PmcSettings
from chemx.sources._base import DEFAULT_MAX_DOCUMENT_MB, Rejection, SourceDocument
from chemx.sources.pmc._http import make_client
from chemx.sources.pmc.article import ArticleFetcher, ArticleOutcome, JournalFilter
from chemx.sources.pmc.eutils import Esearch, search_term
from chemx.sources.pmc.layout import ArticleMetadata
from chemx.sources.pmc.report import PmcFailure, PmcReport
from chemx.sources.pmc.s3 import Bucket, LocalCopy
from chemx.sources.pmc.sjr import read_sjr_table

log = logging.getLogger(__name__)

DOWNLOAD_FOLDER = "pmc"
"""Under `--out`: where articles are downloaded when there is no `--mirror`."""
FETCH_WORKERS = 6
"""Hits decided at once; each mostly waits on the network."""
LOCK_NAME = ".chemx-fetch.lock"


class PmcError(ChemxError, RuntimeError):
    """The PMC corpus cannot be selected as asked; the message says what to change."""


@dataclass(frozen=True)
class PmcSelection:
    """The documents the build parses, the hits refused before it, and the report."""

    documents: list[SourceDocument]
    articles: dict[str, ArticleMetadata]
    """The metadata of each document, by its display name (for `PmcParser`)."""
    rejections: list[Rejection]
    report: PmcReport


def select_papers(
    settings: PmcSettings,
    out: Path,
    corpus_id: str,
    *,
    max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB,
) -> PmcSelection:
    """Search, filter and fetch `--corpus pmc_oa`.

    Raises a `ChemxError` before any download when an option is wrong (no query, an
    unreadable SJR table, a missing mirror).
    """
    if not settings.query or not settings.query.strip():
        raise PmcError(
            "--corpus pmc_oa needs --query, e.g. --query 'organic chemistry[MeSH Terms]'"
        )
    journals = None
    if settings.sjr_table is not None:
        table = read_sjr_table(settings.sjr_table, settings.sjr_year)
        journals = JournalFilter(table, settings.sjr_min)
    folder = _folder(settings, out)
    known = stored_pmcids(out)
    with _fetch_lock(folder), make_client() as client:
        fetcher = ArticleFetcher(
            Bucket(client, settings.pmc_url),
            LocalCopy(folder),
            corpus_id,
            journals=journals,
            known=known,
            max_document_mb=max_document_mb,
        )
        search = Esearch(client, settings.eutils_url, email=settings.email)
        if search.email is None:
            log.warning(
                "no e-mail for NCBI: pass --email or set CHEMX_NCBI_EMAIL (NCBI asks for one "
                "and may block anonymous heavy use)"
            )
        hits = search.pmcids(
            settings.query, after=settings.published_after, before=settings.published_before
        )
        with _progress() as progress:
            outcomes = take_in_order(
                fetcher.fetch,
                hits,
                settings.max_papers,
                lambda outcome: progress(search.count, outcome),
            )
    if not search.count:
        log.warning("the PMC search %r found no open-access paper", settings.query)
    return _selection(settings, folder, search, outcomes, journals)


def take_in_order(
    fetch: Callable[[str], ArticleOutcome],
    pmcids: Iterator[str],
    limit: int | None,
    advanced: Callable[[ArticleOutcome], None] = lambda outcome: None,
    workers: int = FETCH_WORKERS,
) -> list[ArticleOutcome]:
    """Fetch hits `workers` at a time; take their outcomes in search order.

    Stops once `limit` documents are accepted; hits fetched beyond the limit are dropped
    (their files stay in the local copy).
    """
    outcomes: list[ArticleOutcome] = []
    accepted = 0
    pending: deque[Future[ArticleOutcome]] = deque()
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pmc-fetch")
    finished = False
    try:
        for pmcid in _limited_window(pmcids, pending, workers):
            pending.append(pool.submit(fetch, pmcid))
        while pending:
            outcome = pending.popleft().result()
            outcomes.append(outcome)
            advanced(outcome)
            accepted += outcome.document is not None
            if limit is not None and accepted >= limit:
                break
            for pmcid in _limited_window(pmcids, pending, workers):
                pending.append(pool.submit(fetch, pmcid))
        finished = True
    finally:
        # after Ctrl-C, do not wait for downloads in flight: their .part files resume later
        pool.shutdown(wait=finished, cancel_futures=True)
    return outcomes


def _limited_window(
    pmcids: Iterator[str], pending: deque[Future[ArticleOutcome]], workers: int
) -> Iterator[str]:
    """Next hits while fewer than `workers` are in flight (the search pages lazily)."""
    while len(pending) < workers:
        pmcid = next(pmcids, None)
        if pmcid is None:
            return
        yield pmcid


def stored_pmcids(out: Path) -> frozenset[str]:
    """PMCIDs of the papers already in the store at `out` (none when there is no store)."""
    from chemx.provenance.store import DB_NAME, ProvenanceStore

    if not (out / DB_NAME).exists():
        return frozenset()
    with ProvenanceStore(out, readonly=True) as store:
        return frozenset(
            node.record.pmcid
            for node in store.nodes(NodeKind.PAPER)
            if isinstance(node.record, Paper) and node.record.pmcid
        )


def _folder(settings: PmcSettings, out: Path) -> Path:
    if settings.mirror is None:
        folder = out / DOWNLOAD_FOLDER
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    mirror = settings.mirror.expanduser()
    if not mirror.is_dir():
        raise PmcError(
            f"--mirror {settings.mirror}: no such folder; pass the folder you synced the "
            "bucket into (aws s3 sync s3://pmc-oa-opendata DIR --no-sign-request), or leave "
            "--mirror out to download into OUT/pmc"
        )
    return mirror


@contextmanager
def _fetch_lock(folder: Path) -> Iterator[None]:
    with (folder / LOCK_NAME).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise PmcError(
                f"another chemx build is fetching into {folder}; wait for it to finish"
            ) from exc
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def _progress() -> Iterator[Callable[[int | None, ArticleOutcome], None]]:
    """A progress bar on stderr when it is a terminal (never on stdout: --json uses it)."""
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]PMC articles"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
    )
    tally: Counter[str] = Counter()
    with Progress(*columns, console=console, disable=not console.is_terminal) as bar:
        task = bar.add_task("fetch", total=None, tally="")

        def advanced(hits: int | None, outcome: ArticleOutcome) -> None:
            tally["taken" if outcome.document else "refused" if outcome.rejection else "other"] += 1
            text = ", ".join(f"{count} {name}" for name, count in sorted(tally.items()))
            bar.update(task, advance=1, total=hits, tally=text)

        yield advanced


def _selection(
    settings: PmcSettings,
    folder: Path,
    search: Esearch,
    outcomes: list[ArticleOutcome],
    journals: JournalFilter | None,
) -> PmcSelection:
    documents = [o.document for o in outcomes if o.document is not None]
    rejections = [o.rejection for o in outcomes if o.rejection is not None]
    articles = {
        o.document.display_name: o.metadata
        for o in outcomes
        if o.document is not None and o.metadata is not None
    }
    failures = [PmcFailure(pmcid=o.pmcid, detail=o.failure) for o in outcomes if o.failure]
    for failure in failures:
        log.warning(
            "%s: not fetched (%s); the next build tries again", failure.pmcid, failure.detail
        )
    report = PmcReport(
        query=settings.query or "",
        search_term=search_term(settings.query or ""),
        hits=search.count or 0,
        considered=len(outcomes),
        accepted=len(documents),
        already_local=sum(o.document is not None and o.files_downloaded == 0 for o in outcomes),
        in_store_not_fetched=sum(o.in_store for o in outcomes),
        files_downloaded=sum(o.files_downloaded for o in outcomes),
        bytes_downloaded=sum(o.bytes_downloaded for o in outcomes),
        rejected=dict(sorted(Counter(r.reason for r in rejections).items())),
        failed=failures,
        folder=str(folder),
        sjr_table=str(journals.table.path) if journals else None,
        sjr_year=journals.table.year if journals else None,
        sjr_min=journals.minimum if journals else None,
    )
    return PmcSelection(documents, articles, rejections, report)
