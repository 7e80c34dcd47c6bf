"""Measuring the figure classifier: on a labelled folder, and on real figures held out.

`evaluate_folder` reads an ImageFolder layout. `evaluate_real` renders the hand-labelled
real figures of the team's shared realworld/ folder (classes, boxes and the train /
held-out split in `tests/fixtures/realworld/figure_classes.json`, annotations only) as a
build renders them, and reports the image classifier alone and its combination with the
caption's evidence. The real files are never stored in the project; without the shared
folder the real evaluation is skipped.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel, Field

from chemx.errors import ChemxError
from chemx.images import ImageProblem, to_rgb
from chemx.visual.classes import FIGURE_CLASSES, FigureClass
from chemx.visual.classifier import FigureClassifier, FigureClassifierLike
from chemx.visual.drawn_structures import FigureStructureCounter

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff", ".bmp", ".webp"}
NON_2D_TYPES = frozenset(
    {"spectrum", "plot", "ortep", "crystal_packing", "3d_model", "protein", "bar_chart",
     "dose_response"}
)  # fmt: skip
"""Non-chemistry kinds that must never pass as a 2-D structure figure."""


class ClassifierEvaluation(BaseModel):
    """Accuracy and confusion matrix of the classifier on labelled figures."""

    images: int
    accuracy: float
    classes: list[str]
    confusion_matrix: list[list[int]] = Field(
        description="Rows: true class, columns: predicted class, in `classes` order."
    )
    per_class_recall: dict[str, float]
    seconds_per_image: float
    skipped: list[str] = Field(default_factory=list, description="Unreadable files, with why.")
    mistakes: list[str] = Field(default_factory=list, description="'path: true -> predicted'.")


class LabelledFolderError(ChemxError, ValueError):
    """The folder is not in ImageFolder layout with chemx's class names."""


def evaluate_folder(classifier: FigureClassifier, folder: Path) -> ClassifierEvaluation:
    """Classify every image under folder/<class name>/ and compare with the folder's class."""
    names = [figure_class.value for figure_class in FIGURE_CLASSES]
    subfolders = [child.name for child in sorted(folder.iterdir()) if child.is_dir()]
    unknown = sorted(set(subfolders) - set(names))
    if unknown or not subfolders:
        raise LabelledFolderError(
            f"{folder}: expected sub-folders named after the classes ({', '.join(names)}); "
            f"found {', '.join(subfolders) or 'none'}"
        )
    paths: list[tuple[Path, int]] = []
    for index, name in enumerate(names):
        for path in sorted((folder / name).glob("*")):
            if path.suffix.lower() in IMAGE_SUFFIXES:
                paths.append((path, index))
    images, truths, kept_paths, skipped = [], [], [], []
    for path, truth in paths:
        try:
            images.append(to_rgb(path.read_bytes(), str(path)))
        except ImageProblem as problem:
            skipped.append(problem.detail)
            continue
        truths.append(truth)
        kept_paths.append(path)
    if not images:
        raise LabelledFolderError(f"{folder}: no readable images under the class folders")
    started = time.perf_counter()
    predictions = classifier.predict(images)
    elapsed = time.perf_counter() - started
    confusion = [[0] * len(names) for _ in names]
    mistakes = []
    for path, truth, prediction in zip(kept_paths, truths, predictions, strict=True):
        guess = names.index(prediction.figure_class.value)
        confusion[truth][guess] += 1
        if guess != truth:
            mistakes.append(f"{path.relative_to(folder)}: {names[truth]} -> {names[guess]}")
    correct = sum(confusion[i][i] for i in range(len(names)))
    return ClassifierEvaluation(
        images=len(images),
        accuracy=round(correct / len(images), 4),
        classes=names,
        confusion_matrix=confusion,
        per_class_recall={
            name: round(confusion[i][i] / sum(confusion[i]), 4)
            for i, name in enumerate(names)
            if sum(confusion[i])
        },
        seconds_per_image=round(elapsed / len(images), 4),
        skipped=skipped,
        mistakes=mistakes,
    )


