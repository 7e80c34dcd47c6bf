"""Real figures with hand-given classes: the fixture, its split, and the real evaluation."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from chemx.cli import app
from chemx.devkit.pdf_gold import GOLD_DIR
from chemx.devkit.visual_realworld import VISUAL_GOLD_DIR
from chemx.visual.classes import FIGURE_CLASSES, FigureClass
from chemx.visual.classifier import FigurePrediction
from chemx.visual.classifier_eval import (
    FIGURE_CLASSES_FIXTURE,
    RealEvaluation,
    evaluate_real,
    heldout_split,
    load_real_figures,
    render_real_figure,
    shared_realworld_dir,
)

FIXTURE = json.loads(FIGURE_CLASSES_FIXTURE.read_text(encoding="utf-8"))
SHARED = shared_realworld_dir()
needs_shared = pytest.mark.skipif(
    SHARED is None, reason="the team's shared realworld/ folder is not on this machine"
)


def test_the_split_follows_the_stated_rule_and_is_by_group() -> None:
    split_of: dict[str, str] = {}
    for entry in FIXTURE["figures"]:
        assert entry["split"] == ("heldout" if heldout_split(entry["group"]) else "train")
        assert split_of.setdefault(entry["group"], entry["split"]) == entry["split"]
    assert sorted(g for g, s in split_of.items() if s == "heldout") == FIXTURE["heldout_groups"]
    held = [e for e in FIXTURE["figures"] if e["split"] == "heldout"]
    assert {e["class"] for e in held} == {c.value for c in FIGURE_CLASSES}


def test_paper_items_repeat_the_visual_gold_classes_and_store_no_text() -> None:
    gold = {
        (path.stem, item["page"], item["kind"], item.get("number")): item["class"]
        for path in VISUAL_GOLD_DIR.glob("*.json")
        for item in json.loads(path.read_text())["items"]
    }
    papers = [e for e in FIXTURE["figures"] if e["file"].startswith("papers/")]
    assert len(papers) == len(gold)
    for entry in papers:
        key = (Path(entry["file"]).stem, entry["page"], entry["kind"], entry["number"])
        assert gold[key] == entry["class"]
    allowed = {"group", "file", "sha256", "class", "split", "page", "kind", "number"}
    allowed |= {"box", "caption_box", "type"}
    assert all(set(entry) <= allowed for entry in FIXTURE["figures"])


def test_paper_boxes_are_the_pdf_gold_boxes() -> None:
    items = {
        (path.stem, item["page"], item["kind"], item.get("number")): item
        for path in GOLD_DIR.glob("*.json")
        for item in json.loads(path.read_text())["display_items"]
    }
    for entry in FIXTURE["figures"]:
        if entry["file"].startswith("papers/"):
            gold = items[(Path(entry["file"]).stem, entry["page"], entry["kind"], entry["number"])]
            assert entry["box"] == pytest.approx(gold["bbox"], abs=0.05)


def test_without_the_shared_folder_nothing_is_loaded(tmp_path: Path) -> None:
    assert load_real_figures(tmp_path) == []


class _Stub:
    """Calls everything a reaction scheme, except wide pictures (non-chemistry)."""

    backend = "stub"

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        out = []
        for image in images:
            best = "non_chemistry" if image.width > 2 * image.height else "reaction_scheme"
            probabilities = {c.value: 0.9 if c.value == best else 0.1 / 3 for c in FIGURE_CLASSES}
            out.append(FigurePrediction(FigureClass(best), probabilities))
        return out


@needs_shared
def test_real_figures_render_as_the_build_renders_them() -> None:
    assert SHARED is not None
    figures = {figure.name: figure for figure in load_real_figures(SHARED)}
    assert len(figures) == len(FIXTURE["figures"])
    item = render_real_figure(figures["jo2c02111 p3 table 2"], SHARED)
    assert item.label == "Table 2" and item.caption.startswith("Table 2. Scope")
    assert item.figure.figure_class is FigureClass.REACTION_SCHEME
    crop = render_real_figure(figures["molscribe/example.png"], SHARED)
    assert crop.image.size == (772, 906) and crop.caption == "" and crop.label is None


@pytest.fixture(scope="module")
def heldout_result() -> RealEvaluation:
    """The stub on the held-out figures, computed once (rendering the PDFs is the cost)."""
    result = evaluate_real(_Stub(), split="heldout")
    assert result is not None
    return result


@needs_shared
def test_evaluate_real_reports_image_and_combined_confusion(
    heldout_result: RealEvaluation,
) -> None:
    result = heldout_result
    assert result.figures == sum(e["split"] == "heldout" for e in FIXTURE["figures"])
    assert result.groups == FIXTURE["heldout_groups"]
    assert sum(map(sum, result.image_confusion)) == sum(map(sum, result.combined_confusion))
    assert sum(map(sum, result.image_confusion)) == result.figures
    # the stub never says single or multiple: those columns stay empty
    assert all(row[0] == row[1] == 0 for row in result.image_confusion)
    # a Scheme label keeps a scheme the image called non-chemistry
    assert result.combined_confusion[2][2] >= result.image_confusion[2][2]
    assert all(" -> " in line for line in result.mistakes)


def test_evaluate_command_skips_the_real_figures_without_the_shared_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import chemx.visual.classifier as classifier_module
    import chemx.visual.classifier_eval as classifier_eval

    monkeypatch.setattr(classifier_eval, "shared_realworld_dir", lambda: None)
    monkeypatch.setattr(
        classifier_module.FigureClassifier, "load", classmethod(lambda cls, *a, **k: _Stub())
    )
    result = CliRunner().invoke(app, ["classifier", "evaluate", "--json"])
    assert result.exit_code == 0, result.output
    assert "shared realworld/ folder is not here" in json.loads(result.output)["real"]["skipped"]
    result = CliRunner().invoke(app, ["classifier", "evaluate", "--no-real"])
    assert result.exit_code == 2 and "nothing to evaluate" in result.output


@needs_shared
def test_evaluate_command_prints_the_held_out_confusion(
    monkeypatch: pytest.MonkeyPatch, heldout_result: RealEvaluation
) -> None:
    import chemx.visual.classifier as classifier_module
    import chemx.visual.classifier_eval as classifier_eval

    monkeypatch.setattr(
        classifier_module.FigureClassifier, "load", classmethod(lambda cls, *a, **k: _Stub())
    )
    monkeypatch.setattr(classifier_eval, "evaluate_real", lambda *a, **k: heldout_result)
    result = CliRunner().invoke(app, ["classifier", "evaluate"])
    assert result.exit_code == 0, result.output
    assert "heldout real figures" in result.output
    assert "image + caption evidence, accuracy" in result.output
