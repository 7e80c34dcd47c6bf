"""The sample-corpus renderer (`scripts/make_sample_corpus.py`) and the shipped corpus.

Group 1 renders small specs written here, covering every figure kind, and checks the
files, the XML, determinism and the gold geometry. Group 2 checks the shipped corpus in
`chemx/data/sample/`: that it is exactly what the script makes from `PAPERS`, and that
its gold has the coverage the later stages are measured on.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lxml import etree
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "scripts"
SAMPLE = REPO / "chemx" / "data" / "sample"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

make = importlib.import_module("make_sample_corpus")
spec = importlib.import_module("sample_corpus_spec")
Chart, FigureSpec, Mol, PaperSpec = spec.Chart, spec.FigureSpec, spec.Mol, spec.PaperSpec
Section, Sent, Step = spec.Section, spec.Sent, spec.Step

MIN_WHITE = 20
"""Separate drawings must be at least this far apart (the renderer aims for 30+)."""

# ------------------------------------------------------------------ small specs

BENZOIC = Mol("1", "OC(=O)c1ccccc1", ("carboxylic acid", "benzene ring", "C=O", "O-H"))
ANILINE = Mol("2a", "Nc1ccccc1", ("amino group", "benzene ring", "N-H", "aromatic amine"))
TOLUIDINE = Mol("2b", "Cc1ccc(N)cc1", ("amino group", "methyl group", "para", "benzene ring"))
ANISIDINE = Mol("2c", "COc1ccc(N)cc1", ("methoxy group", "amino group", "para", "ether"))
CHLORO = Mol("2d", "Nc1ccc(Cl)cc1", ("chlorine", "amino group", "para", "aryl chloride"))
NITRO = Mol("2e", "Nc1ccc(cc1)[N+](=O)[O-]", ("nitro group", "amino group", "para", "N-O"))
NAPHTH = Mol("2f", "Nc1cccc2ccccc12", ("naphthalene", "amino group", "fused ring", "N-H"))
ACID_CL = Mol("3", "ClC(=O)c1ccccc1", ("acyl chloride", "C=O", "benzene ring", "C-Cl"))
AMIDE = Mol("4a", "O=C(Nc1ccccc1)c1ccccc1", ("amide", "C=O", "N-H", "two benzene rings"))

ESTER = Mol("5", "CCOC(=O)CC(=O)C", ("ester", "ketone", "active methylene", "ethyl group"))
ALDEHYDE = Mol("6", "O=Cc1ccccc1", ("aldehyde", "C=O", "benzene ring", "conjugation"))
ENONE = Mol("7", "CCOC(=O)C(=Cc1ccccc1)C(C)=O", ("enone", "ester", "C=C", "conjugation"))
PYRAN = Mol("8", "CC1=C(C(=O)OCC)C(c2ccccc2)CC(=O)O1", ("lactone", "ester", "ring", "aryl"))
SMALL = Mol("9", "CO", ("hydroxyl group", "methyl group", "O-H", "alcohol"))
BIG = Mol(
    "10b",
    "CC(C)(C)OC(=O)N1CCC(CC1)Oc1ccc2ncccc2c1",
    ("Boc group", "piperidine", "quinoline", "aryl ether", "carbamate"),
)
STRAY = Mol("11", "O=C1CCCC1", ("ketone", "cyclopentanone", "five-membered ring", "C=O"))


def explained(text: str, ids: tuple[str, ...], feature: str, **extra: Any) -> Any:
    return Sent(
        text,
        label="explanatory",
        ids=ids,
        reasoning=extra.pop("reasoning", "Mechanistic"),
        effect="faster reaction",
        feature=feature,
        mechanism="inductive withdrawal",
        **extra,
    )


PAPER_A = PaperSpec(
    number=3,
    title="Amide coupling of anilines & benzoyl chloride",
    area="organic synthesis",
    journal="Sample Journal of Chemistry",
    issn="0000-0001",
    published=dt.date(2024, 5, 17),
    abstract=(
        Sent("Benzamides were made from anilines in <5% water."),
        Sent("Yields exceeded 90% & purities were high."),
    ),
    sections=(
        Section(
            "Introduction",
            (
                (
                    Sent(
                        "Acid <bold>1</bold> is shown in "
                        '<xref ref-type="fig" rid="f1">Fig. 1</xref>.',
                        ids=("1",),
                    ),
                    Sent("The anilines appear in Figures 2 and 3 of this report."),
                ),
            ),
        ),
        Section(
            "Results",
            (
                (
                    explained(
                        "Aniline <bold>2d</bold> reacted faster because the chlorine withdraws "
                        "electron density (Scheme 1b).",
                        ("2d",),
                        "chlorine",
                    ),
                    Sent(
                        "A 1.5 equiv excess and 10 mol% DMAP were used in Table 1.",
                        traps=("1.5 equiv", "10", "Table 1"),
                    ),
                    Sent(
                        "This was partly due to <bold>2e</bold>.",
                        label="partial",
                        ids=("2e",),
                        effect="slower",
                    ),
                ),
                (
                    Sent('Kinetics are plotted in <xref ref-type="fig" rid="f4">Fig. 4</xref>.'),
                    explained(
                        "Amide <bold>4a</bold> precipitated from the mixture.",
                        ("4a",),
                        "amide",
                        split_group="g1",
                        reasoning="Condition",
                    ),
                    explained(
                        "This is because its two benzene rings stack.",
                        ("4a",),
                        "two benzene rings",
                        split_group="g1",
                        reasoning="Condition",
                    ),
                ),
            ),
        ),
    ),
    figures=(
        FigureSpec("f1", "Figure 1", "Acid <bold>1</bold>.", "single_molecule", (BENZOIC,)),
        FigureSpec(
            "f2",
            "Figure 2",
            "The anilines <bold>2a</bold>–<bold>2f</bold>.",
            "grid",
            (ANILINE, TOLUIDINE, ANISIDINE, CHLORO, NITRO, NAPHTH),
        ),
        FigureSpec(
            "f3",
            "Scheme 1",
            "Coupling of <bold>3</bold> with <bold>2a</bold> (<5% H2O).",
            "reaction",
            steps=(
                Step(
                    (ACID_CL, Mol("2g", "Nc1ccccc1C", ANILINE.features)),
                    ("Et3N (1.5 equiv)", "CH2Cl2, 0 °C, 2 h"),
                    (AMIDE,),
                ),
            ),
        ),
        FigureSpec(
            "f4",
            "Figure 4",
            "Conversion against time.",
            "plot",
            chart=Chart("line", "Kinetics", "t / h", "conversion / %", ("2a", "2d"), seed=4),
            href_without_extension=True,
        ),
    ),
)

PAPER_B = PaperSpec(
    number=7,
    title="A two-step route to dihydropyranones",
    area="heterocycles",
    journal="Sample Letters",
    issn="0000-0002",
    published=dt.date(2023, 1, 2),
    abstract=(
        Sent("Pyranone <bold>8</bold> was made in two steps from <bold>5</bold>.", ids=("8", "5")),
    ),
    sections=(
        Section(
            "Results and discussion",
            (
                (
                    Sent(
                        'The building blocks (<xref ref-type="fig" rid="f1">Figure 1</xref>) '
                        "range from <bold>9</bold> to <bold>10b</bold>.",
                        ids=("9", "10b"),
                    ),
                    explained(
                        "Ester <bold>5</bold> condensed readily with <bold>6</bold> because "
                        "its active methylene is acidic.",
                        ("5", "6"),
                        "active methylene",
                        reasoning="Design",
                    ),
                    Sent(
                        "The route (Scheme 1) uses catalyst DFA1 at rt.",
                        traps=("DFA1",),
                    ),
                ),
                (
                    Sent(
                        'Spectra are in <xref ref-type="fig" rid="f3 f4">Figs. 3 and 4</xref>; '
                        "yields in Fig. 5.",
                    ),
                ),
            ),
        ),
    ),
    figures=(
        FigureSpec(
            "f1",
            "Figure 1",
            "Building blocks.",
            "irregular",
            (SMALL, BIG, STRAY, Mol("12", "c1ccncc1", ("pyridine", "N", "ring", "aromatic"))),
        ),
        FigureSpec(
            "f2",
            "Scheme 1",
            "Two steps.",
            "reaction_two_step",
            steps=(
                Step((ESTER, ALDEHYDE), ("piperidine (10 mol%)", "EtOH, reflux"), (ENONE,)),
                Step((ENONE,), ("DFA1 (5 mol%)", "toluene, 80 °C", "24 h"), (PYRAN,)),
            ),
        ),
        FigureSpec(
            "f3",
            "Figure 3",
            "IR of <bold>7</bold>.",
            "spectrum",
            chart=Chart("ir", "IR", "wavenumber / cm$^{-1}$", "T / %", seed=1),
        ),
        FigureSpec(
            "f4",
            "Figure 4",
            "NMR.",
            "spectrum",
            chart=Chart("nmr", "1H NMR", "δ / ppm", "intensity", seed=2),
        ),
        FigureSpec(
            "f5",
            "Figure 5",
            "Yields.",
            "plot",
            chart=Chart("bar", "Yields", "entry", "yield / %", ("run 1", "run 2"), seed=3),
        ),
    ),
    undiscussed=("11",),
)

SMALL_PAPERS = (PAPER_A, PAPER_B)


# ------------------------------------------------------------------ shared checks


def dark_mask(path: Path) -> np.ndarray:
    return (np.asarray(Image.open(path).convert("RGB")) < 255).any(axis=2)


def box_gap(a: list[int], b: list[int]) -> int:
    """White pixels between two boxes (negative when they overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2])
    dy = max(a[1] - b[3], b[1] - a[3])
    return max(dx, dy)


