"""The PMC search: NCBI E-utilities `esearch` on `db=pmc`, paged through the history server.

The user's terms are searched with ``open access[filter]`` added, between the optional
publication dates (``datetype=pdat``). The first request stores the result on NCBI's
history server (``usehistory=y``); later pages ask for the stored result (``WebEnv`` and
``query_key``) from ``retstart``, so every page comes from the same result set even while
PMC grows. Every request carries ``tool`` and ``email`` (NCBI asks for both) and, when
``NCBI_API_KEY`` is set, the key; all of them share one rate limit (3 or 10 per second).

Answers are read as JSON (``retmode=json``) or, from a server that ignores it, as the
``eSearchResult`` XML.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
from lxml import etree

from chemx.errors import ChemxError
from chemx.settings import PUBLICATION_DATE
from chemx.sources.pmc._http import FetchError, TokenBucket, check_status, with_retries
from chemx.sources.pmc.layout import normalise_pmcid

TOOL = "chemx"
"""The `tool` parameter NCBI asks every client to send."""
OPEN_ACCESS_FILTER = "open access[filter]"
EMAIL_ENV = "CHEMX_NCBI_EMAIL"
API_KEY_ENV = "NCBI_API_KEY"
RATE_WITHOUT_KEY = 3.0
RATE_WITH_KEY = 10.0
"""Requests per second NCBI allows without and with an API key."""
PAGE_SIZE = 500
"""Ids per esearch page (NCBI allows up to 10,000; smaller pages start the fetching sooner)."""


class EutilsError(ChemxError, RuntimeError):
    """E-utilities refused the search or could not be reached; the message says what to do."""


@dataclass(frozen=True)
class SearchPage:
    """One page of the result: the PMCIDs from `retstart`, and what the next page needs."""

    count: int
    """Hits in the whole result."""
    retstart: int
    pmcids: list[str]
    webenv: str | None
    query_key: str | None


def search_term(query: str) -> str:
    """The user's terms restricted to the open-access subset.

    >>> search_term("catalysis AND chemistry")
    '(catalysis AND chemistry) AND open access[filter]'
    """
    return f"({query.strip()}) AND {OPEN_ACCESS_FILTER}"


def eutils_date(text: str) -> str:
    """A date as E-utilities writes it: 2021-03-05 -> 2021/03/05, 2021-3 -> 2021/03."""
    found = PUBLICATION_DATE.fullmatch(text.strip())
    if found is None:
        raise EutilsError(f"{text!r} is not a date; write YYYY, YYYY-MM or YYYY-MM-DD")
    parts = [found["year"]] + [f"{int(p):02d}" for p in (found["month"], found["day"]) if p]
    return "/".join(parts)


class Esearch:
    """Pages through one search; `pmcids()` yields the hits, fetching pages as needed."""

    def __init__(
        self,
        client: httpx.Client,
        base_url: str,
        *,
        email: str | None = None,
        api_key: str | None = None,
        bucket: TokenBucket | None = None,
        page_size: int = PAGE_SIZE,
    ) -> None:
        self.client = client
        self.url = base_url.rstrip("/") + "/esearch.fcgi"
        self.email = email if email is not None else os.environ.get(EMAIL_ENV) or None
        self.api_key = api_key if api_key is not None else os.environ.get(API_KEY_ENV) or None
        rate = RATE_WITH_KEY if self.api_key else RATE_WITHOUT_KEY
        self.bucket = bucket or TokenBucket(rate)
        self.page_size = page_size
        self.count: int | None = None
        """Hits in the whole result, once the first page is in."""

    def pmcids(
        self, query: str, *, after: str | None = None, before: str | None = None
    ) -> Iterator[str]:
        """Every hit as a PMCID ("PMC123"), in E-utilities' order, page by page."""
        params = self._common() | {
            "term": search_term(query),
            "usehistory": "y",
            "retstart": "0",
            "retmax": str(self.page_size),
        }
        if after or before:
            params |= {
                "datetype": "pdat",
                "mindate": eutils_date(after or "1800"),
                "maxdate": eutils_date(before or "3000"),
            }
        page = self._page(params)
        self.count = page.count
        while True:
            yield from page.pmcids
            retstart = page.retstart + len(page.pmcids)
            if not page.pmcids or retstart >= page.count:
                return
            if page.webenv is None or page.query_key is None:
                raise EutilsError(
                    f"{self.url} sent no WebEnv/QueryKey with usehistory=y, so the next "
                    "page cannot be asked for; check --eutils-url"
                )
            page = self._page(
                self._common()
                | {
                    "term": f"#{page.query_key}",
                    "WebEnv": page.webenv,
                    "query_key": page.query_key,
                    "usehistory": "y",
                    "retstart": str(retstart),
                    "retmax": str(self.page_size),
                }
            )

    def _common(self) -> dict[str, str]:
        params = {"db": "pmc", "retmode": "json", "tool": TOOL}
        if self.email:
            params["email"] = self.email
        if self.api_key:
            params["api_key"] = self.api_key
        return params

    def _page(self, params: dict[str, str]) -> SearchPage:
        def attempt() -> httpx.Response:
            self.bucket.acquire()
            response = self.client.get(self.url, params=params)
            check_status(response, self.url)
            return response

        try:
            response = with_retries(self.url, attempt)
        except FetchError as exc:
            hint = " (is NCBI_API_KEY valid?)" if exc.status in (400, 401, 403) else ""
            raise EutilsError(
                f"E-utilities esearch failed: {exc}{hint}; check the network or --eutils-url"
            ) from exc
        return parse_page(response.content, self.url)


def parse_page(body: bytes, url: str = "esearch") -> SearchPage:
    """Read an esearch answer, JSON or XML; an error the server states raises `EutilsError`."""
    try:
        return _parse_page(body, url)
    except (ValueError, TypeError, AttributeError) as exc:  # a field of the wrong type
        raise EutilsError(f"{url} answered an esearch result that cannot be read ({exc})") from exc


def _parse_page(body: bytes, url: str) -> SearchPage:
    text = body.lstrip()
    if text.startswith(b"<"):
        return _parse_xml(text, url)
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EutilsError(f"{url} answered neither JSON nor XML ({exc})") from exc
    result = data.get("esearchresult") if isinstance(data, dict) else None
    if not isinstance(result, dict):
        error = data.get("error") if isinstance(data, dict) else None
        raise EutilsError(f"{url}: {error or 'no esearchresult in the answer'}")
    if result.get("ERROR"):
        raise EutilsError(f"{url} refused the search: {result['ERROR']}")
    return SearchPage(
        count=int(result.get("count", 0)),
        retstart=int(result.get("retstart", 0)),
        pmcids=[normalise_pmcid(str(uid)) for uid in result.get("idlist", [])],
        webenv=result.get("webenv"),
        query_key=str(result["querykey"]) if result.get("querykey") is not None else None,
    )


def _parse_xml(body: bytes, url: str) -> SearchPage:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise EutilsError(f"{url} answered malformed XML ({exc})") from exc
    error = root.findtext("ERROR") or root.findtext("ErrorList/PhraseNotFound")
    if root.tag != "eSearchResult" or (error and root.find("Count") is None):
        raise EutilsError(f"{url}: {error or 'no eSearchResult in the answer'}")
    return SearchPage(
        count=int(root.findtext("Count") or 0),
        retstart=int(root.findtext("RetStart") or 0),
        pmcids=[normalise_pmcid(uid.text or "") for uid in root.findall("IdList/Id")],
        webenv=root.findtext("WebEnv"),
        query_key=root.findtext("QueryKey"),
    )
