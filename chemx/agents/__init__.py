"""The specialist agents, each a node (or nodes) of the per-paper LangGraph.

- acquisition: a document in, a paper's text, figures and figure references out.

The visual processing, text grounding and question generation agents and the quality
control agent join the graph as their stages land.
"""

from chemx.agents.acquisition import AcquisitionAgent, AcquisitionResult

__all__ = ["AcquisitionAgent", "AcquisitionResult"]
