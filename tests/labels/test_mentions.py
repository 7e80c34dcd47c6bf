"""`find_mentions`: what in a sentence names a compound label and what only looks like it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from chemx.devkit.sample_gold import load_gold
from chemx.labels import (
    COUNT_NOUNS,
    REFERENCE_KEYWORDS,
    REJECTION_REASONS,
    UNITS,
    explain_rejection,
    find_mentions,
    mentions_any,
    parse_identifier,
)
from chemx.records import Span

GOLD = load_gold()


def named(identifier: str, text: str, **kwargs: Any) -> list[str]:
    return [m.text for m in find_mentions(identifier, text, **kwargs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Compound 1 was inactive.", ["1"]),
        ("The hit (1) was docked.", ["1"]),
        ("1, the screening hit, was docked.", ["1"]),
        ("Hosts 1 and 2 were purchased.", ["1"]),
        ("We compared hosts 1–3 under identical conditions.", ["1–3"]),
        ("We compared hosts 1-3 under identical conditions.", ["1-3"]),
        ("A vial charged with 1 (172 mg, 1.00 mmol) was heated.", ["1"]),
        ("The polymer poly(1) was soluble.", ["1"]),
        ("Sulfonamide 2f lost 4-fold potency relative to 1.", ["1"]),
        ("Initial experiments used 1.5 equiv. of aldehyde 1 and 20 mol% of catalyst.", ["1"]),
        ("benzo-18-crown-6 1, dibenzo-24-crown-8 2", ["1"]),
        ("over 1 h to 1 (0.05 M) at −78 °C", ["1"]),
        ("relative to 1", ["1"]),
        ("In DFA1 cells, which depend on PKX3, 1 reduced proliferation.", ["1"]),
    ],
)
def test_identifier_1_is_found(text: str, expected: list[str]) -> None:
    assert named("1", text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("In DFA1 cells proliferation fell.", None),
        ("Methylation in 1a removes the NH donor.", None),
        ("Kinase assays used 10 µM ATP.", None),
        ("with 1.5 equiv. of the acid chloride", "decimal"),
        ("the yields are collected in Table 1.", "reference_keyword"),
        ("as shown in Fig. 1 and below", "reference_keyword"),
        ("as shown in Figure 1.", "reference_keyword"),
        ("Under the conditions of Scheme 1, the product formed.", "reference_keyword"),
        ("prepared as described in ref. 1.", "reference_keyword"),
        ("as reported (refs 1,2).", "reference_keyword"),
        ("as reported (refs 2,1).", "reference_keyword"),
        ("shown in Figures 2 and 1.", "reference_keyword"),
        ("with Pd(OAc)2 (1 mol%) in toluene", "unit"),
        ("stirred for 1 h at 25 °C", "unit"),
        ("in 1 M KOH", "unit"),
        ("in 1 M KCl", "unit"),
        ("a viscosity of 1 mPa s, the lowest", "unit"),
        ("Entry 1 gave the best yield.", "reference_keyword"),
        ("the C1 stereocentre", None),
        ("the 1H NMR spectrum", None),
        ("in step 1 the amine was protected", "reference_keyword"),
        ("which undergoes 1,6-elimination", "locant"),
        ("the 1,4-dihydroxy substitution", "locant"),
        ("methyl 1-chloronicotinate", "locant"),
        ("a 1:1 binding model", "ratio"),
        ("with Ka = 1 in water", "value"),
        ("IC50 > 1 mM", "value"),
        ("1-fold", "locant"),
        ("calix[1]arene", "locant"),
        ("a 1 000 compound library", "thousands"),
        ("from 1 to 5 min", "unit"),
        ("The pKa 1 was low.", "reference_keyword"),
        ("at pH 1 the ester hydrolysed", "reference_keyword"),
        ("a panel of 1 compounds", "unit"),
        ("the -1-methylpyrazole", "locant"),
        ("kinact/KI = 1 000 M−1 s−1", "value"),
        ("0.2–1 equiv. of guest", "range_member"),
        ("after 1 days", "unit"),
        ("(1 µM)", "unit"),
        ("k1 was measured", None),
        ("1′ was made", None),
        ("the 1st run", None),
    ],
)
def test_identifier_1_is_not_found(text: str, reason: str | None) -> None:
    assert named("1", text) == []
    if reason is not None:
        token = next(m for m in re.finditer(r"(?<![\d.A-Za-z])1(?![\d'′A-Za-z])", text))
        assert explain_rejection(text, token.start(), token.end()) == reason
        assert reason in REJECTION_REASONS


@pytest.mark.parametrize(
    ("identifier", "text", "expected"),
    [
        ("3c", "Ketone 3c was reduced.", ["3c"]),
        ("3c", "The ketone (3c) was reduced.", ["3c"]),
        ("3c", "Ketones 3a–3f were reduced.", ["3a–3f"]),
        ("3c", "Ketone 3cd was reduced.", []),
        ("3c", "Ketone 13c was reduced.", []),
        ("3c", "the 13C NMR spectrum", []),
        ("2b", "Amides 2a–2c were made.", ["2a–2c"]),
        ("2b", "Amides 2a-c were made.", ["2a-c"]),
        ("2b", "Amides 2a–c were made.", ["2a–c"]),
        ("2b", "Amides 2a–2f were made.", ["2a–2f"]),
        ("2b", "Amides 2a – 2c were made.", ["2a – 2c"]),
        ("2f", "Amides 2a–c were made.", []),
        ("2b", "Amides 2c–e were made.", []),
        ("12d", "Amides 12a–12f (Fig. 2) were made.", ["12a–12f"]),
        ("2", "Amides 2a–2f were made.", []),
        ("5", "yields of 65–92% were obtained", []),
        ("2", "We compared hosts 1–3 under identical conditions.", ["1–3"]),
        ("70", "yields of 65–92% were obtained", []),
        ("2", "Hosts 1 and 2 were purchased, 3 was prepared.", ["2"]),
    ],
)
def test_letters_and_ranges(identifier: str, text: str, expected: list[str]) -> None:
    assert named(identifier, text) == expected


def test_case_of_suffix_letters_must_agree_except_in_bold() -> None:
    assert named("3c", "Both 3C and 3c were made.") == ["3c"]
    assert named("3C", "Both 3C and 3c were made.") == ["3C"]
    bold = (Span(start=5, end=7, text="3C"),)
    assert named("3c", "Both 3C were made.", bold_spans=bold) == ["3C"]


def test_a_bold_run_is_a_strong_mention_whatever_its_context() -> None:
    text = "Stirring 1 h gave **1**."
    spans = (Span(start=18, end=23, text="**1**"),)
    [mention] = find_mentions("1", text, spans)
    assert (mention.text, mention.kind, mention.strong) == ("**1**", "bold", True)
    ranged = (Span(start=6, end=10, text="2a–c"),)
    [mention] = find_mentions("2b", "Hence 2a–c were made.", ranged)
    assert mention.kind == "bold" and mention.text == "2a–c"


def test_stereodescriptors_match_exactly_and_bare_cores_only_when_unambiguous() -> None:
    text = "(S)-7 was methylated, and 7 was then oxidised; (R)-7 was not formed."
    found = find_mentions("(S)-7", text)
    assert [(m.text, m.kind, m.strong) for m in found] == [
        ("(S)-7", "exact", True),
        ("7", "core", False),
    ]
    # the paper also draws (R)-7: a bare 7 could be either
    assert named("(S)-7", text, siblings=["(S)-7", "(R)-7"]) == ["(S)-7"]
    # a structure labelled plainly 7 is named by "(S)-7" unless "(S)-7" is drawn too
    assert named("7", "(S)-7 was made") == ["(S)-7"]
    assert named("7", "(S)-7 was made", siblings=["7", "(S)-7"]) == []
    assert named("(S)-7", "(S)‐7 and (S)–7 were made") == ["(S)‐7", "(S)–7"]
    assert named("(S)-4", "Adding 4-nitrophenol raised the conversion.") == []


def test_parse_identifier_normalises_what_the_visual_stage_may_return() -> None:
    assert parse_identifier("(3c)") is not None and parse_identifier("(3c)").text == "3c"  # type: ignore[union-attr]
    parsed = parse_identifier("(S)‐7")
    assert parsed is not None and (parsed.prefix, parsed.core) == ("(S)-", "7")
    assert parse_identifier("compound 12a").text == "12a"  # type: ignore[union-attr]
    assert parse_identifier("[Cu(L1)Cl2]") is None


def test_unusual_identifiers_fall_back_to_exact_bounded_text() -> None:
    assert named("5·HCl", "The salt 5·HCl crystallised.") == ["5·HCl"]
    assert named("L1", "Ligand L1 and L10 were tested.") == ["L1"]
    assert named("S1", "Compound S1 is listed in Table S1.") == ["S1"]
    [mention] = find_mentions("L1", "Ligand L1 was tested.")
    assert (mention.kind, mention.strong) == ("literal", True)


def test_stop_lists_live_in_one_place_and_cover_the_brief() -> None:
    for keyword in ("table", "fig", "scheme", "ref", "refs", "entry", "step", "ph"):
        assert keyword in REFERENCE_KEYWORDS
    for unit in ("mol%", "h", "M", "equiv", "%", "°C"):
        assert unit in UNITS
    assert "compounds" in COUNT_NOUNS


def _continuations(paper: dict[str, Any]) -> set[tuple[int, int]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for sentence in paper["sentences"]:
        if sentence["split_group"]:
            groups.setdefault(sentence["split_group"], []).append(sentence)
    return {
        (s["paragraph"], s["index"])
        for members in groups.values()
        for s in sorted(members, key=lambda m: (m["paragraph"], m["index"]))[1:]
    }


def _gold_cases() -> list[tuple[str, dict[str, Any], list[str]]]:
    cases = []
    for paper in GOLD["papers"]:
        ids = sorted({s["identifier"] for f in paper["figures"] for s in f["structures"]})
        cont = _continuations(paper)
        for sentence in paper["sentences"]:
            if (sentence["paragraph"], sentence["index"]) not in cont:
                cases.append((paper["file"], sentence, ids))
    return cases


@pytest.mark.parametrize(
    ("paper", "sentence", "identifiers"),
    _gold_cases(),
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_every_gold_sentence_names_exactly_its_gold_identifiers_without_bold(
    paper: str, sentence: dict[str, Any], identifiers: list[str]
) -> None:
    """Plain text (no bold markup, as from a PDF): the matcher alone recovers the gold."""
    got = mentions_any(identifiers, sentence["text"], siblings=identifiers)
    assert got == set(sentence["identifiers"]) & set(identifiers), sentence["text"]


def _trap_cases() -> list[tuple[str, str, str, list[str]]]:
    cases = []
    for paper in GOLD["papers"]:
        ids = sorted({s["identifier"] for f in paper["figures"] for s in f["structures"]})
        for sentence in paper["sentences"]:
            for trap in sentence["traps"]:
                cases.append((paper["file"], trap, sentence["text"], ids))
    return cases


@pytest.mark.parametrize(("paper", "trap", "text", "identifiers"), _trap_cases())
def test_no_gold_trap_is_matched(paper: str, trap: str, text: str, identifiers: list[str]) -> None:
    """Every token the gold marks as a trap ("DFA1", "10", "Table 1", ...) stays unmatched."""
    start = text.index(trap)
    end = start + len(trap)
    numbers = set(re.findall(r"\d+", trap))
    for identifier in identifiers + sorted(numbers):
        for mention in find_mentions(identifier, text, siblings=identifiers):
            overlaps = mention.start < end and start < mention.end
            assert not overlaps, f"{identifier!r} matched inside trap {trap!r}: {text}"


def test_all_nine_kinds_of_gold_trap_are_exercised() -> None:
    assert {trap for _, trap, _, _ in _trap_cases()} == {
        "1.5 equiv",
        "10",
        "DFA1",
        "PKX1",
        "Scheme 1",
        "Table 1",
        "calix[4]arene",
        "ref. 1",
        "ref. 12",
    }
