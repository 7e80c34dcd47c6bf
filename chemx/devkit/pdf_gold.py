"""Hand-annotated gold for real journal PDFs, and scoring a PDF parser against it.

The annotations live in `tests/fixtures/realworld/pdf_gold/` (one JSON per paper; the
format is in that folder's README); the PDFs do not: they are the team's shared
real-world inputs, never committed. `load_gold` returns only the papers whose PDF is
present with the annotated SHA-256, so everything here skips cleanly without them.

`score_paper` measures one parsed paper: display items found as their own region with
the right caption (IoU >= 0.8), regions that merge two items or take in body text,
sentences copied exactly, line-break hyphens and citation markers left in sentences,
reference-list text reaching sentences, and the metadata fields read correctly. Tests
and `scripts/bench_pdf.py` share these definitions.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chemx.records import Figure, Paper, Sentence
from chemx.text.figure_mentions import parse_figure_label

GOLD_DIR = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "realworld" / "pdf_gold"
ITEM_IOU = 0.8
METADATA_FIELDS = ("doi", "title", "journal", "published", "licence")
_CITATION_LEFT = re.compile(
    r"[a-z]{3,}[.,;:)]\d{1,3}[a-z]?(?:[,–−-]\d{1,3}[a-z]?)*(?=\s|$)"
    r"|[a-z]{3,}\d{1,3}(?:[,–−-]\d{1,3})*(?=[.,;:]?\s+[A-Z]|[.,;:]?$)"
)
"""A reference number run into the text: "assays.5 Recently", "literature;66 1H",
"piperine,3,4 which", "reported12." (a gene name "nos4 encodes" is not one)."""
_HYPHENATED = re.compile(r"\b([a-z]{2,})-([a-z]{2,})\b")
_WHITESPACE = re.compile(r"\s+")

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class GoldItem:
    """One display item as annotated."""

    page: int
    kind: str
    number: str | None
    bbox: Box
    caption_bbox: Box | None
    spans_columns: bool


@dataclass(frozen=True)
class GoldSentence:
    """One sentence as a careful reader copies it: its hash, length and tags."""

    page: int
    sha256: str
    length: int
    features: tuple[str, ...]
    text: str | None


@dataclass
class GoldPaper:
    """A paper's annotations and where its PDF is."""

    stem: str
    path: Path
    metadata: dict[str, Any]
    items: list[GoldItem]
    references: list[tuple[int, Box]]
    sentences: list[GoldSentence]


def shared_realworld() -> Path | None:
    """The team's real-file folder, if present (`chemx.visual.classifier_eval` finds it)."""
    from chemx.visual.classifier_eval import shared_realworld_dir

    return shared_realworld_dir()


def realworld_papers() -> Path | None:
    """Its `papers/` folder (the journal PDFs), if present."""
    root = shared_realworld()
    return root / "papers" if root is not None and (root / "papers").is_dir() else None


