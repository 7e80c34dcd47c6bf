"""Display items of a PDF page: one region per caption, built from what belongs to it.

Each caption takes the zone on its artwork side (`_pdf_sides`); where two captions'
zones hold the same piece, the nearer caption gets it, so stacked items between two
captions are split where they meet. A region keeps the pieces connected to its caption
(within `LINK` points of one another: a logo beside a wrapped figure does not join
it), less the small print at its far end (a table's footnotes), which it keeps as
notes. Its box is clipped to its column(s), because PyMuPDF reports where a picture
was placed, not where its clip path lets it show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chemx.sources._pdf_captions import Caption
from chemx.sources._pdf_elements import MIN_SIDE, Element, PageParts, near
from chemx.sources._pdf_layout import Columns
from chemx.sources._pdf_pages import Box, Line, Page, union_box
from chemx.sources._pdf_sides import both_sides, clear_side, default_side


@dataclass
class Region:
    """A display item found on a page."""

    caption: Caption
    box: Box
    elements: list[Element] = field(default_factory=list)
    spanning: bool = False
    notes: list[Element] = field(default_factory=list)
    """Small-print prose below or above the artwork (a table's footnotes): part of the
    item, not of the running text, but outside its picture."""

    @property
    def image_indices(self) -> list[int]:
        """Indices into `Page.images` of the images in the region."""
        return [element.index for element in self.elements if element.kind == "image"]

    @property
    def text_lines(self) -> list[Line]:
        """The text inside the region (table cells, labels), top to bottom."""
        lines = [element.line for element in self.elements if element.line is not None]
        return sorted(lines, key=lambda line: (round(line.box[1]), line.box[0]))


def build_regions(
    page: Page,
    parts: PageParts,
    columns: Columns,
    captions: list[Caption],
    habits: dict[str, str],
) -> list[Region]:
    """One region per caption that has artwork beside it.

    `habits` maps a caption kind to 'above' or 'below' (where the artwork usually is
    relative to the caption in this document); see `learn_habits`.
    """
    elements, barriers = parts.elements, parts.barriers
    options = {
        id(caption): both_sides(caption, elements, barriers, columns, page, captions)
        for caption in captions
    }
    chosen: dict[int, tuple[str, list[int]]] = {}
    spans: dict[int, tuple[float, float]] = {}
    for caption in captions:
        above, below = options[id(caption)]
        side = clear_side(above, below) or habits.get(caption.kind) or default_side(caption)
        picked = above if side == "above" else below
        if not picked.members:
            side = "below" if side == "above" else "above"
            picked = below if side == "below" else above
        chosen[id(caption)] = (side, picked.members)
        spans[id(caption)] = picked.span
    owner = _nearest_owner(captions, chosen, elements)
    regions: list[Region] = []
    for caption in captions:
        side, members = chosen[id(caption)]
        members = [index for index in members if owner.get(index) is caption]
        kept = _trim_notes(members, elements, caption, side)
        kept = _connected(kept, elements, caption)
        notes = [elements[index] for index in members if index not in kept and elements[index].line]
        artwork = [elements[index] for index in kept]
        if not artwork or (
            not any(element.kind != "text" for element in artwork) and len(artwork) < 4
        ):
            continue
        box = _clip_x(union_box([element.box for element in artwork]), spans[id(caption)])
        if box[2] - box[0] < MIN_SIDE or box[3] - box[1] < MIN_SIDE:
            continue
        regions.append(
            Region(
                caption=caption,
                box=box,
                elements=artwork,
                spanning=columns.column_of(box) == -1,
                notes=notes,
            )
        )
    return regions


def _clip_x(box: Box, span: tuple[float, float]) -> Box:
    """The box cut to the item's column(s).

    A picture placed wider than its column is clipped there on the page, by a clip
    path that PyMuPDF does not report.
    """
    x0, x1 = max(box[0], span[0] - 1), min(box[2], span[1] + 1)
    return (x0, box[1], x1, box[3]) if x1 > x0 else box


LINK = 60.0
"""Points: artwork pieces this close belong to one item; farther ones (a logo beside a
wrapped figure) do not join it."""


def _connected(members: list[int], elements: list[Element], caption: Caption) -> list[int]:
    """The members connected to the caption.

    Grown from the piece nearest to it, adding any piece within `LINK` points of one
    already taken.
    """
    if len(members) < 2:
        return members
    cap = caption.box

    def distance(index: int) -> float:
        box = elements[index].box
        return max(0.0, cap[1] - box[3], box[1] - cap[3])

    cell = LINK
    grid: dict[tuple[int, int], list[int]] = {}
    for index in members:
        box = elements[index].box
        for gx in range(int(box[0] // cell), int(box[2] // cell) + 1):
            for gy in range(int(box[1] // cell), int(box[3] // cell) + 1):
                grid.setdefault((gx, gy), []).append(index)
    nearest = min(distance(index) for index in members)
    taken = {index for index in members if distance(index) <= nearest + 2}
    queue = list(taken)
    while queue:
        box = elements[queue.pop()].box
        for gx in range(int((box[0] - cell) // cell), int((box[2] + cell) // cell) + 1):
            for gy in range(int((box[1] - cell) // cell), int((box[3] + cell) // cell) + 1):
                for other in grid.get((gx, gy), ()):
                    if other not in taken and near(box, elements[other].box, LINK):
                        taken.add(other)
                        queue.append(other)
    return [index for index in members if index in taken]


def _nearest_owner(
    captions: list[Caption],
    chosen: dict[int, tuple[str, list[int]]],
    elements: list[Element],
) -> dict[int, Caption]:
    """Each element's caption: the nearest whose artwork side holds it.

    Two stacked items between two captions are so split where they meet.
    """
    owner: dict[int, tuple[float, Caption]] = {}
    for caption in captions:
        cap = caption.box
        for index in chosen[id(caption)][1]:
            box = elements[index].box
            distance = max(0.0, cap[1] - box[3], box[1] - cap[3])
            if index not in owner or distance < owner[index][0]:
                owner[index] = (distance, caption)
    return {index: caption for index, (_, caption) in owner.items()}


def _trim_notes(
    members: list[int], elements: list[Element], caption: Caption, side: str
) -> list[int]:
    """Drop the small print at the far end of a region (footnotes below a table).

    The region is cut before the nearest footnote line beyond which there are only
    footnote lines, rules and short lines that continue a footnote (within 1.5 lines).
    """
    cap = caption.box
    ordered = sorted(
        members,
        key=lambda i: (
            cap[1] - elements[i].box[3] if side == "above" else elements[i].box[1] - cap[3]
        ),
    )
    for cut, index in enumerate(ordered):
        if elements[index].kind != "note":
            continue
        tail = [elements[i] for i in ordered[cut:]]
        notes = [element for element in tail if element.kind == "note"]
        if all(
            element.kind in ("note", "rule")
            or (element.kind == "text" and _continues_note(element, notes))
            for element in tail
        ):
            return ordered[:cut]
    return ordered


def _continues_note(element: Element, notes: list[Element]) -> bool:
    size = element.line.size if element.line is not None else 10.0
    return any(
        abs(element.box[1] - note.box[3]) <= 1.5 * size
        or abs(note.box[1] - element.box[3]) <= 1.5 * size
        or (note.box[1] - 2 <= element.box[1] <= note.box[3] + 2)
        for note in notes
    )
