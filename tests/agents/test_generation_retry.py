"""The generation agent tries a block's next explanatory sentence once its first question
fails the anti-shortcut checks (blind-31: "Replacing the phthalimide with the isoindolinone
of 4 removed this liability" points back to a sentence the stem lacks, while the block's
"Potency was essentially retained ..., as the glutarimide ring ..." carries a question)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from chemx.agents import GenerationAgent, GenerationBackends
from chemx.generation.candidate import BasisLedger, EvidenceBlock, PaperContext
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import Candidate, EvidenceSentence, ExplanatoryLabel, SmilesReading
from chemx.registry import BackendContext
from chemx.settings import GenerationSettings
from tests._helpers import evidence_for, molecule_structure, png_bytes

PROTAC_4 = (
    "Cc1sc2c(c1C)C(c1ccc(Cl)cc1)=N[C@@H](CC(=O)NCCOCCOCCNc1cccc3c1CN(C1CCC(=O)NC1=O)C3=O)"
    "c1nnc(C)n1-2"
)
POINTING = (
    "Replacing the phthalimide with the isoindolinone of 4 removed this liability (no loss "
    "after 48 h), since the isoindolinone lacks the second imide carbonyl that hydroxide attacks."
)
RETAINED = (
    "Potency was essentially retained (DC50 = 15 nM for 4), as the glutarimide ring makes "
    "the key contacts with the tri-tryptophan pocket of cereblon."
)


def _block() -> tuple[EvidenceBlock, PaperContext]:
    shown = molecule_structure("04", "4", SmilesReading(text=PROTAC_4, source="decimer"))
    sentences = tuple(
        EvidenceSentence(
            sentence_id=sid, text=text, origin="identifier", label=ExplanatoryLabel.EXPLANATORY
        )
        for sid, text in (("sen_pointing", POINTING), ("sen_retained", RETAINED))
    )
    evidence = evidence_for(shown, sentences, credited=("sen_pointing", "sen_retained"))
    paper = PaperContext(
        paper=None,
        sentences=(("sen_pointing", POINTING), ("sen_retained", RETAINED)),
        partners={"4": shown},
        labels=("4",),
    )
    return EvidenceBlock(evidence, shown, png_bytes(120, 80, "4")), paper


def test_a_question_failing_the_anti_shortcut_checks_passes_its_block_on(tmp_path: Path) -> None:
    block, paper = _block()
    settings = GenerationSettings()
    backends = GenerationBackends.build(settings, BackendContext(settings))
    counts: Counter[str] = Counter()
    batch = WriteBatch()
    with ProvenanceStore(tmp_path) as store:
        GenerationAgent(store, backends)._one(block, paper, BasisLedger(), batch, counts)
    candidates = [node for node, _ in batch.nodes if isinstance(node, Candidate)]
    assert [c.basis_sentence_id for c in candidates] == ["sen_pointing", "sen_retained"]
    verdicts = {d.node_id: d.reason for d in batch.decisions if d.gate.value == "anti_shortcut"}
    assert verdicts[candidates[0].id] != "passed" and verdicts[candidates[1].id] == "passed"
    assert counts["anti_shortcut_failed"] == 1 and counts["anti_shortcut_passed"] == 1
