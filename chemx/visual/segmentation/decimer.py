"""DECIMER Segmentation (Rajan et al. 2020) as a chemx segmenter, run out of process.

`decimer-segmentation` is a Mask R-CNN in TensorFlow <= 2.15.1, which clashes with the
torch stack chemx runs on, so it lives in its own Python environment. This adapter
writes the figure to a temporary PNG, runs the standalone `_decimer_worker.py` under
that environment's interpreter and maps the JSON boxes it prints to `Crop`s.

The weights (`mask_rcnn_molecule.h5`) are fetched from Zenodo by pystow on first use,
which is not reachable offline: they must be placed by hand (see `ENABLE_HELP`).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from chemx.errors import BackendUnavailable
from chemx.records import Box, StructureRole
from chemx.registry import BackendContext
from chemx.visual.classes import FigureClass
from chemx.visual.segmentation._base import Crop, Segmentation

NAME = "decimer"
PYTHON_ENV = "CHEMX_DECIMER_PYTHON"
"""Environment variable naming the interpreter of the DECIMER environment."""
WORKER = Path(__file__).with_name("_decimer_worker.py")
CHECK_TIMEOUT_S = 60
"""The availability check only locates the package; a minute covers a cold disk."""
SEGMENT_TIMEOUT_S = 600
"""Loading TensorFlow and the model takes 20-60 s on CPU, a page 5-30 s more."""
MIN_SIDE = 16
"""Images smaller than this cannot hold a structure (same guard as the classical one)."""
MAX_SIDE = 4000
"""Larger images are shrunk before they are sent: DECIMER resizes to 1024 px anyway,
and a 6000 x 6000 PNG would cost seconds to write and read for nothing."""

ENABLE_HELP = f"""\
DECIMER Segmentation is not available. To enable it:
  1. Make a separate environment (TensorFlow <= 2.15.1 clashes with chemx's packages):
       python3.11 -m venv ~/decimer-venv
       ~/decimer-venv/bin/pip install decimer-segmentation
  2. Place the weights by hand (the Zenodo download is not reachable offline):
       mkdir -p "$PYSTOW_HOME/DECIMER-Segmentation_model"    # PYSTOW_HOME defaults to ~/.data
       cp mask_rcnn_molecule.h5 "$PYSTOW_HOME/DECIMER-Segmentation_model/"
     (the file is https://zenodo.org/record/10663579/files/mask_rcnn_molecule.h5)
  3. Point chemx at the interpreter: export {PYTHON_ENV}=~/decimer-venv/bin/python
     (or pass python=... to DecimerSegmenter)."""


class DecimerUnavailable(BackendUnavailable, RuntimeError):
    """DECIMER's environment or weights are missing; the message says how to fix it."""


@dataclass(frozen=True)
class DecimerStatus:
    """What the availability check found."""

    available: bool
    reason: str
    python: str | None
    weights: str | None = None


def _interpreter(python: str | os.PathLike[str] | None) -> str | None:
    chosen = python if python is not None else os.environ.get(PYTHON_ENV)
    return str(chosen) if chosen else None


def _run_worker(python: str, args: list[str], timeout: float) -> dict[str, Any]:
    """Run the worker and parse its JSON answer (raises RuntimeError with stderr's tail)."""
    completed = subprocess.run(
        [python, str(WORKER), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        start_new_session=True,  # Ctrl-C to the build must not read as a failed figure
    )
    if completed.returncode != 0:
        tail = completed.stderr.strip().splitlines()[-5:]
        raise RuntimeError(
            f"DECIMER worker exited with {completed.returncode}: " + " | ".join(tail)
        )
    try:
        answer: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError) as error:
        raise RuntimeError(
            f"DECIMER worker printed no JSON: {completed.stdout[-200:]!r}"
        ) from error
    return answer


def decimer_status(python: str | os.PathLike[str] | None = None) -> DecimerStatus:
    """Check the interpreter, the package and the weights without loading the model."""
    interpreter = _interpreter(python)
    if interpreter is None:
        return DecimerStatus(False, f"no interpreter given and ${PYTHON_ENV} is not set", None)
    if not Path(interpreter).is_file():
        return DecimerStatus(False, f"interpreter {interpreter} does not exist", interpreter)
    try:
        answer = _run_worker(interpreter, ["--check"], CHECK_TIMEOUT_S)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as error:
        return DecimerStatus(False, f"interpreter {interpreter} failed: {error}", interpreter)
    weights = str(answer.get("weights"))
    if not answer.get("package"):
        return DecimerStatus(
            False, f"decimer_segmentation is not installed for {interpreter}", interpreter
        )
    if not answer.get("weights_present"):
        return DecimerStatus(False, f"weights not found at {weights}", interpreter, weights)
    return DecimerStatus(True, "ready", interpreter, weights)


def _scale_box(raw: Any, factor: float, size: tuple[int, int]) -> Box | None:
    """A worker box [x0, y0, x1, y1] (sent-image pixels) in original pixels, or None."""
    try:
        x0, y0, x1, y1 = (float(v) / factor for v in raw)
    except (TypeError, ValueError):
        return None
    width, height = size
    box = (
        max(0, min(width, math.floor(x0))),
        max(0, min(height, math.floor(y0))),
        max(0, min(width, math.ceil(x1))),
        max(0, min(height, math.ceil(y1))),
    )
    return box if box[2] > box[0] and box[3] > box[1] else None


def _reading_key(box: Box) -> tuple[int, int]:
    return (box[1] + box[3]) // 2, box[0]


class DecimerSegmenter:
    """Structure boxes from DECIMER's Mask R-CNN, run in its own environment.

    Attributes:
        name: Registry name written into every crop's `backend`.
    """

    name = NAME

    def __init__(
        self,
        python: str | os.PathLike[str] | None = None,
        *,
        expand: bool = True,
        timeout_s: float = SEGMENT_TIMEOUT_S,
    ) -> None:
        """Check the environment now, so a missing install fails before the pipeline runs.

        Args:
            python: Interpreter of the DECIMER environment; defaults to
                ``$CHEMX_DECIMER_PYTHON``.
            expand: Use DECIMER's mask expansion (completes structures the network cut
                short; its default).
            timeout_s: Limit for one figure, model loading included.

        Raises:
            DecimerUnavailable: The interpreter, the package or the weights are missing;
                the message says exactly how to enable DECIMER.
        """
        status = decimer_status(python)
        if not status.available or status.python is None:
            raise DecimerUnavailable(f"{status.reason}.\n{ENABLE_HELP}")
        self.python = status.python
        self.expand = expand
        self.timeout_s = timeout_s

    @staticmethod
    def available(python: str | os.PathLike[str] | None = None) -> bool:
        """Whether the interpreter exists, has the package, and the weights are in place."""
        return decimer_status(python).available

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        """Segment a figure with DECIMER; failures become notes, never exceptions.

        Args:
            image: The figure (any PIL mode; it is sent as RGB PNG).
            figure_class: A single-molecule figure gives one crop (the union of what
                DECIMER found); a non-chemistry figure is not sent at all.

        Returns:
            Crops with role `molecule` and DECIMER's score, in reading order.
        """
        if figure_class is FigureClass.NON_CHEMISTRY:
            return Segmentation((), self.name, notes=("non-chemistry figure: not segmented",))
        width, height = image.size
        if min(width, height) < MIN_SIDE:
            note = f"image too small to hold a structure ({width}x{height} px)"
            return Segmentation((), self.name, notes=(note,))
        factor = min(1.0, MAX_SIDE / max(width, height))
        try:
            answer = self._run(image, factor)
        except (OSError, RuntimeError, ValueError, subprocess.TimeoutExpired) as error:
            return Segmentation((), self.name, notes=(f"DECIMER failed: {error}",))
        raw_boxes = answer.get("boxes") or []
        raw_scores = answer.get("scores") or [None] * len(raw_boxes)
        found: list[tuple[Box, float | None]] = []
        for raw, score in zip(raw_boxes, raw_scores, strict=False):
            box = _scale_box(raw, factor, image.size)
            if box is not None:
                found.append((box, float(score) if score is not None else None))
        if figure_class is FigureClass.SINGLE_MOLECULE and len(found) > 1:
            union = (
                min(b[0] for b, _ in found),
                min(b[1] for b, _ in found),
                max(b[2] for b, _ in found),
                max(b[3] for b, _ in found),
            )
            scores = [s for _, s in found if s is not None]
            found = [(union, max(scores) if scores else None)]
        found.sort(key=lambda item: _reading_key(item[0]))
        crops = tuple(
            Crop(box, StructureRole.MOLECULE, self.name, score=score) for box, score in found
        )
        notes = [f"decimer-segmentation {answer.get('version', 'unknown')}"]
        if not crops:
            notes.append("no structures found")
        return Segmentation(crops, self.name, notes=tuple(notes))

    def _run(self, image: Image.Image, factor: float) -> dict[str, Any]:
        sent = image.convert("RGB")
        if factor < 1.0:
            size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
            sent = sent.resize(size, Image.Resampling.LANCZOS)
        with tempfile.TemporaryDirectory(prefix="chemx-decimer-") as folder:
            path = Path(folder) / "figure.png"
            sent.save(path)
            args = [str(path)] + ([] if self.expand else ["--no-expand"])
            return _run_worker(self.python, args, self.timeout_s)


def main() -> int:
    """`python -m chemx.visual.segmentation.decimer`: print the availability status."""
    status = decimer_status()
    print(f"{'available' if status.available else 'unavailable'}: {status.reason}")
    if not status.available:
        print(ENABLE_HELP)
    return 0 if status.available else 1


if __name__ == "__main__":
    sys.exit(main())


def make_segmenter(context: BackendContext) -> DecimerSegmenter:
    """The ``decimer`` segmenter (registry factory); checks its environment now."""
    return DecimerSegmenter()
