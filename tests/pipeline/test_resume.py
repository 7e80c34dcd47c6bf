from typing import TypedDict

import pytest
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import END, START, StateGraph

from chemx.pipeline.resume import RunOutcome, open_checkpointer, run_resumable, thread_id


class Toy(TypedDict, total=False):
    log: list[str]


def _toy_graph(checkpointer: SqliteSaver, fail_once: dict[str, bool]):
    def first(state: Toy) -> Toy:
        return {"log": [*state.get("log", []), "first"]}

    def second(state: Toy) -> Toy:
        if fail_once["armed"]:
            fail_once["armed"] = False
            raise RuntimeError("simulated crash in the second stage")
        return {"log": [*state.get("log", []), "second"]}

    graph = StateGraph(Toy)
    graph.add_node("first", first)
    graph.add_node("second", second)
    graph.add_edge(START, "first")
    graph.add_edge("first", "second")
    graph.add_edge("second", END)
    return graph.compile(checkpointer=checkpointer)


def test_interrupted_run_resumes_after_last_completed_node(tmp_path):
    switch = {"armed": True}
    graph = _toy_graph(open_checkpointer(tmp_path), switch)
    thread = thread_id("cor_x", "doc.nxml", "sig")
    with pytest.raises(RuntimeError, match="simulated crash"):
        run_resumable(graph, {"log": []}, thread)
    # A new process: reopen the checkpoint database from disk.
    graph = _toy_graph(open_checkpointer(tmp_path), switch)
    resumed = run_resumable(graph, {"log": []}, thread)
    assert resumed.outcome is RunOutcome.RESUMED
    assert resumed.state["log"] == ["first", "second"]  # "first" did not run again
    again = run_resumable(graph, {"log": []}, thread)
    assert again.outcome is RunOutcome.ALREADY_DONE
    assert again.state["log"] == ["first", "second"]


def test_thread_ids_separate_graph_versions():
    assert thread_id("c", "d", "v1") != thread_id("c", "d", "v2")
    assert thread_id("c", "d", "v1") == thread_id("c", "d", "v1")


def test_a_kill_right_after_the_input_checkpoint_runs_the_document_again(tmp_path):
    """SIGKILL between the input checkpoint (step -1) and the first step's: only the
    input and its pending writes are on disk. Seen in the SIGKILL build test."""
    import sqlite3

    thread = thread_id("cor_x", "doc.nxml", "sig")
    graph = _toy_graph(open_checkpointer(tmp_path), {"armed": False})
    run_resumable(graph, {"log": []}, thread)
    database = sqlite3.connect(tmp_path / "checkpoints.db")
    [first_id] = database.execute(
        "SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id LIMIT 1",
        (thread,),
    ).fetchone()
    database.execute("DELETE FROM checkpoints WHERE checkpoint_id != ?", (first_id,))
    database.execute("DELETE FROM writes WHERE checkpoint_id != ?", (first_id,))
    database.commit()
    database.close()

    graph = _toy_graph(open_checkpointer(tmp_path), {"armed": False})
    rerun = run_resumable(graph, {"log": []}, thread)
    assert rerun.state["log"] == ["first", "second"]
    assert run_resumable(graph, {"log": []}, thread).outcome is RunOutcome.ALREADY_DONE
