"""QC 1: a drawing with R-group labels is a scaffold, not one compound."""

from __future__ import annotations

from chemx.labels.scaffold import reading_group_labels, scaffold_labels
from chemx.qc.structure_check import StructureVerdict, scaffold_verdict
from chemx.records import PrintedWord

WORDS = (
    PrintedWord(text="R1", box=(40, 40, 52, 50)),  # inside the first crop
    PrintedWord(text="OMe", box=(80, 40, 100, 50)),
    PrintedWord(text="R = Me, Et", box=(10, 200, 90, 210)),  # a definition, not an atom label
    PrintedWord(text="Ar", box=(300, 60, 315, 70)),  # inside the second crop
)
OK = StructureVerdict(True, "ok", "a 2-D drawing with its identifier")


def test_group_labels_inside_a_crop_make_it_a_scaffold() -> None:
    assert scaffold_labels((20, 20, 120, 120), WORDS) == ["R1"]
    assert scaffold_labels((280, 40, 400, 140), WORDS) == ["Ar"]
    assert scaffold_labels((20, 150, 120, 190), WORDS) == []  # nothing printed there


def test_a_scaffold_is_rejected_with_its_labels_and_others_pass_unchanged() -> None:
    verdict = scaffold_verdict(OK, ["R1", "R2", "R1"])
    assert (verdict.accepted, verdict.reason) == (False, "scaffold")
    assert "R1, R2" in verdict.detail
    assert scaffold_verdict(OK, []) is OK
    rejected = StructureVerdict(False, "too_small", "tiny")
    assert scaffold_verdict(rejected, ["R"]) is rejected  # the first reason stands


def test_an_osra_reading_of_a_drawn_ar_marks_a_scaffold() -> None:
    # OSRA spells a drawn 'Ar' label as aluminium (checked on an RDKit rendering)
    assert reading_group_labels("CC(=O)c1cc2[c]([AlH2])cccc2[nH]1") == ["Ar"]
    # an unread label ('*') is no sign: OSRA leaves it in whole compounds too
    assert reading_group_labels("*c1cccnc1F") == []
    assert reading_group_labels(None) == []
