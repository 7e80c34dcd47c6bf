"""The label search shared by the OCR engines: read candidate lines, give each crop one.

`LabelOcr` finds the candidates of every crop (`chemx.visual.identifiers._ocr_candidates`),
reads each line with only its own ink, upscaled and padded, re-reading doubtful
readings from other views and with a label allowlist, and settles lines two crops both
want. Subclasses only say how one pre-cut line is read (`_read`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from chemx.labels import LabelParse, parse_label
from chemx.labels.codes import CODE_NOTE, NAME_NOTE, read_code, read_name
from chemx.records import Box
from chemx.visual.identifiers._base import IdentifierResult, PrintedLine
from chemx.visual.identifiers._ocr_candidates import LabelCandidate, label_candidates
from chemx.visual.identifiers._ocr_ink import (
    InkAnalysis,
    Reading,
    all_lines,
    analyse_ink,
    drawing_boxes,
    label_shaped,
    same_box,
)
from chemx.visual.identifiers._ocr_rows import equation_lines, union_box
from chemx.visual.segmentation._base import Crop, Segmentation

LABEL_ALLOWLIST = "0123456789abcdefghijklmnopqrstuvwxyzRS()-'′,%"
"""Characters of labels (with stereo prefixes, primes and a yield tail) for the re-read."""

TARGET_TEXT_PX = 32
"""Lines shorter than this are upscaled (x2 or x3) before recognition."""
MAX_UPSCALE = 3
PAD_PX = 4
"""White padding around a line (after upscaling): glyphs touching the border are misread,
and a wide margin shrinks the glyphs in the recogniser's fixed-height input."""
LINE_VIEWS: tuple[tuple[int, int], ...] = ((PAD_PX, 0), (2 * PAD_PX, 1), (3 * PAD_PX, 2))
"""(padding, extra upscale) of the views a doubtful line is read from, in order. Each
alone read all 127 labels of the sample corpus and a 52-label development set right;
views with more margin per text height (8 px at x2: 124/127, 24 px at x2: 103/127)
turned bold 'b' into '6' -- the recogniser sees a smaller glyph."""
CONFIDENT = 0.9
"""A label read with at least this confidence is not re-read from other views."""
RETRY_MAX_CHARS = 5
"""Only short one-word readings with at most one capital are re-read with the allowlist
('Ja' for '7a'); other text ('THF', '80 °C', 'NaH, DMF') is not, so that the allowlist
cannot force a label out of a reagent."""


@dataclass(frozen=True)
class UnclaimedLabel:
    """Label text in a figure that no crop took: a missed structure or a stray label."""

    box: Box
    identifier: str
    raw_text: str
    confidence: float