def check_figure(figure: dict[str, Any], folder: Path) -> None:
    path = folder / figure["image"]
    with Image.open(path) as image:
        assert image.size == (figure["width"], figure["height"]), figure["image"]
    dark = dark_mask(path)
    boxes: list[tuple[str, list[int]]] = []
    for structure in figure["structures"]:
        for key in ("box", "label_box"):
            box = structure[key]
            assert 0 <= box[0] < box[2] <= figure["width"], (figure["image"], box)
            assert 0 <= box[1] < box[3] <= figure["height"], (figure["image"], box)
            assert dark[box[1] : box[3], box[0] : box[2]].any(), (figure["image"], box)
            # tight: every edge row/column of the box holds ink
            region = dark[box[1] : box[3], box[0] : box[2]]
            assert region[0].any() and region[-1].any(), (figure["image"], key, box)
            assert region[:, 0].any() and region[:, -1].any(), (figure["image"], key, box)
        assert structure["label_box"][1] >= structure["box"][3], structure["identifier"]
        boxes.append((structure["identifier"], structure["box"]))
        boxes.append((structure["identifier"], structure["label_box"]))
    for item in (*figure["arrows"], *figure["conditions"]):
        box = item["box"]
        assert 0 <= box[0] < box[2] <= figure["width"] and 0 <= box[1] < box[3] <= figure["height"]
        assert dark[box[1] : box[3], box[0] : box[2]].any()
    unique = {(name, tuple(box)) for name, box in boxes}
    drawings = sorted(unique)
    for i, (name_a, box_a) in enumerate(drawings):
        for name_b, box_b in drawings[i + 1 :]:
            if name_a == name_b:
                continue  # a molecule and its own label sit 8-12 px apart by design
            assert box_gap(list(box_a), list(box_b)) >= MIN_WHITE, (
                figure["image"],
                name_a,
                name_b,
            )
        for item in (*figure["arrows"], *figure["conditions"]):
            assert box_gap(list(box_a), item["box"]) >= MIN_WHITE, (figure["image"], name_a)
    structure_boxes = {(s["identifier"], tuple(s["box"])) for s in figure["structures"]}
    assert len({box for _, box in structure_boxes}) == len(structure_boxes)
    if figure["class"] == "reaction_scheme":
        steps = 2 if figure["layout"] == "reaction_two_step" else 1
        assert [a["step"] for a in figure["arrows"]] == list(range(steps))
        assert {c["step"] for c in figure["conditions"]} == set(range(steps))
        assert len(figure["reactions"]) == steps
        assert all(s["step"] in range(steps) for s in figure["structures"])
        for arrow in figure["arrows"]:
            above = next(c for c in figure["conditions"] if c["step"] == arrow["step"])
            assert above["box"][3] <= arrow["box"][1]
    else:
        assert not figure["arrows"] and not figure["conditions"] and not figure["reactions"]
        assert all(s["step"] is None and s["role"] == "molecule" for s in figure["structures"])


