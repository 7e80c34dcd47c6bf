"""The released table's columns: arrow types, Hugging Face feature types, descriptions.

The parquet file carries the Hugging Face features in its schema metadata (key
``huggingface``), so `datasets.load_dataset("parquet", data_files=...)` decodes the
``image`` column as images, not as raw structs.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

SPLIT = "test"
"""A benchmark is an evaluation set: everything is released as one test split."""
DATA_FILE = f"data/{SPLIT}-00000-of-00001.parquet"
SCHEMA_VERSION = 1

COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("id", "string", "Item id (content-derived, stable across rebuilds)."),
    ("image", "image", "The crop (PNG bytes); a matched pair's two crops side by side."),
    ("stem", "string", "The question, written from the observed effect alone."),
    ("choices", "list<string>", "Four options, in letter order A-D."),
    ("answer", "string", "The correct letter."),
    ("reasoning_type", "string", "Mechanistic, Design or Condition."),
    ("entry_type", "string", "molecule, reaction or matched_pair (two compounds shown)."),
    ("features", "list<string>", "The structural feature each option names, A-D."),
    ("identifier", "string", "The compound label the paper prints for the structure."),
    ("paper_id", "string", "Source paper (node id)."),
    ("doi", "string", "Source paper DOI ('' when unknown)."),
    ("pmcid", "string", "Source paper PMC id ('' when unknown)."),
    ("title", "string", "Source paper title."),
    ("journal", "string", "Source journal ('' when unknown)."),
    ("published", "string", "Publication date of the source paper, ISO 8601."),
    ("licence_url", "string", "Licence of the source paper; the item inherits it."),
    ("figure_id", "string", "Figure the crop was cut from."),
    ("structure_id", "string", "The crop (node id)."),
    ("evidence_id", "string", "The evidence block the answer comes from."),
    ("candidate_id", "string", "The generated candidate the item was accepted from."),
)
"""(name, type, description) in column order."""


def _feature(kind: str) -> dict[str, Any]:
    if kind == "image":
        return {"_type": "Image"}
    if kind == "list<string>":
        return {"feature": {"dtype": "string", "_type": "Value"}, "_type": "List"}
    return {"dtype": "string", "_type": "Value"}


def hf_features() -> dict[str, Any]:
    """The Hugging Face `Features` dict of the table (datasets >= 4 serialisation)."""
    return {name: _feature(kind) for name, kind, _ in COLUMNS}


def arrow_schema() -> pa.Schema:
    """The arrow schema, with the Hugging Face features as metadata."""
    import pyarrow as pa

    types = {
        "string": pa.string(),
        "list<string>": pa.list_(pa.string()),
        "image": pa.struct([("bytes", pa.binary()), ("path", pa.string())]),
    }
    fields = [pa.field(name, types[kind]) for name, kind, _ in COLUMNS]
    metadata = {"huggingface": json.dumps({"info": {"features": hf_features()}})}
    return pa.schema(fields, metadata=metadata)


def card_features() -> list[dict[str, Any]]:
    """The `dataset_info.features` list of the card's YAML header."""
    result: list[dict[str, Any]] = []
    for name, kind, _ in COLUMNS:
        if kind == "image":
            result.append({"name": name, "dtype": "image"})
        elif kind == "list<string>":
            result.append({"name": name, "list": "string"})
        else:
            result.append({"name": name, "dtype": "string"})
    return result
