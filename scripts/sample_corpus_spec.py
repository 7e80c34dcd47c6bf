"""The declarative schema of the embedded sample corpus.

`sample_corpus_papers.py` fills these dataclasses with the papers' content;
`make_sample_corpus.py` renders them into JATS, figure images and `gold.json`.
Sentence text may hold JATS inline markup: `<bold>3c</bold>` for compound labels and
`<xref ref-type="fig" rid="f1">Fig. 1</xref>` for figure links.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Literal

SentenceLabel = Literal["explanatory", "partial", "non_explanatory"]
ReasoningKind = Literal["Mechanistic", "Design", "Condition"]
FigureKind = Literal[
    "single_molecule",
    "grid",  # multiple molecules on a regular grid
    "irregular",  # multiple molecules, irregular sizes and offsets
    "reaction",  # one step: reactants -> products
    "reaction_two_step",  # A -> B -> C
    "plot",  # non-chemistry: line or bar chart
    "spectrum",  # non-chemistry: IR or NMR-like spectrum
]


@dataclass(frozen=True)
class Mol:
    """A structure drawn in a figure, with the label printed under it."""

    label: str
    smiles: str
    features: tuple[str, ...]
    """4-7 structural features really visible in the drawing, as a chemist names them."""


@dataclass(frozen=True)
class Step:
    """One reaction arrow: reactants, condition lines (above/below the arrow), products."""

    reactants: tuple[Mol, ...]
    conditions: tuple[str, ...]
    products: tuple[Mol, ...]


@dataclass(frozen=True)
class Chart:
    """A non-chemistry figure, drawn with matplotlib from a seed."""

    style: Literal["line", "bar", "ir", "nmr"]
    title: str
    x_label: str
    y_label: str
    series: tuple[str, ...] = ()
    seed: int = 0


@dataclass(frozen=True)
class FigureSpec:
    """A figure of a paper."""

    key: str
    """JATS id, e.g. 'f1'."""
    label: str
    """'Figure 1' or 'Scheme 1'."""
    caption: str
    kind: FigureKind
    molecules: tuple[Mol, ...] = ()
    steps: tuple[Step, ...] = ()
    chart: Chart | None = None
    href_without_extension: bool = False
    """Write the graphic href without '.png' so parsers must resolve it."""


@dataclass(frozen=True)
class Sent:
    """One sentence with its gold labels."""

    text: str
    label: SentenceLabel = "non_explanatory"
    ids: tuple[str, ...] = ()
    """Compound labels the sentence refers to (also for a label-less continuation)."""
    reasoning: ReasoningKind | None = None
    effect: str | None = None
    feature: str | None = None
    mechanism: str | None = None
    split_group: str | None = None
    """Shared by the sentences of an explanation split over two adjacent sentences."""
    traps: tuple[str, ...] = ()
    """Tokens in the sentence that must not match any identifier ('DFA1', '10', 'Table 1')."""


@dataclass(frozen=True)
class Section:
    """A titled section; each paragraph is a tuple of sentences."""

    title: str
    paragraphs: tuple[tuple[Sent, ...], ...]


@dataclass(frozen=True)
class PaperSpec:
    """One invented paper."""

    number: int
    title: str
    area: str
    journal: str
    issn: str
    published: dt.date
    abstract: tuple[Sent, ...]
    sections: tuple[Section, ...]
    figures: tuple[FigureSpec, ...]
    undiscussed: tuple[str, ...] = field(default=())
    """Labels of structures drawn but never discussed in any sentence."""
