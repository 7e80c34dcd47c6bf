"""Render the embedded sample corpus: JATS articles, figure images and `gold.json`.

The sample corpus lets `chemx build --corpus sample` run offline and lets every later
stage measure itself against known answers. The content lives in
`sample_corpus_papers.py` (`PAPERS`); this script only turns it into files, so the
chemistry can be edited without touching the drawing code.

Everything is deterministic (fixed seeds, PNGs re-saved through PIL without metadata,
sorted JSON keys): running the script twice gives byte-identical files, which the tests
use to prove the shipped corpus matches its source.

Figure geometry is what a segmenter or a layout model will be scored on, so the gold
boxes are measured from the pixels of the saved image, not from nominal sizes, and
separate drawings are kept at least `GAP` pixels of white apart.

Usage: python scripts/make_sample_corpus.py [--out DIR]
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.style
import numpy as np
from lxml import etree
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image, ImageDraw, ImageFont
from rdkit import Chem
from rdkit.Chem import rdDepictor
from rdkit.Chem.Draw import rdMolDraw2D

SCRIPTS_DIR = Path(__file__).resolve().parent
if str(SCRIPTS_DIR) not in sys.path:  # run as a script or imported from the tests
    sys.path.insert(0, str(SCRIPTS_DIR))

from sample_corpus_spec import (  # noqa: E402
    Chart,
    FigureSpec,
    Mol,
    PaperSpec,
    Section,
    Sent,
    Step,
)

REPO = SCRIPTS_DIR.parent
DEFAULT_OUT = REPO / "chemx" / "data" / "sample"
DOI_PREFIX = "10.5555/chemx-sample."
GOLD_VERSION = 1

FONT_DIR = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
LABEL_FONT_SIZE = 24
CONDITION_FONT_SIZE = 18

MARGIN = 40
"""White border around every chemistry figure."""
GAP = 40
"""White between separate drawings (molecules, labels of other molecules, arrows, '+')."""
LABEL_GAP = 10
"""White between a molecule and its own label."""
CONDITION_GAP = 8
"""White between the arrow and its condition lines, and between stacked lines."""
MOL_CANVAS = (1400, 1100)
"""RDKit canvas: large enough that `fixedBondLength` is honoured, then cropped to ink."""
BOND_SINGLE = 34.0
BOND_GRID = 28.0
BOND_REACTION = 28.0
BOND_LINE_WIDTH = 2
IRREGULAR_BONDS = (34.0, 22.0, 42.0, 27.0, 38.0, 24.0)
IRREGULAR_DROPS = (0, 62, 22, 34, 70, 8)
IRREGULAR_GAPS = (46, 92, 60, 78, 52)
IRREGULAR_PER_ROW = 3
ARROW_MIN_LENGTH = 110
ARROW_HEAD = (16, 14)
"""Arrow head length and height in pixels."""
ARROW_THICKNESS = 3
CHART_SIZE_IN = (6.4, 4.8)
CHART_DPI = 100

CLASS_BY_KIND = {
    "single_molecule": "single_molecule",
    "grid": "multiple_molecules",
    "irregular": "multiple_molecules",
    "reaction": "reaction_scheme",
    "reaction_two_step": "reaction_scheme",
    "plot": "non_chemistry",
    "spectrum": "non_chemistry",
}
CHART_STYLES = {"plot": ("line", "bar"), "spectrum": ("ir", "nmr")}
LABELS = ("explanatory", "partial", "non_explanatory")
REASONING = ("Mechanistic", "Design", "Condition")

INLINE_TAG = re.compile(r'<bold>|</bold>|<xref ref-type="fig" rid="(?P<rid>[^"<>&]*)">|</xref>')
"""The only markup sentence and caption text may hold; everything else is escaped."""
BOLD = re.compile(r"<bold>(?P<text>.*?)</bold>")
TAG_LIKE = re.compile(r"</?[A-Za-z][^<>]*>")
XML_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
FIGURE_LABEL = re.compile(r"(?P<kw>Figure|Fig\.|Scheme)\s*(?P<number>\d+)")
MENTION = re.compile(
    r"\b(?P<kw>Figs?\.?|Figures?|Schemes?)\s*(?P<first>\d+)(?:[a-z](?![A-Za-z]))?"
    r"(?P<more>(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*[–-]\s*|\s+to\s+)\d+(?:[a-z](?![A-Za-z]))?)*)"
)
"""Plain-text figure mentions; lists and ranges only after a plural keyword."""
MORE_NUMBER = re.compile(r"(?P<sep>\s*,\s*(?:and\s+)?|\s+and\s+|\s*[–-]\s*|\s+to\s+)(?P<n>\d+)")
FloatArray = np.ndarray[Any, np.dtype[np.float64]]
PAPER_FILE = re.compile(r"paper\d{2}(?:\.nxml|_.+\.png)")


class SpecError(ValueError):
    """The paper specs are inconsistent; the message lists every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {problem}" for problem in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in the sample corpus spec:\n{lines}")


# ---------------------------------------------------------------------------- text


def plain_text(marked: str) -> str:
    """Sentence text with the inline markup removed, whitespace as written."""
    return INLINE_TAG.sub("", marked)