def load_gold(papers: Path | None = None, gold_dir: Path = GOLD_DIR) -> list[GoldPaper]:
    """The annotated papers whose PDF is present and unchanged (SHA-256 checked)."""
    papers = papers or realworld_papers()
    if papers is None:
        return []
    found: list[GoldPaper] = []
    for path in sorted(gold_dir.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        pdf = papers / raw["file"]
        if not pdf.is_file() or hashlib.sha256(pdf.read_bytes()).hexdigest() != raw["sha256"]:
            continue
        found.append(_paper(path.stem, pdf, raw))
    return found


def _box(value: Any) -> Box | None:
    if not value:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return (x0, y0, x1, y1)


def _paper(stem: str, pdf: Path, raw: dict[str, Any]) -> GoldPaper:
    items = [
        GoldItem(
            page=int(item["page"]),
            kind=str(item["kind"]),
            number=None if item.get("number") is None else str(item["number"]),
            bbox=_box(item["bbox"]) or (0.0, 0.0, 0.0, 0.0),
            caption_bbox=_box(item.get("caption_bbox")),
            spans_columns=bool(item.get("spans_columns")),
        )
        for item in raw.get("display_items", [])
    ]
    sentences = [
        GoldSentence(
            page=int(sentence["page"]),
            sha256=str(sentence["sha256"]),
            length=int(sentence["length"]),
            features=tuple(sentence.get("features") or ()),
            text=sentence.get("text"),
        )
        for sentence in raw.get("sentences", [])
    ]
    references = [
        (int(region["page"]), _box(region["bbox"]) or (0.0, 0.0, 0.0, 0.0))
        for region in raw.get("references", [])
    ]
    return GoldPaper(stem, pdf, dict(raw.get("metadata") or {}), items, references, sentences)


# ---------------------------------------------------------------- scoring


@dataclass
class PaperScore:
    """Counts for one paper; `combine` adds them up."""

    items_gold: int = 0
    items_predicted: int = 0
    items_matched: int = 0
    merges: int = 0
    body_text_taken: int = 0
    sentences_gold: int = 0
    sentences_matched: int = 0
    sentences_predicted: int = 0
    hyphens_left: int = 0
    citations_left: int = 0
    reference_sentences: int = 0
    metadata_correct: dict[str, int] = field(default_factory=dict)
    metadata_printed: dict[str, int] = field(default_factory=dict)
    by_feature: dict[str, list[int]] = field(default_factory=dict)
    """feature -> [matched, gold] over the gold sentences tagged with it."""
    missed_items: list[str] = field(default_factory=list)
    pages: int = 0
    seconds: float = 0.0


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes in points."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    inter = width * height
    union = _area(a) + _area(b) - inter
    return inter / union if union > 0 else 0.0


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _covered(inner: Box, outer: Box) -> float:
    """Share of `inner`'s area inside `outer`."""
    width = min(inner[2], outer[2]) - max(inner[0], outer[0])
    height = min(inner[3], outer[3]) - max(inner[1], outer[1])
    if width <= 0 or height <= 0 or _area(inner) <= 0:
        return 0.0
    return width * height / _area(inner)


def _key(kind: str, number: str | None) -> tuple[str, str] | None:
    if number is None:
        return None
    return (kind, number.upper())


def _figure_key(figure: Figure) -> tuple[str, str] | None:
    if not figure.label:
        return None
    parsed = parse_figure_label(figure.label)
    return None if parsed is None else (parsed[0], parsed[1].upper())


def score_items(
    gold: GoldPaper, figures: list[Figure], page_lines: dict[int, list[tuple[Box, str]]]
) -> PaperScore:
    """Display-item recall/precision, merges and body-text intrusions for one paper.

    `page_lines` gives each page's text lines (box, text) for the body-text check: a
    predicted region that covers a line of four or more words lying outside every gold
    item and caption has taken body text.
    """
    score = PaperScore(items_gold=len(gold.items))
    placed = [figure for figure in figures if figure.page_box is not None and figure.label]
    score.items_predicted = len(placed)
    used: set[str] = set()
    for item in gold.items:
        key = _key(item.kind, item.number)
        match = next(
            (
                figure
                for figure in placed
                if figure.id not in used
                and figure.page == item.page
                and (key is None or _figure_key(figure) == key)
                and iou(figure.page_box, item.bbox) >= ITEM_IOU  # type: ignore[arg-type]
            ),
            None,
        )
        if match is None:
            score.missed_items.append(f"p{item.page} {item.kind} {item.number}")
            continue
        used.add(match.id)
        score.items_matched += 1
    for figure in placed:
        box = figure.page_box
        assert box is not None
        same_page = [item for item in gold.items if item.page == figure.page]
        overlapped = [item for item in same_page if _covered(item.bbox, box) >= 0.3]
        if len(overlapped) >= 2:
            score.merges += 1
        allowed = [item.bbox for item in same_page] + [
            item.caption_bbox for item in same_page if item.caption_bbox is not None
        ]
        for line_box, text in page_lines.get(figure.page or 0, []):
            if len(text.split()) < 4 or _covered(line_box, box) < 0.8:
                continue
            if any(_covered(line_box, _grow(other, 3)) >= 0.8 for other in allowed):
                continue
            score.body_text_taken += 1
            break
    return score


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def normalise_sentence(text: str) -> str:
    """Whitespace collapsed: the only normalisation an exact match allows."""
    return _WHITESPACE.sub(" ", text).strip()


def score_text(
    gold: GoldPaper, sentences: list[Sentence], reference_text: str, score: PaperScore
) -> None:
    """Sentence exact matches, hyphens and citations left, reference text in sentences."""
    hashes = {
        hashlib.sha256(normalise_sentence(sentence.text).encode()).hexdigest()
        for sentence in sentences
    }
    score.sentences_gold = len(gold.sentences)
    score.sentences_predicted = len(sentences)
    for sentence in gold.sentences:
        hit = sentence.sha256 in hashes
        score.sentences_matched += hit
        for feature in sentence.features:
            tally = score.by_feature.setdefault(feature, [0, 0])
            tally[0] += hit
            tally[1] += 1
    texts = [normalise_sentence(sentence.text) for sentence in sentences]
    vocabulary = _vocabulary(texts)
    for text in texts:
        if any(_is_broken(match, vocabulary) for match in _HYPHENATED.finditer(text)):
            score.hyphens_left += 1
        if _CITATION_LEFT.search(text):
            score.citations_left += 1
    squashed = _squash(reference_text)
    if squashed:
        score.reference_sentences = sum(
            1 for text in texts if len(text) >= 30 and _squash(text) in squashed
        )


def _squash(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).lower()


def _vocabulary(texts: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for text in texts:
        for word in re.findall(r"[A-Za-z-]+", text.lower()):
            counts[word] = counts.get(word, 0) + 1
    return counts


def _is_broken(match: re.Match[str], vocabulary: dict[str, int]) -> bool:
    """Whether a hyphenated word is a line-break hyphen left in.

    It is when the paper also writes the word whole while the hyphenated form occurs
    only once (a conservative count: a compound such as "scale-up" is never counted).
    """
    joined = (match.group(1) + match.group(2)).lower()
    if vocabulary.get(match.group(0).lower(), 0) > 1:
        return False
    return vocabulary.get(joined, 0) > 0


def score_metadata(gold: GoldPaper, paper: Paper, score: PaperScore) -> None:
    """Which printed metadata fields the parser read as annotated."""
    for name in METADATA_FIELDS:
        expected = gold.metadata.get(name)
        if expected in (None, ""):
            continue
        score.metadata_printed[name] = 1
        value: Any = getattr(paper, name)
        if name == "published" and value is not None:
            value = value.isoformat()
        if name in ("title", "journal"):
            ok = (
                value is not None
                and normalise_sentence(str(value)).lower()
                == normalise_sentence(str(expected)).lower()
            )
        elif name == "doi":
            ok = value is not None and str(value).lower() == str(expected).lower()
        else:
            ok = value is not None and str(value) == str(expected)
        score.metadata_correct[name] = int(ok)


def page_lines(path: Path) -> dict[int, list[tuple[Box, str]]]:
    """Every page's text lines (box, text), straight from PyMuPDF.

    The body-text check looks for these inside a predicted region.
    """
    import pymupdf

    found: dict[int, list[tuple[Box, str]]] = {}
    with pymupdf.open(path) as pdf:
        for page in pdf:
            lines: list[tuple[Box, str]] = []
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    x0, y0, x1, y1 = line["bbox"]
                    lines.append(((x0, y0, x1, y1), "".join(s["text"] for s in line["spans"])))
            found[page.number + 1] = lines
    return found


def reference_text(gold: GoldPaper) -> str:
    """The text inside the annotated reference-list regions.

    It is read at scoring time: no text of the paper is stored.
    """
    import pymupdf

    parts = []
    with pymupdf.open(gold.path) as pdf:
        for page, box in gold.references:
            if 1 <= page <= pdf.page_count:
                parts.append(pdf[page - 1].get_textbox(pymupdf.Rect(box)))
    return " ".join(parts)


def score_parsed(
    gold: GoldPaper, figures: list[Figure], sentences: list[Sentence], paper: Paper
) -> PaperScore:
    """All the measures for one parsed paper."""
    lines = page_lines(gold.path)
    score = score_items(gold, figures, lines)
    score_text(gold, sentences, reference_text(gold), score)
    score_metadata(gold, paper, score)
    score.pages = len(lines)
    return score


def combine(scores: list[PaperScore]) -> PaperScore:
    """Sum of per-paper counts."""
    total = PaperScore()
    for score in scores:
        for name in (
            "items_gold",
            "items_predicted",
            "items_matched",
            "merges",
            "body_text_taken",
            "sentences_gold",
            "sentences_matched",
            "sentences_predicted",
            "hyphens_left",
            "citations_left",
            "reference_sentences",
            "pages",
        ):
            setattr(total, name, getattr(total, name) + getattr(score, name))
        total.seconds += score.seconds
        for name, value in score.metadata_correct.items():
            total.metadata_correct[name] = total.metadata_correct.get(name, 0) + value
        for name, value in score.metadata_printed.items():
            total.metadata_printed[name] = total.metadata_printed.get(name, 0) + value
        for feature, (hit, count) in score.by_feature.items():
            tally = total.by_feature.setdefault(feature, [0, 0])
            tally[0] += hit
            tally[1] += count
        total.missed_items += [f"{item}" for item in score.missed_items]
    return total
