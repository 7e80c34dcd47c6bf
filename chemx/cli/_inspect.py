"""`chemx trace`, `chemx audit` and `chemx papers`: reading a built store."""

from __future__ import annotations

from typing import Annotated

import typer
from pydantic import BaseModel
from rich.table import Table

from chemx.cli._common import DEFAULT_OUT, JsonOption, OutOption, console, fail, print_json
from chemx.provenance import (
    ProvenanceStore,
    StoreError,
    UnknownNode,
    resolve_id,
    trace_json,
    trace_tree,
)
from chemx.provenance import audit as audit_store
from chemx.provenance.describe import shorten
from chemx.records import Gate, NodeKind, Paper


def _open(out: OutOption) -> ProvenanceStore:
    try:
        return ProvenanceStore(out, readonly=True)
    except StoreError as exc:
        raise fail(str(exc)) from exc


def trace(
    node_id: Annotated[
        str,
        typer.Argument(
            help="Id (or unique prefix) of any node: paper, figure, structure, candidate or item."
        ),
    ],
    out: OutOption = DEFAULT_OUT,
    as_json: JsonOption = False,
    max_children: Annotated[
        int, typer.Option(help="Children shown per node in the tree view (JSON shows all).")
    ] = 12,
) -> None:
    """Show the provenance tree under a node, with every gate's decision on each node."""
    with _open(out) as store:
        try:
            resolved = resolve_id(store, node_id)
        except UnknownNode as exc:
            raise fail(str(exc.args[0])) from exc
        if as_json:
            print_json(trace_json(store, resolved))
        else:
            console.print(trace_tree(store, resolved, max_children=max_children))


def audit(
    out: OutOption = DEFAULT_OUT,
    gate: Annotated[
        str | None,
        typer.Option(help=f"Only this gate: {', '.join(g.value for g in Gate)}."),
    ] = None,
    reason: Annotated[
        str | None, typer.Option(help="Only this reason code, e.g. image_missing.")
    ] = None,
    as_json: JsonOption = False,
    limit: Annotated[int, typer.Option(help="Nodes listed per reason in the table view.")] = 10,
) -> None:
    """List rejected nodes grouped by gate and reason, with what each one was."""
    gates = [g.value for g in Gate]
    if gate is not None and gate not in gates:
        raise fail(f"--gate {gate!r} is not a gate; choose one of {', '.join(gates)}")
    with _open(out) as store:
        groups = audit_store(store, gate=gate, reason=reason)
    if as_json:
        print_json([group.model_dump(mode="json") for group in groups])
        return
    if not groups:
        console.print("no rejections" + (f" for gate {gate}" if gate else ""))
        return
    for group in groups:
        table = Table(title=f"{group.gate} / {group.reason}: {group.count}", title_justify="left")
        table.add_column("node")
        table.add_column("what")
        table.add_column("detail")
        for node in group.nodes[:limit]:
            table.add_row(node.node_id, shorten(node.what, 50), node.detail)
        if group.count > limit:
            table.add_row("…", f"{group.count - limit} more (use --json)", "")
        console.print(table)


class PaperSummary(BaseModel):
    """One row of `chemx papers`."""

    id: str
    title: str
    doi: str | None
    pmcid: str | None
    published: str | None
    licence_url: str | None
    source: str
    counts: dict[str, dict[str, int]]

    def count(self, kind: str, status: str = "ok") -> int:
        """Nodes of a kind and status under this paper."""
        return self.counts.get(kind, {}).get(status, 0)


def papers(out: OutOption = DEFAULT_OUT, as_json: JsonOption = False) -> None:
    """List the papers in the store with their counts of figures, sentences and rejections."""
    with _open(out) as store:
        rows = []
        for node in store.nodes(NodeKind.PAPER):
            paper = node.record
            assert isinstance(paper, Paper)
            rows.append(
                PaperSummary(
                    id=paper.id,
                    title=paper.title,
                    doi=paper.doi,
                    pmcid=paper.pmcid,
                    published=paper.published.isoformat() if paper.published else None,
                    licence_url=paper.licence_url,
                    source=paper.source,
                    counts=store.counts(paper_id=paper.id),
                )
            )
    if as_json:
        print_json([row.model_dump(mode="json") for row in rows])
        return
    table = Table(title=f"{len(rows)} papers")
    table.add_column("id", no_wrap=True, min_width=20)
    table.add_column("title", no_wrap=True, overflow="ellipsis", max_width=40)
    table.add_column("published", no_wrap=True, min_width=10)
    for column in ("figures", "sentences", "rejected"):
        table.add_column(column, no_wrap=True, justify="right", min_width=len(column))
    for row in rows:
        rejected = sum(by_status.get("rejected", 0) for by_status in row.counts.values())
        table.add_row(
            row.id,
            shorten(row.title, 50),
            row.published or "",
            str(row.count("figure")),
            str(row.count("sentence")),
            str(rejected),
        )
    console.print(table)
