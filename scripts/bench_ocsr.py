"""Structure recognition (crop -> SMILES): OSRA against DECIMER on drawings with gold.

Exact readings (RDKit canonical SMILES equal, stereo included) and seconds per crop for
each reader installed, on:
- the sample corpus: its distinct labelled drawings (gold SMILES in `sample_gold.json`);
- real images: the three MolScribe example drawings in `../shared/realworld/molscribe/`
  (SMILES from that folder's MANIFEST), when the folder is there;
- any `--manifest FILE`: a JSON list of {"path", "gold", "set"} (crops cut from a
  corpus kept apart from the project, for instance).

    .venv/bin/python scripts/bench_ocsr.py [--manifest crops.json] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chemx.visual.ocsr import OcsrReader, canonical_smiles  # noqa: E402

REALWORLD = ROOT.parent / "shared" / "realworld"
MOLSCRIBE_GOLD = {
    "example.png": "Fc1ccc(-c2cc(-c3ccccc3)n(-c3ccccc3)c2)cc1",
    "example1.png": "COc1ccc(-c2cc(-c3ccccc3)n(-c3ccccc3)c2)cc1",
    "example2.png": "Cc1ccc(-n2cc(C)cc2-c2ccccc2)cc1",
}
"""realworld/MANIFEST.md, section 4: the expected SMILES of each MolScribe example."""


@dataclass
class Tally:
    """One reader's results on one set."""

    exact: int = 0
    total: int = 0
    seconds: float = 0.0
    misses: list[str] = field(default_factory=list)


def sample_drawings() -> Iterator[tuple[str, Image.Image, str]]:
    """The sample corpus's distinct labelled drawings with their gold SMILES."""
    from chemx.devkit.sample_gold import load_gold

    gold = load_gold()
    folder = ROOT / "chemx" / "data" / "sample"
    seen: set[str] = set()
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            image = Image.open(folder / figure["image"]).convert("RGB")
            for structure in figure["structures"]:
                key = canonical_smiles(structure.get("smiles") or "")
                if structure["role"] == "condition" or key is None or key in seen:
                    continue
                seen.add(key)
                yield "sample", image.crop(tuple(structure["box"])), key


def molscribe_drawings() -> Iterator[tuple[str, Image.Image, str]]:
    for name, smiles in MOLSCRIBE_GOLD.items():
        path = REALWORLD / "molscribe" / name
        if path.is_file():
            yield (
                "realworld-molscribe",
                Image.open(path).convert("RGB"),
                str(canonical_smiles(smiles)),
            )


def manifest_drawings(path: Path) -> Iterator[tuple[str, Image.Image, str]]:
    for entry in json.loads(path.read_text()):
        key = canonical_smiles(entry["gold"])
        if key is not None:
            yield entry.get("set", path.stem), Image.open(entry["path"]).convert("RGB"), key


def readers() -> dict[str, OcsrReader]:
    """Every reader installed here, by name."""
    from chemx.errors import BackendUnavailable
    from chemx.visual.decimer_ocsr import DecimerReader
    from chemx.visual.ocsr import OsraReader, osra_path

    found: dict[str, OcsrReader] = {}
    if osra_path():
        found["osra"] = OsraReader()
    try:
        found["decimer"] = DecimerReader()  # alone: no OSRA behind it
    except BackendUnavailable as error:
        print(f"decimer: {error}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", type=Path, action="append", default=[])
    parser.add_argument("--json", type=Path, help="write the tallies here")
    args = parser.parse_args()
    drawings = list(sample_drawings()) + list(molscribe_drawings())
    for manifest in args.manifest:
        drawings += list(manifest_drawings(manifest))
    tallies: dict[tuple[str, str], Tally] = {}
    for name, reader in readers().items():
        if name == "decimer":  # load the model before the clock starts
            reader.read(drawings[0][1])
        for set_name, image, gold in drawings:
            started = time.perf_counter()
            result = reader.read(image)
            tally = tallies.setdefault((name, set_name), Tally())
            tally.seconds += time.perf_counter() - started
            tally.total += 1
            if result.smiles == gold:
                tally.exact += 1
            else:
                tally.misses.append(f"{gold} <- {result.smiles or result.reason}")
        closer = getattr(reader, "close", None)
        if callable(closer):
            closer()
    print(f"{'reader':8} {'set':22} {'exact':>9} {'s/crop':>7}")
    for (name, set_name), tally in sorted(tallies.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        share = tally.exact / tally.total if tally.total else 0.0
        print(
            f"{name:8} {set_name:22} {tally.exact:>3}/{tally.total:<3} {share:4.0%}"
            f" {tally.seconds / max(tally.total, 1):>6.2f}"
        )
    sets = sorted({set_name for _, set_name in tallies})
    for set_name in sets:
        osra, decimer = tallies.get(("osra", set_name)), tallies.get(("decimer", set_name))
        if osra and decimer and osra.seconds:
            print(f"{set_name}: decimer/osra time {decimer.seconds / osra.seconds:.2f}x")
    if args.json:
        rows = [
            {
                "reader": n,
                "set": s,
                "exact": t.exact,
                "total": t.total,
                "seconds": t.seconds,
                "misses": t.misses,
            }
            for (n, s), t in tallies.items()
        ]
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
