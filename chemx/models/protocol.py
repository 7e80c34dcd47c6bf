"""What a backend needs of the model client, as a Protocol.

Backends take a `ModelCaller` rather than the concrete `ModelClient`, so tests can pass
the real client pointed at a fake server (the usual way) or any object with these two
members, and mypy checks every call site.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from pydantic import BaseModel

from chemx.models.config import ModelsConfig
from chemx.models.messages import Message, Sampling
from chemx.models.results import CallResult
from chemx.prompts import PromptTemplate

T = TypeVar("T", bound=BaseModel)


class ModelCaller(Protocol):
    """Calls a role's endpoint synchronously; `config` says which roles have one."""

    config: ModelsConfig

    def complete_sync(
        self,
        role: str,
        messages: Sequence[Message],
        output: type[T],
        *,
        template: PromptTemplate | None = None,
        node_id: str | None = None,
        sampling: Sampling | None = None,
    ) -> CallResult[T]:
        """Ask `role`'s endpoint for an answer matching `output` (see `ModelClient.complete`)."""
        ...
