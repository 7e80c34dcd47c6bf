"""`chemx build --corpus sample` end to end: candidates, decisions, items, report, trace."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.provenance.store import ProvenanceStore
from chemx.records import (
    Candidate,
    DiscardedCandidate,
    Gate,
    Item,
    NodeKind,
    Paper,
    Structure,
    StructureRole,
    Verdict,
)
from chemx.visual.ocsr import osra_path
from tests.generation.fixtures import SampleBuild

REJECTING_GATES = {Gate.GENERATION, Gate.ANTI_SHORTCUT, Gate.QC3}


def test_the_default_build_generates_accepted_items_offline(sample_build: SampleBuild) -> None:
    out, report = sample_build
    assert report.stages == ["acquire", "visual", "grounding", "generation"]
    chosen = {c.kind: (c.name, c.backend) for c in report.selected_backends}
    assert chosen["generator"] == ("template", "template-v1")
    assert chosen["judge"] == ("heuristic", "heuristic-judge-v1")
    assert chosen["ocsr"] == ("auto", "osra" if osra_path() else "none (osra not installed)")
    items = report.totals["item"]["ok"]
    assert items >= 20, report.totals
    funnel = {stage.name: stage.count for stage in report.attrition}
    assert funnel["accepted"] == items
    assert funnel["candidates"] == funnel["explanatory"]
    assert funnel["explanatory"] >= funnel["candidates"] >= funnel["decomposed"]
    assert funnel["decomposed"] >= funnel["passed anti-shortcut"] >= items
    assert report.funnel_png and (out / "attrition.png").read_bytes().startswith(b"\x89PNG")
    saved = json.loads((out / "build_report.json").read_text())
    assert {"kind": "generator", "name": "template", "backend": "template-v1"} in saved[
        "selected_backends"
    ]
    kinds = {(b.kind, b.backend) for b in report.backends}
    assert ("candidate", "template-v1") in kinds
    assert ("item", "template-v1+heuristic-judge-v1") in kinds


def test_every_candidate_is_an_item_or_has_a_rejecting_decision(sample_build: SampleBuild) -> None:
    out, _ = sample_build
    with ProvenanceStore(out, readonly=True) as store:
        candidates = [n for n in store.nodes(NodeKind.CANDIDATE)]
        assert candidates
        for node in candidates:
            candidate = node.record
            assert isinstance(candidate, Candidate | DiscardedCandidate)
            if isinstance(candidate, DiscardedCandidate):  # never got a question: no item
                assert node.rejected and not store.children(node.id)
                rejects = [d for d in store.decisions(node.id) if d.verdict is Verdict.REJECT]
                assert [d.gate for d in rejects] == [Gate.GENERATION]
                continue
            evidence = store.get(candidate.evidence_id)
            assert evidence is not None and evidence.id == candidate.parent_id
            decisions = store.decisions(node.id)
            children = store.children(node.id)
            if children:
                (item,) = children
                assert isinstance(item.record, Item) and not node.rejected
                assert any(d.gate is Gate.QC3 and d.verdict is Verdict.ACCEPT for d in decisions)
                check_item(store, item.record)
            else:
                rejects = [d for d in decisions if d.verdict is Verdict.REJECT]
                assert node.rejected and rejects and rejects[0].gate in REJECTING_GATES


def check_item(store: ProvenanceStore, item: Item) -> None:
    paper = store.get(item.paper_id)
    structure = store.get(item.structure_id)
    assert paper is not None and isinstance(paper.record, Paper)
    assert structure is not None and isinstance(structure.record, Structure)
    assert item.licence_url == paper.record.licence_url and item.licence_url
    assert item.published == paper.record.published and item.published
    assert len(item.options) == 4 and item.answer in "ABCD"
    if item.partner_structure_id is not None:  # a matched pair: both compounds in one image
        partner = store.get(item.partner_structure_id)
        assert partner is not None and isinstance(partner.record, Structure)
        assert item.entry_type == "matched_pair" and partner.paper_id == item.paper_id
        assert item.image_sha256 not in (structure.record.image_sha256, partner.record.image_sha256)
        assert store.blobs.get(item.image_sha256)
        return
    reaction = structure.record.role is StructureRole.REACTION
    assert item.entry_type == ("reaction" if reaction else "molecule")
    assert item.image_sha256 == structure.record.image_sha256


def test_questions_keep_their_unlettered_wrong_answers_as_spares(sample_build: SampleBuild) -> None:
    out, _ = sample_build
    with ProvenanceStore(out, readonly=True) as store:
        questions = [
            n.record
            for n in store.nodes(NodeKind.CANDIDATE)
            if isinstance(n.record, Candidate) and n.record.options
        ]
    assert questions
    beyond_five = 0
    for candidate in questions:
        lettered = {o.text for o in candidate.options}
        answer = next(o for o in candidate.options if o.letter == candidate.answer)
        for spare in candidate.spare_options:
            assert spare.text not in lettered
            assert spare.feature != answer.feature
            assert candidate.effect.rstrip(".").lower()[:20] in spare.text.lower()
        beyond_five += any(
            s.feature not in candidate.other_features for s in candidate.spare_options
        )
    assert sum(bool(c.spare_options) for c in questions) > len(questions) // 2
    assert beyond_five  # features past the decomposition's five are written as spares too


def test_audit_shows_generation_rejections(sample_build: SampleBuild) -> None:
    out, _ = sample_build
    result = CliRunner().invoke(app, ["audit", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    gates = {(group["gate"], group["reason"]) for group in json.loads(result.output)}
    # a sentence the decomposition cannot read stops at QC 2 now, not at generation
    assert ("qc2", "unread_explanation") in gates
    assert ("generation", "too_vague") not in gates
    assert ("generation", "too_few_features") in gates
    assert {gate for gate, _ in gates} >= {"generation", "qc2", "qc1"}


def test_trace_of_an_item_shows_the_whole_chain(sample_build: SampleBuild) -> None:
    out, _ = sample_build
    with ProvenanceStore(out, readonly=True) as store:
        item = next(store.nodes(NodeKind.ITEM)).record
    runner = CliRunner()
    result = runner.invoke(app, ["trace", item.id, "--out", str(out)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = result.output
    positions = [
        text.index(f"{kind} ")
        for kind in ("paper", "figure", "structure", "evidence", "candidate", "item")
    ]
    assert positions == sorted(positions), text
    for needle in (
        "qc1:",
        "qc2: accept",
        "generation: accept",
        "anti_shortcut: accept",
        "qc3: accept",
        "template-v1",
        "heuristic-judge-v1",
        "scores:",
        "overall=",
    ):
        assert needle in text, needle
    as_json = json.loads(runner.invoke(app, ["trace", item.id, "--out", str(out), "--json"]).output)
    kinds = [a["kind"] for a in as_json["ancestors"]]
    assert kinds == ["corpus", "paper", "figure", "structure", "evidence", "candidate"]
    assert all("model_calls" in a for a in as_json["ancestors"])


def test_without_osra_auto_says_so_and_osra_mode_refuses(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from chemx.errors import BackendUnavailable
    from chemx.registry import REGISTRY, BackendContext, BackendKind
    from chemx.settings import VisualSettings

    monkeypatch.setattr("chemx.visual.ocsr.shutil.which", lambda name: None)
    context = BackendContext(VisualSettings())
    with caplog.at_level("WARNING"):
        auto = REGISTRY.build(BackendKind.OCSR, "auto", context)
    assert (auto.backend, auto.note) == ("none", "osra not installed")
    assert "osra is not installed" in caplog.text
    off = REGISTRY.build(BackendKind.OCSR, "none", context)
    assert (off.backend, off.note) == ("none", "")
    with pytest.raises(BackendUnavailable, match="apt install osra"):
        REGISTRY.build(BackendKind.OCSR, "osra", context)
