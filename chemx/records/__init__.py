"""Typed records for every noun in the data flow.

source -> paper -> figure -> structure -> evidence -> candidate -> item; decisions and
model calls attach to any node.
"""

from pydantic import ValidationError

from chemx.records._decision import Decision, Gate, ModelCall, Verdict
from chemx.records._figure import Figure, FigureReference, PrintedWord
from chemx.records._node import Node, NodeKind
from chemx.records._paper import (
    CitationMarker,
    Corpus,
    Paper,
    Paragraph,
    Sentence,
    SourceFile,
    Span,
)
from chemx.records._structure import (
    GROUNDED_ROLES,
    STRUCTURE_ROLES,
    Box,
    Candidate,
    DiscardedCandidate,
    Evidence,
    EvidenceSentence,
    ExplanatoryLabel,
    Item,
    Option,
    PartialDecomposition,
    ReasoningType,
    SmilesReading,
    SpareOption,
    Structure,
    StructureRole,
    TableRow,
)

NODE_TYPES: dict[NodeKind, type[Node]] = {
    cls.kind: cls
    for cls in (
        Corpus,
        SourceFile,
        Paper,
        Paragraph,
        Sentence,
        Figure,
        FigureReference,
        Structure,
        Evidence,
        Candidate,
        Item,
    )
}
"""Maps a stored node's kind back to its record class (see `decode_node` for candidates)."""


def decode_node(kind: NodeKind, payload: str | bytes) -> Node:
    """The record stored as `payload` under `kind`.

    The candidate kind holds two record types: a `Candidate` with its question, or a
    `DiscardedCandidate` (its payload has ``"discarded": true``).
    """
    if kind is NodeKind.CANDIDATE:
        try:
            return Candidate.model_validate_json(payload)
        except ValidationError:
            return DiscardedCandidate.model_validate_json(payload)
    return NODE_TYPES[kind].model_validate_json(payload)


__all__ = [
    "GROUNDED_ROLES",
    "NODE_TYPES",
    "STRUCTURE_ROLES",
    "Box",
    "Candidate",
    "CitationMarker",
    "Corpus",
    "Decision",
    "DiscardedCandidate",
    "Evidence",
    "EvidenceSentence",
    "ExplanatoryLabel",
    "Figure",
    "FigureReference",
    "Gate",
    "Item",
    "ModelCall",
    "Node",
    "NodeKind",
    "Option",
    "Paper",
    "Paragraph",
    "PartialDecomposition",
    "PrintedWord",
    "ReasoningType",
    "Sentence",
    "SmilesReading",
    "SourceFile",
    "Span",
    "SpareOption",
    "Structure",
    "StructureRole",
    "TableRow",
    "Verdict",
    "decode_node",
]
