"""Worker processes and Ray actors build the same store as threads, written by the driver."""

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chemx.pipeline import BuildSettings, run_build
from chemx.sources.corpus import sample_corpus_dir

PAPERS = ("paper02", "paper06")
LIGHT = {"until": "grounding", "visual": {"ocsr": "none"}}
"""Stages enough to compare stores, without the slowest tool."""


@pytest.fixture
def two_sample_papers(tmp_path: Path) -> Path:
    """Two papers of the embedded sample as a folder corpus (both give items with OSRA)."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    for path in sample_corpus_dir().iterdir():
        if path.name.startswith(PAPERS):
            shutil.copy(path, folder / path.name)
    return folder


def _rows(out: Path) -> dict[str, list[tuple[str, ...]]]:
    """Every row's identity and content that a build decides (no timestamps)."""
    queries = {
        "nodes": "SELECT id, kind, parent_id, stage, backend, status, payload FROM nodes",
        "decisions": "SELECT id, node_id, gate, verdict, reason, detail, scores FROM decisions",
        "model_calls": "SELECT id, node_id, role, request_hash FROM model_calls",
        "blobs": "SELECT sha256, size FROM blobs",
    }
    connection = sqlite3.connect(out / "chemx.db")
    try:
        return {table: sorted(connection.execute(sql).fetchall()) for table, sql in queries.items()}
    finally:
        connection.close()


def test_process_executor_builds_the_same_store_as_threads(two_sample_papers, tmp_path):
    local = run_build(BuildSettings(corpus=str(two_sample_papers), out=tmp_path / "local"))
    process = run_build(
        BuildSettings(
            corpus=str(two_sample_papers), out=tmp_path / "process", executor="process", workers=2
        )
    )
    assert process.executor == "process" and process.status == "finished"
    assert process.documents.ran == 2
    assert process.totals == local.totals and process.totals["item"]["ok"] > 0
    assert _rows(tmp_path / "process") == _rows(tmp_path / "local")
    assert [c.backend for c in process.selected_backends] == [
        c.backend for c in local.selected_backends
    ]
    assert set(process.stage_seconds) == {"acquire", "visual", "grounding", "generation"}


def test_ray_executor_on_a_local_instance_builds_the_same_store(two_sample_papers, tmp_path):
    pytest.importorskip("ray")
    local = run_build(BuildSettings(corpus=str(two_sample_papers), out=tmp_path / "local", **LIGHT))
    ray = run_build(
        BuildSettings(
            corpus=str(two_sample_papers), out=tmp_path / "ray", executor="ray", workers=2, **LIGHT
        )
    )
    assert ray.executor == "ray" and ray.status == "finished" and ray.documents.ran == 2
    assert ray.totals == local.totals and ray.totals["evidence"]["ok"] > 0
    assert _rows(tmp_path / "ray") == _rows(tmp_path / "local")


def test_ray_executor_joins_an_existing_two_node_cluster(two_sample_papers, tmp_path):
    """Two raylets of one CPU each: one actor per node, the cluster left running."""
    ray = pytest.importorskip("ray")
    from ray.cluster_utils import Cluster

    cluster = Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False}
    )
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        local = run_build(
            BuildSettings(corpus=str(two_sample_papers), out=tmp_path / "local", **LIGHT)
        )
        joined = run_build(
            BuildSettings(
                corpus=str(two_sample_papers),
                out=tmp_path / "cluster",
                executor="ray",
                workers=2,
                ray_address=cluster.address,
                **LIGHT,
            )
        )
        assert joined.status == "finished" and joined.documents.ran == 2
        assert joined.totals == local.totals and joined.totals["evidence"]["ok"] > 0
        assert _rows(tmp_path / "cluster") == _rows(tmp_path / "local")
        ray.init(address=cluster.address)
        assert sum(node["Alive"] for node in ray.nodes()) == 2  # the build left it running
    finally:
        ray.shutdown()
        cluster.shutdown()


def test_classifier_passes_shared_across_papers_give_the_same_store(two_sample_papers, tmp_path):
    """Padded passes of 4: papers alone or sharing passes, the scores are the same."""
    settings = {"until": "grounding", "visual": {"ocsr": "none", "classifier_batch": 4}}
    alone = run_build(
        BuildSettings(corpus=str(two_sample_papers), out=tmp_path / "one", workers=1, **settings)
    )
    shared = run_build(
        BuildSettings(corpus=str(two_sample_papers), out=tmp_path / "two", workers=2, **settings)
    )
    assert shared.totals == alone.totals and shared.totals["structure"]["ok"] > 0
    assert _rows(tmp_path / "two") == _rows(tmp_path / "one")


def _papers_written(out: Path) -> int:
    try:
        connection = sqlite3.connect(f"file:{out / 'chemx.db'}?mode=ro", uri=True, timeout=0.1)
        try:
            return int(connection.execute("SELECT COUNT(*) FROM paper_runs").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error:
        return 0


def test_sigkill_of_a_process_build_then_rerun_equals_an_uninterrupted_build(
    two_sample_papers, tmp_path
):
    """Killed once the first paper is written: the second is lost in flight and redone."""
    reference = tmp_path / "reference"
    run_build(BuildSettings(corpus=str(two_sample_papers), out=reference, **LIGHT))
    out = tmp_path / "killed"
    command = [sys.executable, "-m", "chemx.cli", "build", "--corpus", str(two_sample_papers)]
    command += ["--out", str(out), "--until", "grounding", "--ocsr", "none"]
    command += ["--executor", "process", "-j", "1"]
    process = subprocess.Popen(
        [*command, "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 300
    while process.poll() is None and time.monotonic() < deadline and _papers_written(out) < 1:
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGKILL)  # the driver and its worker processes
    process.wait()
    assert _papers_written(out) == 1, "the kill should land between the two papers"

    process_rerun = run_build(
        BuildSettings(corpus=str(two_sample_papers), out=out, executor="process", **LIGHT)
    )
    assert process_rerun.documents.already_done == 1 and process_rerun.documents.ran == 1
    assert _rows(out) == _rows(reference)


def test_a_worker_that_cannot_build_its_backends_fails_the_build_with_the_reason(
    good_corpus, tmp_path
):
    from chemx.errors import BackendUnavailable

    settings = BuildSettings(
        corpus=str(good_corpus),
        out=tmp_path / "out",
        until="visual",
        executor="process",
        workers=1,
        visual={"segmenter": "decimer"},
    )
    with pytest.raises(BackendUnavailable, match="DECIMER"):
        run_build(settings)


def test_a_worker_process_that_dies_is_reported_not_waited_for(good_corpus, tmp_path):
    from chemx.pipeline.executors import ProcessExecutor
    from chemx.pipeline.worker import PaperJob, WorkerSetup
    from chemx.sources import resolve_corpus

    settings = BuildSettings(corpus=str(good_corpus), out=tmp_path / "out", until="acquire")
    spec = resolve_corpus(settings.corpus, settings.source)
    executor = ProcessExecutor(workers=1)
    executor.start(WorkerSetup(settings=settings, parsers=spec.parsers, corpus_id="c"))
    try:
        os.kill(executor._members[0].pid, signal.SIGKILL)
        document = spec.documents[0]
        job = PaperJob(
            document={"path": str(document.path), "format": "jats", "display_name": "d"},
            thread="t",
        )
        with pytest.raises(RuntimeError, match="died"):
            list(executor.run([job]))
    finally:
        executor.close()
