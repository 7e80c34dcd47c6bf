"""A figure the image classifier rejects is read for drawn structures before it is lost.

The classifier and OSRA are stand-ins (an unsure 'non-chemistry' verdict, a fixed count
of ring structures); the agent and the decision rule are the real ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.records import Gate
from chemx.visual.classes import FigureClass
from chemx.visual.classifier import FigurePrediction
from chemx.visual.drawn_structures import DrawnStructures
from chemx.visual.ocsr import SmilesResult
from tests.agents._fakes import FixedCrops, FixedLabels, figure_store


class UnsureNonChemistry:
    """Every figure: non-chemistry at `p_non`, the rest on reaction schemes."""

    backend = "fake-classifier"

    def __init__(self, p_non: float) -> None:
        self.p_non = p_non

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        probabilities = {
            "single_molecule": 0.0,
            "multiple_molecules": 0.0,
            "reaction_scheme": 1.0 - self.p_non,
            "non_chemistry": self.p_non,
        }
        return [FigurePrediction(FigureClass.NON_CHEMISTRY, probabilities) for _ in images]


class CountingOsra:
    """Reads no crop; counts `found` ring structures in any whole figure, and the calls."""

    backend = "fake-osra"
    note = ""

    def __init__(self, found: int) -> None:
        self.found = found
        self.figures_read = 0

    def read(self, crop: Image.Image) -> SmilesResult:
        return SmilesResult(None, self.backend, "nothing read")

    def count_structures(self, figure: Image.Image) -> DrawnStructures:
        self.figures_read += 1
        return DrawnStructures(self.found, self.backend)


def _run(tmp_path: Path, p_non: float, found: int, caption: str) -> tuple[dict, CountingOsra]:
    store = figure_store(tmp_path, Image.new("RGB", (400, 200), "white"), caption)
    osra = CountingOsra(found)
    crops = FixedCrops([])
    backends = VisualBackends(
        UnsureNonChemistry(p_non),  # type: ignore[arg-type]
        crops,  # type: ignore[arg-type]
        crops,  # type: ignore[arg-type]
        FixedLabels([]),  # type: ignore[arg-type]
        osra,
    )
    VisualAgent(store, backends).process("pap_1")
    decisions = [d for d in store.decisions("fig_1") if d.gate in (Gate.QC1, Gate.CLASSIFIER)]
    assert decisions, "the figure got no class decision"
    return decisions[-1].model_dump(mode="json"), osra


def test_three_ring_structures_turn_an_unsure_rejection_over(tmp_path: Path) -> None:
    decision, osra = _run(tmp_path, p_non=0.95, found=4, caption="Overview of the approach.")
    assert osra.figures_read == 1
    assert decision["verdict"] == "accept"
    assert decision["scores"]["ocsr_ring_structures"] == 4.0
    assert decision["scores"]["ocsr_log_odds"] == 4.0


def test_two_ring_structures_are_not_enough(tmp_path: Path) -> None:
    decision, osra = _run(tmp_path, p_non=0.95, found=2, caption="Overview of the approach.")
    assert osra.figures_read == 1
    assert decision["verdict"] == "reject"
    assert decision["scores"]["ocsr_ring_structures"] == 2.0


def test_a_confident_rejection_with_words_against_is_not_read(tmp_path: Path) -> None:
    # image p_non 0.999 and "ECD spectra": no count of structures could carry it over
    decision, osra = _run(tmp_path, p_non=0.999, found=9, caption="ECD spectra of 3 and 4.")
    assert osra.figures_read == 0
    assert decision["verdict"] == "reject"
    assert "ocsr_ring_structures" not in decision["scores"]
