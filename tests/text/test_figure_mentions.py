"""Figure and scheme references in running text, and figure labels."""

from __future__ import annotations

import pytest

from chemx.text.figure_mentions import (
    FigureMention,
    find_figure_mentions,
    parse_figure_label,
    split_caption_label,
)


def summary(text: str) -> list[tuple[str, str, str | None, str, bool]]:
    return [
        (mention.kind, mention.number, mention.panel, mention.text, mention.supplementary)
        for mention in find_figure_mentions(text)
    ]


CASES = [
    ("Fig. 2", [("figure", "2", None, "Fig. 2", False)]),
    ("Fig 2", [("figure", "2", None, "Fig 2", False)]),
    ("Fig.2 shows", [("figure", "2", None, "Fig.2", False)]),
    ("Figure 2b", [("figure", "2", "b", "Figure 2b", False)]),
    ("FIG. 3", [("figure", "3", None, "FIG. 3", False)]),
    ("figure 4", [("figure", "4", None, "figure 4", False)]),
    (
        "Figs. 2 and 3",
        [("figure", "2", None, "Figs. 2", False), ("figure", "3", None, "3", False)],
    ),
    (
        "Figures 2–4",
        [
            ("figure", "2", None, "Figures 2", False),
            ("figure", "3", None, "2–4", False),
            ("figure", "4", None, "4", False),
        ],
    ),
    (
        "Figures 2-4",
        [
            ("figure", "2", None, "Figures 2", False),
            ("figure", "3", None, "2-4", False),
            ("figure", "4", None, "4", False),
        ],
    ),
    (
        "Figures 2 to 4",
        [
            ("figure", "2", None, "Figures 2", False),
            ("figure", "3", None, "2 to 4", False),
            ("figure", "4", None, "4", False),
        ],
    ),
    ("Figure 2a,b", [("figure", "2", "a,b", "Figure 2a,b", False)]),
    ("Figure 2a, b", [("figure", "2", "a, b", "Figure 2a, b", False)]),
    ("Figure 3A–C", [("figure", "3", "A–C", "Figure 3A–C", False)]),
    ("Figure 2(a)", [("figure", "2", "a", "Figure 2(a)", False)]),
    ("Scheme 1b", [("scheme", "1", "b", "Scheme 1b", False)]),
    (
        "Schemes 1 and 2",
        [("scheme", "1", None, "Schemes 1", False), ("scheme", "2", None, "2", False)],
    ),
    ("Fig. S3", [("figure", "S3", None, "Fig. S3", True)]),
    ("Figure S3a", [("figure", "S3", "a", "Figure S3a", True)]),
    ("Supplementary Fig. 3", [("figure", "S3", None, "Supplementary Fig. 3", True)]),
    ("(Fig. 2c)", [("figure", "2", "c", "Fig. 2c", False)]),
    (
        "Figs. 2a, 3b, and 5",
        [
            ("figure", "2", "a", "Figs. 2a", False),
            ("figure", "3", "b", "3b", False),
            ("figure", "5", None, "5", False),
        ],
    ),
    (
        "(Figs. 2b and S2)",
        [("figure", "2", "b", "Figs. 2b", False), ("figure", "S2", None, "S2", True)],
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_mentions(text: str, expected: list[tuple[str, str, str | None, str, bool]]) -> None:
    assert summary(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The configuration was set.",
        "A figure of merit of 2 was reached.",
        "The table lists the yields.",
        "Figure 12.5 of the thesis",  # chapter-numbered, not this article's numbering
        "the figures were clear",
    ],
)
def test_no_mentions(text: str) -> None:
    assert find_figure_mentions(text) == []


def test_offsets_index_the_text() -> None:
    text = "As shown (Fig. 2c) and in Schemes 1 and 3, it works."
    for mention in find_figure_mentions(text):
        assert text[mention.start : mention.end] == mention.text
    assert [(m.start, m.end) for m in find_figure_mentions(text)] == [(10, 17), (26, 35), (40, 41)]


def test_panel_letters_must_increase() -> None:
    """ "Fig. 1a and a solution": the second "a" is an article, not a panel."""
    assert summary("Fig. 1a and a solution") == [("figure", "1", "a", "Fig. 1a", False)]


def test_singular_keyword_does_not_take_a_list() -> None:
    """ "Fig. 2 and 3 equiv" names one figure; the 3 is a quantity."""
    assert summary("Fig. 2 and 3 equiv") == [("figure", "2", None, "Fig. 2", False)]


def test_range_that_runs_backwards_is_not_expanded() -> None:
    assert [m.number for m in find_figure_mentions("Figures 4–2")] == ["4"]


def test_key_combines_kind_and_number() -> None:
    mention = find_figure_mentions("Scheme 1b")[0]
    assert isinstance(mention, FigureMention)
    assert mention.key == ("scheme", "1")


@pytest.mark.parametrize(
    ("label", "key"),
    [
        ("Figure 2", ("figure", "2")),
        ("Fig. 2", ("figure", "2")),
        ("Fig. 2.", ("figure", "2")),
        ("FIG. 02", ("figure", "2")),
        ("Scheme 1", ("scheme", "1")),
        ("Scheme 1:", ("scheme", "1")),
        ("Figure S1", ("figure", "S1")),
        ("Supplementary Figure 1", ("figure", "S1")),
        ("3", ("figure", "3")),
        ("Table 1", ("table", "1")),
        ("Chart 1", ("chart", "1")),
        ("Table S2", ("table", "S2")),
        ("", None),
    ],
)
def test_parse_figure_label(label: str, key: tuple[str, str] | None) -> None:
    assert parse_figure_label(label) == key


def test_label_and_mention_keys_match() -> None:
    mention = find_figure_mentions("see Fig. S1b")[0]
    assert parse_figure_label("Figure S1") == mention.key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Figure 1. Synthesis of 3a.", ("Figure 1", "Synthesis of 3a.")),
        ("Figure 1: A very interesting molecule.", ("Figure 1", "A very interesting molecule.")),
        ("Fig. 3 Synthesis of 4b", ("Fig. 3", "Synthesis of 4b")),
        ("Scheme 2 | Route to 5", ("Scheme 2", "Route to 5")),
        ("FIG. 4. Spectra", ("FIG. 4", "Spectra")),
        ("Figure 2 shows the spectra.", None),
        ("The Figure 2 caption", None),
        ("Table 1. Yields", ("Table 1", "Yields")),
        ("Chart 2. Compounds 1-22", ("Chart 2", "Compounds 1-22")),
        ("Table 1 lists the yields.", None),
    ],
)
def test_split_caption_label(text: str, expected: tuple[str, str] | None) -> None:
    assert split_caption_label(text) == expected


def test_tables_and_charts_are_display_items_that_text_points_at() -> None:
    """A SAR table or a chart of compounds is referred to like a figure (issue: PDF
    ingestion): "(Table 2, entry 3)" must tie the sentence to the table."""
    mentions = find_figure_mentions("The yield rose (Table 2, entry 3), as Charts 1 and 2 show.")
    assert [(mention.kind, mention.number) for mention in mentions] == [
        ("table", "2"),
        ("chart", "1"),
        ("chart", "2"),
    ]
