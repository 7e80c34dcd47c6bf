"""The printed lines of a series list, found by their '=' sign and read whole.

A substrate-scope grid or an SAR list prints one line per compound under (or beside)
the scaffold it shares: "2a: R = H (91%)", "10, R = Me, 60%", "R = p-Me : 30, 83%". In
most journal PDFs these lines are vector outlines with no text layer, so they are read
from the pixels. Reading every line of every figure would cost seconds per figure;
what all such lines share is an '=' sign, which is cheap to see in the ink (two short
flat bars, one above the other, with the same x-span), so only those lines, joined with
the pieces level with them, are read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from chemx.records import Box
from chemx.visual.identifiers._ocr_ink import InkAnalysis, all_lines, component_box

EQUALS_MAX_BAR_HEIGHT_PX = 4
"""Each bar of '=' is a stroke: 1-3 px thick at the 150-dpi renders of journal pages."""
EQUALS_MIN_ASPECT = 2.0
"""... and at least this much wider than thick (a '-' pair; dots and commas are not)."""
EQUALS_X_TOLERANCE_PX = 2
"""The two bars start and end within this many pixels of each other."""
EQUALS_MAX_GAP_FACTOR = 1.5
"""The bars are at most this many bar widths apart vertically."""
JOIN_GAP_FACTOR = 2.5
"""Pieces of one printed line split at a wide space ('R= m-Cl' and ': 34, 77%') are
joined when the gap is at most this many line heights; the next column of a grid is
3+ line heights away."""
JOIN_OVERLAP = 0.5
"""... and they overlap vertically by this share of the smaller height."""


@dataclass(frozen=True)
class LinePiece:
    """One text line of a figure (pixels), with its ink components."""

    box: Box
    components: tuple[int, ...]


def _has_equals(analysis: InkAnalysis, components: Sequence[int]) -> bool:
    """Whether two of the line's components form an '=' sign."""
    bars = []
    for index in components:
        x0, y0, x1, y1 = component_box(analysis.stats, index)
        height, width = y1 - y0, x1 - x0
        if height <= EQUALS_MAX_BAR_HEIGHT_PX and width >= EQUALS_MIN_ASPECT * height:
            bars.append((x0, y0, x1, y1))
    for i, (ax0, ay0, ax1, ay1) in enumerate(bars):
        for bx0, by0, bx1, by1 in bars[i + 1 :]:
            same_span = (
                abs(ax0 - bx0) <= EQUALS_X_TOLERANCE_PX and abs(ax1 - bx1) <= EQUALS_X_TOLERANCE_PX
            )
            gap = max(by0 - ay1, ay0 - by1)
            if same_span and 0 < gap <= EQUALS_MAX_GAP_FACTOR * (ax1 - ax0):
                return True
    return False


def _level(a: Box, b: Box) -> bool:
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    return overlap >= JOIN_OVERLAP * min(a[3] - a[1], b[3] - b[1])


def equation_lines(analysis: InkAnalysis) -> list[list[LinePiece]]:
    """Lines that hold an '=' sign, each with the pieces level with it, left to right.

    Pieces are chained outwards from the '=' piece while the gap to the next one is at
    most `JOIN_GAP_FACTOR` line heights.
    """
    pieces = [LinePiece(box, members) for box, members in all_lines(analysis)]
    pieces.sort(key=lambda piece: piece.box[0])
    groups: list[list[LinePiece]] = []
    used: set[int] = set()
    for index, piece in enumerate(pieces):
        if index in used or not _has_equals(analysis, piece.components):
            continue
        group = [index]
        for direction in (1, -1):
            edge = piece.box
            candidates = [
                j
                for j, other in enumerate(pieces)
                if j not in used and j != index and _level(piece.box, other.box)
            ]
            candidates.sort(key=lambda j: pieces[j].box[0] * direction)
            for j in candidates:
                other = pieces[j].box
                gap = other[0] - edge[2] if direction == 1 else edge[0] - other[2]
                height = max(edge[3] - edge[1], other[3] - other[1])
                if gap < 0:
                    continue
                if gap > JOIN_GAP_FACTOR * height:
                    break
                group.append(j)
                edge = other
        used.update(group)
        groups.append(sorted((pieces[j] for j in group), key=lambda p: p.box[0]))
    groups.sort(key=lambda group: (group[0].box[1], group[0].box[0]))
    return groups


def union_box(pieces: Sequence[LinePiece]) -> Box:
    """The box around a line's pieces."""
    boxes = np.array([piece.box for piece in pieces])
    return (
        int(boxes[:, 0].min()),
        int(boxes[:, 1].min()),
        int(boxes[:, 2].max()),
        int(boxes[:, 3].max()),
    )
