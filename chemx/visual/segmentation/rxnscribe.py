"""RxnScribe (Qian et al. 2023) as a chemx reaction parser.

RxnScribe is a Pix2Seq model that writes a scheme out as a sequence of reactions. It is
not on PyPI: it is installed from its repository (thomas0809/RxnScribe) and imported
only when this parser is chosen. `RxnScribe.predict_image_file(path, molscribe=...,
ocr=...)` returns one dict per reaction::

    {"reactants":  [{"category": "[Mol]", "category_id": 1, "bbox": (x1, y1, x2, y2), ...}],
     "conditions": [{"category": "[Txt]", "category_id": 2, "bbox": (...), "text": [...]}],
     "products":   [...]}

with boxes normalised to [0, 1] by the image's width and height (`tokenizer.py`
`sequence_to_bbox`, `data.py` `BBox(..., xyxy=True, normalized=True)`); MolScribe adds
"smiles"/"molfile" to [Mol] entries and EasyOCR "text" to the others. The same drawing
appears once per reaction it takes part in; `predictions_to_segmentation` folds those
into one crop, so an intermediate is one `product` crop shared by two steps.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from chemx.errors import BackendUnavailable
from chemx.geometry import iou
from chemx.records import Box, StructureRole
from chemx.registry import BackendContext
from chemx.visual.segmentation._base import Crop, ReactionStep, Segmentation

NAME = "rxnscribe"
CKPT_ENV = "CHEMX_RXNSCRIBE_CKPT"
"""Environment variable naming the checkpoint (pix2seq_reaction_full.ckpt)."""
SAME_BOX_IOU = 0.8
"""Entries of different reactions overlapping this much are one drawing (RxnScribe's
own within-reaction deduplication uses 0.6; across reactions the boxes of a shared
intermediate are near-identical)."""
NORMALISED_LIMIT = 1.5
"""Boxes with a coordinate above this are taken as pixels, not fractions (defensive:
RxnScribe's interface always normalises)."""
MIN_SIDE = 16
"""Images smaller than this cannot hold a scheme."""

ENABLE_HELP = f"""\
RxnScribe is not available. To enable it (it is not on PyPI):
  1. Install it from source in this environment:
       git clone https://github.com/thomas0809/RxnScribe && pip install ./RxnScribe
  2. Pre-seed every weight file, since its constructor downloads them otherwise:
       - the RxnScribe checkpoint pix2seq_reaction_full.ckpt (Hugging Face yujieq/RxnScribe);
       - MolScribe's swin_base_char_aux_1m.pth (yujieq/MolScribe) in the Hugging Face
         cache (HF_HOME), which RxnScribe.__init__ fetches with hf_hub_download;
       - EasyOCR's English models in ~/.EasyOCR/model (easyocr.Reader(['en'])).
     Set HF_HUB_OFFLINE=1 so nothing is fetched at run time.
  3. Point chemx at the checkpoint: export {CKPT_ENV}=/path/to/pix2seq_reaction_full.ckpt
     (or pass ckpt_path=... to RxnScribeParser)."""

ModelFactory = Callable[[str, str], Any]
"""Builds a model from (checkpoint path, device name); the default imports rxnscribe."""


class RxnScribeUnavailable(BackendUnavailable, RuntimeError):
    """RxnScribe, its checkpoint or its dependencies are missing; the message says how."""


def _default_factory(ckpt_path: str, device: str) -> Any:
    try:
        import torch
        from rxnscribe import RxnScribe
    except ImportError as error:
        raise RxnScribeUnavailable(f"cannot import rxnscribe ({error}).\n{ENABLE_HELP}") from error
    return RxnScribe(ckpt_path, device=torch.device(device))


def _pixel_box(raw: Sequence[float], size: tuple[int, int]) -> Box | None:
    """A normalised (x1, y1, x2, y2) box in pixels of the figure, clipped; None if empty."""
    width, height = size
    try:
        x1, y1, x2, y2 = (float(v) for v in raw)
    except (TypeError, ValueError):
        return None
    if max(x1, y1, x2, y2) <= NORMALISED_LIMIT:
        x1, x2, y1, y2 = x1 * width, x2 * width, y1 * height, y2 * height
    box = (
        max(0, min(width, math.floor(x1))),
        max(0, min(height, math.floor(y1))),
        max(0, min(width, math.ceil(x2))),
        max(0, min(height, math.ceil(y2))),
    )
    return box if box[2] > box[0] and box[3] > box[1] else None


_ROLE = {
    "reactants": StructureRole.REACTANT,
    "products": StructureRole.PRODUCT,
    "conditions": StructureRole.CONDITION,
}
_PRIORITY = {StructureRole.PRODUCT: 3, StructureRole.REACTANT: 2, StructureRole.CONDITION: 1}
"""An entry seen in several roles keeps the strongest: an intermediate is a product."""


def predictions_to_segmentation(
    predictions: Sequence[Mapping[str, Any]],
    size: tuple[int, int],
    backend: str = NAME,
) -> Segmentation:
    """Map RxnScribe's reactions to crops and reaction steps.

    Every entry becomes one crop (entries of different reactions with the same box are
    one crop); [Mol], [Txt] and [Sup] entries keep their place in the reaction, so a
    text reactant such as 'KOAc' is a `reactant` crop. [Idt] entries (compound labels
    RxnScribe sometimes puts in a reaction) become label boxes, text conditions also
    text boxes.

    Args:
        predictions: What `RxnScribe.predict_image_file` returned.
        size: (width, height) of the figure, to undo the normalisation.
        backend: Name written into the crops.

    Returns:
        The segmentation; reactions without a reactant or product are left out.
    """
    boxes: list[Box] = []
    roles: list[tuple[StructureRole, int]] = []
    scores: list[float | None] = []
    categories: list[str] = []
    labels: list[Box] = []
    steps: list[tuple[list[int], list[int], list[int]]] = []
    for step, reaction in enumerate(predictions):
        members: dict[str, list[int]] = {"reactants": [], "conditions": [], "products": []}
        for key, role in _ROLE.items():
            for entry in reaction.get(key, ()) or ():
                box = _pixel_box(entry.get("bbox", ()), size)
                if box is None:
                    continue
                category = str(entry.get("category", "[Mol]"))
                if category == "[Idt]":
                    if all(iou(box, other) < SAME_BOX_IOU for other in labels):
                        labels.append(box)
                    continue
                index = next(
                    (i for i, other in enumerate(boxes) if iou(box, other) >= SAME_BOX_IOU), None
                )
                if index is None:
                    index = len(boxes)
                    boxes.append(box)
                    roles.append((role, step))
                    score = entry.get("score")
                    scores.append(float(score) if isinstance(score, int | float) else None)
                    categories.append(category)
                elif _PRIORITY[role] > _PRIORITY[roles[index][0]]:
                    roles[index] = (role, step)
                if index not in members[key]:
                    members[key].append(index)
        if members["reactants"] or members["products"]:
            steps.append((members["reactants"], members["conditions"], members["products"]))
    crops = tuple(
        Crop(box, role, backend, score=score, step=step)
        for box, (role, step), score in zip(boxes, roles, scores, strict=True)
    )
    reactions = tuple(
        ReactionStep(tuple(before), tuple(conditions), tuple(after))
        for before, conditions, after in steps
    )
    text = tuple(
        box
        for box, (role, _), category in zip(boxes, roles, categories, strict=True)
        if role is StructureRole.CONDITION and category != "[Mol]"
    )
    notes = () if crops else ("no reactions found",)
    return Segmentation(
        crops=crops,
        backend=backend,
        label_boxes=tuple(labels),
        text_boxes=text,
        reactions=reactions,
        notes=notes,
    )


class RxnScribeParser:
    """Reaction schemes parsed by RxnScribe; the model loads on the first `parse`.

    Attributes:
        name: Registry name written into every crop's `backend`.
        last_predictions: RxnScribe's raw output for the last figure (with SMILES and
            OCR text when those were asked for), for callers that want them.
    """

    name = NAME

    def __init__(
        self,
        ckpt_path: str | os.PathLike[str] | None = None,
        *,
        device: str = "cpu",
        molscribe: bool = False,
        ocr: bool = False,
        model_factory: ModelFactory | None = None,
    ) -> None:
        """Check the checkpoint now; import and load RxnScribe only when first needed.

        Args:
            ckpt_path: The RxnScribe checkpoint; defaults to ``$CHEMX_RXNSCRIBE_CKPT``.
            device: Torch device name ('cpu', 'cuda').
            molscribe: Ask RxnScribe to run MolScribe on [Mol] boxes (adds SMILES).
            ocr: Ask RxnScribe to run EasyOCR on text boxes.
            model_factory: Builds the model from (checkpoint, device); tests inject a
                stand-in here, the default imports `rxnscribe.RxnScribe`.

        Raises:
            RxnScribeUnavailable: No checkpoint is configured or the file is missing.
        """
        chosen = ckpt_path if ckpt_path is not None else os.environ.get(CKPT_ENV)
        if not chosen:
            raise RxnScribeUnavailable(
                f"no checkpoint given and ${CKPT_ENV} is not set.\n{ENABLE_HELP}"
            )
        if not Path(chosen).is_file():
            raise RxnScribeUnavailable(f"checkpoint {chosen} does not exist.\n{ENABLE_HELP}")
        self.ckpt_path = str(chosen)
        self.device = device
        self.molscribe = molscribe
        self.ocr = ocr
        self._factory = model_factory or _default_factory
        self._model: Any = None
        self.last_predictions: list[dict[str, Any]] = []

    def _load(self) -> Any:
        if self._model is None:
            try:
                self._model = self._factory(self.ckpt_path, self.device)
            except RxnScribeUnavailable:
                raise
            except (OSError, RuntimeError, ValueError) as error:
                # Missing MolScribe/EasyOCR weights surface here as download errors.
                raise RxnScribeUnavailable(
                    f"RxnScribe failed to load ({error}).\n{ENABLE_HELP}"
                ) from error
        return self._model

    def parse(self, image: Image.Image) -> Segmentation:
        """Parse a scheme with RxnScribe; prediction errors become notes.

        Raises:
            RxnScribeUnavailable: The package or a weight file is missing (first call).
        """
        width, height = image.size
        if min(width, height) < MIN_SIDE:
            note = f"image too small to hold a scheme ({width}x{height} px)"
            return Segmentation((), self.name, notes=(note,))
        model = self._load()
        try:
            with tempfile.TemporaryDirectory(prefix="chemx-rxnscribe-") as folder:
                path = Path(folder) / "scheme.png"
                image.convert("RGB").save(path)
                predictions = model.predict_image_file(
                    str(path), molscribe=self.molscribe, ocr=self.ocr
                )
        except (OSError, RuntimeError, ValueError, IndexError, KeyError) as error:
            return Segmentation((), self.name, notes=(f"RxnScribe failed: {error}",))
        self.last_predictions = list(predictions or [])
        return predictions_to_segmentation(self.last_predictions, image.size, self.name)


def make_reaction_parser(context: BackendContext) -> RxnScribeParser:
    """The ``rxnscribe`` reaction parser (registry factory), on the build's device."""
    return RxnScribeParser(device=context.device or "cpu")