def check_paper_text(paper: dict[str, Any], folder: Path) -> None:
    root = etree.parse(str(folder / paper["file"])).getroot()
    assert root.findtext(".//article-id") == paper["doi"]
    paragraphs = ["".join(p.itertext()) for p in root.iterfind(".//abstract/p")]
    paragraphs += ["".join(p.itertext()) for p in root.iterfind("./body/sec/p")]
    for sentence in paper["sentences"]:
        assert sentence["text"] in paragraphs[sentence["paragraph"]], sentence["text"]
    by_paragraph: dict[int, list[str]] = {}
    for sentence in paper["sentences"]:
        by_paragraph.setdefault(sentence["paragraph"], []).append(sentence["text"])
    assert [" ".join(texts) for _, texts in sorted(by_paragraph.items())] == paragraphs
    xlink = "{http://www.w3.org/1999/xlink}href"
    hrefs = {fig.get("id"): fig.find("graphic").get(xlink) for fig in root.iter("fig")}
    assert hrefs == {f["figure_key"]: f["href"] for f in paper["figures"]}
    for figure in paper["figures"]:
        assert (folder / figure["image"]).is_file()
        assert figure["href"] in (figure["image"], figure["image"].removesuffix(".png"))


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


# ------------------------------------------------------------------ group 1


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("small")
    make.render_corpus(SMALL_PAPERS, out)
    return out, json.loads((out / "gold.json").read_text(encoding="utf-8"))


