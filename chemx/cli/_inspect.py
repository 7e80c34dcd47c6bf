"""`chemx trace`, `chemx audit` and `chemx papers`: reading a built store.

The store is imported inside the commands (`chemx --help` needs only the parser). Every
string that comes from a paper (titles, sentences, file names, decision details) is
escaped before rich prints it: a title such as "Benzo[b]thiophene" or one holding
"[/i]" must print as written.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer
from pydantic import BaseModel
from rich.markup import escape
from rich.table import Table

from chemx.cli._common import (
    DEFAULT_OUT,
    JsonOption,
    OutOption,
    console,
    existing_folder,
    fail,
    print_json,
    store_errors,
)
from chemx.records import Gate

if TYPE_CHECKING:
    from chemx.provenance import ProvenanceStore


@contextlib.contextmanager
def _open(out: OutOption) -> Iterator[ProvenanceStore]:
    """The store at `out`, read-only; a file, a damaged or a foreign database is one line."""
    from chemx.provenance import ProvenanceStore

    existing_folder(out)
    with store_errors(out), ProvenanceStore(out, readonly=True) as store:
        yield store


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
    from chemx.provenance import resolve_id, trace_json, trace_tree

    with _open(out) as store:
        resolved = resolve_id(store, node_id)  # UnknownNode is a ChemxError: one line
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
    from chemx.provenance import audit as audit_store
    from chemx.provenance.describe import shorten

    gates = [g.value for g in Gate]
    if gate is not None and gate not in gates:
        raise fail(f"--gate {gate!r} is not a gate; choose one of {', '.join(gates)}")
    with _open(out) as store:
        groups = audit_store(store, gate=gate, reason=reason)
    if as_json:
        print_json([group.model_dump(mode="json") for group in groups])
        return
    if not groups:
        console.print("no rejections" + (f" for gate {escape(gate)}" if gate else ""))
        return
    for group in groups:
        table = Table(
            title=escape(f"{group.gate} / {group.reason}: {group.count}"), title_justify="left"
        )
        table.add_column("node")
        table.add_column("what")
        table.add_column("detail")
        for node in group.nodes[:limit]:
            table.add_row(escape(node.node_id), escape(shorten(node.what, 50)), escape(node.detail))
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
    from chemx.provenance.describe import shorten
    from chemx.records import NodeKind, Paper

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
            escape(row.id),
            escape(shorten(row.title, 50)),
            row.published or "",
            str(row.count("figure")),
            str(row.count("sentence")),
            str(rejected),
        )
    console.print(table)
