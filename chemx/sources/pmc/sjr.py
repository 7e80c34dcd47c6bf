"""The journal filter: SCImago Journal Rank (SJR) by ISSN, from SCImago's CSV export.

Seed 002 (section 4.1) builds its corpus from journals with SJR >= 2.0. SCImago's
"Download data" export (``scimagojr 2023.csv``) is semicolon-separated with decimal
commas; each journal row names one or two ISSNs without hyphens in one quoted field::

    Rank;Sourceid;Title;Type;Issn;SJR;SJR Best Quartile;H index;...
    1;15819;"Journal of the American Chemical Society";journal;"15205126, 00027863";"5,123";Q1;...

A paper passes when any of its journal's ISSNs (print or electronic) has an SJR at or
above the threshold. The table's year is the one SCImago computed it for: it is read
from the file name (or given), and goes into the build report.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from chemx.errors import ChemxError
from chemx.sources.pmc.layout import normalise_issn

ISSN_COLUMN = "Issn"
SJR_COLUMN = "SJR"
TITLE_COLUMN = "Title"
_YEAR = re.compile(r"(?<!\d)(19[89]\d|20\d\d)(?!\d)")
MAX_TABLE_MB = 200
"""The full export is about 10 MB; a file far larger is not an SJR table."""


class SjrTableError(ChemxError, ValueError):
    """The `--sjr-table` file cannot be read as SCImago's export."""


@dataclass(frozen=True)
class JournalRank:
    """A journal's SJR and title, as the table gives them."""

    sjr: float
    title: str


@dataclass(frozen=True)
class SjrTable:
    """SJR by ISSN (8 characters, no hyphen), and the year of the ranking."""

    path: Path
    year: int
    ranks: dict[str, JournalRank]

    def best(self, issns: tuple[str, ...] | list[str]) -> tuple[str, JournalRank] | None:
        """The highest-ranked of `issns` that the table knows, with the ISSN that matched."""
        known = [(issn, self.ranks[issn]) for issn in issns if issn in self.ranks]
        return max(known, key=lambda pair: pair[1].sjr) if known else None


def read_sjr_table(path: Path, year: int | None = None) -> SjrTable:
    """Read SCImago's CSV; raise `SjrTableError` naming the file and what is wrong.

    Rows without an SJR value are skipped; an ISSN listed twice keeps its highest SJR.
    The year is `year`, else the 4-digit year in the file name, else the one in the
    "Total Docs. (2023)" header.
    """
    try:
        if path.stat().st_size > MAX_TABLE_MB * 1_000_000:
            raise SjrTableError(f"--sjr-table {path}: over {MAX_TABLE_MB} MB; not an SJR export")
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise SjrTableError(f"--sjr-table {path}: cannot read it ({exc})") from exc
    except UnicodeDecodeError as exc:
        raise SjrTableError(f"--sjr-table {path}: not UTF-8 text ({exc})") from exc
    reader = csv.DictReader(io.StringIO(text), delimiter=";")
    header = reader.fieldnames or []
    missing = [name for name in (ISSN_COLUMN, SJR_COLUMN) if name not in header]
    if missing:
        raise SjrTableError(
            f"--sjr-table {path}: no {' or '.join(missing)} column (found: "
            f"{', '.join(header[:8]) or 'nothing'}); export it from "
            "https://www.scimagojr.com/journalrank.php with 'Download data'"
        )
    ranks: dict[str, JournalRank] = {}
    for row in reader:
        sjr = _decimal(row.get(SJR_COLUMN) or "")
        if sjr is None:
            continue
        rank = JournalRank(sjr=sjr, title=(row.get(TITLE_COLUMN) or "").strip())
        for part in (row.get(ISSN_COLUMN) or "").split(","):
            issn = normalise_issn(part)
            if issn is not None and (issn not in ranks or ranks[issn].sjr < sjr):
                ranks[issn] = rank
    if not ranks:
        raise SjrTableError(f"--sjr-table {path}: no journal with both an ISSN and an SJR")
    found_year = year or _year(path.name) or _year(" ".join(header))
    if found_year is None:
        raise SjrTableError(
            f"--sjr-table {path}: cannot tell the ranking's year from the file name; "
            "pass --sjr-year YYYY"
        )
    return SjrTable(path=path, year=found_year, ranks=ranks)


def _decimal(text: str) -> float | None:
    """A number with a decimal comma: 5,123 -> 5.123; empty or "-" -> None.

    >>> _decimal("1.234,5")
    1234.5
    """
    cleaned = text.strip().replace(" ", "")
    if not cleaned:
        return None
    if "," in cleaned:
        cleaned = cleaned.replace(".", "").replace(",", ".")
    try:
        return float(cleaned)
    except ValueError:
        return None


def _year(text: str) -> int | None:
    found = _YEAR.search(text)
    return int(found.group()) if found else None
