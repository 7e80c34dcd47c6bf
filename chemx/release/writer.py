"""`chemx release`: a deterministic Hugging Face dataset folder from a build store.

Layout::

    DIR/README.md                  dataset card (YAML header + construction statistics)
    DIR/LICENSES.md                licence of every source paper
    DIR/data/test-00000-of-00001.parquet   rows with the image bytes
    DIR/provenance/<item id>.json  one provenance record per item
    DIR/release.json               manifest: counts, date selection, backends, funnel,
                                   whether the store's last build finished, the items
                                   of unknown licence left out or included
    DIR/checksums.sha256           SHA-256 of every file above (sha256sum format)
    DIR/combined.sha256            SHA-256 of checksums.sha256: one number per release

Following the ChemPro release pipeline (seed 001: "The build has no model calls and no
randomness, so it produces byte-identical parquet files each time. VALIDATION_REPORT.md
holds the combined checksum"): rows are sorted by item id, JSON is written with sorted
keys, the parquet writer settings are fixed (`PARQUET_OPTIONS`), and no file records a
time, a host or a path outside the release.

A store whose last build did not finish is refused unless ``allow_partial`` is given
(`chemx.release.completeness`); a partial release says so in release.json, on the card
and in every provenance record. Items whose paper states no licence are left out unless
``include_unknown_licence`` is given (`chemx.release.licences`); release.json counts them
either way, and a card of a release that includes them warns about their rights.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from chemx.provenance.attrition import FunnelStage, funnel
from chemx.provenance.store import ProvenanceStore
from chemx.release.balance import BalanceResult, balance, inputs_of
from chemx.release.card import dataset_card, licences_md
from chemx.release.completeness import BuildState, PartialStore, build_state
from chemx.release.holdout import HoldOutResult, hold_out
from chemx.release.licences import LicenceSelection, select_by_licence
from chemx.release.rows import DateRange, ReleaseError, ReleaseRow, collect
from chemx.release.schema import DATA_FILE, SCHEMA_VERSION, SPLIT, arrow_schema

CHECKSUMS = "checksums.sha256"
COMBINED = "combined.sha256"
MANIFEST = "release.json"
CARD = "README.md"
LICENCES = "LICENSES.md"
PROVENANCE_DIR = "provenance"
RELEASE_FILES = (CARD, LICENCES, MANIFEST, CHECKSUMS, COMBINED)
PARQUET_OPTIONS: dict[str, Any] = {
    "compression": "zstd",
    "compression_level": 3,
    "use_dictionary": False,
    "write_statistics": False,
    "data_page_version": "1.0",
    "version": "2.6",
}
"""Fixed writer settings: the same rows always give the same bytes."""


@dataclass(frozen=True)
class ReleaseSummary:
    """What a release wrote."""

    out: Path
    items: int
    papers: int
    combined_sha256: str
    files: int
    dates: str
    build: BuildState
    """The store's last build; not `complete` only when ``allow_partial`` let it through."""
    licences: LicenceSelection
    """The items of unknown licence: how many, and whether they were left out."""
    balancing: BalanceResult | None = None
    """What balancing the wrong answers changed; None when it was turned off."""
    holdout: HoldOutResult | None = None
    """The items held out because text alone answers them; None when it was turned off."""

    @property
    def partial(self) -> bool:
        """Whether the release was made from a store whose last build did not finish."""
        return not self.build.complete