class LabelOcr:
    """Geometry and label logic shared by the OCR engines; subclasses only read lines."""

    name: str = ""

    def __init__(self, *, use_hints: bool = True, allowlist_retry: bool = True) -> None:
        """Set the search options.

        Args:
            use_hints: Try the segmenter's `label_boxes` before searching the pixels.
            allowlist_retry: Re-read short non-label readings with `LABEL_ALLOWLIST`.
        """
        self.use_hints = use_hints
        self.allowlist_retry = allowlist_retry
        self.seconds = 0.0
        """Total time spent in `identify`, for throughput reports."""

    def _read(self, image: np.ndarray, allowlist: str | None) -> Reading:
        """Read one white-padded grey text line; return the text and a 0-1 confidence."""
        raise NotImplementedError

    # -- public API

    def identify(
        self,
        figure: Image.Image,
        crops: Sequence[Crop],
        segmentation: Segmentation,
        caption: str = "",
        figure_id: str = "",
        named: Callable[[str], bool] | None = None,
    ) -> list[IdentifierResult]:
        """One result per crop, in order: the label read nearest it, or None with why.

        The caption is accepted for the protocol (VLMs use it) and ignored: OCR reads
        what is printed beside the drawing. A line that is no numbered label but a code
        or a compound name (`chemx.labels.codes`) that `named` says the paper's text
        names is a label too.
        """
        start = time.perf_counter()
        try:
            return self._identify(figure, crops, segmentation, named)
        finally:
            self.seconds += time.perf_counter() - start

    def unclaimed_labels(
        self,
        figure: Image.Image,
        crops: Sequence[Crop],
        segmentation: Segmentation,
        results: Sequence[IdentifierResult],
        *,
        scan: bool = True,
    ) -> list[UnclaimedLabel]:
        """Label text that no result claims, e.g. a structure the segmenter missed.

        Looks at the segmenter's label boxes and (with `scan`) every other short text
        line outside the crops, and keeps those that read as a label.

        Args:
            figure: The figure the crops were cut from.
            crops: All crops of the figure (their ink is not text).
            segmentation: The segmenter's output, for its label and text boxes.
            results: What `identify` returned for `crops`.
            scan: Also look at text lines the segmenter did not flag.

        Returns:
            The unclaimed labels, top to bottom, left to right.
        """
        analysis = self._analyse(figure, crops)
        if analysis is None:
            return []
        claimed = [r.source_box for r in results if r.source_box is not None]
        identifiers = {r.identifier for r in results if r.identifier is not None}
        candidates: list[LabelCandidate] = [
            LabelCandidate(tuple(box), 0.0, "below")  # type: ignore[arg-type]
            for box in segmentation.label_boxes
        ]
        if scan:
            candidates += [
                LabelCandidate(box, 0.0, "below", components)
                for box, components in all_lines(analysis)
                if label_shaped(box, components)
            ]
        found: list[UnclaimedLabel] = []
        for candidate in candidates:
            if any(same_box(candidate.box, box) for box in claimed):
                continue
            (text, confidence), parsed = self._read_candidate(analysis, candidate)
            if parsed.label is None or parsed.kind != "label" or parsed.label in identifiers:
                continue  # not a label, or one a crop has (a VLM result has no box)
            claimed.append(candidate.box)
            found.append(UnclaimedLabel(candidate.box, parsed.label, text, confidence))
        return sorted(found, key=lambda label: (label.box[1], label.box[0]))

    def read_series_lines(self, figure: Image.Image, crops: Sequence[Crop]) -> list[PrintedLine]:
        """The lines outside `crops` that hold an '=' sign, each read whole (no allowlist).

        A line split at a wide space is read piece by piece and joined with one space.
        See `chemx.visual.identifiers._ocr_rows`.
        """
        start = time.perf_counter()
        try:
            analysis = self._analyse(figure, crops)
            if analysis is None:
                return []
            lines = []
            for pieces in equation_lines(analysis):
                readings = [
                    self._read(
                        _line_image(analysis, LabelCandidate(p.box, 0.0, "below", p.components)),
                        None,
                    )
                    for p in pieces
                ]
                text = " ".join(text for text, _ in readings if text.strip())
                if text:
                    confidence = min(confidence for _, confidence in readings)
                    lines.append(
                        PrintedLine(union_box(pieces), text, confidence, f"ocr:{self.name}")
                    )
            return lines
        finally:
            self.seconds += time.perf_counter() - start

    # -- search

    def _identify(
        self,
        figure: Image.Image,
        crops: Sequence[Crop],
        segmentation: Segmentation,
        named: Callable[[str], bool] | None = None,
    ) -> list[IdentifierResult]:
        if not crops:
            return []
        analysis = self._analyse(figure, crops)
        if analysis is None:
            return [self._missing("the figure has no readable text (no ink contrast)")] * len(crops)
        groups: dict[Box, list[int]] = {}
        for index, crop in enumerate(crops):
            groups.setdefault(tuple(crop.box), []).append(index)  # type: ignore[arg-type]
        boxes = list(groups)
        hints = [tuple(b) for b in segmentation.label_boxes] if self.use_hints else []
        drawings = drawing_boxes(boxes)
        candidates = [
            label_candidates(analysis, box, drawings, hints)  # type: ignore[arg-type]
            for box in boxes
        ]
        chosen = self._assign(analysis, candidates, named)
        results: list[IdentifierResult | None] = [None] * len(crops)
        for group, box in enumerate(boxes):
            result = chosen.get(group) or self._explain_missing(analysis, candidates[group])
            for index in groups[box]:
                results[index] = result
        return [r if r is not None else self._missing("internal error") for r in results]

    def _assign(
        self,
        analysis: InkAnalysis,
        candidates: list[list[LabelCandidate]],
        named: Callable[[str], bool] | None = None,
    ) -> dict[int, IdentifierResult]:
        """Give each crop its nearest line that reads as a label; nearer crops win ties."""
        pointer = [0] * len(candidates)
        owner: dict[int, tuple[LabelCandidate, IdentifierResult]] = {}
        pending = list(range(len(candidates)))
        while pending:
            group = pending.pop(0)
            while pointer[group] < len(candidates[group]):
                candidate = candidates[group][pointer[group]]
                pointer[group] += 1
                result = self._result_for(analysis, candidate, named)
                if result is None:
                    continue
                rival = next(
                    (
                        other
                        for other, (taken, _) in owner.items()
                        if same_box(taken.box, candidate.box)
                    ),
                    None,
                )
                if rival is not None:
                    if owner[rival][0].cost <= candidate.cost:
                        continue
                    del owner[rival]
                    pending.append(rival)
                owner[group] = (candidate, result)
                break
        return {group: result for group, (_, result) in owner.items()}

    def _result_for(
        self,
        analysis: InkAnalysis,
        candidate: LabelCandidate,
        named: Callable[[str], bool] | None = None,
    ) -> IdentifierResult | None:
        (text, confidence), parsed = self._read_candidate(analysis, candidate)
        if parsed.label is None:
            code = read_code(text) if text else None
            name = read_name(text) if text and code is None else None
            found = code or name
            if named is None or found is None or not named(found):
                return None
            return IdentifierResult(
                identifier=found,
                raw_text=text,
                confidence=confidence,
                backend=self.name,
                source_box=candidate.box,
                note=CODE_NOTE if code else NAME_NOTE,
            )
        return IdentifierResult(
            identifier=parsed.label,
            raw_text=text,
            confidence=confidence,
            backend=self.name,
            source_box=candidate.box,
            note=parsed.note,
        )

    def _explain_missing(
        self, analysis: InkAnalysis, candidates: list[LabelCandidate]
    ) -> IdentifierResult:
        """The reason for the nearest candidate's refusal, or that there was no text."""
        if not candidates:
            return self._missing("no label text near the structure")
        nearest = candidates[0]
        (text, confidence), parsed = self._read_candidate(analysis, nearest)
        if not text:
            reason = f"no text could be read {nearest.direction} the structure"
        elif parsed.label is not None:
            reason = f"label {parsed.label!r} is nearer another structure"
        else:
            reason = f"text {text!r} is not a compound label"
            if parsed.kind in ("range", "several", "note"):
                reason = f"text {text!r} {parsed.reason.split(' ', 1)[1]}"
        return IdentifierResult(
            identifier=None,
            raw_text=text or None,
            confidence=confidence,
            backend=self.name,
            source_box=nearest.box,
            reason=reason,
        )

    def _missing(self, reason: str) -> IdentifierResult:
        return IdentifierResult(None, None, 0.0, self.name, None, reason)

    # -- reading

    def _read_candidate(
        self, analysis: InkAnalysis, candidate: LabelCandidate
    ) -> tuple[Reading, LabelParse]:
        key = (candidate.box, candidate.components)
        if key not in analysis.cache:
            analysis.cache[key] = self._read_views(analysis, candidate)
        return analysis.cache[key]

    def _read_views(
        self, analysis: InkAnalysis, candidate: LabelCandidate
    ) -> tuple[Reading, LabelParse]:
        """Read the line; re-read doubtful readings from other views and let them vote.

        The recogniser's output depends on the margin and scale around a short word
        (bold '12b' came back as '126' at 0.89 confidence from one view, '12b' from the
        others), and its confidence is not a reliable judge of which view was right,
        so the views vote on the normalised label (ties: summed confidence). A clear
        non-label ('THF' at 0.99) is not re-read: extra views cost time only on doubt.
        """
        readings: list[tuple[Reading, LabelParse]] = []
        for index, (pad, extra_scale) in enumerate(LINE_VIEWS):
            image = _line_image(analysis, candidate, pad=pad, extra_scale=extra_scale)
            reading = self._read(image, None)
            parsed = parse_label(reading[0])
            readings.append((reading, parsed))
            if index == 0 and parsed.label is not None and reading[1] >= CONFIDENT:
                break
            if index == 0 and parsed.label is None and not _worth_retry(reading[0]):
                break
        best = _vote(readings)
        if best[1].label is None and self.allowlist_retry and _worth_retry(best[0][0]):
            image = _line_image(analysis, candidate, pad=LINE_VIEWS[0][0], extra_scale=0)
            retry = self._read(image, LABEL_ALLOWLIST)
            retry_parsed = parse_label(retry[0])
            if retry_parsed.label is not None:
                best = (retry, retry_parsed)
        return best

    @staticmethod
    def _analyse(figure: Image.Image, crops: Sequence[Crop]) -> InkAnalysis | None:
        return analyse_ink(figure, [tuple(c.box) for c in crops])  # type: ignore[misc]


