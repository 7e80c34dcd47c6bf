"""Matched pairs: both compounds found, the stem's comparison, shared wrong answers."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from PIL import Image

from chemx.generation.backends import TemplateGenerator
from chemx.generation.candidate import (
    BasisLedger,
    EvidenceBlock,
    PaperContext,
    generate_candidate,
    make_item,
)
from chemx.generation.catalogue import matched_keys
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.mcq import pair_stem_text
from chemx.generation.pairs import (
    DEPICTION_SIZE,
    MAX_CHANGED_ATOMS,
    changed_atoms,
    comparison_clause,
    drawing_source,
    pair_image,
    pair_item_image,
    partner_label,
)
from chemx.records import (
    Candidate,
    EvidenceSentence,
    ExplanatoryLabel,
    ReasoningType,
    SmilesReading,
    TableRow,
)
from tests._helpers import evidence_for, molecule_structure, png_bytes

# 6,8-dimethyl (20) against 6-methyl (17): one methyl ortho to the ring NH apart
WITH_ORTHO_METHYL = "Cc1cc(C)c2c(c1)[C@H]1C(=O)N(c3ccccc3)C(=O)[C@H]1CN2"
WITHOUT = "Cc1ccc2c(c1)[C@H]1C(=O)N(c3ccccc3)C(=O)[C@H]1CN2"
UNRELATED = "OC(=O)c1ccccc1O"
EFFECT = (
    "Installation of a methyl group in the ortho position of the amine resulted in a "
    "significantly lower yield, and product 20 could be isolated in 59% yield as compared "
    "to compound 17 isolated in 87% yield lacking the ortho-methyl substitution."
)
BASIS = (
    "This might be due to the less planar o-substituted aniline interfering with the "
    "EDA complex formation."
)


def _decomposition() -> Decomposition:
    found = decompose(BASIS, EFFECT)
    assert isinstance(found, Decomposition), found
    return found


def test_the_partner_is_the_other_compound_the_effect_names() -> None:
    assert partner_label(_decomposition(), ["20"]) == "17"
    assert partner_label(_decomposition(), ["5"]) is None  # two others: which one is unknown


def test_a_drawn_label_the_effect_mentions_is_the_partner() -> None:
    read = decompose(
        "The tetrazine 5b reacts 14-fold faster than 5a, because its pyridyl ring "
        "withdraws electron density from the diene."
    )
    assert isinstance(read, Decomposition), read
    assert partner_label(read, ["5b"], drawn=["5a", "5b", "7"]) == "5a"
    assert partner_label(read, ["5b"], drawn=["7"]) is None  # 5a is not drawn


def test_a_matched_pair_sentence_names_its_partner_only_when_it_names_the_compound() -> None:
    read = decompose(
        "Replacing the 6-fluoro of 24 by methyl gave 28, 60-fold less potent, likely due "
        "to a steric clash with the gatekeeper Thr106."
    )
    assert isinstance(read, Decomposition) and read.comparison is not None
    assert partner_label(read, ["28"]) == "24"
    assert partner_label(read, ["30"]) is None


def test_the_comparison_keeps_both_labels_and_drops_what_describes_the_structure() -> None:
    clause = comparison_clause(_decomposition().effect, ["20", "17"])
    assert clause == (
        "product 20 could be isolated in 59% yield as compared to compound 17 isolated in 87% yield"
    )
    assert comparison_clause("The yield fell to 20%.", ["20", "17"]) is None
    # "compared with the ..." is the comparison, not a description of a structure
    compared = "20 gave 59% yield as compared with the unsubstituted 17 (87%)"
    assert comparison_clause(compared, ["20", "17"]) == compared


def test_a_matched_pair_differs_by_one_change_and_unrelated_compounds_do_not_pair() -> None:
    assert changed_atoms(WITH_ORTHO_METHYL, WITHOUT) == 1
    unrelated = changed_atoms(WITH_ORTHO_METHYL, UNRELATED)
    assert unrelated is not None and unrelated > MAX_CHANGED_ATOMS
    assert changed_atoms("not a smiles", WITHOUT) is None


def _paper_and_block(partner_smiles: str) -> tuple[PaperContext, EvidenceBlock]:
    shown = molecule_structure(
        "20", "20", SmilesReading(text=WITH_ORTHO_METHYL, source="opsin-name")
    )
    partner = molecule_structure(
        "17", "17", SmilesReading(text=partner_smiles, source="opsin-name")
    )
    basis = EvidenceSentence(
        sentence_id="sen_basis", text=BASIS, origin="expansion", label=ExplanatoryLabel.EXPLANATORY
    )
    block = EvidenceBlock(evidence_for(shown, (basis,), credited=("sen_basis",)), shown, b"")
    paper = PaperContext(
        paper=None,
        sentences=(("sen_effect", EFFECT), ("sen_basis", BASIS)),
        partners={"20": shown, "17": partner},
    )
    return paper, block


def test_an_anaphoric_comparison_becomes_a_matched_pair_question() -> None:
    paper, block = _paper_and_block(WITHOUT)
    outcome = generate_candidate(block, paper, TemplateGenerator(), BasisLedger())
    candidate = outcome.node
    assert isinstance(candidate, Candidate), outcome.decisions[-1].detail
    assert candidate.partner_structure_id == paper.partners["17"].id
    decomposed = outcome.decisions[0]
    assert decomposed.scores["pair_changed_atoms"] == 1.0  # the MCS check is on record
    assert "matched pair with 17" in decomposed.detail
    assert candidate.stem is not None and candidate.answer is not None
    assert candidate.stem.startswith("Product 20 could be isolated in 59% yield")
    assert "between 20 and 17 (both shown)" in candidate.stem
    assert "ortho" not in candidate.stem.lower()  # the description that names the answer
    correct = next(o for o in candidate.options if o.letter == candidate.answer)
    assert "aniline" in correct.feature
    # every wrong answer is a feature of both compounds: no difference between them
    partner_keys = matched_keys(WITHOUT)
    wrong = [o for o in candidate.options if o.letter != candidate.answer]
    sources = candidate.feature_sources
    for option in wrong:
        assert sources[option.feature].split()[0].removeprefix("smarts:") in partner_keys


def test_without_a_drawn_matched_partner_the_comparison_stays_too_vague() -> None:
    paper, block = _paper_and_block(UNRELATED)
    outcome = generate_candidate(block, paper, TemplateGenerator(), BasisLedger())
    assert not isinstance(outcome.node, Candidate)
    assert outcome.decisions[-1].reason == "too_vague"
    assert "17" in outcome.decisions[-1].detail


def test_a_pair_item_shows_both_compounds_and_says_it_is_a_pair() -> None:
    paper, block = _paper_and_block(WITHOUT)
    candidate = generate_candidate(block, paper, TemplateGenerator(), BasisLedger()).node
    assert isinstance(candidate, Candidate)
    item = make_item(candidate, block, None, "test", image_sha256="f" * 64)
    assert item.entry_type == "matched_pair"
    assert item.partner_structure_id == paper.partners["17"].id
    assert item.image_sha256 == "f" * 64


def test_the_pair_image_holds_both_drawings_at_one_height() -> None:
    left, right = png_bytes(120, 80, "20"), png_bytes(60, 40, "17")
    image = Image.open(io.BytesIO(pair_image(left, right, ("20", "17"))))
    assert image.width > 120 + 120  # the smaller one scaled up to the taller height
    assert image.height > 80  # the labels sit under the drawings
    assert image.mode == "RGB"


def test_a_series_row_partner_is_depicted_from_its_smiles_and_says_so() -> None:
    shown = molecule_structure(
        "20", "20", SmilesReading(text=WITH_ORTHO_METHYL, source="opsin-name")
    )
    row = molecule_structure("17", "17", SmilesReading(text=WITHOUT, source="opsin-name"))
    row = row.model_copy(
        update={
            "table_row": TableRow(
                scaffold_id="str_scaffold",
                substituents={"R": "Me"},
                text="17: R = Me",
                source="ocr:test",
            )
        }
    )
    assert drawing_source(shown) == "crop"
    assert drawing_source(row).startswith("rdkit-depiction of its SMILES (opsin-name)")
    scaffold = png_bytes(30, 20, "R")  # the row's crop is the series' scaffold: never shown
    image = Image.open(io.BytesIO(pair_item_image(shown, png_bytes(120, 80, "20"), row, scaffold)))
    # the depiction, scaled to the 80-pixel crop's height, is far wider than the scaffold's
    depicted_width = DEPICTION_SIZE[0] * 80 / DEPICTION_SIZE[1]
    assert image.width > 120 + depicted_width


def test_the_agent_stores_the_pair_image_for_the_item(tmp_path: Path) -> None:
    from chemx.agents import GenerationAgent, GenerationBackends
    from chemx.provenance.blobs import sha256_hex
    from chemx.provenance.store import ProvenanceStore, WriteBatch
    from chemx.registry import BackendContext
    from chemx.settings import GenerationSettings

    paper, block = _paper_and_block(WITHOUT)
    crop = png_bytes(60, 40, "17")
    partner = paper.partners["17"].model_copy(update={"image_sha256": sha256_hex(crop)})
    paper = replace(paper, partners={**paper.partners, "17": partner})
    block = replace(block, image=png_bytes(120, 80, "20"))
    candidate = generate_candidate(block, paper, TemplateGenerator(), BasisLedger()).node
    assert isinstance(candidate, Candidate)
    settings = GenerationSettings()
    backends = GenerationBackends.build(settings, BackendContext(settings))
    with ProvenanceStore(tmp_path) as store:
        store.write(WriteBatch(nodes=[(partner, None)], blobs={partner.image_sha256: crop}))
        agent = GenerationAgent(store, backends)
        batch = WriteBatch()
        image, sha = agent._image(candidate, block, batch)
        single = candidate.model_copy(update={"partner_structure_id": None})
        alone = agent._image(single, block, WriteBatch())
    assert sha == sha256_hex(image) and batch.blobs == {sha: image}
    assert Image.open(io.BytesIO(image)).width > 120 + 120
    assert alone == (block.image, None)


def test_an_effect_that_names_another_compound_without_comparing_makes_no_pair() -> None:
    from chemx.generation.pairs import find_pair

    shown = molecule_structure("03", "3", SmilesReading(text=WITHOUT, source="opsin-name"))
    other = molecule_structure(
        "01", "1", SmilesReading(text=WITH_ORTHO_METHYL, source="opsin-name")
    )
    chosen = Decomposition(
        effect="1 was chosen as the test substrate",
        effect_form="clause",
        feature="fluoride",
        mechanism="is a widely used building block",
        reasoning_type=ReasoningType.CONDITION,
        connective="because",
    )
    assert find_pair(chosen, shown, ["3"], {"1": other}) is None
    compared = replace(
        chosen, effect="a 42 nm blue shift of the emission relative to 1", effect_form="np"
    )
    pair = find_pair(compared, shown, ["3"], {"1": other})
    assert pair is not None and (pair.own_label, pair.partner_label) == ("3", "1")
    stem = pair_stem_text(pair.effect, pair.effect_form, ReasoningType.MECHANISTIC, ("3", "1"))
    assert stem.startswith("The observed outcome for 3 is a 42 nm blue shift of the emission")


def test_a_ring_named_by_where_it_is_substituted_leaves_its_substituents_out() -> None:
    from chemx.generation.backends import UNNAMED_SUBSTITUENT
    from chemx.generation.catalogue import BY_KEY
    from chemx.generation.elements import on_named_ring

    # the real paper's 20 carries the ortho-methyl the sentence before names; offered as
    # "the aryl methyl group donates ...", it was a second right answer
    unnamed = UNNAMED_SUBSTITUENT.search(_decomposition().feature)
    assert unnamed is not None and unnamed["ring"] == "aniline"
    twenty = "Cc1cc(C)c2c(c1)[C@H]1C(=O)N(c3ccccc3)C(=O)[C@H]1CN2"
    assert on_named_ring("aniline", BY_KEY["aryl_methyl"].smarts, twenty)
    # a chloride on the other ring of an anilide is not the aniline's substituent
    anilide = "Cc1ccccc1NC(=O)c1ccc(OC)cc1Cl"
    assert not on_named_ring("aniline", BY_KEY["aryl_chloride"].smarts, anilide)
    assert not UNNAMED_SUBSTITUENT.search("small size of the ortho-substituent")
