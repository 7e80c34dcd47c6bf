"""Typed records for every noun in the data flow.

source -> paper -> figure -> structure -> evidence -> candidate -> item; decisions and
model calls attach to any node.
"""

from chemx.records._decision import Decision, Gate, ModelCall, Verdict
from chemx.records._figure import Figure, FigureReference
from chemx.records._node import Node, NodeKind
from chemx.records._paper import Corpus, Paper, Paragraph, Sentence, SourceFile, Span
from chemx.records._structure import (
    Box,
    Candidate,
    Evidence,
    EvidenceSentence,
    ExplanatoryLabel,
    Item,
    Option,
    ReasoningType,
    Structure,
    StructureRole,
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
"""Maps a stored node's kind back to its record class."""

__all__ = [
    "NODE_TYPES",
    "Box",
    "Candidate",
    "Corpus",
    "Decision",
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
    "ReasoningType",
    "Sentence",
    "SourceFile",
    "Span",
    "Structure",
    "StructureRole",
    "Verdict",
]
