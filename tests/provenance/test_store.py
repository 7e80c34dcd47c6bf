import datetime as dt
import sqlite3

import pytest

from chemx.provenance import ProvenanceStore, StoreLocked, WriteBatch, node_id
from chemx.provenance.ids import decision_id, kind_of
from chemx.provenance.schema import SCHEMA_VERSION, SchemaTooNew
from chemx.records import Corpus, Decision, Figure, Gate, NodeKind, Paper, Verdict


def _paper(corpus_id: str, doi: str = "10.5555/x") -> Paper:
    return Paper(
        id=node_id(NodeKind.PAPER, "doi", doi),
        parent_id=corpus_id,
        backend="test",
        title="A paper",
        source="jats",
        source_path="a.nxml",
        doi=doi,
    )


def _corpus() -> Corpus:
    return Corpus(id=node_id(NodeKind.CORPUS, "t"), parent_id=None, backend="test", name="t")


def _figure(paper: Paper, key: str = "f1") -> Figure:
    return Figure(
        id=node_id(NodeKind.FIGURE, paper.id, key),
        parent_id=paper.id,
        backend="test",
        paper_id=paper.id,
        figure_key=key,
    )


def test_writes_are_idempotent_by_content_id(tmp_path):
    corpus = _corpus()
    paper = _paper(corpus.id)
    batch = WriteBatch()
    batch.extend([corpus, paper, _figure(paper)])
    with ProvenanceStore(tmp_path) as store:
        first = store.write(batch)
        second = store.write(batch)
        assert first.nodes == 3
        assert second.nodes == 0
        assert store.table_counts()["nodes"] == 3
        got = store.get(paper.id)
        assert got is not None and got.record == paper and got.paper_id == paper.id


def test_rejection_marks_node_and_keeps_it(tmp_path):
    corpus = _corpus()
    paper = _paper(corpus.id)
    figure = _figure(paper)
    decision = Decision(
        id=decision_id(figure.id, "acquisition", "image_missing", "test"),
        node_id=figure.id,
        gate=Gate.ACQUISITION,
        verdict=Verdict.REJECT,
        reason="image_missing",
        detail="no file",
        backend="test",
        time=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    )
    batch = WriteBatch(decisions=[decision])
    batch.extend([corpus, paper, figure])
    with ProvenanceStore(tmp_path) as store:
        store.write(batch)
        store.write(batch)
        stored = store.get(figure.id)
        assert stored is not None and stored.rejected
        assert store.decisions(figure.id) == [decision]
        [(node, found)] = store.rejections(gate="acquisition")
        assert node.id == figure.id and found.reason == "image_missing"
        assert store.rejection_counts() == [("acquisition", "image_missing", 1)]
        assert store.counts()["figure"] == {"rejected": 1}


def test_blobs_are_content_addressed(tmp_path):
    with ProvenanceStore(tmp_path) as store:
        batch = WriteBatch(blobs={"x": b"\x89PNG fake"})
        store.write(batch)
        sha = store.blobs.put(b"\x89PNG fake")
        assert store.blobs.get(sha) == b"\x89PNG fake"
        assert store.blobs.path(sha).parent.name == sha[:2]


def test_one_writer_at_a_time(tmp_path):
    with ProvenanceStore(tmp_path):
        with pytest.raises(StoreLocked, match="another chemx process"):
            ProvenanceStore(tmp_path)
        # readers are fine while a writer holds the store
        ProvenanceStore(tmp_path, readonly=True).close()


def test_failed_batch_leaves_nothing(tmp_path):
    corpus = _corpus()
    bad = Decision(
        id="dec_x",
        node_id="fig_doesnotexist00",
        gate=Gate.QC1,
        verdict=Verdict.REJECT,
        reason="r",
        backend="t",
        time=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    )
    batch = WriteBatch(decisions=[bad])
    batch.add(corpus)
    with ProvenanceStore(tmp_path) as store:
        with pytest.raises(sqlite3.IntegrityError):
            store.write(batch)  # decision points at a node that does not exist
        assert store.table_counts()["nodes"] == 0


def test_schema_version_and_migration_guard(tmp_path):
    with ProvenanceStore(tmp_path):
        pass
    connection = sqlite3.connect(tmp_path / "chemx.db")
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    with pytest.raises(SchemaTooNew, match="newer"):
        ProvenanceStore(tmp_path)


def test_readonly_store_requires_existing_db(tmp_path):
    from chemx.provenance import StoreError

    with pytest.raises(StoreError, match="chemx build"):
        ProvenanceStore(tmp_path / "nothing", readonly=True)


def test_ids_are_stable_and_typed():
    first = node_id(NodeKind.SENTENCE, "par_x", 0, 10)
    assert first == node_id(NodeKind.SENTENCE, "par_x", 0, 10)
    assert first != node_id(NodeKind.SENTENCE, "par_x", 0, 11)
    assert kind_of(first) is NodeKind.SENTENCE
    assert kind_of("nonsense") is None


def test_identifier_backend_counts_only_structures_it_labelled(tmp_path):
    from chemx.records import Structure, StructureRole

    corpus = _corpus()
    paper = _paper(corpus.id)
    figure = _figure(paper)

    def structure(key: str, identifier: str | None, role: StructureRole) -> Structure:
        return Structure(
            id=node_id(NodeKind.STRUCTURE, figure.id, key),
            parent_id=figure.id,
            backend="test",
            paper_id=paper.id,
            figure_id=figure.id,
            box=(0, 0, 10, 10),
            role=role,
            image_sha256="0" * 64,
            identifier=identifier,
            identifier_backend="easyocr",  # OCR ran on all three
        )

    batch = WriteBatch()
    for record in (
        corpus,
        paper,
        figure,
        structure("a", "3c", StructureRole.MOLECULE),
        structure("b", None, StructureRole.MOLECULE),  # nothing read near it
        structure("c", None, StructureRole.CONDITION),  # conditions are not labelled
    ):
        batch.add(record)
    with ProvenanceStore(tmp_path) as store:
        store.write(batch)
        assert store.identifier_backend_counts() == {"easyocr": 1, "none": 1}
