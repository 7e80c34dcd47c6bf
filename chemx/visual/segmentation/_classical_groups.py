"""Grouping in the classical segmenter: text or drawing, words into lines, pieces joined.

`is_text_group` calls a proximity group text when all its blobs are character-sized;
`text_lines` merges text groups on one row into lines and `merge_fragments` joins small
cut-off drawing pieces to their neighbour. Sizes are multiples of the character height.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from chemx.geometry import FBox, gap, union
from chemx.visual.segmentation._classical_strokes import LINE_INK

TEXT_MAX_HEIGHT = 1.55
"""In a text group no blob is taller than this many times the group's median blob
(parentheses are about 1.3 times a capital letter)."""
BRACKET_MAX_HEIGHT = 2.0
"""Brackets in text are at most this many times the median letter (about 1.6 times a
lowercase letter, 1.3 times a capital)."""
TEXT_MAX_WIDTH = 1.45
"""In a text group no blob is wider than this many times its tallest ordinary letter
('m' and '%' are about 1.2 times; a bond is usually 1.6+ times an atom symbol)."""
TEXT_MAX_GLYPH = 2.5
"""No character is taller or wider than this many figure character heights (bold
compound labels are set up to ~1.5 times the atom symbols, parentheses ~1.3 more);
a small ring drawn as one blob (cyclopentanone) is already larger."""
TEXT_RUN_MAX_HEIGHT = 1.5
"""A blob wider than `TEXT_MAX_GLYPH` is still text when it is a run of touching
glyphs ('68%', 'ai;' set tight in bold): no taller than this many figure character
heights and holding more ink than a line of its length (`LINE_INK`). A flat zigzag
chain of the same size holds line ink only, and a ring is taller."""
FRAGMENT_MAX_EXTENT = 4.0
"""A drawing group at most this many character heights across may be a cut-off piece
of a neighbour (a nitrile, an acetyl, a methyl) ..."""
FRAGMENT_GAP = 1.0
"""... when it lies within this many character heights of it. Separate drawings stand
2+ character heights apart in journal figures."""
WORD_GAP = 1.0
"""Text groups on one row join into a line when closer than this many heights of the
shorter group (word spaces are ~0.3, the gap to the next column is larger)."""
LINE_HEIGHT_RATIO = 2.0
"""Words of one line differ in height by less than this (a word with a descender or a
superscript against one without)."""
ROW_OVERLAP = 0.5
"""Two text groups are on one row when they share this fraction of the lower one's height."""


def is_text_group(blobs: np.ndarray, char_height: float, stroke: float) -> bool:
    """A group whose blobs (rows of x, y, width, height, area) are all character-sized.

    Sizes are compared with the group's own median blob (labels are often set larger
    than atom symbols) and, so that a lone bond network is not one big 'letter', with
    the figure's character height. A blob wider than a letter is still text when it
    holds too much ink for a line (touching letters such as 're' or 'fi'); a bond of
    the same size is a thin line. A blob taller than a letter is still text when it
    brackets its neighbours ('(', ')', '[' around 'nm' or 'S'); a bond leaves its atom
    symbol outside its span.
    """
    tops, widths, heights, areas = blobs[:, 1], blobs[:, 2], blobs[:, 3], blobs[:, 4]
    inky = areas >= LINE_INK * stroke * np.hypot(widths, heights)
    run = inky & (heights <= TEXT_RUN_MAX_HEIGHT * char_height)
    if (heights > TEXT_MAX_GLYPH * char_height).any() or (
        (widths > TEXT_MAX_GLYPH * char_height) & ~run
    ).any():
        return False
    # Punctuation, degree signs and subscripts would drag a plain median down.
    median = float(np.median(heights[heights >= heights.max() / 2]))
    # Widths are measured against the tallest ordinary letter ('d', 'p', capitals),
    # so that 'm' and 'w' in lower-case words pass while a bond beside 'OH' does not.
    regular = heights[heights <= TEXT_MAX_HEIGHT * median]
    letter = float(regular.max()) if regular.size else median
    if not ((widths <= TEXT_MAX_WIDTH * letter) | inky).all():
        return False
    centres = tops + heights / 2
    for i in np.flatnonzero(heights > TEXT_MAX_HEIGHT * median):
        if heights[i] > BRACKET_MAX_HEIGHT * median:
            return False
        others = np.delete(centres, i)
        inside = (others >= tops[i]) & (others <= tops[i] + heights[i])
        if others.size == 0 or inside.mean() < 0.5:
            return False
    return True


BOND_MIN_LENGTH = 0.8
"""A straight stroke at least this many figure character heights long may be a bond ..."""
DIAGONAL_MIN_SHARE = 0.35
"""... and it is slanted when both its width and its height are this share of its length
(bonds are drawn at 30 and 60 degrees; of the letters only '/' is one slanted stroke)."""
MIN_DIAGONAL_BONDS = 3
"""A group with this many slanted straight strokes is drawn, not typed ('MeCN/H2O (4/1)'
has two)."""


