"""The answer schemas of `decomposition.v2` and `mcq.v1` (sent as JSON schema, validated)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DECOMPOSITION_TEMPLATE = "decomposition.v2"
MCQ_TEMPLATE = "mcq.v1"


class DecompositionAnswer(BaseModel):
    """Stage 1: the three fields, the reasoning type and other visible features.

    The fields are nullable on purpose: a sentence too vague for all three is discarded
    with the model's reason, never completed (seed 002, appendix C.3).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    explanation_complete: bool = Field(
        description="false when the sentence is too vague to give effect, feature and mechanism"
    )
    vague_reason: str | None = Field(default=None, description="Why it is too vague, if so.")
    effect: str | None = Field(description="The observed outcome, naming no structural cause.")
    effect_sentence: int | None = Field(
        default=None,
        description="The number of the sentence the effect was read from (the basis, or the "
        "one an anaphoric basis points back to); None: not given (decomposition.v1).",
    )
    feature: str | None = Field(description="The feature the paper gives as the primary cause.")
    mechanism: str | None = Field(description="How the feature produces the effect (verb phrase).")
    reasoning_type: Literal["Mechanistic", "Design", "Condition"] | None = None
    other_features: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="3-5 other features visible in the image that the paper does not give as "
        "the cause.",
    )


class DistractorAnswer(BaseModel):
    """One incorrect option: another visible feature and a mechanism for the same effect."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    feature: str
    mechanism: str


class McqAnswer(BaseModel):
    """Stage 2: the stem (from the Effect alone) and three distractors."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stem: str
    distractors: list[DistractorAnswer] = Field(min_length=3, max_length=3)
