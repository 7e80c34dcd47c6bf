"""The graphical abstract: the first page's uncaptioned artwork beside the abstract."""

from __future__ import annotations

from chemx.sources._pdf_captions import Caption
from chemx.sources._pdf_elements import Element, PageParts, near, overlaps
from chemx.sources._pdf_layout import Columns, abstract_start
from chemx.sources._pdf_pages import Page, area, union_box
from chemx.sources._pdf_regions import Region

GRAPHICAL_ABSTRACT_MIN_AREA = 4000.0
"""Square points; the first page's smaller pictures are icons and journal covers."""


def graphical_abstract(
    page: Page, parts: PageParts, columns: Columns, regions: list[Region]
) -> Region | None:
    """The first page's uncaptioned artwork (the TOC graphic), as one region.

    Pictures and drawings that no caption took are grouped where they touch (within
    8 points); the largest group, if big enough, is the graphical abstract.
    """
    band = _abstract_band(page)
    if band is None:
        return None
    elements = parts.elements
    taken = [region.box for region in regions]
    loose = [
        element
        for element in elements
        if element.kind in ("image", "drawing")
        and not any(overlaps(element.box, box) for box in taken)
    ]
    groups: list[list[Element]] = []
    for element in sorted(loose, key=lambda element: (element.box[1], element.box[0])):
        touching = [
            group for group in groups if any(near(element.box, other.box, 8) for other in group)
        ]
        merged = [element]
        for group in touching:
            merged.extend(group)
            groups.remove(group)
        groups.append(merged)
    if not groups:
        return None
    groups = [
        group
        for group in groups
        if union_box([element.box for element in group])[3] >= band[0] - 200
        and union_box([element.box for element in group])[1] <= band[1] + 20
    ]
    if not groups:
        return None
    best = max(groups, key=lambda group: area(union_box([element.box for element in group])))
    box = union_box([element.box for element in best])
    if area(box) < GRAPHICAL_ABSTRACT_MIN_AREA or min(box[2] - box[0], box[3] - box[1]) < 40:
        return None
    inner = [
        element
        for element in elements
        if element.kind in ("text", "note")
        and overlaps(element.box, box)
        and element.box[0] >= box[0] - 1
        and element.box[2] <= box[2] + 1
        and element.box[1] >= box[1] - 1
        and element.box[3] <= box[3] + 1
    ]
    caption = Caption(lines=[], label="Graphical abstract", kind="graphical_abstract", text="")
    return Region(
        caption=caption, box=box, elements=best + inner, spanning=columns.column_of(box) == -1
    )


def _abstract_band(page: Page) -> tuple[float, float] | None:
    """The vertical extent of the first page's abstract block, or None.

    A page without an abstract has no graphical abstract either.
    """
    found = abstract_start(page.lines)
    if found is None:
        return None
    marker, block = found
    return marker.box[1], max(line.box[3] for line in block)
