"""The PMC bucket over anonymous HTTPS, and its local copy (OUT/pmc or `--mirror`).

`Bucket` lists keys (S3 ListObjectsV2: key, size and ETag) and downloads objects.
A download is resumable and verified: bytes go to ``<file>.part`` (a retry or the next
build continues it with a ``Range`` request), are checked against the MD5 the metadata
gives (else a plain-MD5 ETag from the listing) and the listed size, and only then are
renamed into place. So a file that exists under its own name is complete.

`LocalCopy` is the folder with the bucket's layout; every path it opens or writes is
resolved first and must lie inside it (`chemx.sources._paths.resolve_inside`), so a
mirror whose folders link elsewhere is refused rather than followed.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

import httpx
from lxml import etree

from chemx.sources._paths import PathRefused, resolve_inside
from chemx.sources.pmc._http import (
    DamagedTransfer,
    FetchError,
    check_status,
    with_retries,
)
from chemx.sources.pmc.layout import metadata_key

S3_NAMESPACE = "{http://s3.amazonaws.com/doc/2006-03-01/}"
PART_SUFFIX = ".part"
MAX_VERSION = 30
"""Versions probed in a local copy (PMC articles have a handful at most); probing by name
costs a few stat calls, where listing a full mirror's metadata folder would take minutes."""
CHUNK_BYTES = 1 << 16
_PLAIN_MD5 = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class ListedObject:
    """One key of a bucket listing."""

    key: str
    size: int
    etag: str | None
    """The ETag without quotes; the MD5 of the bytes unless it has a "-N" (multipart) tail."""

    @property
    def md5(self) -> str | None:
        """The MD5 the ETag gives, when it is a plain MD5."""
        return self.etag if self.etag and _PLAIN_MD5.fullmatch(self.etag) else None


@dataclass(frozen=True)
class Expected:
    """What a downloaded object must be; None where nothing says."""

    md5: str | None = None
    size: int | None = None


class Bucket:
    """Read-only access to the bucket at `base_url` (no credentials: it is public)."""

    def __init__(self, client: httpx.Client, base_url: str) -> None:
        self.client = client
        self.base_url = base_url.rstrip("/")

    def url(self, key: str) -> str:
        """The HTTPS URL of a key."""
        return f"{self.base_url}/{key}"

    def list(self, prefix: str) -> list[ListedObject]:
        """Every key under `prefix`, following continuation tokens."""
        objects: list[ListedObject] = []
        token: str | None = None
        while True:
            params = {"list-type": "2", "prefix": prefix}
            if token:
                params["continuation-token"] = token
            body = self._get(self.base_url + "/", params).content
            page, token = _parse_listing(body, self.base_url)
            objects.extend(page)
            if not token:
                return objects

    def get(self, key: str) -> bytes:
        """A small object's bytes (a metadata file); raises `FetchError` (404 included)."""
        return self._get(self.url(key)).content

    def download(self, key: str, destination: Path, expected: Expected) -> int:
        """Download `key` to `destination` via a ``.part`` file; return the bytes received.

        A ``.part`` left by an interrupted run is continued, not restarted. Raises
        `FetchError` when the object cannot be had intact after the retries.
        """
        part = destination.with_name(destination.name + PART_SUFFIX)
        url = self.url(key)
        received = 0

        def attempt() -> None:
            nonlocal received
            offset = part.stat().st_size if part.exists() else 0
            headers = {"Range": f"bytes={offset}-"} if offset else {}
            with self.client.stream("GET", url, headers=headers) as response:
                if response.status_code == 416:  # the part is as long as the object, or longer
                    part.unlink(missing_ok=True)
                    raise DamagedTransfer(f"{key}: the partial file did not match; restarting")
                check_status(response, url)
                mode = "ab" if response.status_code == 206 else "wb"
                with part.open(mode) as handle:
                    for chunk in response.iter_bytes(CHUNK_BYTES):
                        handle.write(chunk)
                        received += len(chunk)
            problem = _verify(part, expected)
            if problem is not None:
                part.unlink(missing_ok=True)
                raise DamagedTransfer(f"{key}: {problem}")

        destination.parent.mkdir(parents=True, exist_ok=True)
        with_retries(url, attempt)
        os.replace(part, destination)
        return received

    def _get(self, url: str, params: dict[str, str] | None = None) -> httpx.Response:
        def attempt() -> httpx.Response:
            response = self.client.get(url, params=params)
            check_status(response, url)
            return response

        return with_retries(url, attempt)


def _verify(path: Path, expected: Expected) -> str | None:
    """Why the file is not the expected object, or None when it is (or nothing says)."""
    size = path.stat().st_size
    if expected.size is not None and size != expected.size:
        return f"{size:,} bytes received, the listing says {expected.size:,}"
    if expected.md5 is not None:
        digest = hashlib.md5(usedforsecurity=False)
        with path.open("rb") as handle:
            for chunk in iter(lambda: handle.read(CHUNK_BYTES), b""):
                digest.update(chunk)
        if digest.hexdigest() != expected.md5:
            return f"MD5 {digest.hexdigest()} is not the published {expected.md5}"
    return None


def _parse_listing(body: bytes, url: str) -> tuple[list[ListedObject], str | None]:
    """The objects of one ListObjectsV2 page and the continuation token, if truncated."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise FetchError(url, f"the bucket listing is not XML ({exc})") from exc

    def text(element: etree._Element, name: str) -> str | None:
        found = element.find(S3_NAMESPACE + name)
        if found is None:
            found = element.find(name)
        return found.text if found is not None else None

    objects = []
    for contents in [*root.iter(S3_NAMESPACE + "Contents"), *root.iter("Contents")]:
        key = text(contents, "Key")
        size = text(contents, "Size")
        if key is None:
            continue
        etag = (text(contents, "ETag") or "").strip().strip('"').lower() or None
        objects.append(ListedObject(key, int(size) if size and size.isdigit() else -1, etag))
    truncated = (text(root, "IsTruncated") or "false").strip().lower() == "true"
    token = text(root, "NextContinuationToken") if truncated else None
    return objects, token


class LocalCopy:
    """A folder with the bucket's layout: the download folder, or a synced `--mirror`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        """The real path of `key` inside the copy; `FetchError` when it would lie outside."""
        real = resolve_inside(self.root, self.root / key)
        if isinstance(real, PathRefused):
            raise FetchError(str(self.root / key), f"refused: {real.detail}")
        return real

    def has(self, key: str) -> bool:
        """Whether the (complete) file is there."""
        return self.path(key).is_file()

    def read(self, key: str) -> bytes:
        """The file's bytes (it must be there)."""
        return self.path(key).read_bytes()

    def write(self, key: str, data: bytes) -> None:
        """Write a small file in one step (a temporary name, then a rename)."""
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + PART_SUFFIX)
        temporary.write_bytes(data)
        os.replace(temporary, path)

    def latest_version(self, pmcid: str) -> int | None:
        """The highest version whose metadata file the copy holds, or None."""
        found = [v for v in range(1, MAX_VERSION + 1) if self.has(metadata_key(pmcid, v))]
        return max(found) if found else None
