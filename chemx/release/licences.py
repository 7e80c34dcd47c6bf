"""Items whose source paper states no licence: left out of a release unless asked for.

An item inherits its paper's licence. A paper whose licence is unknown (neither a licence
URL nor a licence code: a publisher PDF that prints none, a JATS file without
``<permissions>``) has rights nobody has cleared, so `chemx release` leaves its items
out and counts them. With ``include_unknown`` (``--include-unknown-licence``) they are
released, and the dataset card says how many there are and that their rights must be
cleared before redistribution (`chemx.release.card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chemx.records import Paper
from chemx.release.rows import ReleaseRow

UNKNOWN = "unknown"
"""How the card, LICENSES.md and release.json name a licence the paper does not state."""


def licence_known(paper: Paper) -> bool:
    """Whether the paper states a licence (a URL or a code such as 'CC BY')."""
    return bool(paper.licence_url or paper.licence)


def licence_label(paper: Paper) -> str:
    """The paper's licence as the release lists it: URL, else code, else 'unknown'."""
    return paper.licence_url or paper.licence or UNKNOWN


def paper_count(n: int) -> str:
    """'1 paper', '3 papers'."""
    return f"{n} paper{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class LicenceSelection:
    """What the licence rule did to one release."""

    include_unknown: bool
    """Whether items of papers with an unknown licence were released."""
    unknown_items: int
    """Items (admitted by the date range) whose paper's licence is unknown."""
    unknown_papers: int
    """Their papers."""

    @property
    def left_out(self) -> int:
        """Items left out for an unknown licence (0 when they were included)."""
        return 0 if self.include_unknown else self.unknown_items

    @property
    def included(self) -> int:
        """Items released although their licence is unknown (0 unless included)."""
        return self.unknown_items if self.include_unknown else 0

    def manifest(self) -> dict[str, Any]:
        """release.json's ``unknown_licence`` entry."""
        return {
            "included": self.include_unknown,
            "items_left_out": self.left_out,
            "items_included": self.included,
            "papers": self.unknown_papers,
        }

    def describe(self) -> str:
        """One line for the console: what happened to the items of unknown licence."""
        papers = paper_count(self.unknown_papers)
        if self.included:
            return (
                f"included {self.included} items from {papers} whose licence is unknown: "
                "clear their rights before redistributing the release"
            )
        return (
            f"left out {self.left_out} items from {papers} whose licence is unknown "
            "(--include-unknown-licence releases them)"
            if self.left_out
            else "left out 0 items for an unknown licence"
        )


def select_by_licence(
    rows: Sequence[ReleaseRow], include_unknown: bool = False
) -> tuple[list[ReleaseRow], LicenceSelection]:
    """The rows to release (in their order) and what the licence rule did."""
    unknown = [row for row in rows if not licence_known(row.paper)]
    selection = LicenceSelection(
        include_unknown=include_unknown,
        unknown_items=len(unknown),
        unknown_papers=len({row.paper.id for row in unknown}),
    )
    kept = list(rows) if include_unknown else [row for row in rows if licence_known(row.paper)]
    return kept, selection
