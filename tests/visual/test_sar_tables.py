"""Series rows: printed row lines, text-layer tables, and placing rows on their scaffold."""

import pytest

from chemx.records import PrintedWord
from chemx.visual.sar_tables import (
    SeriesRow,
    assign_to_scaffolds,
    canonical_name,
    parse_row_line,
    parse_table,
    rows_from_line,
    split_row_line,
    table_scaffold,
)


@pytest.mark.parametrize(
    ("line", "label", "groups", "rest"),
    [
        ("2a: R = H (91%, 87%)", "2a", {"R": "H"}, "(91%, 87%)"),
        ("10, R = Me, 60%", "10", {"R": "Me"}, "60%"),
        ("3da, R = Ph, R2 = OMe, 42%, 95% ee", "3da", {"R": "Ph", "R2": "OMe"}, "42%, 95% ee"),
        ("4a: R, R' = H (81%)", "4a", {"R": "H", "R'": "H"}, "(81%)"),
        ("4f: R = 2,3-difluoro, R' = H (72%)", "4f", {"R": "2,3-difluoro", "R'": "H"}, "(72%)"),
        ("R = p-Me : 30, 83% (4 h)", "30", {"R": "p-Me"}, "83% (4 h)"),
        ("R = Ac, glyclauxin E (6)", "6", {"R": "Ac"}, "glyclauxin E"),
        ("14, R = 'Bu, 95%", "14", {"R": "tBu"}, "95%"),
        ("3bk, R = p-CIPh, R? = Me, 99%", "3bk", {"R": "p-ClPh", "R2": "Me"}, "99%"),
    ],
)
def test_row_lines_give_label_groups_and_the_rest(
    line: str, label: str, groups: dict[str, str], rest: str
) -> None:
    row = parse_row_line(line)
    assert row is not None
    assert (row.label, row.substituents, row.activity) == (label, groups, rest)


@pytest.mark.parametrize(
    "line",
    [
        "R = Ph: KEDA = 0.05",  # no compound label
        "(R = Me, 7 examples)",
        "talauxin E (R-N = L-Glu)",
        "Standard conditions",
        "Pd(OAc)2 (10 mol %), 100 °C",
    ],
)
def test_lines_that_are_not_rows_are_refused(line: str) -> None:
    assert parse_row_line(line) is None


def test_a_line_running_two_grid_cells_together_is_split() -> None:
    parts = split_row_line("3ba; R = F, 90% (5 h) 3da; 82% (5 h) 3ea; R = Br, -")
    assert parts == ["3ba; R = F, 90% (5 h)", "3da; 82% (5 h)", "3ea; R = Br, -"]
    assert split_row_line("4f: R = 2,3-difluoro, R' = H (72%)") == [
        "4f: R = 2,3-difluoro, R' = H (72%)"
    ]


def test_group_names_are_canonical() -> None:
    assert [canonical_name(n) for n in ("R¹", "R 2", "R′", "R?", "Ar")] == [
        "R1",
        "R2",
        "R'",
        "R2",
        "Ar",
    ]


def test_table_rows_use_the_column_the_paper_names_not_the_entry_column() -> None:
    table = (
        "entry\tcompd\tR1\tR2\tIC50 (nM)\n"
        "1\t24\t6-F\tMe\t12\n"
        "2\t28\tMe\tMe\t720\n"
        "3\t29\tH\t\t1500\n"
    )
    rows = parse_table(table, names_label={"24", "28", "29"}.__contains__)
    assert [(r.label, r.substituents, r.activity) for r in rows] == [
        ("24", {"R1": "6-F", "R2": "Me"}, "entry: 1; IC50 (nM): 12"),
        ("28", {"R1": "Me", "R2": "Me"}, "entry: 2; IC50 (nM): 720"),
        ("29", {"R1": "H", "R2": ""}, "entry: 3; IC50 (nM): 1500"),
    ]


