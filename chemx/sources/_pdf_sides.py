"""Which side of its caption a display item lies on, and how wide it is.

For each side of a caption, the zone is the elements between it and the nearest
barrier, within the caption's column, or across both columns when the item does (its
artwork crosses the gutter, or the other column holds artwork or table cells level
with it and no caption of its own). A side is clear when only it has artwork within
`ADJACENT` points of the caption, or when it is much nearer; otherwise the document's
habit for that caption kind decides (ACS sets Figure captions below their artwork,
Scheme, Chart and Table captions above), learnt from the clear captions of the same
document.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from chemx.sources._pdf_captions import Caption
from chemx.sources._pdf_elements import Element, PageParts
from chemx.sources._pdf_layout import Columns
from chemx.sources._pdf_pages import Box, Page, area, x_overlap

ADJACENT = 24.0
"""Artwork within this many points of a caption is its own (a caption sits close)."""


@dataclass
class _Side:
    members: list[int]
    gap: float
    span: tuple[float, float] = (0.0, 0.0)
    """The x-range the item may occupy: its column, or the whole text width."""


def both_sides(
    caption: Caption,
    elements: list[Element],
    barriers: list[Box],
    columns: Columns,
    page: Page,
    captions: list[Caption],
) -> tuple[_Side, _Side]:
    return (
        _side(caption, elements, barriers, columns, page, captions, up=True),
        _side(caption, elements, barriers, columns, page, captions, up=False),
    )


def _side(
    caption: Caption,
    elements: list[Element],
    barriers: list[Box],
    columns: Columns,
    page: Page,
    captions: list[Caption],
    *,
    up: bool,
) -> _Side:
    """The elements between the caption and the nearest barrier on one side."""
    cap = caption.box
    column = columns.column_of(cap)
    span = columns.span_of(column)
    rules = caption.kind == "table"
    wrapped = columns.gutter is None
    members = _zone(cap, span, elements, barriers, page, up=up, rules=rules, wrapped=wrapped)
    if column != -1:
        wide = _zone(cap, columns.span_of(-1), elements, barriers, page, up=up, rules=rules)
        shared = [index for index in members if index in set(wide)]
        if (
            (shared or not members)
            and _spans_both(shared, wide, elements, columns, column, captions)
            and not _neighbours_own(
                wide, column, caption, captions, elements, barriers, columns, page
            )
        ):
            members = wide
            span = columns.span_of(-1)
    if not members:
        return _Side([], float("inf"), span)
    gaps = [cap[1] - elements[i].box[3] if up else elements[i].box[1] - cap[3] for i in members]
    return _Side(members, max(0.0, min(gaps)), span)


def _zone(
    cap: Box,
    span: tuple[float, float],
    elements: list[Element],
    barriers: list[Box],
    page: Page,
    *,
    up: bool,
    rules: bool,
    wrapped: bool = False,
) -> list[int]:
    """Elements between the caption and the nearest barrier on one side, within `span`.

    Rules (thin lines across a column) belong to tables only: elsewhere they separate
    an item from the text or from the next item. On a one-column page (`wrapped`) text
    beside a figure, not over its caption, does not bound it: word processors wrap text
    around figures.
    """

    def in_span(box: Box) -> bool:
        overlap = min(box[2], span[1]) - max(box[0], span[0])
        return overlap > 0.5 * max(box[2] - box[0], 0.1)

    def blocks(box: Box) -> bool:
        overlap = min(box[2], span[1]) - max(box[0], span[0])
        return overlap > 0.5 * min(box[2] - box[0], span[1] - span[0])

    blocking = [
        box
        for box in barriers
        if box != cap and blocks(box) and (wrapped is False or x_overlap(box, cap))
    ]
    if up:
        limit = max((box[3] for box in blocking if box[3] <= cap[1] + 1), default=page.box[1])
        return [
            i
            for i, element in enumerate(elements)
            if (rules or element.kind != "rule")
            and in_span(element.box)
            and element.box[1] >= limit - 1
            and element.box[3] <= cap[1] + 2
        ]
    limit = min((box[1] for box in blocking if box[1] >= cap[3] - 1), default=page.box[3])
    return [
        i
        for i, element in enumerate(elements)
        if (rules or element.kind != "rule")
        and in_span(element.box)
        and element.box[1] >= cap[3] - 2
        and element.box[3] <= limit + 1
    ]


def _neighbours_own(
    wide: list[int],
    column: int,
    caption: Caption,
    captions: list[Caption],
    elements: list[Element],
    barriers: list[Box],
    columns: Columns,
    page: Page,
) -> bool:
    """Whether the other column's artwork in `wide` belongs to a caption there.

    True when most of it lies in the zone of a caption of that column: a table beside
    a table, each with its own caption.
    """
    other = {i for i in wide if columns.column_of(elements[i].box) == 1 - column}
    if not other:
        return False
    span = columns.span_of(1 - column)
    claimed: set[int] = set()
    for neighbour in captions:
        if neighbour is caption or columns.column_of(neighbour.box) != 1 - column:
            continue
        rules = neighbour.kind == "table"
        for up in (True, False):
            claimed.update(_zone(neighbour.box, span, elements, barriers, page, up=up, rules=rules))
    return len(other & claimed) >= 0.5 * len(other)


def _spans_both(
    own: list[int],
    wide: list[int],
    elements: list[Element],
    columns: Columns,
    column: int,
    captions: list[Caption],
) -> bool:
    """Whether a one-column caption's item runs across both columns.

    Never when the other column has a caption of its own beside the item (two items
    side by side). Otherwise: its artwork crosses the gutter, or the other column holds
    pictures or drawings level with it, or text in the same rows (the cells of a
    full-width table).
    """
    if not wide:
        return False
    top = min(elements[i].box[1] for i in wide)
    bottom = max(elements[i].box[3] for i in wide)
    for caption in captions:
        box = caption.box
        if columns.column_of(box) == 1 - column and box[3] >= top - 30 and box[1] <= bottom + 30:
            return False
    other = [i for i in wide if columns.column_of(elements[i].box) == 1 - column]
    if own:
        own_top = min(elements[i].box[1] for i in own)
        own_bottom = max(elements[i].box[3] for i in own)
        if any(
            elements[i].kind == "note"
            and elements[i].box[1] < own_bottom
            and elements[i].box[3] > own_top
            for i in other
        ):
            return False  # running text (in a smaller font) beside it: one column only
    crossing = [i for i in wide if columns.column_of(elements[i].box) == -1]
    if any(i in own for i in crossing) or any(
        elements[i].kind in ("image", "drawing") for i in crossing
    ):
        return True
    if not other or not own:
        return False
    graphics = [i for i in other if elements[i].kind in ("image", "drawing")]
    own_top = min(elements[i].box[1] for i in own)
    own_bottom = max(elements[i].box[3] for i in own)
    beside = [
        i for i in graphics if elements[i].box[1] < own_bottom and elements[i].box[3] > own_top
    ]
    if len(beside) >= 3 or any(area(elements[i].box) > 400 for i in beside):
        return True
    rows = [
        (elements[i].box[1] + elements[i].box[3]) / 2 for i in own if elements[i].kind == "text"
    ]
    aligned = [
        i
        for i in other
        if elements[i].kind == "text"
        and any(abs((elements[i].box[1] + elements[i].box[3]) / 2 - row) <= 3 for row in rows)
    ]
    return len(aligned) >= 3


def _has_artwork(side: _Side) -> bool:
    return bool(side.members) and side.gap <= ADJACENT


def clear_side(above: _Side, below: _Side) -> str | None:
    """'above' or 'below' when only one side has artwork next to the caption."""
    if _has_artwork(above) and not _has_artwork(below):
        return "above"
    if _has_artwork(below) and not _has_artwork(above):
        return "below"
    if _has_artwork(above) and _has_artwork(below):
        if above.gap + 6 <= 0.5 * below.gap:
            return "above"
        if below.gap + 6 <= 0.5 * above.gap:
            return "below"
    return None


def default_side(caption: Caption) -> str:
    """Journal convention: figures are captioned below, schemes/charts/tables above."""
    return "above" if caption.kind == "figure" else "below"


def learn_habits(sides: list[tuple[str, str]]) -> dict[str, str]:
    """The usual artwork side per caption kind from (kind, side) of unambiguous captions."""
    votes: dict[str, Counter[str]] = {}
    for kind, side in sides:
        votes.setdefault(kind, Counter())[side] += 1
    return {kind: counter.most_common(1)[0][0] for kind, counter in votes.items()}


def clear_sides(
    page: Page, parts: PageParts, columns: Columns, captions: list[Caption]
) -> list[tuple[str, str]]:
    """(kind, side) for each caption of the page whose artwork side is unambiguous."""
    elements, barriers = parts.elements, parts.barriers
    found: list[tuple[str, str]] = []
    for caption in captions:
        above, below = both_sides(caption, elements, barriers, columns, page, captions)
        side = clear_side(above, below)
        if side is not None:
            found.append((caption.kind, side))
    return found
