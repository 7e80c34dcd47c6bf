"""`--corpus pmc_oa`: PubMed Central open-access papers, searched, filtered and fetched.

- `eutils`: the search (NCBI E-utilities esearch on PMC, open-access filter, dates,
  history-server paging, 3 or 10 requests per second).
- `layout`: the PMC Cloud Service bucket's layout and metadata fields, in one place.
- `s3`: listing and resumable, verified downloads from the bucket; its local copy
  (OUT/pmc or `--mirror`), read inside the corpus boundary.
- `sjr`: the journal filter (SCImago SJR table, SJR >= 2.0 in seed 002).
- `article`: one hit decided (retracted, not open, journal below the SJR threshold) and
  its files fetched; `fetch`: all hits in search order, up to `--max-papers`.
- `parser`: the JATS parser with the metadata's licence and version on each paper.
- `report`: the reason codes of the refusals and the `pmc` section of the build report.
"""

from chemx.sources.pmc.fetch import PmcError, PmcSelection, select_papers
from chemx.sources.pmc.parser import PmcParser
from chemx.sources.pmc.report import PmcFailure, PmcReport

__all__ = ["PmcError", "PmcFailure", "PmcParser", "PmcReport", "PmcSelection", "select_papers"]