def escape_text(text: str) -> str:
    """Escape XML special characters in element content."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_jats(marked: str) -> str:
    """Escape prose ("<5%", "&") while keeping the allowed `<bold>`/`<xref>` tags verbatim."""
    pieces: list[str] = []
    position = 0
    for match in INLINE_TAG.finditer(marked):
        pieces.append(escape_text(marked[position : match.start()]))
        pieces.append(match.group())
        position = match.end()
    pieces.append(escape_text(marked[position:]))
    return "".join(pieces)


def bold_labels(marked: str) -> list[str]:
    """Texts inside `<bold>` (compound labels, by the corpus convention)."""
    return [match.group("text") for match in BOLD.finditer(marked)]


def xref_rids(marked: str) -> list[str]:
    """Figure ids of every `<xref rid>`; a space-separated rid names several figures."""
    return [
        rid
        for match in INLINE_TAG.finditer(marked)
        if match.group("rid") is not None
        for rid in match.group("rid").split()
    ]


def figure_number_key(label: str) -> tuple[str, int] | None:
    """("figure", 2) for "Figure 2", ("scheme", 1) for "Scheme 1"."""
    match = FIGURE_LABEL.match(label)
    if match is None:
        return None
    return _mention_kind(match.group("kw")), int(match.group("number"))


def _mention_kind(keyword: str) -> str:
    return "scheme" if keyword.lower().startswith("scheme") else "figure"


def plain_mentions(text: str) -> list[tuple[str, int]]:
    """(kind, number) for "Fig. 2", "Figure 2", "Figures 2 and 3", "Scheme 1b", "Figs. 2–4"."""
    found: list[tuple[str, int]] = []
    for match in MENTION.finditer(text):
        kind = _mention_kind(match.group("kw"))
        first = int(match.group("first"))
        found.append((kind, first))
        if not match.group("kw").rstrip(".").endswith("s"):
            continue  # "Figure 1, 10 equiv": a singular keyword takes one number only
        previous = first
        for more in MORE_NUMBER.finditer(match.group("more")):
            number = int(more.group("n"))
            is_range = more.group("sep").strip() in {"–", "-", "to"}
            if is_range and 0 < number - previous <= 10:
                found.extend((kind, n) for n in range(previous + 1, number + 1))
            else:
                found.append((kind, number))
            previous = number
    return found


def figure_refs(marked: str, figures: Sequence[FigureSpec]) -> list[str]:
    """Figure keys a sentence references, in the paper's figure order."""
    by_number = {figure_number_key(figure.label): figure.key for figure in figures}
    keys = set(xref_rids(marked))
    keys.update(
        by_number[mention] for mention in plain_mentions(plain_text(marked)) if mention in by_number
    )
    return [figure.key for figure in figures if figure.key in keys]


def mentions_token(text: str, token: str) -> bool:
    """True if `token` occurs in `text` not glued to letters or digits ("3a" not in "13a")."""
    pattern = rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])"
    return re.search(pattern, text) is not None


# ---------------------------------------------------------------------- validation


@dataclass(frozen=True)
class Drawn:
    """One drawn appearance of a structure in a figure."""

    mol: Mol
    figure: FigureSpec
    step: int | None
    role: str


def drawn_structures(figure: FigureSpec) -> list[Drawn]:
    """Every structure appearance, the intermediate of a two-step scheme once per step."""
    if figure.kind in ("single_molecule", "grid", "irregular"):
        return [Drawn(mol, figure, None, "molecule") for mol in figure.molecules]
    drawn: list[Drawn] = []
    for index, step in enumerate(figure.steps):
        drawn.extend(Drawn(mol, figure, index, "reactant") for mol in step.reactants)
        drawn.extend(Drawn(mol, figure, index, "product") for mol in step.products)
    return drawn


def all_sentences(paper: PaperSpec) -> list[tuple[str, Sent]]:
    """(where, sentence) for the abstract and every body paragraph, in reading order."""
    found = [(f"abstract[{i}]", sent) for i, sent in enumerate(paper.abstract)]
    for section in paper.sections:
        for p, paragraph in enumerate(section.paragraphs):
            found.extend(
                (f"section {section.title!r} paragraph {p} sentence {i}", sent)
                for i, sent in enumerate(paragraph)
            )
    return found


def validate(papers: Sequence[PaperSpec]) -> None:
    """Check the specs before drawing anything, so content mistakes fail loudly here.

    Raises:
        SpecError: listing every inconsistency found in any paper.
    """
    problems: list[str] = []
    numbers = [paper.number for paper in papers]
    for number in sorted({n for n in numbers if numbers.count(n) > 1}):
        problems.append(f"paper number {number} is used more than once")
    for paper in papers:
        problems.extend(f"paper {paper.number:02d}: {p}" for p in _paper_problems(paper))
    if problems:
        raise SpecError(problems)


def _paper_problems(paper: PaperSpec) -> list[str]:
    problems: list[str] = []
    if not 1 <= paper.number <= 99:
        problems.append(f"number {paper.number} is not in 1..99 (files are paperNN)")
    if not paper.abstract:
        problems.append("the abstract has no sentences")
    for figure in paper.figures:
        problems.extend(_figure_problems(figure))
    problems.extend(_figure_key_problems(paper))
    problems.extend(_label_problems(paper))
    drawn = {d.mol.label: d.mol for f in paper.figures for d in drawn_structures(f)}
    for where, sent in all_sentences(paper):
        problems.extend(f"{where}: {p}" for p in _sentence_problems(sent, paper, drawn))
    problems.extend(_split_group_problems(paper))
    problems.extend(_undiscussed_problems(paper, drawn))
    return problems


def _figure_key_problems(paper: PaperSpec) -> list[str]:
    problems: list[str] = []
    keys = [figure.key for figure in paper.figures]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        problems.append(f"duplicate figure key {key!r}")
    numbers = [figure_number_key(figure.label) for figure in paper.figures]
    for figure, number in zip(paper.figures, numbers, strict=True):
        if number is None:
            problems.append(
                f"figure {figure.key}: label {figure.label!r} is not 'Figure N'/'Scheme N'"
            )
        elif numbers.count(number) > 1:
            problems.append(f"figure {figure.key}: label {figure.label!r} is used twice")
    return problems


