"""QC 1: 2-D structure drawings pass; renderings, packings, photos, schematics don't."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from chemx.images import to_rgb
from chemx.provenance.ids import decision_id
from chemx.qc.structure_check import (
    QC1_BACKEND,
    StructureVerdict,
    check_structure,
    measure,
    structure_decision,
)
from chemx.records import Gate, Verdict
from chemx.visual.identifiers import IdentifierResult
from tests._helpers import shared_realworld
from tests.qc._images import (
    SAMPLE,
    blanks,
    drawings,
    ladders,
    lattice,
    photo,
    publaynet_photos,
    rendering_3d,
    rxnscribe_structures,
    schematic,
)

LABELLED = IdentifierResult("3c", "3c", 0.99, "easyocr", (0, 0, 10, 10))
UNLABELLED = IdentifierResult(
    None, "THF", 0.9, "easyocr", reason="text 'THF' is not a compound label"
)


def verdicts(images: list[Image.Image]) -> list[StructureVerdict]:
    return [check_structure(image, LABELLED) for image in images]


def reasons(images: list[Image.Image]) -> Counter[str]:
    found = Counter(v.reason for v in verdicts(images))
    print(dict(found))
    return found


# -- accept ----------------------------------------------------------------------------


def test_rdkit_drawings_are_accepted() -> None:
    results = verdicts(drawings())
    assert all(v.accepted and v.reason == "ok" for v in results), [v.detail for v in results]
    assert "'3c'" in results[0].detail


def test_periodic_single_molecules_are_accepted() -> None:
    results = verdicts(ladders())
    assert all(v.accepted for v in results), [v.detail for v in results if not v.accepted]


def test_every_sample_gold_crop_is_accepted() -> None:
    path = SAMPLE / "gold.json"
    if not path.exists():
        pytest.skip("the sample corpus is not generated")
    gold = json.loads(path.read_text(encoding="utf-8"))
    crops = []
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            if figure["structures"]:
                image = Image.open(SAMPLE / figure["image"]).convert("RGB")
                crops += [image.crop(tuple(s["box"])) for s in figure["structures"]]
    assert len(crops) >= 50
    assert reasons(crops) == Counter({"ok": len(crops)})


def test_real_structure_crops_are_accepted() -> None:
    root = shared_realworld()
    if root is None:
        pytest.skip("shared/realworld is not present")
    crops = [image for _, image in rxnscribe_structures(root)]
    crops += [Image.open(p).convert("RGB") for p in sorted((root / "molscribe").glob("*.png"))]
    assert len(crops) >= 25
    assert reasons(crops) == Counter({"ok": len(crops)})


# -- reject ----------------------------------------------------------------------------


def test_3d_renderings_are_rejected() -> None:
    assert reasons([rendering_3d(seed) for seed in range(8)]) == Counter({"rendering_3d": 8})


def test_lattices_and_packings_are_rejected() -> None:
    assert reasons([lattice(seed) for seed in range(8)]) == Counter({"crystal_packing": 8})


def test_noise_and_photos_are_rejected() -> None:
    assert reasons([photo(seed) for seed in range(6)]) == Counter({"photo": 6})


def test_real_photo_regions_are_rejected() -> None:
    root = shared_realworld()
    if root is None:
        pytest.skip("shared/realworld is not present")
    regions = publaynet_photos(root)
    results = verdicts([image for _, image in regions])
    assert all(v.reason == "photo" for v in results), [
        (name, v.reason) for (name, _), v in zip(regions, results, strict=True)
    ]


def test_decimer_abstract_cartoon_rejected_and_its_caffeine_accepted() -> None:
    root = shared_realworld()
    if root is None:
        pytest.skip("shared/realworld is not present")
    # RGBA with a transparent background: flatten onto white as the pipeline does.
    image = to_rgb((root / "decimer" / "Abstract1.png").read_bytes(), "Abstract1.png")
    network = image.crop((480, 190, 1010, 430))  # gradient-shaded 'neural network' nodes
    assert check_structure(network, LABELLED).reason == "rendering_3d"
    for box in ((1190, 175, 1427, 410), (40, 110, 160, 210)):  # caffeine, large and tiny
        assert check_structure(image.crop(box), LABELLED).accepted


def test_schematics_are_rejected() -> None:
    assert reasons([schematic(seed) for seed in range(6)]) == Counter({"schematic": 6})


def test_blank_and_tiny_crops_are_rejected() -> None:
    assert {v.reason for v in verdicts(blanks())} == {"blank"}
    assert check_structure(Image.new("RGB", (8, 40), "white"), LABELLED).reason == "too_small"
    speck = Image.new("RGB", (60, 60), "white")
    speck.paste((0, 0, 0), (28, 28, 32, 32))
    assert check_structure(speck, LABELLED).reason == "too_small"


def test_drawing_without_identifier_is_rejected() -> None:
    drawing = drawings()[0]
    verdict = check_structure(drawing, UNLABELLED)
    assert not verdict.accepted and verdict.reason == "no_identifier"
    assert "THF" in verdict.detail
    assert check_structure(drawing, None).reason == "no_identifier"


def test_image_problems_come_before_the_identifier() -> None:
    assert check_structure(rendering_3d(0), UNLABELLED).reason == "rendering_3d"


def test_alpha_and_grey_modes_are_handled() -> None:
    drawing = drawings()[0]
    rgba = drawing.convert("RGBA")
    assert check_structure(rgba, LABELLED).accepted
    assert check_structure(drawing.convert("L"), LABELLED).accepted


# -- scores and decisions --------------------------------------------------------------


def test_scores_hold_every_statistic() -> None:
    scores = measure(drawings()[0])
    for key in (
        "white_fraction",
        "ink_fraction",
        "entropy",
        "grey_levels",
        "colour_fraction",
        "smooth_midtone",
        "components",
        "periodicity",
        "repeat_peaks",
        "repeat_directions",
        "oblique_fraction",
        "straight_fraction",
        "boxes",
    ):
        assert isinstance(scores[key], float), key
    verdict = check_structure(drawings()[0], LABELLED)
    assert set(scores) <= set(verdict.scores)


def test_structure_decision_is_a_qc1_decision() -> None:
    accepted = check_structure(drawings()[0], LABELLED)
    decision = structure_decision("str_0123456789abcdef", accepted, QC1_BACKEND)
    assert decision.gate is Gate.QC1 and decision.verdict is Verdict.ACCEPT
    assert decision.reason == "ok" and decision.scores == accepted.scores
    assert decision.id == decision_id("str_0123456789abcdef", "qc1", "ok", QC1_BACKEND)
    assert decision.time.tzinfo is not None and decision.time <= dt.datetime.now(dt.UTC)
    rejected = check_structure(schematic(0), LABELLED)
    refusal = structure_decision("str_0123456789abcdef", rejected, QC1_BACKEND)
    assert refusal.verdict is Verdict.REJECT and refusal.reason == "schematic"
    assert refusal.detail == rejected.detail and refusal.id != decision.id


def test_verdicts_are_deterministic() -> None:
    image: Any = lattice(3)
    assert check_structure(image, LABELLED) == check_structure(image, LABELLED)
