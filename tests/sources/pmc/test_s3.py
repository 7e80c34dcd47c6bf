"""The bucket: listings, resumable and verified downloads, and the local copy's boundary."""

from __future__ import annotations

import hashlib
from pathlib import Path

import httpx
import pytest

from chemx.sources.pmc._http import FetchError
from chemx.sources.pmc.s3 import Bucket, Expected, LocalCopy
from tests.sources.pmc._server import BUCKET_FOLDER, FixtureServer, Scripted

KEY = "PMC1001.1/fig1.png"
DATA = (BUCKET_FOLDER / KEY).read_bytes()


def test_listing_gives_sizes_and_md5_etags(pmc_server: FixtureServer) -> None:
    with httpx.Client() as client:
        listed = Bucket(client, f"{pmc_server.url}/bucket").list("PMC1002.")
    keys = [item.key for item in listed]
    assert "PMC1002.1/gr1.png" in keys and "PMC1002.2/gr1.png" in keys
    assert not any(key.startswith("PMC1001.") for key in keys)
    image = next(item for item in listed if item.key == "PMC1002.2/gr1.png")
    data = (BUCKET_FOLDER / image.key).read_bytes()
    assert (image.size, image.md5) == (len(data), hashlib.md5(data).hexdigest())


def test_a_partial_download_is_continued_then_verified(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    target = tmp_path / KEY
    target.parent.mkdir(parents=True)
    (tmp_path / (KEY + ".part")).write_bytes(DATA[:100])
    pmc_server.script(f"/bucket/{KEY}", [Scripted(500)])
    expected = Expected(md5=hashlib.md5(DATA).hexdigest(), size=len(DATA))
    with httpx.Client() as client:
        received = Bucket(client, f"{pmc_server.url}/bucket").download(KEY, target, expected)
    assert target.read_bytes() == DATA and received == len(DATA) - 100
    gets = pmc_server.requests(f"/bucket/{KEY}")
    assert [(s.status, s.headers.get("Range")) for s in gets] == [
        (500, "bytes=100-"),
        (206, "bytes=100-"),
    ]
    assert not (tmp_path / (KEY + ".part")).exists()


def test_bytes_that_are_not_the_published_ones_are_never_kept(
    pmc_server: FixtureServer, tmp_path: Path
) -> None:
    target = tmp_path / KEY
    target.parent.mkdir(parents=True)
    with httpx.Client() as client, pytest.raises(FetchError, match="is not the published"):
        Bucket(client, f"{pmc_server.url}/bucket").download(KEY, target, Expected(md5="0" * 32))
    assert not target.exists() and not (tmp_path / (KEY + ".part")).exists()
    assert len(pmc_server.requests(f"/bucket/{KEY}")) == 5  # every try, then give up


def test_a_missing_object_fails_at_once(pmc_server: FixtureServer, tmp_path: Path) -> None:
    with httpx.Client() as client, pytest.raises(FetchError, match="HTTP 404"):
        Bucket(client, f"{pmc_server.url}/bucket").get("metadata/PMC9.1.json")
    assert len(pmc_server.requests("/bucket/metadata/PMC9.1.json")) == 1


def test_the_local_copy_finds_the_latest_version_and_refuses_links_out(tmp_path: Path) -> None:
    copy = LocalCopy(tmp_path / "copy")
    copy.write("metadata/PMC5.1.json", b"{}")
    copy.write("metadata/PMC5.3.json", b"{}")
    copy.write("metadata/PMC55.9.json", b"{}")
    assert copy.latest_version("PMC5") == 3 and copy.latest_version("PMC6") is None
    (tmp_path / "copy" / "PMC6.1").symlink_to(tmp_path)
    with pytest.raises(FetchError, match="outside the corpus folder"):
        copy.has("PMC6.1/secret.txt")