def has_bonds(blobs: np.ndarray, char_height: float, is_straight: Callable[[int], bool]) -> bool:
    """Whether a group holds several slanted straight strokes: bonds, not letters.

    A small heteroatom-rich drawing (dimethyl sulfate, ethylene sulfate, a
    difluoroborate) breaks into short bonds between its atom symbols, each no bigger
    than a letter; all character-sized, the group read as text and the compound was lost.
    `is_straight(row)` says whether the blob of that row is one straight stroke
    (`chemx.visual.segmentation._classical_strokes.is_straight_line`): a letter of a
    bond's size ('v', 'k', 'A') is not.
    """
    widths, heights = blobs[:, 2], blobs[:, 3]
    lengths = np.hypot(widths, heights)
    slanted = (
        (lengths >= BOND_MIN_LENGTH * char_height)
        & (widths >= DIAGONAL_MIN_SHARE * lengths)
        & (heights >= DIAGONAL_MIN_SHARE * lengths)
    )
    found = 0
    for row in np.flatnonzero(slanted):
        found += is_straight(int(row))
        if found >= MIN_DIAGONAL_BONDS:
            return True
    return False


LABEL_ROW_MIN_BLOBS = 5
"""A text row peeled off a drawing holds at least this many glyphs ('5aa; 83%' holds
ten): an atom label ('NH', 'OMe') below or above a drawing is shorter ..."""
LABEL_ROW_LONG = 10
"""... and one this long is a compound label with its yield or a panel title whatever
touches it; a written-out substituent ('CO2CH2CH3') is drawn, not typed, at that length."""
LINE_END_MIN_BLOBS = 3
"""... and a row that goes on as a text line outside the group ('(5 h)' after '9aa; 89%')
is peeled from three glyphs."""
LABEL_ROW_MAX_HEIGHT = 1.6
"""A peeled row is one line of text: at most this many figure character heights."""
MAX_PEELED_ROWS = 2
"""Rows peeled off a drawing's bottom: a scope entry may print its label and yield on one
line and its dr/ee on the next ('3i, 99% yield' over '85:15 dr, 98% ee'), both closer to
the drawing than the grouping gap in a small raster."""


def peel_text_rows(
    blobs: np.ndarray,
    char_height: float,
    stroke: float,
    reach: float,
    lines: Sequence[FBox] = (),
) -> tuple[list[int], list[list[int]]]:
    """Split a compound label or panel title off the top or bottom of a drawing group.

    In a tightly set scope scheme the label line ('5ae; 80% (13 h)') sits closer to the
    drawing's 'NH' than the grouping gap, and a panel title ('(a) Substrate scope') to the
    top ring: grouped with the drawing, the label is hidden inside the crop, where the
    identifier search (which reads outside the crops) never looks. The row is what
    shares most of its height with the lowest (highest) blob, as `text_lines` joins
    words ('Me' grazing a title's descenders stays in the drawing). It is peeled when it
    is one line of text (`is_text_group`, `LABEL_ROW_MAX_HEIGHT`) and either long
    (`LABEL_ROW_LONG` glyphs), or no bond reaches it (within `reach` pixels of it the
    drawing shows only character-sized blobs, the 'H' of an NH) and it holds
    `LABEL_ROW_MIN_BLOBS` glyphs or goes on as a text line outside the group (`lines`:
    '(5 h)' joined the 'Bn' above it while '9aa; 89%' stayed apart). A substituent
    written as text ('CO2Me') is reached by its bond, so it stays. Up to
    `MAX_PEELED_ROWS` rows come off the bottom, one off the top.

    Args:
        blobs: Rows of x, y, width, height, area of the group's blobs.
        char_height: The figure's character height.
        stroke: The figure's stroke width.
        reach: The grouping distance in pixels (what joined the row to the drawing).
        lines: The figure's text groups outside the drawing groups.

    Returns:
        The indices (into `blobs`) that stay in the drawing, and the peeled rows.
    """
    keep = list(range(len(blobs)))
    rows: list[list[int]] = []
    for from_bottom in (True, False):
        for _ in range(MAX_PEELED_ROWS if from_bottom else 1):
            if len(keep) <= LABEL_ROW_MIN_BLOBS:
                break
            row = _edge_row(blobs, keep, from_bottom)
            if row is None or not _is_label_row(
                blobs, keep, row, char_height, stroke, reach, lines
            ):
                break
            rows.append(row)
            peeled = set(row)
            keep = [i for i in keep if i not in peeled]
    return keep, rows


def _continues_a_line(box: FBox, lines: Sequence[FBox]) -> bool:
    """Whether a text line outside the group goes on from `box` on its row (`_same_line`)."""
    if not lines:
        return False
    pairs = _same_line(np.array([box, *lines], dtype=float))
    return bool(pairs[0, 1:].any())


