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
