"""The one family of errors a user can fix.

Every error chemx expects a user to meet (a bad option, a missing tool or weight file, an
unreadable store or release) derives from `ChemxError`; the CLI renders it as one line
with what to do. Anything else is a bug: the CLI lets its traceback show and asks for a
report. Subclasses stay small and say what went wrong in their message, naming the input
and the fix (STYLE.md).
"""

from __future__ import annotations


class ChemxError(Exception):
    """A condition the user can fix; the message names the input and the fix."""


class SettingsError(ChemxError, ValueError):
    """An option or setting is invalid (found before any work starts)."""


class BackendUnavailable(ChemxError):
    """A chosen backend cannot run here: a package, binary, weight file or endpoint is missing."""


__all__ = ["BackendUnavailable", "ChemxError", "SettingsError"]
