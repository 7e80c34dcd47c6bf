"""Mapping crops back to the page, for scoring real PDFs' visual stage."""

from __future__ import annotations

import pytest

from chemx.devkit.visual_realworld import RENDER_DPI, load_visual_gold, to_page
from chemx.records import Figure


def figure(width: int, height: int) -> Figure:
    return Figure(
        id="f", parent_id="p", backend="t", paper_id="p", figure_key="p1-item1",
        page=1, page_box=(100.0, 200.0, 300.0, 400.0), width=width, height=height,
    )  # fmt: skip


def test_a_rendered_item_maps_through_its_grown_box() -> None:
    side = round(204 * RENDER_DPI / 72)  # page_box grown by 2 pt each side, at 150 dpi
    box = to_page(figure(side, side), (0, 0, side, side))
    assert box == pytest.approx((98.0, 198.0, 302.0, 402.0), abs=0.01)


def test_an_embedded_picture_maps_onto_its_page_box() -> None:
    box = to_page(figure(1000, 500), (500, 250, 1000, 500))
    assert box == pytest.approx((200.0, 300.0, 300.0, 400.0))


def test_gold_without_the_shared_papers_is_empty(tmp_path) -> None:
    assert load_visual_gold(tmp_path) == []


def test_accepted_crops_count_whole_compounds_and_their_identifiers() -> None:
    from types import SimpleNamespace

    from chemx.devkit.visual_realworld import VisualRealScore, _score_structures
    from chemx.records import StructureRole

    def crop(box: tuple[int, int, int, int], label: str | None, rejected: bool) -> object:
        record = SimpleNamespace(
            figure_id="f", role=StructureRole.MOLECULE, table_row=None, box=box, identifier=label
        )
        return SimpleNamespace(id=f"s{box[0]}", record=record, rejected=rejected)

    # a 1000 x 500 picture on a 200 x 200 pt page box: 5 px per point across, 2.5 down
    item = {
        "structures": [
            {"bbox": [100, 200, 150, 300], "identifier": "3a", "role": "compound"},
            {"bbox": [150, 200, 200, 300], "identifier": "3b", "role": "compound"},
            {"bbox": [200, 200, 300, 300], "identifier": "1", "role": "scaffold"},
        ]
    }
    structures = [
        crop((0, 0, 250, 250), "3a", False),  # whole, right label
        crop((250, 0, 500, 250), "3c", False),  # whole, wrong label
        crop((500, 0, 1000, 250), "1", False),  # a scaffold accepted: no compound
        crop((0, 0, 750, 250), None, True),  # two drawings and a half in one crop, rejected
    ]
    score = VisualRealScore()
    _score_structures(score, item, figure(1000, 500), structures, "test")
    assert (score.accepted_crops, score.accepted_whole, score.accepted_identifiers_right) == (
        3,
        2,
        1,
    )
    assert (score.predicted_crops, score.whole_crops, score.fragments_as_compounds) == (4, 3, 1)
