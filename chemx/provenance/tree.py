"""The provenance tree of any node, as a networkx graph.

Edges point from parent to child. The tree under a node answers "what came of this
paper/figure"; the ancestor path answers "where did this item come from".
"""

from __future__ import annotations

from collections import deque

import networkx as nx

from chemx.provenance.store import ProvenanceStore, StoredNode


def subtree(store: ProvenanceStore, root_id: str, max_depth: int | None = None) -> nx.DiGraph:
    """Load the node and all its descendants; each graph node carries `stored` and `decisions`."""
    root = store.get(root_id)
    if root is None:
        raise KeyError(root_id)
    graph = nx.DiGraph()
    graph.add_node(root.id, stored=root, decisions=store.decisions(root.id), depth=0)
    queue: deque[tuple[str, int]] = deque([(root.id, 0)])
    while queue:
        node_id, depth = queue.popleft()
        if max_depth is not None and depth >= max_depth:
            continue
        for child in store.children(node_id):
            graph.add_node(
                child.id, stored=child, decisions=store.decisions(child.id), depth=depth + 1
            )
            graph.add_edge(node_id, child.id)
            queue.append((child.id, depth + 1))
    return graph


def ancestors(store: ProvenanceStore, node_id: str) -> list[StoredNode]:
    """The chain from the corpus root down to (not including) the node."""
    chain: list[StoredNode] = []
    node = store.get(node_id)
    seen = {node_id}
    while node is not None and node.parent_id is not None and node.parent_id not in seen:
        seen.add(node.parent_id)
        node = store.get(node.parent_id)
        if node is not None:
            chain.append(node)
    chain.reverse()
    return chain
