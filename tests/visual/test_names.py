"""SMILES from the paper's own systematic names ("… acetate (3a)"), parsed by OPSIN."""

import shutil
from collections.abc import Sequence

import pytest

from chemx.errors import BackendUnavailable
from chemx.records import Sentence
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.names import (
    NoNames,
    OpsinReader,
    make_opsin,
    name_candidates,
    name_reading,
    paper_names,
)
from chemx.visual.ocsr import components_reading

TOSYLATE = "(2-(4-Isopropylphenyl)-4,5-dihydrooxazol-5-yl)methyl 4-methylbenzenesulfonate"
TOSYLATE_SMILES = "CC1=CC=C(C=C1)S(=O)(=O)OCC1CN=C(O1)C1=CC=C(C=C1)C(C)C"


def _sentence(text: str, n: int = 0) -> Sentence:
    return Sentence(
        id=f"sen_{n:016x}",
        parent_id="par_0000000000000000",
        paper_id="pap_0000000000000000",
        paragraph_id="par_0000000000000000",
        index=n,
        start=0,
        end=len(text),
        text=text,
        backend="test",
    )


class TableReader:
    """Stands in for the Java process: the SMILES OPSIN gives for a few names."""

    backend = "opsin"
    note = ""

    def __init__(self, table: dict[str, str]) -> None:
        self.table = table
        self.asked: list[list[str]] = []

    def read(self, names: Sequence[str]) -> list[str | None]:
        self.asked.append(list(names))
        return [self.table.get(name) for name in names]


def test_candidates_are_the_trailing_words_before_a_bracketed_label() -> None:
    text = "Coupling between organozinc 2a and 2-bromophenyl acetate (3a) gave 4a."
    [(label, names)] = name_candidates(text)
    assert label == "3a"
    assert names[0].startswith("Coupling between") and names[-1] == "acetate"
    assert "2-bromophenyl acetate" in names
    assert name_candidates("White solid (56 mg, 50%).") == []
    assert name_candidates("as reported previously (2019).") == []  # not a label
    assert name_candidates("with palladium(II) acetate.") == []  # part of a word
    [(heading, _)] = name_candidates(f"{TOSYLATE} (2d).")
    assert heading == "2d"


def test_the_longest_name_that_parses_wins_and_small_molecules_are_not_compounds() -> None:
    reader = TableReader(
        {
            "2-bromophenyl acetate": "CC(=O)Oc1ccccc1Br",
            "acetate": "CC(=O)[O-]",
            "ethanol": "CCO",
            TOSYLATE: TOSYLATE_SMILES,
        }
    )
    sentences = [
        _sentence("Coupling between organozinc 2a and 2-bromophenyl acetate (3a) gave 4a.", 1),
        _sentence("The reaction was run in ethanol (5).", 2),
        _sentence(f"{TOSYLATE} (2d).", 3),
    ]
    named = paper_names(sentences, reader)
    assert set(named) == {"3a", "2d"}  # ethanol: 3 heavy atoms, a solvent
    assert named["3a"].name == "2-bromophenyl acetate"
    assert named["3a"].smiles == "CC(=O)Oc1ccccc1Br" and named["3a"].sentence_id == sentences[0].id
    assert len(reader.asked) == 1  # one batch, one Java start, per paper
    reading = name_reading(named["2d"])
    assert reading.source == "opsin-name" and reading.name == TOSYLATE and not reading.partial


def test_a_label_named_as_two_different_compounds_is_left_out() -> None:
    reader = TableReader(
        {"2-bromophenyl acetate": "CC(=O)Oc1ccccc1Br", "bromobenzene": "Brc1ccccc1"}
    )
    sentences = [
        _sentence("It was made from 2-bromophenyl acetate (3a).", 1),
        _sentence("It was made from bromobenzene (3a).", 2),
        _sentence("Again 2-bromophenyl acetate (4) was used.", 3),
    ]
    assert set(paper_names(sentences, reader)) == {"4"}
    assert paper_names(sentences, NoNames()) == {}


def test_reactions_say_which_parts_came_from_names() -> None:
    reader = TableReader({"2-bromophenyl acetate": "CC(=O)Oc1ccccc1Br"})
    named = paper_names([_sentence("From 2-bromophenyl acetate (3a).")], reader)
    from_name = name_reading(named["3a"])
    from chemx.records import SmilesReading

    drawn = SmilesReading(text="c1ccccc1", source="osra")
    assert components_reading([from_name, from_name]).source == "opsin-components"
    assert components_reading([from_name, drawn]).source == "mixed-components"
    assert components_reading([drawn]).source == "osra-components"


def test_names_is_a_backend_kind_with_auto_opsin_and_none() -> None:
    assert VisualSettings().names == "auto"
    context = BackendContext(VisualSettings())
    none = REGISTRY.build(BackendKind.NAMES, "none", context)
    assert none.backend == "none" and none.read(["benzene"]) == [None]
    if shutil.which("java") is None:
        with pytest.raises(BackendUnavailable, match="java"):
            make_opsin(context)
        auto = REGISTRY.build(BackendKind.NAMES, "auto", context)
        assert auto.backend == "none" and "java" in auto.note
    else:
        assert REGISTRY.build(BackendKind.NAMES, "auto", context).backend == "opsin"


@pytest.mark.skipif(shutil.which("java") is None, reason="apt install default-jre-headless")
def test_opsin_parses_a_real_experimental_heading() -> None:
    smiles = OpsinReader().read([TOSYLATE, "White solid", "2-bromophenyl acetate"])
    assert smiles[1] is None
    from rdkit import Chem

    assert Chem.MolToSmiles(Chem.MolFromSmiles(smiles[0])) == Chem.MolToSmiles(
        Chem.MolFromSmiles(TOSYLATE_SMILES)
    )
    assert Chem.MolToSmiles(Chem.MolFromSmiles(smiles[2])) == "CC(=O)Oc1ccccc1Br"


@pytest.mark.skipif(shutil.which("java") is None, reason="apt install default-jre-headless")
def test_a_timed_out_opsin_is_a_failure_to_retry_not_a_result() -> None:
    from chemx.errors import RetryableFailure

    with pytest.raises(RetryableFailure, match="OPSIN did not finish 1 names"):
        OpsinReader(timeout_s=0.001).read(["benzene"])


@pytest.mark.skipif(shutil.which("java") is None, reason="apt install default-jre-headless")
def test_the_real_papers_names_pair_with_their_labels() -> None:
    """Every hand-checked name of the CC BY gold parses and pairs with its own label."""
    import json
    from pathlib import Path

    gold_path = Path(__file__).parents[1] / "fixtures/realworld/names_gold.json"
    papers = json.loads(gold_path.read_text(encoding="utf-8"))["papers"]
    assert sum(len(paper["pairs"]) for paper in papers) >= 70
    reader = OpsinReader()
    for paper in papers:  # labels repeat across papers ("1a"): one paper at a time
        pairs = paper["pairs"]
        sentences = [
            _sentence(f"{pair['name']} ({pair['label']}).", n) for n, pair in enumerate(pairs)
        ]
        named = paper_names(sentences, reader)
        found = {label: compound.name for label, compound in named.items()}
        assert found == {pair["label"]: pair["name"] for pair in pairs}, paper["doi"]
