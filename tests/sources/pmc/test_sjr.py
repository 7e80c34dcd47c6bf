"""The SCImago table: decimal commas, two ISSNs per journal, the year, and bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from chemx.sources.pmc.sjr import SjrTableError, read_sjr_table
from tests.sources.pmc._server import FIXTURES


def test_the_export_is_read_by_issn_with_its_year() -> None:
    table = read_sjr_table(FIXTURES / "scimagojr 2023.csv")
    assert table.year == 2023
    assert table.ranks["15205126"].sjr == 5.123 and table.ranks["00027863"].sjr == 5.123
    assert table.ranks["99999999"].sjr == 0.812
    assert len(table.ranks) == 5  # the journal without ISSN or SJR is left out
    issn, rank = table.best(("99999999", "15213773"))  # type: ignore[misc]
    assert (issn, rank.title) == ("15213773", "Angewandte Chemie - International Edition")
    assert table.best(("12345679",)) is None


def test_the_year_comes_from_the_flag_then_the_name_then_the_header(tmp_path: Path) -> None:
    text = (FIXTURES / "scimagojr 2023.csv").read_text()
    renamed = tmp_path / "journals.csv"
    renamed.write_text(text)
    assert read_sjr_table(renamed).year == 2023  # "Total Docs. (2023)"
    assert read_sjr_table(renamed, 2021).year == 2021
    renamed.write_text(text.replace("Total Docs. (2023)", "Total Docs."))
    with pytest.raises(SjrTableError, match="pass --sjr-year"):
        read_sjr_table(renamed)


def test_a_file_that_is_not_the_export_is_refused_naming_the_columns(tmp_path: Path) -> None:
    wrong = tmp_path / "scimagojr 2023.csv"
    wrong.write_text("Title,ISSN,Rank\nA,1,2\n")
    with pytest.raises(SjrTableError, match="no Issn or SJR column"):
        read_sjr_table(wrong)
