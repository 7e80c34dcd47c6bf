"""What the PMC selection did in one build: the `pmc` section of `build_report.json`."""

from __future__ import annotations

from pydantic import BaseModel, Field

RETRACTED = "retracted"
"""The metadata's `is_retracted` is true."""
NOT_OPEN_ACCESS = "not_open_access"
"""The metadata's `is_pmc_openaccess` is not true."""
LICENCE_NOT_OPEN = "licence_not_open"
"""The `license_code` is not a Creative Commons licence or CC0 (or is missing)."""
NOT_IN_CLOUD = "not_in_cloud"
"""E-utilities found the article, but the bucket holds no version of it (yet)."""
METADATA_MALFORMED = "metadata_malformed"
"""The metadata file is not what the documented layout says."""
ISSN_MISSING = "issn_missing"
"""The SJR filter is on and neither the metadata nor the JATS names the journal's ISSN."""
JOURNAL_NOT_RANKED = "journal_not_ranked"
"""The SJR filter is on and the table has none of the journal's ISSNs."""
JOURNAL_BELOW_SJR = "journal_below_sjr"
"""The journal's SJR is under `--sjr-min`."""


class PmcFailure(BaseModel):
    """An article that could not be fetched this time.

    Nothing is recorded in the store: the next build tries it again.
    """

    pmcid: str
    detail: str


class PmcReport(BaseModel):
    """The search, the filters and the downloads of one `--corpus pmc_oa` build."""

    query: str
    search_term: str = Field(description="What was sent to E-utilities (with the OA filter).")
    hits: int = Field(description="Papers E-utilities found for the search.")
    considered: int = Field(description="Hits looked at (the search stops at --max-papers).")
    accepted: int = Field(description="Papers handed to the build.")
    already_local: int = Field(
        default=0, description="Accepted papers whose files were all there: nothing downloaded."
    )
    in_store_not_fetched: int = Field(
        default=0,
        description="Hits already in the store whose files are not in the folder: not fetched.",
    )
    files_downloaded: int = 0
    bytes_downloaded: int = 0
    rejected: dict[str, int] = Field(
        default_factory=dict, description="Hits refused before parsing, by reason."
    )
    failed: list[PmcFailure] = Field(
        default_factory=list, description="Hits that could not be fetched; the next build retries."
    )
    folder: str = Field(description="Where the articles are read from (OUT/pmc or --mirror).")
    sjr_table: str | None = None
    sjr_year: int | None = Field(default=None, description="The year of the SJR ranking used.")
    sjr_min: float | None = None