# -- real figures with hand-given classes -------------------------------------------

REPO = Path(__file__).resolve().parents[2]
FIGURE_CLASSES_FIXTURE = REPO / "tests" / "fixtures" / "realworld" / "figure_classes.json"
"""Classes, boxes and split of the real figures (annotations only; in a source checkout)."""
SHARED_REALWORLD_CANDIDATES = (REPO.parent / "shared" / "realworld", Path("/work/shared/realworld"))
"""Where the team's real files are: beside the repository (CI), or the shared disk."""
PDF_RENDER_DPI = 150
"""The PDF source's figure rendering (`chemx.sources`), so pixels match a build's."""
PDF_RENDER_MARGIN = 2
"""Points added around an item's box when it is rendered, as the PDF source does."""
SPLITS = ("heldout", "train", "all")
Box = tuple[float, float, float, float]
"""x0, y0, x1, y1: PDF points for PDF files, pixels for image files."""
_PRINTED_KINDS = {
    "figure": "Figure",
    "scheme": "Scheme",
    "table": "Table",
    "chart": "Chart",
    "graphical_abstract": "Graphical abstract",
}


@dataclass(frozen=True)
class RealFigure:
    """One real display item or picture with the class a chemist gave it."""

    group: str
    """The paper (or source) it comes from; the train/held-out split is by group."""
    file: str
    """Path under the shared realworld/ folder."""
    sha256: str
    figure_class: FigureClass
    split: str
    """'train' or 'heldout'."""
    page: int | None = None
    """1-based page, for PDF files."""
    kind: str | None = None
    """The display item's kind in a paper ('scheme', 'table', 'graphical_abstract')."""
    number: str | None = None
    box: Box | None = None
    """PDF points (y down) for PDF files, pixels for image files; None: the whole image."""
    caption_box: Box | None = None
    non_chemistry_type: str | None = None
    """For non-chemistry figures: spectrum, plot, ortep, protein, ... (visual gold terms)."""

    @property
    def name(self) -> str:
        """A readable id ("jo2c02111 p3 table 2", "figures/x.jpg#51,71,546,271")."""
        if self.kind:
            return f"{Path(self.file).stem} p{self.page} {self.kind} {self.number or ''}".strip()
        page = f" p{self.page}" if self.page else ""
        box = "#" + ",".join(str(round(v)) for v in self.box) if self.box else ""
        return f"{self.file}{page}{box}"

    @property
    def label(self) -> str | None:
        """The printed label a build gives the figure ("Scheme 2", "Graphical abstract")."""
        if not self.kind:
            return None
        printed = _PRINTED_KINDS.get(self.kind, self.kind.title())
        return printed if self.number is None else f"{printed} {self.number}"


@dataclass(frozen=True)
class RenderedRealFigure:
    """A real figure's pixels as a build sees them, with its label and caption text."""

    figure: RealFigure
    image: Image.Image
    label: str | None
    caption: str


def shared_realworld_dir() -> Path | None:
    """The team's real-file folder, if this machine has it."""
    return next((path for path in SHARED_REALWORLD_CANDIDATES if path.is_dir()), None)


def heldout_split(group: str) -> bool:
    """The fixture's split rule: a group is held out when int(sha256(group), 16) % 3 == 0."""
    return int(hashlib.sha256(group.encode()).hexdigest(), 16) % 3 == 0


def _box(value: Any) -> Box | None:
    if not value:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return (x0, y0, x1, y1)


