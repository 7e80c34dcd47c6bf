"""The paper's compound labels: every drawn structure's and every label the text bolds."""

from __future__ import annotations

from pathlib import Path

from chemx.agents.generation import paper_labels
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import Sentence, Span


def _sentence(index: int, text: str, bold: tuple[str, ...]) -> Sentence:
    spans = tuple(
        Span(start=text.index(run), end=text.index(run) + len(run), text=run) for run in bold
    )
    return Sentence(
        id=f"sen_{index:016x}", parent_id="par_0000000000000001", backend="test",
        paper_id="pap_0000000000000001", paragraph_id="par_0000000000000001", index=index,
        start=0, end=len(text), text=text, bold_spans=spans,
    )  # fmt: skip


def test_a_label_the_text_bolds_is_a_label_even_when_no_crop_carries_it(tmp_path: Path) -> None:
    batch = WriteBatch()
    batch.add(_sentence(1, "Its crystals pack like those of 1 and (R)-3b.", ("1", "(R)-3b")))
    batch.add(_sentence(2, "The yield was 45% (Table 2).", ("Table 2",)))
    with ProvenanceStore(tmp_path) as store:
        store.write(batch)
        assert paper_labels(store, "pap_0000000000000001") == frozenset({"1", "(R)-3b"})
        assert paper_labels(store, "pap_0000000000000002") == frozenset()
