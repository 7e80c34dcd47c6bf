"""The esearch client: parameters NCBI asks for, paging, errors, and the shared rate limit."""

from __future__ import annotations

import httpx
import pytest

from chemx.sources.pmc._http import TokenBucket, parse_retry_after
from chemx.sources.pmc.eutils import (
    RATE_WITH_KEY,
    Esearch,
    EutilsError,
    eutils_date,
    parse_page,
)
from tests.sources.pmc._server import FixtureServer, Scripted


def test_search_sends_key_dates_and_pages_through_the_history(
    pmc_server: FixtureServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NCBI_API_KEY", "k-123")
    monkeypatch.setenv("CHEMX_NCBI_EMAIL", "env@example.org")
    with httpx.Client() as client:
        search = Esearch(client, f"{pmc_server.url}/eutils")
        hits = list(search.pmcids("ring strain", after="2020", before="2024-6-30"))
    assert hits == [f"PMC{n}" for n in (1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008)]
    assert search.count == 8 and search.bucket.interval == pytest.approx(1 / RATE_WITH_KEY)
    first, second = (seen.query for seen in pmc_server.requests("/eutils/"))
    assert (first["api_key"], first["email"]) == ("k-123", "env@example.org")
    assert (first["datetype"], first["mindate"], first["maxdate"]) == ("pdat", "2020", "2024/06/30")
    assert (first["retstart"], first["retmode"]) == ("0", "json")
    assert (second["term"], second["retstart"], second["api_key"]) == ("#1", "5", "k-123")


def test_a_refused_search_is_one_clear_error(pmc_server: FixtureServer) -> None:
    pmc_server.script("/eutils/esearch.fcgi", [Scripted(400)])
    with httpx.Client() as client, pytest.raises(EutilsError, match="HTTP 400"):
        list(Esearch(client, f"{pmc_server.url}/eutils").pmcids("x"))
    pmc_server.script("/eutils/esearch.fcgi", [Scripted(503)] * 5)
    with httpx.Client() as client, pytest.raises(EutilsError, match="HTTP 503 after 5 tries"):
        list(Esearch(client, f"{pmc_server.url}/eutils").pmcids("x"))


def test_pages_in_json_and_xml_and_stated_errors() -> None:
    page = parse_page(b'{"esearchresult": {"count": "0", "retstart": "0", "idlist": []}}')
    assert (page.count, page.pmcids, page.webenv) == (0, [], None)
    xml = b"<eSearchResult><Count>1</Count><RetStart>0</RetStart><IdList><Id>77</Id></IdList>"
    assert parse_page(xml + b"</eSearchResult>").pmcids == ["PMC77"]
    with pytest.raises(EutilsError, match="refused the search: Invalid query"):
        parse_page(b'{"esearchresult": {"ERROR": "Invalid query"}}')
    with pytest.raises(EutilsError, match="API rate limit exceeded"):
        parse_page(b'{"error": "API rate limit exceeded"}')


def test_dates_are_written_the_way_eutils_reads_them() -> None:
    assert [eutils_date(d) for d in ("2021", "2021-3", "2021/03/05")] == [
        "2021",
        "2021/03",
        "2021/03/05",
    ]


def test_the_token_bucket_spaces_requests_by_the_rate() -> None:
    now = [0.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(round(seconds, 6))
        now[0] += seconds

    bucket = TokenBucket(3.0, clock=lambda: now[0], sleep=sleep)
    for _ in range(4):
        bucket.acquire()
    assert slept == [pytest.approx(1 / 3)] * 3  # the first goes at once, then 3 per second
    now[0] += 5.0  # idle time does not bank a burst
    bucket.acquire()
    bucket.acquire()
    assert slept[-1] == pytest.approx(1 / 3) and len(slept) == 4


def test_retry_after_reads_seconds_and_http_dates() -> None:
    import datetime as dt

    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("Thu, 01 Jan 2026 00:00:10 GMT", now=now) == 10.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None
