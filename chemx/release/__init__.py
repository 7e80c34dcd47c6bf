"""Releasing a build store as a Hugging Face dataset, and validating a release.

- `rows`: items and their provenance records, with the publication-date selection.
- `schema`: the released table's columns (arrow and Hugging Face types, descriptions).
- `completeness`: whether the store's last build finished; a partial store is refused
  unless ``allow_partial``, and a partial release says so everywhere.
- `licences`: items whose paper states no licence are left out unless asked for, and
  counted either way.
- `card`: the dataset card and licence list, computed from the released rows and the
  store's attrition funnel (`chemx.provenance.attrition`).
- `writer`: the deterministic release folder (parquet, card, provenance, checksums).
- `validate`: the checks `chemx validate` runs on a release folder.
"""

from chemx.release.completeness import BuildState, PartialStore, build_state
from chemx.release.licences import LicenceSelection
from chemx.release.rows import DateRange, ReleaseError
from chemx.release.validate import ValidationReport, validate
from chemx.release.writer import ReleaseSummary, write_release

__all__ = [
    "BuildState",
    "DateRange",
    "LicenceSelection",
    "PartialStore",
    "ReleaseError",
    "ReleaseSummary",
    "ValidationReport",
    "build_state",
    "validate",
    "write_release",
]
