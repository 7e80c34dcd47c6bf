"""The build report's model calls per role and time per stage."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from chemx.cli import _build
from chemx.pipeline import BuildSettings, run_build
from chemx.pipeline.report import BuildReport, DocumentTally, RoleCalls, model_call_summary
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import ModelCall
from tests.pipeline.test_retries import one_paper_corpus


def _call(call_id: str, role: str, **fields: object) -> ModelCall:
    return ModelCall.model_validate(
        {
            "id": call_id,
            "node_id": None,
            "role": role,
            "endpoint": "http://127.0.0.1:9/v1",
            "model": "m",
            "request_hash": call_id,
            "time": "2026-12-01T00:00:00Z",
            **fields,
        }
    )


def test_model_calls_are_counted_per_role(tmp_path: Path) -> None:
    batch = WriteBatch()
    batch.model_calls.extend(
        [
            _call("a", "identifier", prompt_tokens=100, completion_tokens=20),
            _call("b", "identifier", prompt_tokens=100, completion_tokens=20, cache_hit=True),
            _call("c", "identifier", error="timeout: no answer"),  # no usage reported
            _call("d", "judge", prompt_tokens=7, completion_tokens=3),
        ]
    )
    with ProvenanceStore(tmp_path) as store:
        store.write(batch)
        assert model_call_summary(store) == {
            "identifier": RoleCalls(
                calls=3, failed=1, prompt_tokens=200, completion_tokens=40, cache_hits=1
            ),
            "judge": RoleCalls(calls=1, prompt_tokens=7, completion_tokens=3),
        }
        assert model_call_summary(store)["identifier"].tokens == 240


def test_an_empty_store_has_no_model_calls(tmp_path: Path) -> None:
    with ProvenanceStore(tmp_path) as store:
        assert store.model_call_counts() == {}


def test_the_report_times_each_stage_and_counts_no_calls_offline(tmp_path: Path) -> None:
    corpus = one_paper_corpus(tmp_path / "corpus")
    report = run_build(
        BuildSettings(
            corpus=str(corpus), out=tmp_path / "out", until="visual", visual={"ocsr": "none"}
        )
    )
    assert report.model_calls == {}
    assert set(report.stage_seconds) == {"acquire", "visual"}
    assert report.stage_seconds["visual"] > 0  # classifier, segmentation and OCR: seconds


def test_the_console_summary_shows_calls_by_role_and_time_per_stage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = BuildReport(
        corpus="c",
        out=str(tmp_path),
        executor="local",
        workers=1,
        stages=["acquire", "visual"],
        elapsed_s=2.0,
        papers_per_s=0.5,
        documents=DocumentTally(),
        totals={},
        rows_added={},
        rejections=[],
        backends=[],
        model_calls={
            "identifier": RoleCalls(
                calls=12, cache_hits=3, prompt_tokens=4000, completion_tokens=512
            ),
            "judge": RoleCalls(calls=2, failed=1),
        },
        stage_seconds={"acquire": 1.23, "visual": 30.1},
    )
    printed = StringIO()
    monkeypatch.setattr(_build, "console", Console(file=printed, width=300))
    _build._print_summary(report, tmp_path)
    lines = printed.getvalue().splitlines()
    assert (
        "model calls by role: identifier 12 (3 cached, 0 failed, 4,512 tokens), "
        "judge 2 (0 cached, 1 failed, 0 tokens)"
    ) in lines
    assert "time per stage (summed over papers): acquire 1.2 s, visual 30.1 s" in lines
