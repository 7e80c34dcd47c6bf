"""Identifier extraction with a vision-language model, as ChemExplain does it.

The target structure is boxed in red on the whole figure and the VLM is asked for the
label printed for it (template `identifier.v1`). Seeing the whole figure matters: the
label may sit below, beside or under an arrow, and neighbours' labels must be told
apart, which crop-level OCR cannot do (seed 002, appendix C.1: the VLM identifier lifts
entity match from 50% to 76%).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from chemx.labels import parse_label
from chemx.labels.codes import CODE_NOTE, NAME_NOTE, read_code, read_name
from chemx.models import IDENTIFIER_ROLE, ModelCaller, Sampling
from chemx.models.messages import Message
from chemx.prompts import load_template
from chemx.prompts.outputs import IdentifierAnswer
from chemx.records import Box
from chemx.registry import BackendContext
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.segmentation._base import Crop, Segmentation

TEMPLATE_ID = "identifier.v1"
RED = (230, 0, 0)
MAX_SIDE = 1600
"""Figures are downscaled to this longest side before sending: enough to read labels,
and it bounds the request size on huge scans."""


def boxed_figure(figure: Image.Image, box: Box) -> bytes:
    """The whole figure as PNG with the target structure enclosed in a red rectangle."""
    image = figure.convert("RGB").copy()
    width = max(2, round(max(image.size) / 300))
    margin = 2 * width
    x0, y0, x1, y1 = box
    ImageDraw.Draw(image).rectangle(
        (
            max(0, x0 - margin),
            max(0, y0 - margin),
            min(image.width - 1, x1 + margin),
            min(image.height - 1, y1 + margin),
        ),
        outline=RED,
        width=width,
    )
    if max(image.size) > MAX_SIDE:
        scale = MAX_SIDE / max(image.size)
        image = image.resize((round(image.width * scale), round(image.height * scale)))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class VlmIdentifierExtractor:
    """Asks the `identifier` role's endpoint for each crop's label."""

    def __init__(self, client: ModelCaller) -> None:
        self.client = client
        self.template = load_template(TEMPLATE_ID)
        self.name = f"vlm:{client.config.role(IDENTIFIER_ROLE).model}"

    def identify(
        self,
        figure: Image.Image,
        crops: Sequence[Crop],
        segmentation: Segmentation,
        caption: str = "",
        figure_id: str = "",
        named: Callable[[str], bool] | None = None,
    ) -> list[IdentifierResult]:
        """One VLM call per crop (cached in the store), answers normalised like OCR's.

        An answer that is no numbered label but a code or a compound name the paper names
        (`named`) is kept.
        """
        results = []
        prompt = self.template.render(caption=caption or "(no caption)")
        for crop in crops:
            message = Message.user(prompt, boxed_figure(figure, crop.box))
            result = self.client.complete_sync(
                IDENTIFIER_ROLE,
                [message],
                IdentifierAnswer,
                template=self.template,
                node_id=f"{figure_id or 'figure'} crop {list(crop.box)}",
                sampling=Sampling(temperature=0.0),
            )
            if not result.ok:
                results.append(
                    IdentifierResult(
                        identifier=None,
                        raw_text=None,
                        confidence=0.0,
                        backend=self.name,
                        reason=f"model call failed: {result.error}",
                        calls=(result.call,),
                    )
                )
                continue
            raw = result.output.identifier
            parsed = parse_label(raw) if raw else None
            label = parsed.label if parsed is not None else None
            note = parsed.note if parsed is not None else None
            code = read_code(raw) if raw and label is None and named is not None else None
            name = read_name(raw) if raw and label is None and code is None else None
            if code is not None and named is not None and named(code):
                label, note = code, CODE_NOTE
            elif name is not None and named is not None and named(name):
                label, note = name, NAME_NOTE
            reason = None
            if raw is None:
                reason = "the VLM found no label for this structure"
            elif label is None:
                reason = f"the VLM answered {raw!r}, which is not a compound label"
            results.append(
                IdentifierResult(
                    identifier=label,
                    raw_text=raw,
                    confidence=1.0 if label else 0.0,
                    backend=self.name,
                    reason=reason,
                    note=note,
                    calls=(result.call,),
                )
            )
        return results


def make_extractor(context: BackendContext) -> VlmIdentifierExtractor:
    """The ``vlm`` identifier backend: the identifier role's endpoint (registry factory)."""
    return VlmIdentifierExtractor(context.client_for(IDENTIFIER_ROLE, "--identifier vlm"))