def load_real_figures(
    root: Path | None = None, fixture: Path = FIGURE_CLASSES_FIXTURE
) -> list[RealFigure]:
    """The labelled real figures whose source file is present with the recorded SHA-256.

    An empty list when the shared folder (found by default) or the fixture is absent, so
    callers skip cleanly.
    """
    root = root or shared_realworld_dir()
    if root is None or not fixture.exists():
        return []
    raw = json.loads(fixture.read_text(encoding="utf-8"))
    hashes: dict[str, str | None] = {}
    found: list[RealFigure] = []
    for entry in raw["figures"]:
        path = root / entry["file"]
        if entry["file"] not in hashes:
            data = path.read_bytes() if path.is_file() else None
            hashes[entry["file"]] = hashlib.sha256(data).hexdigest() if data else None
        if hashes[entry["file"]] != entry["sha256"]:
            continue
        found.append(
            RealFigure(
                group=entry["group"],
                file=entry["file"],
                sha256=entry["sha256"],
                figure_class=FigureClass(entry["class"]),
                split=entry["split"],
                page=entry.get("page"),
                kind=entry.get("kind"),
                number=entry.get("number"),
                box=_box(entry.get("box")),
                caption_box=_box(entry.get("caption_box")),
                non_chemistry_type=entry.get("type"),
            )
        )
    return found


def render_real_figure(figure: RealFigure, root: Path) -> RenderedRealFigure:
    """Render a PDF item from its box (grown by 2 points, 150 dpi) or crop an image file.

    A PDF item's caption is the text inside its caption box, read from the PDF now and
    never stored.
    """
    path = root / figure.file
    caption = ""
    if path.suffix.lower() == ".pdf":
        import pymupdf

        with pymupdf.open(path) as document:
            page = document[(figure.page or 1) - 1]
            x0, y0, x1, y1 = figure.box or tuple(page.rect)
            margin = PDF_RENDER_MARGIN
            clip = pymupdf.Rect(x0 - margin, y0 - margin, x1 + margin, y1 + margin)
            pixmap = page.get_pixmap(clip=clip, dpi=PDF_RENDER_DPI)
            image = to_rgb(pixmap.tobytes("png"), figure.name)
            if figure.caption_box is not None:
                text = page.get_text(clip=pymupdf.Rect(figure.caption_box))
                caption = " ".join(text.split())
    else:
        image = to_rgb(path.read_bytes(), figure.file)
        if figure.box is not None:
            x0, y0, x1, y1 = figure.box
            image = image.crop((round(x0), round(y0), round(x1), round(y1)))
    return RenderedRealFigure(figure, image, figure.label, caption)


class RealEvaluation(BaseModel):
    """The classifier on hand-labelled real figures, alone and with the caption's evidence."""

    split: str
    """'heldout' (papers never trained on), 'train' or 'all'."""
    figures: int
    groups: list[str]
    classes: list[str]
    image_accuracy: float
    """Four-class accuracy of the image classifier alone."""
    image_confusion: list[list[int]] = Field(
        description="Rows: true class, columns: predicted class, in `classes` order."
    )
    combined_accuracy: float
    """Four-class accuracy of `decide_class` (image probabilities + caption log-odds)."""
    combined_confusion: list[list[int]]
    chemistry_accuracy: float
    """Chemistry vs non-chemistry accuracy of the combined decision (what QC 1 keeps)."""
    non_2d_accepted: int
    """Plots, spectra, ORTEPs, 3-D and protein pictures the combined decision kept."""
    seconds_per_image: float
    """Classifier and, where read, drawn-structure evidence, per figure."""
    mistakes: list[str] = Field(default_factory=list, description="'name: true -> predicted'.")


@dataclass(frozen=True)
class RealOutcome:
    """One real figure's verdicts: the image's alone and the caption-combined one."""

    figure: RealFigure
    image_class: FigureClass
    decided_class: FigureClass
    scores: dict[str, float]
    """The decision's scores (image probabilities and caption log-odds)."""