def _line_image(
    analysis: InkAnalysis, candidate: LabelCandidate, *, pad: int = PAD_PX, extra_scale: int = 0
) -> np.ndarray:
    """The line's pixels on white (other ink blanked), upscaled if small, padded."""
    x0, y0, x1, y1 = candidate.box
    region = analysis.grey[y0:y1, x0:x1].copy()
    if candidate.components:
        members = np.isin(analysis.labels[y0:y1, x0:x1], candidate.components)
        own = cv2.dilate(members.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        region[~own] = 255
    height = max(1, y1 - y0)
    scale = min(MAX_UPSCALE, max(1, math.ceil(TARGET_TEXT_PX / height))) + extra_scale
    if scale > 1:
        region = cv2.resize(
            region, (region.shape[1] * scale, height * scale), interpolation=cv2.INTER_CUBIC
        )
    return cv2.copyMakeBorder(region, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(255,))


def _vote(readings: Sequence[tuple[Reading, LabelParse]]) -> tuple[Reading, LabelParse]:
    """The most frequent label among the views (ties: summed confidence).

    Returns the surest reading that gave the winning label; with no label at all, the
    first view's reading.
    """
    votes: dict[str, list[float]] = {}
    for (_, confidence), parsed in readings:
        if parsed.label is not None:
            votes.setdefault(parsed.label, []).append(confidence)
    if not votes:
        return readings[0]
    winner = max(votes, key=lambda label: (len(votes[label]), sum(votes[label])))
    return max((item for item in readings if item[1].label == winner), key=lambda item: item[0][1])


def _worth_retry(text: str) -> bool:
    """A short reading with at most one capital ('Ja', 'lc?') may be a label misread."""
    stripped = text.strip()
    capitals = sum(char.isupper() for char in stripped)
    return 0 < len(stripped) <= RETRY_MAX_CHARS and " " not in stripped and capitals <= 1
