"""A figure's label readings squared with its text layer, its other labels and the paper.

The identifier backends read what is printed next to each drawing; three checks run on
all readings of one figure before they become `Structure.identifier`:

1. **The PDF's text layer** (`Figure.printed_words`, born-digital PDFs): where a text
   line of the layer covers the place a label was read, its text is what is printed
   there, so it is parsed with the same grammar (`chemx.labels.parse_label`) instead of
   the OCR. A label it spells replaces the OCR's ('12 (R = CH3)' read as 'CH3)' is 12);
   a line that spells none and does not hold the OCR's label as a word refuses it (an
   atom number '1' where the layer prints '-4').
2. **Size**: a bare number printed clearly smaller than the figure's labels (under
   `SMALL_LABEL_FRACTION` of their median line height, with at least `MIN_SIZED_LABELS`
   labels to compare) is an atom number or a locant in the drawing, not a compound.
3. **The paper's text** (`chemx.labels.reconcile`): footnote letters and look-alike
   glyphs are settled by the labels the text names, and a label that no sentence names
   keeps a lowered confidence and says so.

Each change is said in `IdentifierResult.note` (a refusal in `reason`), after the note
the label was printed with (a substituent note or an alias).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import replace

from chemx.geometry import area, intersection_area
from chemx.labels import parse_label
from chemx.labels.reconcile import PaperLabels, reconcile
from chemx.records import PrintedWord
from chemx.visual.identifiers._base import IdentifierResult

TEXT_LAYER_OVERLAP = 0.5
"""A text-layer line covers a reading when it overlaps this share of the reading's box."""
SMALL_LABEL_FRACTION = 0.7
"""Atom numbers and locants are set in a smaller size than compound labels (6-7 pt
against 8-10 pt in journal figures): a number under this share of the labels' median
line height is one. Labels of one figure differ by less (descenders, brackets)."""
MIN_SIZED_LABELS = 3
"""Labels a figure needs for its median size to be trusted."""


def reconcile_readings(
    results: Sequence[IdentifierResult],
    paper: PaperLabels,
    words: Sequence[PrintedWord] = (),
) -> list[IdentifierResult]:
    """The readings of one figure's crops after the checks of the module docstring.

    Args:
        results: What the identifier backend returned, one per crop.
        paper: The labels the paper's sentences name.
        words: The figure's text-layer lines (`Figure.printed_words`), if any.

    Returns:
        One result per input, in order.
    """
    read = [_from_text_layer(result, words) for result in results]
    heights = [_height(r) for r in read if r.identifier and r.source_box is not None]
    typical = statistics.median(heights) if len(heights) >= MIN_SIZED_LABELS else None
    sized = [_sized(result, typical) for result in read]
    labels = [r.identifier for r in sized if r.identifier]
    return [_with_text(result, paper, labels) for result in sized]


def _height(result: IdentifierResult) -> int:
    assert result.source_box is not None
    return result.source_box[3] - result.source_box[1]


def _from_text_layer(result: IdentifierResult, words: Sequence[PrintedWord]) -> IdentifierResult:
    """The text layer's reading of the place the backend read, where it has one."""
    box = result.source_box
    if box is None or not words or area(box) == 0:
        return result
    covering = [
        word for word in words if intersection_area(word.box, box) >= TEXT_LAYER_OVERLAP * area(box)
    ]
    if len(covering) != 1:
        return result
    text = covering[0].text
    parsed = parse_label(text)
    if parsed.label is not None:
        if parsed.label == result.identifier and parsed.note == result.note:
            return result
        return replace(
            result,
            identifier=parsed.label,
            raw_text=text,
            note=parsed.note,
            reason=None,
            confidence=max(result.confidence, 0.5),
        )
    if result.identifier is None or _holds(text, result.identifier):
        return result
    return replace(
        result,
        identifier=None,
        raw_text=text,
        note=None,
        reason=f"OCR read {result.raw_text!r}, but the PDF's text layer prints {text!r} "
        f"there, and {parsed.reason}",
    )


def _holds(text: str, label: str) -> bool:
    """Whether `label` is a word of `text` (the layer's line holds more than the label)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![A-Za-z0-9])", text) is not None


def _sized(result: IdentifierResult, typical: float | None) -> IdentifierResult:
    """Refuse a bare number set clearly smaller than the figure's labels."""
    label = result.identifier
    if typical is None or not label or not label.isdigit() or result.source_box is None:
        return result
    height = _height(result)
    if height >= SMALL_LABEL_FRACTION * typical:
        return result
    return replace(
        result,
        identifier=None,
        note=None,
        reason=f"{label!r} is printed smaller than the figure's labels ({height} px against "
        f"{typical:.0f} px): an atom number or locant in the drawing, not a compound label",
    )


def _with_text(
    result: IdentifierResult, paper: PaperLabels, siblings: Sequence[str]
) -> IdentifierResult:
    """The reading squared with the labels the paper's text names."""
    if not result.identifier:
        return result
    checked = reconcile(result.identifier, paper, siblings)
    if checked.note is None:
        return result
    notes = "; ".join(note for note in (result.note, checked.note) if note)
    return replace(
        result,
        identifier=checked.identifier,
        confidence=result.confidence * checked.factor,
        note=notes,
    )
