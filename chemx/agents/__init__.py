"""The specialist agents, each a node (or nodes) of the per-paper LangGraph.

- acquisition: a document in, a paper's text, figures and figure references out.
- grounding: QC 1-accepted structures in, evidence blocks with their QC 2 verdict out.
- generation (`chemx.generation.agent`): QC 2-accepted evidence in, candidate questions
  with their anti-shortcut and QC 3 decisions, and accepted items, out.

The visual processing agent is `chemx.agents.visual`; the quality control gates live in
`chemx.qc` and run inside the stages they guard.
"""

from chemx.agents.acquisition import AcquisitionAgent, AcquisitionResult
from chemx.agents.grounding import GroundingAgent, GroundingBackends, GroundingSettings
from chemx.generation.agent import GenerationAgent, GenerationBackends, GenerationSettings

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