def dump_json(data: Any) -> bytes:
    """Canonical JSON bytes: sorted keys, two-space indent, UTF-8, final newline."""
    return (json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode()


def parquet_bytes(rows: list[ReleaseRow]) -> bytes:
    """The rows as one parquet file (one row group, fixed settings)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = arrow_schema()
    table = pa.Table.from_pylist([row.record() for row in rows], schema=schema)
    buffer = io.BytesIO()
    pq.write_table(table, buffer, row_group_size=max(1, len(rows)), **PARQUET_OPTIONS)
    return buffer.getvalue()


def _prepare(out: Path) -> None:
    """Make `out` empty, refusing to delete anything that is not a previous release."""
    if out.exists() or out.is_symlink():
        if not out.is_dir():
            raise ReleaseError(f"{out} exists and is not a folder")
        names = {p.name for p in out.iterdir()}
        allowed = {*RELEASE_FILES, "data", PROVENANCE_DIR}
        if names and not (names <= allowed and CHECKSUMS in names):
            raise ReleaseError(
                f"{out} is not empty and not a previous chemx release; choose another --out"
            )
        for name in names:
            path = out / name
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    out.mkdir(parents=True, exist_ok=True)


def manifest(
    rows: list[ReleaseRow],
    stages: list[FunnelStage],
    dates: DateRange,
    backends: dict[str, str],
    build: BuildState,
    licences: LicenceSelection,
    balancing: BalanceResult | None = None,
    holdout: HoldOutResult | None = None,
) -> dict[str, Any]:
    """release.json: what was released and how it was built (no time)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "split": SPLIT,
        "data_file": DATA_FILE,
        "items": len(rows),
        "papers": len({row.paper.id for row in rows}),
        "dates": dates.describe(),
        "published_after": dates.after.isoformat() if dates.after else None,
        "published_before": dates.before.isoformat() if dates.before else None,
        "backends": backends,
        "build": build.manifest(),
        "unknown_licence": licences.manifest(),
        "funnel": [stage.model_dump() for stage in stages],
        "balancing": balancing.summary() if balancing is not None else None,
        "holdout": holdout.summary() if holdout is not None else None,
    }


def release_backends(rows: list[ReleaseRow]) -> dict[str, str]:
    """The generator and judge backends behind the released items (sorted, joined)."""
    generators = sorted({row.candidate.backend for row in rows})
    judges = sorted(
        {
            d["backend"]
            for row in rows
            for d in row.provenance["decisions"]
            if d["gate"] == "qc3" and d["verdict"] == "accept"
        }
    )
    evidence = sorted({row.evidence.backend for row in rows})
    return {
        "generator": ", ".join(generators) or "none",
        "judge": ", ".join(judges) or "none",
        "evidence": ", ".join(evidence) or "none",
    }


def balanced_rows(rows: list[ReleaseRow]) -> tuple[list[ReleaseRow], BalanceResult]:
    """`rows` with their wrong answers balanced, each replacement in its provenance."""
    result = balance(inputs_of(rows))
    balanced = []
    for row in rows:
        swaps = result.swaps.get(row.item.id)
        if not swaps:
            balanced.append(row)
            continue
        item = row.item.model_copy(update={"options": result.options[row.item.id]})
        record = dict(row.provenance)
        record["question"] = {
            **record["question"],
            "options": [o.model_dump(mode="json") for o in item.options],
            # a second pass keeps what the generator wrote, not the first pass's letters
            "generated_options": record["question"].get("generated_options")
            or [o.model_dump(mode="json") for o in row.item.options],
        }
        # a second pass may letter another spare where the first did: one swap per letter,
        # from what the generator wrote to what the release letters
        replaced = {
            swap["letter"]: swap for swap in record.get("balancing", {}).get("replaced", [])
        }
        for swap in map(asdict, swaps):
            first = replaced.get(swap["letter"])
            if first is not None:
                swap = {
                    **swap,
                    "generated": first["generated"],
                    "generated_feature": first["generated_feature"],
                }
            replaced[swap["letter"]] = swap
        record["balancing"] = {
            "note": "the release lettered spare wrong answers of the generator in place of "
            "these; the new options passed the anti-shortcut option rules again, and the "
            "QC 3 judge saw the generated ones",
            "replaced": [replaced[letter] for letter in sorted(replaced)],
        }
        balanced.append(replace(row, item=item, provenance=record))
    return balanced, result


