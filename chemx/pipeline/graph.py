"""The per-paper LangGraph.

Acquisition first, then one node per later stage (visual processing with QC 1, text
grounding with QC 2, generation with the anti-shortcut checks and QC 3). Each node
writes its records to the store before it returns, and the checkpointer saves the state
after it, so a killed build resumes at the first stage that had not finished.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from chemx.agents.acquisition import AcquisitionAgent
from chemx.errors import RetryableFailure
from chemx.pipeline.state import PaperState
from chemx.provenance.ids import digest
from chemx.sources import SourceDocument

PaperStage = Callable[[str], dict[str, int]]
"""A stage after acquisition: takes a paper id, writes to the store, returns tallies."""


@dataclass(frozen=True)
class StageNode:
    """A named stage of the per-paper graph."""

    name: str
    run: PaperStage


class StageTimes:
    """Seconds spent in each stage, summed over papers; safe to add to from worker threads."""

    def __init__(self) -> None:
        self._seconds: dict[str, float] = {}
        self._lock = threading.Lock()

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Add the time the block takes (including a failed attempt) to `stage`."""
        started = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - started
            with self._lock:
                self._seconds[stage] = self._seconds.get(stage, 0.0) + elapsed

    def add(self, seconds: dict[str, float]) -> None:
        """Add seconds per stage measured elsewhere (a worker process's paper)."""
        with self._lock:
            for stage, value in seconds.items():
                self._seconds[stage] = self._seconds.get(stage, 0.0) + value

    def rounded(self) -> dict[str, float]:
        """Seconds per stage, rounded to 0.01 s, in the order stages first ran."""
        with self._lock:
            return {stage: round(seconds, 2) for stage, seconds in self._seconds.items()}


def graph_signature(stage_names: Sequence[str], settings: dict[str, str]) -> str:
    """A short hash of the stage list and the settings that change what stages produce.

    It is part of every checkpoint thread id: a finished thread of an older graph is not
    mistaken for a finished run of this one.
    """
    parts = [*stage_names, *(f"{key}={value}" for key, value in sorted(settings.items()))]
    return digest(*parts)[:12]


def _merge_counts(state: PaperState, new: dict[str, int]) -> dict[str, int]:
    counts = dict(state.get("counts", {}))
    counts.update(new)
    return counts


class BuildCancelled(Exception):
    """The build was interrupted: papers stop at their next stage boundary, resumable."""


def build_paper_graph(
    acquisition: AcquisitionAgent,
    stages: Sequence[StageNode] = (),
    checkpointer: Any | None = None,
    cancel: threading.Event | None = None,
    times: StageTimes | None = None,
) -> CompiledStateGraph[PaperState, None, PaperState, PaperState]:
    """Compile the per-paper graph: acquire, then each stage in order.

    A stage that raises `RetryableFailure` leaves the paper unfinished (the checkpoint
    stays at the previous stage); the failure is tagged with the stage and paper. When
    `cancel` is set, papers stop before their next stage. Each node's work is timed into
    `times` when given.
    """
    times = times if times is not None else StageTimes()

    def acquire(state: PaperState) -> dict[str, Any]:
        document = state["document"]
        with times.timed("acquire"):
            result = acquisition.acquire(
                SourceDocument(
                    path=Path(document["path"]),
                    format=document["format"],
                    display_name=document["display_name"],
                ),
                state["corpus_id"],
            )
        return {
            "paper_id": result.paper_id,
            "rejected_reason": result.reason,
            "counts": _merge_counts(state, dict(result.counts)),
            "stages_done": [*state.get("stages_done", []), "acquire"],
        }

    def node_for(stage: StageNode) -> Any:  # a node function; langgraph types it loosely
        def run(state: PaperState) -> dict[str, Any]:
            paper_id = state.get("paper_id")
            if cancel is not None and cancel.is_set():
                raise BuildCancelled(f"cancelled before {stage.name} of {paper_id}")
            try:
                with times.timed(stage.name):
                    counts = stage.run(paper_id) if paper_id else {}
            except RetryableFailure as failure:
                failure.stage, failure.paper_id = stage.name, paper_id
                raise
            return {
                "counts": _merge_counts(state, counts),
                "stages_done": [*state.get("stages_done", []), stage.name],
            }

        return run

    graph = StateGraph(PaperState)
    graph.add_node("acquire", acquire)
    graph.add_edge(START, "acquire")
    previous = "acquire"
    for stage in stages:
        graph.add_node(stage.name, node_for(stage))
        graph.add_edge(previous, stage.name)
        previous = stage.name
    graph.add_edge(previous, END)
    return graph.compile(checkpointer=checkpointer)
