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


STRUCTURE_ROLES: frozenset[StructureRole] = frozenset(
    {StructureRole.MOLECULE, StructureRole.REACTANT, StructureRole.PRODUCT}
)
"""Roles that are one chemical structure: they need an identifier and pass QC 1."""

GROUNDED_ROLES: frozenset[StructureRole] = STRUCTURE_ROLES | {StructureRole.REACTION}
"""Roles that get evidence (condition crops are text, not structures)."""


class SmilesReading(BaseModel):
    """An OCSR reading of a crop, good enough to name the groups it shows.

    A partial reading (an unresolved atom, several structures in one crop) still shows
    most drawn groups; a reaction is read through its reactant and product crops.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    """One SMILES, or several separated by spaces (a salt's ions are joined by '.', as
    one compound: 'osra-ion-pair', `chemx.visual.ion_pairs`)."""
    source: Literal[
        "osra",
        "osra-partial",
        "osra-components",
        "osra-components-partial",
        "opsin-name",
        "opsin-components",
        "mixed-components",
        "mixed-components-partial",
        "osra-ion-pair",
        "decimer",
        "decimer-partial",
        "decimer-components",
        "decimer-components-partial",
    ]
    name: str | None = None
    """For 'opsin-name': the systematic name the paper gives the compound."""
    sentence_id: str | None = None
    """For 'opsin-name': the sentence that gives the name and the label."""

    @property
    def partial(self) -> bool:
        """Whether some part was not one clean structure."""
        return self.source.endswith("partial")


class TableRow(BaseModel):
    """A compound given as one row of an SAR or substrate table over a drawn scaffold.

    The row's `Structure` shows the scaffold crop; this says which compound of the series
    it is, and how its SMILES was obtained or why there is none.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    scaffold_id: str = Field(description="The Structure id of the scaffold crop.")
    substituents: dict[str, str] = Field(
        description="Group name -> value as printed, e.g. {'R1': '4-F-C6H4'}."
    )
    activity: str = Field(default="", description="The rest of the row as text (yield, IC50).")
    text: str = Field(description="The row as read.")
    source: str = Field(description="What read the row: 'text-layer' or 'ocr:<engine>'.")
    smiles_reason: str | None = Field(
        default=None,
        description="Why the row has no SMILES (scaffold unreadable, substituent not in "
        "the vocabulary, ...); None when R-group resolution built one.",
    )


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
    identifier_note: str | None = Field(
        default=None,
        description="How the label read from the drawing squares with the paper's text: "
        "replaced by the look-alike the text names, or named by no sentence (lower "
        "confidence); None when the text names it as read.",
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
    reading: SmilesReading | None = Field(
        default=None,
        description="What OCSR read for the visible-feature catalogue, partial readings "
        "included (None: OCSR off, or it read nothing).",
    )
    table_row: TableRow | None = Field(
        default=None,
        description="Set when this entry is one row of a table over a scaffold: the image "
        "is the scaffold crop, the identifier the row's label.",
    )


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
    credited_sentence_ids: tuple[str, ...] = Field(
        default=(),
        description="The explanatory sentences about this structure that QC 2 credited "
        "(empty unless it accepted the block): the possible bases of a question.",
    )


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


class SpareOption(BaseModel):
    """A wrong answer the generator wrote but did not letter.

    It is another feature of the structure, or another reading of a lettered one's
    mechanism. A release chooses among the lettered and spare wrong answers so that no wording
    habit tells the answer across the whole release (`chemx.release.balance`); one item
    cannot see how often a feature is offered elsewhere.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

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
    effect_sentence_id: str | None = Field(
        default=None,
        description="The sentence the effect was read from when it is not the basis: the one "
        "before a basis that only points back to it ('This might be due to ...'). None: the "
        "basis states the effect.",
    )
    partner_structure_id: str | None = Field(
        default=None,
        description="For a matched-pair question: the other compound the effect compares "
        "this one with, drawn beside it in the item (`chemx.generation.pairs`).",
    )
    smiles: str | None = Field(
        default=None,
        description="The SMILES the visible features were read from, when OCSR gave one.",
    )
    smiles_source: str | None = Field(
        default=None,
        description="'structure' (visual stage), or the reading's source ('osra', "
        "'decimer-partial', ...).",
    )
    feature_sources: dict[str, str] = Field(
        default_factory=dict,
        description="Where each other feature was found: 'smarts:<key>' or 'text:<sentence>', "
        "followed by ' mechanism:text:<sentence>' when its option's mechanism is the paper's "
        "own explanation of it from that sentence.",
    )
    spare_options: tuple[SpareOption, ...] = Field(
        default=(),
        description="Wrong answers written and passed over, in preference order: what a "
        "release may letter instead to balance wording across items.",
    )


class PartialDecomposition(BaseModel):
    """What a decomposition found before its candidate was discarded; unknown stays None."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    effect: str | None = None
    feature: str | None = None
    mechanism: str | None = None
    reasoning_type: ReasoningType | None = None


class DiscardedCandidate(Node):
    """A candidate that never got a question: kept with its reason for `chemx audit`.

    Its own type so that a discard carries no invented Effect/Feature/Mechanism: what
    the decomposition did find is in `partial`, and the Decision says why it stopped.
    Stored under the candidate kind (same id scheme, same funnel stage); `discarded`
    tells the two apart when a stored payload is read back.
    """

    kind: ClassVar[NodeKind] = NodeKind.CANDIDATE

    discarded: Literal[True] = True
    paper_id: str
    evidence_id: str
    basis_sentence_id: str | None = Field(
        default=None, description="The sentence it would have been built from, if one was chosen."
    )
    partial: PartialDecomposition | None = None
    smiles: str | None = None
    smiles_source: str | None = None


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
    entry_type: Literal["molecule", "reaction", "matched_pair"]
    licence_url: str | None
    published: dt.date | None
    partner_structure_id: str | None = Field(
        default=None,
        description="A matched pair's second compound; the image shows both, each over its label.",
    )
