"""The PMC Cloud Service bucket: where each article's files lie and what its metadata says.

Since 2026 PMC distributes its article datasets only through the Cloud Service, the
world-readable S3 bucket ``pmc-oa-opendata`` (anonymous HTTPS at
https://pmc-oa-opendata.s3.amazonaws.com). Every version of an article has a folder of
its own, and a metadata file per version sits under ``metadata/``::

    PMC176545.1/PMC176545.1.xml        the JATS XML (also .txt, .pdf when there is one)
    PMC176545.1/PMC176545.1.json       a copy of the metadata
    PMC176545.1/fig1.jpg ...           figure images and supplementary files ("media")
    metadata/PMC176545.1.json          the metadata: licence, flags, file URLs

The metadata is one JSON object; the fields read here are named below (`FIELD_*`). File
URLs are S3 URLs with the object's MD5 as a query, e.g.
``s3://pmc-oa-opendata/PMC176545.1/fig1.jpg?md5=0f3c...``. An article's versions are
found by listing the bucket with the prefix ``PMC176545.`` (the dot keeps PMC1765451 out).

A local copy (`--mirror`, or the download folder OUT/pmc) keeps exactly this layout, so
``aws s3 sync`` output and chemx's own downloads are read the same way.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

BUCKET = "pmc-oa-opendata"
"""The bucket named in the metadata's S3 URLs."""
METADATA_FOLDER = "metadata"
"""Top-level folder of the per-version metadata files."""

FIELD_PMCID = "pmcid"
"""E.g. "PMC176545"."""
FIELD_VERSION = "version"
"""The article version, an integer from 1."""
FIELD_OPEN_ACCESS = "is_pmc_openaccess"
"""True when the version is in the PMC Open Access Subset."""
FIELD_RETRACTED = "is_retracted"
"""True when the article has been retracted."""
FIELD_LICENCE = "license_code"
"""E.g. "CC BY", "CC BY-NC-ND", "CC0"; anything else (or nothing) is not an open licence."""
FIELD_XML_URL = "xml_url"
"""S3 URL of the JATS XML."""
FIELD_MEDIA_URLS = "media_urls"
"""S3 URLs of the figure images and supplementary files."""
FIELD_DOI = "doi"
FIELD_ISSNS = ("issn", "eissn", "essn")
"""Journal ISSNs, when a metadata file carries them (current ones do not: the SJR filter
then reads the ISSNs from the JATS)."""

OPEN_LICENCE_PREFIXES = ("CC BY", "CC0")
"""Licence codes that start with one of these are open (Creative Commons, any variant)."""
FIGURE_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff")
"""Media files that may be figure images; only those the JATS cites are downloaded."""

_S3_URL = re.compile(r"s3://(?P<bucket>[^/?#]+)/(?P<key>[^?#]+)(?:\?(?P<query>[^#]*))?")
_ARTICLE_KEY = re.compile(r"(?P<folder>PMC\d+\.\d+)/(?P<name>[A-Za-z0-9_][^/\\]*)")
"""A file directly inside an article folder: one level, no `..`, no hidden file."""
_PMCID = re.compile(r"(?:PMC)?(?P<digits>\d{1,12})", re.IGNORECASE)
_MD5 = re.compile(r"[0-9a-f]{32}")


class MetadataError(ValueError):
    """A metadata file is not what the layout above describes."""


def normalise_pmcid(value: str) -> str:
    """A PMCID as the bucket writes it: PMC0123, pmc123 or 123 (a PMC uid) -> PMC123.

    >>> normalise_pmcid("4567")
    'PMC4567'
    """
    found = _PMCID.fullmatch(value.strip())
    if found is None:
        raise ValueError(f"{value!r} is not a PMCID")
    return f"PMC{int(found['digits'])}"


def article_folder(pmcid: str, version: int) -> str:
    """The folder of one article version: "PMC123.2"."""
    return f"{pmcid}.{version}"


def metadata_key(pmcid: str, version: int) -> str:
    """The key of one version's metadata file: "metadata/PMC123.2.json"."""
    return f"{METADATA_FOLDER}/{article_folder(pmcid, version)}.json"


def version_of(folder_or_key: str, pmcid: str) -> int | None:
    """The version in "PMC123.2/...", "PMC123.2/" or "metadata/PMC123.2.json", else None."""
    name = folder_or_key.removeprefix(f"{METADATA_FOLDER}/").split("/", 1)[0]
    name = name.removesuffix(".json")
    head, dot, version = name.partition(".")
    if head == pmcid and dot and version.isdigit():
        return int(version)
    return None