def test_small_files_written(small: tuple[Path, dict[str, Any]]) -> None:
    out, gold = small
    names = {path.name for path in out.iterdir()}
    assert {"paper03.nxml", "paper07.nxml", "gold.json", "paper03_f4.png"} <= names
    assert len([n for n in names if n.endswith(".png")]) == 9
    assert gold["version"] == 1
    assert [p["number"] for p in gold["papers"]] == [3, 7]
    first = gold["papers"][0]
    assert first["doi"] == "10.5555/chemx-sample.03" and first["published"] == "2024-05-17"
    kinds = {f["layout"] for p in gold["papers"] for f in p["figures"]}
    assert kinds == set(make.CLASS_BY_KIND)


def test_small_xml_parses_and_matches_gold(small: tuple[Path, dict[str, Any]]) -> None:
    out, gold = small
    for paper in gold["papers"]:
        check_paper_text(paper, out)
    root = etree.parse(str(out / "paper03.nxml")).getroot()
    assert root.findtext(".//article-title") == PAPER_A.title
    assert "<5% water" in "".join(root.find(".//abstract").itertext())
    xlink = "{http://www.w3.org/1999/xlink}href"
    assert root.find(".//license").get(xlink) == "https://creativecommons.org/licenses/by/4.0/"
    assert root.findtext(".//pub-date/year") == "2024"
    graphic = root.find(".//fig[@id='f4']/graphic")
    assert graphic.get(xlink) == "paper03_f4"


def test_figures_follow_their_first_citing_paragraph(small: tuple[Path, dict[str, Any]]) -> None:
    out, _ = small
    body = etree.parse(str(out / "paper03.nxml")).getroot().find("body")
    order = [(el.tag, el.get("id")) for el in body.iter("p", "fig") if el.getparent().tag == "sec"]
    assert order == [
        ("p", None),
        ("fig", "f1"),
        ("fig", "f2"),
        ("p", None),
        ("fig", "f3"),
        ("p", None),
        ("fig", "f4"),
    ]


