"""`chemx trace`: the provenance tree under a node and the path above it."""

from __future__ import annotations

from typing import Any

import networkx as nx
from rich.text import Text
from rich.tree import Tree

from chemx.errors import ChemxError
from chemx.provenance.describe import describe, shorten
from chemx.provenance.store import ProvenanceStore, StoredNode
from chemx.provenance.tree import ancestors, subtree
from chemx.records import Decision, ModelCall


class UnknownNode(ChemxError, KeyError):
    """No node has the id (or id prefix) the user gave."""

    def __str__(self) -> str:
        """The message itself (KeyError would quote it)."""
        return str(self.args[0]) if self.args else ""


def resolve_id(store: ProvenanceStore, given: str) -> str:
    """Accept a full id or an unambiguous prefix of one."""
    if store.get(given) is not None:
        return given
    matches = store.find(given)
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UnknownNode(f"no node with id {given!r} in {store.db_path}")
    raise UnknownNode(f"id prefix {given!r} is ambiguous: {', '.join(matches[:5])}, …")


def _node_json(node: StoredNode, decisions: list[Decision]) -> dict[str, Any]:
    return {
        "id": node.id,
        "kind": node.kind.value,
        "parent_id": node.parent_id,
        "stage": node.stage,
        "backend": node.record.backend,
        "status": node.status,
        "record": node.record.model_dump(mode="json"),
        "decisions": [d.model_dump(mode="json") for d in decisions],
    }


def trace_json(store: ProvenanceStore, node_id: str) -> dict[str, Any]:
    """The node, its ancestors and its whole subtree as plain JSON data."""
    graph = subtree(store, node_id)

    def nested(current: str) -> dict[str, Any]:
        data = graph.nodes[current]
        entry = _node_json(data["stored"], data["decisions"])
        entry["model_calls"] = [call.model_dump(mode="json") for call in store.model_calls(current)]
        entry["children"] = [nested(child) for child in graph.successors(current)]
        return entry

    def ancestor(node: StoredNode) -> dict[str, Any]:
        entry = _node_json(node, store.decisions(node.id))
        entry["model_calls"] = [call.model_dump(mode="json") for call in store.model_calls(node.id)]
        return entry

    return {
        "ancestors": [ancestor(a) for a in ancestors(store, node_id)],
        "tree": nested(node_id),
    }


DETAIL_WIDTH = 160
"""Decision details longer than this (the judge's JSON) are cut in the tree view."""
SCORE_KEYS_SHOWN = 8


def _scores(decision: Decision) -> str:
    shown = list(decision.scores.items())[:SCORE_KEYS_SHOWN]
    return " ".join(f"{key}={value:g}" for key, value in shown)


def _calls(calls: list[ModelCall]) -> list[str]:
    """One line per (role, model, template): what was asked, how often, cached or not."""
    groups: dict[tuple[str, str, str | None], list[ModelCall]] = {}
    for call in calls:
        groups.setdefault((call.role, call.model, call.template_id), []).append(call)
    lines = []
    for (role, model, template), group in groups.items():
        cached = sum(call.cache_hit for call in group)
        failed = sum(call.error is not None for call in group)
        line = f"model calls: {len(group)} x {role} {model}"
        line += f" [{template}]" if template else ""
        line += f", {cached} cached" if cached else ""
        line += f", {failed} failed" if failed else ""
        lines.append(line)
    return lines


def _label(
    node: StoredNode, decisions: list[Decision], calls: list[ModelCall] | None = None
) -> Text:
    text = Text()
    style = "red" if node.rejected else "green"
    text.append(f"{node.kind.value} ", style=f"bold {style}")
    text.append(f"{node.id} ", style="dim")
    text.append(describe(node))
    text.append(f"  [{node.stage}/{node.record.backend}]", style="cyan")
    for decision in decisions:
        colour = "red" if decision.verdict.value == "reject" else "green"
        text.append(
            f"\n  {decision.gate.value}: {decision.verdict.value} ({decision.reason}) "
            f"{shorten(decision.detail, DETAIL_WIDTH)}  [{decision.backend}]",
            style=colour,
        )
        if decision.scores:
            text.append(f"\n    scores: {_scores(decision)}", style="yellow")
    for line in _calls(calls or []):
        text.append(f"\n  {line}", style="magenta")
    return text


def trace_tree(store: ProvenanceStore, node_id: str, max_children: int = 12) -> Tree:
    """A rich tree: ancestors as a header path, then the subtree with decisions."""
    graph = subtree(store, node_id)
    chain = ancestors(store, node_id)
    root_data = graph.nodes[node_id]
    label = _label(root_data["stored"], root_data["decisions"], store.model_calls(node_id))
    # The ancestors (paper -> figure -> structure -> evidence -> candidate) as a chain,
    # each with its backend, decisions and model calls: where the node came from.
    tree = (
        Tree(_label(chain[0], store.decisions(chain[0].id), store.model_calls(chain[0].id)))
        if chain
        else Tree(label)
    )
    branch = tree
    for node in chain[1:]:
        branch = branch.add(_label(node, store.decisions(node.id), store.model_calls(node.id)))
    start = branch.add(label) if chain else tree

    def grow(branch: Tree, current: str) -> None:
        children = list(graph.successors(current))
        for child in children[:max_children]:
            data = graph.nodes[child]
            calls = store.model_calls(child)
            grow(branch.add(_label(data["stored"], data["decisions"], calls)), child)
        if len(children) > max_children:
            hidden = len(children) - max_children
            hidden_nodes = nx.descendants(graph, current) - set(children[:max_children])
            branch.add(
                Text(f"… {hidden} more children ({len(hidden_nodes)} nodes); use --json", "dim")
            )

    grow(start, node_id)
    return tree
