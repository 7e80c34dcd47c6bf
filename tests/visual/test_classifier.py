"""The shipped ResNet-50 figure classifier: loading, integrity, accuracy, CLI."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.devkit.synthetic_figures import SyntheticRenderer
from chemx.sources.corpus import sample_corpus_dir
from chemx.visual.classes import FIGURE_CLASSES, FigureClass
from chemx.visual.classifier import ClassifierError, FigureClassifier, default_checkpoint


@pytest.fixture(scope="module")
def classifier() -> FigureClassifier:
    return FigureClassifier.load(device="cpu")


def test_manifest_describes_the_shipped_checkpoint(classifier: FigureClassifier) -> None:
    manifest = classifier.manifest
    assert manifest.classes == [c.value for c in FIGURE_CLASSES]
    assert manifest.validation_accuracy >= 0.95
    assert default_checkpoint().stat().st_size <= 50 * 1024 * 1024


def test_manifest_records_the_real_figures_seen_and_held_out(
    classifier: FigureClassifier,
) -> None:
    manifest = classifier.manifest
    if not manifest.real_training:
        pytest.skip("the shipped checkpoint saw synthetic figures only")
    assert manifest.heldout is not None and manifest.heldout_groups
    assert manifest.init_from and manifest.command and manifest.synthetic_negatives == "real"
    seen = {record.group for record in manifest.real_training}
    assert not seen & set(manifest.heldout_groups)  # the split is by paper
    assert all(len(record.sha256) == 64 and record.classes for record in manifest.real_training)


def test_unseen_synthetic_figures(classifier: FigureClassifier) -> None:
    renderer = SyntheticRenderer(seed=987_654)  # not a training or validation seed
    figures = [(c, renderer.render(c).image) for c in FIGURE_CLASSES for _ in range(8)]
    predictions = classifier.predict([image for _, image in figures])
    correct = sum(p.figure_class is c for (c, _), p in zip(figures, predictions, strict=True))
    assert correct / len(figures) >= 0.9
    assert all(abs(sum(p.probabilities.values()) - 1) < 1e-3 for p in predictions)


def test_tampered_weights_are_refused(tmp_path: Path) -> None:
    checkpoint = tmp_path / "figure_classifier_resnet50.pt"
    shutil.copy(default_checkpoint(), checkpoint)
    shutil.copy(default_checkpoint().with_suffix(".json"), checkpoint.with_suffix(".json"))
    with checkpoint.open("r+b") as stream:
        stream.seek(-10, 2)
        stream.write(b"0123456789")
    with pytest.raises(ClassifierError, match="do not match the hash"):
        FigureClassifier.load(checkpoint)
    with pytest.raises(ClassifierError, match="not found"):
        FigureClassifier.load(tmp_path / "missing.pt")


def test_evaluate_command_on_the_sample_figures(tmp_path: Path) -> None:
    gold = json.loads((sample_corpus_dir() / "gold.json").read_text())
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            target = tmp_path / figure["class"]
            target.mkdir(exist_ok=True)
            shutil.copy(sample_corpus_dir() / figure["image"], target / figure["image"])
    result = CliRunner().invoke(
        app, ["classifier", "evaluate", str(tmp_path), "--json", "--no-real"]
    )
    assert result.exit_code == 0, result.output
    evaluation = json.loads(result.output)
    assert evaluation["images"] == sum(len(p["figures"]) for p in gold["papers"])
    assert evaluation["accuracy"] >= 0.95, evaluation["mistakes"]
    assert len(evaluation["confusion_matrix"]) == len(FigureClass)


def test_evaluate_rejects_a_folder_without_class_subfolders(tmp_path: Path) -> None:
    (tmp_path / "cats").mkdir()
    result = CliRunner().invoke(app, ["classifier", "evaluate", str(tmp_path)])
    assert result.exit_code == 2 and "sub-folders named after the classes" in result.output
