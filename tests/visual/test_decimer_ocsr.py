"""The DECIMER OCSR adapter and its worker, run against a fake `DECIMER` package.

The fake stands in for the model only: the worker script, its JSON-line protocol, the
process handling and the adapter's checks are the real code. It answers by the crop's
width (set in `FAKE_DECIMER_ANSWERS`): a SMILES with an optional '|confidence', '!raise'
(the model fails on the crop) or '!exit' (the worker process dies).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from chemx.errors import BackendUnavailable
from chemx.provenance.store import ProvenanceStore
from chemx.visual.decimer_ocsr import (
    PAD_PX,
    DecimerReader,
    decimer_status,
    expand_misread_phenyl,
    prepare,
)
from chemx.visual.ocsr import SmilesResult, crop_reading, make_auto, read_cached

FAKE_PACKAGE = """
import json, os, sys
from PIL import Image

def load_models(printed=True, hand_drawn=False):
    print("loading the fake model")  # the worker must keep this off its stdout

def predict_SMILES(path, confidence=False, hand_drawn=False):
    answers = json.load(open(os.environ["FAKE_DECIMER_ANSWERS"]))
    width = Image.open(path).width
    answer = answers[str(width)]
    if answer == "!raise":
        raise ValueError("cannot decode")
    if answer == "!exit":
        os._exit(3)
    smiles, _, confidence = answer.partition("|")
    return smiles, [("C", float(confidence or 0.99))]
"""


class FakeOsra:
    backend = "osra"
    note = ""

    def __init__(self) -> None:
        self.reads = 0

    def read(self, crop: Image.Image) -> SmilesResult:
        self.reads += 1
        return SmilesResult("CCO", backend="osra")


@pytest.fixture
def fake_decimer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A DECIMER package and model folder the main interpreter can load."""
    package = tmp_path / "site" / "DECIMER"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "decimer.py").write_text(FAKE_PACKAGE)
    model = tmp_path / "pystow" / "DECIMER-V2" / "DECIMER_model"
    model.mkdir(parents=True)
    (model / "saved_model.pb").write_bytes(b"")
    answers = tmp_path / "answers.json"
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site"))
    monkeypatch.setenv("PYSTOW_HOME", str(tmp_path / "pystow"))
    monkeypatch.setenv("FAKE_DECIMER_ANSWERS", str(answers))
    return answers


def crop(width: int) -> Image.Image:
    """A blank crop whose padded width selects the fake's answer."""
    return Image.new("RGB", (width, 40), "white")


def answer(answers: Path, table: dict[int, str]) -> None:
    answers.write_text(json.dumps({str(w + 2 * PAD_PX): s for w, s in table.items()}))


def test_reads_a_crop_into_canonical_smiles(fake_decimer: Path) -> None:
    answer(fake_decimer, {50: "OC1=CC=CC=C1", 60: "C(=O)O"})
    reader = DecimerReader(sys.executable)
    try:
        first, second = reader.read(crop(50)), reader.read(crop(60))
    finally:
        reader.close()
    assert (first.smiles, first.backend, first.raw) == ("Oc1ccccc1", "decimer", "OC1=CC=CC=C1")
    assert second.smiles == "O=CO"  # the same worker answered both
    reading = crop_reading(first)
    assert reading is not None and reading.source == "decimer"


def test_a_ph_label_read_as_lead_becomes_phenyl(fake_decimer: Path) -> None:
    # realworld/molscribe/example.png: both "Ph" labels came back as one-bonded [Pb]
    answer(fake_decimer, {50: "Fc1ccc(-c2c[c]([Pb])[n]([Pb])c2)cc1"})
    reader = DecimerReader(sys.executable)
    try:
        result = reader.read(crop(50))
    finally:
        reader.close()
    assert result.smiles == "Fc1ccc(-c2cc(-c3ccccc3)n(-c3ccccc3)c2)cc1"
    assert result.raw == "Fc1ccc(-c2c[c]([Pb])[n]([Pb])c2)cc1"  # what DECIMER said is kept


def test_only_a_terminal_neutral_lead_is_read_as_phenyl() -> None:
    assert expand_misread_phenyl("CC[Pb](CC)(CC)CC") == "CC[Pb](CC)(CC)CC"  # tetraethyllead
    assert expand_misread_phenyl("[Pb+2]") == "[Pb+2]"
    assert expand_misread_phenyl("OC(=O)c1ccccc1") == "OC(=O)c1ccccc1"
    assert expand_misread_phenyl("O=C([Pb])N") == "NC(=O)c1ccccc1"


