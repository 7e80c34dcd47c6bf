"""Reading a release for evaluation: checksums first, items and evidence, context files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chemx.evaluation.items import (
    ContextFileError,
    ReleaseUnreadable,
    load_extra_context,
    load_release,
)
from chemx.evaluation.prompts import build_messages, flattened_png, template_for
from chemx.evaluation.records import Condition
from tests.evaluation._release import synthetic_rows, transparent_png, write_release


@pytest.fixture
def release(tmp_path: Path) -> Path:
    folder = tmp_path / "release"
    write_release(folder, synthetic_rows(4))
    return folder


def test_items_come_with_their_checksum_image_features_and_evidence(release):
    loaded = load_release(release)
    combined = (release / "combined.sha256").read_text().split()[0]
    assert loaded.checksum == combined
    assert [item.id for item in loaded.items] == ["it_0000", "it_0001", "it_0002", "it_0003"]
    item = loaded.items[1]
    assert item.answer == "B" and len(item.choices) == 4 and len(item.features) == 4
    assert item.image_png and item.image_png.startswith(b"\x89PNG")
    assert item.evidence == (f"Evidence for it_0001: {item.choices[1]}",)
    assert item.paper_id == "pap_0000" and item.published == "2024-05-01"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda r: (r / "combined.sha256").write_text("0" * 64), "does not match combined.sha256"),
        (lambda r: (r / "checksums.sha256").unlink(), "not a chemx release"),
        (
            lambda r: (r / "data/test-00000-of-00001.parquet").write_bytes(b"PAR1"),
            "data/test-00000-of-00001.parquet does not match checksums.sha256",
        ),
        (
            lambda r: (r / "provenance/it_0002.json").unlink(),
            "provenance/it_0002.json is missing",
        ),
    ],
)
def test_a_damaged_release_is_one_line_naming_the_file(release, damage, message):
    damage(release)
    with pytest.raises(ReleaseUnreadable) as error:
        load_release(release)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(ReleaseUnreadable, match="is not a folder"):
        load_release(tmp_path / "nowhere")


def test_context_from_jsonl_and_csv(release, tmp_path):
    items = load_release(release).items
    jsonl = tmp_path / "c.jsonl"
    jsonl.write_text(
        json.dumps({"item_id": "it_0001", "text": " Ring strain. "})
        + "\n\n"
        + json.dumps({"item_id": "it_0003", "text": "B"})
        + "\n"
    )
    assert load_extra_context(jsonl, items) == {"it_0001": "Ring strain.", "it_0003": "B"}
    table = tmp_path / "c.csv"
    table.write_text('item_id,text\nit_0002,"a, b"\n')
    assert load_extra_context(table, items) == {"it_0002": "a, b"}


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("c.jsonl", "not json\n", "line 1 is not a JSON object"),
        ("c.jsonl", '{"item_id": "it_0001"}\n', "line 1 needs a string item_id"),
        ("c.jsonl", '{"item_id": "x", "text": "t"}\n', "1 item id(s) are not in the release"),
        (
            "c.jsonl",
            '{"item_id": "it_0001", "text": "t"}\n{"item_id": "it_0001", "text": "u"}\n',
            "item it_0001 is given twice",
        ),
        ("c.csv", "id,context\nit_0001,t\n", "needs columns item_id,text"),
        ("c.jsonl", "\n", "names no item"),
    ],
)
def test_a_bad_context_file_says_which_line_and_why(release, tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(ContextFileError) as error:
        load_extra_context(path, load_release(release).items)
    assert message in str(error.value)


def test_transparent_images_are_flattened_onto_white_and_opaque_ones_kept():
    from io import BytesIO

    from PIL import Image

    flat = Image.open(BytesIO(flattened_png(transparent_png("1"), "x")))
    assert flat.mode == "RGB" and flat.getpixel((0, 0)) == (255, 255, 255)
    opaque = BytesIO()
    Image.new("RGB", (4, 4), "white").save(opaque, format="PNG")
    assert flattened_png(opaque.getvalue(), "x") == opaque.getvalue()


def test_text_only_shares_the_image_conditions_text(release):
    item = load_release(release).items[0]
    template = template_for(Condition.IMAGE)
    image_turn = build_messages(item, Condition.IMAGE, template)[0]
    text_turn = build_messages(item, Condition.TEXT_ONLY, template_for(Condition.TEXT_ONLY))[0]
    assert image_turn.content[1] == text_turn.content
    assert len(image_turn.images) == 1 and text_turn.images == []
    assert f"A. {item.choices[0]}\nB. {item.choices[1]}" in text_turn.content
    ega = build_messages(item, Condition.EGA, template_for(Condition.EGA))[0]
    assert "Ground every option in the depicted structure" in ega.content[1]
    assert all(sentence not in ega.content[1] for sentence in item.evidence)  # no answer key
