"""Structures cut from figures, the evidence about them, and the items made from both.

These are filled by the visual, grounding and generation stages; they are defined with
the foundation so the store schema is complete from the first build.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from chemx.records._node import Node, NodeKind

Box = tuple[int, int, int, int]
"""(x0, y0, x1, y1) in pixels of the original figure image, x1/y1 exclusive."""


class StructureRole(StrEnum):
    """What a crop is inside its figure."""

    MOLECULE = "molecule"
    REACTANT = "reactant"
    PRODUCT = "product"
    CONDITION = "condition"
    REACTION = "reaction"


class Structure(Node):
    """One molecule or reaction image cut from a figure."""

    kind: ClassVar[NodeKind] = NodeKind.STRUCTURE

    paper_id: str
    figure_id: str
    box: Box
    role: StructureRole
    image_sha256: str
    identifier: str | None = Field(default=None, description="The paper's label, e.g. '3c'.")
    identifier_backend: str | None = None
    identifier_confidence: float | None = None
    identifier_raw: str | None = Field(
        default=None, description="What the OCR engine or VLM returned before normalising."
    )
    identifier_box: Box | None = Field(
        default=None, description="Where in the figure the label was read, when known."
    )
    related_identifiers: tuple[str, ...] = Field(
        default=(),
        description="For a reaction crop: the labels of its reactants and products.",
    )
    step: int | None = Field(default=None, description="Reaction arrow index within the scheme.")
    smiles: str | None = Field(default=None, description="Only when an OCSR tool succeeded.")
    smiles_backend: str | None = None


class ExplanatoryLabel(StrEnum):
    """QC 2's reading of a sentence (seed 002, section 3.2)."""

    EXPLANATORY = "explanatory"
    PARTIAL = "partial"
    NON_EXPLANATORY = "non_explanatory"


class EvidenceSentence(BaseModel):
    """One sentence in an evidence block and why it is there."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sentence_id: str | None = Field(description="None for the figure caption.")
    text: str
    origin: Literal["caption", "figure_reference", "identifier", "expansion"]
    label: ExplanatoryLabel | None = None


class Evidence(Node):
    """The text grounding of one structure."""

    kind: ClassVar[NodeKind] = NodeKind.EVIDENCE

    paper_id: str
    structure_id: str
    sentences: tuple[EvidenceSentence, ...]
    entity_match: bool | None = None


class ReasoningType(StrEnum):
    """The three reasoning categories of ChemExplain."""

    MECHANISTIC = "Mechanistic"
    DESIGN = "Design"
    CONDITION = "Condition"


class Option(BaseModel):
    """One answer option: a visible feature and the mechanism it offers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    letter: Literal["A", "B", "C", "D"]
    feature: str
    mechanism: str
    text: str


class Candidate(Node):
    """A decomposed, generated multiple-choice question before the judge."""

    kind: ClassVar[NodeKind] = NodeKind.CANDIDATE

    paper_id: str
    evidence_id: str
    effect: str
    feature: str
    mechanism: str
    reasoning_type: ReasoningType
    other_features: tuple[str, ...]
    stem: str | None = None
    options: tuple[Option, ...] = ()
    answer: Literal["A", "B", "C", "D"] | None = None
    basis_sentence_id: str | None = Field(
        default=None,
        description="The explanatory sentence the decomposition was made from (None: caption).",
    )
    smiles: str | None = Field(
        default=None,
        description="The SMILES the visible features were read from, when OCSR gave one.",
    )
    smiles_source: str | None = Field(
        default=None, description="'structure' (visual stage), 'osra' or 'osra-partial'."
    )
    feature_sources: dict[str, str] = Field(
        default_factory=dict,
        description="Where each other feature was found: 'smarts:<key>' or 'text:<sentence>'.",
    )


class Item(Node):
    """An accepted benchmark item."""

    kind: ClassVar[NodeKind] = NodeKind.ITEM

    paper_id: str
    candidate_id: str
    structure_id: str
    image_sha256: str
    stem: str
    options: tuple[Option, ...]
    answer: Literal["A", "B", "C", "D"]
    reasoning_type: ReasoningType
    entry_type: Literal["molecule", "reaction"]
    licence_url: str | None
    published: dt.date | None
