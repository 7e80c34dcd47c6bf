"""The figure classifier: a torchvision ResNet-50 with four classes.

Pretrained weights cannot be downloaded here, so chemx ships a checkpoint that
`scripts/train_figure_classifier.py` trained from scratch on synthetic renders
(`chemx.devkit.synthetic_figures`) and, when the manifest says so, fine-tuned on real
figures (the train part of `tests/fixtures/realworld/figure_classes.json`). It is stored
in fp16 (under 50 MB) with a JSON manifest that records the data seed, the epochs, the
command, the real data seen per file, the held-out papers and the measured accuracy
(synthetic validation, and held-out real figures); loading needs no network.
Inference is batched, on the GPU when there is one and on the CPU otherwise.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PIL import Image
from pydantic import BaseModel, Field

from chemx.errors import BackendUnavailable, SettingsError
from chemx.registry import BackendContext
from chemx.visual.classes import FIGURE_CLASSES, FigureClass

if TYPE_CHECKING:
    import torch

INPUT_SIZE = 224
"""Side of the square the figure is padded and resized to."""

GPU_BATCH = 32
"""Figures per pass on a GPU, where a pass of 32 costs about what a pass of 1 does."""
CPU_BATCH = 1
"""Figures per pass on the CPU. Measured on 2 cores with 8 sample papers in flight
(`scripts/bench_build.py --parts batching`): passes of 8 shared across papers gave 1.24x
the figures/s of one figure per pass, but a paper alone, padded to 8, ran 2.7x slower;
one figure per pass needs no padding and the papers' threads run their passes side by
side. `--classifier-batch 8` turns sharing on for a CPU build of many small papers."""

CHECKPOINT_NAME = "figure_classifier_resnet50.pt"
MANIFEST_NAME = "figure_classifier_resnet50.json"


class RealSourceRecord(BaseModel):
    """Real figures of one source file that a checkpoint was trained on."""

    group: str
    file: str
    sha256: str
    classes: dict[str, int]
    """Figures per class taken from this file."""
    licence: str | None = None
    """The file's reuse terms and attribution when it is open (None: local use only)."""


class RealScore(BaseModel):
    """A checkpoint's score on the held-out real figures."""

    figures: int
    image_accuracy: float
    image_confusion: list[list[int]]
    combined_accuracy: float
    """With the caption's evidence (`chemx.visual.caption_evidence.decide_class`)."""
    combined_confusion: list[list[int]]
    chemistry_accuracy: float
    non_2d_accepted: int


class ClassifierManifest(BaseModel):
    """What a checkpoint is and how well it did, written beside the weights."""

    architecture: str = "resnet50"
    classes: list[str]
    input_size: int
    data_seed: int
    epochs: int
    train_images: int
    validation_images: int
    validation_accuracy: float
    confusion_matrix: list[list[int]] = Field(
        description="Rows: true class, columns: predicted class, in `classes` order."
    )
    extra_training_folders: list[str] = Field(default_factory=list)
    weights_sha256: str
    torch_version: str
    train_seconds: float
    precise_bn_batches: int = 0
    """Batches used to re-estimate BatchNorm statistics after training (0: not done)."""
    command: str | None = None
    """The training command line, so the checkpoint can be rebuilt."""
    init_from: str | None = None
    """sha256 of the checkpoint fine-tuned from (None: trained from scratch)."""
    trained_layers: str = "all"
    """'all', or the blocks fine-tuned on top of a frozen trunk ('layer4+fc')."""
    synthetic_negatives: str = "classic"
    """Which synthetic non-chemistry kinds were rendered ('classic' or 'real')."""
    synthetic_layouts: str = "classic"
    """Which synthetic chemistry layouts were rendered ('classic', or 'real': with energy
    profiles, structure tables and annotated panels, `chemx.devkit.synthetic_layouts`)."""
    real_training: list[RealSourceRecord] = Field(default_factory=list)
    """Real figures trained on, per source file (class counts and the file's sha256)."""
    heldout_groups: list[str] = Field(default_factory=list)
    """Papers and sources held out from training (the split of the real-figure fixture)."""
    heldout: RealScore | None = None
    """Measured on the held-out real figures after training."""


@dataclass(frozen=True)
class FigurePrediction:
    """The classifier's verdict on one figure."""

    figure_class: FigureClass
    probabilities: dict[str, float]

    @property
    def confidence(self) -> float:
        """Probability of the predicted class."""
        return self.probabilities[self.figure_class.value]


@runtime_checkable
class FigureClassifierLike(Protocol):
    """Classifies figures into `FigureClass`es (kind ``classifier``)."""

    backend: str

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        """One prediction per image, in order."""
        ...


def default_checkpoint() -> Path:
    """The checkpoint shipped inside the package."""
    return Path(str(resources.files("chemx") / "data" / "models" / CHECKPOINT_NAME))


def build_model() -> Any:
    """An untrained ResNet-50 with a four-class head."""
    import torchvision

    return torchvision.models.resnet50(weights=None, num_classes=len(FIGURE_CLASSES))


