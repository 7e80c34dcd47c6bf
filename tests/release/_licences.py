"""A copy of the sample store in which some papers lose their licence (for the release tests)."""

from __future__ import annotations

import shutil
from pathlib import Path

from chemx.provenance import ProvenanceStore
from chemx.records import Item, NodeKind, Paper

UNKNOWN_PAPER = "paper01.nxml"
"""Its licence is removed (5 of the sample's 30 items when this was written)."""
CODE_ONLY_PAPER = "paper02.nxml"
"""Keeps a licence code ('CC BY') but loses its URL: known, so always released."""


def relicense(store_dir: Path, source_path: str, url: str | None, code: str | None) -> list[str]:
    """Give the paper read from `source_path` this licence, in it and its items; item ids."""
    with ProvenanceStore(store_dir) as store:
        paper = next(
            node.record
            for node in store.nodes(NodeKind.PAPER)
            if isinstance(node.record, Paper) and node.record.source_path == source_path
        )
        changed: list[tuple[str, str]] = [
            (
                paper.model_copy(update={"licence_url": url, "licence": code}).model_dump_json(),
                paper.id,
            )
        ]
        items = [
            node.record
            for node in store.nodes(NodeKind.ITEM, status="ok")
            if isinstance(node.record, Item) and node.record.paper_id == paper.id
        ]
        changed += [
            (item.model_copy(update={"licence_url": url}).model_dump_json(), item.id)
            for item in items
        ]
        for payload, node_id in changed:
            store.execute("UPDATE nodes SET payload = ? WHERE id = ?", (payload, node_id))
    return sorted(item.id for item in items)


def store_with_unknown_licences(sample_store: Path, folder: Path) -> tuple[Path, list[str]]:
    """A copy of `sample_store` with `UNKNOWN_PAPER` unlicensed and `CODE_ONLY_PAPER` code-only.

    Returns the copy and the ids of the items of unknown licence.
    """
    shutil.copytree(sample_store, folder)
    unknown = relicense(folder, UNKNOWN_PAPER, None, None)
    relicense(folder, CODE_ONLY_PAPER, None, "CC BY")
    return folder, unknown


def unlicense_all(store_dir: Path) -> None:
    """Remove the licence of every paper in the store (and of its items)."""
    with ProvenanceStore(store_dir, readonly=True) as store:
        sources = [
            node.record.source_path
            for node in store.nodes(NodeKind.PAPER)
            if isinstance(node.record, Paper)
        ]
    for source in sources:
        relicense(store_dir, source, None, None)


def code_only_items(store_dir: Path) -> int:
    """How many accepted items `CODE_ONLY_PAPER` has (it keeps its 'CC BY' code)."""
    with ProvenanceStore(store_dir, readonly=True) as store:
        paper = next(
            node.record.id
            for node in store.nodes(NodeKind.PAPER)
            if isinstance(node.record, Paper) and node.record.source_path == CODE_ONLY_PAPER
        )
        return sum(
            1
            for node in store.nodes(NodeKind.ITEM, status="ok")
            if isinstance(node.record, Item) and node.record.paper_id == paper
        )


def accepted_items(store_dir: Path) -> int:
    """Accepted items in a store: the sample build's item count, whatever it is today."""
    with ProvenanceStore(store_dir, readonly=True) as store:
        return sum(1 for _ in store.nodes(NodeKind.ITEM, status="ok"))


def papers_with_items(store_dir: Path) -> int:
    """Papers with at least one accepted item: the sample's count, whatever it is today."""
    with ProvenanceStore(store_dir, readonly=True) as store:
        return len({node.record.paper_id for node in store.nodes(NodeKind.ITEM, status="ok")})
