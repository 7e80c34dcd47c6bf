"""The offline default segmenter and reaction parser: connected components, no model.

Chemistry figures are line art on a light background, so a few geometric rules carry
far: a molecule is a network of long thin strokes with atom symbols a few pixels from
its bonds; a label or a condition is a row of character-sized blobs; a reaction arrow
is one long straight stroke that widens into a head at one end; a '+' is two short
strokes crossing at their middles. The analysis runs in five passes:

1. Binarise: Otsu on grey, moved half-way to the background level so that the faint
   anti-aliased edges of thin strokes stay ink; photos and blank images stop here.
2. Measure the drawing: stroke width (median ink run) and character height (median
   component height). Every distance below is a multiple of one of them, never a
   fixed number of pixels, so the rules hold from thumbnails to 300-dpi scans.
3. Take out arrows and long headless rules, then group the remaining components by a
   dilation whose radius is a fraction of the character height: atom symbols join
   their bonds and letters join their words, while labels, which sit further away,
   stay apart.
4. Call a group text when all its blobs are character-sized, otherwise a molecule;
   merge text groups into lines and small cut-off drawing pieces into their
   neighbour; a single '+' blob is a plus sign.
5. Attach text lines to arrows (conditions), then to molecules (labels), and walk from
   each arrow's tail and head to its reactants and products, across '+' signs.

Passes 1-4 live in `_classical_layout.py` (pixels to layout), pass 5 here (layout to
crops). Large images are analysed at most `MAX_ANALYSIS_SIDE` pixels a side and the
boxes are mapped back to the original pixels.

Measured (see tests/visual/segmentation/test_classical.py): recall and precision 1.0
at IoU 0.5 on the sample corpus's 23 chemistry figures (mean IoU 0.99), 0.96 / 0.93
on RxnScribe's five real ACS schemes, about 0.02 s per figure on one CPU core.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
from PIL import Image

from chemx.records import Box, StructureRole
from chemx.visual.classes import FigureClass
from chemx.visual.segmentation._base import Crop, ReactionStep, Segmentation
from chemx.visual.segmentation._classical_layout import (
    ARROW_MIN_LENGTH,
    Arrow,
    FBox,
    Layout,
    Skip,
    analyse,
    gap,
    union,
)

SEGMENTER_NAME = "classical-cc"
PARSER_NAME = "classical-arrows"

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


def _reading_order(boxes: Sequence[FBox]) -> list[int]:
    """Indices sorted top to bottom in rows, then left to right."""
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i][1] + boxes[i][3]) / 2)
    rows: list[list[int]] = []
    for index in order:
        box = boxes[index]
        centre = (box[1] + box[3]) / 2
        if rows:
            last = boxes[rows[-1][0]]
            if last[1] <= centre <= last[3]:
                rows[-1].append(index)
                continue
        rows.append([index])
    return [i for row in rows for i in sorted(row, key=lambda i: boxes[i][0])]


def _to_original(box: FBox, factor: float, size: tuple[int, int]) -> Box:
    """Analysis box back to original pixels, clipped to the image."""
    width, height = size
    x0 = min(width - 1, max(0, math.floor(box[0] / factor)))
    y0 = min(height - 1, max(0, math.floor(box[1] / factor)))
    x1 = min(width, max(x0 + 1, math.ceil(box[2] / factor)))
    y1 = min(height, max(y0 + 1, math.ceil(box[3] / factor)))
    return x0, y0, x1, y1


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


def _walk(
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


# ----------------------------------------------------------------------- public API


def _empty(backend: str, note: str) -> Segmentation:
    return Segmentation(crops=(), backend=backend, notes=(note,))


@dataclass(frozen=True)
class _Assigned:
    """Which text lines are conditions (per arrow) and which are labels."""

    conditions: list[list[int]]
    labels: dict[int, int]


def _text_fields(
    layout: Layout, labels: set[int], size: tuple[int, int]
) -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """Label boxes, and text boxes: every other text line (conditions too) and the '+'."""
    label_boxes = tuple(_to_original(layout.texts[t], layout.factor, size) for t in sorted(labels))
    text_boxes = tuple(
        _to_original(box, layout.factor, size)
        for t, box in enumerate(layout.texts)
        if t not in labels
    ) + tuple(_to_original(box, layout.factor, size) for box in layout.pluses)
    return label_boxes, text_boxes


def _assign_text(layout: Layout) -> _Assigned:
    conditions = [_conditions(layout, arrow) for arrow in layout.arrows]
    taken = {i for group in conditions for i in group}
    return _Assigned(conditions, _labels(layout, taken))


class ClassicalSegmenter:
    """Cuts a figure into molecule crops with connected components (no model, no GPU).

    Attributes:
        name: Registry name written into every crop's `backend`.
    """

    name = SEGMENTER_NAME

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        """Segment a figure into molecules with their labels; never raises on odd images.

        Args:
            image: The figure (any PIL mode; alpha is flattened onto white).
            figure_class: Decides the output shape: a single-molecule figure gives one
                crop (all drawing groups merged, labels left out); a non-chemistry
                figure gives none.

        Returns:
            Crops with role `molecule` in reading order, label and text boxes, arrows.
        """
        if figure_class is FigureClass.NON_CHEMISTRY:
            return _empty(self.name, "non-chemistry figure: not segmented")
        try:
            layout = analyse(image)
        except Skip as skip:
            return _empty(self.name, str(skip))
        except (cv2.error, ValueError, MemoryError) as error:  # never crash the pipeline
            return _empty(self.name, f"segmentation failed: {error}")
        labels = set(_assign_text(layout).labels)
        molecules = layout.molecules
        if figure_class is FigureClass.SINGLE_MOLECULE and len(molecules) > 1:
            molecules = [union(molecules)]  # a salt, or a drawing cut by wide atom gaps
        size = image.size
        crops = tuple(
            Crop(_to_original(molecules[m], layout.factor, size), StructureRole.MOLECULE, self.name)
            for m in _reading_order(molecules)
        )
        label_boxes, text_boxes = _text_fields(layout, labels, size)
        notes = list(layout.notes)
        if not crops:
            notes.append("no structures found")
        return Segmentation(
            crops=crops,
            backend=self.name,
            label_boxes=label_boxes,
            text_boxes=text_boxes,
            arrows=tuple(_to_original(a.box, layout.factor, size) for a in layout.arrows),
            notes=tuple(notes),
        )


class ClassicalReactionParser:
    """Reads reaction schemes: arrows, the species before and after them, conditions.

    Attributes:
        name: Registry name written into every crop's `backend`.
    """

    name = PARSER_NAME

    def parse(self, image: Image.Image) -> Segmentation:
        """Parse a scheme into reactant, product and condition crops and reaction steps.

        A species that is the product of one step and the reactant of the next (the
        intermediate of A -> B -> C) is one crop with role `product`, referenced by
        both steps. Drawings beside an arrow (reagents) are `condition` crops; drawings
        in no step stay `molecule`. Condition text lines are `condition` crops too.

        Args:
            image: The scheme (any PIL mode; alpha is flattened onto white).

        Returns:
            The crops, one `ReactionStep` per arrow with a reactant or a product (in
            reading order of the arrows), labels, other text, arrows and notes.
        """
        try:
            layout = analyse(image)
        except Skip as skip:
            return _empty(self.name, str(skip))
        except (cv2.error, ValueError, MemoryError) as error:
            return _empty(self.name, f"parsing failed: {error}")
        return _assemble(layout, image.size, self.name)


def _headless_arrows(layout: Layout) -> list[Arrow]:
    """Rules that stand between two drawings on their line: arrows that lost their head.

    Blur and downscaling erase small heads; such arrows are read left to right, or top
    to bottom, the direction schemes are written in.
    """
    found = []
    for rule in layout.rules:
        if rule.length < ARROW_MIN_LENGTH * layout.char_height:
            continue
        if _walk(layout, rule, False, set()) and _walk(layout, rule, True, set()):
            found.append(rule)
    return found


def _assemble(layout: Layout, size: tuple[int, int], backend: str) -> Segmentation:
    """Turn a layout into crops and reaction steps (see `ClassicalReactionParser.parse`)."""
    headless = _headless_arrows(layout)
    if headless:
        layout.arrows.extend(headless)
        layout.notes.append(
            f"{len(headless)} arrow(s) without a visible head read left to right / top down"
        )
    assigned = _assign_text(layout)
    arrow_order = _reading_order([a.box for a in layout.arrows])
    arrows = [layout.arrows[i] for i in arrow_order]
    conditions = [assigned.conditions[i] for i in arrow_order]

    reagents: list[list[int]] = []
    sides: list[tuple[list[int], list[int]]] = []
    for arrow in arrows:
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
        reagents.append(near)
        excluded = set(near)
        sides.append((_walk(layout, arrow, False, excluded), _walk(layout, arrow, True, excluded)))
    # An arrow with nothing behind its tail continues from the previous step's product
    # (a scheme wrapped onto a second row starts with an arrow).
    for step in range(1, len(sides)):
        if not sides[step][0] and sides[step - 1][1]:
            sides[step] = ([sides[step - 1][1][-1]], sides[step][1])
    # Steps are the arrows with something on either side; step indices count only those.
    kept = [k for k, (before, after) in enumerate(sides) if before or after]
    all_arrows = arrows
    arrows = [arrows[k] for k in kept]
    conditions = [conditions[k] for k in kept]
    reagents = [reagents[k] for k in kept]
    sides = [sides[k] for k in kept]

    role: dict[int, tuple[StructureRole, int | None]] = {}
    priority = {StructureRole.PRODUCT: 3, StructureRole.REACTANT: 2, StructureRole.CONDITION: 1}
    for step, ((before, after), near) in enumerate(zip(sides, reagents, strict=True)):
        for members, kind in (
            (after, StructureRole.PRODUCT),
            (before, StructureRole.REACTANT),
            (near, StructureRole.CONDITION),
        ):
            for m in members:
                current = role.get(m)
                if current is None or priority[kind] > priority[current[0]]:
                    role[m] = (kind, step)

    order = _reading_order(layout.molecules)
    crops: list[Crop] = []
    crop_of_molecule: dict[int, int] = {}
    for m in order:
        kind, step_of = role.get(m, (StructureRole.MOLECULE, None))
        crop_of_molecule[m] = len(crops)
        box = _to_original(layout.molecules[m], layout.factor, size)
        crops.append(Crop(box, kind, backend, step=step_of))
    crop_of_text: dict[int, int] = {}
    for step, lines in enumerate(conditions):
        for t in lines:
            if t in crop_of_text:
                continue
            crop_of_text[t] = len(crops)
            box = _to_original(layout.texts[t], layout.factor, size)
            crops.append(Crop(box, StructureRole.CONDITION, backend, step=step))

    steps = [
        ReactionStep(
            reactants=tuple(sorted(crop_of_molecule[m] for m in before)),
            conditions=tuple(sorted(crop_of_molecule[m] for m in near))
            + tuple(crop_of_text[t] for t in lines),
            products=tuple(sorted(crop_of_molecule[m] for m in after)),
            arrow=_to_original(arrow.box, layout.factor, size),
        )
        for (before, after), near, lines, arrow in zip(
            sides, reagents, conditions, arrows, strict=True
        )
    ]
    notes = list(layout.notes)
    if not layout.arrows:
        notes.append("no reaction arrow found")
    if not layout.molecules:
        notes.append("no structures found")
    label_boxes, text_boxes = _text_fields(layout, set(assigned.labels), size)
    return Segmentation(
        crops=tuple(crops),
        backend=backend,
        label_boxes=label_boxes,
        text_boxes=text_boxes,
        arrows=tuple(_to_original(a.box, layout.factor, size) for a in all_arrows),
        reactions=tuple(steps),
        notes=tuple(notes),
    )
