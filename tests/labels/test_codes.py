"""Codes a paper prints under its drawings in place of numbered labels."""

from __future__ import annotations

import pytest

from chemx.labels.codes import read_code, read_name


@pytest.mark.parametrize(
    ("printed", "code"),
    [
        ("L3", "L3"),
        ("PC1", "PC1"),  # no formula writes a count of 1
        ("INT23", "INT23"),
        ("INT26, (8.6)", "INT26"),  # a relative energy after it
        ("AICAR", "AICAR"),
        ("L-Arg", "L-Arg"),
        ("N-Me-TY3", "N-Me-TY3"),
        ("CF102", "CF102"),
        ("(−)-XY12", "(-)-XY12"),
    ],
)
def test_codes_are_read(printed: str, code: str) -> None:
    assert read_code(printed) == code


@pytest.mark.parametrize(
    "printed",
    [
        "CF3",  # formulae
        "NO2",
        "CO2H",
        "SO2Ph",
        "NHBoc",
        "OMe",  # drawn groups, solvents, reagents, techniques
        "THF",
        "TFA",
        "DMAP",
        "NOE",
        "SET",  # a mechanism step
        "C4-arylation",
        "Me",  # one uppercase letter and no digit
        "a",
        "iii",
        "3c",  # numbered labels are the grammar's
        "Pd(OAc)2",
        "uric acid",
        "",
    ],
)
def test_formulae_reagents_and_words_are_no_codes(printed: str) -> None:
    assert read_code(printed) is None


@pytest.mark.parametrize(
    ("printed", "name"),
    [
        ("Adenosine", "Adenosine"),
        ("hypoxanthine", "hypoxanthine"),
        ("uric acid", "uric acid"),
        ("(−)-Azaspirene", "(-)-Azaspirene"),
        ("Salinosporamide A", "Salinosporamide A"),
    ],
)
def test_compound_names_are_read(printed: str, name: str) -> None:
    assert read_name(printed) == name


@pytest.mark.parametrize(
    "printed",
    [
        "Catalyst",
        "ligand",
        "conditions",
        "Trip",
        "the product",
        "AICAR",
        "3a",
        "yield",
        "acetalization",
        "formidable",
        "hydrolysis",
        "nucleophilic",  # an adjective
        "synthons",  # a role, in the plural
        "dibenzofurans",  # a class
        "two vicinal",
    ],
)
def test_role_words_common_words_and_codes_are_no_names(printed: str) -> None:
    assert read_name(printed) is None