def classify_real(
    classifier: FigureClassifierLike,
    figures: Sequence[RealFigure],
    root: Path,
    structures: FigureStructureCounter | None = None,
) -> tuple[list[RealOutcome], float]:
    """Render and classify real figures; the outcomes and the seconds per figure.

    Each figure is decided twice: by the image alone (its most probable class) and by
    the documented combination with its caption (`chemx.visual.caption_evidence`) and,
    given `structures`, the ring structures it reads where they could change the
    verdict, as a build decides (`chemx.visual.drawn_structures`).
    """
    from chemx.visual.caption_evidence import decide_class, drawn_structures_could_decide

    rendered = [render_real_figure(figure, root) for figure in figures]
    started = time.perf_counter()
    predictions = classifier.predict([item.image for item in rendered])
    outcomes = []
    for item, prediction in zip(rendered, predictions, strict=True):
        decided = decide_class(prediction.probabilities, item.label, item.caption)
        if structures is not None and drawn_structures_could_decide(decided):
            drawn = structures.count_structures(item.image).count
            decided = decide_class(prediction.probabilities, item.label, item.caption, drawn)
        outcomes.append(
            RealOutcome(item.figure, prediction.figure_class, decided.figure_class, decided.scores)
        )
    seconds = (time.perf_counter() - started) / max(1, len(rendered))
    return outcomes, seconds


def summarise_real(
    outcomes: Sequence[RealOutcome], split: str, seconds_per_image: float
) -> RealEvaluation:
    """Accuracies and confusion matrices over some outcomes."""
    names = [figure_class.value for figure_class in FIGURE_CLASSES]
    image_confusion = [[0] * len(names) for _ in names]
    combined_confusion = [[0] * len(names) for _ in names]
    mistakes, non_2d, binary_right = [], 0, 0
    for outcome in outcomes:
        figure = outcome.figure
        truth = names.index(figure.figure_class.value)
        guess = names.index(outcome.decided_class.value)
        image_confusion[truth][names.index(outcome.image_class.value)] += 1
        combined_confusion[truth][guess] += 1
        true_chemistry = figure.figure_class is not FigureClass.NON_CHEMISTRY
        kept = outcome.decided_class is not FigureClass.NON_CHEMISTRY
        binary_right += true_chemistry == kept
        non_2d += kept and figure.non_chemistry_type in NON_2D_TYPES
        if true_chemistry != kept:
            mistakes.append(
                f"{figure.name}: {names[truth]} -> {names[guess]} "
                f"(image p_non={outcome.scores['non_chemistry']:.2f}, "
                f"caption {outcome.scores['caption_log_odds']:+.1f})"
            )
    count = max(1, len(outcomes))
    diagonal = range(len(names))
    return RealEvaluation(
        split=split,
        figures=len(outcomes),
        groups=sorted({outcome.figure.group for outcome in outcomes}),
        classes=names,
        image_accuracy=round(sum(image_confusion[i][i] for i in diagonal) / count, 4),
        image_confusion=image_confusion,
        combined_accuracy=round(sum(combined_confusion[i][i] for i in diagonal) / count, 4),
        combined_confusion=combined_confusion,
        chemistry_accuracy=round(binary_right / count, 4),
        non_2d_accepted=non_2d,
        seconds_per_image=round(seconds_per_image, 4),
        mistakes=mistakes,
    )


def evaluate_real(
    classifier: FigureClassifierLike,
    root: Path | None = None,
    split: str = "heldout",
    under: str | None = None,
    structures: FigureStructureCounter | None = None,
) -> RealEvaluation | None:
    """Classify the labelled real figures of a split; None when the shared folder is absent.

    `under` keeps the figures of one folder of the shared realworld/ ("papers/");
    `structures` adds the drawn-structure evidence (`classify_real`).
    """
    if split not in SPLITS:
        raise ValueError(f"split {split!r}: expected one of {', '.join(SPLITS)}")
    root = root or shared_realworld_dir()
    if root is None:
        return None
    figures = [
        figure
        for figure in load_real_figures(root)
        if (split == "all" or figure.split == split)
        and (under is None or figure.file.startswith(under))
    ]
    if not figures:
        return None
    outcomes, seconds = classify_real(classifier, figures, root, structures)
    return summarise_real(outcomes, split, seconds)