def test_tables_without_group_columns_or_labels_give_no_rows() -> None:
    optimisation = "entry\tcatalyst\tyield (%)\n1\tPd(OAc)2\t23\n2\tPdCl2\t71\n"
    assert parse_table(optimisation) == []
    no_labels = "R\tyield\nMe\t80%\nEt\t70%\n"
    assert parse_table(no_labels) == []


def row(label: str, box: tuple[int, int, int, int]) -> SeriesRow:
    return SeriesRow(label, {"R": "H"}, "", label, box=box)


def test_rows_go_to_the_drawing_above_or_left_of_them() -> None:
    crops = [(0, 0, 100, 100), (200, 0, 300, 100)]
    rows = [
        row("2a", (10, 110, 90, 125)),  # under the first drawing
        row("2b", (10, 130, 90, 145)),
        row("2g", (210, 110, 290, 125)),  # under the second
        row("4a", (320, 20, 420, 35)),  # right of the second
    ]
    placed = assign_to_scaffolds(rows, crops)
    assert [(p.crop_index, [r.label for r in p.rows]) for p in placed] == [
        (0, ["2a", "2b"]),
        (1, ["4a", "2g"]),  # top to bottom
    ]


def test_a_row_list_level_with_a_drawing_on_its_right_belongs_to_it() -> None:
    # jo2c02448 scheme 3: "16: R = OMe, 75%" ... printed left of the scaffold, while
    # the reactant 1 sits seven row heights above the list
    crops = [(5, 19, 111, 72), (158, 124, 269, 230)]
    rows = [row("16", (58, 148, 149, 158)), row("17", (58, 161, 140, 171))]
    placed = assign_to_scaffolds(rows, crops)
    assert [(p.crop_index, [r.label for r in p.rows]) for p in placed] == [(1, ["16", "17"])]


def test_a_list_row_below_its_drawing_is_not_taken_by_a_drawing_on_its_right() -> None:
    # jacs.2c12752 table 1: the last row of the list under one drawing ends just left of
    # the next drawing, above its top
    crops = [(87, 783, 212, 855), (274, 951, 464, 1035)]
    rows = [row("3bk", (21, 904, 279, 921)), row("3ck", (21, 924, 267, 941))]
    placed = assign_to_scaffolds(rows, crops)
    assert [(p.crop_index, [r.label for r in p.rows]) for p in placed] == [(0, ["3bk", "3ck"])]


def test_a_row_between_two_drawings_follows_the_one_on_its_left() -> None:
    crops = [(0, 0, 100, 100), (140, 0, 240, 100)]
    placed = assign_to_scaffolds([row("3a", (110, 40, 130, 52))], crops)
    assert [(p.crop_index, [r.label for r in p.rows]) for p in placed] == [(0, ["3a"])]


def test_a_row_far_from_every_drawing_is_left_out() -> None:
    assert assign_to_scaffolds([row("9", (0, 900, 80, 915))], [(0, 0, 100, 100)]) == []


def test_a_merged_line_gives_each_row_its_share_of_the_box() -> None:
    text = "2a: R = H (91%) 2g: R = CN (56%)"
    rows = rows_from_line(text, (0, 10, 320, 26), "ocr:tesseract", 0.8)
    assert [(r.label, r.box, r.source) for r in rows] == [
        ("2a", (0, 10, 154, 26), "ocr:tesseract"),  # 15 of 31 characters
        ("2g", (154, 10, 320, 26), "ocr:tesseract"),
    ]


def test_a_table_belongs_to_the_drawing_with_r_labels_printed_in_it() -> None:
    boxes = [(0, 0, 100, 100), (200, 0, 300, 100)]
    words = [PrintedWord(text="R1", box=(240, 40, 260, 55))]
    assert table_scaffold(boxes, words) == 1
    assert table_scaffold(boxes, []) is None
    assert table_scaffold(boxes[:1], []) == 0
