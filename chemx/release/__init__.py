"""Releasing a build store as a Hugging Face dataset, and validating a release.

- `attrition`: the construction funnel (seed 002, Fig. 3) counted from a store.
- `plot`: the funnel as a PNG.
- `rows`: items and their provenance records, with the publication-date selection.
- `writer`: the deterministic release folder (parquet, card, provenance, checksums).
- `validate`: the checks `chemx validate` runs on a release folder.
"""

from chemx.release.attrition import FunnelStage, funnel
from chemx.release.rows import DateRange, ReleaseError
from chemx.release.validate import ValidationReport, validate
from chemx.release.writer import ReleaseSummary, write_release

__all__ = [
    "DateRange",
    "FunnelStage",
    "ReleaseError",
    "ReleaseSummary",
    "ValidationReport",
    "funnel",
    "validate",
    "write_release",
]