def test_rerender_is_byte_identical(small: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    out, _ = small
    make.render_corpus(SMALL_PAPERS, tmp_path)
    assert folder_bytes(tmp_path) == folder_bytes(out)


def test_small_figure_geometry(small: tuple[Path, dict[str, Any]]) -> None:
    out, gold = small
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            check_figure(figure, out)


def test_reaction_gold(small: tuple[Path, dict[str, Any]]) -> None:
    _, gold = small
    scheme = gold["papers"][0]["figures"][2]
    assert scheme["class"] == "reaction_scheme"
    assert [(s["identifier"], s["role"], s["step"]) for s in scheme["structures"]] == [
        ("3", "reactant", 0),
        ("2g", "reactant", 0),
        ("4a", "product", 0),
    ]
    assert [c["text"] for c in scheme["conditions"]] == ["Et3N (1.5 equiv)", "CH2Cl2, 0 °C, 2 h"]
    assert scheme["reactions"] == [
        {
            "reactants": ["3", "2g"],
            "products": ["4a"],
            "conditions": ["Et3N (1.5 equiv)", "CH2Cl2, 0 °C, 2 h"],
        }
    ]
    two = gold["papers"][1]["figures"][1]
    assert [(s["identifier"], s["role"], s["step"]) for s in two["structures"]] == [
        ("5", "reactant", 0),
        ("6", "reactant", 0),
        ("7", "product", 0),
        ("7", "reactant", 1),
        ("8", "product", 1),
    ]
    intermediate = [s["box"] for s in two["structures"] if s["identifier"] == "7"]
    assert intermediate[0] == intermediate[1]
    arrows = two["arrows"]
    assert arrows[0]["box"][2] < arrows[1]["box"][0]
    assert len([c for c in two["conditions"] if c["step"] == 1]) == 3
    assert two["reactions"][1] == {
        "reactants": ["7"],
        "products": ["8"],
        "conditions": ["DFA1 (5 mol%)", "toluene, 80 °C", "24 h"],
    }


def test_chart_figures(small: tuple[Path, dict[str, Any]]) -> None:
    out, gold = small
    charts = [f for p in gold["papers"] for f in p["figures"] if f["class"] == "non_chemistry"]
    assert {f["layout"] for f in charts} == {"plot", "spectrum"}
    for figure in charts:
        assert (figure["width"], figure["height"]) == (640, 480)
        assert not figure["structures"]
        assert dark_mask(out / figure["image"]).mean() > 0.01


def test_png_has_no_metadata(small: tuple[Path, dict[str, Any]]) -> None:
    out, _ = small
    for path in out.glob("*.png"):
        data = path.read_bytes()
        assert b"tEXt" not in data and b"iTXt" not in data and b"pHYs" not in data, path.name


def test_sentence_gold(small: tuple[Path, dict[str, Any]]) -> None:
    _, gold = small
    sentences = gold["papers"][0]["sentences"]
    assert [(s["paragraph"], s["index"], s["section"]) for s in sentences[:3]] == [
        (0, 0, "Abstract"),
        (0, 1, "Abstract"),
        (1, 0, "Introduction"),
    ]
    assert sentences[0]["text"] == "Benzamides were made from anilines in <5% water."
    assert sentences[2]["text"] == "Acid 1 is shown in Fig. 1."
    refs = {s["text"][:20]: s["figure_refs"] for p in gold["papers"] for s in p["sentences"]}
    assert refs["Acid 1 is shown in F"] == ["f1"]
    assert refs["The anilines appear "] == ["f2"]  # there is no Figure 3 in paper 3
    assert refs["Aniline 2d reacted f"] == ["f3"]  # "Scheme 1b"
    assert refs["A 1.5 equiv excess a"] == []  # "Table 1" is not a figure
    assert refs["The route (Scheme 1)"] == ["f2"]
    assert refs["Spectra are in Figs."] == ["f3", "f4", "f5"]
    explanatory = [s for s in sentences if s["label"] == "explanatory"]
    assert [s["split_group"] for s in explanatory] == [None, "g1", "g1"]
    assert explanatory[0]["feature"] == "chlorine" and explanatory[0]["identifiers"] == ["2d"]
    assert gold["papers"][1]["undiscussed"] == ["11"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See Fig. 2 and Figure 1.", ["f1", "f2"]),
        ("Figures 1 and 2 compare them.", ["f1", "f2"]),
        ("Figs. 1–3 show it.", ["f1", "f2", "f3"]),
        ("In Figure 1, 10 equiv were used.", ["f1"]),
        ("Scheme 1b and Scheme 2.", ["s1"]),
        ("Table 1 and Figure S1 are elsewhere.", []),
        ('<xref ref-type="fig" rid="f2 s1">this</xref> figure.', ["f2", "s1"]),
    ],
)
def test_figure_refs(text: str, expected: list[str]) -> None:
    figures = [
        FigureSpec("f1", "Figure 1", "", "plot"),
        FigureSpec("f2", "Figure 2", "", "plot"),
        FigureSpec("f3", "Figure 3", "", "plot"),
        FigureSpec("s1", "Scheme 1", "", "plot"),
    ]
    assert make.figure_refs(text, figures) == expected