def test_unparseable_reading_goes_to_osra_and_says_so(fake_decimer: Path) -> None:
    answer(fake_decimer, {50: "C1CC(", 60: "C1CC("})
    osra = FakeOsra()
    with_fallback = DecimerReader(sys.executable, fallback=osra)  # type: ignore[arg-type]
    alone = DecimerReader(sys.executable)
    try:
        rescued, kept = with_fallback.read(crop(50)), alone.read(crop(60))
    finally:
        with_fallback.close()
        alone.close()
    assert (rescued.smiles, rescued.backend, osra.reads) == ("CCO", "osra", 1)
    assert kept.smiles is None and "RDKit" in (kept.reason or "")
    assert not kept.transient  # a misreading is an answer, cached like one


def test_doubtful_readings_are_not_taken(fake_decimer: Path) -> None:
    # a crop with two structures decodes into repeated fragments at low confidence
    answer(fake_decimer, {50: "CCO|0.3", 60: "CCO." + ".".join(["[F-]"] * 5), 70: "CCN|0.6"})
    reader = DecimerReader(sys.executable)
    try:
        unsure, repeated, taken = (
            reader.read(crop(50)),
            reader.read(crop(60)),
            reader.read(crop(70)),
        )
    finally:
        reader.close()
    assert unsure.smiles is None and "confidence is 0.30" in (unsure.reason or "")
    assert repeated.smiles is None and "repeated '[F-]' 5 times" in (repeated.reason or "")
    assert taken.smiles == "CCN"


def test_coloured_labels_are_read_as_black_ink() -> None:
    image = Image.new("RGB", (30, 20), "white")
    image.putpixel((5, 5), (51, 204, 204))  # RDKit's fluorine cyan
    image.putpixel((6, 5), (235, 235, 235))  # anti-aliasing haze
    prepared = prepare(image)
    assert prepared.size == (30 + 2 * PAD_PX, 20 + 2 * PAD_PX)
    assert prepared.getpixel((5 + PAD_PX, 5 + PAD_PX)) == (0, 0, 0)
    assert prepared.getpixel((6 + PAD_PX, 5 + PAD_PX)) == (255, 255, 255)


def test_model_failure_is_an_answer_and_a_dead_worker_is_transient(fake_decimer: Path) -> None:
    answer(fake_decimer, {50: "!raise", 60: "!exit", 70: "CC"})
    reader = DecimerReader(sys.executable)
    try:
        failed, died, after = reader.read(crop(50)), reader.read(crop(60)), reader.read(crop(70))
    finally:
        reader.close()
    assert failed.smiles is None and "cannot decode" in (failed.reason or "")
    assert not failed.transient
    assert died.smiles is None and died.transient and "exited" in (died.reason or "")
    assert after.smiles == "CC"  # a new worker was started for the next crop


def test_cached_reading_keeps_the_backend_that_made_it(fake_decimer: Path, tmp_path: Path) -> None:
    answer(fake_decimer, {50: "C1CC("})
    osra = FakeOsra()
    reader = DecimerReader(sys.executable, fallback=osra)  # type: ignore[arg-type]
    try:
        with ProvenanceStore(tmp_path / "store") as store:
            first = read_cached(reader, crop(50), "sha-1", store)
            again = read_cached(reader, crop(50), "sha-1", store)
    finally:
        reader.close()
    assert first.backend == again.backend == "osra" and again.smiles == "CCO"
    assert osra.reads == 1


def test_missing_model_is_refused_with_the_way_to_install_it(
    fake_decimer: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYSTOW_HOME", str(tmp_path / "empty"))
    status = decimer_status(sys.executable)
    assert not status.available and "model not found" in status.reason
    with pytest.raises(BackendUnavailable, match=r"install_decimer\.sh"):
        DecimerReader(sys.executable)


def test_auto_prefers_decimer_only_where_installed(
    fake_decimer: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHEMX_DECIMER_OCSR_PYTHON", "none")
    assert make_auto(None).backend in ("osra", "none")
    monkeypatch.setenv("CHEMX_DECIMER_OCSR_PYTHON", sys.executable)
    reader = make_auto(None)
    assert reader.backend == "decimer" and reader.note == "decimer installed"
