"""One check's outcome, shared by the checks of `chemx validate`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Check:
    """One check's outcome."""

    name: str
    ok: bool
    message: str
    skipped: bool = False
    problems: list[str] = field(default_factory=list)
