"""The answer schemas that go with the templates (sent as JSON schema, validated on return)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class IdentifierAnswer(BaseModel):
    """What `identifier.v1` asks the VLM for: the label printed for the boxed structure."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    identifier: str | None = Field(
        description="The compound label exactly as printed, or null if none/unsure."
    )
