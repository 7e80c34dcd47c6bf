"""The visual agent end to end on the sample corpus, measured against its gold file."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chemx.cli import app
from chemx.devkit.sample_gold import load_gold
from chemx.devkit.visual_gold import VisualScores, score_store
from chemx.pipeline import BuildSettings, run_build
from chemx.provenance import ProvenanceStore
from chemx.records import NodeKind, StructureRole
from chemx.sources.corpus import sample_corpus_dir
from tests._helpers import png_bytes, write_paper
from tests.generation.fixtures import SampleBuild

GOLD = load_gold()
ACETAMIDE = "N-[3-[[4-(pyridin-3-yl)pyrimidin-2-yl]amino]phenyl]acetamide"


@pytest.fixture(scope="module")
def visual_build(sample_build: SampleBuild) -> Path:
    """The session's default sample build: its visual records are what a visual-only build
    writes, and sharing it saves the suite one more OSRA pass over the sample (~4 min)."""
    return sample_build.out


@pytest.fixture(scope="module")
def scores(visual_build: Path) -> VisualScores:
    with ProvenanceStore(visual_build, readonly=True) as store:
        return score_store(store, GOLD)


def test_classifier_accuracy_on_sample_gold(scores: VisualScores) -> None:
    assert scores.classifier_accuracy >= 0.95, scores.classifier_mistakes


def test_segmentation_recall_on_sample_gold(scores: VisualScores) -> None:
    assert scores.segmentation.recall >= 0.9, scores.segmentation_by_layout


def test_identifier_accuracy_on_sample_gold(scores: VisualScores) -> None:
    assert scores.identifier_accuracy >= 0.9, scores.identifier_mistakes


def test_trace_shows_crop_backend_and_identifier_source(visual_build: Path) -> None:
    with ProvenanceStore(visual_build, readonly=True) as store:
        structure = next(
            node
            for node in store.nodes(NodeKind.STRUCTURE)
            if node.record.role is StructureRole.MOLECULE and node.record.identifier
        )
    result = CliRunner().invoke(app, ["trace", structure.id, "--out", str(visual_build), "--json"])
    tree = json.loads(result.output)["tree"]
    record = tree["record"]
    assert record["box"] and record["backend"] == "classical-cc"
    assert record["identifier_backend"] == "easyocr" and record["identifier_box"]
    assert [d["gate"] for d in tree["decisions"]] == ["qc1"]
    assert [a["kind"] for a in json.loads(result.output)["ancestors"]] == [
        "corpus",
        "paper",
        "figure",
    ]


def test_audit_qc1_lists_the_non_chemistry_figures(visual_build: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "audit",
            "--out",
            str(visual_build),
            "--gate",
            "qc1",
            "--reason",
            "non_chemistry",
            "--json",
        ],
    )
    [group] = json.loads(result.output)
    gold_nonchem = sum(
        figure["class"] == "non_chemistry"
        for paper in GOLD["papers"]
        for figure in paper["figures"]
    )
    assert group["count"] == gold_nonchem
    assert all("non_chemistry" in node["scores"] for node in group["nodes"])


def test_build_report_names_the_backends(visual_build: Path) -> None:
    report = json.loads((visual_build / "build_report.json").read_text())
    assert report["stages"][:2] == ["acquire", "visual"]
    assert set(report["identifier_backends"]) <= {"easyocr", "none"}
    with ProvenanceStore(visual_build, readonly=True) as store:
        labelled = [
            node
            for node in store.nodes(NodeKind.STRUCTURE)
            if node.record.role is not StructureRole.CONDITION
        ]
    assert sum(report["identifier_backends"].values()) == len(labelled)
    structure_backends = {
        row["backend"] for row in report["backends"] if row["kind"] == "structure"
    }
    assert structure_backends == {"classical-cc", "classical-arrows"}


def test_bad_images_give_reasons_not_crashes(tmp_path: Path) -> None:
    """Tiny, blank, palette-with-alpha and animated images go through the visual stage."""
    from io import BytesIO

    from PIL import Image

    def encode(image: Image.Image, **options: object) -> bytes:
        buffer = BytesIO()
        image.save(buffer, format=options.pop("format", "PNG"), **options)
        return buffer.getvalue()

    frames = [Image.new("P", (60, 60), i) for i in range(3)]
    images = {
        "tiny": png_bytes(4, 4),
        "blank": encode(Image.new("RGB", (300, 200), "white")),
        "palette": encode(Image.new("RGBA", (200, 120), (0, 0, 0, 0)).convert("P")),
        "sixteen": encode(Image.new("I;16", (200, 150), 40000)),
        "animated": encode(frames[0], format="GIF", save_all=True, append_images=frames[1:]),
    }
    corpus = tmp_path / "odd"
    for index, (name, data) in enumerate(images.items()):
        write_paper(corpus, name, f"10.5555/odd.{index}", image=data)
    report = run_build(BuildSettings(corpus=str(corpus), out=tmp_path / "out"))
    assert report.documents.rejected == 0
    assert report.totals["paper"] == {"ok": len(images)}


@pytest.mark.skipif(shutil.which("java") is None, reason="apt install default-jre-headless")
def test_a_compound_the_paper_names_takes_the_names_smiles(tmp_path: Path) -> None:
    """Sample paper 1 with one sentence naming compound 1: OPSIN, not OSRA, gives its SMILES."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in sample_corpus_dir().glob("paper01*"):
        shutil.copy(path, corpus / path.name)
    article = corpus / "paper01.nxml"
    named = f"{ACETAMIDE} (1) was prepared by Buchwald-Hartwig amination."
    article.write_text(article.read_text().replace("<p>", f"<p>{named} ", 1))
    report = run_build(
        BuildSettings(
            corpus=str(corpus), out=tmp_path / "out", until="visual", visual={"ocsr": "none"}
        )
    )
    assert ("names", "opsin") in {(c.kind, c.backend) for c in report.selected_backends}
    with ProvenanceStore(tmp_path / "out", readonly=True) as store:
        structures = [n.record for n in store.nodes(NodeKind.STRUCTURE)]
        sentence = next(
            n.record for n in store.nodes(NodeKind.SENTENCE) if n.record.text.startswith(ACETAMIDE)
        )
    [one] = [s for s in structures if s.identifier == "1"]
    assert one.smiles == "CC(=O)Nc1cccc(Nc2nccc(-c3cccnc3)n2)c1" and one.smiles_backend == "opsin"
    assert one.reading is not None and one.reading.source == "opsin-name"
    assert one.reading.name == ACETAMIDE and one.reading.sentence_id == sentence.id
    assert all(s.smiles is None for s in structures if s.identifier != "1")  # --ocsr none
