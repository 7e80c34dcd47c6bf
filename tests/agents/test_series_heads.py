"""A bare-number crop heading a series the paper draws ('5' beside 5a-5s) is a scaffold."""

from __future__ import annotations

from collections import Counter

from chemx.agents.visual import reject_series_heads
from chemx.labels.scaffold import series_members
from chemx.provenance.store import WriteBatch
from chemx.qc.structure_check import StructureVerdict, structure_decision
from chemx.records import Gate, TableRow, Verdict
from tests._helpers import molecule_structure


def test_series_members_need_two_lettered_labels_of_the_bare_number() -> None:
    assert series_members("5", ["5a", "5b", "15a", "5", "6c"]) == ["5a", "5b"]
    assert series_members("5", ["5a", "6a", "6b"]) == []  # one member: no series
    assert series_members("5a", ["5aa", "5ab"]) == []  # only a bare number heads one
    assert series_members("II", ["IIa", "IIb"]) == []


def test_the_series_head_is_rejected_and_its_members_kept() -> None:
    structures = {
        label: molecule_structure(tag, label)
        for tag, label in (("05", "5"), ("5a", "5a"), ("5b", "5b"), ("06", "6"))
    }
    row = molecule_structure("5c", "5c").model_copy(
        update={"table_row": TableRow(scaffold_id="s", substituents={}, text="5c", source="t")}
    )
    batch = WriteBatch()
    batch.extend([*structures.values(), row])
    ok = StructureVerdict(True, "ok", "2-D structure drawing", {"components": 3.0})
    batch.decisions = [structure_decision(s.id, ok, "qc1") for s in structures.values()]
    counts: Counter[str] = Counter({"qc1_accepted": 4})
    reject_series_heads(batch, counts)
    verdicts = {d.node_id: d for d in batch.decisions}
    head = verdicts[structures["5"].id]
    assert (head.gate, head.verdict, head.reason) == (Gate.QC1, Verdict.REJECT, "scaffold")
    assert "5a, 5b, 5c (3 members)" in head.detail
    assert head.scores == {"components": 3.0}
    kept = [verdicts[structures[label].id].verdict for label in ("5a", "5b", "6")]
    assert kept == [Verdict.ACCEPT] * 3
    assert counts == Counter({"qc1_accepted": 3, "qc1_rejected": 1, "series_heads": 1})
