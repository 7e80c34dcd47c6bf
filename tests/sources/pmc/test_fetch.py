"""`chemx build --corpus pmc_oa` end to end, against the loopback E-utilities and bucket."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from chemx.cli import app
from chemx.pipeline import BuildSettings, run_build
from chemx.settings import PmcSettings
from tests.sources.pmc._server import BUCKET_FOLDER, FIXTURES, FixtureServer, Scripted

runner = CliRunner()
SJR_TABLE = FIXTURES / "scimagojr 2023.csv"


def _build(server: FixtureServer, out: Path, *extra: str) -> dict[str, Any]:
    result = runner.invoke(
        app,
        [
            "build",
            "--corpus",
            "pmc_oa",
            "--query",
            "ring strain",
            "--max-papers",
            "20",
            "--until",
            "acquire",
            "--out",
            str(out),
            "--json",
            "--email",
            "chemx-tests@example.org",
            "--eutils-url",
            f"{server.url}/eutils/",
            "--pmc-url",
            f"{server.url}/bucket",
            *extra,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _stored(out: Path) -> dict[str, Any]:
    connection = sqlite3.connect(out / "chemx.db")
    try:
        papers = {
            json.loads(payload)["pmcid"]: json.loads(payload)
            for (payload,) in connection.execute("SELECT payload FROM nodes WHERE kind='paper'")
        }
        refused = dict(
            connection.execute(
                "SELECT n.json_extract_path, d.reason FROM decisions d JOIN "
                "(SELECT id, json_extract(payload, '$.path') AS json_extract_path FROM nodes "
                "WHERE kind='source') n ON n.id = d.node_id"
            ).fetchall()
        )
        details = [row[0] for row in connection.execute("SELECT detail FROM decisions")]
    finally:
        connection.close()
    return {"papers": papers, "refused": refused, "details": details}


def test_build_ingests_open_papers_refuses_the_rest_and_a_rerun_fetches_nothing(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    pmc_server.script(
        "/eutils/esearch.fcgi", [Scripted(429, {"Retry-After": "1"})], when={"retstart": "5"}
    )
    pmc_server.script("/bucket/metadata/PMC1001.1.json", [Scripted(503)])
    out = tmp_path / "out"
    report = _build(pmc_server, out, "--sjr-table", str(SJR_TABLE))

    pmc = report["pmc"]
    assert pmc["hits"] == 8 and pmc["considered"] == 8 and pmc["accepted"] == 2
    assert pmc["rejected"] == {
        "journal_below_sjr": 1,
        "journal_not_ranked": 1,
        "licence_not_open": 1,
        "not_in_cloud": 1,
        "not_open_access": 1,
        "retracted": 1,
    }
    assert (pmc["sjr_year"], pmc["sjr_min"], pmc["failed"]) == (2023, 2.0, [])
    assert report["documents"]["ran"] == 2 and report["documents"]["rejected"] == 0
    stored = _stored(out)
    assert set(stored["papers"]) == {"PMC1001", "PMC1002"}
    assert stored["papers"]["PMC1001"]["licence"] == "CC BY"
    assert stored["papers"]["PMC1001"]["pmc_version"] == 1
    assert stored["papers"]["PMC1002"]["licence"] == "CC BY-NC"
    assert stored["papers"]["PMC1002"]["pmc_version"] == 2  # the latest of versions 1 and 2
    assert stored["papers"]["PMC1001"]["source"] == "pmc_oa"
    assert stored["refused"] == {
        "metadata/PMC1003.1.json": "retracted",
        "metadata/PMC1004.1.json": "not_open_access",
        "metadata/PMC1005.1.json": "licence_not_open",
        "metadata/PMC1006.1.json": "journal_below_sjr",
        "PMC1007": "not_in_cloud",
        "metadata/PMC1008.1.json": "journal_not_ranked",
    }
    assert any("SJR 0.812 in 2023, under --sjr-min 2" in d for d in stored["details"])
    assert any("licence NO-CC CODE is not a Creative Commons" in d for d in stored["details"])
    assert report["totals"]["figure"] == {"ok": 2}
    # the funnel starts at the search, as in seed 002's Fig. 3
    funnel = {stage["name"]: stage for stage in report["attrition"]}
    assert [s["name"] for s in report["attrition"][:5]] == [
        "candidates found",
        "considered",
        "open-access",
        "journal filter",
        "papers",
    ]
    assert funnel["open-access"]["dropped"] == {
        "pmc/retracted": 1,
        "pmc/not_open_access": 1,
        "pmc/licence_not_open": 1,
        "pmc/not_in_cloud": 1,
    }
    assert funnel["journal filter"]["dropped"] == {
        "pmc/journal_below_sjr": 1,
        "pmc/journal_not_ranked": 1,
    }
    assert funnel["journal filter"]["count"] == funnel["considered"]["count"] - 6
    assert funnel["papers"]["count"] == 2 and funnel["figures"]["count"] == 2
    shares = [r["share"] for r in report["rejections"]]
    assert shares and abs(sum(shares) - 1) < 0.01

    # E-utilities: tool, email, the OA filter, history paging; the 429 was waited out
    searches = pmc_server.requests("/eutils/")
    assert [s.status for s in searches] == [200, 429, 200]
    first, _, second = searches
    assert first.query["term"] == "(ring strain) AND open access[filter]"
    assert (first.query["db"], first.query["tool"], first.query["usehistory"]) == (
        "pmc",
        "chemx",
        "y",
    )
    assert first.query["email"] == "chemx-tests@example.org" and "api_key" not in first.query
    assert second.query["WebEnv"] == "MCID_fixture_webenv" and second.query["query_key"] == "1"
    assert second.at - searches[1].at >= 0.95  # Retry-After: 1
    # the 503 on a metadata file was retried; only cited figures and the XML were fetched
    retried = pmc_server.requests("/bucket/metadata/PMC1001.1.json")
    assert [s.status for s in retried] == [503, 200]
    files = {s.path.removeprefix("/bucket/") for s in pmc_server.article_file_requests()}
    assert "PMC1001.1/fig1.png" in files and "PMC1002.2/gr1.png" in files
    assert "PMC1001.1/supplement.xlsx" not in files and "PMC1002.1/PMC1002.1.xml" not in files
    assert "PMC1003.1/PMC1003.1.xml" not in files  # refused on its metadata: nothing more
    assert not any(f.startswith("PMC1006.1/fig") for f in files)  # refused on its journal
    assert (out / "pmc" / "PMC1001.1" / "fig1.png").read_bytes() == (
        BUCKET_FOLDER / "PMC1001.1" / "fig1.png"
    ).read_bytes()
    assert not list((out / "pmc").rglob("*.part"))

    # the same command again: nothing downloaded, nothing added
    before = len(pmc_server.article_file_requests())
    again = _build(pmc_server, out, "--sjr-table", str(SJR_TABLE))
    assert len(pmc_server.article_file_requests()) == before
    assert set(again["rows_added"].values()) == {0}
    assert again["pmc"]["already_local"] == 2 and again["pmc"]["files_downloaded"] == 0
    assert again["documents"]["already_done"] == 2


def test_papers_in_the_store_are_not_fetched_again_even_without_their_files(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    first = _build(pmc_server, out)
    assert first["pmc"]["accepted"] == 4  # no SJR table: PMC1006 and PMC1008 pass too
    shutil.rmtree(out / "pmc")
    seen = len(pmc_server.seen)
    again = _build(pmc_server, out)
    fetched = {s.path for s in pmc_server.seen[seen:]}
    assert not any(p.startswith(("/bucket/PMC1001.", "/bucket/metadata/PMC1001.")) for p in fetched)
    assert again["pmc"]["in_store_not_fetched"] == 4 and again["pmc"]["accepted"] == 0
    assert set(again["rows_added"].values()) == {0}


def test_max_papers_takes_the_first_accepted_hits_in_search_order(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    report = run_build(
        BuildSettings(
            corpus="pmc_oa",
            out=tmp_path / "out",
            until="acquire",
            pmc=PmcSettings(
                query="ring strain",
                max_papers=1,
                eutils_url=f"{pmc_server.url}/eutils/",
                pmc_url=f"{pmc_server.url}/bucket",
            ),
        )
    )
    assert report.pmc is not None
    assert (report.pmc.accepted, report.documents.discovered) == (1, 1)
    assert report.totals["paper"] == {"ok": 1}


def test_a_mirror_is_read_in_place_and_completed_with_downloads(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    mirror = tmp_path / "mirror"
    shutil.copytree(BUCKET_FOLDER / "PMC1001.1", mirror / "PMC1001.1")
    (mirror / "metadata").mkdir()
    shutil.copy(BUCKET_FOLDER / "metadata" / "PMC1001.1.json", mirror / "metadata")
    report = _build(pmc_server, tmp_path / "out", "--mirror", str(mirror))
    assert report["pmc"]["accepted"] == 4 and report["pmc"]["folder"] == str(mirror)
    fetched = {s.path for s in pmc_server.seen}
    assert not any("PMC1001" in path for path in fetched)
    assert (mirror / "PMC1002.2" / "gr1.png").is_file()  # downloaded into the mirror
    assert not (tmp_path / "out" / "pmc").exists()


def test_a_mirror_file_linking_outside_is_refused_unread(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    mirror = tmp_path / "mirror"
    (mirror / "metadata").mkdir(parents=True)
    secret = tmp_path / "secret.json"
    secret.write_text('{"private": true}')
    (mirror / "metadata" / "PMC1001.1.json").symlink_to(secret)
    report = _build(pmc_server, tmp_path / "out", "--mirror", str(mirror))
    failed = {f["pmcid"]: f["detail"] for f in report["pmc"]["failed"]}
    assert "outside the corpus folder" in failed["PMC1001"]
    assert "PMC1001" not in _stored(tmp_path / "out")["papers"]


def test_pmc_options_need_the_pmc_corpus_and_a_query(tmp_path: Path) -> None:
    wrong = runner.invoke(
        app, ["build", "--corpus", "sample", "--out", str(tmp_path / "o"), "--query", "x"]
    )
    assert wrong.exit_code == 2 and "--query: only for --corpus pmc_oa" in wrong.output
    missing = runner.invoke(app, ["build", "--corpus", "pmc_oa", "--out", str(tmp_path / "o")])
    assert missing.exit_code == 2 and "needs --query" in missing.output
    bad_date = runner.invoke(
        app, ["build", "--corpus", "pmc_oa", "--query", "x", "--published-after", "03/2021"]
    )
    assert bad_date.exit_code == 2 and "YYYY-MM-DD" in bad_date.output
