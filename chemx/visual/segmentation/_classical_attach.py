"""Pass 5 of the classical segmenter: which text and which drawings belong to what.

Text lines written along an arrow are its conditions, short lines under or beside a
drawing its label; walking from an arrow's tail and head (across '+' signs) finds the
reactants and products, and drawings beside an arrow are its reagents. Distances are
multiples of the character height or of the text line's height, measured in the
arrow's own frame (`_project`). `classical.py` cuts the crops from what is found here.
"""

from __future__ import annotations

from dataclasses import dataclass

from chemx.geometry import FBox, gap
from chemx.visual.segmentation._classical_layout import ARROW_MIN_LENGTH, Arrow, Layout

# -- reaction geometry ---------------------------------------------------------------

END_TOLERANCE = 0.6
"""A reactant may reach this many character heights past an arrow's tail (products
past its head): drawings are centred on the arrow line, never quite flush."""
LINE_BAND = 0.6
"""A reactant or product must overlap the arrow's line widened by this many character
heights on each side."""
CONDITION_FIRST_GAP = 2.5
"""The first condition line is within this many line heights of the arrow."""
CONDITION_STACK_GAP = 1.6
"""Further condition lines are within this many line heights of the previous one."""
CONDITION_MOLECULE_GAP = 3.0
"""A reagent drawn beside an arrow is within this many character heights of it."""
PLUS_REACH = 4.0
"""A '+' links two species at most this many character heights from each."""

# -- labels --------------------------------------------------------------------------

LABEL_BELOW_GAP = 2.2
"""A label starts within this many of its line heights below its drawing."""
LABEL_SIDE_GAP = 1.6
"""... or within this many line heights to its left or right."""
LABEL_MAX_WIDTH = 8.0
"""A label is at most this many line heights wide (or the drawing's width), so a
caption-like line under a molecule stays text."""


def _project(box: FBox, arrow: Arrow) -> tuple[float, float, float, float]:
    """(along_min, along_max, across_min, across_max) of a box in the arrow's frame.

    `along` runs from the tail (0) to the head (length); `across` is signed distance
    from the arrow's line.
    """
    tx, ty = arrow.tail
    length = max(arrow.length, 1e-6)
    ux, uy = (arrow.head[0] - tx) / length, (arrow.head[1] - ty) / length
    corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
    along = [(x - tx) * ux + (y - ty) * uy for x, y in corners]
    across = [-(x - tx) * uy + (y - ty) * ux for x, y in corners]
    return min(along), max(along), min(across), max(across)


def _line_height(box: FBox) -> float:
    return max(1.0, box[3] - box[1])


# ------------------------------------------------------------------ labels, arrows


def _conditions(layout: Layout, arrow: Arrow) -> list[int]:
    """Text lines written along an arrow: beside it, then stacked on those."""
    chosen: list[int] = []
    frames = {i: _project(box, arrow) for i, box in enumerate(layout.texts)}

    def beside(frame: tuple[float, float, float, float]) -> bool:
        centre = (frame[0] + frame[1]) / 2
        return 0 <= centre <= arrow.length and (frame[2] > 0 or frame[3] < 0)

    for i, frame in frames.items():
        if beside(frame):
            distance = min(abs(frame[2]), abs(frame[3]))
            if distance <= CONDITION_FIRST_GAP * _line_height(layout.texts[i]):
                chosen.append(i)
    grown = True
    while grown:
        grown = False
        for i, frame in frames.items():
            if i in chosen or not beside(frame):
                continue
            limit = CONDITION_STACK_GAP * _line_height(layout.texts[i])
            for j in chosen:
                other = frames[j]
                same_side = (frame[2] > 0) == (other[2] > 0)
                stacked = max(frame[2] - other[3], other[2] - frame[3])
                if same_side and stacked <= limit:
                    chosen.append(i)
                    grown = True
                    break
    return sorted(chosen)


