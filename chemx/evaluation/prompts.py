"""What the evaluated model is shown under each condition (seed 002, section 5, appendix F).

The prompts are versioned templates in `chemx/prompts/templates`; the template id and the
hash of its text go into `run.json` and every `TrialRecord`.

=============  =====================  =====================================================
condition      template               shown
=============  =====================  =====================================================
image          ``evaluate.v1``        image, stem, options; reasoning first, then the answer
text-only      ``evaluate.v1``        the same text, without the image (nothing else changes)
ega            ``evaluate_ega.v1``    image, stem, options; every option grounded in the
                                      structure before the choice (Evidence-Grounded
                                      Attribution, one call, no paper text)
context        ``evaluate_context.v1``  image, stem, options and the item's extra text
=============  =====================  =====================================================

The image comes first in the user turn, as a PNG data URL with any transparency flattened
onto white (a transparent drawing would otherwise reach the model black on black).
"""

from __future__ import annotations

import io

from chemx.errors import ChemxError
from chemx.evaluation.records import LETTERS, Condition, EvalItem
from chemx.models.messages import ImagePart, Message
from chemx.prompts import PromptTemplate, load_template

TEMPLATE_IDS: dict[Condition, str] = {
    Condition.IMAGE: "evaluate.v1",
    Condition.TEXT_ONLY: "evaluate.v1",
    Condition.EGA: "evaluate_ega.v1",
    Condition.CONTEXT: "evaluate_context.v1",
}
"""The template of each condition; text-only shares the image condition's text."""


def template_for(condition: Condition) -> PromptTemplate:
    """The versioned template `condition` uses."""
    return load_template(TEMPLATE_IDS[condition])


def format_options(choices: tuple[str, ...]) -> str:
    """``A. ...`` lines, one option per line."""
    return "\n".join(f"{letter}. {choice}" for letter, choice in zip(LETTERS, choices, strict=True))


def flattened_png(data: bytes, name: str) -> bytes:
    """The image as PNG on a white background (unchanged when it has no transparency)."""
    from PIL import Image

    from chemx.images import ImageProblem, inspect_image, on_white

    try:
        inspect_image(data, name)
    except ImageProblem as exc:
        raise ChemxError(f"{exc.detail}; run `chemx validate` on the release") from exc
    with Image.open(io.BytesIO(data)) as image:
        if image.format == "PNG" and image.mode not in ("RGBA", "LA", "PA", "P"):
            return data
        flat = on_white(image.copy()).convert("RGB")
    buffer = io.BytesIO()
    flat.save(buffer, format="PNG")
    return buffer.getvalue()


def build_messages(
    item: EvalItem,
    condition: Condition,
    template: PromptTemplate,
    context: str | None = None,
) -> tuple[Message, ...]:
    """The chat sent for `item` under `condition` (one user turn).

    Raises:
        ChemxError: an image condition for an item without an image, or the context
            condition without the item's context.
    """
    fields = {"stem": item.stem, "options": format_options(item.choices)}
    if condition is Condition.CONTEXT:
        if context is None:
            raise ChemxError(f"item {item.id} has no extra context (--extra-context)")
        fields["context"] = context
    text = template.render(**fields)
    if condition is Condition.TEXT_ONLY:
        return (Message.user(text),)
    if not item.image_png:
        raise ChemxError(
            f"item {item.id} has no image; evaluate it with --condition text-only, or "
            "release the store again"
        )
    image = ImagePart(flattened_png(item.image_png, f"item {item.id}"))
    return (Message("user", (image, text)),)
