"""The one family of errors a user can fix.

Every error chemx expects a user to meet (a bad option, a missing tool or weight file, an
unreadable store or release) derives from `ChemxError`; the CLI renders it as one line
with what to do. Anything else is a bug: the CLI lets its traceback show and asks for a
report. Subclasses stay small and say what went wrong in their message, naming the input
and the fix (STYLE.md).
"""

from __future__ import annotations

import functools
from typing import Any


class ChemxError(Exception):
    """A condition the user can fix; the message names the input and the fix."""


class SettingsError(ChemxError, ValueError):
    """An option or setting is invalid (found before any work starts)."""


class BackendUnavailable(ChemxError):
    """A chosen backend cannot run here: a package, binary, weight file or endpoint is missing."""


class RetryableFailure(Exception):
    """Work failed for a reason a retry can change (a tool timed out, an endpoint was down).

    Never a result: the paper is left unfinished (its stage writes nothing), the attempt
    is recorded, and the next build retries it, up to
    `chemx.provenance.builds.MAX_ATTEMPTS` times before the failure counts as final.

    Not a `ChemxError`: the build catches it per paper and reports it at the end.
    """

    def __init__(
        self,
        key: str,
        detail: str,
        *,
        role: str | None = None,
        endpoint: str | None = None,
        calls: tuple[object, ...] = (),
    ) -> None:
        super().__init__(detail)
        self.key = key
        """What failed, stable across runs ('ocsr:osra:<crop>', 'identifier:<request>')."""
        self.detail = detail
        self.role = role
        self.endpoint = endpoint
        self.calls = calls
        """The failed `ModelCall`s, recorded with the attempt."""
        self.stage: str | None = None
        """The pipeline stage it stopped (set by the per-paper graph)."""
        self.paper_id: str | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the keyword fields, so a worker process can return the failure."""
        rebuild = functools.partial(
            RetryableFailure, role=self.role, endpoint=self.endpoint, calls=self.calls
        )
        return (rebuild, (self.key, self.detail), {"stage": self.stage, "paper_id": self.paper_id})


__all__ = ["BackendUnavailable", "ChemxError", "RetryableFailure", "SettingsError"]