def test_markup_is_escaped_except_inline_tags() -> None:
    marked = 'A <5% & <bold>3c</bold> in <xref ref-type="fig" rid="f1">Fig. 1</xref> > x.'
    jats = make.to_jats(marked)
    assert (
        jats
        == 'A &lt;5% &amp; <bold>3c</bold> in <xref ref-type="fig" rid="f1">Fig. 1</xref> &gt; x.'
    )
    assert make.plain_text(marked) == "A <5% & 3c in Fig. 1 > x."


def edit_sentence(paper: Any, **changes: Any) -> Any:
    """PAPER_A with its first Results sentence changed."""
    results = paper.sections[1]
    first = dataclasses.replace(results.paragraphs[0][0], **changes)
    paragraphs = ((first, *results.paragraphs[0][1:]), *results.paragraphs[1:])
    sections = (paper.sections[0], dataclasses.replace(results, paragraphs=paragraphs))
    return dataclasses.replace(paper, sections=sections)


@pytest.mark.parametrize(
    ("paper", "message"),
    [
        (edit_sentence(PAPER_A, mechanism=None), "explanatory sentence without mechanism"),
        (edit_sentence(PAPER_A, ids=("2d", "99")), "id '99' is not drawn"),
        (edit_sentence(PAPER_A, feature="nitro group"), "feature 'nitro group' is not a visible"),
        (edit_sentence(PAPER_A, text="Compound <i>x</i>."), "unsupported markup"),
        (edit_sentence(PAPER_A, text="<bold>2d</bold> and <bold>3</bold> ok."), "bold label '3'"),
        (edit_sentence(PAPER_A, traps=("Table 9",)), "trap 'Table 9' does not occur"),
        (edit_sentence(PAPER_A, split_group="g1"), "split group 'g1'"),
        (
            dataclasses.replace(PAPER_A, figures=(*PAPER_A.figures, PAPER_A.figures[0])),
            "duplicate figure key 'f1'",
        ),
        (
            dataclasses.replace(PAPER_B, undiscussed=("9",)),
            "undiscussed structure '9' is mentioned",
        ),
        (
            dataclasses.replace(
                PAPER_B,
                figures=(
                    *PAPER_B.figures,
                    FigureSpec("f9", "Figure 9", "again", "single_molecule", (SMALL,)),
                ),
            ),
            "structure label '9' is drawn in figure f1 and again",
        ),
        (
            dataclasses.replace(
                PAPER_B,
                figures=(FigureSpec("f1", "Figure 1", "", "reaction_two_step", steps=()),),
            ),
            "needs exactly 2 step(s)",
        ),
    ],
)
def test_validation_catches_content_mistakes(paper: Any, message: str, tmp_path: Path) -> None:
    with pytest.raises(make.SpecError) as caught:
        make.render_corpus([paper], tmp_path)
    assert message in str(caught.value)
    assert not list(tmp_path.iterdir())


def test_stale_files_are_removed(tmp_path: Path) -> None:
    (tmp_path / "paper99.nxml").write_text("old")
    (tmp_path / "paper99_f1.png").write_bytes(b"old")
    (tmp_path / "notes.txt").write_text("keep")
    make.render_corpus([PAPER_B], tmp_path)
    names = {path.name for path in tmp_path.iterdir()}
    assert "paper99.nxml" not in names and "paper99_f1.png" not in names
    assert "notes.txt" in names and "paper07.nxml" in names


# ------------------------------------------------------------------ group 2

needs_corpus = pytest.mark.skipif(
    not (SAMPLE / "gold.json").is_file(),
    reason="chemx/data/sample/gold.json is absent: run scripts/make_sample_corpus.py",
)


@pytest.fixture(scope="module")
def shipped() -> dict[str, Any]:
    return json.loads((SAMPLE / "gold.json").read_text(encoding="utf-8"))


