"""A worker runs a paper against a scratch store and hands back everything it wrote."""

import json
import pickle
from pathlib import Path

import pytest

from chemx.errors import RetryableFailure
from chemx.pipeline.graph import StageNode
from chemx.pipeline.worker import (
    PaperJob,
    PaperWorker,
    SnapshotRetries,
    WorkerCache,
    WorkerSetup,
)
from chemx.provenance.decisions import reject
from chemx.provenance.store import ProvenanceStore
from chemx.records import Gate, NodeKind
from chemx.settings import BuildSettings
from chemx.sources import resolve_corpus


def _setup(corpus: Path, out: Path, **settings: object) -> tuple[WorkerSetup, list[PaperJob]]:
    build = BuildSettings(corpus=str(corpus), out=out, **settings)
    spec = resolve_corpus(build.corpus, build.source)
    setup = WorkerSetup(settings=build, parsers=spec.parsers, corpus_id=spec.corpus.id)
    jobs = [
        PaperJob(
            document={
                "path": str(d.path),
                "format": d.format,
                "display_name": d.display_name,
            },
            thread=f"t{n}",
        )
        for n, d in enumerate(spec.documents)
    ]
    return setup, jobs


def test_a_paper_comes_back_as_the_batches_it_wrote(good_corpus, tmp_path):
    setup, jobs = _setup(good_corpus, tmp_path / "out", until="acquire")
    worker = PaperWorker(pickle.loads(pickle.dumps(setup)))  # it travels to the worker
    result = pickle.loads(pickle.dumps(worker.run(jobs[0])))  # and back
    assert result.failure is None and result.state is not None
    assert result.state["stages_done"] == ["acquire"]
    kinds = {node.kind for batch in result.batches for node, _ in batch.nodes}
    assert {NodeKind.PAPER, NodeKind.SENTENCE, NodeKind.FIGURE} <= kinds
    assert any(batch.blobs for batch in result.batches)  # figure images travel with them

    with ProvenanceStore(tmp_path / "driver") as store:
        store.write_all(result.batches, finished=("t0", json.dumps(result.state)))
        assert store.get(result.state["paper_id"]) is not None
        assert json.loads(store.finished_run("t0") or "{}")["paper_id"] == result.state["paper_id"]
        assert store.finished_run("t1") is None
    worker.close()


def test_a_retryable_failure_returns_what_was_written_before_it(good_corpus, tmp_path):
    setup, jobs = _setup(good_corpus, tmp_path / "out", until="acquire")
    worker = PaperWorker(setup)

    def fails(paper_id: str) -> dict[str, int]:
        raise RetryableFailure("ocsr:osra:crop", "osra timed out")

    worker.backends.nodes = lambda store, cpu_gate=None: [StageNode("visual", fails)]  # type: ignore[method-assign]
    result = pickle.loads(pickle.dumps(worker.run(jobs[0])))
    assert result.state is None
    assert result.failure is not None
    assert (result.failure.key, result.failure.stage) == ("ocsr:osra:crop", "visual")
    assert result.failure.paper_id is not None
    assert any(node.kind is NodeKind.PAPER for b in result.batches for node, _ in b.nodes)
    worker.close()


def test_write_all_is_one_transaction_with_the_finished_mark(good_corpus, tmp_path):
    setup, jobs = _setup(good_corpus, tmp_path / "out", until="acquire")
    worker = PaperWorker(setup)
    result = worker.run(jobs[0])
    broken = result.batches[-1]
    broken.decisions.append(reject("no-such-node", Gate.QC1, "test", "dangling", "test"))
    with ProvenanceStore(tmp_path / "driver") as store:
        with pytest.raises(Exception, match="FOREIGN KEY"):
            store.write_all(result.batches, finished=("t0", "{}"))
        assert store.finished_run("t0") is None
        assert store.table_counts()["nodes"] == 0
    worker.close()


def test_retries_are_bounded_by_the_attempts_the_store_had():
    retries = SnapshotRetries({"a": 2, "b": 1}, max_attempts=3)
    assert not retries.retry("a")
    assert retries.retry("b")
    assert retries.retry("never-failed")


def test_worker_cache_reads_the_driver_store_and_hands_over_new_answers(tmp_path):
    with ProvenanceStore(tmp_path / "store") as store:
        store.cache_put("old", "answer-old")
        cache = WorkerCache(str(tmp_path / "store"))
        assert cache.cache_get("old") == "answer-old"
        cache.cache_put("new", "answer-new")
        cache.cache_put("new", "ignored: the first answer wins")
        assert cache.cache_get("new") == "answer-new"
        assert cache.take() == [("new", "answer-new")]
        assert cache.take() == []
        store.write_all([], cached=[("new", "answer-new")])
        assert cache.cache_get("new") == "answer-new"  # now read from the store
        cache.close()
    assert WorkerCache(str(tmp_path / "elsewhere")).cache_get("old") is None


def test_retryable_failure_survives_pickling():
    failure = RetryableFailure("identifier:abc", "endpoint down", role="identifier", calls=(1,))
    failure.stage, failure.paper_id = "visual", "paper:1"
    copy = pickle.loads(pickle.dumps(failure))
    assert (copy.key, copy.detail, copy.role, copy.calls) == (
        "identifier:abc",
        "endpoint down",
        "identifier",
        (1,),
    )
    assert (copy.stage, copy.paper_id, str(copy)) == ("visual", "paper:1", "endpoint down")


def test_what_agents_cache_in_the_scratch_store_goes_to_the_driver(tmp_path):
    from chemx.pipeline.worker import RecordingStore

    with ProvenanceStore(tmp_path / "driver") as driver:
        driver.cache_put("ocsr:osra:known-crop", "C1CC1")
        cache = WorkerCache(str(tmp_path / "driver"))
        with RecordingStore(tmp_path / "scratch", cache) as scratch:
            assert scratch.cache_get("ocsr:osra:known-crop") == "C1CC1"
            scratch.cache_put("ocsr:osra:new-crop", "c1ccccc1")
        assert cache.take() == [("ocsr:osra:new-crop", "c1ccccc1")]
        cache.close()
