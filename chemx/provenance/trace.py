"""`chemx trace`: the provenance tree under a node and the path above it."""

from __future__ import annotations

from typing import Any

import networkx as nx
from rich.text import Text
from rich.tree import Tree

from chemx.provenance.describe import describe
from chemx.provenance.store import ProvenanceStore, StoredNode
from chemx.provenance.tree import ancestors, subtree
from chemx.records import Decision


class UnknownNode(KeyError):
    """No node has the id (or id prefix) the user gave."""


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

    return {
        "ancestors": [_node_json(a, store.decisions(a.id)) for a in ancestors(store, node_id)],
        "tree": nested(node_id),
    }


def _label(node: StoredNode, decisions: list[Decision]) -> Text:
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
            f"{decision.detail}",
            style=colour,
        )
    return text


def trace_tree(store: ProvenanceStore, node_id: str, max_children: int = 12) -> Tree:
    """A rich tree: ancestors as a header path, then the subtree with decisions."""
    graph = subtree(store, node_id)
    path = " > ".join(f"{a.kind.value} {a.id}" for a in ancestors(store, node_id))
    root_data = graph.nodes[node_id]
    tree = Tree(_label(root_data["stored"], root_data["decisions"]))
    if path:
        tree.label = Text.assemble(Text(path + "\n", style="dim"), tree.label)  # type: ignore[arg-type]

    def grow(branch: Tree, current: str) -> None:
        children = list(graph.successors(current))
        for child in children[:max_children]:
            data = graph.nodes[child]
            grow(branch.add(_label(data["stored"], data["decisions"])), child)
        if len(children) > max_children:
            hidden = len(children) - max_children
            hidden_nodes = nx.descendants(graph, current) - set(children[:max_children])
            branch.add(
                Text(f"… {hidden} more children ({len(hidden_nodes)} nodes); use --json", "dim")
            )

    grow(tree, node_id)
    return tree