def _figure_problems(figure: FigureSpec) -> list[str]:
    where = f"figure {figure.key}"
    problems: list[str] = []
    if XML_ID.fullmatch(figure.key) is None:
        problems.append(f"{where}: key {figure.key!r} is not a valid XML id")
    if figure.kind not in CLASS_BY_KIND:
        return [f"{where}: unknown kind {figure.kind!r}"]
    problems.extend(f"{where}: caption {p}" for p in _markup_problems(figure.caption))
    problems.extend(f"{where}: {p}" for p in _kind_problems(figure))
    for drawn in drawn_structures(figure):
        problems.extend(f"{where}: {p}" for p in _mol_problems(drawn.mol))
    return problems


def _kind_problems(figure: FigureSpec) -> list[str]:
    kind = figure.kind
    has_mols, has_steps, has_chart = bool(figure.molecules), bool(figure.steps), bool(figure.chart)
    if kind in CHART_STYLES:
        if figure.chart is None or has_mols or has_steps:
            return [f"a {kind} needs a chart and no molecules or steps"]
        if figure.chart.style not in CHART_STYLES[kind]:
            return [f"a {kind} cannot use chart style {figure.chart.style!r}"]
        return []
    if has_chart:
        return [f"a {kind} figure cannot have a chart"]
    if kind == "single_molecule" and (len(figure.molecules) != 1 or has_steps):
        return ["a single_molecule figure needs exactly one molecule and no steps"]
    if kind in ("grid", "irregular") and (len(figure.molecules) < 2 or has_steps):
        return [f"a {kind} figure needs at least two molecules and no steps"]
    if kind in ("reaction", "reaction_two_step"):
        return _step_problems(figure)
    return []


def _step_problems(figure: FigureSpec) -> list[str]:
    wanted = 1 if figure.kind == "reaction" else 2
    if figure.molecules or len(figure.steps) != wanted:
        return [f"a {figure.kind} figure needs exactly {wanted} step(s) and no molecules"]
    problems: list[str] = []
    for index, step in enumerate(figure.steps):
        if not step.reactants or not step.products:
            problems.append(f"step {index} needs reactants and products")
        if len(step.conditions) < 1:
            problems.append(f"step {index} has no condition lines")
        labels = [mol.label for mol in (*step.reactants, *step.products)]
        if len(set(labels)) != len(labels):
            problems.append(f"step {index} draws a label twice: {labels}")
    if wanted == 2:
        first = {mol.label for mol in figure.steps[0].products}
        second = [mol for mol in figure.steps[1].reactants if mol.label in first]
        if not second:
            problems.append(
                "a two-step scheme needs an intermediate: a product of step 0 "
                "that is a reactant of step 1"
            )
        if {mol.label for mol in figure.steps[0].reactants} & {
            mol.label for mol in figure.steps[1].products
        }:
            problems.append("a step-0 reactant is also a step-1 product")
        by_label = {mol.label: mol for mol in figure.steps[0].products}
        problems.extend(
            f"intermediate {mol.label!r} differs between the steps"
            for mol in second
            if by_label[mol.label] != mol
        )
    return problems


def _mol_problems(mol: Mol) -> list[str]:
    problems: list[str] = []
    if not mol.label.strip() or mol.label != mol.label.strip():
        problems.append(f"molecule label {mol.label!r} is empty or padded")
    if Chem.MolFromSmiles(mol.smiles) is None:
        problems.append(f"molecule {mol.label!r}: SMILES {mol.smiles!r} does not parse")
    if not 4 <= len(mol.features) <= 7:
        problems.append(f"molecule {mol.label!r} has {len(mol.features)} features (want 4-7)")
    if len(set(mol.features)) != len(mol.features):
        problems.append(f"molecule {mol.label!r} repeats a feature")
    return problems


def _label_problems(paper: PaperSpec) -> list[str]:
    """A label may be drawn once per paper; only a two-step intermediate appears twice."""
    problems: list[str] = []
    seen: dict[str, tuple[str, Mol]] = {}
    for figure in paper.figures:
        shown: dict[str, Mol] = {}
        for drawn in drawn_structures(figure):
            shown.setdefault(drawn.mol.label, drawn.mol)
        for label, mol in shown.items():
            if label in seen:
                problems.append(
                    f"structure label {label!r} is drawn in figure {seen[label][0]} and again "
                    f"in figure {figure.key}"
                )
            else:
                seen[label] = (figure.key, mol)
        if figure.kind in ("single_molecule", "grid", "irregular"):
            labels = [mol.label for mol in figure.molecules]
            for label in sorted({x for x in labels if labels.count(x) > 1}):
                problems.append(f"figure {figure.key} draws label {label!r} twice")
    return problems


def _markup_problems(marked: str) -> list[str]:
    problems: list[str] = []
    leftover = TAG_LIKE.search(INLINE_TAG.sub("", marked))
    if leftover is not None:
        problems.append(f"unsupported markup {leftover.group()!r} (only <bold> and fig <xref>)")
    try:
        etree.fromstring(f"<p>{to_jats(marked)}</p>".encode())
    except etree.XMLSyntaxError as error:
        problems.append(f"markup is not well formed ({error}): {marked!r}")
    return problems


