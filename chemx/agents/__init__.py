"""The specialist agents, each a node (or nodes) of the per-paper LangGraph.

- acquisition: a document in, a paper's text, figures and figure references out.
- grounding: QC 1-accepted structures in, evidence blocks with their QC 2 verdict out.
- visual (`chemx.agents.visual`): figures in, classified figures and identified
  structure crops with their QC 1 verdict out.
- generation: QC 2-accepted evidence in, candidate questions with their anti-shortcut
  and QC 3 decisions, and accepted items, out.

The quality-control gates live in `chemx.qc` and run inside the stages they guard.
"""

from chemx.agents.acquisition import AcquisitionAgent, AcquisitionResult
from chemx.agents.generation import GenerationAgent, GenerationBackends, GenerationSettings
from chemx.agents.grounding import GroundingAgent, GroundingBackends, GroundingSettings

__all__ = [
    "AcquisitionAgent",
    "AcquisitionResult",
    "GenerationAgent",
    "GenerationBackends",
    "GenerationSettings",
    "GroundingAgent",
    "GroundingBackends",
    "GroundingSettings",
]
