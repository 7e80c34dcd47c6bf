"""VLM identifier mode: the real extractor and client against the loopback fake server."""

import base64
import io
import json

import numpy as np
from PIL import Image

from chemx.models import ModelClient
from chemx.provenance import ProvenanceStore
from chemx.records import StructureRole
from chemx.sources.corpus import sample_corpus_dir
from chemx.visual.identifiers.vlm import RED, TEMPLATE_ID, VlmIdentifierExtractor
from chemx.visual.segmentation import Crop, Segmentation
from tests.fakes.openai_server import Reply

GOLD = json.loads((sample_corpus_dir() / "gold.json").read_text())
FIGURE = next(
    figure for paper in GOLD["papers"] for figure in paper["figures"] if figure["layout"] == "grid"
)


def _crops() -> list[Crop]:
    return [
        Crop(box=tuple(s["box"]), role=StructureRole.MOLECULE, backend="gold")
        for s in FIGURE["structures"][:3]
    ]


def test_each_crop_is_boxed_in_red_and_answers_are_normalised(fake_server, make_config, tmp_path):
    image = Image.open(sample_corpus_dir() / FIGURE["image"]).convert("RGB")
    fake_server.enqueue(
        Reply.ok({"identifier": "(2a)"}),
        Reply.ok({"identifier": None}),
        Reply.ok({"identifier": "Pd(OAc)2"}),
    )
    with ProvenanceStore(tmp_path) as store, ModelClient(make_config(), cache=store) as client:
        extractor = VlmIdentifierExtractor(client)
        results = extractor.identify(image, _crops(), Segmentation((), "gold"), caption="Grid.")
        again = extractor.identify(image, _crops(), Segmentation((), "gold"), caption="Grid.")

    assert [r.identifier for r in results] == ["2a", None, None]
    assert results[1].reason == "the VLM found no label for this structure"
    assert "not a compound label" in (results[2].reason or "")
    assert {r.backend for r in results} == {"vlm:fake-vlm"}
    assert len(fake_server.requests) == 3  # the second pass came from the cache
    assert [r.identifier for r in again] == ["2a", None, None]
    assert all(r.calls[0].cache_hit for r in again)
    assert {r.calls[0].template_id for r in results} == {TEMPLATE_ID}

    for request, crop in zip(fake_server.requests, _crops(), strict=True):
        text, picture = request.json["messages"][0]["content"]
        assert "Grid." in text["text"]
        data = base64.b64decode(picture["image_url"]["url"].split(",", 1)[1])
        sent = np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)
        red = (sent[..., 0] > 200) & (sent[..., 1] < 40) & (sent[..., 2] < 40)
        ys, xs = np.nonzero(red)
        x0, y0, x1, y1 = crop.box
        # the red frame surrounds this crop and no other
        assert xs.min() < x0 and xs.max() >= x1 - 1 and ys.min() < y0 and ys.max() >= y1 - 1
        assert tuple(sent[ys[0], xs[0]]) == RED


def test_failed_calls_become_reasons_not_labels(fake_server, make_config):
    image = Image.open(sample_corpus_dir() / FIGURE["image"]).convert("RGB")
    fake_server.enqueue(*[Reply.error(500, "boom")] * 8)
    with ModelClient(make_config(max_retries=1)) as client:
        [result] = VlmIdentifierExtractor(client).identify(
            image, _crops()[:1], Segmentation((), "gold")
        )
    assert result.identifier is None
    assert result.reason is not None and result.reason.startswith("model call failed")
    assert result.calls and result.calls[0].error