def pad_to_square(image: Image.Image) -> Image.Image:
    """Centre the figure on a white square so wide schemes keep their aspect ratio."""
    side = max(image.size)
    square = Image.new("RGB", (side, side), "white")
    square.paste(image, ((side - image.width) // 2, (side - image.height) // 2))
    return square


def to_tensor(image: Image.Image, size: int = INPUT_SIZE) -> torch.Tensor:
    """RGB figure -> normalised float tensor of shape (3, size, size)."""
    import numpy as np
    import torch

    square = pad_to_square(image.convert("RGB")).resize((size, size), Image.Resampling.BILINEAR)
    array = np.asarray(square, dtype=np.float32) / 255.0
    return (torch.from_numpy(array).permute(2, 0, 1) - 0.5) / 0.5


def select_device(requested: str | None = None) -> str:
    """'cuda' when a GPU is present (or asked for), else 'cpu'."""
    import torch

    if requested:
        if requested.startswith("cuda") and not torch.cuda.is_available():
            raise SettingsError(f"--device {requested}: no CUDA GPU is visible to torch")
        return requested
    return "cuda" if torch.cuda.is_available() else "cpu"


class ClassifierError(BackendUnavailable, RuntimeError):
    """The checkpoint is missing or does not match this code."""


class FigureClassifier:
    """Batched four-class figure classification with a ResNet-50."""

    backend = "resnet50"

    def __init__(
        self, model: Any, manifest: ClassifierManifest, device: str, batch_size: int | None = None
    ) -> None:
        self.model = model
        self.manifest = manifest
        self.device = device
        self._batch_size = batch_size

    @classmethod
    def load(
        cls,
        checkpoint: Path | None = None,
        device: str | None = None,
        batch_size: int | None = None,
    ) -> FigureClassifier:
        """Load a checkpoint (the shipped one by default) and its manifest; no network."""
        import torch

        path = checkpoint or default_checkpoint()
        manifest_path = path.with_suffix(".json")
        if not path.exists() or not manifest_path.exists():
            raise ClassifierError(
                f"figure classifier checkpoint not found at {path} (with {manifest_path.name}); "
                "train one with `python scripts/train_figure_classifier.py`"
            )
        manifest = ClassifierManifest.model_validate_json(manifest_path.read_text())
        if manifest.classes != [c.value for c in FIGURE_CLASSES]:
            raise ClassifierError(
                f"{path}: classes {manifest.classes} do not match this chemx's {FIGURE_CLASSES}"
            )
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != manifest.weights_sha256:
            raise ClassifierError(f"{path}: weights do not match the hash in {manifest_path.name}")
        device = select_device(device)
        state = torch.load(path, map_location="cpu", weights_only=True)
        model = build_model()
        model.load_state_dict({key: value.float() for key, value in state.items()})
        model.eval().to(device)
        if device.startswith("cuda"):
            model.half()
        return cls(model, manifest, device, batch_size)

    @property
    def batch_size(self) -> int:
        """Figures per network pass: `GPU_BATCH` on a GPU, `CPU_BATCH` on the CPU."""
        return self._batch_size or (GPU_BATCH if self.device.startswith("cuda") else CPU_BATCH)

    def tensors(self, images: Sequence[Image.Image]) -> list[torch.Tensor]:
        """The network's inputs, one per image (padded to a square, resized, normalised)."""
        size = self.manifest.input_size
        return [to_tensor(image, size) for image in images]

    def classify_tensors(self, tensors: Sequence[torch.Tensor]) -> list[FigurePrediction]:
        """One prediction per input, in passes of exactly `batch_size` inputs.

        The last pass is padded with blank inputs, so an image's scores never depend on
        how many or which other images shared its pass (the same image gets the same
        probabilities alone, with its paper, or with other papers' figures).
        """
        import torch

        predictions: list[FigurePrediction] = []
        size = self.batch_size
        for start in range(0, len(tensors), size):
            chunk = list(tensors[start : start + size])
            real = len(chunk)
            chunk += [torch.zeros_like(chunk[0])] * (size - real)
            batch = torch.stack(chunk).to(self.device)
            if self.device.startswith("cuda"):
                batch = batch.half()
            with torch.inference_mode():
                probabilities = torch.softmax(self.model(batch).float(), dim=1).cpu()
            for row in probabilities[:real]:
                best = int(row.argmax())
                predictions.append(
                    FigurePrediction(
                        figure_class=FIGURE_CLASSES[best],
                        probabilities={
                            cls.value: round(float(p), 4)
                            for cls, p in zip(FIGURE_CLASSES, row, strict=True)
                        },
                    )
                )
        return predictions

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        """Classify figures; one prediction per image, in order."""
        return self.classify_tensors(self.tensors(images))


def save_checkpoint(model: Any, path: Path, manifest_fields: dict[str, Any]) -> ClassifierManifest:
    """Write fp16 weights and their manifest; the hash ties the two together."""
    import io

    import torch

    state = {
        key: value.half() if value.is_floating_point() else value
        for key, value in model.state_dict().items()
    }
    buffer = io.BytesIO()
    torch.save(state, buffer)
    data = buffer.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    manifest = ClassifierManifest(
        weights_sha256=hashlib.sha256(data).hexdigest(),
        torch_version=torch.__version__,
        **manifest_fields,
    )
    path.with_suffix(".json").write_text(json.dumps(manifest.model_dump(), indent=2) + "\n")
    return manifest


def make_classifier(context: BackendContext) -> FigureClassifier:
    """The ``resnet50`` figure classifier (registry factory).

    The shipped checkpoint, or ``settings.classifier_checkpoint``, on ``context.device``.
    """
    settings = context.settings
    return FigureClassifier.load(
        settings.classifier_checkpoint, device=context.device, batch_size=settings.classifier_batch
    )