def _labels(layout: Layout, taken: set[int]) -> dict[int, int]:
    """Text line index -> molecule index for short lines under or beside a drawing."""
    found: dict[int, int] = {}
    for t, text in enumerate(layout.texts):
        if t in taken:
            continue
        line_h = _line_height(text)
        centre_x = (text[0] + text[2]) / 2
        centre_y = (text[1] + text[3]) / 2
        best: tuple[float, int] | None = None
        for m, mol in enumerate(layout.molecules):
            if text[2] - text[0] > max(LABEL_MAX_WIDTH * line_h, mol[2] - mol[0]):
                continue
            below = text[1] - mol[3]
            if mol[0] - line_h <= centre_x <= mol[2] + line_h and (
                -0.5 * line_h <= below <= LABEL_BELOW_GAP * line_h
            ):
                distance = max(0.0, below)
            elif mol[1] <= centre_y <= mol[3] + line_h:
                side = max(text[0] - mol[2], mol[0] - text[2])
                if not -0.5 * line_h <= side <= LABEL_SIDE_GAP * line_h:
                    continue
                distance = max(0.0, side) + line_h  # prefer labels underneath
            else:
                continue
            if best is None or distance < best[0]:
                best = (distance, m)
        if best is not None:
            found[t] = best[1]
    return found


@dataclass(frozen=True)
class AssignedText:
    """Which text lines are conditions (per arrow) and which are labels."""

    conditions: list[list[int]]
    labels: dict[int, int]


def assign_text(layout: Layout) -> AssignedText:
    """Conditions of every arrow first; the text lines left may be labels."""
    conditions = [_conditions(layout, arrow) for arrow in layout.arrows]
    taken = {i for group in conditions for i in group}
    return AssignedText(conditions, _labels(layout, taken))


def walk(
    layout: Layout,
    arrow: Arrow,
    forward: bool,
    excluded: set[int],
) -> list[int]:
    """Molecules behind an arrow's tail (forward=False) or beyond its head, across '+'."""
    band = LINE_BAND * layout.char_height
    tolerance = END_TOLERANCE * layout.char_height
    length = arrow.length
    others = [_project(a.box, arrow) for a in layout.arrows if a is not arrow]

    def distance_from(frame: tuple[float, float, float, float], start: float) -> float | None:
        """How far a box lies past `start` in the walking direction (None: not on the line)."""
        if frame[2] > band or frame[3] < -band:
            return None
        gap = frame[0] - start if forward else start - frame[1]
        return gap if gap >= -tolerance else None

    def blocked(start: float, stop: float) -> bool:
        """Whether another arrow on the line lies between two positions."""
        low, high = sorted((start, stop))
        return any(
            low < (o[0] + o[1]) / 2 < high and o[2] <= band and o[3] >= -band for o in others
        )

    frames = {m: _project(box, arrow) for m, box in enumerate(layout.molecules)}
    found: list[int] = []
    start = length if forward else 0.0
    while True:
        candidates = []
        for m, frame in frames.items():
            if m in excluded or m in found:
                continue
            distance = distance_from(frame, start)
            if distance is not None:
                candidates.append((distance, m))
        if not candidates:
            break
        distance, nearest = min(candidates)
        frame = frames[nearest]
        if found and distance > 2 * PLUS_REACH * layout.char_height:
            break
        if blocked(start, frame[0] if forward else frame[1]):
            break
        if found:
            # Only continue across a '+' lying between the last species and this one.
            plus_between = any(
                distance_from(_project(p, arrow), start) is not None
                and gap(p, layout.molecules[nearest]) <= PLUS_REACH * layout.char_height
                and gap(p, layout.molecules[found[-1]]) <= PLUS_REACH * layout.char_height
                for p in layout.pluses
            )
            if not plus_between:
                break
        found.append(nearest)
        start = frame[1] if forward else frame[0]
    return found


def headless_arrows(layout: Layout) -> list[Arrow]:
    """Rules that stand between two drawings on their line: arrows that lost their head.

    Blur and downscaling erase small heads; such arrows are read left to right, or top
    to bottom, the direction schemes are written in.
    """
    found = []
    for rule in layout.rules:
        if rule.length < ARROW_MIN_LENGTH * layout.char_height:
            continue
        if walk(layout, rule, False, set()) and walk(layout, rule, True, set()):
            found.append(rule)
    return found


def reagents_beside(layout: Layout, arrow: Arrow) -> list[int]:
    """Molecules drawn beside an arrow, within its length: reagents, not reactants."""
    near = []
    for m, box in enumerate(layout.molecules):
        frame = _project(box, arrow)
        centre = (frame[0] + frame[1]) / 2
        beside = frame[2] > 0 or frame[3] < 0
        distance = min(abs(frame[2]), abs(frame[3]))
        if (
            beside
            and 0 <= centre <= arrow.length
            and distance <= CONDITION_MOLECULE_GAP * layout.char_height
        ):
            near.append(m)
    return near
