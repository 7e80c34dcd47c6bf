"""The one backend registry: lookups, typos, Protocol checks, and a toy backend end to end."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from chemx.errors import BackendUnavailable, SettingsError
from chemx.registry import (
    REGISTRY,
    BackendContext,
    BackendKind,
    Registry,
    SharedModels,
    protocol_of,
)
from chemx.settings import BuildSettings, VisualSettings
from chemx.visual.classes import FigureClass
from chemx.visual.segmentation import Segmentation
from chemx.visual.segmentation.classical import ClassicalSegmenter

TOY_CALLS: list[tuple[int, int]] = []
"""Image sizes the toy segmenter was asked to cut, so the test can see it ran."""


class ToySegmenter(ClassicalSegmenter):
    """The classical segmenter under another name; records every call."""

    name = "toy-segmenter-v0"

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        TOY_CALLS.append(image.size)
        return super().segment(image, figure_class)


def make_toy_segmenter(context: BackendContext) -> ToySegmenter:
    return ToySegmenter()


def make_not_a_segmenter(context: BackendContext) -> object:
    return object()


@pytest.fixture
def toy_segmenter() -> Iterator[str]:
    REGISTRY.register(
        BackendKind.SEGMENTER, "toy", f"{__name__}:make_toy_segmenter", "a toy for the test"
    )
    TOY_CALLS.clear()
    try:
        yield "toy"
    finally:
        REGISTRY.unregister(BackendKind.SEGMENTER, "toy")


def test_every_kind_has_backends_and_a_protocol() -> None:
    for kind in BackendKind:
        assert REGISTRY.names(kind), kind
        assert protocol_of(kind) is not None, kind


def test_every_builtin_target_imports() -> None:
    for kind in BackendKind:
        for spec in REGISTRY.specs(kind):
            assert callable(spec.load_factory()), spec


def test_a_typo_suggests_the_close_name_and_lists_the_choices() -> None:
    with pytest.raises(SettingsError) as error:
        REGISTRY.spec(BackendKind.SEGMENTER, "clasical")
    assert str(error.value) == (
        "unknown segmenter 'clasical'; did you mean 'classical'? "
        "(choose one of: classical, decimer)"
    )


def test_aliases_resolve_to_the_registered_name() -> None:
    assert REGISTRY.canonical(BackendKind.IDENTIFIER, "easyocr") == "ocr"
    assert (
        BuildSettings(
            corpus="sample", out=Path("o"), visual={"identifier": "easyocr"}
        ).visual.identifier
        == "ocr"
    )


def test_settings_refuse_an_unknown_backend_before_any_work() -> None:
    with pytest.raises(ValueError, match="did you mean 'heuristic'"):
        BuildSettings(corpus="sample", out=Path("o"), generation={"judge": "heuristik"})


def test_a_factory_that_returns_the_wrong_thing_is_a_bug_not_a_user_error() -> None:
    registry = Registry()
    registry.register(BackendKind.SEGMENTER, "bad", f"{__name__}:make_not_a_segmenter", "bad")
    with pytest.raises(TypeError, match="not a Segmenter"):
        registry.build(BackendKind.SEGMENTER, "bad", BackendContext(VisualSettings()))


def test_an_llm_backend_without_an_endpoint_names_the_role() -> None:
    with pytest.raises(BackendUnavailable, match="'judge' role"):
        REGISTRY.build(BackendKind.JUDGE, "llm", BackendContext(None))


def test_shared_models_load_once() -> None:
    shared = SharedModels()
    loads: list[int] = []
    assert shared.get("m", lambda: loads.append(1) or "model") == "model"
    assert shared.get("m", lambda: loads.append(1) or "other") == "model"
    assert loads == [1]


def test_register_refuses_a_duplicate_and_a_bad_target() -> None:
    registry = Registry()
    registry.register(BackendKind.JUDGE, "x", "a.b:c", "x")
    with pytest.raises(SettingsError, match="already registered"):
        registry.register(BackendKind.JUDGE, "x", "a.b:c", "x")
    with pytest.raises(SettingsError, match="not 'module:attr'"):
        registry.register(BackendKind.JUDGE, "y", "a.b.c", "y")


def test_a_toy_backend_is_selectable_from_the_cli_and_named_in_the_report(
    toy_segmenter: str, tmp_path: Path
) -> None:
    """Registering is the only change: the CLI accepts it, the build uses it, the report names it."""
    from chemx.cli import app
    from chemx.sources.corpus import sample_corpus_dir

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in sample_corpus_dir().glob("paper01*"):
        shutil.copy(path, corpus / path.name)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        [
            "build",
            "--corpus",
            str(corpus),
            "--out",
            str(out),
            "--until",
            "visual",
            "--segmenter",
            toy_segmenter,
            "--ocsr",
            "none",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads((out / "build_report.json").read_text())
    chosen = {c["kind"]: (c["name"], c["backend"]) for c in report["selected_backends"]}
    assert chosen["segmenter"] == ("toy", "toy-segmenter-v0")
    assert TOY_CALLS, "the toy segmenter was never called"
    made_by = {b["backend"] for b in report["backends"] if b["kind"] == "structure"}
    assert "toy-segmenter-v0" in made_by


def test_the_cli_refuses_a_typo_in_one_line(tmp_path: Path) -> None:
    from chemx.cli import app

    result = CliRunner().invoke(
        app, ["build", "--out", str(tmp_path / "o"), "--segmenter", "clasical"]
    )
    assert result.exit_code == 2
    assert "invalid --segmenter: unknown segmenter 'clasical'; did you mean 'classical'?" in (
        result.output
    )
    assert "Traceback" not in result.output