def _sentence_problems(sent: Sent, paper: PaperSpec, drawn: dict[str, Mol]) -> list[str]:
    text = plain_text(sent.text)
    problems = _markup_problems(sent.text)
    if text != text.strip() or not text:
        problems.append(f"sentence is empty or has outer whitespace: {sent.text!r}")
    keys = {figure.key for figure in paper.figures}
    problems.extend(
        f"xref to unknown figure {rid!r}" for rid in xref_rids(sent.text) if rid not in keys
    )
    if sent.label not in LABELS:
        problems.append(f"unknown label {sent.label!r}")
    if sent.reasoning is not None and sent.reasoning not in REASONING:
        problems.append(f"unknown reasoning type {sent.reasoning!r}")
    problems.extend(
        f"id {i!r} is not drawn in any figure of the paper" for i in sent.ids if i not in drawn
    )
    problems.extend(
        f"bold label {b!r} is a drawn structure but not in ids {list(sent.ids)}"
        for b in bold_labels(sent.text)
        if b in drawn and b not in sent.ids
    )
    problems.extend(_explanation_problems(sent, drawn))
    for trap in sent.traps:
        if trap not in text:
            problems.append(f"trap {trap!r} does not occur in the text")
        if trap in drawn:
            problems.append(f"trap {trap!r} is also a drawn structure label")
    return problems


def _explanation_problems(sent: Sent, drawn: dict[str, Mol]) -> list[str]:
    fields = {"reasoning": sent.reasoning, "effect": sent.effect, "feature": sent.feature}
    fields["mechanism"] = sent.mechanism
    if sent.label == "non_explanatory":
        set_fields = [name for name, value in fields.items() if value]
        return [f"non_explanatory sentence sets {set_fields}"] if set_fields else []
    if sent.label != "explanatory":
        return []
    problems = [
        f"explanatory sentence without {name}" for name, value in fields.items() if not value
    ]
    if not sent.ids:
        problems.append("explanatory sentence names no compound (ids)")
    features = {f for i in sent.ids if i in drawn for f in drawn[i].features}
    if sent.feature and sent.ids and sent.feature not in features:
        problems.append(
            f"feature {sent.feature!r} is not a visible feature of {list(sent.ids)} "
            f"(have {sorted(features)})"
        )
    return problems