@dataclass(frozen=True)
class ArticleFile:
    """One file of an article: its key in the bucket and the MD5 the metadata gives."""

    key: str
    """E.g. "PMC123.2/fig1.jpg"; always directly inside the article's folder."""
    md5: str | None

    @property
    def name(self) -> str:
        """The file name inside the article folder."""
        return self.key.split("/", 1)[1]


@dataclass(frozen=True)
class ArticleMetadata:
    """What chemx reads from `metadata/PMC<id>.<version>.json`."""

    pmcid: str
    version: int
    open_access: bool
    retracted: bool
    licence: str | None
    """The `license_code`, e.g. "CC BY"; None when absent."""
    xml: ArticleFile
    media: tuple[ArticleFile, ...]
    doi: str | None
    issns: tuple[str, ...]
    """ISSNs the metadata names, normalised (8 characters, no hyphen); usually none."""

    @property
    def folder(self) -> str:
        """The article folder, "PMC123.2"."""
        return article_folder(self.pmcid, self.version)

    @property
    def open_licence(self) -> bool:
        """Whether the licence code names a Creative Commons licence (or CC0)."""
        code = (self.licence or "").strip().upper()
        return code.startswith(OPEN_LICENCE_PREFIXES)

    def figure_files(self, cited: set[str]) -> list[ArticleFile]:
        """The media that are images the JATS cites, by file name or by name less suffix."""
        wanted = []
        for media in self.media:
            name = media.name
            stem, dot, suffix = name.rpartition(".")
            is_image = f".{suffix.lower()}" in FIGURE_SUFFIXES
            if is_image and (name in cited or (dot and stem in cited)):
                wanted.append(media)
        return wanted


def parse_metadata(data: bytes, pmcid: str, version: int) -> ArticleMetadata:
    """Read one metadata file; raise `MetadataError` naming the field that is wrong."""
    where = metadata_key(pmcid, version)
    try:
        record = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MetadataError(f"{where} is not JSON ({exc})") from exc
    if not isinstance(record, dict):
        raise MetadataError(f"{where} is not a JSON object")
    stated = record.get(FIELD_PMCID)
    if stated is not None and not _same_pmcid(str(stated), pmcid):
        raise MetadataError(f"{where} describes {stated}, not {pmcid}")
    if record.get(FIELD_VERSION) not in (None, version):
        raise MetadataError(f"{where} says version {record.get(FIELD_VERSION)}, not {version}")
    folder = article_folder(pmcid, version)
    xml_url = record.get(FIELD_XML_URL)
    if not isinstance(xml_url, str):
        raise MetadataError(f"{where} has no {FIELD_XML_URL}")
    media_urls = record.get(FIELD_MEDIA_URLS) or []
    if not isinstance(media_urls, list):
        raise MetadataError(f"{where}: {FIELD_MEDIA_URLS} is not a list")
    return ArticleMetadata(
        pmcid=pmcid,
        version=version,
        open_access=record.get(FIELD_OPEN_ACCESS) is True,
        retracted=record.get(FIELD_RETRACTED) is True,
        licence=_text(record.get(FIELD_LICENCE)),
        xml=_article_file(xml_url, folder, where),
        media=tuple(_article_file(str(url), folder, where) for url in media_urls),
        doi=_text(record.get(FIELD_DOI)),
        issns=tuple(
            issn
            for field in FIELD_ISSNS
            if (issn := normalise_issn(str(record.get(field) or ""))) is not None
        ),
    )


def _same_pmcid(stated: str, pmcid: str) -> bool:
    try:
        return normalise_pmcid(stated) == pmcid
    except ValueError:
        return False


def normalise_issn(value: str) -> str | None:
    """An ISSN as SCImago writes it: 1520-5126 -> 15205126; None when it is not one.

    >>> normalise_issn("0002-786x")
    '0002786X'
    """
    text = value.strip().replace("-", "").upper()
    return text if re.fullmatch(r"\d{7}[\dX]", text) else None


def _article_file(url: str, folder: str, where: str) -> ArticleFile:
    """An S3 URL of this bucket naming a file directly inside `folder`."""
    found = _S3_URL.fullmatch(url.strip())
    if found is None or found["bucket"] != BUCKET:
        raise MetadataError(f"{where}: {url!r} is not an s3://{BUCKET}/ URL")
    key = found["key"]
    article = _ARTICLE_KEY.fullmatch(key)
    if article is None or article["folder"] != folder:
        raise MetadataError(f"{where}: {key!r} is not a file of the article folder {folder}/")
    md5 = _query_value(found["query"] or "", "md5")
    return ArticleFile(key=key, md5=md5 if md5 and _MD5.fullmatch(md5) else None)


def _query_value(query: str, name: str) -> str | None:
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if key == name:
            return value.lower()
    return None


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None
