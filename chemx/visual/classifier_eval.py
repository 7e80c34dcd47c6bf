"""Measuring the figure classifier on a labelled folder (ImageFolder layout)."""

from __future__ import annotations

import time
from pathlib import Path

from pydantic import BaseModel, Field

from chemx.errors import ChemxError
from chemx.images import ImageProblem, to_rgb
from chemx.visual.classes import FIGURE_CLASSES
from chemx.visual.classifier import FigureClassifier

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff", ".bmp", ".webp"}


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


def evaluate_folder(
    classifier: FigureClassifier, folder: Path, batch_size: int = 16
) -> ClassifierEvaluation:
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
    predictions = classifier.predict(images, batch_size=batch_size)
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