def _split_group_problems(paper: PaperSpec) -> list[str]:
    """A split explanation spans adjacent sentences of one paragraph."""
    problems: list[str] = []
    paragraphs = [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
    where: dict[str, list[tuple[int, int]]] = {}
    for p, paragraph in enumerate(paragraphs):
        for i, sent in enumerate(paragraph):
            if sent.split_group is not None:
                where.setdefault(sent.split_group, []).append((p, i))
    for group, places in sorted(where.items()):
        indices = [i for _, i in places]
        adjacent = indices == list(range(indices[0], indices[0] + len(indices)))
        if len(places) < 2 or len({p for p, _ in places}) != 1 or not adjacent:
            problems.append(f"split group {group!r} is not 2+ adjacent sentences of one paragraph")
    return problems


def _undiscussed_problems(paper: PaperSpec, drawn: dict[str, Mol]) -> list[str]:
    problems: list[str] = []
    for label in paper.undiscussed:
        if label not in drawn:
            problems.append(f"undiscussed structure {label!r} is not drawn in any figure")
        for where, sent in all_sentences(paper):
            text = plain_text(sent.text)
            if label in sent.ids or label in bold_labels(sent.text) or mentions_token(text, label):
                problems.append(f"undiscussed structure {label!r} is mentioned in {where}")
    return problems


# ------------------------------------------------------------------------- drawing


@dataclass
class Sprite:
    """A cropped image placed at (x, y) in figure coordinates; `tag` names it in the gold."""

    image: Image.Image
    x: int
    y: int
    tag: tuple[Any, ...] | None = None

    @property
    def width(self) -> int:
        """Pixel width of the sprite."""
        return self.image.width

    @property
    def height(self) -> int:
        """Pixel height of the sprite."""
        return self.image.height


@dataclass
class Block:
    """A molecule drawing with its label centred under it, in block coordinates."""

    mol: Mol
    drawing: Image.Image
    label: Image.Image

    @property
    def width(self) -> int:
        """The wider of the drawing and its label."""
        return max(self.drawing.width, self.label.width)

    @property
    def height(self) -> int:
        """Drawing, gap and label stacked."""
        return self.drawing.height + LABEL_GAP + self.label.height

    def sprites(self, x: int, y: int, index: int) -> list[Sprite]:
        """The drawing and the label with the block's top-left corner at (x, y)."""
        drawing_x = x + (self.width - self.drawing.width) // 2
        label_x = x + (self.width - self.label.width) // 2
        label_y = y + self.drawing.height + LABEL_GAP
        return [
            Sprite(self.drawing, drawing_x, y, ("mol", index)),
            Sprite(self.label, label_x, label_y, ("label", index)),
        ]


@dataclass
class Rendered:
    """A figure image and its gold geometry."""

    image: Image.Image
    structures: list[dict[str, Any]] = field(default_factory=list)
    arrows: list[dict[str, Any]] = field(default_factory=list)
    conditions: list[dict[str, Any]] = field(default_factory=list)
    reactions: list[dict[str, Any]] = field(default_factory=list)


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu from matplotlib's data: present wherever the toolkit is installed."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def ink_bbox(image: Image.Image) -> tuple[int, int, int, int] | None:
    """Tight box of the non-white pixels, x1/y1 exclusive; None for a blank image."""
    pixels = np.asarray(image.convert("RGB"))
    dark = (pixels < 255).any(axis=2)
    rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
    if rows.size == 0:
        return None
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def crop_to_ink(image: Image.Image) -> Image.Image:
    """The image cut down to its ink, as a fresh RGB image (no inherited metadata)."""
    box = ink_bbox(image)
    if box is None:
        raise ValueError("nothing was drawn")
    return fresh_rgb(image.crop(box))


def fresh_rgb(image: Image.Image) -> Image.Image:
    """A metadata-free RGB copy, so PNG bytes depend on pixels only."""
    return Image.fromarray(np.array(image.convert("RGB"), dtype=np.uint8), mode="RGB")


def draw_molecule(smiles: str, bond_length: float) -> Image.Image:
    """A black-and-white RDKit depiction at a fixed bond length, cropped to its ink."""
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise ValueError(f"SMILES does not parse: {smiles!r}")
    rdDepictor.SetPreferCoordGen(True)
    rdDepictor.Compute2DCoords(mol)
    drawer = rdMolDraw2D.MolDraw2DCairo(*MOL_CANVAS)
    options: Any = drawer.drawOptions()  # the RDKit stubs type its attributes wrongly
    options.useBWAtomPalette()
    options.bondLineWidth = BOND_LINE_WIDTH
    options.fixedBondLength = bond_length
    options.addStereoAnnotation = False
    options.includeMetadata = False
    options.clearBackground = True
    rdMolDraw2D.PrepareAndDrawMolecule(drawer, mol)
    drawer.FinishDrawing()
    return crop_to_ink(Image.open(io.BytesIO(drawer.GetDrawingText())))


def draw_text(text: str, size: int, *, bold: bool = False) -> Image.Image:
    """A line of black text cropped to its ink."""
    face = font(size, bold=bold)
    x0, y0, x1, y1 = (math.floor(v) for v in face.getbbox(text))
    image = Image.new("RGB", (x1 - x0 + 10, y1 - y0 + 10), "white")
    ImageDraw.Draw(image).text((4 - x0, 4 - y0), text, font=face, fill="black")
    return crop_to_ink(image)


def draw_arrow(length: int) -> Image.Image:
    """A horizontal reaction arrow: a line ending in a filled triangular head."""
    head_length, head_height = ARROW_HEAD
    image = Image.new("RGB", (length, head_height + 1), "white")
    draw = ImageDraw.Draw(image)
    middle = head_height // 2
    draw.line((0, middle, length - head_length, middle), fill="black", width=ARROW_THICKNESS)
    draw.polygon(
        [(length - 1, middle), (length - head_length, 0), (length - head_length, head_height)],
        fill="black",
    )
    return crop_to_ink(image)


def draw_plus(size: int = 20) -> Image.Image:
    """The '+' between reactants."""
    image = Image.new("RGB", (size + 1, size + 1), "white")
    draw = ImageDraw.Draw(image)
    middle = size // 2
    draw.line((0, middle, size, middle), fill="black", width=3)
    draw.line((middle, 0, middle, size), fill="black", width=3)
    return crop_to_ink(image)


def make_block(mol: Mol, bond_length: float) -> Block:
    return Block(
        mol,
        draw_molecule(mol.smiles, bond_length),
        draw_text(mol.label, LABEL_FONT_SIZE, bold=True),
    )


def compose(sprites: Sequence[Sprite]) -> tuple[Image.Image, dict[tuple[Any, ...], list[int]]]:
    """Paste the sprites on a white canvas with a margin; measure each tagged one's ink box."""
    left = min(s.x for s in sprites)
    top = min(s.y for s in sprites)
    width = max(s.x + s.width for s in sprites) - left + 2 * MARGIN
    height = max(s.y + s.height for s in sprites) - top + 2 * MARGIN
    canvas = Image.new("RGB", (width, height), "white")
    for sprite in sprites:
        canvas.paste(sprite.image, (sprite.x - left + MARGIN, sprite.y - top + MARGIN))
    boxes: dict[tuple[Any, ...], list[int]] = {}
    for sprite in sprites:
        if sprite.tag is None:
            continue
        x, y = sprite.x - left + MARGIN, sprite.y - top + MARGIN
        box = ink_bbox(canvas.crop((x, y, x + sprite.width, y + sprite.height)))
        if box is None:
            raise ValueError(f"sprite {sprite.tag} left no ink")
        boxes[sprite.tag] = [x + box[0], y + box[1], x + box[2], y + box[3]]
    return canvas, boxes


def structure_entry(
    mol: Mol, boxes: dict[tuple[Any, ...], list[int]], index: int, role: str, step: int | None
) -> dict[str, Any]:
    return {
        "identifier": mol.label,
        "role": role,
        "box": boxes[("mol", index)],
        "label_box": boxes[("label", index)],
        "smiles": mol.smiles,
        "visible_features": list(mol.features),
        "step": step,
    }


def render_single(figure: FigureSpec) -> Rendered:
    block = make_block(figure.molecules[0], BOND_SINGLE)
    image, boxes = compose(block.sprites(0, 0, 0))
    return Rendered(image, [structure_entry(block.mol, boxes, 0, "molecule", None)])


def grid_shape(count: int) -> tuple[int, int]:
    """(rows, cols): three across, but 2x2 for four so no cell is left lonely."""
    cols = 2 if count in (2, 4) else 3
    cols = min(cols, count)
    return math.ceil(count / cols), cols


def render_grid(figure: FigureSpec) -> Rendered:
    blocks = [make_block(mol, BOND_GRID) for mol in figure.molecules]
    _, cols = grid_shape(len(blocks))
    cell_w = max(b.width for b in blocks)
    cell_h = max(b.height for b in blocks)
    sprites: list[Sprite] = []
    for index, block in enumerate(blocks):
        row, col = divmod(index, cols)
        x = col * (cell_w + GAP) + (cell_w - block.width) // 2
        y = row * (cell_h + GAP) + (cell_h - block.height) // 2
        sprites.extend(block.sprites(x, y, index))
    image, boxes = compose(sprites)
    structures = [structure_entry(b.mol, boxes, i, "molecule", None) for i, b in enumerate(blocks)]
    return Rendered(image, structures)


def render_irregular(figure: FigureSpec) -> Rendered:
    """Molecules at different scales and heights, rows staggered: nothing lines up."""
    blocks = [
        make_block(mol, IRREGULAR_BONDS[i % len(IRREGULAR_BONDS)])
        for i, mol in enumerate(figure.molecules)
    ]
    sprites: list[Sprite] = []
    row_top = 0
    for start in range(0, len(blocks), IRREGULAR_PER_ROW):
        row = range(start, min(start + IRREGULAR_PER_ROW, len(blocks)))
        x = 0 if (start // IRREGULAR_PER_ROW) % 2 == 0 else 72
        bottom = row_top
        for index in row:
            y = row_top + IRREGULAR_DROPS[index % len(IRREGULAR_DROPS)]
            sprites.extend(blocks[index].sprites(x, y, index))
            bottom = max(bottom, y + blocks[index].height)
            x += blocks[index].width + IRREGULAR_GAPS[index % len(IRREGULAR_GAPS)]
        row_top = bottom + GAP + 16
    image, boxes = compose(sprites)
    structures = [structure_entry(b.mol, boxes, i, "molecule", None) for i, b in enumerate(blocks)]
    return Rendered(image, structures)


@dataclass
class ArrowItem:
    """One reaction arrow with its condition lines (first above, the rest below)."""

    step: int
    arrow: Image.Image
    lines: list[Image.Image]
    texts: tuple[str, ...]


RowItem = Block | ArrowItem | Image.Image
"""A reaction-row element: a molecule block, an arrow with conditions, or a '+'."""


def reaction_row(steps: Sequence[Step]) -> tuple[list[RowItem], list[tuple[int, str, int]]]:
    """Row elements left to right, and (block index, role, step) per structure appearance.

    A reactant already drawn as the previous step's product (the intermediate) is not
    drawn again; it gets a second appearance pointing at the same block.
    """
    items: list[RowItem] = []
    blocks: list[Block] = []
    by_label: dict[str, int] = {}
    appearances: list[tuple[int, str, int]] = []

    def add_block(mol: Mol) -> int:
        if items and isinstance(items[-1], Block):
            items.append(draw_plus())
        block = make_block(mol, BOND_REACTION)
        items.append(block)
        blocks.append(block)
        by_label[mol.label] = len(blocks) - 1
        return len(blocks) - 1

    for index, step in enumerate(steps):
        for mol in step.reactants:
            reused = by_label.get(mol.label)
            appearances.append((add_block(mol) if reused is None else reused, "reactant", index))
        lines = [draw_text(text, CONDITION_FONT_SIZE) for text in step.conditions]
        length = max([ARROW_MIN_LENGTH, *(line.width + 28 for line in lines)])
        items.append(ArrowItem(index, draw_arrow(length), lines, step.conditions))
        for mol in step.products:
            appearances.append((add_block(mol), "product", index))
    return items, appearances


def arrow_sprites(item: ArrowItem, x: int, middle: int) -> list[Sprite]:
    """The arrow centred on `middle`, line 0 above it, the other lines stacked below."""
    arrow_y = middle - item.arrow.height // 2
    sprites = [Sprite(item.arrow, x, arrow_y, ("arrow", item.step))]
    centre = x + item.arrow.width // 2
    if item.lines:
        first = item.lines[0]
        y = arrow_y - CONDITION_GAP - first.height
        sprites.append(Sprite(first, centre - first.width // 2, y, ("cond", item.step, 0)))
    y = arrow_y + item.arrow.height + CONDITION_GAP
    for number, line in enumerate(item.lines[1:], start=1):
        sprites.append(Sprite(line, centre - line.width // 2, y, ("cond", item.step, number)))
        y += line.height + CONDITION_GAP
    return sprites


def render_reaction(figure: FigureSpec) -> Rendered:
    """Reactants (+) -> arrow with conditions -> products, drawings centred on one line."""
    items, appearances = reaction_row(figure.steps)
    blocks = [item for item in items if isinstance(item, Block)]
    sprites: list[Sprite] = []
    x = 0
    for item in items:
        if isinstance(item, Block):
            index = next(i for i, block in enumerate(blocks) if block is item)
            x_block = x
            y = -(item.drawing.height // 2)
            sprites.extend(item.sprites(x_block, y, index))
            x += item.width
        elif isinstance(item, ArrowItem):
            sprites.extend(arrow_sprites(item, x, 0))
            x += item.arrow.width
        else:
            sprites.append(Sprite(item, x, -(item.height // 2)))
            x += item.width
        x += GAP
    image, boxes = compose(sprites)
    structures = [
        structure_entry(blocks[index].mol, boxes, index, role, step)
        for index, role, step in appearances
    ]
    arrows = [{"box": boxes[("arrow", i)], "step": i} for i in range(len(figure.steps))]
    conditions = [
        {"text": text, "box": boxes[("cond", i, n)], "step": i}
        for i, step in enumerate(figure.steps)
        for n, text in enumerate(step.conditions)
    ]
    reactions = [
        {
            "reactants": [mol.label for mol in step.reactants],
            "products": [mol.label for mol in step.products],
            "conditions": list(step.conditions),
        }
        for step in figure.steps
    ]
    return Rendered(image, structures, arrows, conditions, reactions)


# -------------------------------------------------------------------------- charts


def render_chart(chart: Chart) -> Rendered:
    """A matplotlib chart at 640x480, re-saved through PIL so the PNG carries no metadata."""
    rng = np.random.default_rng(chart.seed)
    with matplotlib.style.context("default"):
        fig = Figure(figsize=CHART_SIZE_IN, dpi=CHART_DPI)
        FigureCanvasAgg(fig)
        axes = fig.add_subplot()
        CHART_DRAWERS[chart.style](axes, chart, rng)
        axes.set_title(chart.title)
        axes.set_xlabel(chart.x_label)
        axes.set_ylabel(chart.y_label)
        if chart.series:
            axes.legend(frameon=False)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=CHART_DPI, metadata={"Software": None})
    buffer.seek(0)
    return Rendered(fresh_rgb(Image.open(buffer)))


def _series(chart: Chart) -> tuple[str | None, ...]:
    return chart.series or (None,)


def _line_chart(axes: Axes, chart: Chart, rng: np.random.Generator) -> None:
    x = np.linspace(0, 10, 11)
    for number, name in enumerate(_series(chart)):
        rate = rng.uniform(0.2, 0.6)
        plateau = rng.uniform(60, 98)
        y = plateau * (1 - np.exp(-rate * x)) + rng.normal(0, 1.5, x.size)
        axes.plot(x, y, marker="os^dv<>"[number % 7], label=name)
    axes.grid(alpha=0.3)


def _bar_chart(axes: Axes, chart: Chart, rng: np.random.Generator) -> None:
    categories = ["A", "B", "C", "D", "E"]
    series = _series(chart)
    width = 0.8 / len(series)
    positions = np.arange(len(categories))
    for number, name in enumerate(series):
        heights = rng.uniform(20, 95, len(categories))
        axes.bar(positions + (number - (len(series) - 1) / 2) * width, heights, width, label=name)
    axes.set_xticks(positions, categories)


def _lorentzian(x: FloatArray, centre: float, width: float) -> FloatArray:
    return 1.0 / (1.0 + ((x - centre) / width) ** 2)


IR_BANDS: tuple[float, ...] = (3350.0, 3060.0, 2950.0, 2860.0, 2230.0, 1715.0, 1650.0)
IR_BANDS += (1600.0, 1450.0, 1250.0, 1100.0, 820.0, 750.0)


def _ir_chart(axes: Axes, chart: Chart, rng: np.random.Generator) -> None:
    x = np.linspace(4000, 500, 3501)
    for number, name in enumerate(_series(chart)):
        bands = rng.choice(IR_BANDS, size=6, replace=False)
        y = np.full_like(x, 95.0) + rng.normal(0, 0.3, x.size)
        for band in bands:
            y -= rng.uniform(25, 70) * _lorentzian(
                x, band + rng.uniform(-15, 15), rng.uniform(6, 18)
            )
        axes.plot(x, np.clip(y, 0, 100) - 20 * number, linewidth=1.0, label=name)
    axes.set_xlim(4000, 500)  # inverted, as IR spectra are printed


def _nmr_chart(axes: Axes, chart: Chart, rng: np.random.Generator) -> None:
    x = np.linspace(0, 10, 8001)
    for number, name in enumerate(_series(chart)):
        y = rng.normal(0, 0.0015, x.size)
        for _ in range(int(rng.integers(5, 9))):
            centre, height = rng.uniform(0.8, 8.5), rng.uniform(0.3, 1.0)
            split = int(rng.integers(1, 4))
            for k in range(split):
                y += height / split * _lorentzian(x, centre + (k - (split - 1) / 2) * 0.03, 0.004)
        axes.plot(x, y + 1.2 * number, linewidth=0.8, label=name)
    axes.set_xlim(10, 0)  # ppm decreases to the right


CHART_DRAWERS = {"line": _line_chart, "bar": _bar_chart, "ir": _ir_chart, "nmr": _nmr_chart}


def render_figure(figure: FigureSpec) -> Rendered:
    """Draw one figure of any kind."""
    if figure.chart is not None:
        return render_chart(figure.chart)
    if figure.kind == "single_molecule":
        return render_single(figure)
    if figure.kind == "grid":
        return render_grid(figure)
    if figure.kind == "irregular":
        return render_irregular(figure)
    return render_reaction(figure)


# --------------------------------------------------------------------------- paper


def file_stem(paper: PaperSpec) -> str:
    return f"paper{paper.number:02d}"


def image_name(paper: PaperSpec, figure: FigureSpec) -> str:
    return f"{file_stem(paper)}_{figure.key}.png"


def href(paper: PaperSpec, figure: FigureSpec) -> str:
    name = image_name(paper, figure)
    return name.removesuffix(".png") if figure.href_without_extension else name


def figure_xml(paper: PaperSpec, figure: FigureSpec) -> str:
    return (
        f'<fig id="{figure.key}"><label>{escape_text(figure.label)}</label>'
        f"<caption><p>{to_jats(figure.caption)}</p></caption>"
        f'<graphic xlink:href="{escape_text(href(paper, figure))}"/></fig>'
    )


def figure_placement(paper: PaperSpec) -> dict[tuple[int, int], list[FigureSpec]]:
    """Figures by (section, paragraph) they follow: the first body paragraph citing them.

    Figures cited by no body paragraph go under key (-1, -1), the end of the body.
    """
    placed: dict[tuple[int, int], list[FigureSpec]] = {}
    for figure in paper.figures:
        where = (-1, -1)
        for s, section in enumerate(paper.sections):
            for p, paragraph in enumerate(section.paragraphs):
                cited = any(figure.key in figure_refs(x.text, paper.figures) for x in paragraph)
                if cited and where == (-1, -1):
                    where = (s, p)
        placed.setdefault(where, []).append(figure)
    return placed


def paragraph_xml(paragraph: Iterable[Sent]) -> str:
    return "<p>" + " ".join(to_jats(sent.text) for sent in paragraph) + "</p>"


def section_xml(
    paper: PaperSpec, index: int, section: Section, placed: dict[tuple[int, int], list[FigureSpec]]
) -> str:
    parts = [f"  <sec><title>{escape_text(section.title)}</title>"]
    for p, paragraph in enumerate(section.paragraphs):
        parts.append(f"   {paragraph_xml(paragraph)}")
        parts.extend(f"   {figure_xml(paper, f)}" for f in placed.get((index, p), []))
    parts.append("  </sec>")
    return "\n".join(parts)


def paper_xml(paper: PaperSpec) -> str:
    """The JATS article: front matter with a CC BY licence, body sections, figures."""
    placed = figure_placement(paper)
    date = paper.published
    front = f"""<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article">
 <front>
  <journal-meta><journal-title-group><journal-title>{escape_text(paper.journal)}</journal-title></journal-title-group><issn pub-type="epub">{escape_text(paper.issn)}</issn></journal-meta>
  <article-meta>
   <article-id pub-id-type="doi">{DOI_PREFIX}{paper.number:02d}</article-id>
   <title-group><article-title>{escape_text(paper.title)}</article-title></title-group>
   <pub-date pub-type="epub"><day>{date.day:02d}</day><month>{date.month:02d}</month><year>{date.year}</year></pub-date>
   <permissions><copyright-statement>© {date.year} The authors. A synthetic sample written for chemx; the chemistry is invented.</copyright-statement><license xlink:href="https://creativecommons.org/licenses/by/4.0/"><license-p>This sample article is distributed under CC BY 4.0.</license-p></license></permissions>
   <abstract>{paragraph_xml(paper.abstract)}</abstract>
  </article-meta>
 </front>
 <body>
"""  # noqa: E501
    sections = [section_xml(paper, i, s, placed) for i, s in enumerate(paper.sections)]
    tail = [f"  {figure_xml(paper, f)}" for f in placed.get((-1, -1), [])]
    return front + "\n".join([*sections, *tail]) + "\n </body>\n</article>\n"


def sentence_gold(paper: PaperSpec) -> list[dict[str, Any]]:
    """One gold record per sentence; paragraph 0 is the abstract."""
    paragraphs: list[tuple[str, tuple[Sent, ...]]] = [("Abstract", paper.abstract)]
    paragraphs.extend((s.title, p) for s in paper.sections for p in s.paragraphs)
    return [
        {
            "text": plain_text(sent.text),
            "paragraph": p,
            "index": i,
            "section": section,
            "label": sent.label,
            "identifiers": list(sent.ids),
            "figure_refs": figure_refs(sent.text, paper.figures),
            "split_group": sent.split_group,
            "reasoning_type": sent.reasoning,
            "effect": sent.effect,
            "feature": sent.feature,
            "mechanism": sent.mechanism,
            "traps": list(sent.traps),
        }
        for p, (section, paragraph) in enumerate(paragraphs)
        for i, sent in enumerate(paragraph)
    ]


def figure_gold(paper: PaperSpec, figure: FigureSpec, rendered: Rendered) -> dict[str, Any]:
    return {
        "figure_key": figure.key,
        "label": figure.label,
        "image": image_name(paper, figure),
        "href": href(paper, figure),
        "class": CLASS_BY_KIND[figure.kind],
        "layout": figure.kind,
        "width": rendered.image.width,
        "height": rendered.image.height,
        "structures": rendered.structures,
        "arrows": rendered.arrows,
        "conditions": rendered.conditions,
        "reactions": rendered.reactions,
    }


def save_png(image: Image.Image, path: Path) -> None:
    """PNG without any ancillary chunk: bytes depend on the pixels only."""
    buffer = io.BytesIO()
    fresh_rgb(image).save(buffer, format="PNG", optimize=False, compress_level=9)
    path.write_bytes(buffer.getvalue())


def render_paper(paper: PaperSpec, out_dir: Path) -> dict[str, Any]:
    """Write one paper's XML and figures; return its gold record."""
    figures = []
    for figure in paper.figures:
        rendered = render_figure(figure)
        save_png(rendered.image, out_dir / image_name(paper, figure))
        figures.append(figure_gold(paper, figure, rendered))
    xml = paper_xml(paper)
    etree.fromstring(xml.encode("utf-8"))  # every file must parse; fail here, not downstream
    (out_dir / f"{file_stem(paper)}.nxml").write_text(xml, encoding="utf-8")
    return {
        "number": paper.number,
        "file": f"{file_stem(paper)}.nxml",
        "doi": f"{DOI_PREFIX}{paper.number:02d}",
        "title": paper.title,
        "area": paper.area,
        "published": paper.published.isoformat(),
        "figures": figures,
        "sentences": sentence_gold(paper),
        "undiscussed": list(paper.undiscussed),
    }


def remove_stale(out_dir: Path, keep: set[str]) -> None:
    """Delete corpus files of papers or figures no longer in the spec (only ours)."""
    for path in out_dir.iterdir():
        if path.is_file() and PAPER_FILE.fullmatch(path.name) and path.name not in keep:
            path.unlink()


def render_corpus(papers: Sequence[PaperSpec], out_dir: Path | str) -> None:
    """Validate the specs, then write `paperNN.nxml`, the figure PNGs and `gold.json`.

    Raises:
        SpecError: the specs are inconsistent; nothing is written.
    """
    validate(papers)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ordered = sorted(papers, key=lambda paper: paper.number)
    gold = {"version": GOLD_VERSION, "papers": [render_paper(p, out) for p in ordered]}
    keep = {f"{file_stem(p)}.nxml" for p in ordered}
    keep |= {image_name(p, f) for p in ordered for f in p.figures}
    remove_stale(out, keep)
    text = json.dumps(gold, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (out / "gold.json").write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    from sample_corpus_papers import PAPERS

    try:
        render_corpus(PAPERS, args.out)
    except SpecError as error:
        print(error, file=sys.stderr)
        return 1
    figures = sum(len(p.figures) for p in PAPERS)
    print(f"wrote {len(PAPERS)} papers, {figures} figures and gold.json to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