def _edge_row(blobs: np.ndarray, members: list[int], from_bottom: bool) -> list[int] | None:
    """The row of the lowest (highest) blob: blobs sharing most of its band's height.

    None when the row is the whole group (a bond network spans it: nothing to peel).
    """
    tops = blobs[members, 1]
    bottoms = tops + blobs[members, 3]
    order = np.argsort(-bottoms if from_bottom else tops, kind="stable")
    band_low, band_high = tops[order[0]], bottoms[order[0]]
    row: list[int] = []
    for k in order:
        top, bottom = tops[k], bottoms[k]
        shared = min(bottom, band_high) - max(top, band_low)  # bottoms are exclusive
        if shared > ROW_OVERLAP * min(bottom - top, band_high - band_low):
            row.append(members[k])
            band_low, band_high = min(band_low, top), max(band_high, bottom)
    return row if len(row) < len(members) else None


def _is_label_row(
    blobs: np.ndarray,
    members: list[int],
    row: list[int],
    char_height: float,
    stroke: float,
    reach: float,
    lines: Sequence[FBox] = (),
) -> bool:
    box = union((b[0], b[1], b[0] + b[2], b[1] + b[3]) for b in (blobs[i] for i in row))
    if len(row) < LABEL_ROW_MIN_BLOBS and not (
        len(row) >= LINE_END_MIN_BLOBS and _continues_a_line(box, lines)
    ):
        return False
    if box[3] - box[1] > LABEL_ROW_MAX_HEIGHT * char_height:
        return False
    if not is_text_group(blobs[row], char_height, stroke):
        return False
    if len(row) >= LABEL_ROW_LONG:
        return True
    in_row = set(row)
    rest = [i for i in members if i not in in_row]
    for i in rest:
        x, y, w, h = blobs[i, :4]
        if gap((x, y, x + w, y + h), box) > reach:
            continue
        if max(w, h) > TEXT_MAX_GLYPH * char_height:
            return False  # a bond network reaches the row: a substituent, not a label
    return True


def _clusters(pairs: np.ndarray) -> list[list[int]]:
    """Connected sets of a symmetric boolean adjacency matrix (union-find)."""
    parent = list(range(len(pairs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(pairs, 1)), strict=True):
        parent[root(int(i))] = root(int(j))
    sets: dict[int, list[int]] = {}
    for i in range(len(pairs)):
        sets.setdefault(root(i), []).append(i)
    return list(sets.values())


def _merge_until_stable(
    boxes: list[FBox], adjacent: Callable[[np.ndarray], np.ndarray]
) -> list[FBox]:
    """Union the boxes that `adjacent` links, until nothing changes.

    `adjacent` maps an N x 4 array of boxes to an N x N boolean matrix; links are
    recomputed on the merged boxes, since a merged box may reach new neighbours.
    """
    while len(boxes) > 1:
        groups = _clusters(adjacent(np.array(boxes, dtype=float)))
        if len(groups) == len(boxes):
            break
        boxes = [union(boxes[i] for i in group) for group in groups]
    return boxes


def _same_line(b: np.ndarray) -> np.ndarray:
    """Text boxes on one row (shared height), of similar size, a word space apart."""
    x0, y0, x1, y1 = (b[:, k] for k in range(4))
    height = y1 - y0
    overlap = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
    shorter = np.minimum(height[:, None], height[None, :])
    taller = np.maximum(height[:, None], height[None, :])
    gap = np.maximum(x0[:, None], x0[None, :]) - np.minimum(x1[:, None], x1[None, :])
    return (
        (overlap >= ROW_OVERLAP * shorter)
        & (gap <= WORD_GAP * shorter)
        & (taller <= LINE_HEIGHT_RATIO * shorter)
    )


def _box_gaps(b: np.ndarray) -> np.ndarray:
    """Euclidean gaps between all pairs of boxes (0 where they overlap)."""
    dx = np.maximum(
        0.0, np.maximum(b[:, None, 0], b[None, :, 0]) - np.minimum(b[:, None, 2], b[None, :, 2])
    )
    dy = np.maximum(
        0.0, np.maximum(b[:, None, 1], b[None, :, 1]) - np.minimum(b[:, None, 3], b[None, :, 3])
    )
    return np.hypot(dx, dy)


def text_lines(boxes: list[FBox]) -> list[FBox]:
    """Merge text groups that sit on one row with word-sized gaps into lines."""
    return _merge_until_stable(boxes, _same_line)


def merge_fragments(molecules: list[FBox], char_height: float) -> list[FBox]:
    """Join small drawing groups to a drawing a bond's gap away.

    Such pieces are cut off by an atom symbol set further from its bonds than usual,
    as in S-C≡N or an O-acetyl.
    """

    def adjacent(b: np.ndarray) -> np.ndarray:
        small = (np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])) <= (
            FRAGMENT_MAX_EXTENT * char_height
        )
        near = _box_gaps(b) <= FRAGMENT_GAP * char_height
        return near & (small[:, None] | small[None, :])

    return _merge_until_stable(list(molecules), adjacent)
