"""Small synthetic releases, written in the layout `chemx release` writes (for eval tests).

Items are built from a seeded generator: four options in one frame, "<feature>
<mechanism>, which accounts for <effect>.", a balanced answer letter, a transparent PNG
(so flattening onto white is exercised), evidence sentences in the provenance file.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from chemx.release.schema import DATA_FILE, arrow_schema
from chemx.release.writer import CHECKSUMS, COMBINED, PARQUET_OPTIONS, PROVENANCE_DIR, dump_json

FEATURES = (
    "the CF2H group",
    "the benzylic methylene linker",
    "the chiral alpha carbon",
    "the ester carbonyl",
    "the pyridine nitrogen",
    "the tert-butyl group",
    "the thiophene ring",
    "the boronic ester",
)
MECHANISMS = (
    "donates a lipophilic hydrogen bond",
    "sets the ring at a fixed distance",
    "enforces one bound conformation",
    "withdraws electron density by resonance",
    "coordinates the metal centre",
    "blocks the approach of the nucleophile",
    "extends the conjugated system",
    "is oxidised by hydrogen peroxide",
)
LETTERS = "ABCD"


def transparent_png(text: str) -> bytes:
    image = Image.new("RGBA", (96, 64), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.line((8, 8, 88, 40), fill=(0, 0, 0, 255), width=3)
    draw.text((30, 44), text, fill=(0, 0, 0, 255))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def synthetic_rows(count: int, seed: int = 7) -> list[dict[str, Any]]:
    """`count` release rows (every column of `chemx.release.schema.COLUMNS`)."""
    generator = random.Random(seed)
    rows = []
    image = transparent_png("1")
    for index in range(count):
        picked = generator.sample(range(len(FEATURES)), 4)
        effect = f"the high yield of product {index}"
        features = [FEATURES[i] for i in picked]
        choices = [
            f"{FEATURES[i][0].upper()}{FEATURES[i][1:]} {MECHANISMS[i]}, which accounts for {effect}."
            for i in picked
        ]
        rows.append(
            {
                "id": f"it_{index:04d}",
                "image": {"bytes": image, "path": f"str_{index:04d}.png"},
                "stem": f"Compound {index} gives {effect}. Which structural feature most "
                "directly explains this?",
                "choices": choices,
                "answer": LETTERS[index % 4],
                "reasoning_type": "Mechanistic",
                "entry_type": "molecule",
                "features": features,
                "identifier": str(index),
                "paper_id": f"pap_{index // 5:04d}",
                "doi": "",
                "pmcid": "",
                "title": "A synthetic paper",
                "journal": "",
                "published": "2024-05-01",
                "licence_url": "https://creativecommons.org/licenses/by/4.0/",
                "figure_id": f"fig_{index:04d}",
                "structure_id": f"str_{index:04d}",
                "evidence_id": f"evi_{index:04d}",
                "candidate_id": f"can_{index:04d}",
            }
        )
    return rows


def write_release(folder: Path, rows: list[dict[str, Any]]) -> str:
    """Write `rows` as a release folder; returns its combined checksum."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files: dict[str, bytes] = {}
    table = pa.Table.from_pylist(rows, schema=arrow_schema())
    buffer = io.BytesIO()
    pq.write_table(table, buffer, row_group_size=max(1, len(rows)), **PARQUET_OPTIONS)
    files[DATA_FILE] = buffer.getvalue()
    for row in rows:
        correct = row["choices"]["ABCD".index(row["answer"])]
        record = {
            "item_id": row["id"],
            "answer": row["answer"],
            "evidence": {"sentences": [{"text": f"Evidence for {row['id']}: {correct}"}]},
        }
        files[f"{PROVENANCE_DIR}/{row['id']}.json"] = dump_json(record)
    listing = "".join(
        f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sorted(files.items())
    ).encode()
    combined = hashlib.sha256(listing).hexdigest()
    files[CHECKSUMS] = listing
    files[COMBINED] = f"{combined}  {CHECKSUMS}\n".encode()
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return combined


def answer_letter(body: dict[str, Any]) -> str:
    """The correct letter of the item a chat request is about (the fake servers' oracle)."""
    match = re.search(r"Compound (\d+) gives", json.dumps(body["messages"]))
    assert match, "no item in the request"
    return LETTERS[int(match.group(1)) % 4]