def held_out_rows(rows: list[ReleaseRow]) -> tuple[list[ReleaseRow], HoldOutResult]:
    """`rows` less the items text alone answers (`chemx.release.holdout`), in order."""
    result = hold_out([row.shortcut_item() for row in rows])
    kept = set(result.kept)
    return [row for row in rows if row.item.id in kept], result


def write_release(
    store_dir: Path,
    out: Path,
    dates: DateRange | None = None,
    *,
    allow_partial: bool = False,
    include_unknown_licence: bool = False,
    balance_options: bool = True,
    hold_out_answerable: bool = True,
) -> ReleaseSummary:
    """Release the accepted items of the store at `store_dir` into `out`.

    Items whose paper states no licence are left out (and counted) unless
    `include_unknown_licence` is True. Wrong answers are balanced across the released
    items (`chemx.release.balance`) unless `balance_options` is False; then the items
    that text alone answers are held out (`chemx.release.holdout`) unless
    `hold_out_answerable` is False.

    Raises:
        PartialStore: The store's last build did not finish (or is not recorded) and
            `allow_partial` is False.
        ReleaseError: No item to release, `out` holds something other than a previous
            release, or `out` cannot be written.
    """
    dates = dates or DateRange()
    with ProvenanceStore(store_dir, readonly=True) as store:
        build = build_state(store)
        if not build.complete and not allow_partial:
            raise PartialStore(build.refusal(store_dir))
        rows, licences = select_by_licence(collect(store, dates), include_unknown_licence)
        stages = funnel(store)
    if not rows:
        left_out = (
            f"; {licences.left_out} were left out because their paper's licence is unknown "
            "(--include-unknown-licence releases them)"
            if licences.left_out
            else ""
        )
        raise ReleaseError(f"no accepted items in {store_dir} for {dates.describe()}{left_out}")
    balancing = None
    if balance_options:
        rows, balancing = balanced_rows(rows)
    holdout = None
    if hold_out_answerable:
        rows, holdout = held_out_rows(rows)
        if balance_options and holdout.held:
            # rarity is counted over the released items: with some held out, the same
            # spares can hide more answers (the embedded sample: rarest-mechanism 11 -> 10
            # of 30); each item's provenance records every swap, and so does the manifest
            rows, again = balanced_rows(rows)
            if balancing is not None:
                balancing = balancing.then(again)
    files: dict[str, bytes] = {}
    files[DATA_FILE] = parquet_bytes(rows)
    for row in rows:
        record = row.provenance
        if not build.complete:  # an item copied out of a partial release still says so
            record = {**record, "partial_build": build.manifest()}
        files[f"{PROVENANCE_DIR}/{row.item.id}.json"] = dump_json(record)
    info = manifest(
        rows, stages, dates, release_backends(rows), build, licences, balancing, holdout
    )
    files[MANIFEST] = dump_json(info)
    files[CARD] = dataset_card(rows, stages, info, len(files[DATA_FILE])).encode()
    files[LICENCES] = licences_md(rows).encode()
    listing = "".join(
        f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sorted(files.items())
    ).encode()
    combined = hashlib.sha256(listing).hexdigest()
    files[CHECKSUMS] = listing
    files[COMBINED] = f"{combined}  {CHECKSUMS}\n".encode()
    try:
        _prepare(out)
        for name, data in files.items():
            path = out / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise ReleaseError(
            f"cannot write the release into {out}: {exc.strerror or exc}"
            f"{f' ({exc.filename})' if exc.filename else ''}; "
            "choose another --out or make that folder writable"
        ) from exc
    return ReleaseSummary(
        out=out,
        items=len(rows),
        papers=info["papers"],
        combined_sha256=combined,
        files=len(files),
        dates=dates.describe(),
        build=build,
        licences=licences,
        balancing=balancing,
        holdout=holdout,
    )