@needs_corpus
def test_shipped_corpus_is_regenerated_exactly(tmp_path: Path) -> None:
    papers = importlib.import_module("sample_corpus_papers").PAPERS
    make.render_corpus(papers, tmp_path)
    shipped_files = {
        name: data
        for name, data in folder_bytes(SAMPLE).items()
        if name == "gold.json" or re.fullmatch(r"paper\d\d(\.nxml|_.+\.png)", name)
    }
    regenerated = folder_bytes(tmp_path)
    assert sorted(regenerated) == sorted(shipped_files)
    differing = [name for name in regenerated if regenerated[name] != shipped_files[name]]
    assert not differing, f"shipped files differ from a fresh render: {differing}"


@needs_corpus
def test_shipped_coverage(shipped: dict[str, Any]) -> None:
    papers = shipped["papers"]
    assert len(papers) >= 12
    figures = [f for p in papers for f in p["figures"]]
    assert {f["class"] for f in figures} == set(make.CLASS_BY_KIND.values())
    assert {f["layout"] for f in figures} == set(make.CLASS_BY_KIND)
    assert any(f["layout"] == "reaction_two_step" for f in figures)
    sentences = [s for p in papers for s in p["sentences"]]
    assert {s["label"] for s in sentences} == {"explanatory", "partial", "non_explanatory"}
    assert {s["reasoning_type"] for s in sentences} >= {"Mechanistic", "Design", "Condition"}
    assert len([s for s in sentences if s["label"] == "explanatory"]) >= 25


@needs_corpus
def test_shipped_geometry_and_text(shipped: dict[str, Any]) -> None:
    for paper in shipped["papers"]:
        check_paper_text(paper, SAMPLE)
        for figure in paper["figures"]:
            check_figure(figure, SAMPLE)


@needs_corpus
def test_shipped_explanations_are_grounded(shipped: dict[str, Any]) -> None:
    for paper in shipped["papers"]:
        features = {
            s["identifier"]: set(s["visible_features"])
            for f in paper["figures"]
            for s in f["structures"]
        }
        for sentence in paper["sentences"]:
            if sentence["label"] != "explanatory":
                continue
            assert sentence["effect"] and sentence["feature"] and sentence["mechanism"], sentence
            assert sentence["reasoning_type"] in {"Mechanistic", "Design", "Condition"}
            owners = [i for i in sentence["identifiers"] if sentence["feature"] in features[i]]
            assert owners, (paper["number"], sentence["text"], sentence["feature"])


@needs_corpus
def test_shipped_traps(shipped: dict[str, Any]) -> None:
    sentences = [s for p in shipped["papers"] for s in p["sentences"]]
    for token in ("DFA1", "10", "1.5 equiv", "Table 1"):
        assert any(token in s["traps"] and token in s["text"] for s in sentences), token
    for sentence in sentences:
        for trap in sentence["traps"]:
            assert trap in sentence["text"]


@needs_corpus
def test_shipped_undiscussed_structure(shipped: dict[str, Any]) -> None:
    undiscussed = [(p, label) for p in shipped["papers"] for label in p["undiscussed"]]
    assert len(undiscussed) == 1
    paper, label = undiscussed[0]
    drawn = {s["identifier"] for f in paper["figures"] for s in f["structures"]}
    assert label in drawn
    nxml = (SAMPLE / paper["file"]).read_text(encoding="utf-8")
    assert f"<bold>{label}</bold>" not in re.sub(r"<caption>.*?</caption>", "", nxml, flags=re.S)
    for sentence in paper["sentences"]:
        assert label not in sentence["identifiers"]
        assert not make.mentions_token(sentence["text"], label), sentence["text"]


@needs_corpus
def test_shipped_labels_unique_per_paper(shipped: dict[str, Any]) -> None:
    for paper in shipped["papers"]:
        seen: Counter[str] = Counter()
        for figure in paper["figures"]:
            appearances = [(s["identifier"], tuple(s["box"])) for s in figure["structures"]]
            seen.update(identifier for identifier, _ in set(appearances))
        repeated = [label for label, count in seen.items() if count > 1]
        assert not repeated, (paper["number"], repeated)
