"""The bucket layout: metadata fields, S3 URLs, and keys that would leave the article."""

from __future__ import annotations

import json

import pytest

from chemx.sources.pmc.layout import MetadataError, parse_metadata
from tests.sources.pmc._server import BUCKET_FOLDER


def _metadata(**changes: object) -> bytes:
    record = json.loads((BUCKET_FOLDER / "metadata" / "PMC1001.1.json").read_bytes())
    record.update(changes)
    return json.dumps(record).encode()


def test_the_recorded_metadata_reads_as_documented() -> None:
    meta = parse_metadata(_metadata(), "PMC1001", 1)
    assert (meta.licence, meta.open_access, meta.retracted, meta.open_licence) == (
        "CC BY",
        True,
        False,
        True,
    )
    assert meta.xml.key == "PMC1001.1/PMC1001.1.xml" and meta.xml.md5 is not None
    assert [f.name for f in meta.figure_files({"fig1"})] == ["fig1.png"]  # not the .xlsx
    assert meta.figure_files({"other"}) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"pmcid": "PMC2"}, "describes PMC2, not PMC1001"),
        ({"xml_url": "s3://pmc-oa-opendata/PMC1001.1/../../etc/passwd"}, "is not a file of"),
        ({"xml_url": "s3://another-bucket/PMC1001.1/a.xml"}, "is not an s3://pmc-oa-opendata/"),
        ({"media_urls": ["s3://pmc-oa-opendata/PMC1002.1/fig1.png"]}, "is not a file of"),
        ({"xml_url": None}, "has no xml_url"),
    ],
)
def test_metadata_that_does_not_fit_the_layout_is_refused(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(MetadataError, match=message):
        parse_metadata(_metadata(**changes), "PMC1001", 1)


def test_licence_codes() -> None:
    for code, open_ in (("CC BY-NC-ND 4.0", True), ("CC0", True), ("NO-CC CODE", False)):
        assert parse_metadata(_metadata(license_code=code), "PMC1001", 1).open_licence is open_
    assert parse_metadata(_metadata(license_code=None), "PMC1001", 1).open_licence is False
