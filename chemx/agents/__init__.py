"""The specialist agents, each a node of the per-paper LangGraph (`chemx.pipeline.graph`).

Agents orchestrate: they read their inputs from the store, call domain functions and
gates, and write records. The domain work lives in `chemx.sources`, `chemx.visual`,
`chemx.grounding` and `chemx.generation`; the quality-control gates in `chemx.qc`.

- `AcquisitionAgent`: a document in; a paper's text, figures and figure references out.
- `VisualAgent`: figures in; classified figures and identified structure crops (with
  their OCSR reading) and their QC 1 verdicts out.
- `GroundingAgent`: QC 1-accepted structures in; evidence blocks with their QC 2 verdict
  and credited sentences out.
- `GenerationAgent`: QC 2-accepted evidence in; candidates with their anti-shortcut and
  QC 3 decisions, and accepted items, out.
"""

from chemx.agents.acquisition import AcquisitionAgent, AcquisitionResult
from chemx.agents.generation import GenerationAgent, GenerationBackends
from chemx.agents.grounding import GroundingAgent, GroundingBackends
from chemx.agents.visual import VisualAgent, VisualBackends

__all__ = [
    "AcquisitionAgent",
    "AcquisitionResult",
    "GenerationAgent",
    "GenerationBackends",
    "GroundingAgent",
    "GroundingBackends",
    "VisualAgent",
    "VisualBackends",
]
